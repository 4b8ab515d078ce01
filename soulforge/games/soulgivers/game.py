"""The Soulgivers :class:`Game`: facts, options, the fixed action index and a heuristic."""

from __future__ import annotations

from collections.abc import Sequence

from soulforge.core import Action, Game, Option, State
from soulforge.core.errors import DataError
from soulforge.games.soulgivers import rules as _rules  # noqa: F401 - installs the dispatch tables
from soulforge.games.soulgivers.abilities import ABILITIES
from soulforge.games.soulgivers.actions import (
    ACTION_TYPES,
    Absorb,
    Attack,
    Collect,
    Declare,
    Decline,
    DrawAnomaly,
    Drop,
    EndTurn,
    Enter,
    ExitHole,
    Keep,
    Pass,
    Pick,
    Place,
    PlayAnomaly,
    PopPlace,
    Population,
    ReturnAnomaly,
    Rotate,
    SkipSwap,
    Step,
    SwapTile,
    UseAbility,
)
from soulforge.games.soulgivers.auras import AURAS
from soulforge.games.soulgivers.data import load_data
from soulforge.games.soulgivers.heuristic import evaluate
from soulforge.games.soulgivers.setup import build_board
from soulforge.games.soulgivers.state import SoulgiversState
from soulforge.games.soulgivers.turn import TURN_CAP


def check_registries() -> None:
    """Data may only name abilities, auras and anomaly effects that exist in code."""
    from soulforge.games.soulgivers.anomalies import EFFECTS

    data = load_data()
    for c in data.characters:
        for name in c.abilities:
            if name not in ABILITIES:
                raise DataError("soulgivers.toml", c.key, "abilities", f"unknown ability {name!r}")
        for name in c.auras:
            if name not in AURAS:
                raise DataError("soulgivers.toml", c.key, "auras", f"unknown aura {name!r}")
    for a in data.anomalies:
        if a.effect not in EFFECTS:
            raise DataError("anomalies.toml", a.key, "effect", f"unknown effect {a.effect!r}")


class Soulgivers(Game):
    id = "soulgivers"
    title = "Soulgivers"
    summary = "Two populations fight for the Fragment on a 5x5 grid of 2x2-cell tiles, under the Decay."
    rulebook = "soulgivers.txt"
    min_players = 2
    max_players = 2
    option_specs = (
        Option("turn_limit", int, 100, "turns before the Decay wins (authored: the rules allow endless "
               "games through Double Soul resets)", minimum=10, maximum=200),
        Option("first_population", str, "shells", "population of the first seat",
               choices=("shells", "specters")),
    )
    action_types = ACTION_TYPES
    max_game_length = 20 + 200 * (TURN_CAP + 30)
    utility = "general_sum"

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        check_registries()

    def _new_state(self, seed: int, players: int) -> State:
        state = SoulgiversState(self, seed, players)
        build_board(state)
        return state

    def _enumerate_actions(self) -> Sequence[Action]:
        data = load_data()
        cards = [a.key for a in data.anomalies]
        out: list[Action] = [SkipSwap()]
        out += [SwapTile(slot, t, r) for slot in (0, 1) for t in range(25) for r in range(4)]
        out += [Pick(k) for k in range(10)]
        out += [Place(k, q) for k in range(10) for q in range(len(data.portals))]
        out += [Keep(k) for k in range(10)] + [Declare(k) for k in range(10)]
        out += [Enter(c) for c in range(100)] + [Step(d) for d in range(4)] + [Rotate(t) for t in (1, 2, 3)]
        out += [Absorb(p) for p in range(20)] + [Collect(), Drop()] + [Pass(d) for d in range(4)]
        out += [Attack(d) for d in range(4)]
        out += [UseAbility(name, x, y) for name, ability in ABILITIES.items() for x, y in ability.domain()]
        out += [DrawAnomaly()] + [ReturnAnomaly(c) for c in cards]
        out += [PlayAnomaly(c, t) for c in cards for t in range(-1, 25)] + [Decline(), Population()]
        out += [PopPlace(c) for c in range(100)] + [ExitHole(c) for c in range(100)] + [EndTurn()]
        return out

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, SoulgiversState)
        return evaluate(state, player)
