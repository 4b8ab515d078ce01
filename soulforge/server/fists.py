"""The Kipukas fists tool (rulebook #fists_tool): a phone page beside a physical game.

Pick the attacker's and the defender's KEAL means (their archetypes), or for a Final Blow
their archetypal genes and motives, and see each pair's modifier and the total. Every number
comes from the engine (``games.kipukas.combat`` over the game's typing chart and motives,
``data.load_matchups``): this module only reads the choices and words the answer.

Two players, two phones: one creates a room (a short code), each opens the room's websocket
for their side and chooses in secret; the server keeps the choices and tells each socket only
*whether* the other side has chosen, then reveals both and the result to both at once. Rooms
live in the database (``sf_fists_rooms``), so two phones reaching two server processes meet;
they are bounded in number (:data:`MAX_ROOMS`, across processes) and size (one socket per
side, a message at most :data:`MAX_FISTS_MESSAGE` characters), and dropped when idle
(:data:`ROOM_IDLE_SECONDS`) or old (:data:`ROOM_MAX_AGE`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import secrets
import time
from collections.abc import Callable, Coroutine, Mapping
from html import escape
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from pydantic import AfterValidator, Field, TypeAdapter, ValidationError, model_validator
from sqlalchemy import JSON, Column, Float, Integer, String, Table, delete, func, insert, or_, select, update
from sqlalchemy.exc import DBAPIError
from starlette.datastructures import State

from soulforge.games.kipukas import combat
from soulforge.games.kipukas.data import ARCHETYPES, CARDS, MOTIVES, load_matchups, load_rules
from soulforge.server import views
from soulforge.server.schemas import Request as Body
from soulforge.server.storage import Storage, metadata

router = APIRouter()

SIDES = ("attacker", "defender")
MAX_MEANS_ARCHETYPES = 3
"""The most archetypes a KEAL means has on a published card (4 of the 51 means have 3)."""
MAX_ROOMS = 200
"""Two-player rooms open at once (all server processes together); past it creating one answers 503."""
ROOM_IDLE_SECONDS = 30 * 60
"""A room no socket holds is dropped this long after its last use (when a room is made)."""
MAX_FISTS_MESSAGE = 1_000
"""The longest websocket message, in characters (a choice is under 150); longer closes 1009."""
HELLO_SECONDS = 10
"""The first message (the side) must come within this many seconds (else close 4408)."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes: no 0/O or 1/I, so a code read aloud across the table is typed right."""
CODE_LENGTH = 6


def _archetype(name: str) -> str:
    if name not in ARCHETYPES:
        raise ValueError(f"{name!r} is not an archetype; the archetypes: {', '.join(ARCHETYPES)}")
    return name


def _motive(name: str) -> str:
    if name not in MOTIVES:
        raise ValueError(f"{name!r} is not a motive; the motives: {', '.join(MOTIVES)}")
    return name


Archetype = Annotated[str, Field(max_length=32), AfterValidator(_archetype)]
Motive = Annotated[str, Field(max_length=32), AfterValidator(_motive)]
Mode = Literal["keal", "final"]


class KealChoice(Body):
    """A KEAL means, as its archetypes (#keal_means): what a bout's typing reads."""

    mode: Literal["keal"]
    archetypes: list[Archetype] = Field(min_length=1, max_length=MAX_MEANS_ARCHETYPES)


class FinalChoice(Body):
    """A soul's archetypal gene and motive: what a Final Blow reads (#archetypal_gene)."""

    mode: Literal["final"]
    gene: Archetype
    motive: Motive


Choice = Annotated[KealChoice | FinalChoice, Field(discriminator="mode")]


class Matchup(Body):
    attacker: Choice
    defender: Choice


class NewRoom(Body):
    mode: Mode = "keal"


