"""CLI tests: the fake games of ``tests/sim/fakegame.py`` and a CliRunner helper."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner, Result

from soulforge.cli import app
from tests.sim import fakegame

Invoke = Callable[..., Result]


@pytest.fixture
def fake_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register ``fake_nim`` and ``fake_plain`` for one test."""
    fakegame.register(monkeypatch)


@pytest.fixture
def invoke() -> Invoke:
    """Run ``soulforge ARGS`` with scripted input; returns click's Result."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return run
