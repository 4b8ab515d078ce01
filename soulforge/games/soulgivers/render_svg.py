"""Browser rendering: an <svg> of the board from a view; legal actions become clickable
elements (class="target", data-action = the action's JSON, HTML-escaped)."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

from soulforge.core import ActionCodec, IllegalAction
from soulforge.games.soulgivers.actions import ACTION_TYPES
from soulforge.games.soulgivers.board import NEIGH, SIZE, TILE_SIZE, TILES_PER_SIDE
from soulforge.games.soulgivers.data import CHARS
from soulforge.games.soulgivers.encoding import piece_of, team_of

CELL = 40
TOP = 40
WIDTH = SIZE * CELL
PANEL_X = WIDTH + 20
FILL = {"free": "#e9e4d8", "wall": "#5b4a3a", "hole": "#111", "interference": "#cfe3f7",
        "destroyed": "#777", "border": "#d9822b", "horizon": "#5d3a9b"}
TEAM_FILL = ("#f28c28", "#7f6bd6")
LETTER = {c.key: c.symbol for c in CHARS}
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
CELL_PARAM = {"enter": "cell", "pop_place": "cell", "exit_hole": "cell"}
CELL_ABILITIES = {"patch", "black_void"}
PIECE_ABILITIES = {"charge", "teleport", "acquiescence"}


_CODEC = ActionCodec(ACTION_TYPES)


def _label(action: dict[str, Any]) -> str:
    """The action's human label; a hidden action (its kind only) shows just the kind."""
    try:
        return html.escape(_CODEC.label(action))
    except IllegalAction:
        return html.escape(str(action["type"]))


def _attr(action: dict[str, Any]) -> str:
    return html.escape(json.dumps(action, sort_keys=True), quote=True)


def _xy(c: int) -> tuple[int, int]:
    row, col = divmod(c, SIZE)
    return col * CELL, TOP + row * CELL


Targets = tuple[dict[int, Any], dict[int, Any], list[Any]]


