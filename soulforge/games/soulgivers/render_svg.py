"""Soulgivers as SVG for the web table: ``render(view, legal) -> str``.

Takes a view, never a state. Every thing a player clicks carries ``data-handle``, the
handles of the rules' click paths (``rules/``, the Abilities and Anomalies): cells
(``cell:N``), Soulgivers (``piece:N``, inside it ``soulgiver:<key>`` for one's own), Souls
(``soul:N``), the Fragment, Portals (``portal:N``, inside it ``portal-tile:<slot>`` for
one's own), tiles (``tile:N``, a chip at each tile's corner and, while a tile can be
picked, the whole tile), the viewer's Anomaly hand
(``hand:<card>``) and choosable characters (``card:<key>``), and chips for directions
(``step:N``, ``attack:N``, ``pass:N``, ``direction:N``), rotations (``rotate:N``),
Abilities (``ability:<name>``), Mold's lines (``tiles:N``, ``forward``, ``back``). The page
outlines what can be clicked next; ending the turn, drawing, declining and the like are its
buttons. Hover names every cell, piece and card. A piece is drawn inside its cell's element
and anything smaller than ``TAP`` gets an invisible hit area (``soulforge.core.svg``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from soulforge.core import ActionCodec, IllegalAction
from soulforge.core.svg import TAP, hit_area
from soulforge.games.soulgivers.actions import ACTION_TYPES
from soulforge.games.soulgivers.board import DIR_NAMES, SIZE, TILE_LINES, TILE_SIZE, TILES_PER_SIDE
from soulforge.games.soulgivers.cards import anomaly_name
from soulforge.games.soulgivers.data import CHARS
from soulforge.games.soulgivers.encoding import team_of

CELL = TAP
TOP = TAP + 4
WIDTH = SIZE * CELL
PANEL_X = WIDTH + 20
ROW = TAP + 4
"""The height of a row of chips in the side panel: a chip is tapped TAP high."""
KEY_HEIGHT = 110
"""Below the board: the key."""
FILL = {"free": "#e9e4d8", "wall": "#5b4a3a", "hole": "#111", "interference": "#cfe3f7",
        "destroyed": "#777", "border": "#d9822b", "horizon": "#5d3a9b"}
TEAM_FILL = ("#f28c28", "#7f6bd6")
LETTER = {c.key: c.symbol for c in CHARS}
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRECTION_FAMILIES = (("step", "Step"), ("attack", "Attack"), ("pass", "Pass the Fragment"),
                      ("direction", "Direction"))
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
NAMES = {c.key: c.name for c in CHARS}


_CODEC = ActionCodec(ACTION_TYPES)


def _label(action: dict[str, Any]) -> str:
    """The action's human label; a hidden action (its kind only) shows just the kind."""
    try:
        return html.escape(_CODEC.label(action))
    except IllegalAction:
        return html.escape(str(action["type"]))


def _handle(handle: str) -> str:
    return f'data-handle="{html.escape(handle, quote=True)}"'


def _xy(c: int) -> tuple[int, int]:
    row, col = divmod(c, SIZE)
    return col * CELL, TOP + row * CELL


