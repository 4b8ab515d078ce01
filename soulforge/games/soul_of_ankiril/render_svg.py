"""Soul of Ankiril as SVG for the web table: ``render(view, legal) -> str``.

Takes a view, never a state. Every thing a player clicks carries ``data-handle``, the
handles of the click paths of ``flow.py``: a terrain (``cell:N``, its piece drawn over it
lets clicks through), a card of the viewer's hand (``hand:<card>``, drawn as a card with its
cost, stats and text), the defeated Leader (``leader``) and the Ability chips
(``ability:0``, ``ability:1``, ``ability:2`` for Intuition's both). The table page narrows
the legal actions as they are clicked: a Creature, then where it goes or what it attacks; a
card, then its cell or target. Ending the turn, drawing and recharging are buttons of the
page. Every terrain, piece and card says what it is on hover (``<title>``).
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from soulforge.core.svg import hit_area, wrap

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
CARD_W, CARD_H = 104.0, 132.0
SMALLEST = 10
"""The smallest font size drawn, in SVG units: 10 CSS px on a phone (one unit a px) and more
on a desktop, where the 860-unit board is fitted to a wider frame (tests/web/test_text_size.py)."""
HALO = 'stroke="#000" stroke-opacity=".55" stroke-width="2.5" paint-order="stroke"'
NAME_CHARS = 13
"""A hand card's name line at 12 units in its 92 units of room."""
CARD_COST = 1
"""Every card costs 1 Energy (rulebook, "Summon Allies", "Cast Spells")."""
ABILITY_CHIPS = (("ability:0", "Ability 1"), ("ability:1", "Ability 2"), ("ability:2", "Both (1 Energy)"))


def center(cell: dict[str, Any]) -> tuple[float, float]:
    return LEFT + cell["x"] * DX, TOP + cell["row"] * DY


def _hex(cell: dict[str, Any], last: bool, piece: str) -> str:
    """A terrain with the piece on it: clicking either is clicking the terrain."""
    x, y = center(cell)
    angles = [math.radians(60 * i - 30) for i in range(6)]
    points = " ".join(f"{x + SIZE * math.cos(t):.1f},{y + SIZE * math.sin(t):.1f}" for t in angles)
    kind = cell["terrain"]
    fill = FILL[cell["element"]] if kind in ("elemental", "raised") else FILL[kind]
    stroke = 'stroke="#222" stroke-width="3"' if kind == "raised" else 'stroke="#666" stroke-width="1"'
    if last:
        stroke = 'stroke="#ffcc00" stroke-width="4" data-last="true"'
    what = html.escape(f"{cell['name']}: {kind}" + (f" ({cell['element']})" if cell.get("element") else ""))
    # an empty terrain shows its coordinates, the names the log and the buttons use ("D5")
    name = "" if piece else (f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="{SMALLEST}" '
                             f'fill="#000" fill-opacity=".45" pointer-events="none">{cell["name"]}</text>')
    return (f'<g data-handle="cell:{cell["cell"]}"><polygon points="{points}" fill="{fill}" {stroke}>'
            f"<title>{what}</title></polygon>{name}{piece}</g>")


def board(view: dict[str, Any]) -> list[str]:
    last = set(view["last"]["cells"])
    on = pieces(view)
    return [_hex(cell, cell["cell"] in last, on.get(cell["cell"], "")) for cell in view["board"]]


def pieces(view: dict[str, Any]) -> dict[int, str]:
    """The Emanation or Creature on each occupied terrain, each with its text on hover."""
    cells = {c["cell"]: c for c in view["board"]}
    out: dict[int, str] = {}
    for p in view["players"]:
        for e in p["emanations"]:
            if e["active"]:
                x, y = center(cells[e["cell"]])
                out[e["cell"]] = (
                    f'<g><rect x="{x - 14}" y="{y - 14}" width="28" height="28" fill="#3a8f2e" '
                    f'stroke="{SEAT[p["seat"]]}" stroke-width="3" transform="rotate(45 {x} {y})"/>'
                    f'<text x="{x}" y="{y + 5}" text-anchor="middle" fill="#fff">{e["health"]}</text>'
                    f'<title>Emanation of seat {p["seat"]}: {e["health"]} Health</title></g>')
    for c in view["creatures"]:
        x, y = center(cells[c["cell"]])
        ring = "#ffd700" if c["leader"] else "#fff"
        dash = "" if c["active"] else ' stroke-dasharray="4 3"'
        # The name at its natural width (no squeezing): the longest, "Offspring", overhangs the
        # disc a little, kept legible on the terrain by a dark halo.
        out[c["cell"]] = (
            f'<g class="creature"><circle cx="{x}" cy="{y}" r="21" fill="{SEAT[c["owner"]]}" '
            f'stroke="{ring}" stroke-width="3"{dash}/><text x="{x}" y="{y - 3}" text-anchor="middle" '
            f'font-size="{SMALLEST}" fill="#fff" {HALO}>'
            f'{html.escape(c["card"])}</text><text x="{x}" y="{y + 11}" text-anchor="middle" '
            f'font-size="12" fill="#fff" {HALO}>{c["attack"]}/{c["health"]}</text>'
            f"<title>{html.escape(c['text'])}</title></g>")
    return out


