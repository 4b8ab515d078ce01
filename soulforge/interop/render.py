"""The ``ansi`` rendering the adapters share: the game's text renderer on the spectator's view."""

from __future__ import annotations

import io
import json

from rich.console import Console

from soulforge.core import State
from soulforge.games import game_module

RENDER_WIDTH = 110
"""Columns of the ``ansi`` rendering."""


def render_ansi(state: State) -> str:
    """The spectator's view drawn by the game's ``render_text``, with ANSI colours (the view
    as JSON for a game without one), so a rendering never shows a hidden card."""
    view = state.view(None)
    module = game_module(state.game.id, "render_text")
    if module is None or not hasattr(module, "render"):
        return json.dumps(view, indent=1)
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard", width=RENDER_WIDTH)
    console.print(module.render(view))
    return buffer.getvalue()
