"""Small helpers that build Five Realms positions directly, for rule scenarios.

``table()`` gives a state with every card back in the deck and nothing else in play;
the ``put_*`` helpers move named cards ("Feline Queen", "Popess") to where a scenario
needs them; ``ready()`` starts the active player's turn; ``act()`` applies the legal
action with that label (so the tests also pin the action labels).
"""

from __future__ import annotations

import soulforge
from soulforge.core import Action, Game
from soulforge.games.five_realms import square as sq
from soulforge.games.five_realms.encoding import EVERYONE
from soulforge.games.five_realms.resolution import begin_turn
from soulforge.games.five_realms.state import FiveRealmsState

ALL = EVERYONE


def new_game(seed: int = 0, game: Game | None = None, **options: object) -> FiveRealmsState:
    state = (game or soulforge.load("five_realms", **options)).new_game(seed=seed)
    assert isinstance(state, FiveRealmsState)
    return state


def table(active: int = 0, seed: int = 0, castles: tuple[int, int] = (2, 2), thrones: tuple[str, str] = (
        "Raptor", "Ursid"), game: Game | None = None) -> FiveRealmsState:
    """An empty table: the whole deck in the deck (unseen), nothing else in play (``game``: a
    variant of Five Realms, e.g. with a test-only card)."""
    s = new_game(seed, game)
    s.deck = sorted(range(s.rules.deck_size), reverse=True)
    s.known = [0] * s.rules.deck_size
    s.square, s.discard = sq.empty_square(), []
    s.council, s.titans = [[], []], [[], []]
    s.columns = [[[] for _ in s.rules.realms] for _ in range(2)]
    s.castles = list(castles)
    s.throne = [s.rules.realms.index(r) for r in thrones]
    s.throne_used = [False, False]
    s.active, s.extra_turns, s.winner = active, 0, None
    s.choices, s.collected, s.imperial, s.newcomer, s.source = [], [], [], -1, -1
    return ready(s)


def ready(s: FiveRealmsState) -> FiveRealmsState:
    """Start the active player's turn on the position as built."""
    begin_turn(s)
    s._legal = None
    return s


def take(s: FiveRealmsState, name: str) -> int:
    """Remove a card of this type from the deck and return its id."""
    kind = s.rules.type_named(name).index
    for i, card in enumerate(s.deck):
        if s.card_type[card] == kind:
            del s.deck[i]
            return card
    raise AssertionError(f"no {name} left in the deck")


def put_square(s: FiveRealmsState, layout: dict[str, str]) -> None:
    """Cards on spots named like 'b2' (column letter, row number; keep rows/cols 2..4)."""
    for spot, name in layout.items():
        s.square[sq.cell(int(spot[1]) - 1, "abcde".index(spot[0]))] = take(s, name)
    ready(s)


def put_top(s: FiveRealmsState, *names: str) -> None:
    """Put these cards on top of the deck, the first one drawn first."""
    for name in reversed(names):
        s.deck.append(take(s, name))
    s._legal = None


def put_council(s: FiveRealmsState, seat: int, *names: str) -> None:
    for name in names:
        card = take(s, name)
        s.known[card] = ALL
        group = s.titans if s.rules.type_named(name).titan else s.council
        group[seat].append(card)
    s._legal = None


def put_column(s: FiveRealmsState, seat: int, realm: str, *names: str) -> None:
    for name in names:
        s.columns[seat][s.rules.realms.index(realm)].append(take(s, name))
    s._legal = None


def put_discard(s: FiveRealmsState, *names: str) -> None:
    for name in names:
        s.discard.append(take(s, name))
    s._legal = None


def cut_deck(s: FiveRealmsState, size: int) -> None:
    """Keep only the top ``size`` cards of the deck (the rest leave the game)."""
    del s.deck[: len(s.deck) - size]
    s._legal = None


def labels(s: FiveRealmsState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def act(s: FiveRealmsState, label: str) -> Action:
    """Apply the legal action whose label is ``label`` (fails listing the legal ones)."""
    for action in s.legal_actions():
        if str(action) == label:
            s.apply(action)
            return action
    raise AssertionError(f"{label!r} is not legal; legal: {labels(s)}")


def names(s: FiveRealmsState, cards: list[int]) -> list[str]:
    return [s.card_name(c) for c in cards]


def column(s: FiveRealmsState, seat: int, realm: str) -> list[str]:
    return names(s, s.columns[seat][s.rules.realms.index(realm)])


def influence_turn(s: FiveRealmsState, spot: str, *extra: str) -> None:
    """Place the top card at ``spot`` (it collects itself with its neighbour) and influence."""
    act(s, f"place at {spot}")
    act(s, "influence")
    for label in extra:
        act(s, label)
