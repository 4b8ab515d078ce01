"""Storage of tables, seats and moves (SQLAlchemy Core; SQLite by default, any URL works).

A table is its set-up (game, options, seed, seats) plus its moves: the event-sourced
record. A move's primary key is ``(table, number)``, so a move can never be stored twice.
Seat tokens are stored only as SHA-256 hashes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic.util.exc import CommandError as AlembicError
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError

from soulforge.server.migrate import upgrade

DEFAULT_URL = "sqlite:///var/soulforge.db"

metadata = MetaData()
tables_t = Table(
    "sf_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("players", Integer, nullable=False),
    Column("hot_seat", Boolean, nullable=False, default=False),
    Column("listed", Boolean, nullable=False, default=True),
    Column("seed_chosen", Boolean, nullable=False, default=False),
    Column("spectators_muted", Boolean, nullable=False, default=False),
    Column("clock", JSON, nullable=True),
    Column("status", String(16), nullable=False),
    Column("returns", JSON, nullable=True),
    Column("created", Float, nullable=False),
)
seats_t = Table(
    "sf_seats", metadata,
    Column("table_id", String(32), ForeignKey("sf_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("level", String(16), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    Column("name", String(32), nullable=True),
)
chat_t = Table(
    "sf_chat", metadata,
    Column("table_id", String(32), ForeignKey("sf_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(32), nullable=False),
    Column("text", String(300), nullable=False),
    Column("at", Float, nullable=False),
)
moves_t = Table(
    "sf_moves", metadata,
    Column("table_id", String(32), ForeignKey("sf_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("at", Float, nullable=False),
)


class MoveConflict(Exception):
    """A move with that number is already stored (another request got there first)."""


class StorageError(RuntimeError):
    """The database cannot be used at all (not a database, unreachable): one line says so."""


BUSY_TIMEOUT = 2.0
"""Seconds an SQLite write waits for another process's lock before the request answers 503."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclasses.dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "ai"
    level: str | None
    token_hash: str | None
    """The hash of the seat's one secret: its player's token once ``claimed``, before that
    the code of the invite pending for it (None: no invite, the lobby may offer the seat)."""
    claimed: bool
    name: str | None = None
    """The display name its player gave (escaped wherever it is shown)."""

    def public(self) -> dict[str, Any]:
        """What anyone may know of the seat (never its secret): for payloads and the lobby."""
        return {"seat": self.seat, "kind": self.kind, "level": self.level, "claimed": self.claimed,
                "name": self.name}


@dataclasses.dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    players: int
    hot_seat: bool
    listed: bool
    seed_chosen: bool
    """The creator chose the seed (practice against the AI or hot-seat only): marked as such."""
    status: str  # "playing" | "over"
    returns: list[float] | None
    created: float
    seats: list[SeatRow] = dataclasses.field(default_factory=list)
    spectators_muted: bool = False
    clock: dict[str, Any] | None = None
    """The turn clock (``clock.Clock`` as JSON), None for a table without one."""

    @property
    def open(self) -> bool:
        """Listed in the lobby with a human seat nobody took and nobody is invited to."""
        return self.listed and bool(self.free_seats) and self.status != "over"

    @property
    def free_seats(self) -> list[SeatRow]:
        """Human seats nobody holds and no invite is pending for (the lobby may offer them)."""
        return [s for s in self.seats if s.kind == "human" and not s.claimed and s.token_hash is None]


def database_url(url: str | None = None) -> str:
    """``url``, else env ``SOULFORGE_DB``, else SQLite under ``./var/``."""
    chosen = url or os.environ.get("SOULFORGE_DB") or DEFAULT_URL
    if chosen == DEFAULT_URL:
        Path("var").mkdir(exist_ok=True)
    return chosen


