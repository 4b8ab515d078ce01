"""The registered games as the lobby shows them, and their rulebooks as HTML."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

import soulforge
from soulforge import games
from soulforge.core import Game

log = logging.getLogger("soulforge.server")


def rules_dir() -> Path:
    """``SOULFORGE_RULES_DIR``, else ``shared/rules`` beside the repository."""
    env = os.environ.get("SOULFORGE_RULES_DIR")
    return Path(env) if env else Path(soulforge.__file__).resolve().parents[2] / "shared" / "rules"


def game_classes() -> list[type[Game]]:
    """Every registered game that imports (one still being written is left out, with a log line)."""
    out = []
    for game_id in games.GAMES:
        try:
            out.append(games.game_class(game_id))
        except (ImportError, AttributeError):
            log.warning("game %s is registered but does not import", game_id)
    return out


def game_infos() -> list[dict[str, Any]]:
    return [{"id": cls.id, "title": cls.title, "summary": cls.summary, "min_players": cls.min_players,
             "max_players": cls.max_players, "options": [spec.describe() for spec in cls.option_specs],
             "rules_url": f"/rules/{cls.id}"} for cls in game_classes()]


def rulebook_html(cls: type[Game]) -> str | None:
    """The rulebook (Markdown or plain text) as HTML; raw HTML in it is escaped."""
    path = rules_dir() / cls.rulebook if cls.rulebook else None
    if path is None or not path.is_file():
        return None
    html: str = MarkdownIt("commonmark", {"html": False}).render(path.read_text(encoding="utf-8"))
    return html
