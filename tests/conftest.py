"""Fixtures shared by every test directory: what is costly to make and safe to copy."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file at the newest schema, made once per test process: a test's database is a
    copy of it (a file copy, where running the migrations again took 0.2-0.3 s a test)."""
    from tests.server.support import migrated_sqlite

    return migrated_sqlite(tmp_path_factory.mktemp("template") / "migrated.db")

