"""The card pieces: what a character's effect does, and the conditions it tests.

Effects are data: ``cards.toml`` gives each character a list of :class:`Piece` (trigger,
action, parameters); each card type carries its character's pieces. The rules find
pieces by trigger and run them through the ``ACTIONS`` and ``CONDITIONS`` registries
below (``soulforge.core.registry``) - no code names a character. When the pieces fire is
the turn's business (``resolution.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.core import Seat
from soulforge.core.registry import Registry
from soulforge.core.text import count
from soulforge.games.five_realms.data import CardType, Piece

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S

Effect = Callable[["S", Seat, CardType, Piece], None]
Condition = Callable[["S", Seat, CardType], bool]
ACTIONS: Registry[Effect] = Registry("card effects")
CONDITIONS: Registry[Condition] = Registry("card conditions")


# -- actions -------------------------------------------------------------------------
@ACTIONS.register("earn")
def _earn(s: S, seat: Seat, card: CardType, piece: Piece) -> None:
    s.castles[seat] += piece.amount
    s.add_log(f"{card.name}: {s.seat_name(seat)} earns {count(piece.amount, 'castle')}")


@ACTIONS.register("steal")
def _steal(s: S, seat: Seat, card: CardType, piece: Piece) -> None:
    steal_castles(s, seat, piece.amount, card.name)


def steal_castles(s: S, seat: Seat, amount: int, reason: str) -> None:
    """Take up to ``amount`` castles from the opponent (never below zero)."""
    victim = s.opponent(seat)
    taken = min(amount, s.castles[victim])
    s.castles[victim] -= taken
    s.castles[seat] += taken
    s.add_log(f"{reason}: {s.seat_name(seat)} steals {count(taken, 'castle')}")


@ACTIONS.register("earn_per_majority_realm")
def _earn_per_majority(s: S, seat: Seat, card: CardType, piece: Piece) -> None:
    mine, theirs = s.heights(seat), s.heights(s.opponent(seat))
    realms = sum(1 for a, b in zip(mine, theirs, strict=True) if a > b)
    s.castles[seat] += piece.amount * realms
    earned = f"{count(piece.amount * realms, 'castle')} ({count(realms, 'realm')})"
    s.add_log(f"{card.name}: {s.seat_name(seat)} earns {earned}")


@ACTIONS.register("steal_or_destroy")
def _steal_or_destroy(s: S, seat: Seat, card: CardType, piece: Piece) -> None:
    s.tasks.append(("fight", card.index, piece.amount))


@ACTIONS.register("witch_pick")
def _witch_pick(s: S, seat: Seat, card: CardType, piece: Piece) -> None:
    s.tasks.append(("witch", card.index, 0))


@ACTIONS.register("extra_turn")
def _extra_turn(s: S, seat: Seat, card: CardType, piece: Piece) -> None:
    s.extra_turns += 1
    s.add_log(f"{card.name}: {s.seat_name(seat)} will play a new turn")


# -- conditions (at the end of the game, "if you strictly have more ...") ----------------
def lines(heights: list[int]) -> int:
    """Lines of 5 influences: the height of the shortest realm column."""
    return min(heights)


def _count(s: S, seat: Seat, test: Callable[[CardType], bool]) -> int:
    return sum(1 for c in s.council[seat] if test(s.rules.types[s.card_type[c]]))


@CONDITIONS.register("more_influence_in_own_realm")
def _more_influence(s: S, seat: Seat, card: CardType) -> bool:
    realm = card.realm(s.rules)
    return realm is not None and s.heights(seat)[realm] > s.heights(s.opponent(seat))[realm]


@CONDITIONS.register("more_lines")
def _more_lines(s: S, seat: Seat, card: CardType) -> bool:
    return lines(s.heights(seat)) > lines(s.heights(s.opponent(seat)))


@CONDITIONS.register("more_titans")
def _more_titans(s: S, seat: Seat, card: CardType) -> bool:
    return len(s.titans[seat]) > len(s.titans[s.opponent(seat)])


@CONDITIONS.register("more_imperial_characters")
def _more_imperial(s: S, seat: Seat, card: CardType) -> bool:
    imperial = s.rules.wild
    def test(t: CardType) -> bool:
        return imperial[t.banner]
    return _count(s, seat, test) > _count(s, s.opponent(seat), test)


@CONDITIONS.register("more_warriors")
def _more_warriors(s: S, seat: Seat, card: CardType) -> bool:
    def test(t: CardType) -> bool:
        return "warrior" in t.tags
    return _count(s, seat, test) > _count(s, s.opponent(seat), test)


def pieces(card: CardType, trigger: str) -> list[Piece]:
    return [p for p in card.effects if p.trigger == trigger]


def run(s: S, seat: Seat, card: CardType, piece: Piece) -> None:
    """Carry out one piece of ``card``'s effect for ``seat``."""
    ACTIONS[piece.action](s, seat, card, piece)


# -- triggers ----------------------------------------------------------------------------------
def on_recruit(s: S, seat: Seat, card: CardType) -> None:
    """WHEN RECRUITED effects of the newly recruited character."""
    for piece in reversed(pieces(card, "on_recruit")):
        run(s, seat, card, piece)


# -- the cards' text, for people (hover on the web table) ----------------------------------------
WHEN = {
    "on_recruit": "When recruited",
    "on_line": "Each time you complete a line of 5 influences",
    "at_game_end": "At the end of the game",
}
IF = {
    "more_influence_in_own_realm": "if you strictly have more influence in its realm",
    "more_lines": "if you strictly have more lines of influence",
    "more_titans": "if you strictly have more Titans",
    "more_imperial_characters": "if you strictly have more Imperial Order characters",
    "more_warriors": "if you strictly have more Warriors",
}
DO = {
    "earn": "earn {n} castle{s}",
    "steal": "steal {n} castle{s} from the opponent",
    "earn_per_majority_realm": "earn {n} castle{s} per realm where you strictly have more influence",
    "steal_or_destroy": "steal {n} castle{s} or destroy an opposing Character or Titan",
    "witch_pick": "look at the discard pile and take a card to recruit or influence with",
    "extra_turn": "play a new turn",
}


def _ordinals(counts: tuple[int, ...]) -> str:
    words = [f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}" for n in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def piece_text(piece: Piece) -> str:
    """One effect piece in words.

    >>> piece_text(Piece("on_influence_count", "earn", 1, (3, 4, 5), "own_realm"))
    'When you influence the 3rd, 4th and 5th banner of its realm: earn 1 castle'
    """
    if piece.trigger == "on_influence_count":
        where = "its realm" if piece.scope == "own_realm" else "any realm"
        when = f"When you influence the {_ordinals(piece.counts)} banner of {where}"
    else:
        when = WHEN[piece.trigger]
    if piece.condition is not None:
        when += ", " + IF[piece.condition]
    what = DO[piece.action].format(n=piece.amount, s="" if piece.amount == 1 else "s")
    return f"{when}: {what}"


def card_text(card: CardType) -> str:
    """A character's whole card in words: name, Titan or not, every effect."""
    kind = "Titan" if card.titan else "Character"
    effects = "; ".join(piece_text(piece) for piece in card.effects) or "no effect"
    return f"{card.name} ({kind}). {effects}."
