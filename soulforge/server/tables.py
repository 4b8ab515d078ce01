"""Live tables: the state rebuilt from the stored record, moves, undo, AI turns.

The server is the only authority. A move is checked by the state, stored, and only then
applied and announced: no seat hears of a move the database does not hold. Every
payload a seat receives is built from ``view(seat)`` and ``log(seat)`` alone.

On PostgreSQL several processes serve the same tables (issue 35, docs/scaling.md): each
keeps its own copy, keyed by the table's stored version; every change is stored against
the version the copy has (``_store``), and a copy found older is reloaded (``_reload``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import json
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import soulforge
from soulforge import agents
from soulforge.core import Game, IllegalAction, Record, State
from soulforge.core.text import verdict
from soulforge.games import game_class, load
from soulforge.server import eviction
from soulforge.server.clock import Clock
from soulforge.server.clock import now as clock_now
from soulforge.server.people import Limits, RateLimited, Rates, clean_message, clean_name
from soulforge.server.render import render_board
from soulforge.server.storage import (
    DamagedRecord,
    MoveConflict,
    SeatRow,
    Stale,
    Step,
    Storage,
    TableRow,
    hash_token,
    moved,
    seat_set,
    table_set,
    truncated,
)
from soulforge.server.thinking import AIGaveUp, Thinkers

log = logging.getLogger("soulforge.server")
AI_LEVELS = ("easy", "normal", "hard", "random")


class TableError(Exception):
    """A refusal with its HTTP status (404, 403, 409, 422, 429: ``retry_after`` seconds)."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@dataclasses.dataclass
