"""Five Realms as SVG for the web table: ``render(view, legal) -> str``.

Takes a view (``state.py`` documents its keys), never a state. Every element a player may
click carries ``data-handle``, the handle of the click paths of ``flow.py`` (``spot:d2``,
``banner:<banner>``, ``collected:<character>``, ``own-council:<character>``,
``rival:<character>``, ``column:<realm>``, ``discard:<character>``); the table page outlines
those the legal actions can use. Recruit, influence, decline and steal have no place on the
board: the page shows them as buttons. The frame's columns and rows are labelled a-e and 1-5,
the names the moves and the log use.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from soulforge.core.svg import TAP, hit_area
from soulforge.games.five_realms.actions import COLUMN_LETTERS, spot_name
from soulforge.games.five_realms.cards import card_text
from soulforge.games.five_realms.data import load_rules

W, PLAY_H, KEY_H = 1000, 780, 58
H = PLAY_H + KEY_H
CELL_W, CELL_H, GRID_X, GRID_Y = 74, 76, 24, 198
COLOURS = {"Reptile": "#4f9a58", "Feline": "#e08a2e", "Raptor": "#b9483a", "Ursid": "#7b5a3c",
           "Marine": "#3a78b9", "Imperial": "#8a5cc9", "Religious": "#b8b2a6"}
Json = dict[str, Any]
TEXTS = {card.name: card_text(card) for card in load_rules(None).types}
"""Every character's card in words (static data: the hover text of a card)."""


def hover(card: Json) -> str:
    """What a card says on hover: its character's whole text, or its banner alone while hidden."""
    character = card.get("character")
    if character in TEXTS:
        return f"{card.get('banner')} banner. {TEXTS[character]}"
    return f"{card.get('banner') or 'A'} banner; the character is hidden"


def render(view: Json, legal: Sequence[Json]) -> str:
    kinds = {str(action.get("type")) for action in legal}
    me = view.get("viewer")
    me = 0 if me is None else me
    players = view.get("players", [])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board five-realms" viewBox="0 0 {W} {H}" '
           f'width="{W}" height="{H}" role="group" aria-label="Five Realms board">',
           "<style>.fr text{font-family:system-ui,sans-serif}.fr .small{font-size:11px}"
           ".fr .name{font-size:12px;font-weight:600}.fr .big{font-size:22px;font-weight:700}"
           ".fr .can>rect:first-child{stroke:#7a4fd6;stroke-width:4;cursor:pointer}"
           ".fr .picked>rect:first-child{stroke:#d9a21b;stroke-width:4}"
           ".fr .last>rect:first-child{stroke:#d9a21b;stroke-width:4}</style><g class=\"fr\">",
           f'<rect width="{W}" height="{H}" fill="#efe7d6" rx="12"/>']
    others = [p for p in players if p.get("seat") != me]
    if others:
        out.append(_player(others[0], 10, 8, view, mine=False))
    if me < len(players):
        out.append(_player(players[me], 10, PLAY_H - 182, view, mine=True))
    out.append(_square(view))
    out.append(_centre(view, "take" in kinds))
    out += _key(20, PLAY_H + 6)
    out.append("</g></svg>")
    return "".join(out)


def _attrs(handle: str | None, extra: str = "") -> str:
    data = f' data-handle="{escape(handle)}"' if handle else ""
    return (f' class="{extra}"' if extra else "") + data


def _card(x: float, y: float, w: float, h: float, card: Json, handle: str | None = None,
          extra: str = "") -> str:
    banner = str(card.get("banner") or "?")
    character = card.get("character")
    colour = COLOURS.get(banner, "#999")
    name = escape(str(character)) if character else "?"
    fit = f' textLength="{w - 10}" lengthAdjust="spacingAndGlyphs"' if len(name) * 6.2 > w - 10 else ""
    fit_b = f' textLength="{w - 8}" lengthAdjust="spacingAndGlyphs"' if len(banner) * 7.5 > w - 8 else ""
    return (f'<g{_attrs(handle, extra)}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="7" '
            f'fill="{colour}" stroke="#2b2a33" stroke-width="1.5"/>'
            f'<rect x="{x + 4}" y="{y + h - 24}" width="{w - 8}" height="20" rx="4" fill="#fffdf8" '
            f'opacity=".9"/><text x="{x + w / 2}" y="{y + 16}" text-anchor="middle" class="name" '
            f'fill="#fff"{fit_b}>{escape(banner)}</text><text x="{x + w / 2}" y="{y + h - 9}" '
            f'text-anchor="middle" class="small" fill="#2b2a33"{fit}>{name}</text>'
            f"<title>{escape(hover(card))}</title></g>")


