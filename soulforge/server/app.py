"""The web table: ``create_app(db_url)`` gives the FastAPI app (lobby, tables, websocket)."""

from __future__ import annotations

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
from sqlalchemy.exc import ArgumentError, DBAPIError
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from soulforge.server import api, apidocs, pages
from soulforge.server.hub import Hub
from soulforge.server.storage import Storage, StorageError
from soulforge.server.tables import TableError, TableService
from soulforge.server.thinking import Thinkers

STATIC = Path(__file__).parent / "static"


def create_app(db_url: str | None = None, ai_workers: int | None = None) -> FastAPI:
    """The app; storage at ``db_url``, else env ``SOULFORGE_DB``, else SQLite in ``./var/``;
    AI moves thought in ``ai_workers`` processes (default: env ``SOULFORGE_AI_WORKERS``, else
    one per core but one; 0: in threads of this process)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(db_url)
        app.state.service = service = TableService(storage, Thinkers(ai_workers))
        app.state.hub = Hub(service)
        await service.resume_all()
        yield
        await service.shutdown()
        storage.close()

    # The API docs (Swagger UI, ReDoc) are served from the package: /docs works offline;
    # /redoc is our own route (apidocs: its bundle's logo came from a CDN).
    app = FastAPIOffline(
        title="Soulforge", version="0.1.0", lifespan=lifespan, redoc_url=None,
        description="A digital table for tabletop games: lobby, tables, seats, live updates.")
    app.include_router(apidocs.router)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.include_router(api.router)
    app.include_router(api.ws_router)
    app.include_router(pages.router)
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


RETRY_AFTER = 2
"""Seconds a client is told to wait when the database is busy (503)."""


def database_problem(db_url: str | None = None) -> str | None:
    """Why the database at ``db_url`` cannot be used, in one line, or None: checked before
    serving, so a bad file stops start-up with a sentence, not a traceback."""
    try:
        Storage(db_url).close()
    except StorageError as err:
        return str(err)
    except ArgumentError:  # not a URL SQLAlchemy can read
        return f"--db {db_url!r}: not a database URL (e.g. sqlite:///var/soulforge.db, postgresql://...)"
    except ImportError as err:  # a dialect whose driver is not installed
        return f"--db {db_url!r}: its database driver is not installed ({err.name or err})"
    except OSError as err:  # a folder that does not exist, a file that cannot be locked
        where = f": {err.filename}" if err.filename else ""
        return f"the database {db_url} cannot be used: {err.strerror or err}{where}"
    return None


def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None,
        app: FastAPI | None = None) -> None:
    """Serve the web table (``app``, else ``create_app(db_url)``) with uvicorn, its websocket
    messages bounded (what ``soulforge serve`` does)."""
    import uvicorn

    uvicorn.run(app or create_app(db_url), host=host, port=port, ws_max_size=api.MAX_WS_MESSAGE)


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


def too_large(limit: int) -> JSONResponse:
    """The 413 answer to a body over ``limit`` bytes."""
    return JSONResponse({"detail": f"the request body is larger than {limit:,} bytes"}, status_code=413)


def safe_error(error: Any) -> dict[str, Any]:
    """A validation error as JSON can carry it: where, what, and the input only as short text.

    >>> safe_error({"loc": ("body", "seed"), "msg": "bad", "type": "int", "input": float("nan")})
    {'loc': ['body', 'seed'], 'msg': 'bad', 'type': 'int', 'input': 'nan'}
    >>> safe_error({"loc": ("body", "seeds"), "msg": "Extra inputs", "type": "extra_forbidden"})["msg"]
    "unknown field 'seeds': it is not one of this request's fields"
    """
    shown = reprlib.repr(error.get("input"))
    loc = [str(part) for part in error.get("loc", ())]
    msg = str(error.get("msg", ""))
    if error.get("type") == "extra_forbidden" and loc:
        msg = f"unknown field {loc[-1]!r}: it is not one of this request's fields"
    return {"loc": loc, "msg": msg,
            "type": str(error.get("type", "")), "input": shown if len(shown) <= 40 else shown[:37] + "..."}
