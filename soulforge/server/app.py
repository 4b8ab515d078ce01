"""The web table: ``create_app(db_url)`` gives the FastAPI app (lobby, tables, websocket)."""

from __future__ import annotations

import asyncio
import hmac
import os
import reprlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from sqlalchemy.exc import DBAPIError
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from soulforge.server import account_api, api, apidocs, binder, fanout, fists, pages, progress
from soulforge.server.accounts import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, Accounts
from soulforge.server.community import Community
from soulforge.server.hub import Hub
from soulforge.server.ratings import Ratings
from soulforge.server.storage import SecondProcess, Storage, StorageError, open_storage, serve_alone
from soulforge.server.tables import TableError, TableService
from soulforge.server.thinking import Thinkers

STATIC = Path(__file__).parent / "static"
ROUTERS = (apidocs.router, api.router, account_api.router, account_api.pages, api.ws_router, pages.router,
           binder.router, fists.router, progress.router)
"""The app's routers, in the order their routes are matched. An app serves their routes as
the routers built them when their modules were imported, not through ``include_router``:
FastAPI (0.165) builds for each app, on the first request through an included router, a copy
of every route of it (the pydantic adapters of each parameter and response, again), which
was 60-90 ms of CPU at each new app's first requests, half of a typical server test. Nothing
is lost: the routers already hold their prefixes and options, and no inclusion adds one.
(What the copies would add: ``app.dependency_overrides``, which the server does not use.)"""


AI_QUEUE_ENV = "SOULFORGE_AI_QUEUE"
"""Set to 1: this server thinks no AI move; it queues them for ``soulforge worker`` (PostgreSQL)."""
LISTEN_WAIT = 10.0
"""Seconds a starting server waits for its notifications' connection before it serves."""


def ai_queued(given: bool | None = None) -> bool:
    """Whether the AI's decisions go to the database's queue: ``given``, else env
    :data:`AI_QUEUE_ENV` (``soulforge serve`` alone keeps its own pool)."""
    return given if given is not None else os.environ.get(AI_QUEUE_ENV, "").strip() not in ("", "0")


