"""Simulation tests: the toy game of ``tests/toy.py``."""

from __future__ import annotations

import pytest

from tests import toy


@pytest.fixture
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register ``tricks`` and ``tricks_plain`` for one test."""
    toy.register(monkeypatch)