def _card(x: float, y: float, card: dict[str, Any]) -> str:
    stats = f'{card["attack"]}/{card["health"]}' if card["type"] in ("ally", "leader") else card["type"]
    element = card.get("element") or ""
    text = html.escape(f'{card["name"]} ({card["type"]}, {element or "no element"}, '
                       f'cost {CARD_COST} Energy): {card["text"]}')
    # The name at its natural width, wrapped to two lines where it is long ("Sciame
    # inarrestabile"); the cost (every card costs 1 Energy) on the face, not only on hover.
    lines = wrap(card["name"], NAME_CHARS)[:2]
    name = "".join(f'<text x="{x + 6}" y="{y + 18 + 14 * i}" font-size="12" font-weight="bold">'
                   f"{html.escape(line)}</text>" for i, line in enumerate(lines))
    return (f'<g data-handle="hand:{html.escape(card["name"])}"><rect x="{x}" y="{y}" width="{CARD_W}" '
            f'height="{CARD_H}" rx="8" fill="{FILL.get(element, "#f3efe4")}" stroke="#555"/>{name}'
            f'<text x="{x + 6}" y="{y + 50}" font-size="11">{html.escape(element)} {card["type"]}</text>'
            f'<text x="{x + 6}" y="{y + CARD_H - 10}" font-size="14" font-weight="bold">{stats}</text>'
            f'<text x="{x + CARD_W - 6}" y="{y + CARD_H - 10}" font-size="12" text-anchor="end">'
            f"cost {CARD_COST}</text>"
            f"<title>{text}</title></g>")



