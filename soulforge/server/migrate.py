"""Bring a database to the newest schema (the Alembic migrations of ``migrations/``).

Two servers may start on the same fresh database at once: on PostgreSQL they take turns
under an advisory lock; on SQLite the loser of the race to create a table retries, and
finds the work done (each revision checks what exists before it changes anything).
"""

from __future__ import annotations

import time
from pathlib import Path

from alembic import command
from alembic.config import Config
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
            _upgrade_once(engine)
            return
        except DBAPIError:
            if attempt == ATTEMPTS - 1:
                raise
            time.sleep(0.2 * (attempt + 1))  # another server is migrating: its work will be found


def _upgrade_once(engine: Engine) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
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
