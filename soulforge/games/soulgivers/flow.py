"""The game's turn flow: built in ``rules/`` (one module per family of actions), re-exported
here for the state and the tests."""

from __future__ import annotations

from soulforge.games.soulgivers.rules import FLOW, prompt

__all__ = ["FLOW", "prompt"]
