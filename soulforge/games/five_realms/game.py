"""The Five Realms :class:`~soulforge.core.Game`: facts, options, action index, hooks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from soulforge.core import Action, Game, Option
from soulforge.games.five_realms.actions import ACTION_TYPES, ActionTable
from soulforge.games.five_realms.data import DATA_FILE, Rules, load_rules
from soulforge.games.five_realms.heuristic import evaluate
from soulforge.games.five_realms.state import FiveRealmsState
from soulforge.games.five_realms.summary import summarize


class FiveRealms(Game[FiveRealmsState]):
    """Five Realms: draft banner cards from a floating 3x3 square; most castles wins."""

    id = "five_realms"
    title = "Five Realms"
    summary = "2-player card drafting on a floating 3x3 square: recruit characters or influence realms."
    rulebook = "five_realms.txt"
    observation_size = 4096
    min_players = 2
    max_players = 2
    option_specs = (
        Option("copies", int, 2, help="copies of each character in the Banner deck", minimum=1, maximum=2,
               label="Copies of each character"),
    )
    action_types = ACTION_TYPES
    max_game_length = 1500
    # Searching agents play alike from 40 to 1,500 iterations here (the deal and the seat
    # decide more), so the levels are three steps whose margins were measured: noisy greedy,
    # greedy with a 4-decision follow-up, ISMCTS (NOTES.md, "Agents").
    agent_levels: ClassVar[dict[str, str]] = {"normal": "greedy", "hard": "ismcts:iterations=400"}
    data_file: ClassVar[Path] = DATA_FILE
    """The card data (a test may play a variant: a subclass naming another file)."""
    rules: Rules
    table: ActionTable

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        copies = int(self.options["copies"])  # validated as an int by its Option
        self.rules = self.load_rules(copies)
        names = tuple(t.name for t in self.rules.types)
        council = tuple(t.name for t in self.rules.types if not t.titan)
        self.table = ActionTable(self.rules.banners, self.rules.realms, names, council)

    def load_rules(self, copies: int) -> Rules:
        """The rules this game plays: its data file's (a variant may add to them)."""
        return load_rules(copies, self.data_file)

    def _new_state(self, seed: int, players: int) -> FiveRealmsState:
        return FiveRealmsState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        return self.table.all()

    def result_summary(self, state: FiveRealmsState, start: FiveRealmsState) -> dict[str, Any]:
        """Characters recruited, influence played, castles by source (``summary.py``)."""
        return summarize(state, start)

    def heuristic(self, state: FiveRealmsState, player: int) -> float:
        """Castle difference plus castles the board promises, squashed into [-1, 1]."""
        return evaluate(state, player)
