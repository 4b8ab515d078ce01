"""The rules of a Five Realms turn: place, collect, then RECRUIT or INFLUENCE.

One rule per action kind holds, side by side, when the action is legal, why it is
refused (naming the rulebook section), what it does and how it is clicked; the steps
are the decision points of a turn (``encoding.PHASES``). What an influence triggers and
the end of a turn are in ``resolution.py``; the card pieces in ``cards.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import ClickPath, Flow, Rule, Step
from soulforge.core.text import article, count
from soulforge.games.five_realms import resolution
from soulforge.games.five_realms import square as sq
from soulforge.games.five_realms.actions import (
    Collect,
    Decline,
    Destroy,
    Dismiss,
    Hire,
    Imperial,
    Influence,
    Place,
    Recruit,
    Steal,
    Take,
    spot_name,
)
from soulforge.games.five_realms.cards import on_recruit
from soulforge.games.five_realms.data import CardType
from soulforge.games.five_realms.encoding import (
    CHOOSE,
    DECIDE,
    DISMISS,
    EVERYONE,
    FIGHT,
    HIRE,
    IMPERIAL,
    OVER,
    PLACE,
    WITCH,
)

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState as S


# -- the steps' entry points (also used by the setup and the rest of the turn) ----------------
def begin_turn(s: S) -> None:
    """A new turn of the active player: the square is re-centred in the frame."""
    drow, dcol = sq.normalise(s.square)
    if s.last_spot is not None:
        s.last_spot = (s.last_spot[0] + drow, s.last_spot[1] + dcol)
    s.last_cells = [(r + drow, c + dcol) for r, c in s.last_cells]
    s.tasks = [("end_turn", -1, 0)]
    s.phase = PLACE


def can_influence(s: S, cards: list[int]) -> bool:
    """Religious banners never influence; Imperial ones only into a column you already have.

    A collection is always of one banner (a connected run of the placed card's banner, or
    every card of one chosen banner), so it never mixes; the test is still written for
    any mix: one Religious card in it forces the RECRUIT ("When they are collected, you
    must proceed to a RECRUIT action"), and Imperial banners alone need an existing column.
    """
    rules = s.rules
    banners = [s.banner(c) for c in cards]
    if not all(rules.can_influence[b] for b in banners):
        return False
    if any(rules.wild[b] for b in banners):
        return any(s.columns[s.active]) or not all(rules.wild[b] for b in banners)
    return True


def start_decision(s: S, cards: list[int]) -> None:
    """RECRUIT or INFLUENCE the collected cards (a forced recruit skips the choice)."""
    s.collected = cards
    if can_influence(s, cards):
        s.phase = DECIDE
    else:
        s.add_log(f"{s.seat_name(s.active)} must recruit (these banners cannot influence now)")
        _enter_hire(s)


def _enter_hire(s: S) -> None:
    """RECRUIT: the recruiting player, and only they, looks at the collected characters."""
    seat = s.active
    for card in s.collected:
        s.known[card] |= 1 << seat
    s.mark_revealed()
    s.add_log(f"{s.seat_name(seat)} recruits and looks at {count(len(s.collected), 'card')}")
    names = ", ".join(s.card_name(c) for c in s.collected)
    s.add_log(f"you look at: {names}", visible_to=seat)
    s.phase = HIRE


# -- placement and collection -----------------------------------------------------------------
class PlaceRule(Rule["S", Place]):
    """TURN SEQUENCE: draw the top card without looking and place it (PLACEMENT RESTRICTIONS)."""

    action = Place
    section = "placement"

    def legal(self, s: S) -> list[Place]:
        table = s.game.table.place
        return [table[c] for c in sq.placement_spots(s.square)]

    def refusal(self, s: S, action: Place) -> IllegalAction:
        return IllegalAction(sq.why_not_spot(s.square, sq.cell(action.row, action.col)), rule=self.section)

    def apply(self, s: S, action: Place) -> None:
        spot = sq.cell(action.row, action.col)
        card = s.deck.pop()
        s.square[spot] = card
        s.mark_revealed()  # the next card's banner is now face up on the deck
        s.last_player, s.last_spot, s.last_cells = s.active, (action.row, action.col), []
        where = spot_name(action.row, action.col)
        s.add_log(f"{s.seat_name(s.active)} places {article(s.banner_name(card))} banner at {where}")
        banner = s.banner(card)
        near = {s.banner(s.square[n]) for n in sq.NEIGHBOURS[spot] if s.square[n] != sq.EMPTY}
        if banner in near:
            # Same banner adjacent (even beside different ones): the connected run, placed card included.
            _collect_cells(s, sq.connected_run(s.square, spot, s.banner))
        elif len(near) == 1:
            _collect_banner(s, near.pop())
        else:
            s.choices = sorted(near)
            s.phase = CHOOSE

    def path(self, action: Place) -> ClickPath:
        return (f"spot:{spot_name(action.row, action.col)}",)


class CollectRule(Rule["S", Collect]):
    """Only different banners adjacent: the player chooses the banner to collect."""

    action = Collect
    section = "collection"

    def legal(self, s: S) -> Sequence[Collect]:
        return [s.game.table.collect[b] for b in s.choices]

    def refusal(self, s: S, action: Collect) -> IllegalAction:
        return IllegalAction(f"no {action.banner} card is next to the placed card", rule=self.section)

    def apply(self, s: S, action: Collect) -> None:
        _collect_banner(s, s.game.table.banner_of[action.banner])

    def path(self, action: Collect) -> ClickPath:
        return (f"banner:{action.banner}",)


def _collect_banner(s: S, banner: int) -> None:
    """Only different banners adjacent: every card of the chosen banner in the whole square."""
    cells = [c for c in sq.occupied(s.square) if s.banner(s.square[c]) == banner]
    _collect_cells(s, cells)


def _collect_cells(s: S, cells: list[int]) -> None:
    cards = [s.square[c] for c in cells]
    for c in cells:
        s.square[c] = sq.EMPTY
    s.last_cells = [sq.row_col(c) for c in cells]
    s.choices = []
    s.add_log(f"{s.seat_name(s.active)} collects {count(len(cards), s.banner_name(cards[0]) + ' card')}")
    start_decision(s, cards)


# -- recruit or influence -----------------------------------------------------------------------
class RecruitRule(Rule["S", Recruit]):
    action = Recruit
    section = "recruit"

    def legal(self, s: S) -> Sequence[Recruit]:
        return (s.game.table.recruit,)

    def apply(self, s: S, action: Recruit) -> None:
        _enter_hire(s)


class InfluenceRule(Rule["S", Influence]):
    """INFLUENCE: realm banners to their column; Imperial banners wait for a column choice.

    Open at the recruit step too, only to say why it is too late there.
    """

    action = Influence
    section = "influence"

    def legal(self, s: S) -> Sequence[Influence]:
        return (s.game.table.influence,) if s.phase == DECIDE else ()

    def refusal(self, s: S, action: Influence) -> IllegalAction:
        banners = [s.banner(c) for c in s.collected]
        if not all(s.rules.can_influence[b] for b in banners):
            return IllegalAction("Religious banners never influence: you must recruit",
                                 rule="religious order")
        if not can_influence(s, s.collected):
            return IllegalAction("Imperial banners only go into a column you already have: you must recruit",
                                 rule="imperial order")
        return IllegalAction("you chose to recruit: recruit a character or decline", rule="turn sequence")

    def apply(self, s: S, action: Influence) -> None:
        seat, rules = s.active, s.rules
        s.heights_before = s.heights(seat)
        what = s.banner_name(s.collected[0])
        s.add_log(f"{s.seat_name(seat)} influences with {count(len(s.collected), what + ' card')}")
        for card in s.collected:
            banner = s.banner(card)
            if rules.wild[banner]:
                s.imperial.append(card)
            else:
                s.columns[seat][banner].append(card)
        s.collected = []
        _allocate_or_resolve(s)


def hire_options(s: S) -> list[int]:
    """Types among the collected cards the active player may recruit (no duplicates).

    "A Character you already have" is read as the same card (banner and character): the
    Feline Queen and the Ursid Queen are different characters with different realms.
    The rule covers Titans too (a 5th *different* Titan wins).
    """
    owned = s.owned_types(s.active)
    return sorted({s.card_type[c] for c in s.collected} - owned)


class HireRule(Rule["S", Hire]):
    action = Hire
    section = "recruit"

    def legal(self, s: S) -> Sequence[Hire]:
        table = s.game.table
        return [table.hire[t] for t in hire_options(s)]

    def refusal(self, s: S, action: Hire) -> IllegalAction:
        kind = s.game.table.type_of.get(action.character, -1)
        if kind in s.owned_types(s.active):
            return IllegalAction(f"you already have {action.character}", rule="no duplicate characters")
        return IllegalAction(f"{action.character} is not among the collected cards", rule=self.section)

    def apply(self, s: S, action: Hire) -> None:
        kind = s.game.table.type_of[action.character]
        card = next(c for c in s.collected if s.card_type[c] == kind)
        rest = [c for c in s.collected if c != card]
        s.collected = []
        s.discard.extend(rest)
        s.known[card] = EVERYONE
        seat = s.active
        s.add_log(f"{s.seat_name(seat)} recruits {action.character} and discards {count(len(rest), 'card')}")
        ctype = s.rules.types[kind]
        if ctype.titan:
            s.titans[seat].append(card)
            if not resolution.check_titan_win(s, seat):
                on_recruit(s, seat, ctype)
        elif len(s.council[seat]) >= s.rules.council_size:
            s.newcomer = card
            s.phase = DISMISS
            return
        else:
            s.council[seat].append(card)
            on_recruit(s, seat, ctype)
        s.resolve()

    def path(self, action: Hire) -> ClickPath:
        return (f"collected:{action.character}",)


class DeclineRule(Rule["S", Decline]):
    action = Decline
    section = "recruit"

    def legal(self, s: S) -> Sequence[Decline]:
        return (s.game.table.decline,)

    def apply(self, s: S, action: Decline) -> None:
        s.discard.extend(s.collected)
        s.add_log(f"{s.seat_name(s.active)} recruits nobody and discards {count(len(s.collected), 'card')}")
        s.collected = []
        s.resolve()


class DismissRule(Rule["S", Dismiss]):
    """Council of 4: discard one member after choosing a new character."""

    action = Dismiss
    section = "council of 4"

    def legal(self, s: S) -> Sequence[Dismiss]:
        table = s.game.table
        return [table.dismiss[s.card_name(c)] for c in s.council[s.active]]

    def refusal(self, s: S, action: Dismiss) -> IllegalAction:
        return IllegalAction(f"{action.character} is not in your council", rule=self.section)

    def apply(self, s: S, action: Dismiss) -> None:
        seat = s.active
        old = next(c for c in s.council[seat] if s.card_name(c) == action.character)
        s.council[seat].remove(old)
        s.discard.append(old)
        s.council[seat].append(s.newcomer)
        ctype: CardType = s.rules.types[s.card_type[s.newcomer]]
        s.newcomer = -1
        s.add_log(f"{s.seat_name(seat)} discards {action.character} from the council")
        on_recruit(s, seat, ctype)
        s.resolve()

    def path(self, action: Dismiss) -> ClickPath:
        return (f"own-council:{action.character}",)


def imperial_columns(s: S) -> list[int]:
    """The realms where the active player has a column (Imperial banners cannot start one)."""
    return [r for r, column in enumerate(s.columns[s.active]) if column]


class ImperialRule(Rule["S", Imperial]):
    action = Imperial
    section = "imperial order"

    def legal(self, s: S) -> Sequence[Imperial]:
        return [s.game.table.imperial[r] for r in imperial_columns(s)]

    def refusal(self, s: S, action: Imperial) -> IllegalAction:
        return IllegalAction(f"you have no {action.realm} column: Imperial banners cannot start one",
                             rule=self.section)

    def apply(self, s: S, action: Imperial) -> None:
        realm = s.game.table.realm_of[action.realm]
        s.columns[s.active][realm].append(s.imperial.pop())
        s.add_log(f"{s.seat_name(s.active)} places an Imperial banner in the {action.realm} column")
        _allocate_or_resolve(s)

    def path(self, action: Imperial) -> ClickPath:
        return (f"column:{action.realm}",)


def _allocate_or_resolve(s: S) -> None:
    """Ask where the next Imperial banner goes (no question when one column exists)."""
    columns = imperial_columns(s)
    while s.imperial and len(columns) == 1:
        s.columns[s.active][columns[0]].append(s.imperial.pop())
        realm = s.rules.realms[columns[0]]
        s.add_log(f"{s.seat_name(s.active)} places an Imperial banner in the {realm} column")
    if s.imperial:
        s.phase = IMPERIAL
        return
    resolution.after_influence(s)


# -- the Warrior's and the Witch's choices -----------------------------------------------------
class _FightRule:
    section: ClassVar[str] = "warrior"

    def refusal(self, s: S, action: Action) -> IllegalAction:
        return IllegalAction(f"{action} is not possible: the opponent has no such castle or character",
                             rule=self.section)


class StealRule(_FightRule, Rule["S", Steal]):
    action = Steal

    def legal(self, s: S) -> Sequence[Steal]:
        return (s.game.table.steal,) if resolution.can_steal(s) else ()

    def apply(self, s: S, action: Steal) -> None:
        resolution.steal_chosen(s)


class DestroyRule(_FightRule, Rule["S", Destroy]):
    action = Destroy

    def legal(self, s: S) -> Sequence[Destroy]:
        return [s.game.table.destroy[t] for t in resolution.victims(s)]

    def apply(self, s: S, action: Destroy) -> None:
        resolution.destroy(s, s.game.table.type_of[action.character])

    def path(self, action: Destroy) -> ClickPath:
        return (f"rival:{action.character}",)


class TakeRule(Rule["S", Take]):
    action = Take
    section = "witch"

    def legal(self, s: S) -> Sequence[Take]:
        table = s.game.table
        return [table.take[t] for t in sorted({s.card_type[c] for c in s.discard})]

    def refusal(self, s: S, action: Take) -> IllegalAction:
        return IllegalAction(f"{action.character} is not in the discard pile", rule=self.section)

    def apply(self, s: S, action: Take) -> None:
        resolution.witch_take(s, s.game.table.type_of[action.character])

    def path(self, action: Take) -> ClickPath:
        return (f"discard:{action.character}",)


# -- the steps -------------------------------------------------------------------------------------
PROMPTS: dict[str, str] = {
    PLACE: "place the drawn {banner} card on an empty spot next to a card",
    CHOOSE: "choose the banner to collect from the whole square",
    DECIDE: "RECRUIT (look at the characters) or INFLUENCE with the collected cards",
    HIRE: "recruit one of the collected characters, or decline",
    DISMISS: "your council is full: discard one member for the newcomer",
    IMPERIAL: "choose the column for an Imperial banner ({left} left)",
    FIGHT: "{source}: steal a castle or destroy an opposing Character or Titan",
    WITCH: "{source}: take a card from the discard pile",
    OVER: "",
}


def prompt(s: S) -> str:
    """What the active player is deciding."""
    if s.phase == OVER:
        return ""
    top = s.banner_name(s.deck[-1]) if s.deck else "-"
    source = s.rules.types[s.source].name if s.source >= 0 else ""
    text = PROMPTS[s.phase].format(banner=top, left=len(s.imperial), source=source)
    return f"{s.seat_name(s.active)}: {text}"


def not_now(s: S, action: Action) -> IllegalAction:
    """An action whose kind is not open at this decision."""
    return IllegalAction(f"{action} is not possible now: {prompt(s)}", rule="turn sequence")


INFLUENCE = InfluenceRule()
FLOW: Flow[S] = Flow(
    [
        Step(PLACE, (PlaceRule(),), section="turn sequence"),
        Step(CHOOSE, (CollectRule(),), section="collection"),
        Step(DECIDE, (RecruitRule(), INFLUENCE), section="turn sequence"),
        Step(HIRE, (HireRule(), DeclineRule(), INFLUENCE), section="recruit"),
        Step(DISMISS, (DismissRule(),), section="council of 4"),
        Step(IMPERIAL, (ImperialRule(),), section="imperial order"),
        Step(FIGHT, (StealRule(), DestroyRule()), section="warrior"),
        Step(WITCH, (TakeRule(),), section="witch"),
        Step(OVER, (), section="end of the game"),
    ],
    step_of="phase",
    out_of_step=not_now,
)
