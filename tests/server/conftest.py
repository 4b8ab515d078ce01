"""Fixtures of the server tests: the test game, and storage on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.server import accounts, create_app
from tests import toy
from tests.server.browsers import CHEAP
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


@pytest.fixture
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 with tiny costs (tests hash many passwords; the server keeps the defaults)."""
    monkeypatch.setattr(accounts, "HASHER", CHEAP)


@pytest.fixture
def site(db_url: str, cheap_hashes: None) -> Iterator[TestClient]:
    """The app on ``db_url`` (SQLite and PostgreSQL), its AI in threads, cheap password hashes."""
    with TestClient(create_app(db_url, ai_workers=0)) as c:
        yield c