def _targets(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> Targets:
    """Legal actions mapped to cells, to pieces, and the rest (buttons)."""
    cells: dict[int, Any] = {}
    pieces: dict[int, Any] = {}
    rest: list[Any] = []
    by_id = {p["id"]: p for p in view["pieces"]}
    active = by_id.get(view["active"]) if view["active"] is not None else None
    here = active["cell"] if active else None
    team = view["in_turn"]
    for a in legal:
        kind = a["type"]
        cell, piece = -1, -1
        if kind in CELL_PARAM:
            cell = a[CELL_PARAM[kind]]
        elif kind in ("step", "attack") and here is not None:
            cell = NEIGH[here][a["dir"]]
        elif kind == "declare":
            piece = piece_of(team, a["card"])
        elif kind == "ability" and a["name"] in CELL_ABILITIES:
            cell = a["x"]
        elif kind == "ability" and a["name"] in PIECE_ABILITIES:
            piece = a["x"]
        if cell >= 0 and cell not in cells:
            cells[cell] = a
        elif piece >= 0 and piece not in pieces and piece in by_id:
            pieces[piece] = a
        else:
            rest.append(a)
    return cells, pieces, rest


def _board(view: dict[str, Any], cells: dict[int, Any]) -> list[str]:
    out = []
    last = set(view["last"]["cells"]) if view["last"] else set()
    for c, terrain in enumerate(view["board"]["terrain"]):
        x, y = _xy(c)
        cls = ["cell", terrain] + (["last"] if c in last else []) + (["target"] if c in cells else [])
        data = f' data-action="{_attr(cells[c])}"' if c in cells else ""
        stroke = "#2a9d2a" if c in last else "#bbb"
        out.append(f'<rect class="{" ".join(cls)}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                   f'fill="{FILL[terrain]}" stroke="{stroke}" stroke-width="{3 if c in last else 1}"{data}/>')
        if view["board"]["modifiers"][c]:
            mods = "/".join(m[0] for m in view["board"]["modifiers"][c])
            out.append(f'<text x="{x + 3}" y="{y + 11}" font-size="9">{mods}</text>')
    for t in range(25):
        x, y = (t % 5) * 2 * CELL, TOP + (t // 5) * 2 * CELL
        out.append(f'<rect class="tile" x="{x}" y="{y}" width="{2 * CELL}" height="{2 * CELL}" fill="none" '
                   'stroke="#333" stroke-width="2"/>')
    if view["barrier"]:
        out.append(f'<rect class="barrier" x="{4 * CELL}" y="{TOP + 4 * CELL}" width="{2 * CELL}" '
                   f'height="{2 * CELL}" fill="#4aa3ff" fill-opacity="0.35"/>')
    return out


def _portals(view: dict[str, Any]) -> list[str]:
    out = []
    for i, p in enumerate(view["portals"]):
        a, b = p["front"]
        x = min(_xy(a)[0], _xy(b)[0])
        y = 0 if p["side"] == "N" else TOP + 10 * CELL
        fill = TEAM_FILL[p["team"]] if p["standing"] else "#999"
        out.append(f'<rect class="portal" data-portal="{i}" x="{x}" y="{y}" width="{2 * CELL}" '
                   f'height="{TOP - 4}" fill="{fill}" fill-opacity="0.5" stroke="#333"/>')
    return out


def _piece_xy(view: dict[str, Any], p: dict[str, Any], slot: int) -> tuple[int, int]:
    if p["cell"] is not None:
        x, y = _xy(p["cell"])
        return x + CELL // 2, y + CELL // 2
    portal = view["portals"][p["portal"]]
    x = min(_xy(c)[0] for c in portal["front"])
    y = TOP // 2 if portal["side"] == "N" else TOP + 10 * CELL + TOP // 2
    return x + 12 + 26 * slot, y


def _pieces(view: dict[str, Any], targets: dict[int, Any]) -> list[str]:
    out = []
    on_portal: dict[int, int] = {}
    for p in view["pieces"]:
        slot = 0
        if p["portal"] is not None:
            slot = on_portal.get(p["portal"], 0)
            on_portal[p["portal"]] = slot + 1
        cx, cy = _piece_xy(view, p, slot)
        cls = "piece target" if p["id"] in targets else "piece"
        data = f' data-action="{_attr(targets[p["id"]])}"' if p["id"] in targets else ""
        ring = ' stroke="#000" stroke-width="3"' if p["id"] == view["active"] else ' stroke="#333"'
        out.append(f'<g class="{cls}" data-piece="{p["id"]}"{data}>')
        out.append(f'<circle cx="{cx}" cy="{cy}" r="13" fill="{TEAM_FILL[p["team"]]}"{ring}/>')
        if p["soul"] is not None:
            soul_fill = TEAM_FILL[team_of(p["soul"])]
            out.append(f'<circle cx="{cx}" cy="{cy}" r="16" fill="none" stroke="{soul_fill}"/>')
        letter = LETTER[p["kind"]]
        out.append(f'<text x="{cx}" y="{cy + 5}" text-anchor="middle" font-size="14">{letter}</text>')
        out.append(f'<text x="{cx + 9}" y="{cy - 8}" font-size="9">{p["decay"]}</text>')
        for d in p["shields"]:
            dx, dy = DELTA["NESW".index(d)]
            x1, y1 = cx + dx * 17 - dy * 8, cy + dy * 17 - dx * 8
            x2, y2 = cx + dx * 17 + dy * 8, cy + dy * 17 + dx * 8
            out.append(f'<line class="shield" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                       'stroke="#222" stroke-width="3"/>')
        if p["carrying"]:
            points = f"{cx},{cy - 9} {cx + 6},{cy} {cx},{cy + 9} {cx - 6},{cy}"
            out.append(f'<polygon class="fragment" points="{points}" fill="#7ff" stroke="#055"/>')
        out.append("</g>")
    return out


def _souls_fragment(view: dict[str, Any]) -> list[str]:
    out = []
    for s in view["souls"]:
        x, y = _xy(s["cell"])
        fill = TEAM_FILL[s["team"]]
        out.append(f'<circle class="soul" cx="{x + 8}" cy="{y + CELL - 8}" r="5" fill="{fill}" '
                   'stroke="#000"/>')
    tile = view["fragment"]["tile"]
    if tile is not None:
        row, col = divmod(tile, TILES_PER_SIDE)
        cx, cy = col * TILE_SIZE * CELL + CELL, TOP + row * TILE_SIZE * CELL + CELL
        points = f"{cx},{cy - 12} {cx + 8},{cy} {cx},{cy + 12} {cx - 8},{cy}"
        out.append(f'<polygon class="fragment" points="{points}" fill="#7ff" stroke="#055"/>')
    return out


def _panel(view: dict[str, Any], buttons: list[Any]) -> list[str]:
    out = []
    y = TOP
    viewer = view["viewer"]
    hand = view["teams"][viewer]["hand"] if viewer is not None else None
    out.append(f'<text x="{PANEL_X}" y="{y}" font-size="13">{html.escape(view["prompt"] or "")}</text>')
    y += 20
    if hand is not None:
        out.append(f'<text class="hand" x="{PANEL_X}" y="{y}" font-size="12">Anomalies: '
                   f'{html.escape(", ".join(hand) or "none")}</text>')
        y += 20
    if view["last"]:
        out.append(f'<text class="last-move" x="{PANEL_X}" y="{y}" font-size="11">last: '
                   f'{_label(view["last"]["action"])}</text>')
        y += 20
    for a in buttons:
        label = _label(a)
        out.append(f'<g class="target button" data-action="{_attr(a)}">'
                   f'<rect x="{PANEL_X}" y="{y}" width="330" height="18" fill="#eee" stroke="#999"/>'
                   f'<text x="{PANEL_X + 4}" y="{y + 13}" font-size="11">{label}</text></g>')
        y += 20
    return out


def render(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> str:
    cells, pieces, rest = _targets(view, legal)
    height = max(TOP * 2 + SIZE * CELL, TOP + 100 + 20 * len(rest))
    width = PANEL_X + 340
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="soulgivers" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}">']
    parts += _portals(view) + _board(view, cells) + _souls_fragment(view) + _pieces(view, pieces)
    parts += _panel(view, rest)
    parts.append("</svg>")
    return "\n".join(parts)
