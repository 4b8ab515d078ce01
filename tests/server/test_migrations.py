"""Issue 17, defect 8: the schema is made by Alembic migrations, a database made before them
is upgraded in place, and servers starting at once on a fresh database do not race."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from soulforge.server.migrate import revision
from soulforge.server.storage import Storage

HEAD = "0010"

OLD_SCHEMA = """
CREATE TABLE sf_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, options JSON NOT NULL,
  seed BIGINT NOT NULL, players INTEGER NOT NULL, hot_seat BOOLEAN NOT NULL, listed BOOLEAN NOT NULL,
  status VARCHAR(16) NOT NULL, returns JSON, created FLOAT NOT NULL);
CREATE TABLE sf_seats (table_id VARCHAR(32) REFERENCES sf_tables(id), seat INTEGER, kind VARCHAR(8) NOT NULL,
  level VARCHAR(16), token_hash VARCHAR(64), claimed BOOLEAN NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE sf_moves (table_id VARCHAR(32) REFERENCES sf_tables(id), number INTEGER, seat INTEGER NOT NULL,
  action JSON NOT NULL, at FLOAT NOT NULL, PRIMARY KEY (table_id, number));
INSERT INTO sf_tables VALUES ('t1', 'tricks', '{}', 7, 2, 0, 0, 'playing', NULL, 0.0);
INSERT INTO sf_seats VALUES ('t1', 0, 'human', NULL, NULL, 1);
INSERT INTO sf_seats VALUES ('t1', 1, 'ai', 'random', NULL, 1);
"""
"""The schema as the server made it before migrations (metadata.create_all), with a table."""


@pytest.mark.empty_database
def test_a_fresh_database_gets_the_newest_schema(db_url: str) -> None:
    storage = Storage(db_url)
    assert revision(storage.engine) == HEAD
    assert storage.tables() == []
    Storage(db_url)  # a second start finds the work done
    assert revision(storage.engine) == HEAD


def test_a_database_made_before_migrations_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA)
    storage = Storage(f"sqlite:///{path}")
    assert revision(storage.engine) == HEAD
    row = storage.table("t1")
    assert row is not None and row.seed == 7 and row.seed_chosen is False


def _start(url: str) -> str | None:
    return revision(Storage(url).engine)


def test_servers_starting_at_once_on_a_fresh_database_do_not_race(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/race.db"
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        assert pool.map(_start, [url] * 4) == [HEAD] * 4
    assert revision(create_engine(url)) == HEAD
