"""Bring a database to the newest schema (the Alembic migrations of ``migrations/``).

Two servers may start on the same fresh database at once: they take turns, on PostgreSQL
under an advisory lock, on an SQLite file under a lock on a file beside it; should a race
still fail, the loser retries and finds the work done (each revision checks what exists).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import time
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

MIGRATIONS = Path(__file__).with_name("migrations")
LOCK_KEY = 0x50F7F0E6
"""PostgreSQL advisory lock held while migrating (any fixed number of our own)."""
ATTEMPTS = 5


def upgrade(engine: Engine) -> None:
    """Run the migrations up to the newest revision (a no-op when the database is there)."""
    for attempt in range(ATTEMPTS):
        try:
            if revision(engine) == head():
                return  # the usual start: Alembic would load env.py and every revision to find out
            with _file_lock(engine):
                _upgrade_once(engine)
            return
        except (DBAPIError, CommandError):
            if attempt == ATTEMPTS - 1:
                raise
            time.sleep(0.2 * (attempt + 1))  # another server is migrating: its work will be found


@contextlib.contextmanager
def _file_lock(engine: Engine) -> Iterator[None]:
    """On an SQLite file, one migrating server at a time: an exclusive lock on a file beside it
    (PostgreSQL uses an advisory lock instead, in :func:`_upgrade_once`)."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:":
        yield
        return
    with open(f"{database}.migrate-lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@functools.cache
def head() -> str | None:
    """The newest revision of ``migrations/``, read once per process (the scripts ship with the
    code; a server's start-up at that revision then reads the database's revision only).

    >>> head() == sorted(p.name for p in (MIGRATIONS / "versions").glob("0*.py"))[-1].split("_")[0]
    True
    """
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config()).get_current_head()


def _upgrade_once(engine: Engine) -> None:
    config = _config()
    with engine.connect() as connection:
        postgres = engine.dialect.name == "postgresql"
        if postgres:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": LOCK_KEY})
            connection.commit()
        try:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        finally:
            if postgres:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": LOCK_KEY})
                connection.commit()


def revision(engine: Engine) -> str | None:
    """The database's schema revision (None before any migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        current: str | None = MigrationContext.configure(connection).get_current_revision()
        return current
