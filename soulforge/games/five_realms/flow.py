"""The rules of a Five Realms turn: place, collect, then RECRUIT or INFLUENCE.

One rule per action kind holds, side by side, when the action is legal, what it does and
how it is clicked. Its legality is stated once, as named checks (:class:`Check`): the
listing keeps the candidates that pass them, a refusal is the first failing check's reason
naming its rulebook section, and whoever else needs the rule (the forced recruit, the
automatic Imperial column, the Warrior's and the Witch's tasks) asks the same checks or
the rule's listing. The steps are the decision points of a turn (``encoding.PHASES``).
What an influence triggers and the end of a turn are in ``resolution.py``; the card pieces
in ``cards.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import Check, CheckedRule, ClickPath, Flow, Step, first_failure, passes
from soulforge.core.text import article
from soulforge.games.five_realms import resolution, words
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
from soulforge.games.five_realms.cards import CardType, on_recruit
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

A = TypeVar("A", bound=Action)


def checked_listing(candidates: Callable[[S], Iterable[A]],
                    checks: tuple[Check[S, A], ...]) -> Callable[[S], Sequence[A]]:
    """The listing of a rule: its candidates that pass its checks, calling the checks' own
    tests (a playout lists on every move: no frame is spent on a loop over one or two
    checks, and a rule without checks lists its candidates as they are)."""
    if not checks:
        return candidates  # type: ignore[return-value]  # a list or tuple (FiveRealmsRule)
    if len(checks) == 1:
        test = checks[0].test

        def one(s: S) -> list[A]:
            out: list[A] = []
            for action in candidates(s):  # a loop, not a comprehension: no frame of its own
                if test(s, action):
                    out.append(action)
            return out

        return one
    if len(checks) == 2:
        first, second = checks[0].test, checks[1].test

        def two(s: S) -> list[A]:
            out: list[A] = []
            for action in candidates(s):
                if first(s, action) and second(s, action):
                    out.append(action)
            return out

        return two

    def every(s: S) -> list[A]:
        return [action for action in candidates(s) if passes(checks, s, action)]

    return every


class FiveRealmsRule(CheckedRule["S", A]):
    """A rule stated as its checks: its listing keeps the candidates that pass them all
    (:func:`checked_listing`), a refusal is the first failing check's."""

    def __init__(self) -> None:
        if type(self).legal is CheckedRule.legal:  # a rule with a listing of its own keeps it
            self.legal = checked_listing(self.candidates, self.checks)  # type: ignore[method-assign, assignment]

    def candidates(self, s: S) -> Iterable[A]:
        """Every action of the kind that could make sense here: a new list or tuple for a
        rule without checks (it is then the listing itself), any iterable otherwise."""
        raise NotImplementedError


# -- placement and collection -----------------------------------------------------------------
def _spot(action: Place) -> int:
    return sq.cell(action.row, action.col)


PLACE_CHECKS: tuple[Check[S, Place], ...] = (
    Check("an empty spot", lambda s, a: s.square[_spot(a)] == sq.EMPTY, "that spot already holds a card"),
    Check("next to a card", lambda s, a: sq.touches_card(s.square, _spot(a)),
          "the card must be orthogonally adjacent to a card of the square"),
    Check("within 3 by 3", lambda s, a: max(sq.span_with(s.square, _spot(a))) <= sq.SIZE,
          "the square must stay within 3 cards by 3 cards"),
)
"""PLACEMENT RESTRICTIONS: an empty spot orthogonally adjacent to a card, the square no
larger than 3 by 3."""
PLACEMENTS_CACHE_LIMIT = 100_000
"""Layouts whose placements a game keeps (a few hundred occur)."""


class PlaceRule(FiveRealmsRule[Place]):
    """TURN SEQUENCE: draw the top card without looking and place it (PLACEMENT RESTRICTIONS)."""

    action = Place
    section = "placement"
    checks = PLACE_CHECKS

    def candidates(self, s: S) -> Sequence[Place]:
        return s.table.place

    def legal(self, s: S) -> list[Place]:
        """The placements passing the checks, which read only which cells hold a card: they
        run once per layout, and the listing is kept with the game's actions (playouts meet
        the same few hundred layouts again and again)."""
        table = s.table
        layout = sq.layout(s.square)
        listing = table.placements.get(layout)
        if listing is None:
            if len(table.placements) > PLACEMENTS_CACHE_LIMIT:
                table.placements.clear()
            listing = table.placements[layout] = tuple(
                place for place in table.place if passes(PLACE_CHECKS, s, place))
        return list(listing)

    def apply(self, s: S, action: Place) -> None:
        row, col = action.row, action.col
        spot = sq.cell(row, col)
        card = s.deck.pop()
        square, rules, type_of = s.square, s.rules, s.card_type
        square[spot] = card
        s.mark_revealed()  # the next card's banner is now face up on the deck
        s.last_player, s.last_spot, s.last_cells = s.active, (row, col), []
        types = rules.types
        banner = types[type_of[card]].banner
        s.log_later(words.places, s.active, rules.banners[banner], row, col)
        near = set()
        for n in sq.NEIGHBOURS[spot]:  # a loop, not a set comprehension: no frame of its own
            if square[n] != sq.EMPTY:
                near.add(types[type_of[square[n]]].banner)
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


