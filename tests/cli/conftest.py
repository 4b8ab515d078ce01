"""CLI tests: the toy game of ``tests/toy.py`` and a CliRunner helper."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner, Result

from soulforge.cli import app
from tests import toy

Invoke = Callable[..., Result]


@pytest.fixture
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register ``tricks`` and ``tricks_plain`` for one test."""
    toy.register(monkeypatch)


@pytest.fixture
def invoke() -> Invoke:
    """Run ``soulforge ARGS`` with scripted input; returns click's Result."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return run