def _board(view: dict[str, Any], standing: dict[int, list[str]]) -> list[str]:
    """The cells, each with the piece standing on it drawn inside its element (a click on the
    piece may mean the cell, as on a Portal), the tiles and the Barrier."""
    out = []
    last = set(view["last"]["cells"]) if view["last"] else set()
    for c, terrain in enumerate(view["board"]["terrain"]):
        x, y = _xy(c)
        cls = ["cell", terrain] + (["last"] if c in last else [])
        stroke = "#2a9d2a" if c in last else "#bbb"
        mods = ", ".join(view["board"]["modifiers"][c])
        what = html.escape(f"cell {c}: {terrain}" + (f" ({mods})" if mods else ""))
        out.append(f'<g {_handle(f"cell:{c}")}><rect class="{" ".join(cls)}" x="{x}" y="{y}" width="{CELL}" '
                   f'height="{CELL}" fill="{FILL[terrain]}" stroke="{stroke}" '
                   f'stroke-width="{3 if c in last else 1}"><title>{what}</title></rect>'
                   f'{"".join(standing.get(c, []))}</g>')
        if view["board"]["modifiers"][c]:
            mods = "/".join(m[0] for m in view["board"]["modifiers"][c])
            out.append(f'<text x="{x + 3}" y="{y + 11}" font-size="10">{mods}</text>')
    for t in range(TILES_PER_SIDE * TILES_PER_SIDE):
        x, y = (t % 5) * 2 * CELL, TOP + (t // 5) * 2 * CELL
        out.append(f'<rect class="tile" x="{x}" y="{y}" width="{2 * CELL}" height="{2 * CELL}" fill="none" '
                   'stroke="#333" stroke-width="2" pointer-events="none"/>')
        out.append(f'<g {_handle(f"tile:{t}")}>{hit_area(x, y, 2 * CELL, 2 * CELL)}<rect x="{x + 2}" '
                   f'y="{y + 2}" width="24" height="14" rx="3" fill="#fffdf8" stroke="#333" '
                   f'stroke-width=".5"/><text x="{x + 14}" y="{y + 13}" font-size="10" text-anchor="middle">'
                   f"T{t}</text>"
                   f"<title>tile {t}</title></g>")
    if view["barrier"]:
        out.append(f'<rect class="barrier" x="{4 * CELL}" y="{TOP + 4 * CELL}" width="{2 * CELL}" '
                   f'height="{2 * CELL}" fill="#4aa3ff" fill-opacity="0.35"/>')
    return out


def _portals(view: dict[str, Any], standing: dict[int, list[str]]) -> list[str]:
    """Portals (``portal:N``); one's own also hold ``portal-tile:<slot>``, the tile before it."""
    out, slots = [], [0, 0]
    for i, p in enumerate(view["portals"]):
        a, b = p["front"]
        x = min(_xy(a)[0], _xy(b)[0])
        y = 0 if p["side"] == "N" else TOP + 10 * CELL
        fill = TEAM_FILL[p["team"]] if p["standing"] else "#999"
        slot = slots[p["team"]]
        slots[p["team"]] += 1
        inner = (f'<g {_handle(f"portal-tile:{slot}")}>' if p["team"] == view["viewer"] else "<g>")
        out.append(f'<g {_handle(f"portal:{i}")}>{inner}<rect class="portal" data-portal="{i}" x="{x}" '
                   f'y="{y}" width="{2 * CELL}" height="{TOP - 4}" fill="{fill}" fill-opacity="0.5" '
                   f'stroke="#333"/><title>Portal {i} of seat {p["team"]} (tile {p["tile"]})'
                   f'{"" if p["standing"] else ", destroyed"}</title></g>{"".join(standing.get(i, []))}</g>')
    return out


def _piece_xy(view: dict[str, Any], p: dict[str, Any], slot: int) -> tuple[int, int]:
    if p["cell"] is not None:
        x, y = _xy(p["cell"])
        return x + CELL // 2, y + CELL // 2
    portal = view["portals"][p["portal"]]
    x = min(_xy(c)[0] for c in portal["front"])
    y = TOP // 2 if portal["side"] == "N" else TOP + 10 * CELL + TOP // 2
    return x + 12 + 26 * slot, y


def _pieces(view: dict[str, Any]) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """The pieces standing on each cell and on each Portal (drawn inside the cell's or the
    Portal's element: a click on them may mean the cell or the Portal)."""
    at_cell: dict[int, list[str]] = {}
    at_portal: dict[int, list[str]] = {}
    on_portal: dict[int, int] = {}
    for p in view["pieces"]:
        place, key = (at_cell, p["cell"]) if p["portal"] is None else (at_portal, p["portal"])
        out = place.setdefault(key, [])
        slot = 0
        if p["portal"] is not None:
            slot = on_portal.get(p["portal"], 0)
            on_portal[p["portal"]] = slot + 1
        cx, cy = _piece_xy(view, p, slot)
        ring = ' stroke="#000" stroke-width="3"' if p["id"] == view["active"] else ' stroke="#333"'
        kind, ident = p["kind"], p["id"]
        own = f'<g {_handle("soulgiver:" + kind)}>' if p["team"] == view["viewer"] else "<g>"
        out.append(f'<g class="piece" data-piece="{ident}" {_handle(f"piece:{ident}")}>{own}')
        shields = "".join(p["shields"]) or "none"
        what = f'{p["name"]} of seat {p["team"]}: Decay {p["decay"]}, shields {shields}'
        out.append(f'<circle cx="{cx}" cy="{cy}" r="13" fill="{TEAM_FILL[p["team"]]}"{ring}/>')
        out.append(f"<title>{html.escape(what)}</title>")
        if p["soul"] is not None:
            soul_fill = TEAM_FILL[team_of(p["soul"])]
            out.append(f'<circle cx="{cx}" cy="{cy}" r="16" fill="none" stroke="{soul_fill}"/>')
        letter = LETTER[p["kind"]]
        out.append(f'<text x="{cx}" y="{cy + 5}" text-anchor="middle" font-size="14">{letter}</text>')
        out.append(f'<text x="{cx + 9}" y="{cy - 8}" font-size="10">{p["decay"]}</text>')
        for d in p["shields"]:
            dx, dy = DELTA["NESW".index(d)]
            x1, y1 = cx + dx * 17 - dy * 8, cy + dy * 17 - dx * 8
            x2, y2 = cx + dx * 17 + dy * 8, cy + dy * 17 + dx * 8
            out.append(f'<line class="shield" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                       'stroke="#222" stroke-width="3"/>')
        if p["carrying"]:
            points = f"{cx},{cy - 9} {cx + 6},{cy} {cx},{cy + 9} {cx - 6},{cy}"
            out.append(f'<polygon class="fragment" points="{points}" fill="#7ff" stroke="#055"/>')
        out.append(f"{hit_area(cx - 13, cy - 13, 26, 26)}</g></g>")
    return at_cell, at_portal


SOUL_SPOT = CELL // 2 + 1
"""How far apart the Souls sharing a cell are drawn: the second to the right of the first, the
third and fourth a row up. Each one's hit area (a cell's size, ``TAP``) moves with it, by more
than half its size, so the centre of every one stays its own."""


def _soul_spots(souls: Sequence[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """Each Soul with its place among those on its cell (0 the first), the first of every cell
    first: a Soul drawn later covers only what lies beyond its own spot."""
    placed, spots = [], dict[int, int]()
    for s in souls:
        spot = spots.get(s["cell"], 0)
        spots[s["cell"]] = spot + 1
        placed.append((spot, s))
    return sorted(placed, key=lambda p: p[0])


def _souls_fragment(view: dict[str, Any]) -> list[str]:
    out = []
    for spot, s in _soul_spots(view["souls"]):
        cell_x, cell_y = _xy(s["cell"])
        x, y = cell_x + SOUL_SPOT * (spot % 2), cell_y - SOUL_SPOT * (spot // 2)
        fill = TEAM_FILL[s["team"]]
        soul, whose = s["id"], html.escape(NAMES[s["kind"]].removeprefix("The "))
        out.append(f'<g {_handle(f"soul:{soul}")}><circle class="soul" cx="{x + 8}" cy="{y + CELL - 8}" '
                   f'r="6" fill="{fill}" stroke="#000"/>{hit_area(x, y, CELL, CELL)}'
                   f"<title>Soul of the {whose}</title></g>")
    tile = view["fragment"]["tile"]
    if tile is not None:
        row, col = divmod(tile, TILES_PER_SIDE)
        cx, cy = col * TILE_SIZE * CELL + CELL, TOP + row * TILE_SIZE * CELL + CELL
        points = f"{cx},{cy - 12} {cx + 8},{cy} {cx},{cy + 12} {cx - 8},{cy}"
        out.append(f'<g {_handle("fragment")}><polygon class="fragment" points="{points}" fill="#7ff" '
                   f'stroke="#055"/>{hit_area(cx - 8, cy - 12, 16, 24)}<title>the Fragment</title></g>')
    return out


def _chip(x: float, y: float, handle: str, label: str, width: float = 74) -> str:
    """A chip in the row whose top is ``y``: drawn 20 high in its middle, tapped on the whole row."""
    return (f'<g {_handle(handle)}><rect x="{x}" y="{y + 12}" width="{width}" height="20" rx="10" '
            f'fill="#efe9ff" stroke="#7048e8"/><text x="{x + width / 2}" y="{y + 26}" text-anchor="middle" '
            f'font-size="11">{html.escape(label)}</text>{hit_area(x, y + 12, width, 20)}</g>')


def _chip_row(x: float, y: float, chips: list[tuple[str, str]], width: float = 74) -> list[str]:
    return [_chip(x + i * (width + 4), y, handle, label, width) for i, (handle, label) in enumerate(chips)]


def _choices(view: dict[str, Any], legal: Sequence[dict[str, Any]], y: float) -> tuple[list[str], float]:
    """The chips of what the legal actions may need: characters, hand, directions, rotations,
    Abilities and Mold's lines (the page outlines the ones a click may use)."""
    kinds = {str(a["type"]) for a in legal}
    abilities = sorted({str(a["name"]) for a in legal if a["type"] == "ability"})
    out: list[str] = []
    viewer = view["viewer"]
    team = view["teams"][viewer] if viewer is not None else None
    if kinds & {"pick", "keep", "place"}:
        keys = [c.key for c in CHARS]
        out += _chip_row(PANEL_X, y, [(f"card:{k}", NAMES[k]) for k in keys[:5]], 66)
        out += _chip_row(PANEL_X, y + ROW, [(f"card:{k}", NAMES[k]) for k in keys[5:]], 66)
        y += 2 * ROW
    if team is not None and team.get("hand"):
        out += _chip_row(PANEL_X, y, [(f"hand:{card}", anomaly_name(card)) for card in team["hand"]], 104)
        y += ROW
    for family, label in DIRECTION_FAMILIES:
        if family in kinds or (family == "direction" and abilities):
            out.append(f'<text x="{PANEL_X}" y="{y + 26}" font-size="11">{label}</text>')
            out += _chip_row(PANEL_X + 110, y, [(f"{family}:{d}", ARROWS[d]) for d in DIR_NAMES], TAP)
            y += ROW
    if kinds & {"rotate", "swap"} or abilities:
        out += _chip_row(PANEL_X, y, [(f"rotate:{t}", f"rotate {90 * t}°") for t in range(4)])
        y += ROW
    if abilities:
        chips = [(f"ability:{name}", name.replace("_", " ").title()) for name in abilities]
        out += _chip_row(PANEL_X, y, chips, 90)
        y += ROW
        lines = [(f"tiles:{x}", f"row {x + 1}" if x < TILES_PER_SIDE else f"col {x - TILES_PER_SIDE + 1}")
                 for x in TILE_LINES]
        out += _chip_row(PANEL_X, y, lines, TAP - 4)
        out += _chip_row(PANEL_X, y + ROW, [("forward", "forward"), ("back", "back")])
        y += 2 * ROW
    return out, y


def _panel(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> list[str]:
    out = []
    y = TOP
    out.append(f'<text x="{PANEL_X}" y="{y}" font-size="13">{html.escape(view["prompt"] or "")}</text>')
    y += 20
    if view["last"]:
        out.append(f'<text class="last-move" x="{PANEL_X}" y="{y}" font-size="11">last: '
                   f'{_label(view["last"]["action"])}</text>')
        y += 20
    chips, _ = _choices(view, legal, y)
    return out + chips


def key(x: float, y: float) -> list[str]:
    """The board's key: what each terrain colour and mark means."""
    entries = [(colour, name) for name, colour in FILL.items()] + [
        (TEAM_FILL[0], "seat 0"), (TEAM_FILL[1], "seat 1"), ("#7ff", "the Fragment"),
        ("#4aa3ff", "the Barrier")]
    out = [f'<text x="{x}" y="{y}" font-size="11" font-weight="bold">Key</text>']
    for i, (colour, label) in enumerate(entries):
        cx, cy = x + (i % 4) * 100, y + 8 + (i // 4) * 16
        out.append(f'<rect x="{cx}" y="{cy}" width="11" height="11" fill="{colour}" stroke="#666"/>'
                   f'<text x="{cx + 15}" y="{cy + 10}" font-size="10">{html.escape(label)}</text>')
    out.append(f'<text x="{x}" y="{y + 70}" font-size="10">A piece: its letter, its Decay (small number), '
               "its shields (bars);</text>")
    out.append(f'<text x="{x}" y="{y + 84}" font-size="10">a ring: a Soul it carries. T0-T24: the tiles; '
               "a tile's chip or area picks it.</text>")
    return out


def render(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> str:
    board_height = TOP * 2 + SIZE * CELL
    height = board_height + KEY_HEIGHT
    width = PANEL_X + 440
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="soulgivers" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" role="group" aria-label="Soulgivers board">']
    on_cells, on_portals = _pieces(view)
    parts += _board(view, on_cells) + _portals(view, on_portals) + _souls_fragment(view)
    parts += _panel(view, legal) + key(0, board_height + 16)
    parts.append("</svg>")
    return "\n".join(parts)
