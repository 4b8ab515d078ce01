"""Kipukas affinity, loyalty and tameability progress (#affinity), kept per player.

A player without an account keeps the record in the browser (localStorage) and sends it with
each request: the server applies the engine's rule (``games.kipukas.affinity``: once a day,
the day being the server's UTC date) and answers the new record, storing nothing. A signed-in
player's record is the account's row (``sf_kipukas_progress``, migration 0007); the first
request of an account with no row may bring the browser's record, which becomes the account's.
No rule lives here: the routes read and keep records and ask ``affinity``.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import Field
from sqlalchemy import Column, Float, ForeignKey, Integer, Table, Text, insert, select, update
from sqlalchemy.exc import IntegrityError

from soulforge.games.kipukas import affinity
from soulforge.games.kipukas.affinity import Progress
from soulforge.games.kipukas.data import ARCHETYPES, CARDS
from soulforge.server import views
from soulforge.server.api import Token, account_of, service, tokens_of
from soulforge.server.schemas import Request as Body
from soulforge.server.storage import Storage, metadata
from soulforge.server.tables import LiveTable, TableError

router = APIRouter()
T = TypeVar("T")

progress_t = Table(
    "sf_kipukas_progress", metadata,
    Column("user_id", Integer, ForeignKey("sf_users.id"), primary_key=True),
    Column("body", Text, nullable=False),
    Column("updated", Float, nullable=False),
)


def today() -> datetime.date:
    """The day the once-a-day rules count by: the server's UTC date."""
    return datetime.datetime.now(datetime.UTC).date()


class WithProgress(Body):
    progress: dict[str, Any] | None = Field(
        None, description="the browser's record (no account); signed in: the account's is used, "
                          "this one only if the account has none yet")


class Declare(WithProgress):
    archetype: str = Field(max_length=32, description="the archetypal adaptation declared (the crux)")


class Fought(WithProgress):
    card: str = Field(max_length=64, description="the id of the character or species played in combat")


def _read(storage: Storage, user: int) -> str | None:
    with storage.engine.connect() as conn:
        found = conn.execute(select(progress_t.c.body).where(progress_t.c.user_id == user))
        body: str | None = found.scalar()
    return body


def _change(storage: Storage, user: int, start: Progress | None, change: Callable[[Progress], T]
            ) -> tuple[Progress, T]:
    """Apply ``change`` to the account's record (``start`` if it has none) and keep it, in
    one write transaction."""
    with storage._writing() as conn:
        body = conn.execute(select(progress_t.c.body).where(progress_t.c.user_id == user)).scalar()
        progress = _parsed(body) if body is not None else (start or Progress())
        result = change(progress)
        values = {"body": json.dumps(progress.to_json()), "updated": time.time()}
        if body is None:
            conn.execute(insert(progress_t).values(user_id=user, **values))
        else:
            conn.execute(update(progress_t).where(progress_t.c.user_id == user).values(**values))
    return progress, result


def _parsed(body: str) -> Progress:
    try:
        return affinity.from_json(body)
    except ValueError as err:  # written by this module only: a damaged row is the operator's
        raise TableError(409, f"the stored progress record cannot be read: {err}") from None


def _given(raw: dict[str, Any] | None) -> Progress | None:
    if raw is None:
        return None
    try:
        return affinity.from_data(raw)
    except ValueError as err:
        raise TableError(422, f"progress: {err}") from None


def answer(progress: Progress | None, stored: bool, grew: list[str] | None = None) -> dict[str, Any]:
    """A record with what it means: every species' tameability progress (the engine's)."""
    shown = progress or Progress()
    return {"progress": shown.to_json(), "stored": stored, "grew": grew or [],
            "species": affinity.tameability_progress(shown)}


async def _apply(request: Request, raw: dict[str, Any] | None, change: Callable[[Progress], list[str]]
                 ) -> dict[str, Any]:
    """``change`` on the account's record (kept) or the browser's (answered only)."""
    given = _given(raw)
    user = await account_of(request)
    if user is None:
        progress = given or Progress()
        return answer(progress, False, change(progress))
    storage: Storage = service(request).storage
    try:
        progress, grew = await storage.write(_change, storage, user, given, change)
    except IntegrityError:  # another request made the account's row first: apply to that one
        progress, grew = await storage.write(_change, storage, user, given, change)
    return answer(progress, True, grew)


def _refused(call: Callable[[], T]) -> T:
    try:
        return call()
    except ValueError as err:
        raise TableError(422, str(err)) from None