def result(attacker: KealChoice | FinalChoice, defender: KealChoice | FinalChoice) -> dict[str, Any]:
    """What the engine adds to each roll for these two choices, each addition named; a
    :class:`ValueError` if one is a KEAL means and the other a Final Blow's."""
    matchups = load_matchups()
    if isinstance(attacker, KealChoice) and isinstance(defender, KealChoice):
        pairs = combat.typing_pairs(matchups, attacker.archetypes, defender.archetypes)
        return {"mode": "keal",
                "pairs": [{"attacker": a, "defender": d, "modifier": n} for a, d, n in pairs],
                "attack": combat.keal_modifier(matchups, attacker.archetypes, defender.archetypes),
                "defence": 0, "best_of_three": False}
    if isinstance(attacker, FinalChoice) and isinstance(defender, FinalChoice):
        bonus = load_rules()["motive_bonus"]
        parts = combat.final_blow_parts(matchups, attacker.gene, attacker.motive, defender.gene,
                                        defender.motive, bonus)
        attack, defence = combat.final_blow_modifiers(matchups, attacker.gene, attacker.motive,
                                                      defender.gene, defender.motive, bonus)
        return {"mode": "final", "parts": [p._asdict() for p in parts], "attack": attack,
                "defence": defence,
                "best_of_three": combat.best_of_three(matchups, attacker.motive, defender.motive)}
    raise ValueError("both sides must choose the same thing: two KEAL means, or two Final Blow souls")


@router.post("/api/kipukas/fists")
async def matchup(body: Matchup) -> dict[str, Any]:
    """Each pair's modifier and the totals for one attacker and one defender (#fists_tool):
    two KEAL means (``{"mode": "keal", "archetypes": [...]}``) or two souls' Final Blow
    (``{"mode": "final", "gene": ..., "motive": ...}``)."""
    try:
        return result(body.attacker, body.defender)
    except ValueError as err:
        raise HTTPException(422, str(err)) from None


