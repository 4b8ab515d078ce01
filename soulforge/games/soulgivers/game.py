"""The Soulgivers :class:`Game`: facts, options, the fixed action index and a heuristic."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from soulforge.core import Action, Game, Option
from soulforge.games.soulgivers.abilities_board import chaos_tables
from soulforge.games.soulgivers.ability_base import Option as AbilityOption
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
)
from soulforge.games.soulgivers.activation import ABILITY_ACTIONS
from soulforge.games.soulgivers.board import CELLS, DIRECTIONS, MOTHER, QUARTER_TURNS, TILES, TURNS, Tile
from soulforge.games.soulgivers.cards import CARDS
from soulforge.games.soulgivers.data import DATA, Character, GameData, PortalLayout, load_data
from soulforge.games.soulgivers.encoding import KINDS, PIECES, kind_of
from soulforge.games.soulgivers.heuristic import HomeTables, evaluate, home_tables
from soulforge.games.soulgivers.rules.common import TURN_CAP
from soulforge.games.soulgivers.setup import build_board, swaps
from soulforge.games.soulgivers.state import SoulgiversState
from soulforge.games.soulgivers.summary import summarize


class Soulgivers(Game[SoulgiversState]):
    id = "soulgivers"
    title = "Soulgivers"
    summary = "Two populations fight for the Fragment on a 5x5 grid of 2x2-cell tiles, under the Decay."
    rulebook = "soulgivers.txt"
    observation_size = 4096
    min_players = 2
    max_players = 2
    option_specs = (
        Option("turn_limit", int, 100, "turns before the Decay wins (authored: the rules allow endless "
               "games through Double Soul resets)", minimum=10, maximum=200, label="Turn limit"),
        Option("first_population", str, "shells", "population of the first seat",
               choices=tuple(p.key for p in DATA.populations), label="Seat 0's population"),
    )
    action_types = ACTION_TYPES
    max_game_length = 20 + 200 * (TURN_CAP + 30)
    index_options: ClassVar[tuple[str, ...] | None] = ()
    """The index reads the layout and the characters, whatever the options."""
    utility = "general_sum"
    # The generic levels search with random rollouts, which never finish a Soulgivers turn of
    # 10-15 wide decisions: in the ladder they drew (Defeat by Decay) against random. Search
    # scored by the heuristic and widened progressively, best prior first, conquers
    # (tests/soulgivers/test_agents.py; NOTES.md, "Agents"). Greedy play drew with random
    # (neither side brings the Fragment home before the Decay), so easy is a short search.
    agent_levels = {
        "easy": "ismcts:iterations=40,rollout=heuristic,exploration=0.05,widen=0.5",
        "normal": "ismcts:iterations=150,rollout=heuristic,exploration=0.05,widen=0.5",
        "hard": "ismcts:iterations=500,rollout=heuristic,exploration=0.05,widen=0.5",
    }
    # What the rules read from the game (``rules``, ``chars``, ``data``: the anomalies, the
    # tiles' layouts and copies, where the Portals stand). Modifiers and populations are
    # rulebook facts named by identifiers; the names label the board and the log.
    settable = (
        "tiles.tile.*.cells",
        "tiles.tile.*.copies",
        "tiles.interference.*",
        "rules.portal.*.tile",
        "rules.portal.*.side",
        "soulgivers.soulgiver.*.move",
        "soulgivers.soulgiver.*.move_type",
        "soulgivers.soulgiver.*.shields",
        "soulgivers.soulgiver.*.attack",
        "soulgivers.soulgiver.*.ranges.*",
        "anomalies.anomaly.*.copies",
        *(f"rules.rules.{name}" for name in (
            "tribute_essences", "hand_limit", "team_size", "decay_start", "decay_death",
            "decay_extra_for_essence", "decay_when_opponent_out", "black_hole_modifiers",
            "patch_modifiers", "border_modifiers", "horizon_modifiers", "pass_distance",
            "population_from_turn",
        )),
    )

    data: GameData
    """This game's data, as its files say (``--set`` applied)."""
    rules: Mapping[str, int]
    """The numbers of ``rules.toml`` (``data.rules``)."""
    chars: tuple[Character, ...]
    """The ten Soulgivers by kind (``data.characters``)."""
    char_of: tuple[Character, ...]
    """Each piece's Soulgiver."""
    ranges: Mapping[str, int]
    """Each Ability's range in cells (the Soulgivers' ``ranges``)."""
    layout: PortalLayout
    """Where the Portals stand (``data.layout``)."""
    swaps: tuple[tuple[SwapTile, ...], ...]
    """Each seat's possible swaps of setup step 12, in listing order."""
    collapsible: tuple[Tile, ...]
    """The tiles Collapse may take: not the Mother tile nor a Portal's."""
    home: HomeTables
    """The heuristic's steps home to the standing Portals."""
    chaos_near: tuple[tuple[Tile, ...], ...]
    chaos_options: tuple[list[AbilityOption], ...]
    """Per tile, the tiles Chaos reaches and its options there (``abilities_board.chaos_tables``)."""

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.data = load_data()
        self.rules = self.data.rules
        self.chars = self.data.characters
        self.char_of = tuple(self.chars[kind_of(p)] for p in PIECES)
        self.ranges = {name: value for c in self.chars for name, value in c.ranges.items()}
        self.chaos_near, self.chaos_options = chaos_tables(self.ranges["chaos"])
        self.layout = self.data.layout
        self.swaps = swaps(self.layout)
        self.collapsible = tuple(t for t in TILES if t != MOTHER and t not in self.layout.tiles)
        self.home = home_tables(self.layout)

    def _new_state(self, seed: int, players: int) -> SoulgiversState:
        state = SoulgiversState(self, seed, players)
        build_board(state)
        return state

    def _enumerate_actions(self) -> Sequence[Action]:
        portals = range(len(self.layout.portals))
        slots = range(max(len(own) for own in self.layout.of_team))  # a swap's slot: one of a team's Portals
        out: list[Action] = [SkipSwap()]
        out += [SwapTile(slot, t, r) for slot in slots for t in TILES for r in QUARTER_TURNS]
        out += [Pick(k) for k in KINDS]
        out += [Place(k, q) for k in KINDS for q in portals]
        out += [Keep(k) for k in KINDS] + [Declare(k) for k in KINDS]
        out += [Enter(c) for c in CELLS] + [Step(d) for d in DIRECTIONS] + [Rotate(t) for t in TURNS]
        out += [Absorb(p) for p in PIECES] + [Collect(), Drop()] + [Pass(d) for d in DIRECTIONS]
        out += [Attack(d) for d in DIRECTIONS]
        out += [action for table in ABILITY_ACTIONS.values() for action in table.values()]
        out += [DrawAnomaly()] + [ReturnAnomaly(c) for c in CARDS]
        out += [PlayAnomaly(c, t) for c in CARDS for t in range(-1, len(TILES))] + [Decline(), Population()]
        out += [PopPlace(c) for c in CELLS] + [ExitHole(c) for c in CELLS] + [EndTurn()]
        return out

    def result_summary(self, state: SoulgiversState, start: SoulgiversState) -> dict[str, Any]:
        """Populations, Soulgivers recruited, win type (``summary.py``)."""
        return summarize(state, start)

    def heuristic(self, state: SoulgiversState, player: int) -> float:
        return evaluate(state, player)