@router.get("/api/kipukas/progress")
async def read(request: Request) -> dict[str, Any]:
    """The signed-in account's record and its species' tameability progress (``stored``
    true); without an account an empty record (``stored`` false: the browser keeps its own)."""
    user = await account_of(request)
    if user is None:
        return answer(None, False)
    storage: Storage = service(request).storage
    body = await storage.read(_read, storage, user)
    return answer(_parsed(body) if body is not None else None, True)


@router.post("/api/kipukas/progress/view")
async def view(body: WithProgress, request: Request) -> dict[str, Any]:
    """The species' tameability progress for a browser's record (nothing kept or grown)."""
    return answer(_given(body.progress), False)


@router.post("/api/kipukas/progress/declare")
async def declare(body: Declare, request: Request) -> dict[str, Any]:
    """Declare an affinity (#game_setup 3): it becomes the crux; its level grows once a day."""
    day = today()

    def change(p: Progress) -> list[str]:
        grew = _refused(lambda: affinity.declare(p, body.archetype, day))
        return [f"affinity for {body.archetype} is now {p.affinity[body.archetype]}"] if grew else []
    return await _apply(request, body.progress, change)


@router.post("/api/kipukas/progress/fought")
async def fought(body: Fought, request: Request) -> dict[str, Any]:
    """A soul was played in combat: its loyalty grows once a day (#affinity)."""
    day = today()

    def change(p: Progress) -> list[str]:
        grew = _refused(lambda: affinity.fought(p, body.card, day))
        return [f"{CARDS[body.card].name}'s loyalty is now {p.loyalty[body.card]}"] if grew else []
    return await _apply(request, body.progress, change)


class FromTable(WithProgress):
    records_only: bool = Field(False, description="only a table played with the records (its 'progress' "
                                                  "option): what the table page asks at a game's end")


@router.post("/api/kipukas/progress/tables/{table_id}")
async def from_table(table_id: str, body: FromTable, request: Request,
                     x_seat_token: Token = None) -> dict[str, Any]:
    """Grow the record from a finished Kipukas table where the request holds one seat (by
    its token or the account): the crux it declared and the souls it fought with, each once
    a day. The table page asks it by itself at the end of a table played with the records
    (``records_only``), for a browser without an account."""
    svc = service(request)
    table = await svc.get(table_id)
    if table.row.game != "kipukas":
        raise TableError(409, "only a Kipukas game grows affinity and loyalty")
    if body.records_only and not table.row.options.get("progress"):
        raise TableError(409, "this table was not played with the records")
    if not table.over:
        raise TableError(409, "a table's game grows the records once it is over")
    held = await svc.seats_of(table, tokens_of(x_seat_token), await account_of(request))
    if len(held) != 1:
        raise TableError(409 if held else 403, "hold exactly one seat of this table (its token or "
                                               "your account) to grow your records from it")
    seat = next(iter(held))
    growth = (await asyncio.to_thread(affinity.game_growth, table.state.record()))[seat]
    day = today()
    return await _apply(request, body.progress, lambda p: affinity.grow(p, growth, day))


async def creator_records(request: Request, game: str, seats: Sequence[tuple[str, str | None]],
                          given: dict[str, Any] | None) -> str:
    """The Kipukas ``progress`` option of a new table: the creator's record (the account's
    when signed in, else the browser's ``given``, checked as ``affinity.from_data``) at the
    creator's seat, the first human one, null at every other seat. Nothing is applied here."""
    if game != "kipukas":
        raise TableError(422, "use_records: only a Kipukas table uses the players' affinity records")
    humans = [number for number, (kind, _) in enumerate(seats) if kind == "human"]
    if not humans:
        raise TableError(422, "use_records: the table has no human seat")
    user = await account_of(request)
    record: Progress | None
    if user is None:
        record = _given(given)
    else:
        storage: Storage = service(request).storage
        body = await storage.read(_read, storage, user)
        record = _parsed(body) if body is not None else None
    records: list[dict[str, Any] | None] = [None] * len(seats)
    records[humans[0]] = record.to_json() if record is not None else None
    return json.dumps(records)