def _square(view: Json) -> str:
    frame = int(view.get("frame", 5))
    out = [f'<rect x="{GRID_X - 10}" y="{GRID_Y - 10}" width="{frame * CELL_W + 20}" '
           f'height="{frame * CELL_H + 20}" rx="10" fill="#e2d6bd"/>']
    out += _frame_labels(frame)
    last = view.get("last_move") or {}
    placed = last.get("placed") or {}
    collected = {(c["row"], c["col"]) for c in last.get("collected", [])}
    ring = {(r["row"], r["col"]): r["label"] for r in view.get("ring", [])}
    cards = {(c["row"], c["col"]): c for c in view.get("square", [])}
    for row in range(frame):
        for col in range(frame):
            x, y = GRID_X + col * CELL_W, GRID_Y + row * CELL_H
            w, h = CELL_W - 6, CELL_H - 6
            if (row, col) in cards:
                card = cards[(row, col)]
                is_last = (row, col) == (placed.get("row"), placed.get("col"))
                out.append(_card(x, y, w, h, card, f"banner:{card.get('banner')}", "last" if is_last else ""))
                continue
            dash = "" if (row, col) in collected else ' stroke-dasharray="4 4"'
            stroke = "#d9a21b" if (row, col) in collected else "#b9ab8e"
            out.append(f'<g{_attrs(f"spot:{spot_name(row, col)}")}><rect x="{x}" y="{y}" width="{w}" '
                       f'height="{h}" rx="7" fill="#f6f0e2" fill-opacity=".01" stroke="{stroke}"{dash}/>')
            if (row, col) in ring:
                label = ring[(row, col)]
                out.append(f'<text x="{x + 6}" y="{y + 14}" class="small" fill="#8c7f66">{label}</text>')
            out.append(f"<title>{_spot_title(row, col, ring.get((row, col)))}</title></g>")
    return "".join(out)


def _spot_title(row: int, col: int, refill: str | None) -> str:
    """What an empty spot says on hover (and names it to a screen reader).

    >>> _spot_title(0, 2, "A")
    'spot c1, empty (refill spot A)'
    """
    return f"spot {spot_name(row, col)}, empty" + (f" (refill spot {refill})" if refill else "")


def _frame_labels(frame: int) -> list[str]:
    """Column letters above and row numbers left of the frame: the names of the spots."""
    out = []
    for col in range(frame):
        x = GRID_X + col * CELL_W + (CELL_W - 6) / 2
        out.append(f'<text x="{x}" y="{GRID_Y - 14}" text-anchor="middle" class="name" '
                   f'fill="#6d6250">{COLUMN_LETTERS[col]}</text>')
    for row in range(frame):
        y = GRID_Y + row * CELL_H + CELL_H / 2
        out.append(f'<text x="{GRID_X - 16}" y="{y}" text-anchor="middle" class="name" '
                   f'fill="#6d6250">{row + 1}</text>')
    return out