def create_app(db_url: str | None = None, ai_workers: int | None = None, ai_queue: bool | None = None,
               ) -> FastAPI:
    """The app; storage at ``db_url``, else env ``SOULFORGE_DB``, else SQLite in ``./var/``;
    AI moves thought in ``ai_workers`` processes (default: env ``SOULFORGE_AI_WORKERS``, else
    one per core but one; 0: in threads of this process), or, ``ai_queue`` (default: env
    ``SOULFORGE_AI_QUEUE``), by ``soulforge worker`` processes (PostgreSQL only).

    On PostgreSQL any number of these apps, in any processes, serve the same tables
    (docs/scaling.md); an SQLite database is served by one process only."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(db_url)
        queue = ai_queued(ai_queue)
        if storage.sqlite:
            serve_alone(storage.url)  # a second process on the same file stops here
            queue = False  # one process: its own pool
        app.state.service = service = TableService(storage, Thinkers(ai_workers), queue_ai=queue)
        app.state.accounts = Accounts(storage)
        app.state.community = community = Community(service, app.state.accounts, Ratings(storage))
        service.spawn(community.watch_disabled())
        app.state.hub = Hub(service)
        app.state.fists_rooms = rooms = fists.Rooms(storage)
        if service.shared:
            await _join_others(service, rooms)
        else:
            await service.resume_all()
        yield
        # Uvicorn has closed the websockets (1012) and let the requests end (at most
        # STOP_GRACE s with `soulforge serve`): every acknowledged move is stored. The AI
        # is not waited for: its workers are killed mid-think, its moves never stored.
        await service.shutdown()
        storage.close()

    # The API docs (Swagger UI, ReDoc) are served from the package: /docs works offline;
    # /redoc is our own route (apidocs: its bundle's logo came from a CDN).
    app = FastAPIOffline(
        title="Soulforge", version="0.1.0", lifespan=lifespan, redoc_url=None,
        description="A digital table for tabletop games: lobby, tables, seats, live updates.")
    app.add_middleware(CsrfGuard)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    for router in ROUTERS:
        app.router.routes.extend(router.routes)  # the routes as built once (ROUTERS)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        # The default answer echoes the input, which may be NaN, Infinity or 1e400: not JSON.
        return JSONResponse({"detail": [safe_error(e) for e in err.errors()]}, status_code=422)

    @app.exception_handler(TableError)
    async def table_error(_request: Request, err: TableError) -> JSONResponse:
        retry = {"Retry-After": str(err.retry_after)} if err.retry_after else None  # 429: rate limits
        return JSONResponse({"detail": str(err)}, status_code=err.status, headers=retry)

    @app.exception_handler(DBAPIError)
    async def database_busy(_request: Request, _err: DBAPIError) -> JSONResponse:
        # A lock held by another process, or the database away: nothing was stored, say so fast.
        return JSONResponse({"detail": "the database is busy or unavailable: nothing was changed; "
                                       f"try again in {RETRY_AFTER} s"},
                            status_code=503, headers={"Retry-After": str(RETRY_AFTER)})

    return app


async def _join_others(service: TableService, rooms: fists.Rooms) -> None:
    """PostgreSQL: listen to the other processes' changes of tables and fists rooms (serving
    once listening, so no change is missed), and resume the AI tables if this process leads
    (``fanout``)."""
    url, ready = service.storage.url, asyncio.Event()

    async def heard(message: dict[str, Any]) -> None:
        # in order of arrival; a slow reload holds no other (a room's lock keeps its order)
        service.spawn(rooms.notified(message) if "fists" in message else service.notified(message))

    async def look_again() -> None:  # notifications were lost while reconnecting
        for table in list(service.live.values()):
            if service.watched(table.id):
                service.spawn(service.refresh(table))
        service.spawn(rooms.look_again())

    service.spawn(fanout.listen(url, heard, look_again, ready))
    await asyncio.wait_for(ready.wait(), LISTEN_WAIT)
    service.spawn(service.keep_caught_up())  # a lost notification delays a move, never loses it
    service.spawn(fanout.lead(url, service.resume_queue if service.queue_ai else service.resume_all))


RETRY_AFTER = 2
"""Seconds a client is told to wait when the database is busy (503)."""


def database_problem(db_url: str | None = None) -> str | None:
    """Why the database at ``db_url`` cannot be used, in one line, or None: checked before
    serving, so a bad file stops start-up with a sentence, not a traceback."""
    try:
        open_storage(db_url).close()
        serve_alone(db_url)  # SQLite: held while this process serves it
    except (StorageError, SecondProcess) as err:
        return str(err)
    return None


STOP_GRACE = 2
"""Seconds a stopping server (SIGTERM, Ctrl-C) gives open requests and websockets to end
after it has asked them to close; then they are cancelled and the AI workers killed."""


def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None,
        app: FastAPI | None = None) -> None:
    """Serve the web table (``app``, else ``create_app(db_url)``) with uvicorn, its websocket
    messages bounded (what ``soulforge serve`` does); on SIGTERM open requests and websockets
    get :data:`STOP_GRACE` seconds, then the AI workers are killed."""
    import uvicorn

    uvicorn.run(app or create_app(db_url), host=host, port=port, ws_max_size=api.MAX_WS_MESSAGE,
                timeout_graceful_shutdown=STOP_GRACE)


MAX_BODY = 512 * 1024
"""The largest request body, in bytes (the largest real one, a table of four deck lists of
20,000 characters, is under 350 KB): a larger one is answered 413 before it is read."""


class BodyTooLarge(HTTPException):
    """A request body over :data:`MAX_BODY`, found while it streams in (an HTTPException so
    the framework, which turns other errors in reading a body into 400, lets it through)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit:,} bytes")


