"""The web table: ``create_app(db_url)`` gives the FastAPI app (lobby, tables, websocket)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from sqlalchemy.exc import DBAPIError

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
    return None


def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Serve the web table with uvicorn (what ``soulforge serve`` does)."""
    import uvicorn

    uvicorn.run(create_app(db_url), host=host, port=port)


def safe_error(error: Any) -> dict[str, Any]:
    """A validation error as JSON can carry it: where, what, and the input only as short text.

    >>> safe_error({"loc": ("body", "seed"), "msg": "bad", "type": "int", "input": float("nan")})
    {'loc': ['body', 'seed'], 'msg': 'bad', 'type': 'int', 'input': 'nan'}
    """
    shown = repr(error.get("input"))
    return {"loc": [str(part) for part in error.get("loc", ())], "msg": str(error.get("msg", "")),
            "type": str(error.get("type", "")), "input": shown if len(shown) <= 40 else shown[:37] + "..."}