# -- two phones: rooms --------------------------------------------------------------------------
# A room is a row of ``sf_fists_rooms`` (migration 0010), so that two phones whose sockets
# reach different server processes (several servers behind a proxy, docs/scaling.md) meet
# in it. Every change is one transaction on the row (locked on PostgreSQL), which raises its
# version and notifies the other processes (``Storage._notify``: on commit, never before);
# each process then sends its own sockets their status. A side's choice is in the row only:
# no status, notification or route gives it to anyone but its own side before the reveal.
rooms_t = Table(
    "sf_fists_rooms", metadata,
    Column("code", String(12), primary_key=True),
    Column("mode", String(8), nullable=False),
    Column("round", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("choices", JSON, nullable=False),
    Column("holders", JSON, nullable=False),
    Column("last", JSON, nullable=True),
    Column("created", Float, nullable=False),
    Column("touched", Float, nullable=False),
)
HOLD_SECONDS = 60.0
"""A side is held this long by its socket, renewed every third of it while the socket lives:
a phone whose server died lets its side go (to itself, with its key, at once) after this."""
ROOM_MAX_AGE = 12 * 3600.0
"""A room is dropped this long after it was made, held or not (an evening's game)."""
ROOMS_LOCK = 0x50F0F15
"""The PostgreSQL advisory lock that makes counting and creating rooms one step across processes."""


class RoomRefused(Exception):
    """What a side may not do in a room: its ``status`` (404, 409) and why."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status, self.detail = status, detail


def _parse_choice(data: Any) -> KealChoice | FinalChoice:
    return CHOICE.validate_python(data)


@dataclasses.dataclass
class Room:
    """One room as stored: two players' secret choices for one round at a time, and who holds
    each side (its socket, the lease's end, the hash of the side's key)."""

    code: str
    mode: str
    created: float
    touched: float
    round: int = 1
    version: int = 0
    choices: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """The choices of this round by side: secret, only ever sent to their own side."""
    holders: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    last: dict[str, Any] | None = None
    """The last reveal (both had chosen: no secret), for a phone that was away when it came."""

    def present(self, now: float) -> dict[str, bool]:
        """Which sides a live socket holds (its lease not run out)."""
        return {s: s in self.holders and self.holders[s].get("until", 0) > now for s in SIDES}

    def status(self, side: str, now: float) -> dict[str, Any]:
        """What ``side`` may know before the reveal: who is here and who has chosen, and its
        own choice; never the other side's choice."""
        return {"type": "status", "code": self.code, "side": side, "mode": self.mode, "round": self.round,
                "present": self.present(now), "chosen": {s: s in self.choices for s in SIDES},
                "yours": self.choices.get(side), "last": self.last}

    def hello(self, side: str, socket: str, key: str | None, now: float) -> str:
        """``socket`` takes ``side``; returns the side's key. A side a live socket holds is
        refused (409) unless the key is the side's own (the same phone, reconnected: it takes
        over). A new holder without the key gets a new key, and the side's choice is dropped
        unseen: nobody learns a choice by taking the side its chooser left."""
        held = self.holders.get(side)
        own = held is not None and key is not None and secrets.compare_digest(
            str(held.get("key", "")), _hash(key))
        if held is not None and held.get("until", 0) > now and not own:
            raise RoomRefused(409, f"the {side} of room {self.code} is taken")
        given = key if own and key is not None else None
        if given is None:
            given = secrets.token_urlsafe(16)
            self.choices.pop(side, None)
        self.holders[side] = {"socket": socket, "until": now + HOLD_SECONDS, "key": _hash(given)}
        return given

    def holds(self, side: str, socket: str) -> bool:
        return self.holders.get(side, {}).get("socket") == socket

    def check(self, side: str, socket: str) -> None:
        if not self.holds(side, socket):
            raise RoomRefused(409, f"another phone took the {side} of room {self.code}")

    def choose(self, side: str, socket: str, choice: KealChoice | FinalChoice) -> dict[str, Any] | None:
        """Keep ``side``'s choice (it may change it until the reveal); once both have chosen,
        the reveal (both choices and the result) and the next round begins; else None."""
        self.check(side, socket)
        if choice.mode != self.mode:
            raise RoomRefused(409, f"this round is for {self.mode_words()}: change the mode first")
        self.choices[side] = choice.model_dump()
        if len(self.choices) < len(SIDES):
            return None
        attacker, defender = (_parse_choice(self.choices[s]) for s in SIDES)
        reveal = {"type": "reveal", "round": self.round, "attacker": attacker.model_dump(),
                  "defender": defender.model_dump(), "result": result(attacker, defender)}
        self.choices.clear()
        self.round += 1
        self.last = reveal
        return reveal

    def switch(self, side: str, socket: str, mode: str) -> None:
        """A new round for ``mode``; the choices made for the old one are dropped unseen."""
        self.check(side, socket)
        self.mode = mode
        self.choices.clear()
        self.round += 1

    def renew(self, side: str, socket: str, now: float) -> None:
        """``socket`` still holds ``side``: its lease runs on (409: another phone took it)."""
        self.check(side, socket)
        self.holders[side]["until"] = now + HOLD_SECONDS

    def leave(self, side: str, socket: str) -> None:
        """``socket`` lets its side go; its key stays, for the same phone to come back to its choice."""
        if self.holds(side, socket):
            self.holders[side] = {"key": self.holders[side].get("key"), "until": 0}

    def mode_words(self) -> str:
        return "KEAL means" if self.mode == "keal" else "a Final Blow"


CHOICE: TypeAdapter[KealChoice | FinalChoice] = TypeAdapter(Choice)  # type: ignore[arg-type, unused-ignore]  # mypy flags it or not by the order it checks modules


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


T = TypeVar("T")


class Rooms:
    """The rooms in the database (at most ``limit``; one no socket renews is dropped ``idle``
    seconds after its last use, any room :data:`ROOM_MAX_AGE` after it was made), and the
    sockets this process holds in them."""

    def __init__(self, storage: Storage, limit: int = MAX_ROOMS, idle: float = ROOM_IDLE_SECONDS,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage, self.limit, self.idle, self.clock = storage, limit, idle, clock
        self.local: dict[str, dict[str, tuple[str, WebSocket]]] = {}
        """This process's sockets by room and side, with each one's id."""
        self.locks: dict[str, asyncio.Lock] = {}
        self.told: dict[str, int] = {}
        """The version of each room this process's sockets were last told."""
        self.tasks: set[asyncio.Task[None]] = set()

    # -- the database (on the storage's threads) ---------------------------------------------
    def create(self, mode: str) -> Room:
        """A new room with a fresh code; 503 when :attr:`limit` rooms are open. Idle and old
        rooms are dropped first, in the same transaction."""
        now = self.clock()
        with self.storage._writing() as conn:
            if not self.storage.sqlite:  # the count and the insert as one step across processes
                conn.execute(select(func.pg_advisory_xact_lock(ROOMS_LOCK)))
            conn.execute(delete(rooms_t).where(or_(rooms_t.c.touched < now - self.idle,
                                                   rooms_t.c.created < now - ROOM_MAX_AGE)))
            count = conn.execute(select(func.count()).select_from(rooms_t)).scalar() or 0
            if count >= self.limit:
                raise HTTPException(503, f"{self.limit} fists rooms are open, the most this server keeps; "
                                    "try again in a few minutes")
            taken = set(map(str, conn.execute(select(rooms_t.c.code)).scalars()))
            code = _new_code()
            while code in taken:
                code = _new_code()
            room = Room(code, mode, now, now)
            conn.execute(insert(rooms_t).values(code=code, mode=mode, round=1, version=0, choices={},
                                                holders={}, last=None, created=now, touched=now))
        return room

    def find(self, code: str) -> Room | None:
        """The room of ``code`` (in any case), None if there is none (or it expired)."""
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(rooms_t).where(rooms_t.c.code == code.upper())).mappings().first()
        return None if row is None else _room(dict(row), self.clock(), self.idle)

    def change(self, code: str, act: Callable[[Room, float], T], reveal: bool = False,
               quiet: bool = False) -> tuple[Room, T]:
        """``act`` on the room (locked) in one transaction that stores it with a new version and
        notifies the other processes (with the reveal, if ``act`` made one: not a secret);
        ``quiet``: nothing anyone is shown changed (a lease renewed), the same version and no
        notification. 404: no such room; what ``act`` refuses (:class:`RoomRefused`) is not stored."""
        now = self.clock()
        with self.storage._writing() as conn:
            query = select(rooms_t).where(rooms_t.c.code == code.upper())
            found = conn.execute(query if self.storage.sqlite else query.with_for_update()).mappings().first()
            room = None if found is None else _room(dict(found), now, self.idle)
            if room is None:
                raise RoomRefused(404, f"no fists room {code[:20]!r} (rooms close when idle)")
            answer = act(room, now)
            room.version += 0 if quiet else 1
            conn.execute(update(rooms_t).where(rooms_t.c.code == room.code).values(
                mode=room.mode, round=room.round, version=room.version, choices=room.choices,
                holders=room.holders, last=room.last, touched=now))
            if not quiet:
                told = answer if reveal and isinstance(answer, dict) else None
                self.storage._notify(conn, {"fists": room.code, "v": room.version, "reveal": told})
        return room, answer

    # -- this process's sockets ---------------------------------------------------------------
    def lock(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    async def tell(self, room: Room, reveal: dict[str, Any] | None = None,
                   extra: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        """This process's sockets in ``room``: the reveal to all at once (if any), then each its
        own side's status (``extra``: more for one side, its key when it has just joined).
        Call with the room's lock held, so that statuses go out in the order of versions."""
        held = dict(self.local.get(room.code, {}))
        if reveal is not None:
            await asyncio.gather(*(_send(s, reveal) for _, s in held.values()))
        if room.version < self.told.get(room.code, -1) and not extra:
            return  # a newer status went out already
        self.told[room.code] = max(room.version, self.told.get(room.code, -1))
        now = self.clock()
        for side, (sid, socket) in held.items():
            if room.holds(side, sid):
                await _send(socket, {**room.status(side, now), **(extra or {}).get(side, {})})
            else:  # another phone took the side (this one's lease ran out): not its status
                self.background(_refuse(socket, 409, f"another phone took the {side} of room {room.code}"))

    async def notified(self, message: Mapping[str, Any]) -> None:
        """Another process changed a room (``fanout``): if this one holds sockets in it, pass on
        the reveal the notification carries and send each socket its status, read anew."""
        code = message.get("fists")
        if message.get("o") == self.storage.origin or not isinstance(code, str) or code not in self.local:
            return
        reveal = message.get("reveal")
        async with self.lock(code):
            room = await self.storage.read(self.find, code)
            if room is not None:
                await self.tell(room, reveal if isinstance(reveal, dict) else None)

    async def look_again(self) -> None:
        """Notifications were lost (the listener reconnected): tell every socket anew."""
        for code in list(self.local):
            await self.notified({"fists": code})

    def background(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` as a task of its own (kept until it ends)."""
        task = asyncio.get_running_loop().create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def forget(self, code: str, side: str, socket: str) -> None:
        held = self.local.get(code, {})
        if held.get(side, ("",))[0] == socket:
            del held[side]
        if not held:
            self.local.pop(code, None)
            self.told.pop(code, None)
            lock = self.locks.get(code)
            if lock is not None and not lock.locked():  # a held one is still ordering a change
                del self.locks[code]


def _room(row: dict[str, Any], now: float, idle: float) -> Room | None:
    """A stored room, None if it has expired (a sweep will drop it) or is unreadable."""
    if row["touched"] < now - idle or row["created"] < now - ROOM_MAX_AGE:
        return None
    values = {name: _json(row[name]) for name in ("choices", "holders", "last")}
    if not isinstance(values["choices"], dict) or not isinstance(values["holders"], dict):
        return None
    return Room(str(row["code"]), str(row["mode"]), float(row["created"]), float(row["touched"]),
                int(row["round"]), int(row["version"]), values["choices"], values["holders"],
                values["last"] if isinstance(values["last"], dict) else None)


def _json(value: Any) -> Any:
    if isinstance(value, str | bytes):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def rooms_of(state: State) -> Rooms:
    """The app's rooms (made on first use over the app's storage)."""
    found = getattr(state, "fists_rooms", None)
    if not isinstance(found, Rooms):
        found = state.fists_rooms = Rooms(state.service.storage)
    return found


@router.post("/api/kipukas/fists/rooms")
async def new_room(request: Request, body: NewRoom | None = None) -> dict[str, Any]:
    """A two-player room: share its ``code``; each phone opens ``/ws/kipukas/fists/{code}``."""
    rooms = rooms_of(request.app.state)
    room = await rooms.storage.write(rooms.create, (body or NewRoom()).mode)
    return {"code": room.code, "mode": room.mode, "url": f"/kipukas/fists?room={room.code}"}


class Hello(Body):
    side: Literal["attacker", "defender"]
    key: str | None = Field(None, max_length=64, description="the side's key this phone was given "
                                                               "(it takes its side back, with its choice)")


class ClientMessage(Body):
    """A message after the hello: ``choose`` (with ``choice``) or ``mode`` (with ``mode``)."""

    type: Literal["choose", "mode"]
    choice: Choice | None = None
    mode: Mode | None = None

    @model_validator(mode="after")
    def _complete(self) -> ClientMessage:
        if self.type == "choose" and self.choice is None:
            raise ValueError("a choose message needs its choice")
        if self.type == "mode" and self.mode is None:
            raise ValueError("a mode message needs its mode")
        return self


CLIENT_MESSAGE = TypeAdapter(ClientMessage)
HELLO = TypeAdapter(Hello)


def _text(message: Mapping[str, Any]) -> tuple[str | None, tuple[int, str] | None]:
    """A received message's text, or why it ends the socket: (close code, reason)."""
    text = message.get("text")
    if not isinstance(text, str):
        return None, (1003, "binary frames are not accepted")
    if len(text) > MAX_FISTS_MESSAGE:
        return None, (1009, f"a message is at most {MAX_FISTS_MESSAGE} characters")
    return text, None


def _problem(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "the message"
    return f"{where}: {first['msg']}"


async def _refuse(socket: WebSocket, status: int, detail: str) -> None:
    with contextlib.suppress(Exception):
        await socket.send_json({"type": "error", "status": status, "detail": detail})
        await socket.close(code=4000 + status)


@router.websocket("/ws/kipukas/fists/{code}")
async def room_socket(socket: WebSocket, code: str) -> None:
    """One side of a room. First message ``{"side": "attacker"}`` (or ``"defender"``; with
    ``"key"``, the side's key from an earlier status, to take the side back); then
    ``{"type": "choose", "choice": {...}}`` (a choice as ``/api/kipukas/fists`` takes it) and
    ``{"type": "mode", "mode": "keal" | "final"}``. The server sends ``status`` (who is here,
    who has chosen, your own choice; the first one the side's ``key``) after every change, and
    ``reveal`` to both at once when both have chosen; ``error`` for a message it refuses."""
    await socket.accept()
    rooms = rooms_of(socket.app.state)
    code = code[:CODE_LENGTH * 2].upper()
    if await rooms.storage.read(rooms.find, code) is None:
        await _refuse(socket, 404, f"no fists room {code[:20]!r} (rooms close when idle)")
        return
    try:
        first = await asyncio.wait_for(socket.receive(), timeout=HELLO_SECONDS)
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await socket.close(code=4408)
        return
    if first["type"] == "websocket.disconnect":
        return
    text, ending = _text(first)
    try:
        hello = HELLO.validate_json(text or "")
    except ValidationError as err:
        await _refuse(socket, 400, f"bad first message: {_problem(err)}" if ending is None else ending[1])
        return
    side, me = hello.side, secrets.token_hex(8)
    async with rooms.lock(code):
        try:
            room, key = await rooms.storage.write(
                rooms.change, code, lambda r, now: r.hello(side, me, hello.key, now))
        except RoomRefused as err:
            await _refuse(socket, err.status, err.detail)
            return
        here = rooms.local.setdefault(code, {})
        before = here.get(side)
        here[side] = (me, socket)
        if before is not None:  # this phone again (its key), or another once the lease ran out
            rooms.background(_refuse(before[1], 409, f"another phone took the {side} of room {code}"))
        await rooms.tell(room, extra={side: {"key": key}})
    keeper = asyncio.get_running_loop().create_task(_keep_holding(rooms, code, side, me, socket))
    try:
        while (message := await socket.receive())["type"] != "websocket.disconnect":
            text, ending = _text(message)
            if ending is not None:
                with contextlib.suppress(Exception):
                    await socket.close(code=ending[0], reason=ending[1])
                break
            await _answer(rooms, code, side, me, socket, text or "")
    except WebSocketDisconnect:
        pass
    finally:
        keeper.cancel()
        rooms.forget(code, side, me)
        # a task of its own: the socket's handler may be cancelled (a server stopping), the
        # side is let go all the same (else it would wait for its lease to run out)
        rooms.background(_let_go(rooms, code, side, me))


async def _let_go(rooms: Rooms, code: str, side: str, me: str) -> None:
    """The socket ``me`` let go of ``side``: the room says so, and the other side hears it."""
    async with rooms.lock(code):
        with contextlib.suppress(RoomRefused, DBAPIError):
            room, _ = await rooms.storage.write(rooms.change, code, lambda r, _now: r.leave(side, me))
            await rooms.tell(room)


async def _keep_holding(rooms: Rooms, code: str, side: str, me: str, socket: WebSocket) -> None:
    """Renew the socket's hold on its side while it lives; another phone took the side (with
    its key) or the room expired: this socket is closed."""
    while True:
        await asyncio.sleep(HOLD_SECONDS / 3)
        try:
            await rooms.storage.write(rooms.change, code, lambda r, now: r.renew(side, me, now), quiet=True)
        except RoomRefused as err:
            await _refuse(socket, err.status, err.detail)
            return
        except DBAPIError:  # the database away a moment: the lease has two more tries
            continue


async def _answer(rooms: Rooms, code: str, side: str, me: str, socket: WebSocket, text: str) -> None:
    """Act on one message of ``side``: keep its choice or change the mode, and tell both."""
    try:
        message = CLIENT_MESSAGE.validate_json(text)
    except ValidationError as err:
        await socket.send_json({"type": "error", "status": 400, "detail": _problem(err)})
        return
    act: Callable[[Room, float], dict[str, Any] | None]
    if message.type == "mode" and message.mode is not None:
        mode = message.mode
        act = lambda r, _now: r.switch(side, me, mode)  # noqa: E731
    elif message.choice is not None:
        choice = message.choice
        act = lambda r, _now: r.choose(side, me, choice)  # noqa: E731
    else:
        return
    async with rooms.lock(code):
        try:
            room, reveal = await rooms.storage.write(rooms.change, code, act, reveal=True)
        except RoomRefused as err:
            await socket.send_json({"type": "error", "status": err.status, "detail": err.detail})
            return
        await rooms.tell(room, reveal)  # the reveal to both at once, before either hears of the next round


async def _send(socket: WebSocket, message: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):
        await socket.send_json(message)


# -- the page -----------------------------------------------------------------------------------
def souls_data() -> list[dict[str, Any]]:
    """The souls' public play data the page offers to fill a side from a card: name, gene,
    motive and KEAL means (their archetypes)."""
    return [{"id": c.id, "name": c.name, "gene": c.archetypal_gene, "motive": c.motivation,
             "means": [{"name": m.name, "archetypes": list(m.archetypes)} for m in c.keal_means]}
            for c in sorted(CARDS.values(), key=lambda c: c.name) if c.soul]


def _options(names: tuple[str, ...], blank: str | None = None) -> str:
    first = f'<option value="">{escape(blank)}</option>' if blank is not None else ""
    return first + "".join(f'<option value="{escape(n)}">{escape(n)}</option>' for n in names)


def _side(side: str) -> str:
    """One side's panel: a soul to fill from, up to three archetypes of a KEAL means, and a
    gene and motive for a Final Blow."""
    title = side.capitalize()
    means = "".join(
        f'<label>Archetype {i + 1}<select name="archetype" data-i="{i}">'
        f'{_options(ARCHETYPES, None if i == 0 else "(none)")}</select></label>'
        for i in range(MAX_MEANS_ARCHETYPES))
    return (f'<fieldset class="side-pick" data-side="{side}"><legend>{title}</legend>'
            '<label>From a card<select name="card">'
            '<option value="">(choose by hand)</option></select></label>'
            f'<label class="keal-only">KEAL means<select name="means"></select></label>'
            f'<div class="keal-only">{means}</div>'
            '<label class="final-only">Archetypal gene'
            f'<select name="gene">{_options(ARCHETYPES)}</select></label>'
            f'<label class="final-only">Motive<select name="motive">{_options(MOTIVES)}</select></label>'
            '</fieldset>')


def page() -> str:
    """The fists tool: local mode (both sides on this phone) and the two-phone room."""
    data = escape(json.dumps({"souls": souls_data()}), quote=True)
    body = (
        '<link rel="stylesheet" href="/static/fists.css">'
        f'<section class="fists" id="fists" data-kipukas="{data}">'
        '<h1>Fists tool</h1>'
        '<p class="muted">Typing match-ups from the engine\'s own typing chart and motives '
        '(<a href="/rules/kipukas#fists_tool">rulebook: Fists Tool</a>). '
        'See also <a href="/kipukas/progress">affinity, loyalty and taming</a>.</p>'
        '<div class="modes" role="radiogroup" aria-label="What is compared">'
        '<label><input type="radio" name="mode" value="keal" checked> KEAL means</label>'
        '<label><input type="radio" name="mode" value="final"> Final Blow</label></div>'
        '<div class="room card"><h2>Two phones</h2>'
        '<p id="room-status" class="muted">Both sides on this phone. To choose in secret on two '
        'phones, create a room and share its code.</p>'
        '<div class="room-buttons"><button type="button" id="room-create">Create a room</button>'
        '<label>Code<input id="room-code" autocomplete="off" maxlength="6" size="7"></label>'
        '<label>My side<select id="room-side"><option value="attacker">Attacker</option>'
        '<option value="defender">Defender</option></select></label>'
        '<button type="button" id="room-join">Join</button></div></div>'
        f'<form id="fists-form" class="card">{_side("attacker")}{_side("defender")}'
        '<button type="submit" id="fists-go">Show the match-up</button></form>'
        '<div id="fists-result" class="card" aria-live="polite"></div>'
        '</section>'
    )
    return views.page("Kipukas fists tool", body, script="fists.js")


@router.get("/kipukas/fists", response_class=HTMLResponse, include_in_schema=False)
async def fists_page() -> str:
    return page()