class BodyLimit:
    """ASGI middleware: a request body above ``limit`` bytes is refused with 413, before it is
    read when its Content-Length says so, else as soon as the chunks streamed in exceed it
    (a chunked body has no length); nothing of it is kept beyond the bound."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.strip().isdigit() and int(declared) > self.limit:
            await too_large(self.limit)(scope, receive, send)
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if started:
                raise
            await too_large(self.limit)(scope, receive, send)


class CsrfGuard:
    """ASGI middleware: a state-changing request (not GET, HEAD, OPTIONS) that carries the
    session cookie must carry its CSRF token too, as the ``X-CSRF-Token`` header equal to
    the CSRF cookie (another site can make a browser send the cookies, not read or set the
    header); and one sent from another origin (``Origin``) is refused when it carries the
    cookie or signs in. Refused: 403 before anything is read. The session's own token is
    checked again where the session is used (``account_api.signed_in``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            why = csrf_refusal(Headers(scope=scope), scope.get("path", ""))
            if why is not None:
                await JSONResponse({"detail": why}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


SIGNING_IN = frozenset({"/api/account/sign-in", "/api/account/register"})
"""Where a browser whose CSRF cookie is lost may still go (a new session replaces the old one;
another site is kept out by the ``Origin`` check, which browsers always send on a POST)."""


def csrf_refusal(headers: Headers, path: str) -> str | None:
    """Why a state-changing request is refused as a possible cross-site forgery, or None."""
    cookies = _cookies(headers.get("cookie", ""))
    session = SESSION_COOKIE in cookies
    origin = headers.get("origin")
    if origin is not None and (session or path.startswith("/api/account/")):
        host = headers.get("host", "")
        if origin.split("://", 1)[-1].rstrip("/") != host:
            return "a request from another site may not act for a signed-in player"
    if session and path not in SIGNING_IN:
        sent, expected = headers.get(CSRF_HEADER, ""), cookies.get(CSRF_COOKIE, "")
        if not sent or not hmac.compare_digest(sent.encode(), expected.encode()):
            return (f"this request needs the {CSRF_HEADER} header of your session "
                    "(sign in again if it is lost)")
    return None


def _cookies(header: str) -> dict[str, str]:
    """The request's cookies by name (the first of each name; never logged)."""
    found: dict[str, str] = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        found.setdefault(name, value)
    return found


def too_large(limit: int) -> JSONResponse:
    """The 413 answer to a body over ``limit`` bytes."""
    return JSONResponse({"detail": f"the request body is larger than {limit:,} bytes"}, status_code=413)


def safe_error(error: Any) -> dict[str, Any]:
    """A validation error as JSON can carry it: where, what, and the input only as short text.

    >>> safe_error({"loc": ("body", "seed"), "msg": "bad", "type": "int", "input": float("nan")})
    {'loc': ['body', 'seed'], 'msg': 'bad', 'type': 'int', 'input': 'nan'}
    >>> safe_error({"loc": ("body", "seeds"), "msg": "Extra inputs", "type": "extra_forbidden"})["msg"]
    "unknown field 'seeds': it is not one of this request's fields"
    >>> safe_error({"loc": ("body", "password"), "msg": "too long", "type": "x", "input": "hunter2"})["input"]
    '(hidden)'
    """
    loc = [str(part) for part in error.get("loc", ())]
    # a password is never sent back, not even a piece of it to its own sender (issue 34)
    shown = "(hidden)" if "password" in loc else reprlib.repr(error.get("input"))
    msg = str(error.get("msg", ""))
    if error.get("type") == "extra_forbidden" and loc:
        msg = f"unknown field {loc[-1]!r}: it is not one of this request's fields"
    return {"loc": loc, "msg": msg,
            "type": str(error.get("type", "")), "input": shown if len(shown) <= 40 else shown[:37] + "..."}