class Storage:
    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine: Engine = _make_engine(self.url)
        try:
            upgrade(self.engine)  # the columns below are those of the newest revision
        except (DBAPIError, AlembicError) as err:
            self.engine.dispose()
            reason = str(getattr(err, "orig", None) or err).splitlines()[0]
            raise StorageError(f"the database {_where(self.url)} cannot be used: {reason}") from None
        # SQLite has one writer at a time and its busy handler sleeps: queue writers here instead.
        self._write_lock = threading.Lock() if self.url.startswith("sqlite") else None

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        with self._write_lock or contextlib.nullcontext(), self.engine.begin() as conn:
            yield conn

    def close(self) -> None:
        self.engine.dispose()

    # -- writes ---------------------------------------------------------------------
    def create_table(self, row: TableRow) -> None:
        with self._writing() as conn:
            values = {f.name: getattr(row, f.name) for f in dataclasses.fields(row) if f.name != "seats"}
            conn.execute(insert(tables_t).values(**values))
            for seat in row.seats:
                conn.execute(insert(seats_t).values(table_id=row.id, **dataclasses.asdict(seat)))

    def append_move(self, table_id: str, number: int, seat: int, action: dict[str, Any],
                    status: str, returns: list[float] | None, clock: dict[str, Any] | None = None) -> None:
        """Store move ``number``, the table status and its clock in one transaction."""
        try:
            with self._writing() as conn:
                conn.execute(insert(moves_t).values(
                    table_id=table_id, number=number, seat=seat, action=action, at=time.time()))
                conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                             .values(status=status, returns=returns, clock=clock))
        except IntegrityError:
            raise MoveConflict(f"move {number} of table {table_id} is already stored") from None

    def truncate(self, table_id: str, keep: int) -> None:
        """Drop the moves numbered ``keep`` and later (undo)."""
        with self._writing() as conn:
            conn.execute(delete(moves_t).where(moves_t.c.table_id == table_id, moves_t.c.number >= keep))

    def set_seat_secret(self, table_id: str, seat: int, secret_hash: str, claimed: bool) -> None:
        """A seat's one secret: its player's token (``claimed``) or a pending invite's code."""
        self._set_seat(table_id, seat, token_hash=secret_hash, claimed=claimed)

    def set_seat_name(self, table_id: str, seat: int, name: str | None) -> None:
        self._set_seat(table_id, seat, name=name)

    def end_on_time(self, table_id: str, returns: list[float], clock: dict[str, Any]) -> None:
        """The game ended by a claim on time: the table is over with these returns."""
        self._set_table(table_id, status="over", returns=returns, clock=clock)

    def set_spectators_muted(self, table_id: str, muted: bool) -> None:
        self._set_table(table_id, spectators_muted=muted)

    def _set_seat(self, table_id: str, seat: int, **values: Any) -> None:
        with self._writing() as conn:
            conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                         .values(**values))

    def _set_table(self, table_id: str, **values: Any) -> None:
        with self._writing() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))

    def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
        """Store a chat message as the table's next one; returns it as sent to the room."""
        with self._writing() as conn:
            numbers = select(func.max(chat_t.c.number)).where(chat_t.c.table_id == table_id)
            last = conn.execute(numbers).scalar()
            message = {"number": (last or 0) + 1, "seat": seat, "name": name, "text": text, "at": time.time()}
            conn.execute(insert(chat_t).values(table_id=table_id, **message))
        return message

    def chat(self, table_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The table's last ``limit`` chat messages, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_t).where(chat_t.c.table_id == table_id)
                                .order_by(chat_t.c.number.desc()).limit(limit)).mappings().all()
        return [{k: row[k] for k in ("number", "seat", "name", "text", "at")} for row in reversed(rows)]

    # -- reads ----------------------------------------------------------------------
    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = conn.execute(select(seats_t).where(seats_t.c.table_id == table_id)
                                 .order_by(seats_t.c.seat)).mappings().all()
        return _table_row(dict(row), [dict(s) for s in seats])

    def tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        query = select(tables_t).order_by(tables_t.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings()]
            ids = [r["id"] for r in rows]
            seats = [dict(s) for s in conn.execute(
                select(seats_t).where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)).mappings()]
        return [_table_row(r, [s for s in seats if s["table_id"] == r["id"]]) for r in rows]

    def moves(self, table_id: str) -> list[tuple[int, dict[str, Any]]]:
        """``(seat, action JSON)`` of each stored move, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(moves_t.c.seat, moves_t.c.action)
                                .where(moves_t.c.table_id == table_id).order_by(moves_t.c.number)).all()
        out: list[tuple[int, dict[str, Any]]] = [(row[0], row[1]) for row in rows]
        return out


def _table_row(row: dict[str, Any], seats: list[dict[str, Any]]) -> TableRow:
    seat_rows = [SeatRow(s["seat"], s["kind"], s["level"], s["token_hash"], bool(s["claimed"]), s["name"])
                 for s in seats]
    return TableRow(row["id"], row["game"], dict(row["options"]), int(row["seed"]), row["players"],
                    bool(row["hot_seat"]), bool(row["listed"]), bool(row["seed_chosen"]), row["status"],
                    row["returns"], row["created"], seat_rows, bool(row["spectators_muted"]), row["clock"])


def _make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cursor = dbapi_conn.cursor()
        if ":memory:" not in url and url != "sqlite://":
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def _where(url: str) -> str:
    """The database's place for a message: an SQLite path, else the URL without its password."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or "in memory"
    return parsed.render_as_string(hide_password=True)
