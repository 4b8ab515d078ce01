"""Every game folder has the one skeleton of CONTRIBUTING.md ("A game: one skeleton"):
the same module for the same role, so a reader finds any rule in the same file name."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import get_args

import pytest

import soulforge
from soulforge.core import Game, State
from soulforge.core.flow import Flow

SKELETON = ("__init__", "game", "state", "setup", "actions", "flow", "cards", "view", "hidden",
            "heuristic", "render_text", "render_svg")
RETIRED = ("turn", "phases", "rules", "legal", "refusals", "effects", "evaluation", "views", "explain")
"""Names that held a role another module now has (dispatch, refusals, the card registry...)."""


def folder(game_id: str) -> Path:
    return Path(inspect.getfile(importlib.import_module(f"soulforge.games.{game_id}"))).parent


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_the_folder_has_every_module_of_the_skeleton(game_id: str) -> None:
    here = folder(game_id)
    missing = [m for m in SKELETON if not (here / f"{m}.py").is_file()]
    assert missing == [], f"{game_id} lacks {missing}"
    assert (here / "NOTES.md").is_file()
    assert list(here.glob("*.toml")) or list(here.glob("data/*")), f"{game_id} has no data file"


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_no_module_has_a_retired_name(game_id: str) -> None:
    here = folder(game_id)
    assert [m for m in RETIRED if (here / f"{m}.py").exists()] == []


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_the_state_declares_its_flow_and_the_game_its_state(game_id: str) -> None:
    """The turn flow is the core's (one rule per action kind), and the Game is generic over
    its own State, so hooks take it without a downcast."""
    game_class = type(soulforge.load(game_id))
    state_class = type(soulforge.load(game_id).new_game(seed=0))
    assert isinstance(state_class.flow, Flow)
    assert {rule.action for rule in state_class.flow.rules} == set(game_class.action_types)
    bases = [b for b in getattr(game_class, "__orig_bases__", ()) if getattr(b, "__origin__", None) is Game]
    assert bases and get_args(bases[0]) == (state_class,), f"{game_class.__name__} is not generic"
    assert issubclass(state_class, State)
