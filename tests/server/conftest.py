"""Fixtures of the server tests: the test game, and storage on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import toy
from tests.server.support import postgres_cluster


@pytest.fixture(autouse=True)
def _tricks(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    toy.register(monkeypatch, tmp_path_factory.mktemp("rules"))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    with postgres_cluster() as server:
        yield server


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/soulforge.db"
    server = request.getfixturevalue("pg_server")
    if isinstance(server, str):
        pytest.skip(server)
    url: str = server.new_database()
    return url
