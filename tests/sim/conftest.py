"""Simulation tests: the fake game of ``fakegame.py``."""

from __future__ import annotations

import pytest

from tests.sim import fakegame


@pytest.fixture
def fake_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register ``fake_nim`` and ``fake_plain`` for one test."""
    fakegame.register(monkeypatch)
