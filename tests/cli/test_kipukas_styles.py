"""Every Kipukas play style (#playstyleoptions) played to its end at the terminal: ``soulforge
play kipukas --option style=...`` against a greedy AI, the player's seat scripted to take the
first action listed each time, the style's outcome printed as the game ends.

The terminal has no AI-against-AI play command (``simulate`` plays AI against AI but prints
win rates, not a game's outcome), so one seat is a scripted player. The bounds are small
(``peace_after=6``, ``style_cycles=3``, a one-cycle hill) so each game takes well under a
second."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from soulforge.cli import app
from soulforge.core import Record
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.kipukas.styles import STYLES

OUTCOME = {
    "domination": "the peace",
    "body_count": "souls defeated",
    "cost_too_great": "the last seat standing",
    "king_of_the_hill": "held the hill",
    "ends_justify_means": "territory gained per soul lost",
    "coastal_war": "coastline",
    "the_hunt": "hunt bonus",
    "mass_conflict": "(seats ",
    "band_together": "the autonomous party",
    "captive": "territories",
    "find_the_treasure": "the referee's secret space",
    "off_to_the_rescue": "ushered the survivor",
    "trap_springer": "the referee's goal",
    "explorer": "the referee's goal",
    "cradle_robber": "the referee's goal",
}
"""Words of each style's outcome in the seeded game below (its own judgement, or the style's
winning move)."""

EXTRA = {
    "mass_conflict": ["--players", "3", "--option", "map=grand"],
    "body_count": ["--option", "card_limit=10"],
    "king_of_the_hill": ["--option", "hill_cycles=1"],
    "cost_too_great": ["--option", "defeat_limit=1"],
}
"""A style's own options (Mass conflict is 3-4 players, on the grand map)."""


def test_every_style_has_its_outcome_words() -> None:
    assert set(OUTCOME) == set(STYLES)


@pytest.mark.parametrize("name", list(STYLES))
def test_a_style_is_played_to_its_end_at_the_terminal(name: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "kipukas", "--agent-spec", "greedy:samples=1", "--seed", "1", "--save", str(save),
            "--option", f"style={name}", "--option", "peace_after=6", "--option", "style_cycles=3",
            *EXTRA.get(name, [])]
    result = CliRunner().invoke(app, args, input="1\n" * 4000)
    assert result.exit_code == 0, result.output
    state = Record.load(save).replay()
    assert isinstance(state, KipukasState)
    assert state.is_over and state.game.settings["style"] == name
    assert state.finished_by in result.output  # the outcome, as the game's log says it
    assert OUTCOME[name] in state.finished_by
    assert "You win" in result.output or "You lose" in result.output or "Draw" in result.output