class CollectRule(FiveRealmsRule[Collect]):
    """Only different banners adjacent: the player chooses the banner to collect."""

    action = Collect
    section = "collection"
    checks = (Check("a banner next to the placed card",
                    lambda s, a: s.table.banner_of[a.banner] in s.choices,
                    "no {action.banner} card is next to the placed card"),)

    def candidates(self, s: S) -> Iterable[Collect]:
        return map(s.table.collect.__getitem__, s.choices)

    def apply(self, s: S, action: Collect) -> None:
        _collect_banner(s, s.table.banner_of[action.banner])

    def path(self, action: Collect) -> ClickPath:
        return (f"banner:{action.banner}",)


def _collect_banner(s: S, banner: int) -> None:
    """Only different banners adjacent: every card of the chosen banner in the whole square."""
    square, types, type_of = s.square, s.rules.types, s.card_type
    cells = []
    for c, card in enumerate(square):  # a loop, not a comprehension: no frame of its own
        if card != sq.EMPTY and types[type_of[card]].banner == banner:
            cells.append(c)
    _collect_cells(s, cells)


def _collect_cells(s: S, cells: list[int]) -> None:
    square = s.square
    cards = list(map(square.__getitem__, cells))
    for c in cells:
        square[c] = sq.EMPTY
    s.last_cells = list(map(sq.ROW_COL.__getitem__, cells))
    s.choices = []
    s.log_later(words.collects, s.active, len(cards), s.banner_name(cards[0]))
    start_decision(s, cards)


# -- recruit or influence -----------------------------------------------------------------------
def _no_religious_banner(s: S, action: Any) -> bool:
    may, types, type_of = s.rules.can_influence, s.rules.types, s.card_type
    for card in s.collected:  # noqa: SIM110  # a loop, not all(): asked at every collection
        if not may[types[type_of[card]].banner]:
            return False
    return True


def _imperial_has_a_column(s: S, action: Any) -> bool:
    wild, types, type_of = s.rules.wild, s.rules.types, s.card_type
    for card in s.collected:
        if not wild[types[type_of[card]].banner]:
            return True  # not Imperial banners alone
    return not s.collected or any(s.columns[s.active])


BANNERS_MAY_INFLUENCE: tuple[Check[S, Influence], ...] = (
    Check("no Religious banner", _no_religious_banner, "Religious banners never influence: you must recruit",
          section="religious order"),
    Check("Imperial banners into a column you have", _imperial_has_a_column,
          "Imperial banners only go into a column you already have: you must recruit",
          section="imperial order"),
)
"""Whether the collected banners may influence: Religious banners never do ("When they are
collected, you must proceed to a RECRUIT action"); Imperial banners alone need a column the
player already has. A collection is always of one banner, but the checks hold for any mix."""


def start_decision(s: S, cards: list[int]) -> None:
    """RECRUIT or INFLUENCE the collected cards (a forced recruit skips the choice)."""
    s.collected = cards
    if passes(BANNERS_MAY_INFLUENCE, s, s.table.influence):
        s.phase = DECIDE
    else:
        s.log_later(words.must_recruit, s.active)
        _enter_hire(s)


def _enter_hire(s: S) -> None:
    """RECRUIT: the recruiting player, and only they, looks at the collected characters."""
    seat = s.active
    for card in s.collected:
        s.known[card] |= 1 << seat
    s.mark_revealed()
    s.log_later(words.recruits_and_looks, seat, len(s.collected))
    kinds = tuple(map(s.card_type.__getitem__, s.collected))
    s.log_later(words.names_seen, s.rules.types, kinds, visible_to=seat)
    s.phase = HIRE


class RecruitRule(FiveRealmsRule[Recruit]):
    action = Recruit
    section = "recruit"

    def candidates(self, s: S) -> Sequence[Recruit]:
        return (s.table.recruit,)

    def apply(self, s: S, action: Recruit) -> None:
        _enter_hire(s)


