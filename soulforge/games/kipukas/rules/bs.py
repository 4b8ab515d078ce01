"""Challenging BS (#BS), an OPTIONAL rule (``rules.play.challenge_bs``, authored, off by default).

The rulebook: "If your opponent attempts to make a move that simply makes no sense, you have the
right to contest it. 1. Call them out before the effect is used in game play 2. Pause the battle
and hold convention (have a talk) 3. One player must concede reasonability (either for or
against) 4. if required, enlist a tie breaking third individual to make the final call." Its
example is "a dragon wielding a stick to boost its attack".

No rule decides what makes no sense, so the engine cannot judge a challenge; it can only hold
the convention. Read: the move open to a call is an equip (the example's kind of move, and one
whose effect is used only later, in a fight); right after it, each other seat in turn from the
mover may call it out (``CallBS``) or let it stand (``LetItStand``). Called out, the mover
concedes (``Withdraw``: the item goes back to its hand slot, the play is not counted) or stands
by it (``StandBy``): then the challenger is the one who concedes (step 3: one of the two must;
no third individual sits at a digital table). So a challenge changes the game only when the
mover agrees: with the rule on, it is the table's sanctioned take-back of an equip.
Everything is public: the equip's item is named in the log already.

A craft at night (#crafting, ``night.CraftRule``) is open to a call the same way: conceded,
its items go back to the hand (after the cards in it) and the night's craft is not counted
(the mover may craft again that night). A crafted trap is not: it is laid face down (#traps) and
other seats learn its recipe only when it springs; holding convention over it (#BS 2) would
mean showing it to the challenger, and calling out a move one cannot see is no judgement of its
sense, so a trap craft closes at once like any other night action.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.actions import CallBS, LetItStand, StandBy, Withdraw
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import BS_ANSWER, BS_CALL, DAY, NIGHT
from soulforge.games.kipukas.rules.button import ButtonRule

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

SECTION = "BS"
MOVER, PIECE, SLOT = range(3)
CRAFTED = "recipe:"
"""``bs_item`` of a craft: the recipe's marker (``recipe:<n>``, as the wielder's items hold it)."""


@dataclasses.dataclass(frozen=True, slots=True)
class OpenToCall:
    """A kind of move open to a call: the step play goes back to, its words, its take-back."""

    step: str
    what: Callable[[S], str]
    take_back: Callable[[S], None]


def _equip_words(s: S) -> str:
    return f"{CARDS[s.bs_item].name} equipped to {s.piece_name(s.bs[PIECE])}"


def _equip_back(s: S) -> None:
    """The equip conceded: the item returns to its hand slot, the play uncounted."""
    mover, piece, slot = s.bs[MOVER], s.bs[PIECE], s.bs[SLOT]
    s.items[piece].remove(s.bs_item)
    s.hand[mover].insert(slot, s.bs_item)
    s.played[mover] -= 1


def _recipe(s: S) -> int:
    return int(s.bs_item[len(CRAFTED):])


def _craft_words(s: S) -> str:
    return f"{s.game.recipes[_recipe(s)].name} crafted for {s.piece_name(s.bs[PIECE])}"


def _craft_back(s: S) -> None:
    """The craft conceded: the recipe's items leave the soul for the hand, the night's craft
    uncounted (``night._used``)."""
    mover, piece = s.bs[MOVER], s.bs[PIECE]
    ingredients = s.game.recipes[_recipe(s)].ingredients
    for item in (s.bs_item, *ingredients):
        s.items[piece].remove(item)
    s.hand[mover] += ingredients
    s.night_used[mover].remove("craft")


MOVES = {
    "equip": OpenToCall(DAY, _equip_words, _equip_back),
    "craft": OpenToCall(NIGHT, _craft_words, _craft_back),
}
"""The moves open to a call (#BS), by kind."""


def _kind(s: S) -> OpenToCall:
    return MOVES["craft" if s.bs_item.startswith(CRAFTED) else "equip"]


def open_challenge(s: S, mover: int, piece: int, slot: int, item: str) -> None:
    """After an equip (``item`` a card id, ``slot`` its hand slot) or a craft (``item`` the
    recipe's marker, ``slot`` -1): the other seats able to act, from the mover on, may call it out."""
    n = s.num_players
    others = [(mover + k) % n for k in range(1, n) if s.beaten_by[(mover + k) % n] < 0]
    if not others:
        cycle.end_action(s, mover)
        return
    s.bs, s.bs_item = [mover, piece, slot, *others], item
    s.active, s.phase = others[0], BS_CALL


def _close(s: S) -> None:
    mover = s.bs[MOVER]
    s.phase = _kind(s).step
    s.bs, s.bs_item = [], ""
    cycle.end_action(s, mover)


class CallRule(ButtonRule[CallBS]):
    """#BS 1: call the mover out before the effect is used."""

    action = CallBS
    button = CallBS()
    section = SECTION

    def apply(self, s: S, action: CallBS) -> None:
        s.add_log(f"{s.seat_name(s.active)} calls BS on {_kind(s).what(s)}: the players hold convention")
        s.bs = [*s.bs[:SLOT + 1], s.active]  # the challenger answers the mover's decision
        s.active, s.phase = s.bs[MOVER], BS_ANSWER


class LetStandRule(ButtonRule[LetItStand]):
    """#BS: the seat lets the move stand; the next seat decides, else play goes on."""

    action = LetItStand
    button = LetItStand()
    section = SECTION

    def apply(self, s: S, action: LetItStand) -> None:
        s.bs.pop(SLOT + 1)
        if len(s.bs) > SLOT + 1:
            s.active = s.bs[SLOT + 1]
            return
        _close(s)


class WithdrawRule(ButtonRule[Withdraw]):
    """#BS 3: the mover concedes: the move is taken back (``MOVES``)."""

    action = Withdraw
    button = Withdraw()
    section = SECTION

    def apply(self, s: S, action: Withdraw) -> None:
        mover, words = s.bs[MOVER], _kind(s).what(s)
        _kind(s).take_back(s)
        s.mark_revealed()
        s.add_log(f"{s.seat_name(mover)} concedes: {words} goes back to its hand")
        _close(s)


class StandRule(ButtonRule[StandBy]):
    """#BS 3: the mover stands by the move; the challenger concedes, the move stays."""

    action = StandBy
    button = StandBy()
    section = SECTION

    def apply(self, s: S, action: StandBy) -> None:
        challenger = s.bs[-1]
        s.add_log(f"{s.seat_name(s.bs[MOVER])} stands by the move: {s.seat_name(challenger)} concedes")
        _close(s)
