"""SVG rendering of a Soul of Ankiril view for the web table.

Every element that stands for a legal action carries ``class="target"`` and
``data-action`` (the action's JSON, HTML-escaped): hexes for Leader placement, arrows for
moves, attacks, Abilities and targeted Spells, and a button per legal action in the list.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence
from typing import Any

from soulforge.core.action import ActionCodec
from soulforge.games.soul_of_ankiril.actions import ACTION_TYPES

SIZE = 30.0
DX, DY = SIZE * math.sqrt(3) / 2, SIZE * 1.5
LEFT, TOP = 40.0, 60.0
FILL = {
    "neutral": "#d9d2bf", "anomaly": "#7b3fa0", "emanation": "#b7e0a5", "deployment": "#e8d58a",
    "fire": "#f2a07b", "water": "#8fc1e8", "earth": "#c9a66b", "metal": "#b8bcc4", "air": "#e3f1f7",
    "wood": "#9cc48a",
}
SEAT = ("#1f6fb2", "#b2331f")
PANEL_X = 420.0


def center(cell: dict[str, Any]) -> tuple[float, float]:
    return LEFT + cell["x"] * DX, TOP + cell["row"] * DY


def _attr(action: dict[str, Any]) -> str:
    return f'class="target" data-action="{html.escape(json.dumps(action, sort_keys=True), quote=True)}"'


def _hex(cell: dict[str, Any], extra: str) -> str:
    x, y = center(cell)
    angles = [math.radians(60 * i - 30) for i in range(6)]
    points = " ".join(f"{x + SIZE * math.cos(t):.1f},{y + SIZE * math.sin(t):.1f}" for t in angles)
    kind = cell["terrain"]
    fill = FILL[cell["element"]] if kind in ("elemental", "raised") else FILL[kind]
    stroke = 'stroke="#222" stroke-width="3"' if kind == "raised" else 'stroke="#666" stroke-width="1"'
    title = f"<title>{cell['name']} {kind}</title>"
    return f'<polygon points="{points}" fill="{fill}" {stroke} {extra}>{title}</polygon>'


def board(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> list[str]:
    by_cell = {a["cell"]: a for a in legal if a["type"] in ("place_leader", "resummon")}
    last = set(view["last"]["cells"])
    out = []
    for cell in view["board"]:
        extra = _attr(by_cell[cell["cell"]]) if cell["cell"] in by_cell else ""
        if cell["cell"] in last:
            extra += ' data-last="true" style="stroke:#ffcc00;stroke-width:4"'
        out.append(_hex(cell, extra))
    return out


def pieces(view: dict[str, Any]) -> list[str]:
    cells = {c["cell"]: c for c in view["board"]}
    out = []
    for p in view["players"]:
        for e in p["emanations"]:
            if e["active"]:
                x, y = center(cells[e["cell"]])
                out.append(f'<rect x="{x - 14}" y="{y - 14}" width="28" height="28" fill="#3a8f2e" '
                           f'stroke="{SEAT[p["seat"]]}" stroke-width="3" transform="rotate(45 {x} {y})"/>'
                           f'<text x="{x}" y="{y + 5}" text-anchor="middle" fill="#fff">{e["health"]}</text>')
    for c in view["creatures"]:
        x, y = center(cells[c["cell"]])
        ring = "#ffd700" if c["leader"] else "#fff"
        dash = "" if c["active"] else ' stroke-dasharray="4 3"'
        label = html.escape(c["card"][:6])
        out.append(f'<g class="creature"><circle cx="{x}" cy="{y}" r="21" fill="{SEAT[c["owner"]]}" '
                   f'stroke="{ring}" stroke-width="3"{dash}/>'
                   f'<text x="{x}" y="{y - 3}" text-anchor="middle" font-size="10" fill="#fff">{label}</text>'
                   f'<text x="{x}" y="{y + 10}" text-anchor="middle" font-size="11" fill="#fff">'
                   f'{c["attack"]}/{c["health"]}</text><title>{html.escape(c["text"])}</title></g>')
    return out


DOT_AT = {"move": 0.62, "attack": 0.62, "ability": 0.38, "cast": 0.8}
"""Where on an arrow each kind of action's dot sits, so dots on one arrow stay apart."""
COLOR = {"move": "#2b8a3e", "attack": "#c92a2a", "ability": "#7048e8", "cast": "#e67700",
         "summon": "#1971c2"}
Dot = tuple[float, float, dict[str, Any]]


