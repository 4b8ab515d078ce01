"""Fixtures of the server tests: the test game, and storage on SQLite and on PostgreSQL."""

from __future__ import annotations

import shutil
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
    with postgres_cluster(in_memory=True) as server:
        yield server


DATABASES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def _database(request: pytest.FixtureRequest, tmp_path: Path, migrated: bool) -> str:
    """A new database of the kind ``request.param`` names, empty or at the newest schema."""
    if request.param == "sqlite":
        path = tmp_path / "soulforge.db"
        if migrated:
            shutil.copyfile(request.getfixturevalue("migrated_sqlite_file"), path)
        return f"sqlite:///{path}"
    server = request.getfixturevalue("pg_server")
    if isinstance(server, str):
        pytest.skip(server)
    url: str = server.new_database(template=server.migrated_template() if migrated else None)
    return url


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database of its own for the test, on SQLite and on PostgreSQL: at the newest
    schema, a copy of one migrated once (the app's start then finds the work done), or empty
    for a test marked ``empty_database`` (the tests of the migrations themselves)."""
    empty = request.node.get_closest_marker("empty_database") is not None
    return _database(request, tmp_path, migrated=not empty)


@pytest.fixture
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 with tiny costs (tests hash many passwords; the server keeps the defaults)."""
    monkeypatch.setattr(accounts, "HASHER", CHEAP)


@pytest.fixture
def site(db_url: str, cheap_hashes: None) -> Iterator[TestClient]:
    """The app on ``db_url`` (SQLite and PostgreSQL), its AI in threads, cheap password hashes."""
    with TestClient(create_app(db_url, ai_workers=0)) as c:
        yield c
