"""HTML routes: lobby, rules, table and replay pages."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse

from soulforge.core import Game
from soulforge.games import game_class
from soulforge.server import views
from soulforge.server.account_api import community
from soulforge.server.api import service
from soulforge.server.catalog import game_infos, how_to_html, how_to_path, rulebook_html
from soulforge.server.tables import TableError

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> str:
    rows = await service(request).listing()  # damaged tables are quarantined, not shown
    # The first call imports every game (about a second): in a thread, not the event loop.
    infos = await asyncio.to_thread(game_infos)
    titles = {info["id"]: info["title"] for info in infos}
    shown = [r for r in rows if r.game in titles]
    return views.lobby(infos, shown, titles, await community(request).seat_accounts(shown))


def _game(game_id: str) -> type[Game]:
    """The registered game, or a 404 naming what was asked."""
    try:
        return game_class(game_id)
    except ValueError:
        raise TableError(404, f"no game {game_id!r}") from None


@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    """The site's icon, for a browser that asks the conventional address (every page also
    names it with a ``<link rel=icon>``); an SVG, which browsers take at any address."""
    return FileResponse(views.STATIC / "favicon.svg", media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules(game_id: str) -> str:
    cls = _game(game_id)
    how = f"/how/{cls.id}" if how_to_path(cls) else None
    return views.rules(cls.title, await asyncio.to_thread(rulebook_html, cls), how)


@router.get("/how/{game_id}", response_class=HTMLResponse)
async def how_to(game_id: str) -> str:
    cls = _game(game_id)
    body = await asyncio.to_thread(how_to_html, cls)
    if body is None:
        raise TableError(404, f"no how-to-play page for {game_id!r}")
    return views.how_to(cls.title, cls.id, body)


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table(table_id: str, request: Request) -> str:
    svc = service(request)
    table = await svc.get(table_id)
    cls = _game(table.row.game)
    return views.table(svc.payload(table, set()), f"/how/{cls.id}" if how_to_path(cls) else None)


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay(table_id: str, request: Request) -> str:
    live = await service(request).get(table_id)
    return views.replay(table_id, game_class(live.row.game).title, live.row.players)