async def seat_record(request: Request, table_id: str, seat: int, given: Progress | None) -> bool:
    """A seat taken at a Kipukas table played with the records (its ``progress`` option)
    before its first move brings its holder's record to its place in the option (the
    account's when signed in, else the browser's ``given``), and the engine plays with it
    from the first move (``TableService.set_options``). False: nothing to bring, or the game
    had begun (the records are the table's from its first move on)."""
    svc = service(request)
    table = await svc.get(table_id)
    options = table.row.options
    if table.row.game != "kipukas" or not options.get("progress") or table.state.history:
        return False
    user = await account_of(request)
    record = given
    if user is not None:
        body = await svc.storage.read(_read, svc.storage, user)
        record = _parsed(body) if body is not None else None
    if record is None:
        return False
    records: list[dict[str, Any] | None] = [
        r.to_json() if r is not None else None for r in affinity.seat_records(str(options["progress"]))]
    records += [None] * (table.row.players - len(records))
    records[seat] = record.to_json()
    try:
        return await svc.set_options(table_id, {**options, "progress": json.dumps(records)})
    except TableError as err:
        if err.status != 409:
            raise
        return False  # another process moved the table meanwhile: its game has begun


async def record_to_bring(request: Request, table_id: str, raw: dict[str, Any] | None) -> Progress | None:
    """A browser's record sent with a seat's request, checked before the seat is taken (422)
    where it would be used (a Kipukas table played with the records, before its first move);
    None elsewhere: a browser may send its record with every seat it takes."""
    if raw is None:
        return None
    table = await service(request).get(table_id)
    if table.row.game != "kipukas" or not table.row.options.get("progress") or table.state.history:
        return None
    return _given(raw)


async def grow_seated(storage: Storage, table: LiveTable, users: dict[int, int]) -> dict[int, list[str]]:
    """A finished Kipukas table played with the records (its ``progress`` option set): each
    seat held by an account (``users``: seat -> account) grows that account's record from the
    game (``affinity.game_growth``, each part once a day); what grew, by seat."""
    if table.row.game != "kipukas" or not table.row.options.get("progress") or not users:
        return {}
    growth = await asyncio.to_thread(affinity.game_growth, table.state.record())
    day = today()
    grew: dict[int, list[str]] = {}
    for seat, user in sorted(users.items()):
        if seat in growth:
            def change(p: Progress, g: affinity.GameGrowth = growth[seat]) -> list[str]:
                return affinity.grow(p, g, day)
            try:
                _, grew[seat] = await storage.write(_change, storage, user, None, change)
            except IntegrityError:  # the account's row was made meanwhile: grow that one
                _, grew[seat] = await storage.write(_change, storage, user, None, change)
    return grew


# -- the page -----------------------------------------------------------------------------------
def page() -> str:
    options = "".join(f'<option value="{a}">{a}</option>' for a in ARCHETYPES)
    souls = "".join(f'<option value="{c.id}">{c.name}</option>'
                    for c in sorted(CARDS.values(), key=lambda c: c.name) if c.soul)
    body = (
        '<link rel="stylesheet" href="/static/fists.css">'
        '<section class="fists progress" id="progress">'
        '<h1>Affinity, loyalty and taming</h1>'
        '<p class="muted" id="progress-where">Kept in this browser. Sign in to keep it with your account.</p>'
        '<p class="muted">Once a day each (<a href="/rules/kipukas#affinity">rulebook: Affinity and '
        'Loyalty</a>). See also the <a href="/kipukas/fists">fists tool</a>.</p>'
        '<form id="declare" class="card"><h2>Declare your affinity</h2>'
        f'<label>The … are my crux<select name="archetype">{options}</select></label>'
        '<button type="submit">Declare</button></form>'
        '<form id="fought" class="card"><h2>Played in combat</h2>'
        f'<label>Soul<select name="card">{souls}</select></label>'
        '<button type="submit">Add loyalty</button></form>'
        '<form id="from-table" class="card"><h2>A game played on this site</h2>'
        '<p class="muted">A table played with the records counts by itself when it ends, '
        'on the page of the seat you held; any other finished Kipukas table counts here.</p>'
        '<label>Finished Kipukas table (its link or code)<input name="table" autocomplete="off" '
        'maxlength="200"></label><button type="submit">Count that game</button></form>'
        '<p id="progress-news" aria-live="polite"></p>'
        '<div class="card"><h2>Affinity</h2><p id="crux"></p><ul id="affinity-levels"></ul></div>'
        '<div class="card"><h2>Loyalty</h2><ul id="loyalty"></ul></div>'
        '<div class="card"><h2>Tameability progress</h2><table class="fists-pairs" id="species">'
        '<thead><tr><th>Species</th><th>control</th><th>needed</th><th></th></tr></thead><tbody></tbody>'
        '</table></div></section>'
    )
    return views.page("Kipukas affinity", body, script="progress.js")


@router.get("/kipukas/progress", response_class=HTMLResponse, include_in_schema=False)
async def progress_page() -> str:
    return page()