class InfluenceRule(FiveRealmsRule[Influence]):
    """INFLUENCE: realm banners to their column; Imperial banners wait for a column choice.

    Legal while the choice is open (``start_decision`` opens it only when the collected
    banners pass ``BANNERS_MAY_INFLUENCE``). Open at the recruit step too, only to say why
    it is not possible there: the banner check that forced the recruit, else the choice made.
    """

    action = Influence
    section = "influence"
    checks = (Check("the choice is open", lambda s, a: s.phase == DECIDE,
                    "you chose to recruit: recruit a character or decline", section="turn sequence"),)

    def reason(self, s: S, action: Influence) -> IllegalAction | None:
        if passes(self.checks, s, action):
            return None
        return (first_failure(BANNERS_MAY_INFLUENCE, s, action, self.section)
                or first_failure(self.checks, s, action, self.section))

    def candidates(self, s: S) -> Sequence[Influence]:
        return (s.table.influence,)

    def apply(self, s: S, action: Influence) -> None:
        seat, rules, collected = s.active, s.rules, s.collected
        s.heights_before = s.heights(seat)
        what = s.banner_name(collected[0])
        s.log_later(words.influences, seat, len(collected), what)
        wild, types, type_of, columns = rules.wild, rules.types, s.card_type, s.columns[seat]
        for card in collected:
            banner = types[type_of[card]].banner
            if wild[banner]:
                s.imperial.append(card)
            else:
                columns[banner].append(card)
        s.collected = []
        _allocate_or_resolve(s)


def _kind(s: S, action: Hire | Destroy | Take) -> int:
    """The card type an action names (-1 for a name the game does not have)."""
    return s.table.type_of.get(action.character, -1)


def _not_owned(s: S, action: Hire) -> bool:
    """The active player has no card of the type ``action`` names (council or Titans)."""
    kind, type_of, seat = s.table.type_of.get(action.character, -1), s.card_type, s.active
    for card in s.council[seat]:  # loops, not sets or maps: the recruit step lists every turn
        if type_of[card] == kind:
            return False
    for card in s.titans[seat]:  # noqa: SIM110
        if type_of[card] == kind:
            return False
    return True


def _collected(s: S, action: Hire) -> bool:
    """A card of the type ``action`` names is among the collected cards."""
    kind, type_of = s.table.type_of.get(action.character, -1), s.card_type
    for card in s.collected:  # noqa: SIM110
        if type_of[card] == kind:
            return True
    return False


class HireRule(FiveRealmsRule[Hire]):
    """RECRUIT one of the collected characters.

    "A Character you already have" is read as the same card (banner and character): the
    Feline Queen and the Ursid Queen are different characters with different realms.
    The rule covers Titans too (a 5th *different* Titan wins).
    """

    action = Hire
    section = "recruit"
    checks = (
        Check("no duplicate", _not_owned, "you already have {action.character}",
              section="no duplicate characters"),
        Check("a collected card", _collected, "{action.character} is not among the collected cards"),
    )

    def candidates(self, s: S) -> Iterable[Hire]:
        return map(s.table.hire.__getitem__, sorted({s.card_type[c] for c in s.collected}))

    def apply(self, s: S, action: Hire) -> None:
        kind = s.table.type_of[action.character]
        card = next(c for c in s.collected if s.card_type[c] == kind)
        rest = [c for c in s.collected if c != card]
        s.collected = []
        s.discard.extend(rest)
        s.known[card] = EVERYONE
        seat = s.active
        s.log_later(words.recruits, seat, action.character, len(rest))
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


class DeclineRule(FiveRealmsRule[Decline]):
    action = Decline
    section = "recruit"

    def candidates(self, s: S) -> Sequence[Decline]:
        return (s.table.decline,)

    def apply(self, s: S, action: Decline) -> None:
        s.discard.extend(s.collected)
        s.log_later(words.declines, s.active, len(s.collected))
        s.collected = []
        s.resolve()


class DismissRule(FiveRealmsRule[Dismiss]):
    """Council of 4: discard one member after choosing a new character."""

    action = Dismiss
    section = "council of 4"
    checks = (Check("a member of your council",
                    lambda s, a: a.character in map(s.card_name, s.council[s.active]),
                    "{action.character} is not in your council"),)

    def candidates(self, s: S) -> Iterable[Dismiss]:
        return map(s.table.dismiss.__getitem__, map(s.card_name, s.council[s.active]))

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