class LiveTable:
    row: TableRow
    state: State
    movers: list[int]  # the seat that made each move
    lock: asyncio.Lock = dataclasses.field(default_factory=asyncio.Lock)
    version: int = dataclasses.field(default_factory=lambda: time.time_ns() // 1000)
    """The stored version (``Storage.change``): grows with every change, also across restarts and
    processes; clients drop older payloads; a process whose copy is older reloads it."""
    ai_task: asyncio.Task[None] | None = None
    rematch: Rematch | None = None
    """The rematch offered at the end, if one was."""
    cache: dict[tuple[frozenset[int], bool], str] = dataclasses.field(default_factory=dict)
    cached_version: int = 0
    players: dict[int, agents.Agent] = dataclasses.field(default_factory=dict)
    """The AI of each AI seat, kept from move to move (an agent may plan a whole turn)."""
    touched: float = dataclasses.field(default_factory=time.monotonic)
    """When a request or a change last used the table (``eviction``: idle ones leave memory)."""
    accounts: dict[int, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """The accounts holding seats, by seat: ``{"account": name, "rating": shown or None}``."""
    owners: dict[int, int] = dataclasses.field(default_factory=dict)
    """The account id holding each seat that an account holds (never sent to anyone)."""
    ai_stuck_on: State | None = None
    """The state the AI failed to move in (given up or refused): the table waits, no longer
    shown as thinking, until its state changes (an undo) or the server restarts."""

    @property
    def id(self) -> str:
        return self.row.id

    def seat(self, number: int) -> SeatRow:
        return self.row.seats[number]

    @property
    def humans(self) -> list[int]:
        return [s.seat for s in self.row.seats if s.kind == "human"]

    @property
    def over(self) -> bool:
        """The game ended: by its rules, or by a win claimed on time."""
        return self.row.status == "over"

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.state.current_player

    @property
    def ai_to_move(self) -> bool:
        cp = self.to_move
        return cp is not None and self.row.seats[cp].kind == "ai"

    @property
    def ai_thinking(self) -> bool:
        """An AI is to move and has not failed in this state."""
        return self.ai_to_move and self.ai_stuck_on is not self.state

    def human_to_move(self, state: State) -> int | None:
        """The human seat to move in ``state`` (whose clock runs), if any."""
        cp = state.current_player
        return cp if cp is not None and self.row.seats[cp].kind == "human" else None


@dataclasses.dataclass(frozen=True)
class Rematch:
    """A new table offered at the end: the same game, options and seats, seats rotated."""

    table: str
    seat_of: dict[int, int]
    """Each old seat's seat at the new table."""
    invites: dict[int, str]
    """The one-time invite code of each other human's new seat, by their old seat."""


    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "seat_of": {str(k): v for k, v in self.seat_of.items()},
                "invites": {str(k): v for k, v in self.invites.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Rematch | None:
        """The stored rematch (None: none, or not readable: the offer is not shown)."""
        try:
            return None if data is None else cls(str(data["table"]),
                                                 {int(k): int(v) for k, v in data["seat_of"].items()},
                                                 {int(k): str(v) for k, v in data["invites"].items()})
        except (KeyError, TypeError, ValueError, AttributeError):
            return None


Broadcast = Callable[[LiveTable], Awaitable[None]]





def new_secret() -> str:
    """A seat token or invite code: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


RESUME_PACE = 2.0
"""Seconds the background resume waits at most for a resumed table's AI move before the next."""


def replay(record: Record) -> State:
    """The state of a stored record, with its game's action index ready (a worker thread calls
    it: neither a long replay nor the index's first build holds up the event loop)."""
    state = record.replay(load=load)
    state.game.prepare_action_index()
    return state


CATCH_UP = 5.0
"""Seconds between a process's checks of the stored versions of the tables its websockets
watch (:meth:`TableService.catch_up`): at most this late is a move whose notification was
lost; notifications bring every other one at once."""
CATCH_UP_BATCH = 500
"""Tables whose versions one query reads."""


AI_TIME_LIMIT = 4.0
"""Seconds of wall clock a searching AI of the web table may think per decision: a ceiling
(``time_limit``) so that nobody waits much longer even on a slow or busy machine. On an idle
machine every level ends on its iteration count well before it (docs/limits.md, "AI
thinking"); when it binds, the choice depends on the machine's speed, which a table's
replay does not need (its moves are stored, not recomputed)."""


def make_agent(level: str, seed: int, game: Game) -> agents.Agent:
    """The AI of a level as ``game`` plays it (``agents.for_level``), a searching one with the
    ceiling :data:`AI_TIME_LIMIT`; ``random`` is the fastest one (tests)."""
    if level == "random":
        return agents.load("random", seed=seed)
    name, _ = agents.parse_spec(agents.level_spec(level, game))
    if "time_limit" in inspect.signature(agents.REGISTRY[name]).parameters:
        return agents.for_level(level, seed, game, time_limit=AI_TIME_LIMIT)
    return agents.for_level(level, seed, game)


class TableService:
    def __init__(self, storage: Storage, thinkers: Thinkers | None = None,
                 max_live: int = eviction.MAX_LIVE_TABLES, queue_ai: bool = False) -> None:
        self.storage = storage
        self.shared = not storage.sqlite
        """PostgreSQL: other processes may serve the same tables (issue 35): each request
        compares the stored version with the copy in memory, and notifications come."""
        self.queue_ai = queue_ai
        """The AI's decisions are queued in the database for ``soulforge worker`` processes
        (none is thought here); else this process thinks them in its own pool."""
        self.thinkers = thinkers or Thinkers()
        self.live: dict[str, LiveTable] = {}
        """The tables replayed in memory: at most ``max_live`` once idle ones are dropped."""
        self.max_live = max_live
        self.watched: Callable[[str], bool] = lambda _table_id: False
        """Whether a websocket watches a table (the hub tells): such a table stays live."""
        self.damaged: dict[str, str] = {}
        """Tables whose stored record is damaged (a bad field, or it no longer replays), and
        why: each answers 409 alone, and is logged once for the operator."""
        self.broadcast: Broadcast | None = None
        self.chat_broadcast: Callable[[str, dict[str, Any]], Awaitable[None]] | None = None
        self.rates = Rates(Limits.from_env())
        """Every write's allowance per address and per seat (``people.Limits``)."""
        self.on_over: Callable[[LiveTable], Awaitable[None]] | None = None
        """Called once a table ends (by its rules or a claim on time): rated tables are rated."""
        self.accounts_of: Callable[[LiveTable], Awaitable[dict[int, dict[str, Any]]]] | None = None
        """The accounts holding the table's seats and their ratings (shown beside the names)."""
        self.seat_guard: Callable[[LiveTable, set[int]], None] | None = None
        """Refuses (TableError) seats whose account may not act (a disabled one)."""
        self.account_ok: Callable[[int], bool] = lambda _account: True
        """Whether a signed-in account may act for its seats (not a disabled one)."""
        self.seat_moved: Callable[[LiveTable, int], Awaitable[None]] | None = None
        """Called when a seat's player moves it to another browser (a new invite): the account
        holding it lets go of it (whoever claims the invite signed in takes it anew)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._change: asyncio.Event | None = None

    # -- loading --------------------------------------------------------------------
    async def resume_all(self) -> None:
        """After a (re)start: serve at once. A table is replayed on its first request; those
        with an AI seat are replayed in the background, one at a time, so that an AI to move
        plays on (:meth:`_resume`)."""
        self._spawn(self._resume())

    async def _resume(self) -> None:
        """Replay each unfinished table with an AI seat, one after the other; after one whose
        AI is to move, wait for that move (at most :data:`RESUME_PACE` s) before the next, so
        resumed tables do not flood the AI pool ahead of the people playing now."""
        rows = await self.listing("playing", 10_000)
        for row in rows:
            if row.id in self.live or not any(seat.kind == "ai" for seat in row.seats):
                continue
            try:
                table = await self.get(row.id, touch=False)
            except TableError:  # damaged: logged, answered as such, the others go on
                continue
            except Exception:  # a table whose game no longer loads must not stop the server
                log.exception("cannot resume table %s", row.id)
                continue
            if table.ai_task is not None:
                await asyncio.wait({table.ai_task}, timeout=RESUME_PACE)

    def spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` in the background, cancelled at :meth:`shutdown` (for the app's own jobs)."""
        self._spawn(job)

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` in the background, cancelled at :meth:`shutdown`."""
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _keep(self, table: LiveTable) -> LiveTable:
        """Hold ``table`` live (the one already live if another request loaded it meanwhile),
        dropping idle tables beyond the bound (``eviction``)."""
        table = self.live.setdefault(table.id, table)
        for table_id in eviction.to_drop(self.live, self.watched, self.max_live, ai_here=not self.queue_ai):
            del self.live[table_id]  # its payload cache and agents go with it
        return table

    async def get(self, table_id: str, touch: bool = True) -> LiveTable:
        """The live table, replayed from its record if it is not in memory; ``touch`` False:
        not a request (the table may be dropped as soon as it is idle)."""
        table = self.live.get(table_id)
        if table is not None:
            if touch:
                table.touched = time.monotonic()
            if self.shared and await self.storage.read(self.storage.version_of, table_id) != table.version:
                await self.refresh(table)
            return table
        if table_id in self.damaged:  # answered at once: no database read for it
            raise TableError(409, self.damaged[table_id])
        try:
            found = await self.storage.read(self.storage.snapshot, table_id)
            if found is None:
                raise TableError(404, f"no table {table_id!r}")
            row, moves = found
        except DamagedRecord as err:
            raise self.quarantine(table_id, str(err)) from None
        try:
            state = await asyncio.to_thread(replay, Record(row.game, row.options, row.seed, row.players,
                                                           [a for _, a in moves]))
        except Exception as err:  # a rule or game changed under a stored record: this table only
            raise self.quarantine(table_id, "its record no longer replays "
                                            f"({type(err).__name__}: {str(err)[:160]})") from None
        touched = time.monotonic() if touch else -math.inf  # a background resume: idle at once
        fresh = LiveTable(row, state, [s for s, _ in moves], touched=touched, version=row.version,
                          rematch=Rematch.from_json(row.rematch))
        if self.accounts_of is not None:
            fresh.accounts = await self.accounts_of(fresh)
        if table_id in self.damaged:  # quarantined by another request while this one replayed
            raise TableError(409, self.damaged[table_id])
        table = self._keep(fresh)  # no await since the check: a quarantine cannot slip in between
        self._schedule_ai(table)
        return table

    async def accounts_changed(self, table: LiveTable) -> None:
        """Read the table's accounts and ratings anew (a seat attached, a game rated) and tell
        the room."""
        if self.accounts_of is None:
            return
        table.accounts = await self.accounts_of(table)
        await self._bump(table)
        await self._announce(table)

    async def _ended(self, table: LiveTable) -> None:
        """The table just ended: let the ratings know (a failure there is logged, the game's
        end stands)."""
        if self.on_over is None:
            return
        try:
            await self.on_over(table)
        except Exception:
            log.exception("the end of table %s could not be rated", table.id)

    def quarantine(self, table_id: str, reason: str) -> TableError:
        """Mark a table damaged (the 409 it answers from now on, logged once for the operator)
        and forget its live copy; the other tables go on."""
        if table_id not in self.damaged:
            self.damaged[table_id] = f"table {table_id!r} is damaged: {reason}"
            log.warning("%s (quarantined; `soulforge doctor` lists every damaged table)",
                        self.damaged[table_id])
        self.live.pop(table_id, None)
        return TableError(409, self.damaged[table_id])

    async def listing(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        """The newest ``limit`` sound tables (of a ``status``), for the lobby; the damaged
        ones met on the way are quarantined, not shown."""
        rows, damaged = await self.storage.read(self.storage.listing, status, limit)
        for table_id, reason in damaged.items():
            self.quarantine(table_id, reason)
        return [row for row in rows if row.id not in self.damaged]  # nor those found damaged before

    def _limit(self, *keys: tuple[str, Any] | None) -> None:
        """Count a write against its allowances, or refuse it: 429 saying how long to wait."""
        try:
            self.rates.check(*keys)
        except RateLimited as err:
            raise TableError(429, str(err), retry_after=err.retry_after) from None

    # -- changes shared with other processes (issue 35) ---------------------------------
    async def _store(self, table: LiveTable, *steps: Step, after: State | None = None,
                     status: str | None = None, note: dict[str, Any] | None = None) -> None:
        """Write a change of ``table`` (call with its lock held): one transaction that checks the
        stored version is the one in memory, writes ``steps`` and raises the version; the AI's
        next decision is queued with it (``queue_ai``) when ``after`` (the state it leaves,
        default the table's) has an AI to move. Another process changed the table meanwhile:
        the copy is reloaded and the change refused (409), nothing written."""
        state = table.state if after is None else after
        ai_seat = self._ai_seat(table, state, status or table.row.status)
        try:
            table.version = await self.storage.write(self.storage.change, table.id, table.version, *steps,
                                                     ai_seat=ai_seat, queue=self.queue_ai, note=note)
        except Stale:
            await self._reload(table)
            raise TableError(409, "the table changed meanwhile (another player or server): "
                                  f"it is at move {table.state.move_number} now") from None
        except DamagedRecord as err:
            raise self.quarantine(table.id, str(err)) from None

    async def _bump(self, table: LiveTable) -> None:
        """A new version with nothing else stored (what is not in the table's rows changed: an
        account's rating, the AI given up), so that every copy and client takes the new
        payload. It may run with the table's lock held or not (a game's end is rated under
        it): when another process changed the table meanwhile, the copy is marked old and
        reloaded once the lock is free."""
        state = table.state
        try:
            table.version = await self.storage.write(
                self.storage.change, table.id, table.version,
                ai_seat=self._ai_seat(table, state, table.row.status), queue=self.queue_ai)
        except Stale:
            table.version = 0  # older than any stored version: the next look reloads it
            self._spawn(self.refresh(table))

    @staticmethod
    def _ai_seat(table: LiveTable, state: State, status: str) -> int | None:
        """The AI seat to move in ``state``, if any (its decision is queued)."""
        if status == "over" or state.is_over:
            return None
        seat = state.current_player
        return seat if seat is not None and table.row.seats[seat].kind == "ai" else None

    async def refresh(self, table: LiveTable, version: int | None = None) -> None:
        """Bring the copy in memory up to the stored table (another process changed it; to
        ``version`` at least, if given) and tell this process's websockets."""
        async with table.lock:
            if version is not None and table.version >= version:
                return  # an earlier notification's reload brought it there
            changed = await self._reload(table)
        if changed:
            await self._announce(table)

    async def _reload(self, table: LiveTable) -> bool:
        """Read the table anew into the copy in memory (call with its lock held): only the
        moves it lacks are applied when the stored ones begin with its own, else (an undo) the
        record is replayed. False: it was up to date."""
        try:
            found = await self.storage.read(self.storage.snapshot, table.id)
        except DamagedRecord as err:
            raise self.quarantine(table.id, str(err)) from None
        if found is None:
            raise TableError(404, f"no table {table.id!r}")
        row, moves = found
        if row.version == table.version:
            return False
        stored = [action for _, action in moves]
        history = table.state.history
        state = table.state
        try:
            same_game = row.options == table.row.options  # options change before the first move only
            if same_game and len(stored) >= len(history) and all(
                    stored[i] == a.to_json() for i, a in enumerate(history)):
                if len(stored) > len(history):
                    state = state.clone()
                    for seat, action in moves[len(history):]:
                        state.apply(state.game.action_from_json(action), seat)
            else:
                state = await asyncio.to_thread(replay, Record(row.game, row.options, row.seed, row.players,
                                                               stored))
        except Exception as err:  # as in ``get``: this table only
            raise self.quarantine(table.id, "its record no longer replays "
                                            f"({type(err).__name__}: {str(err)[:160]})") from None
        table.row, table.state, table.movers = row, state, [seat for seat, _ in moves]
        table.version, table.rematch = row.version, Rematch.from_json(row.rematch)
        if self.accounts_of is not None:
            table.accounts = await self.accounts_of(table)
        return True

    async def notified(self, message: dict[str, Any]) -> None:
        """Another process changed a table (``fanout``): a copy this process's websockets
        watch is reloaded and sent to each of them; a chat message is passed on. A copy nobody
        watches here is left: the next request finds its version old and reloads it."""
        if message.get("o") == self.storage.origin or not isinstance(message.get("t"), str):
            return
        table_id: str = message["t"]
        if not self.watched(table_id):
            return
        chat = message.get("chat")
        if isinstance(chat, dict):
            if self.chat_broadcast is not None:
                await self.chat_broadcast(table_id, {"type": "chat", **chat})
            return
        table = self.live.get(table_id)
        version = message.get("v")
        if table is None or not isinstance(version, int) or version <= table.version:
            return
        if await self._apply_note(table, message):
            return
        with contextlib.suppress(TableError):  # damaged (quarantined, logged) or gone
            await self.refresh(table, version)

    async def _apply_note(self, table: LiveTable, message: dict[str, Any]) -> bool:
        """Apply the move a notification carries to a copy at the version just before it, with
        nothing read (the common case: one move after another); False: reload instead."""
        move = message.get("m")
        if not isinstance(move, dict):
            return False
        async with table.lock:
            if table.version != message.get("p") or move.get("n") != table.state.move_number:
                return False
            try:
                after = table.state.clone()
                after.apply(after.game.action_from_json(move["a"]), move["s"])
            except Exception:  # not what this copy can apply: read the table instead
                return False
            table.state = after
            table.movers.append(move["s"])
            table.row.status, table.row.returns, table.row.clock = move["st"], move["r"], move["c"]
            table.version = message["v"]
        await self._announce(table)
        return True

    async def catch_up(self) -> None:
        """Bring every watched copy this process holds up to its stored version, in one read of
        the versions (a copy found older is reloaded and its sockets told). The safety net under
        the notifications: one lost (a reload that failed on a busy database, a connection
        that died quietly) delays a move by at most :data:`CATCH_UP` s, never for ever."""
        watched = [table_id for table_id in self.live if self.watched(table_id)]
        for start in range(0, len(watched), CATCH_UP_BATCH):
            stored = await self.storage.read(self.storage.versions_of, watched[start:start + CATCH_UP_BATCH])
            for table_id, version in stored.items():
                table = self.live.get(table_id)
                if table is not None and version > table.version:
                    with contextlib.suppress(TableError):  # damaged (quarantined, logged) or gone
                        await self.refresh(table, version)

    async def keep_caught_up(self) -> None:
        """:meth:`catch_up` every :data:`CATCH_UP` s, for ever (PostgreSQL: run by the app)."""
        while True:
            await asyncio.sleep(CATCH_UP)
            try:
                await self.catch_up()
            except Exception as err:  # the database away: the next round tries again
                log.warning("the watched tables' versions were not checked (%s)", str(err).splitlines()[0])

    async def resume_queue(self) -> None:
        """Queue the decision of every playing table whose AI is to move and has none queued
        (a table from before the queue, or one whose job was given up): run by one process."""
        for row in await self.listing("playing", 10_000):
            if not any(seat.kind == "ai" for seat in row.seats):
                continue
            try:
                table = await self.get(row.id, touch=False)
            except Exception:  # damaged or no longer loads: logged where found
                log.debug("table %s not resumed", row.id)
                continue
            seat = self._ai_seat(table, table.state, table.row.status)
            if seat is not None:
                await self.storage.write(self.storage.queue_job, table.id, table.version, seat)

    async def shutdown(self) -> None:
        """Stop the AI at once: its turns cancelled, its workers killed mid-think (an AI move
        is stored before it is announced, so nothing acknowledged is lost)."""
        for task in list(self._tasks):
            task.cancel()
        self.thinkers.shutdown()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.thinkers.stopped()

    # -- creating and joining -----------------------------------------------------
    async def create(self, game: str, options: dict[str, Any], players: int | None,
                     seats: Sequence[tuple[str, str | None]], seed: int | None,
                     hot_seat: bool, listed: bool, name: str | None = None, creator: int | None = None,
                     clock_minutes: int | None = None, address: str | None = None, rated: bool = False,
                     turn_hours: int | None = None,
                     ) -> tuple[LiveTable, dict[int, str], dict[int, str]]:
        """A new table; returns it with the creator's seat tokens and the other seats' invites.

        The creator holds the first human seat (every human seat in hot-seat). Each other
        human seat gets a one-time invite code (see :meth:`claim`), or, on a ``listed``
        table, none: the lobby offers it to whoever joins first. ``address`` (the client's)
        is counted before anything is built: 429 beyond its allowance."""
        self._limit(("create", address))
        humans = sum(kind == "human" for kind, _ in seats)
        if seed is not None and humans > 1 and not hot_seat:
            raise TableError(422, "a chosen seed would tell the hidden cards to whoever knows it: it is "
                                  "allowed only with one human seat (practice) or in hot-seat")
        if rated and (humans != len(seats) or len(seats) < 2 or seed is not None or hot_seat):
            raise TableError(422, "a rated table is between people only: two seats or more, every one "
                                  "human, no chosen seed, not hot-seat")
        try:  # no seed: the core draws one from the system's secure source, kept until the end
            state = load(game, **options).new_game(seed=seed, players=players)
        except ValueError as err:
            raise TableError(422, str(err)) from None
        await asyncio.to_thread(state.game.prepare_action_index)  # not in the event loop
        if len(seats) != state.num_players:
            raise TableError(422, f"{state.num_players} seats needed, {len(seats)} given")
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        seat_rows = []
        for number, (kind, level) in enumerate(seats):
            if kind == "ai" and level not in AI_LEVELS:
                raise TableError(422, f"seat {number}: AI level must be one of {list(AI_LEVELS)}")
            secret: str | None = None
            mine = number == creator if creator is not None else not tokens
            if kind == "human" and (hot_seat or mine):
                secret = tokens[number] = new_secret()
            elif kind == "human" and not listed:
                secret = invites[number] = new_secret()
            held = number in tokens or kind == "ai"
            seat_rows.append(SeatRow(number, kind, level if kind == "ai" else None,
                                     hash_token(secret) if secret else None, held,
                                     clean_name(name) if number in tokens else None))
        row = TableRow(secrets.token_hex(6), game, dict(state.game.options), state.seed, state.num_players,
                       hot_seat, listed, seed is not None, "playing", None, time.time(), seat_rows,
                       rated=rated)
        row.version = time.time_ns() // 1000
        table = LiveTable(row, state, [], version=row.version)
        if clock_minutes and turn_hours:
            raise TableError(422, "a table has a clock for the whole game (clock_minutes) or per turn "
                                  "(turn_hours), not both")
        if clock_minutes or turn_hours:
            first = table.human_to_move(state)
            seconds = 60 * clock_minutes if clock_minutes else 3600 * (turn_hours or 0)
            row.clock = Clock.start(len(seats), seconds, first, clock_now(),
                                    per_move=bool(turn_hours)).to_json()
        await self.storage.write(self.storage.create_table, row, self._ai_seat(table, state, "playing"),
                                 self.queue_ai)
        self._keep(table)
        self._schedule_ai(table)
        return table, tokens, invites

    async def join(self, table_id: str, name: str | None = None,
                   address: str | None = None) -> tuple[int, str]:
        """Claim a free human seat of a listed table (from the lobby): a fresh token for it."""
        self._limit(("address", address))
        table = await self.get(table_id)
        async with table.lock:
            free = table.row.free_seats
            if not table.row.open or not free:
                raise TableError(409, "this table has no free seat")
            token = await self._hand_over(table, free[0].seat, claimed=True)
            await self._name(table, free[0].seat, name)
        await self._announce(table)
        return free[0].seat, token

    async def claim(self, table_id: str, seat: int, invite: str, name: str | None = None,
                    address: str | None = None) -> str:
        """Use a one-time invite: the seat's fresh token, which only the claiming browser gets;
        the invite stops working (the creator's copy of the link gives nothing)."""
        self._limit(("address", address))
        table = await self.get(table_id)
        async with table.lock:
            row = table.row.seats[seat] if 0 <= seat < len(table.row.seats) else None
            if row is None or row.claimed or row.token_hash is None or row.token_hash != hash_token(invite):
                raise TableError(403, "this invite is not valid: it was used, withdrawn or never made")
            token = await self._hand_over(table, seat, claimed=True)
            if clean_name(name):  # else the name the seat was offered with stays (a rematch)
                await self._name(table, seat, name)
        await self._announce(table)  # the others see the seat taken, and by whom
        return token

    async def set_options(self, table_id: str, options: dict[str, Any]) -> bool:
        """The table plays with ``options`` from now: allowed before its first move only (a
        seat taken late brings what the game reads of its player, e.g. Kipukas's progress
        records), the state built anew from them with the table's seed. False: a move was
        made (or the game is over), nothing changed; 409: another process changed the table
        meanwhile (nothing changed)."""
        table = await self.get(table_id)
        async with table.lock:
            if table.state.history or table.movers or table.row.status == "over":
                return False
            try:
                game = load(table.row.game, **options)
                state = game.new_game(seed=table.row.seed, players=table.row.players)
            except ValueError as err:
                raise TableError(422, str(err)) from None
            await asyncio.to_thread(state.game.prepare_action_index)
            options = dict(state.game.options)
            await self._store(table, table_set(table.id, options=options), after=state)
            table.row.options, table.state = options, state
        await self._announce(table)
        return True

    async def invite(self, table_id: str, tokens: Sequence[str], seat: int,
                     address: str | None = None, account: int | None = None) -> str:
        """A new one-time invite for ``seat``: its own player moving it to another browser (their
        token stops working now), or the creator re-issuing a seat nobody has claimed (the
        old invite stops working)."""
        self._limit(("address", address))
        table = await self.get(table_id)
        held = await self.seats_of(table, tokens, account)
        async with table.lock:
            if not 0 <= seat < len(table.row.seats) or table.row.seats[seat].kind != "human":
                raise TableError(422, f"seat {seat} is not a human seat of this table")
            target = table.row.seats[seat]
            host = table.humans[0] in held and not target.claimed
            if seat not in held and not host:
                raise TableError(403, f"only seat {seat}'s player, or the creator while nobody has "
                                      "claimed it, may invite to it")
            self._limit(("seat", (table.id, seat)))  # counted once allowed: a stranger spends nothing
            moved = target.claimed
            code = await self._hand_over(table, seat, claimed=False)
        if moved and self.seat_moved is not None:
            await self.seat_moved(table, seat)  # its account lets go of it too, like the old browser
        await self._announce(table)  # an open socket of the old token now sees as a spectator
        return code

    # -- the turn clock -------------------------------------------------------------------
    async def claim_on_time(self, table_id: str, tokens: Sequence[str],
                            account: int | None = None) -> LiveTable:
        """A seated player claims the win because the seat to move ran out of time: the
        table ends, that seat losing (-1), the others sharing +1."""
        table = await self.get(table_id)
        held = await self.seats_of(table, tokens, account)
        async with table.lock:
            if table.row.clock is None or table.over:
                raise TableError(409, "no clock runs at this table")
            clock, now = Clock.from_json(table.row.clock), clock_now()
            late = clock.out(now)
            if late is None:
                raise TableError(409, "nobody has run out of time")
            claimers = sorted(held - {late})
            if not claimers:
                raise TableError(403, "only another seated player may claim the win on time")
            count = len(table.row.seats)
            returns = [-1.0 if seat == late else 1.0 / (count - 1) for seat in range(count)]
            ended = dataclasses.replace(clock.switch(None, now), claimed_by=claimers[0]).to_json()
            await self._store(table, table_set(table.id, status="over", returns=returns, clock=ended))
            table.row.status, table.row.returns, table.row.clock = "over", returns, ended
        await self._announce(table)
        await self._ended(table)
        return table

    @staticmethod
    def outcome(table: LiveTable) -> str:
        claimed = (table.row.clock or {}).get("claimed_by")
        if claimed is None or not table.over or table.state.is_over:
            return table.state.outcome()
        late = next(s for s, r in enumerate(table.row.returns or []) if r < 0)
        return f"Seat {late} ran out of time; seat {claimed} claimed the win."

    @staticmethod
    def verdict(table: LiveTable, held: set[int]) -> str:
        """The result in the viewer's words (issue 30: the end screen spoke in seat numbers
        only): "You won." / "You lost." / "Draw." to the one seat a viewer holds; who won, by
        name, to a spectator or a hot-seat browser holding every seat; "" while playing."""
        returns = table.row.returns
        if not table.over or not returns:
            return ""
        names = [f"{s.name} (seat {s.seat})" if s.name else f"Seat {s.seat}" for s in table.row.seats]
        return verdict(list(returns), next(iter(held)) if len(held) == 1 else None, names)

    # -- rematch -------------------------------------------------------------------------
    async def rematch(self, table_id: str, tokens: Sequence[str], address: str | None = None,
                      account: int | None = None) -> tuple[str, int, dict[int, str]]:
        """Offer a rematch (a seated player, once the game is over): a new table of the same
        game, options and seats, each seat moved one place on (two players swap); the proposer
        gets its new seat's token, every other person an invite shown on their own page.
        Returns the new table, the proposer's seat there and the new seats' tokens it holds
        (every human seat's in hot-seat)."""
        table = await self.get(table_id)
        held = await self.seats_of(table, tokens, account)
        if not held:
            raise TableError(403, "only a seated player may offer a rematch")
        if not table.over:
            raise TableError(409, "a rematch is offered once the game is over")
        self._limit(("create", address))  # a new table, like any other
        async with table.lock:
            if table.rematch is not None:
                raise TableError(409, "a rematch is already offered: accept it from the table")
            row, proposer = table.row, min(held)
            count = len(row.seats)
            seat_of = {s.seat: (s.seat + 1) % count for s in row.seats}
            old_at = {new: old for old, new in seat_of.items()}
            seats = [(row.seats[old_at[n]].kind, row.seats[old_at[n]].level) for n in range(count)]
            new, tokens_new, invites = await self.create(
                row.game, dict(row.options), count, seats, None, row.hot_seat, False,
                row.seats[proposer].name, creator=seat_of[proposer])
            for old, seat in seat_of.items():
                if row.seats[old].name and seat not in tokens_new:
                    await self._name(new, seat, row.seats[old].name)
            offer = Rematch(new.id, seat_of, {old: invites[seat_of[old]] for old in seat_of
                                              if seat_of[old] in invites})
            await self._store(table, table_set(table.id, rematch=offer.to_json()))
            table.rematch = offer
        await self._announce(table)
        return new.id, seat_of[proposer], tokens_new

    @staticmethod
    def rematch_for(table: LiveTable, held: set[int]) -> dict[str, Any] | None:
        """What a viewer is told of the rematch: the table, and its own invite if it has one."""
        offer = table.rematch
        if offer is None:
            return None
        mine = [old for old in sorted(held) if old in offer.invites]
        if not mine:
            return {"table": offer.table}
        return {"table": offer.table, "seat": offer.seat_of[mine[0]], "invite": offer.invites[mine[0]]}

    # -- names and chat -----------------------------------------------------------------
    async def rename(self, table_id: str, tokens: Sequence[str], seat: int, name: str | None,
                     address: str | None = None, account: int | None = None) -> None:
        """The display name of a seat the tokens hold."""
        self._limit(("address", address))
        table = await self.get(table_id)
        if seat not in await self.seats_of(table, tokens, account):
            raise TableError(403, f"only seat {seat}'s player may name it")
        self._limit(("seat", (table.id, seat)))
        async with table.lock:
            await self._name(table, seat, name)
        await self._announce(table)

    async def name_if_unnamed(self, table: LiveTable, seat: int, name: str) -> None:
        """Give ``seat`` the name of the account taking it, unless its player gave one."""
        if table.row.seats[seat].name is None:
            async with table.lock:
                await self._name(table, seat, name)

    async def _name(self, table: LiveTable, seat: int, name: str | None) -> None:
        named = clean_name(name)
        await self._store(table, seat_set(table.id, seat, name=named))
        table.row.seats[seat].name = named

    async def say(self, table_id: str, tokens: Sequence[str], text: str,
                  address: str | None = None, account: int | None = None) -> dict[str, Any]:
        """A chat message from the tokens' seat (none: a spectator, unless the players muted
        spectators), stored, then sent to everyone at the table. Each sender has its own
        allowance (a seat: its token; a spectator: its address), and each address one across
        every table."""
        table = await self.get(table_id)
        held = await self.seats_of(table, tokens, account)
        seat = min(held) if held else None
        if seat is None and table.row.spectators_muted:
            raise TableError(403, "the players have muted spectators at this table")
        try:
            message = clean_message(text)
        except ValueError as err:
            raise TableError(422, str(err)) from None
        sender = (table.id, seat) if seat is not None else (table.id, "spectator", address)
        self._limit(("chat", sender), ("chat_address", address))
        name = (table.row.seats[seat].name or f"seat {seat}") if seat is not None else "spectator"
        try:
            said = await self.storage.write(self.storage.add_chat, table.id, seat, name, message)
        except DamagedRecord as err:
            raise self.quarantine(table.id, str(err)) from None
        if self.chat_broadcast is not None:
            await self.chat_broadcast(table.id, {"type": "chat", **said})
        return said

    async def mute_spectators(self, table_id: str, tokens: Sequence[str], muted: bool,
                              address: str | None = None, account: int | None = None) -> None:
        """A seated player lets spectators chat or not."""
        self._limit(("address", address))
        table = await self.get(table_id)
        if not await self.seats_of(table, tokens, account):
            raise TableError(403, "only a seated player may mute or unmute spectators")
        async with table.lock:
            await self._store(table, table_set(table.id, spectators_muted=muted))
            table.row.spectators_muted = muted
        await self._announce(table)

    async def chat(self, table_id: str) -> list[dict[str, Any]]:
        table = await self.get(table_id)
        try:
            return await self.storage.read(self.storage.chat, table.id)
        except DamagedRecord as err:
            raise self.quarantine(table.id, str(err)) from None

    async def _hand_over(self, table: LiveTable, seat: int, claimed: bool) -> str:
        """Give ``seat`` a new secret (a token if ``claimed``, else an invite code): the old one
        stops working at once."""
        secret = new_secret()
        await self._store(table, seat_set(table.id, seat, token_hash=hash_token(secret), claimed=claimed))
        table.row.seats[seat].token_hash, table.row.seats[seat].claimed = hash_token(secret), claimed
        return secret

    # -- who is asking ---------------------------------------------------------------
    async def seats_of(self, table: LiveTable, tokens: Sequence[str], account: int | None = None) -> set[int]:
        """The seats these tokens hold at this table, and those recorded for ``account`` (the
        request's signed-in account: its session is a credential for its seats, so no seat
        secret of an account is stored in plain text); 403 if a token holds none (an invite
        code is not a token: it is only good for :meth:`claim`)."""
        held: set[int] = set()
        for token in tokens:
            digest = hash_token(token)
            match = [s for s in table.row.seats if s.claimed and s.token_hash == digest]
            if not match:
                raise TableError(403, "this seat token is not valid at this table")
            held.add(match[0].seat)
        held |= self.account_seats(table, account)
        if held and self.seat_guard is not None:
            self.seat_guard(table, held)
        return held

    def account_seats(self, table: LiveTable, account: int | None) -> set[int]:
        """The seats of ``table`` recorded for the account (none for no account, or for one the
        operator disabled: its seats stop acting even where its session was already read)."""
        if account is None or not self.account_ok(account):
            return set()
        return {seat for seat, owner in table.owners.items() if owner == account}

    @staticmethod
    def viewer(table: LiveTable, held: set[int]) -> int | None:
        """The seat whose view to show: the deciding seat if held (hot-seat), else the first held."""
        if not held:
            return None
        current = table.state.current_player
        return current if current in held else min(held)

    # -- playing --------------------------------------------------------------------------
    async def act(self, table_id: str, tokens: Sequence[str], move: int, action_json: dict[str, Any],
                  seat: int | None = None, account: int | None = None) -> tuple[LiveTable, int]:
        table = await self.get(table_id)
        held = await self.seats_of(table, tokens, account)
        if not held:
            raise TableError(403, "a seat token (X-Seat-Token) or the account holding a seat is "
                                  "needed to play")
        if seat is None:
            seat = self.viewer(table, held)
        if seat not in held:
            raise TableError(403, f"this token does not hold seat {seat}")
        async with table.lock:
            if table.over:
                raise TableError(409, f"the game is over: {self.outcome(table)}")
            self._check_fresh(table, move)
            try:
                action = table.state.game.action_from_json(action_json)
            except IllegalAction as err:
                raise TableError(422, str(err)) from None
            await self._commit(table, seat, action)
        return table, seat

    @staticmethod
    def _check_fresh(table: LiveTable, move: int) -> None:
        if move != table.state.move_number:
            raise TableError(409, f"stale move number {move}: the table is at move {table.state.move_number}")

    async def _commit(self, table: LiveTable, seat: int, action: soulforge.Action) -> None:
        """Check, store, then apply and announce (call with the table's lock held)."""
        state = table.state
        try:
            state.check(action, seat)
        except IllegalAction as err:
            raise TableError(422, str(err)) from None
        after = state.clone()
        after.apply(action, seat)
        status = "over" if after.is_over else "playing"
        returns = after.returns() if after.is_over else None
        clock = table.row.clock and Clock.from_json(table.row.clock).switch(
            table.human_to_move(after), clock_now()).to_json()
        try:
            stored = action.to_json()
            move = {"n": state.move_number, "s": seat, "a": stored, "st": status, "r": returns, "c": clock}
            await self._store(table, moved(table.id, state.move_number, seat, stored, status, returns, clock),
                              after=after, status=status, note={"m": move})
        except MoveConflict as err:
            self.live.pop(table.id, None)  # another writer: reload from the database next time
            raise TableError(409, str(err)) from None
        table.state = after
        table.movers.append(seat)
        table.row.status, table.row.returns, table.row.clock = status, returns, clock
        await self._announce(table)
        if status == "over":
            await self._ended(table)

    async def _announce(self, table: LiveTable) -> None:
        table.touched = time.monotonic()  # a change: the table is not idle (``eviction``)
        if self.broadcast is not None:
            await self.broadcast(table)
        self._changed()
        self._schedule_ai(table)

    def _changed(self) -> None:
        """Wake whoever awaits :meth:`changed`."""
        if self._change is not None:
            self._change.set()
            self._change = None

    async def changed(self, table_id: str, version: int) -> None:
        """Return once the table is no longer at ``version`` (a move, an undo, its AI given
        up), or is no longer live: what a test awaits instead of polling with a clock."""
        while (table := self.live.get(table_id)) is not None and table.version == version:
            if self._change is None:
                self._change = asyncio.Event()
            await self._change.wait()

    # -- undo (Board Game Arena policy) -------------------------------------------------
    def undo_target(self, table: LiveTable, held: set[int]) -> int | None:
        """How many moves remain after an undo by ``held``, or None when undo is not allowed.

        Allowed only with no other human at the table (one human seat, or hot-seat), before
        the end, back to the requester's last decision, and never across a reveal or chance.
        """
        if table.over or not held or not (len(table.humans) <= 1 or table.row.hot_seat):
            return None
        mine = [i for i, s in enumerate(table.movers) if s in held]
        if not mine or mine[-1] < table.state.undo_floor:
            return None
        return mine[-1]

    async def undo(self, table_id: str, tokens: Sequence[str], move: int,
                   account: int | None = None) -> LiveTable:
        table = await self.get(table_id)
        held = await self.seats_of(table, tokens, account)
        async with table.lock:
            self._check_fresh(table, move)
            keep = self.undo_target(table, held)
            if keep is None:
                raise TableError(422, "undo is not allowed now (another human, a reveal or chance since)")
            record = table.state.record()
            record.actions = record.actions[:keep]
            before = await asyncio.to_thread(replay, record)  # a long game: not in the event loop
            await self._store(table, truncated(table.id, keep), after=before, status=table.row.status)
            table.state = before
            table.movers = table.movers[:keep]
            await self._announce(table)
        return table

    # -- AI --------------------------------------------------------------------------------------
    def _schedule_ai(self, table: LiveTable) -> None:
        if self.queue_ai:
            return  # the job was queued with the change that made the AI's turn (``_store``)
        if table.ai_thinking and (table.ai_task is None or table.ai_task.done()):
            task = asyncio.get_running_loop().create_task(self._ai_turns(table))
            table.ai_task = task
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _ai_turns(self, table: LiveTable) -> None:
        """Think and play the AI's moves while an AI is to move. A job is queued fairly
        between tables (``Thinkers``); an AI that fails is logged once and its table waits."""
        while table.ai_thinking and self.live.get(table.id) is table:
            version, state = table.version, table.state
            seat = state.current_player
            assert seat is not None
            agent = self._agent(table, seat)
            try:
                action, after = await self.thinkers.act(state, seat, agent, table=table.id,
                                                        attended=bool(table.humans))
            except AIGaveUp as err:  # the pool healed; this table's decision kills its worker
                log.warning("AI given up at table %s, move %d: %s; the table waits",
                            table.id, state.move_number, err)
                await self._ai_stuck(table, state)
                return
            except Exception:  # a broken agent must not take the server down; the table waits
                log.exception("AI failed at table %s", table.id)
                await self._ai_stuck(table, state)
                return
            table.players[seat] = after
            async with table.lock:
                if table.version != version:
                    continue  # an undo or another writer changed the table meanwhile
                table.ai_task = None  # _commit may schedule the next AI turn itself
                try:
                    await self._commit(table, seat, action)
                    return
                except TableError as err:
                    if table.state is not state:
                        return  # another process moved the table meanwhile: it was reloaded
                    log.warning("AI move refused at table %s: %s", table.id, err)
            await self._ai_stuck(table, state)
            return

    async def _ai_stuck(self, table: LiveTable, state: State) -> None:
        """The AI could not move in ``state``: show the table as waiting, not thinking."""
        async with table.lock:
            if table.state is not state:
                return  # the table moved on meanwhile: its AI is asked again
            table.ai_stuck_on = state
            await self._bump(table)
        if self.broadcast is not None:
            await self.broadcast(table)
        self._changed()

    @staticmethod
    def _agent(table: LiveTable, seat: int) -> agents.Agent:
        """The AI playing ``seat``, made at its first move (after a restart, anew)."""
        agent = table.players.get(seat)
        if agent is None:
            level = table.seat(seat).level or "random"
            seed = table.row.seed ^ (table.state.move_number + 1)
            agent = table.players[seat] = make_agent(level, seed, table.state.game)
        return agent

    # -- payloads ------------------------------------------------------------------------------------
    def payload_json(self, table: LiveTable, held: set[int], svg: bool = True) -> str:
        """The payload as JSON text, built once per viewer and version (broadcasts, responses)."""
        if table.cached_version != table.version:
            table.cache.clear()
            table.cached_version = table.version
        key = (frozenset(held), svg)
        if key not in table.cache:
            table.cache[key] = json.dumps(self.payload(table, held, svg), separators=(",", ":"))
        return table.cache[key]

    def payload(self, table: LiveTable, held: set[int], svg: bool = True) -> dict[str, Any]:
        """Everything a viewer gets: built from view(viewer) and log(viewer) only.

        ``svg`` False leaves the board out (bots and API clients that read the view)."""
        state, seat = table.state, self.viewer(table, held)
        view = state.view(seat)
        deciding = seat is not None and table.to_move == seat
        actions = state.legal_actions() if deciding else []
        legal: list[dict[str, Any]] = [
            {"action": a.to_json(), "label": state.describe(a), "path": list(state.click_path(a))}
            for a in actions]
        return {
            "type": "state",
            "table": table.id,
            "game": table.row.game,
            "title": game_class(table.row.game).title,
            "status": table.row.status,
            "seat": seat,
            "seats_held": sorted(held),
            "seats": [s.public() | table.accounts.get(s.seat, {}) for s in table.row.seats],
            "rated": table.row.rated,
            "spectators_muted": table.row.spectators_muted,
            "rematch": self.rematch_for(table, held),
            "move": state.move_number,
            "version": table.version,
            "current_player": table.to_move,
            "prompt": view.get("prompt", ""),
            "is_over": table.over,
            "returns": table.row.returns if table.over else None,
            "outcome": self.outcome(table),
            "verdict": self.verdict(table, held),
            "clock": table.row.clock,
            "thinking": table.ai_thinking,
            "can_undo": self.undo_target(table, held) is not None,
            "view": view,
            "log": state.log(seat),
            "legal": legal,
            "svg": render_board(table.row.game, view, [a.to_json() for a in actions]) if svg else "",
        }
