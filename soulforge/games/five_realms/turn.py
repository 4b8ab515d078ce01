"""A turn of Five Realms: place, collect, then RECRUIT or INFLUENCE.

Each decision is one action; ``legal`` and ``apply`` dispatch on the phase and the
action's type (tables, not if-chains). Effects and the end of the turn are in
``effects.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.five_realms import effects
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
from soulforge.games.five_realms.data import CardType
from soulforge.games.five_realms.phases import (
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


# -- setup -------------------------------------------------------------------------
def setup(s: S) -> None:
    """GAME SETUP: shuffle the deck, deal throne rooms, castles, first player, the square."""
    rules, n = s.rules, s.num_players
    kinds = len(rules.types)
    s.card_type = [card % kinds for card in range(rules.deck_size)]
    s.known = [0] * rules.deck_size
    s.deck = list(range(rules.deck_size))
    s.rng.shuffle(s.deck)
    s.throne = s.rng.sample(range(len(rules.realms)), n)
    s.throne_used = [False] * n
    s.castles = [rules.starting_castles] * n
    s.active = s.starter = s.rng.randrange(n)
    s.square, s.discard = sq.empty_square(), []
    s.council, s.titans = [[] for _ in range(n)], [[] for _ in range(n)]
    s.columns = [[[] for _ in rules.realms] for _ in range(n)]
    s.choices, s.collected, s.imperial, s.heights_before = [], [], [], []
    s.newcomer, s.source, s.amount, s.extra_turns, s.winner = -1, -1, 0, 0, None
    s.last_player, s.last_spot, s.last_cells = s.active, None, []
    sq.refill(s.square, s.deck, rules.ring)
    for seat in range(n):
        s.add_log(f"{s.seat_name(seat)} has the {rules.realms[s.throne[seat]]} throne room")
    s.add_log(f"{s.seat_name(s.active)} plays first")
    begin_turn(s)


def begin_turn(s: S) -> None:
    """A new turn of the active player: the square is re-centred in the frame."""
    drow, dcol = sq.normalise(s.square)
    if s.last_spot is not None:
        s.last_spot = (s.last_spot[0] + drow, s.last_spot[1] + dcol)
    s.last_cells = [(r + drow, c + dcol) for r, c in s.last_cells]
    s.tasks = [("end_turn", -1, 0)]
    s.phase = PLACE


# -- legal actions ------------------------------------------------------------------
def _legal_place(s: S) -> list[Action]:
    table = s.game.table.place
    return [table[c] for c in sq.placement_spots(s.square)]


def _legal_choose(s: S) -> list[Action]:
    return [s.game.table.collect[b] for b in s.choices]


def _legal_decide(s: S) -> list[Action]:
    return [s.game.table.recruit, s.game.table.influence]


def hire_options(s: S) -> list[int]:
    """Types among the collected cards the active player may recruit (no duplicates).

    "A Character you already have" is read as the same card (banner and character): the
    Feline Queen and the Ursid Queen are different characters with different realms.
    The rule covers Titans too (a 5th *different* Titan wins).
    """
    owned = s.owned_types(s.active)
    return sorted({s.card_type[c] for c in s.collected} - owned)


def _legal_hire(s: S) -> list[Action]:
    table = s.game.table
    return [*(table.hire[t] for t in hire_options(s)), table.decline]


def _legal_dismiss(s: S) -> list[Action]:
    table = s.game.table
    return [table.dismiss[s.card_name(c)] for c in s.council[s.active]]


def imperial_columns(s: S) -> list[int]:
    return [r for r, column in enumerate(s.columns[s.active]) if column]


def _legal_imperial(s: S) -> list[Action]:
    return [s.game.table.imperial[r] for r in imperial_columns(s)]


def _legal_fight(s: S) -> list[Action]:
    return effects.fight_actions(s)


def _legal_witch(s: S) -> list[Action]:
    table = s.game.table
    return [table.take[t] for t in sorted({s.card_type[c] for c in s.discard})]


LEGAL: dict[str, Callable[[S], list[Action]]] = {
    PLACE: _legal_place, CHOOSE: _legal_choose, DECIDE: _legal_decide, HIRE: _legal_hire,
    DISMISS: _legal_dismiss, IMPERIAL: _legal_imperial, FIGHT: _legal_fight, WITCH: _legal_witch,
    OVER: lambda s: [],
}


def legal(s: S) -> list[Action]:
    return LEGAL[s.phase](s)


# -- placement and collection -----------------------------------------------------------
def _place(s: S, action: Place) -> None:
    """TURN SEQUENCE: draw the top card without looking and place it (PLACEMENT RESTRICTIONS)."""
    spot = sq.cell(action.row, action.col)
    card = s.deck.pop()
    s.square[spot] = card
    s.mark_revealed()  # the next card's banner is now face up on the deck
    s.last_player, s.last_spot, s.last_cells = s.active, (action.row, action.col), []
    where = spot_name(action.row, action.col)
    s.add_log(f"{s.seat_name(s.active)} places a {s.banner_name(card)} banner at {where}")
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


def _collect(s: S, action: Collect) -> None:
    _collect_banner(s, s.game.table.banner_of[action.banner])


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
    s.add_log(f"{s.seat_name(s.active)} collects {len(cards)} {s.banner_name(cards[0])} card(s)")
    start_decision(s, cards)


# -- recruit or influence -----------------------------------------------------------------
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


def _recruit(s: S, action: Recruit) -> None:
    _enter_hire(s)


def _enter_hire(s: S) -> None:
    """RECRUIT: the recruiting player, and only they, looks at the collected characters."""
    seat = s.active
    for card in s.collected:
        s.known[card] |= 1 << seat
    s.mark_revealed()
    s.add_log(f"{s.seat_name(seat)} recruits and looks at {len(s.collected)} card(s)")
    names = ", ".join(s.card_name(c) for c in s.collected)
    s.add_log(f"you look at: {names}", visible_to=seat)
    s.phase = HIRE


def _hire(s: S, action: Hire) -> None:
    kind = s.game.table.type_of[action.character]
    card = next(c for c in s.collected if s.card_type[c] == kind)
    rest = [c for c in s.collected if c != card]
    s.collected = []
    s.discard.extend(rest)
    s.known[card] = EVERYONE
    seat = s.active
    s.add_log(f"{s.seat_name(seat)} recruits {action.character} and discards {len(rest)} card(s)")
    ctype = s.rules.types[kind]
    if ctype.titan:
        s.titans[seat].append(card)
        if not effects.check_titan_win(s, seat):
            effects.on_recruit(s, seat, ctype)
    elif len(s.council[seat]) >= s.rules.council_size:
        s.newcomer = card
        s.phase = DISMISS
        return
    else:
        s.council[seat].append(card)
        effects.on_recruit(s, seat, ctype)
    s.resolve()


def _dismiss(s: S, action: Dismiss) -> None:
    """Council of 4: discard one member after choosing a new character."""
    seat = s.active
    old = next(c for c in s.council[seat] if s.card_name(c) == action.character)
    s.council[seat].remove(old)
    s.discard.append(old)
    s.council[seat].append(s.newcomer)
    ctype: CardType = s.rules.types[s.card_type[s.newcomer]]
    s.newcomer = -1
    s.add_log(f"{s.seat_name(seat)} discards {action.character} from the council")
    effects.on_recruit(s, seat, ctype)
    s.resolve()


def _decline(s: S, action: Decline) -> None:
    s.discard.extend(s.collected)
    s.add_log(f"{s.seat_name(s.active)} recruits nobody and discards {len(s.collected)} card(s)")
    s.collected = []
    s.resolve()


def _influence(s: S, action: Influence) -> None:
    """INFLUENCE: realm banners to their column; Imperial banners wait for a column choice."""
    seat, rules = s.active, s.rules
    s.heights_before = s.heights(seat)
    what = s.banner_name(s.collected[0])
    s.add_log(f"{s.seat_name(seat)} influences with {len(s.collected)} {what} card(s)")
    for card in s.collected:
        banner = s.banner(card)
        if rules.wild[banner]:
            s.imperial.append(card)
        else:
            s.columns[seat][banner].append(card)
    s.collected = []
    _allocate_or_resolve(s)


def _imperial(s: S, action: Imperial) -> None:
    realm = s.game.table.realm_of[action.realm]
    s.columns[s.active][realm].append(s.imperial.pop())
    s.add_log(f"{s.seat_name(s.active)} places an Imperial banner in the {action.realm} column")
    _allocate_or_resolve(s)


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
    effects.after_influence(s)


def _take(s: S, action: Take) -> None:
    effects.witch_take(s, s.game.table.type_of[action.character])


def _steal(s: S, action: Steal) -> None:
    effects.steal_chosen(s)


def _destroy(s: S, action: Destroy) -> None:
    effects.destroy(s, s.game.table.type_of[action.character])


APPLY: dict[type[Action], Callable[[S, Action], None]] = {
    Place: _place, Collect: _collect, Recruit: _recruit, Influence: _influence,  # type: ignore[dict-item]
    Hire: _hire, Decline: _decline, Dismiss: _dismiss, Imperial: _imperial,  # type: ignore[dict-item]
    Take: _take, Steal: _steal, Destroy: _destroy,  # type: ignore[dict-item]
}


def apply(s: S, action: Action) -> None:
    APPLY[type(action)](s, action)