class ImperialRule(FiveRealmsRule[Imperial]):
    """An Imperial banner goes into a column the player already has (it cannot start one)."""

    action = Imperial
    section = "imperial order"
    checks = (Check("a column you already have",
                    lambda s, a: bool(s.columns[s.active][s.table.realm_of[a.realm]]),
                    "you have no {action.realm} column: Imperial banners cannot start one"),)

    def candidates(self, s: S) -> Sequence[Imperial]:
        return s.table.imperial

    def apply(self, s: S, action: Imperial) -> None:
        realm = s.table.realm_of[action.realm]
        s.columns[s.active][realm].append(s.imperial.pop())
        s.add_log(f"{s.seat_name(s.active)} places an Imperial banner in the {action.realm} column")
        _allocate_or_resolve(s)

    def path(self, action: Imperial) -> ClickPath:
        return (f"column:{action.realm}",)


def _allocate_or_resolve(s: S) -> None:
    """Ask where the next Imperial banner goes (no question when one column is legal)."""
    columns = IMPERIAL_RULE.legal(s) if s.imperial else []
    while s.imperial and len(columns) == 1:
        realm = columns[0].realm
        s.columns[s.active][s.table.realm_of[realm]].append(s.imperial.pop())
        s.add_log(f"{s.seat_name(s.active)} places an Imperial banner in the {realm} column")
    if s.imperial:
        s.phase = IMPERIAL
        return
    resolution.after_influence(s)


# -- the Warrior's and the Witch's choices -----------------------------------------------------
class StealRule(FiveRealmsRule[Steal]):
    action = Steal
    section = "warrior"
    checks = (Check("the opponent has a castle", lambda s, a: s.castles[s.opponent(s.active)] > 0,
                    "the opponent has no castle to steal"),)

    def candidates(self, s: S) -> Sequence[Steal]:
        return (s.table.steal,)

    def apply(self, s: S, action: Steal) -> None:
        resolution.steal_chosen(s)


class DestroyRule(FiveRealmsRule[Destroy]):
    action = Destroy
    section = "warrior"
    checks = (Check("an opposing Character or Titan",
                    lambda s, a: _kind(s, a) in s.owned_types(s.opponent(s.active)),
                    "the opponent has no {action.character}"),)

    def candidates(self, s: S) -> Iterable[Destroy]:
        return map(s.table.destroy.__getitem__, sorted(s.owned_types(s.opponent(s.active))))

    def apply(self, s: S, action: Destroy) -> None:
        resolution.destroy(s, s.table.type_of[action.character])

    def path(self, action: Destroy) -> ClickPath:
        return (f"rival:{action.character}",)


class TakeRule(FiveRealmsRule[Take]):
    """Witch: take a card from the discard pile, then RECRUIT or INFLUENCE it."""

    action = Take
    section = "witch"
    checks = (Check("a card of the discard pile",
                    lambda s, a: _kind(s, a) in map(s.card_type.__getitem__, s.discard),
                    "{action.character} is not in the discard pile"),)

    def candidates(self, s: S) -> Iterable[Take]:
        return map(s.table.take.__getitem__, sorted({s.card_type[c] for c in s.discard}))

    def apply(self, s: S, action: Take) -> None:
        """Of several copies the one the fewest seats know is taken (what a player would do)."""
        kind = s.table.type_of[action.character]
        copies = [(bin(s.known[c]).count("1"), -i, c)
                  for i, c in enumerate(s.discard) if s.card_type[c] == kind]
        card = min(copies)[2]
        s.discard.remove(card)
        taken = article(s.banner_name(card))
        s.add_log(f"{s.rules.types[s.source].name}: {s.seat_name(s.active)} takes {taken} card")
        s.source = -1
        start_decision(s, [card])

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


INFLUENCE, IMPERIAL_RULE = InfluenceRule(), ImperialRule()
FLOW: Flow[S] = Flow(
    [
        Step(PLACE, (PlaceRule(),), section="turn sequence"),
        Step(CHOOSE, (CollectRule(),), section="collection"),
        Step(DECIDE, (RecruitRule(), INFLUENCE), section="turn sequence"),
        Step(HIRE, (HireRule(), DeclineRule(), INFLUENCE), section="recruit"),
        Step(DISMISS, (DismissRule(),), section="council of 4"),
        Step(IMPERIAL, (IMPERIAL_RULE,), section="imperial order"),
        Step(FIGHT, (StealRule(), DestroyRule()), section="warrior"),
        Step(WITCH, (TakeRule(),), section="witch"),
        Step(OVER, (), section="end of the game"),
    ],
    step_of="phase",
    out_of_step=not_now,
)
