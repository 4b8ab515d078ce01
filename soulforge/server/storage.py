"""Storage of tables, seats and moves (SQLAlchemy Core; SQLite by default, any URL works).

A table is its set-up (game, options, seed, seats) plus its moves: the event-sourced
record. A move's primary key is ``(table, number)``, so a move can never be stored twice.
Seat tokens are stored only as SHA-256 hashes.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import json
import math
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

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
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, OperationalError

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
    Column("rated", Boolean, nullable=False, default=False),
    Column("version", BigInteger, nullable=False, default=0),
    Column("rematch", JSON, nullable=True),
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


jobs_t = Table(
    "sf_ai_jobs", metadata,
    Column("table_id", String(32), ForeignKey("sf_tables.id"), primary_key=True),
    Column("version", BigInteger, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("leased_until", Float, nullable=True),
    Column("worker", String(64), nullable=True),
    Column("attempts", Integer, nullable=False, default=0),
)
CHANNEL = "soulforge"
"""The PostgreSQL notification channel every process listens on (``notify``)."""
NOTE_BYTES = 7_000
"""The longest notification sent with its move (PostgreSQL's limit is 8,000 bytes)."""


class Stale(Exception):
    """The table was changed by another process since this one read it: reload, then retry."""

    def __init__(self, table_id: str, version: int) -> None:
        super().__init__(f"table {table_id} is at version {version}")
        self.version = version


@dataclasses.dataclass(frozen=True)
class AIJob:
    """An AI decision to take (``soulforge worker``): the table at ``version``, ``seat`` to move."""

    table_id: str
    version: int
    seat: int
    attempts: int


class SecondProcess(RuntimeError):
    """Another server process already serves this SQLite database."""


class MoveConflict(Exception):
    """A move with that number is already stored (another request got there first)."""


class StorageError(RuntimeError):
    """The database cannot be used at all (not a database, unreachable): one line says so."""


class DamagedRecord(ValueError):
    """A stored row holds a value no table can have: that table is quarantined, nothing else."""

    def __init__(self, table_id: str, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.table_id, self.field = table_id, field


BUSY_TIMEOUT = 2.0
"""Seconds an SQLite write waits for another process's lock before the request answers 503."""
WRITE_WAIT = 2.0
"""Seconds a write may wait in all, from the request asking for it (the write queue, then the
database's lock), before it answers 503: writers never pile up behind a lock."""
READ_THREADS, WRITE_THREADS = 8, 8
"""Threads reading and writing (SQLite: one writer, the others would only queue for its lock).
Reads and writes have their own threads: a read never waits behind a blocked write."""
P = ParamSpec("P")
R = TypeVar("R")


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
    rated: bool = False
    """A rated table (issue 34): people only, each seat an account's, the seed secret; its
    end updates every seat's rating for the game."""
    version: int = 0
    """Grows with every change of the table (microseconds, or one more): see ``Storage.change``."""
    rematch: dict[str, Any] | None = None
    """The rematch offered at the end (``tables.Rematch`` as JSON), shared by every process."""

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
        self.sqlite = self.url.startswith("sqlite")
        # SQLite has one writer at a time and its busy handler sleeps: queue writers here instead.
        self._write_lock = threading.Lock() if self.sqlite else None
        self._readers = ThreadPoolExecutor(READ_THREADS, thread_name_prefix="sf-read")
        self._writers = ThreadPoolExecutor(1 if self.sqlite else WRITE_THREADS, thread_name_prefix="sf-write")
        self._deadline = threading.local()
        self.origin = uuid.uuid4().hex[:12]
        """This process's name in the notifications it sends (it skips its own)."""
        self.pending_writes = 0
        """Writes asked for and not yet answered (read on the event loop: a gauge, and for tests)."""

    async def read(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``fn(*args)`` (one of the reads below) on the reading threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._readers, functools.partial(fn, *args, **kwargs))

    async def write(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``fn(*args)`` (one of the writes below) on the writing threads, within
        :data:`WRITE_WAIT` seconds from now, else an ``OperationalError`` (answered 503)."""
        deadline = time.monotonic() + WRITE_WAIT
        loop = asyncio.get_running_loop()
        self.pending_writes += 1
        try:
            return await loop.run_in_executor(
                self._writers, functools.partial(self._by, deadline, functools.partial(fn, *args, **kwargs)))
        finally:
            self.pending_writes -= 1

    def _by(self, deadline: float, call: Callable[[], R]) -> R:
        """``call()`` with its writes bounded by ``deadline`` (see :meth:`_writing`)."""
        self._deadline.at = deadline
        try:
            return call()
        finally:
            self._deadline.at = None

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A write transaction that starts by the deadline or not at all (503): the write lock
        and SQLite's busy handler together wait no longer than :data:`WRITE_WAIT`."""
        deadline = getattr(self._deadline, "at", None) or time.monotonic() + WRITE_WAIT
        lock = self._write_lock
        if lock is not None and not lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise _busy()
        try:
            with self.engine.connect() as conn:
                if self.sqlite:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise _busy()
                    conn.exec_driver_sql(f"PRAGMA busy_timeout = {math.ceil(1000 * left)}")
                    conn.commit()
                with conn.begin():
                    yield conn
        finally:
            if lock is not None:
                lock.release()

    def close(self) -> None:
        self._readers.shutdown(wait=False, cancel_futures=True)
        self._writers.shutdown(wait=False, cancel_futures=True)
        self.engine.dispose()

    # -- changes of a table ---------------------------------------------------------
    # Every change of a table is one transaction that locks its row (PostgreSQL: FOR
    # UPDATE; SQLite has one writer anyway), checks the version the caller holds, applies
    # its steps, raises the version and notifies every process (on commit, never before).
    def change(self, table_id: str, expected: int | None, *steps: Step, ai_seat: int | None = None,
               queue: bool = False, note: dict[str, Any] | None = None) -> int:
        """Apply ``steps`` to the table in one transaction; returns its new version. ``expected``:
        the version the caller read (another one: :class:`Stale`, nothing written; None: any).
        ``queue``: the AI's decisions are queued (``soulforge worker``): the table's job is
        replaced by one for ``ai_seat`` at the new version, if an AI is to move. ``note``: more
        for the notification (a move itself, so that a listening copy at the version before
        applies it without reading anything)."""
        try:
            with self._writing() as conn:
                query = select(tables_t.c.version).where(tables_t.c.id == table_id)
                found = conn.execute(query if self.sqlite else query.with_for_update()).scalar()
                if found is None or not _is_int(found):
                    raise DamagedRecord(table_id, "version", f"{found!r} is not a version")
                if expected is not None and found != expected:
                    raise Stale(table_id, found)
                for step in steps:
                    step(conn)
                version: int = max(time.time_ns() // 1000, found + 1)
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(version=version))
                if queue:
                    conn.execute(delete(jobs_t).where(jobs_t.c.table_id == table_id))
                    if ai_seat is not None:
                        conn.execute(insert(jobs_t).values(table_id=table_id, version=version, seat=ai_seat,
                                                           created=time.time(), attempts=0))
                self._notify(conn, {"t": table_id, "v": version, "p": found,
                                    "j": ai_seat is not None and queue, **(note or {})})
        except IntegrityError:
            raise MoveConflict(f"a move of table {table_id} is already stored") from None
        return version

    def _notify(self, conn: Connection, message: dict[str, Any]) -> None:
        """Tell every process listening (PostgreSQL ``NOTIFY``, sent when the transaction commits)."""
        if not self.sqlite:
            text = json.dumps({**message, "o": self.origin}, separators=(",", ":"))
            if len(text) > NOTE_BYTES and "m" in message:  # too long to carry: listeners read the move
                text = json.dumps({**message, "m": None, "o": self.origin}, separators=(",", ":"))
            conn.execute(select(func.pg_notify(CHANNEL, text)))

    def version_of(self, table_id: str) -> int | None:
        """The table's stored version (None: no such table)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(tables_t.c.version).where(tables_t.c.id == table_id)).scalar()
        return found if _is_int(found) else None

    def versions_of(self, table_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these tables, in one query (a table gone, or whose
        version is not a number, is left out)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id, tables_t.c.version).where(tables_t.c.id.in_(table_ids)))
            return {str(row.id): int(row.version) for row in rows if _is_int(row.version)}

    def create_table(self, row: TableRow, ai_seat: int | None = None, queue: bool = False) -> None:
        with self._writing() as conn:
            values = {f.name: getattr(row, f.name) for f in dataclasses.fields(row) if f.name != "seats"}
            conn.execute(insert(tables_t).values(**values))
            for seat in row.seats:
                conn.execute(insert(seats_t).values(table_id=row.id, **dataclasses.asdict(seat)))
            if queue and ai_seat is not None:
                conn.execute(insert(jobs_t).values(table_id=row.id, version=row.version, seat=ai_seat,
                                                   created=time.time(), attempts=0))
                self._notify(conn, {"t": row.id, "v": row.version, "j": True})

    def append_move(self, table_id: str, number: int, seat: int, action: dict[str, Any],
                    status: str, returns: list[float] | None, clock: dict[str, Any] | None = None) -> int:
        """Store move ``number``, the table status and its clock in one transaction."""
        return self.change(table_id, None, moved(table_id, number, seat, action, status, returns, clock))

    def truncate(self, table_id: str, keep: int) -> int:
        """Drop the moves numbered ``keep`` and later (undo)."""
        return self.change(table_id, None, truncated(table_id, keep))

    def set_seat_secret(self, table_id: str, seat: int, secret_hash: str, claimed: bool) -> int:
        """A seat's one secret: its player's token (``claimed``) or a pending invite's code."""
        return self.change(table_id, None, seat_set(table_id, seat, token_hash=secret_hash, claimed=claimed))

    def set_seat_name(self, table_id: str, seat: int, name: str | None) -> int:
        return self.change(table_id, None, seat_set(table_id, seat, name=name))

    def end_on_time(self, table_id: str, returns: list[float], clock: dict[str, Any]) -> int:
        """The game ended by a claim on time: the table is over with these returns."""
        return self.change(table_id, None, table_set(table_id, status="over", returns=returns, clock=clock))

    def set_spectators_muted(self, table_id: str, muted: bool) -> int:
        return self.change(table_id, None, table_set(table_id, spectators_muted=muted))

    # -- the AI's queue (``soulforge worker``) -------------------------------------------
    def take_job(self, worker: str, lease: float) -> AIJob | None:
        """The oldest AI decision nobody holds (none, or its lease ran out: its worker died),
        leased to ``worker`` for ``lease`` seconds; None when there is none. PostgreSQL skips
        the rows other workers are taking at this moment (``SKIP LOCKED``)."""
        now = time.time()
        with self._writing() as conn:
            query = (select(jobs_t).where(or_(jobs_t.c.leased_until.is_(None), jobs_t.c.leased_until < now))
                     .order_by(jobs_t.c.created).limit(1))
            locked = query if self.sqlite else query.with_for_update(skip_locked=True)
            row = conn.execute(locked).mappings().first()
            if row is None:
                return None
            attempts = int(row["attempts"]) + 1
            conn.execute(update(jobs_t).where(jobs_t.c.table_id == row["table_id"])
                         .values(leased_until=now + lease, worker=worker, attempts=attempts))
        return AIJob(str(row["table_id"]), int(row["version"]), int(row["seat"]), attempts)

    def drop_job(self, table_id: str, version: int) -> None:
        """Forget the job of the table at ``version`` (its table moved on, or it is given up)."""
        with self._writing() as conn:
            conn.execute(delete(jobs_t).where(jobs_t.c.table_id == table_id, jobs_t.c.version == version))

    def queue_job(self, table_id: str, version: int, seat: int) -> bool:
        """Queue the AI decision of a table at ``version`` unless one is queued (a resume)."""
        with self._writing() as conn:
            query = select(jobs_t.c.version).where(jobs_t.c.table_id == table_id)
            if conn.execute(query if self.sqlite else query.with_for_update()).first() is not None:
                return False
            conn.execute(insert(jobs_t).values(table_id=table_id, version=version, seat=seat,
                                               created=time.time(), attempts=0))
            self._notify(conn, {"t": table_id, "v": version, "j": True})
        return True

    def jobs(self) -> list[AIJob]:
        """Every queued AI decision (for tests and the operator)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(jobs_t).order_by(jobs_t.c.created)).mappings().all()
        return [AIJob(str(r["table_id"]), int(r["version"]), int(r["seat"]), int(r["attempts"]))
                for r in rows]

    def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> dict[str, Any]:
        """Store a chat message as the table's next one; returns it as sent to the room."""
        with self._writing() as conn:
            numbers = select(func.max(chat_t.c.number)).where(chat_t.c.table_id == table_id)
            last = conn.execute(numbers).scalar()
            if last is not None and not _is_int(last):
                raise DamagedRecord(table_id, "chat", f"message number {last!r} is not a whole number")
            message = {"number": (last or 0) + 1, "seat": seat, "name": name, "text": text, "at": time.time()}
            conn.execute(insert(chat_t).values(table_id=table_id, **message))
            self._notify(conn, {"t": table_id, "chat": message})
        return message

    # -- reads ----------------------------------------------------------------------
    # Every read takes the columns as the driver gives them (``_raw``) and checks each field:
    # a damaged row raises DamagedRecord naming its table and field, never a 500 for all.
    def chat(self, table_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The table's last ``limit`` chat messages, oldest first (``DamagedRecord``: a bad one)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(*_raw(chat_t)).where(chat_t.c.table_id == table_id)
                                .order_by(chat_t.c.number.desc()).limit(limit)).mappings().all()
        return [_chat_message(table_id, dict(row)) for row in reversed(rows)]

    def table(self, table_id: str) -> TableRow | None:
        """The table's row and seats, None if there is none (``DamagedRecord``: a bad field)."""
        with self.engine.connect() as conn:
            return self._table(conn, table_id)

    def _table(self, conn: Connection, table_id: str) -> TableRow | None:
        row = conn.execute(select(*_raw(tables_t)).where(tables_t.c.id == table_id)).mappings().first()
        if row is None:
            return None
        seats = conn.execute(select(*_raw(seats_t)).where(seats_t.c.table_id == table_id)
                             .order_by(seats_t.c.seat)).mappings().all()
        return _table_row(dict(row), [dict(s) for s in seats])

    def snapshot(self, table_id: str) -> tuple[TableRow, list[tuple[int, dict[str, Any]]]] | None:
        """The table's row and moves as one transaction saw them (PostgreSQL: REPEATABLE READ,
        so another process's move cannot fall between them); None: no such table."""
        options = {} if self.sqlite else {"isolation_level": "REPEATABLE READ"}
        with self.engine.connect().execution_options(**options) as conn, conn.begin():
            row = self._table(conn, table_id)
            return None if row is None else (row, self._moves(conn, table_id))

    def listing(self, status: str | None = None, limit: int | None = 200, ids: list[str] | None = None,
                ) -> tuple[list[TableRow], dict[str, str]]:
        """The newest ``limit`` tables (of a ``status``; among ``ids`` if given) whose rows are
        sound, and the damaged ones' reasons by table: one damaged row never hides the others."""
        query = select(*_raw(tables_t)).order_by(tables_t.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        if ids is not None:
            query = query.where(tables_t.c.id.in_(ids))
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings()]
            ids = [r["id"] for r in rows]
            seats = [dict(s) for s in conn.execute(
                select(*_raw(seats_t)).where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)).mappings()]
        by_table: dict[Any, list[dict[str, Any]]] = {}
        for seat in seats:
            by_table.setdefault(seat["table_id"], []).append(seat)
        sound, damaged = [], {}
        for row in rows:
            try:
                sound.append(_table_row(row, by_table.get(row["id"], [])))
            except DamagedRecord as err:
                damaged[str(row["id"])] = str(err)
        return sound, damaged

    def tables(self, status: str | None = None, limit: int | None = 200) -> list[TableRow]:
        """The newest ``limit`` sound tables (of a ``status``); damaged ones are left out."""
        return self.listing(status, limit)[0]

    def moves(self, table_id: str) -> list[tuple[int, dict[str, Any]]]:
        """``(seat, action JSON)`` of each stored move, in order (``DamagedRecord``: a bad one)."""
        with self.engine.connect() as conn:
            return self._moves(conn, table_id)

    def _moves(self, conn: Connection, table_id: str) -> list[tuple[int, dict[str, Any]]]:
        rows = conn.execute(select(*_raw(moves_t)).where(moves_t.c.table_id == table_id)
                            .order_by(moves_t.c.number)).mappings().all()
        out: list[tuple[int, dict[str, Any]]] = []
        for number, row in enumerate(rows):
            action = _json(row["action"])
            if not _is_int(row["number"]) or row["number"] != number:
                raise DamagedRecord(table_id, f"move {number}", f"stored as number {row['number']!r}")
            if not _is_int(row["seat"]) or not isinstance(action, dict):
                raise DamagedRecord(table_id, f"move {number}", "its seat or action is not readable")
            out.append((row["seat"], action))
        return out

    def damaged(self) -> dict[str, str]:
        """Every damaged table of the database and why (its row, seats, moves or chat): what
        ``soulforge doctor`` lists. Reads everything: for the operator, not for a request."""
        found = self.listing(None, None)[1]
        with self.engine.connect() as conn:
            ids = [str(row[0]) for row in conn.execute(select(tables_t.c.id)).all()]
        for table_id in ids:
            if table_id in found:
                continue
            try:
                self.moves(table_id)
                self.chat(table_id, limit=1_000_000)
            except DamagedRecord as err:
                found[table_id] = str(err)
        return found


Step = Callable[[Connection], None]
"""One write of a change of a table (``Storage.change``), run in its transaction."""


def moved(table_id: str, number: int, seat: int, action: dict[str, Any], status: str,
          returns: list[float] | None, clock: dict[str, Any] | None) -> Step:
    """Store move ``number`` and the table's status, returns and clock after it."""
    def step(conn: Connection) -> None:
        conn.execute(insert(moves_t).values(table_id=table_id, number=number, seat=seat, action=action,
                                            at=time.time()))
        conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                     .values(status=status, returns=returns, clock=clock))
    return step


def truncated(table_id: str, keep: int) -> Step:
    """Drop the moves numbered ``keep`` and later (undo)."""
    def step(conn: Connection) -> None:
        conn.execute(delete(moves_t).where(moves_t.c.table_id == table_id, moves_t.c.number >= keep))
    return step


def seat_set(table_id: str, seat: int, **values: Any) -> Step:
    """Set columns of a seat's row."""
    def step(conn: Connection) -> None:
        conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                     .values(**values))
    return step


