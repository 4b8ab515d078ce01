"""Board rendering: each game's ``render_svg`` module, else a generic SVG of the view.

Renderers take a view (and the viewer's legal actions as JSON), never a state.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

from soulforge.games import game_module

ROW, WIDTH, INDENT = 20, 640, 16


def render_board(game_id: str, view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> str:
    """The SVG of ``view`` by the game's own renderer, or the generic fallback."""
    module = game_module(game_id, "render_svg")
    if module is not None:
        svg: str = module.render(view, legal)
        return svg
    return render_generic(view, legal)


def render_generic(view: dict[str, Any], legal: Sequence[dict[str, Any]] = ()) -> str:
    """Any view as an SVG list of its fields; legal actions are offered as buttons beside it.

    >>> svg = render_generic({"game": "x", "hand": [1, 2], "prompt": "<go>"})
    >>> svg.startswith("<svg") and "&lt;go&gt;" in svg and "hand" in svg
    True
    """
    skip = {"game", "options", "viewer", "num_players"}
    lines: list[tuple[int, str, str]] = []
    for key, value in view.items():
        if key not in skip:
            _flatten(key, value, 0, lines)
    height = ROW * (len(lines) + 2)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board generic" viewBox="0 0 {WIDTH} {height}" '
           f'width="{WIDTH}" height="{height}" role="img" aria-label="game state">',
           f'<rect x="1" y="1" width="{WIDTH - 2}" height="{height - 2}" rx="10" class="panel"/>']
    for i, (depth, key, text) in enumerate(lines):
        y = ROW * (i + 1) + 6
        x = 16 + depth * INDENT
        out.append(f'<text x="{x}" y="{y}" class="key">{html.escape(key)}</text>')
        if text:
            out.append(f'<text x="{x + 170 - depth * INDENT}" y="{y}" class="val">{html.escape(text)}</text>')
    out.append("</svg>")
    return "".join(out)


def _flatten(key: str, value: Any, depth: int, lines: list[tuple[int, str, str]]) -> None:
    if isinstance(value, dict) and value and depth < 3:
        lines.append((depth, key, ""))
        for sub, item in value.items():
            _flatten(str(sub), item, depth + 1, lines)
    elif isinstance(value, list) and value and depth < 3 and any(isinstance(v, dict | list) for v in value):
        lines.append((depth, key, ""))
        for i, item in enumerate(value):
            _flatten(f"[{i}]", item, depth + 1, lines)
    else:
        text = value if isinstance(value, str) else json.dumps(value)
        lines.append((depth, key, text if len(text) <= 60 else text[:57] + "..."))
