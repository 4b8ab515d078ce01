"""The Kipukas fists tool (rulebook #fists_tool): a phone page beside a physical game.

Pick the attacker's and the defender's KEAL means (their archetypes), or for a Final Blow
their archetypal genes and motives, and see each pair's modifier and the total. Every number
comes from the engine (``games.kipukas.combat`` over the game's typing chart and motives,
``data.load_matchups``): this module only reads the choices and words the answer.

Two players, two phones: one creates a room (a short code), each opens the room's websocket
for their side and chooses in secret; the server keeps the choices and tells each socket only
*whether* the other side has chosen, then reveals both and the result to both at once. Rooms
live in this process's memory (a table tool, nothing to keep), bounded in number
(:data:`MAX_ROOMS`) and size (one socket per side), and dropped when idle.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import secrets
import time
from collections.abc import Callable, Mapping
from html import escape
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from pydantic import AfterValidator, Field, TypeAdapter, ValidationError, model_validator
from starlette.datastructures import State

from soulforge.games.kipukas import combat
from soulforge.games.kipukas.data import ARCHETYPES, CARDS, MOTIVES, load_matchups, load_rules
from soulforge.server import views
from soulforge.server.schemas import Request as Body

router = APIRouter()

SIDES = ("attacker", "defender")
MAX_MEANS_ARCHETYPES = 3
"""The most archetypes a KEAL means has on a published card (4 of the 51 means have 3)."""
MAX_ROOMS = 200
"""Two-player rooms open at once in one server process; past it creating one answers 503."""
ROOM_IDLE_SECONDS = 30 * 60
"""A room no socket holds is dropped this long after its last use (checked when one is made)."""
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
@dataclasses.dataclass
class Room:
    """Two players' secret choices for one round at a time."""

    code: str
    mode: str
    touched: float
    round: int = 1
    sockets: dict[str, WebSocket] = dataclasses.field(default_factory=dict)
    choices: dict[str, KealChoice | FinalChoice] = dataclasses.field(default_factory=dict)
    last: dict[str, Any] | None = None
    """The last reveal (both had chosen: no secret), for a phone that was away when it came."""

    def status(self, side: str) -> dict[str, Any]:
        """What ``side`` may know before the reveal: who is here and who has chosen, and its
        own choice; never the other side's choice."""
        own = self.choices.get(side)
        return {"type": "status", "code": self.code, "side": side, "mode": self.mode, "round": self.round,
                "present": {s: s in self.sockets for s in SIDES},
                "chosen": {s: s in self.choices for s in SIDES},
                "yours": own.model_dump() if own is not None else None, "last": self.last}

    def choose(self, side: str, choice: KealChoice | FinalChoice) -> dict[str, Any] | None:
        """Keep ``side``'s choice (it may change it until the reveal); once both have chosen,
        the reveal (both choices and the result) and the next round begins; else None."""
        if choice.mode != self.mode:
            raise ValueError(f"this round is for {self.mode_words()}: change the mode first")
        self.choices[side] = choice
        if len(self.choices) < len(SIDES):
            return None
        attacker, defender = self.choices["attacker"], self.choices["defender"]
        reveal = {"type": "reveal", "round": self.round, "attacker": attacker.model_dump(),
                  "defender": defender.model_dump(), "result": result(attacker, defender)}
        self.choices.clear()
        self.round += 1
        self.last = reveal
        return reveal

    def switch(self, mode: str) -> None:
        """A new round for ``mode``; the choices made for the old one are dropped unseen."""
        self.mode = mode
        self.choices.clear()
        self.round += 1

    def mode_words(self) -> str:
        return "KEAL means" if self.mode == "keal" else "a Final Blow"