def _centre(view: Json, taking: bool) -> str:
    x, y = 440, GRID_Y - 10
    deck = view.get("deck") or {}
    top = deck.get("top_banner")
    out = [f'<text x="{x}" y="{y + 12}" class="name">Deck: {deck.get("size", 0)}</text>',
           _card(x, y + 20, 70, 90, {"banner": top or "-", "character": "deck"}) if top else ""]
    discard = view.get("discard", [])
    dx = x + 110
    out.append(f'<text x="{dx}" y="{y + 12}" class="name">Discard: {len(discard)}</text>')
    for i, card in enumerate(discard[-16:] if taking else discard[-6:]):
        name = card.get("character")
        cx, cy = dx + (i % 8) * 62, y + 20 + (i // 8) * 76
        out.append(_card(cx, cy, 58, 72, card, f"discard:{name}" if name else None))
    pending = view.get("pending") or {}
    py = y + 190
    prompt = escape(str(view.get("prompt", "")))
    out.append(f'<text x="{x}" y="{py}" class="name">{prompt}</text>')
    for i, card in enumerate(pending.get("collected", [])):
        name = card.get("character")
        out.append(_card(x + i * 76, py + 12, 70, 90, card, f"collected:{name}" if name else None))
    newcomer = pending.get("newcomer")
    if newcomer:
        out.append(f'<text x="{x + 420}" y="{py + 24}" class="small">newcomer</text>')
        out.append(_card(x + 420, py + 30, 70, 90, newcomer))
    if view.get("is_over"):
        out.append(f'<text x="{x}" y="{py + 140}" class="big">Game over: {escape(_result(view))}</text>')
    return "".join(out)


KEY_MARKS = (("#fffdf8", "#7a4fd6", "", "purple outline: you can click it"),
             ("#fffdf8", "#d9a21b", "", "gold outline: the last move"),
             ("#f6f0e2", "#b9ab8e", ' stroke-dasharray="4 4"', "dashed: an empty spot (a-e, 1-5)"))
"""The key's marks: fill, outline, dash and what they mean."""


def _key(x: float, y: float) -> list[str]:
    """The board's key: each banner's colour, and what the outlines mean."""
    out = [f'<text x="{x}" y="{y + 12}" class="name">Key</text>',
           f'<text x="{x + 40}" y="{y + 12}" class="small">banners:</text>']
    for i, (realm, colour) in enumerate(COLOURS.items()):
        cx = x + 96 + i * 88
        out.append(f'<rect x="{cx}" y="{y + 2}" width="12" height="12" rx="2" fill="{colour}"/>'
                   f'<text x="{cx + 16}" y="{y + 12}" class="small">{realm}</text>')
    for i, (fill, stroke, dash, meaning) in enumerate(KEY_MARKS):
        cx = x + 40 + i * 230
        out.append(f'<rect x="{cx}" y="{y + 24}" width="16" height="14" rx="3" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="2"{dash}/>'
                   f'<text x="{cx + 22}" y="{y + 35}" class="small">{escape(meaning)}</text>')
    out.append(f'<text x="{x + 40 + 3 * 230}" y="{y + 35}" class="small">A-F: the refill spots; '
               'bars: influence</text>')
    return out


def _result(view: Json) -> str:
    returns = view.get("returns") or []
    if not returns:
        return ""
    best = max(returns)
    winners = [i for i, r in enumerate(returns) if r == best]
    return "draw" if len(winners) > 1 else f"seat {winners[0]} wins"


def _player(p: Json, x: float, y: float, view: Json, mine: bool) -> str:
    seat = p.get("seat")
    you = " (you)" if mine and view.get("viewer") is not None else ""
    turn = view.get("current_player") == seat
    throne = p.get("throne_room") or {}
    out = [f'<rect x="{x}" y="{y}" width="{W - 20}" height="172" rx="10" fill="#fffdf8" '
           f'stroke="{"#7a4fd6" if turn else "#ddd6c8"}" stroke-width="{3 if turn else 1}"/>',
           f'<text x="{x + 12}" y="{y + 24}" class="name">Seat {seat}{you}</text>',
           f'<text x="{x + 12}" y="{y + 58}" class="big">{p.get("castles", 0)} castles</text>',
           f'<text x="{x + 12}" y="{y + 82}" class="small">Throne room: {escape(str(throne.get("realm")))}'
           f'{" (used)" if throne.get("used") else ""}</text>',
           f'<text x="{x + 12}" y="{y + 100}" class="small">lines of 5: {p.get("lines", 0)}</text>']
    cx = x + 170
    for i, column in enumerate(p.get("columns", [])):
        realm = str(column.get("realm"))
        colour = COLOURS.get(realm, "#999")
        left = cx + i * 64
        handle = f"column:{realm}" if mine else None
        out.append(f'<g{_attrs(handle)}><rect x="{left}" y="{y + 10}" width="58" height="20" rx="4" '
                   f'fill="{colour}"/><text x="{left + 29}" y="{y + 24}" text-anchor="middle" class="small" '
                   f'fill="#fff">{escape(realm)}</text>{hit_area(left, y + 10, 58, 20)}</g>')
        height = int(column.get("height", 0))
        for j in range(min(height, 9)):
            out.append(f'<rect x="{left + 4}" y="{y + 150 - j * 13}" width="50" height="11" rx="2" '
                       f'fill="{colour}" opacity=".8"/>')
        out.append(f'<text x="{left + 29}" y="{y + 46}" text-anchor="middle" class="name">{height}</text>')
    kx = cx + 5 * 64 + 16
    out.append(f'<text x="{kx}" y="{y + 24}" class="name">Council</text>')
    for i, card in enumerate(p.get("council", [])):
        name = card.get("character")
        handle = None if not name else f"own-council:{name}" if mine else f"rival:{name}"
        out.append(_card(kx + i * 72, y + 34, 66, 88, card, handle))
    tx = kx + 4 * 72 + 10
    out.append(f'<text x="{tx}" y="{y + 24}" class="name">Titans</text>')
    for i, card in enumerate(p.get("titans", [])):
        name = card.get("character")
        handle = None if mine or not name else f"rival:{name}"
        out.append(_card(tx + (i % 2) * 58, y + 34 + (i // 2) * 46, 54, TAP, card, handle))
    return "".join(out)
