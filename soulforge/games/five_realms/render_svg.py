"""Five Realms as SVG for the web table: ``render(view, legal) -> str``.

Takes a view (``state.py`` documents its keys), never a state. Elements that match a
legal action carry ``class="target"`` and ``data-action`` (the action's JSON); a legal
action with no board element (recruit, influence, decline, steal) becomes a chip.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

W, H = 1000, 780
CELL_W, CELL_H, GRID_X, GRID_Y = 74, 76, 24, 198
COLOURS = {"Reptile": "#4f9a58", "Feline": "#e08a2e", "Raptor": "#b9483a", "Ursid": "#7b5a3c",
           "Marine": "#3a78b9", "Imperial": "#8a5cc9", "Religious": "#b8b2a6"}
Json = dict[str, Any]


def render(view: Json, legal: Sequence[Json]) -> str:
    acts = _Targets(legal)
    me = view.get("viewer")
    me = 0 if me is None else me
    players = view.get("players", [])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board five-realms" viewBox="0 0 {W} {H}" '
           f'width="{W}" height="{H}" role="img" aria-label="Five Realms board">',
           "<style>.fr text{font-family:system-ui,sans-serif}.fr .small{font-size:11px}"
           ".fr .name{font-size:12px;font-weight:600}.fr .big{font-size:22px;font-weight:700}"
           ".fr .target>rect:first-child{stroke:#7a4fd6;stroke-width:4}"
           ".fr .last>rect:first-child{stroke:#d9a21b;stroke-width:4}</style><g class=\"fr\">",
           f'<rect width="{W}" height="{H}" fill="#efe7d6" rx="12"/>']
    others = [p for p in players if p.get("seat") != me]
    if others:
        out.append(_player(others[0], 10, 8, view, acts, mine=False))
    if me < len(players):
        out.append(_player(players[me], 10, H - 182, view, acts, mine=True))
    out.append(_square(view, acts))
    out.append(_centre(view, acts))
    out.append(_chips(acts.leftover(), 440, GRID_Y + 360))
    out.append("</g></svg>")
    return "".join(out)


class _Targets:
    """Legal actions by what they point at; the ones used on the board are ticked off."""

    def __init__(self, legal: Sequence[Json]) -> None:
        self.legal = list(legal)
        self.used: set[int] = set()

    def find(self, kind: str, **fields: Any) -> Json | None:
        for i, action in enumerate(self.legal):
            if action.get("type") == kind and all(action.get(k) == v for k, v in fields.items()):
                self.used.add(i)
                return action
        return None

    def leftover(self) -> list[Json]:
        return [a for i, a in enumerate(self.legal) if i not in self.used]


def _attrs(action: Json | None, extra: str = "") -> str:
    classes = " ".join(filter(None, ["target" if action else "", extra]))
    data = f' data-action="{escape(json.dumps(action, separators=(",", ":")))}"' if action else ""
    return f' class="{classes}"{data}' if classes else data


def _card(x: float, y: float, w: float, h: float, card: Json, action: Json | None = None,
          extra: str = "") -> str:
    banner = str(card.get("banner") or "?")
    character = card.get("character")
    colour = COLOURS.get(banner, "#999")
    name = escape(str(character)) if character else "?"
    fit = f' textLength="{w - 10}" lengthAdjust="spacingAndGlyphs"' if len(name) * 6.2 > w - 10 else ""
    fit_b = f' textLength="{w - 8}" lengthAdjust="spacingAndGlyphs"' if len(banner) * 7.5 > w - 8 else ""
    return (f'<g{_attrs(action, extra)}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="7" '
            f'fill="{colour}" stroke="#2b2a33" stroke-width="1.5"/>'
            f'<rect x="{x + 4}" y="{y + h - 24}" width="{w - 8}" height="20" rx="4" fill="#fffdf8" '
            f'opacity=".9"/><text x="{x + w / 2}" y="{y + 16}" text-anchor="middle" class="name" '
            f'fill="#fff"{fit_b}>{escape(banner)}</text><text x="{x + w / 2}" y="{y + h - 9}" '
            f'text-anchor="middle" class="small" fill="#2b2a33"{fit}>{name}</text></g>')


def _square(view: Json, acts: _Targets) -> str:
    frame = int(view.get("frame", 5))
    out = [f'<rect x="{GRID_X - 10}" y="{GRID_Y - 10}" width="{frame * CELL_W + 20}" '
           f'height="{frame * CELL_H + 20}" rx="10" fill="#e2d6bd"/>']
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
                action = acts.find("collect", banner=card.get("banner"))
                is_last = (row, col) == (placed.get("row"), placed.get("col"))
                out.append(_card(x, y, w, h, card, action, "last" if is_last else ""))
                continue
            action = acts.find("place", row=row, col=col)
            fill = "#d9ccff" if action else "none"
            dash = "" if (row, col) in collected else ' stroke-dasharray="4 4"'
            stroke = "#d9a21b" if (row, col) in collected else "#b9ab8e"
            out.append(f'<g{_attrs(action)}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="7" '
                       f'fill="{fill}" stroke="{stroke}"{dash}/>')
            if (row, col) in ring:
                label = ring[(row, col)]
                out.append(f'<text x="{x + 6}" y="{y + 14}" class="small" fill="#8c7f66">{label}</text>')
            out.append("</g>")
    return "".join(out)


def _centre(view: Json, acts: _Targets) -> str:
    x, y = 440, GRID_Y - 10
    deck = view.get("deck") or {}
    top = deck.get("top_banner")
    out = [f'<text x="{x}" y="{y + 12}" class="name">Deck: {deck.get("size", 0)}</text>',
           _card(x, y + 20, 70, 90, {"banner": top or "-", "character": "deck"}) if top else ""]
    discard = view.get("discard", [])
    dx = x + 110
    out.append(f'<text x="{dx}" y="{y + 12}" class="name">Discard: {len(discard)}</text>')
    taking = any(a.get("type") == "take" for a in acts.legal)
    for i, card in enumerate(discard[-16:] if taking else discard[-6:]):
        action = acts.find("take", character=card.get("character")) if card.get("character") else None
        cx, cy = dx + (i % 8) * 62, y + 20 + (i // 8) * 76
        out.append(_card(cx, cy, 58, 72, card, action))
    pending = view.get("pending") or {}
    py = y + 190
    prompt = escape(str(view.get("prompt", "")))
    out.append(f'<text x="{x}" y="{py}" class="name">{prompt}</text>')
    for i, card in enumerate(pending.get("collected", [])):
        action = acts.find("hire", character=card.get("character")) if card.get("character") else None
        out.append(_card(x + i * 76, py + 12, 70, 90, card, action))
    newcomer = pending.get("newcomer")
    if newcomer:
        out.append(f'<text x="{x + 420}" y="{py + 24}" class="small">newcomer</text>')
        out.append(_card(x + 420, py + 30, 70, 90, newcomer))
    if view.get("is_over"):
        out.append(f'<text x="{x}" y="{py + 140}" class="big">Game over: {escape(_result(view))}</text>')
    return "".join(out)


def _result(view: Json) -> str:
    returns = view.get("returns") or []
    if not returns:
        return ""
    best = max(returns)
    winners = [i for i, r in enumerate(returns) if r == best]
    return "draw" if len(winners) > 1 else f"seat {winners[0]} wins"


def _player(p: Json, x: float, y: float, view: Json, acts: _Targets, mine: bool) -> str:
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
        action = acts.find("imperial", realm=realm) if mine else None
        colour = COLOURS.get(realm, "#999")
        left = cx + i * 64
        out.append(f'<g{_attrs(action)}><rect x="{left}" y="{y + 10}" width="58" height="20" rx="4" '
                   f'fill="{colour}"/><text x="{left + 29}" y="{y + 24}" text-anchor="middle" class="small" '
                   f'fill="#fff">{escape(realm)}</text></g>')
        height = int(column.get("height", 0))
        for j in range(min(height, 9)):
            out.append(f'<rect x="{left + 4}" y="{y + 150 - j * 13}" width="50" height="11" rx="2" '
                       f'fill="{colour}" opacity=".8"/>')
        out.append(f'<text x="{left + 29}" y="{y + 46}" text-anchor="middle" class="name">{height}</text>')
    kx = cx + 5 * 64 + 16
    out.append(f'<text x="{kx}" y="{y + 24}" class="name">Council</text>')
    for i, card in enumerate(p.get("council", [])):
        name = card.get("character")
        action = (acts.find("dismiss", character=name) if mine else acts.find("destroy", character=name))
        out.append(_card(kx + i * 72, y + 34, 66, 88, card, action if name else None))
    tx = kx + 4 * 72 + 10
    out.append(f'<text x="{tx}" y="{y + 24}" class="name">Titans</text>')
    for i, card in enumerate(p.get("titans", [])):
        name = card.get("character")
        action = None if mine or not name else acts.find("destroy", character=name)
        out.append(_card(tx + (i % 2) * 58, y + 34 + (i // 2) * 46, 54, 42, card, action))
    return "".join(out)


def _chips(actions: list[Json], x: float, y: float) -> str:
    out = []
    for i, action in enumerate(actions):
        label = " ".join([str(action.get("type"))] + [str(v) for k, v in action.items() if k != "type"])
        cx, cy = x + (i % 4) * 136, y + (i // 4) * 36
        out.append(f'<g{_attrs(action, "chip")}><rect x="{cx}" y="{cy}" width="128" height="28" rx="14" '
                   f'fill="#fffdf8" stroke="#7a4fd6"/><text x="{cx + 64}" y="{cy + 18}" text-anchor="middle" '
                   f'class="small" fill="#7a4fd6">{escape(label[:22])}</text></g>')
    return "".join(out)