def side_panel(view: dict[str, Any]) -> list[str]:
    """Both players' public facts, the viewer's hand as cards, the Leader and Ability chips."""
    out, y = [], 50.0
    for p in view["players"]:
        lines = [f"Seat {p['seat']} · {p['leader']}: Energy {p['energy']}, deck {p['deck_size']}, "
                 f"hand {p['hand_size']}",
                 f"Emanations: {' '.join(str(e['health']) for e in p['emanations'])}"]
        for line in lines:
            out.append(f'<text x="{PANEL_X}" y="{y}" fill="{SEAT[p["seat"]]}" font-size="13">'
                       f'{html.escape(line)}</text>')
            y += 17
        if p["leader_arrow"] >= 0 and view.get("viewer") == p["seat"]:
            out.append(f'<g data-handle="leader"><rect x="{PANEL_X}" y="{y - 12}" width="220" height="22" '
                       f'rx="11" fill="#fff4d6" stroke="#b08a00"/><text x="{PANEL_X + 10}" y="{y + 3}" '
                       f'font-size="12">Leader defeated: resummon for {p["leader_arrow"]} Energy</text>'
                       f'{hit_area(PANEL_X, y - 12, 220, 22)}</g>')
            y += 26
        y += 8
    if view["last"]["text"]:
        out.append(f'<text x="{PANEL_X}" y="{y}" font-style="italic" font-size="12" class="last-move">'
                   f'last: {html.escape(view["last"]["text"])}</text>')
        y += 16
    for i, (handle, label) in enumerate(ABILITY_CHIPS):
        x = PANEL_X + i * 120
        out.append(f'<g data-handle="{handle}"><rect x="{x}" y="{y}" width="112" height="24" rx="12" '
                   f'fill="#efe9ff" stroke="#7048e8"/><text x="{x + 56}" y="{y + 16}" text-anchor="middle" '
                   f'font-size="12">{label}</text>{hit_area(x, y, 112, 24)}</g>')
    y += 36
    mine = next((p for p in view["players"] if p.get("hand_cards") is not None), None)
    for i, card in enumerate(mine["hand_cards"] if mine else []):
        out.append(_card(PANEL_X + (i % 4) * (CARD_W + 6), y + (i // 4) * (CARD_H + 6), card))
    return out


KEY_FONT = 10
"""The key's label size (px)."""
KEY_SWATCH, KEY_GAP, KEY_ROW = 11, 14, 16
KEY_WIDTH = PANEL_X - 30
"""The key's width: the board's column, left of the side panel's cards."""
KEY_PIECES = (("ring", "#fff", "white ring: a Creature"), ("ring", "#ffd700", "gold ring: a Leader"),
              ("diamond", "#3a8f2e", "diamond: an Emanation"))


def _label_width(text: str) -> float:
    """A generous width of a key label: 0.62 em a character (DejaVu Sans, the widest common
    sans-serif, averages about 0.55 em on these words)."""
    return len(text) * KEY_FONT * 0.62


def _key_grid(x: float, y: float, entries: Sequence[tuple[str, str, str]]) -> tuple[list[str], float]:
    """Entries (a swatch's shape, colour and label) in columns as wide as the longest label,
    as many as fit in ``KEY_WIDTH``; the SVG and the y below the last row."""
    column = KEY_SWATCH + 4 + max(_label_width(label) for _, _, label in entries) + KEY_GAP
    per_row = max(1, int((KEY_WIDTH + KEY_GAP) // column))
    out = []
    for i, (shape, colour, label) in enumerate(entries):
        cx, cy = x + (i % per_row) * column, y + (i // per_row) * KEY_ROW
        half = KEY_SWATCH / 2
        if shape == "ring":
            swatch = (f'<circle cx="{cx + half:g}" cy="{cy + half:g}" r="{half - 1:g}" '
                      f'fill="{SEAT[0]}" stroke="{colour}" stroke-width="2.5"/>')
        elif shape == "diamond":
            side = KEY_SWATCH - 3
            swatch = (f'<rect x="{cx + 1.5:g}" y="{cy + 1.5:g}" width="{side}" height="{side}" '
                      f'fill="{colour}" stroke="#666" transform="rotate(45 {cx + half:g} {cy + half:g})"/>')
        else:
            swatch = (f'<rect x="{cx:g}" y="{cy:g}" width="{KEY_SWATCH}" height="{KEY_SWATCH}" '
                      f'fill="{colour}" stroke="#666"/>')
        out.append(f'<g class="legend-entry">{swatch}<text x="{cx + KEY_SWATCH + 4:g}" y="{cy + 10:g}" '
                   f'font-size="{KEY_FONT}">{html.escape(label)}</text></g>')
    rows = -(-len(entries) // per_row)
    return out, y + rows * KEY_ROW


def key(x: float, y: float) -> list[str]:
    """The board's key: what each terrain colour, ring and mark means; the terrains in one
    grid, the pieces in another below, each in columns as wide as its longest label, so no
    label runs into the next."""
    terrains, below = _key_grid(x, y + 8, [("square", FILL[name], name) for name in FILL])
    pieces, _ = _key_grid(x, below + 4, KEY_PIECES)
    return [f'<g class="legend"><text x="{x}" y="{y}" font-size="11" font-weight="bold">Key</text>',
            *terrains, *pieces, "</g>"]


def key_height() -> float:
    """How far the key reaches below its heading's baseline."""
    _, below = _key_grid(0, 8, [("square", FILL[name], name) for name in FILL])
    _, bottom = _key_grid(0, below + 4, KEY_PIECES)
    return bottom


def render(view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> str:
    """An <svg> of the battlefield, both players and the viewer's hand (``legal`` is the
    page's to highlight)."""
    height = max(TOP + 7 * DY + 100, TOP + 7 * DY + 30 + key_height() + 6)
    body = board(view) + side_panel(view) + key(20, TOP + 7 * DY + 30)
    title = html.escape(view.get("prompt") or f"turn {view['turn']}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="860" height="{height:.0f}" '
            f'viewBox="0 0 860 {height:.0f}" font-family="sans-serif" '
            'role="group" aria-label="Soul of Ankiril board">'
            f'<text x="20" y="24" font-size="14" font-weight="bold">{title}</text>'
            + "".join(body) + "</svg>")