def table_set(table_id: str, **values: Any) -> Step:
    """Set columns of the table's row."""
    def step(conn: Connection) -> None:
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
    return step


SERVING: dict[str, int] = {}
"""The SQLite databases this process serves, and the lock file held for each."""


def serve_alone(url: str | None) -> None:
    """SQLite serves one process: hold ``<database>.serving`` locked while this process lives;
    another server process on the same file is refused (:class:`SecondProcess`, one line)."""
    parsed = make_url(database_url(url))
    path = parsed.database if parsed.get_backend_name() == "sqlite" else None
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    key = os.path.realpath(path)
    if key in SERVING:
        return  # this process serves it already (a test starting its app again)
    import fcntl

    handle = os.open(key + ".serving", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(handle)
        raise SecondProcess(f"another soulforge server already serves {path}: SQLite serves one process; "
                            "run several servers over PostgreSQL (--db postgresql://...)") from None
    SERVING[key] = handle


def _busy() -> OperationalError:
    """The error of a write that could not start in time (answered 503 with ``Retry-After``)."""
    return OperationalError("(write queue)", None,
                            TimeoutError(f"the database stayed locked for {WRITE_WAIT:g} s"))


def _raw(table: Table) -> list[Any]:
    """The table's columns as the driver gives them: no decoding that could fail mid-query
    (a non-JSON ``options`` would break the whole lobby's query), checked row by row after."""
    return [type_coerce(column, Text).label(column.name) for column in table.c]


def _json(value: Any) -> Any:
    """A JSON column's value: decoded if the driver gave text, else as given (None if unreadable)."""
    if isinstance(value, bytes | str):
        try:
            return json.loads(value)
        except ValueError:
            return _UNREADABLE
    return value


_UNREADABLE = object()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _flag(table_id: str, field: str, value: Any) -> bool:
    """A boolean column (SQLite stores 0 or 1)."""
    if isinstance(value, bool) or value in (0, 1):
        return bool(value)
    raise DamagedRecord(table_id, field, f"{value!r} is not true or false")


def _checked(table_id: str, field: str, value: Any, ok: bool, expected: str) -> Any:
    """``value`` if ``ok``, else the table is damaged at ``field``."""
    if not ok:
        shown = "unreadable JSON" if value is _UNREADABLE else repr(value)[:60]
        raise DamagedRecord(table_id, field, f"{shown} is not {expected}")
    return value


FLAGS = ("hot_seat", "listed", "seed_chosen", "spectators_muted", "rated")


def open_storage(url: str | None = None) -> Storage:
    """:class:`Storage` at ``url``, every reason it cannot be used a :class:`StorageError` of
    one line (for ``serve`` and ``doctor``: a sentence, not a traceback)."""
    try:
        return Storage(url)
    except ArgumentError:  # not a URL SQLAlchemy can read
        raise StorageError(f"--db {url!r}: not a database URL (e.g. sqlite:///var/soulforge.db, "
                           "postgresql://...)") from None
    except ImportError as err:  # a dialect whose driver is not installed
        driver = err.name or err
        raise StorageError(f"--db {url!r}: its database driver is not installed ({driver})") from None
    except OSError as err:  # a folder that does not exist, a file that cannot be locked
        where = f": {err.filename}" if err.filename else ""
        raise StorageError(f"the database {url} cannot be used: {err.strerror or err}{where}") from None


def _table_row(row: dict[str, Any], seats: list[dict[str, Any]]) -> TableRow:
    """A table's row and seats as read, every field checked (``DamagedRecord`` names the first bad one)."""
    tid = str(row["id"])
    game = _checked(tid, "game", row["game"], isinstance(row["game"], str) and row["game"] != "", "a game id")
    options = _json(row["options"])
    _checked(tid, "options", options, isinstance(options, dict) and all(isinstance(k, str) for k in options),
             "a JSON object")
    seed = _checked(tid, "seed", row["seed"], _is_int(row["seed"]), "a whole number")
    players = _checked(tid, "players", row["players"], _is_int(row["players"]) and row["players"] >= 1,
                       "a number of players")
    status = _checked(tid, "status", row["status"], row["status"] in ("playing", "over"), "playing or over")
    returns = _json(row["returns"])
    _checked(tid, "returns", returns, returns is None or (
        isinstance(returns, list) and len(returns) == players and all(map(_is_number, returns))),
        f"{players} numbers")
    created = _checked(tid, "created", row["created"], _is_number(row["created"]), "a time")
    clock = _json(row["clock"])
    _checked(tid, "clock", clock, clock is None or _clock_ok(clock, players), "a turn clock")
    seat_rows = _seat_rows(tid, seats, players)
    flag = {name: _flag(tid, name, row[name]) for name in FLAGS}
    version = _int_text(row["version"])
    _checked(tid, "version", version, _is_int(version), "a version")
    rematch = _json(row["rematch"])
    _checked(tid, "rematch", rematch, rematch is None or isinstance(rematch, dict), "a rematch")
    return TableRow(tid, game, options, seed, players, flag["hot_seat"], flag["listed"], flag["seed_chosen"],
                    status, returns, created, seat_rows, flag["spectators_muted"], clock, flag["rated"],
                    version, rematch)


def _int_text(value: Any) -> Any:
    """A whole number the driver may give as text (a BIGINT read as Text on SQLite)."""
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


def _seat_rows(tid: str, seats: list[dict[str, Any]], players: int) -> list[SeatRow]:
    """The seats, one per player numbered from 0, each field checked."""
    numbers = [s["seat"] for s in seats]
    _checked(tid, "seats", numbers, numbers == list(range(players)), f"seats 0 to {players - 1}")
    out = []
    for s in seats:
        field = f"seat {s['seat']}"
        kind = _checked(tid, field, s["kind"], s["kind"] in ("human", "ai"), "human or ai")
        level, token, name = s["level"], s["token_hash"], s["name"]
        for value in (level, token, name):
            _checked(tid, field, value, value is None or isinstance(value, str), "text")
        out.append(SeatRow(s["seat"], kind, level, token, _flag(tid, field, s["claimed"]), name))
    return out


def _clock_ok(clock: Any, players: int) -> bool:
    """A stored turn clock (``clock.Clock.to_json``) of ``players`` seats."""
    if not isinstance(clock, dict):
        return False
    bank, running, claimed = clock.get("bank"), clock.get("running"), clock.get("claimed_by")
    return (isinstance(bank, list) and len(bank) == players and all(map(_is_number, bank))
            and _is_number(clock.get("since"))
            and all(v is None or (_is_int(v) and 0 <= v < players) for v in (running, claimed)))


def _chat_message(table_id: str, row: dict[str, Any]) -> dict[str, Any]:
    """A stored chat message, every field checked (``DamagedRecord``: the table's chat is damaged)."""
    ok = (_is_int(row["number"]) and (row["seat"] is None or _is_int(row["seat"]))
          and isinstance(row["name"], str) and isinstance(row["text"], str) and _is_number(row["at"]))
    _checked(table_id, "chat", row["number"], ok, "a readable chat message")
    return {k: row[k] for k in ("number", "seat", "name", "text", "at")}


def _make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT})

    @event.listens_for(engine, "checkin")
    def _patient_again(dbapi_conn: Any, _record: Any) -> None:
        # a write shortened its busy wait to its deadline: reads wait the usual time again
        with contextlib.suppress(Exception):
            dbapi_conn.execute(f"PRAGMA busy_timeout = {int(1000 * BUSY_TIMEOUT)}")

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