class Rooms:
    """The open rooms of this process, at most ``limit``; a room no socket holds is dropped
    ``idle`` seconds after its last use."""

    def __init__(self, limit: int = MAX_ROOMS, idle: float = ROOM_IDLE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.idle, self.clock = limit, idle, clock
        self.open: dict[str, Room] = {}

    def sweep(self) -> None:
        now = self.clock()
        for code in [c for c, r in self.open.items() if not r.sockets and now - r.touched > self.idle]:
            del self.open[code]

    def create(self, mode: str) -> Room:
        """A new room with a fresh code; a 503 when :attr:`limit` rooms are open."""
        self.sweep()
        if len(self.open) >= self.limit:
            raise HTTPException(503, f"{self.limit} fists rooms are open, the most this server keeps; "
                                "try again in a few minutes")
        code = _new_code()
        while code in self.open:
            code = _new_code()
        room = self.open[code] = Room(code, mode, self.clock())
        return room

    def get(self, code: str) -> Room | None:
        room = self.open.get(code.upper())
        if room is not None:
            room.touched = self.clock()
        return room


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def rooms_of(state: State) -> Rooms:
    """The app's rooms (made on first use: the tool needs nothing at start-up)."""
    found = getattr(state, "fists_rooms", None)
    if not isinstance(found, Rooms):
        found = state.fists_rooms = Rooms()
    return found


@router.post("/api/kipukas/fists/rooms")
async def new_room(request: Request, body: NewRoom | None = None) -> dict[str, Any]:
    """A two-player room: share its ``code``; each phone opens ``/ws/kipukas/fists/{code}``."""
    room = rooms_of(request.app.state).create((body or NewRoom()).mode)
    return {"code": room.code, "mode": room.mode, "url": f"/kipukas/fists?room={room.code}"}


class Hello(Body):
    side: Literal["attacker", "defender"]


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


async def _tell(room: Room) -> None:
    """Each side present its own status."""
    for side, socket in list(room.sockets.items()):
        with contextlib.suppress(Exception):
            await socket.send_json(room.status(side))


@router.websocket("/ws/kipukas/fists/{code}")
async def room_socket(socket: WebSocket, code: str) -> None:
    """One side of a room. First message ``{"side": "attacker"}`` (or ``"defender"``); then
    ``{"type": "choose", "choice": {...}}`` (a choice as ``/api/kipukas/fists`` takes it) and
    ``{"type": "mode", "mode": "keal" | "final"}``. The server sends ``status`` (who is here,
    who has chosen, your own choice) after every change, and ``reveal`` to both at once when
    both have chosen; ``error`` for a message it refuses."""
    await socket.accept()
    room = rooms_of(socket.app.state).get(code[:CODE_LENGTH * 2])
    if room is None:
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
    side = hello.side
    if side in room.sockets:
        await _refuse(socket, 409, f"the {side} of room {room.code} is taken")
        return
    room.sockets[side] = socket
    try:
        await _tell(room)
        while (message := await socket.receive())["type"] != "websocket.disconnect":
            text, ending = _text(message)
            if ending is not None:
                with contextlib.suppress(Exception):
                    await socket.close(code=ending[0], reason=ending[1])
                break
            await _answer(room, side, socket, text or "")
    except WebSocketDisconnect:
        pass
    finally:
        if room.sockets.get(side) is socket:
            del room.sockets[side]
        room.touched = rooms_of(socket.app.state).clock()
        await _tell(room)


async def _answer(room: Room, side: str, socket: WebSocket, text: str) -> None:
    """Act on one message of ``side``: keep its choice or change the mode, and tell both."""
    try:
        message = CLIENT_MESSAGE.validate_json(text)
    except ValidationError as err:
        await socket.send_json({"type": "error", "status": 400, "detail": _problem(err)})
        return
    room.touched = rooms_of(socket.app.state).clock()
    if message.mode is not None and message.type == "mode":
        room.switch(message.mode)
        await _tell(room)
        return
    if message.choice is None:
        return
    try:
        reveal = room.choose(side, message.choice)
    except ValueError as err:
        await socket.send_json({"type": "error", "status": 409, "detail": str(err)})
        return
    if reveal is not None:  # both at once, before either hears of the next round
        await asyncio.gather(*(_send(s, reveal) for s in list(room.sockets.values())))
    await _tell(room)


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
