"""The web table (FastAPI): ``create_app(db_url)`` and ``run(host, port)``.

Modules: ``app`` (wiring), ``api`` (JSON + websocket routes), ``pages`` and ``views`` (HTML),
``tables`` (live tables: moves, undo, AI turns, payloads), ``hub`` (websocket fan-out),
``storage`` (SQLAlchemy), ``render`` (each game's ``render_svg`` or the generic SVG),
``catalog`` (games and rulebooks), ``static/`` (a small script per page, no framework).

Decisions:

- One event-sourced record per table: set-up (game, options, seed, seats) plus numbered
  moves, primary key ``(table, number)``. A move is checked by the state, stored, then
  applied and announced; every restart rebuilds each unfinished table with
  ``Record.replay`` and plays pending AI turns.
- Seat tokens are secrets of 24 random bytes, stored as SHA-256. Invite links carry them in
  the URL fragment (never sent to the server, so never in access logs); the page keeps
  them in ``localStorage`` and sends them in the ``X-Seat-Token`` header (comma-separated
  for hot-seat) and in the websocket's first message.
- Every payload a viewer gets (HTTP or websocket) holds ``view(seat)``, ``log(seat)``, the
  seat's own legal actions, the SVG rendered from that view, and public table facts only.
  The full record and the replay (every seat's view at every step) are served only once
  the game is over (409 before): mid-game they would reveal hidden moves.
- Refusals: 403 (a token that holds no seat, or not the seat named), 404 (unknown table),
  409 (stale move number, a game not over for records), 422 (the rules refuse: the
  ``IllegalAction`` text; bad options or requests).
- Undo follows Board Game Arena's policy: only with no other human at the table (one human
  seat, or hot-seat), back to the requester's last decision (AI moves after it go too),
  never across ``state.undo_floor`` (a reveal or chance since); the table is rebuilt by
  replaying the record minus those moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from soulforge.server.app import create_app, run

__all__ = ["create_app", "run"]


def __getattr__(name: str) -> Any:
    """``create_app`` and ``run``, imported on first use: an AI worker process imports
    ``soulforge.server.thinking`` alone, without FastAPI and SQLAlchemy (2.6 s less to start)."""
    if name in __all__:
        from soulforge.server import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