def _along(x1: float, y1: float, x2: float, y2: float, at: float) -> tuple[float, float]:
    return x1 + (x2 - x1) * at, y1 + (y2 - y1) * at


def arrows(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> list[str]:
    """Arrows for actions from one cell to another, and a clickable dot per action.

    A thin line is hard to hit, so the click target is a dot: on the arrow near its end,
    or on the cell for casts and summons without a channeler. Dots that would overlap
    (several actions on one spot) are spread around it.
    """
    cells = {c["cell"]: c for c in view["board"]}
    lines, dots = [], []
    for a in legal:
        src = a.get("src", a.get("via", -1))
        dst = a.get("dst", a.get("target", a.get("cell", -1)))
        if a["type"] not in COLOR or dst is None or dst < 0:
            continue
        if src is not None and 0 <= src != dst and a["type"] in DOT_AT:
            (x1, y1), (x2, y2) = center(cells[src]), center(cells[dst])
            lines.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                         f'stroke="{COLOR[a["type"]]}" stroke-width="4" stroke-opacity="0.4" '
                         f'pointer-events="none"/>')
            dots.append((*_along(x1, y1, x2, y2, DOT_AT[a["type"]]), a))
        elif src is None or src < 0 or src == dst:
            dots.append((*center(cells[dst]), a))
    return lines + [_circle(x, y, a) for x, y, a in _spread(dots)]


def _spread(dots: list[Dot]) -> list[Dot]:
    """Each dot moved, if it would touch one already placed, to the nearest free place
    on rings around its spot (stable: the same view always gives the same picture)."""
    placed: list[Dot] = []
    for x, y, a in dots:
        free = (p for p in _candidates(x, y) if all(_apart(p, q) for q in placed))
        spot = next(free, (x, y))
        placed.append((*spot, a))
    return placed


def _candidates(x: float, y: float) -> list[tuple[float, float]]:
    rings = [(r, 6 * k) for k, r in enumerate((15.0, 30.0, 45.0), start=1)]
    around = [(x + r * math.cos(2 * math.pi * i / n), y + r * math.sin(2 * math.pi * i / n))
              for r, n in rings for i in range(n)]
    return [(x, y), *around]


def _apart(p: tuple[float, float], q: Dot) -> bool:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= 15.0**2


def _circle(x: float, y: float, a: dict[str, Any]) -> str:
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{COLOR[a["type"]]}" '
            f'fill-opacity="0.75" {_attr(a)}/>')


_CODEC = ActionCodec(ACTION_TYPES)


def _label(a: dict[str, Any]) -> str:
    """The action's short human label (its ``str``)."""
    return html.escape(_CODEC.label(a))


def side_panel(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> list[str]:
    out, y = [], 50.0
    for p in view["players"]:
        hand = ", ".join(p["hand"]) if p["hand"] is not None else f"{p['hand_size']} cards"
        lines = [f"seat {p['seat']} {p['leader']}: Energy {p['energy']}, deck {p['deck_size']}",
                 f"Emanations: {' '.join(str(e['health']) for e in p['emanations'])}", f"hand: {hand}"]
        for line in lines:
            out.append(f'<text x="{PANEL_X}" y="{y}" fill="{SEAT[p["seat"]]}" font-size="13">'
                       f'{html.escape(line)}</text>')
            y += 17
        y += 8
    if view["last"]["text"]:
        out.append(f'<text x="{PANEL_X}" y="{y}" font-style="italic" font-size="12" class="last-move">'
                   f'last: {html.escape(view["last"]["text"])}</text>')
        y += 22
    for a in legal:
        out.append(f'<g {_attr(a)}><rect x="{PANEL_X}" y="{y - 12}" width="330" height="16" rx="3" '
                   f'fill="#eef"/><text x="{PANEL_X + 4}" y="{y}" font-size="11">{_label(a)}</text></g>')
        y += 18
    return out


def render(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> str:
    """An <svg> of the battlefield, both players, and the viewer's legal actions."""
    height = max(TOP + 7 * DY + 40, 200 + 18 * len(legal))
    body = board(view, legal) + pieces(view) + arrows(view, legal) + side_panel(view, legal)
    title = html.escape(view.get("prompt") or f"turn {view['turn']}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="860" height="{height:.0f}" '
            f'viewBox="0 0 860 {height:.0f}" font-family="sans-serif">'
            f'<text x="20" y="24" font-size="14" font-weight="bold">{title}</text>'
            + "".join(body) + "</svg>")
