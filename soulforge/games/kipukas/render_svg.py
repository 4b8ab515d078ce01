"""Kipukas as SVG for the web table: ``render(view, legal) -> str``.

Takes a view (``state.py`` documents its keys), never a state. The maps hold no
coordinates: the territories are laid out in the order of their numbers clockwise around the
border of a grid (8 territories on a 3 x 3 border, 12 on a 4 x 4), the diel cycle in the
middle, the viewer's hand, the choices and the last combat exchange in a panel below the map.

The board is as wide as its map (about 770 units for 8 territories, 1030 for 12): a desktop
fits it to a frame of about 880 CSS px, a phone draws it at one unit a px, so the text's sizes
grow with the map's width (:func:`text_scale`) to stay 10 px at the least on both
(tests/web/test_text_size.py).

Every element a player may click carries ``data-handle``, the handles of the rules' click
paths (``rules/``): ``territory:<n>`` (a territory's box), ``stand:<id>`` (a
stand's row inside it), ``piece:<n>`` (a card on a stand, inside its stand's row),
``hand:<slot>`` (the viewer's hand; slot 3 the card set aside), ``face:up``, ``face:down`` and
``face:untamed`` (a species played rogue, #tameability), ``boat:<n>`` (a boat, #geography),
``reveal`` and ``means:<i>`` (the KEAL means of the fight's deciding soul), ``shoot``, ``launch``,
``haul`` and ``snare:<i>`` (a crafted trap of the viewer's, ``crafted.py``), ``shift`` and
``trap:<n>`` (a trap card of the viewer's, laid face down or carried, #traps). Handles nest (a
piece in its stand in its territory): the page takes the innermost one a path can use.
Actions without a click path are the page's buttons. A card the viewer cannot see has no card
in the view and is drawn face down, nameless; every card the viewer sees names its data on hover.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

from soulforge.core.svg import TAP, hit_area, wrap
from soulforge.games.kipukas.cards import ability
from soulforge.games.kipukas.data import ARCHETYPES, CARDS, Card, Dice
from soulforge.games.kipukas.items import ITEM_EFFECTS, NO_ITEM, RECIPES
from soulforge.games.kipukas.styles import STYLES

Json = dict[str, Any]

SEAT_COLOURS = ("#c8453a", "#3a6fd0", "#3a9d4a", "#9b4ad0")
GEOGRAPHY_FILL = {"Plains": "#efe6b0", "Forest": "#b5d9a3", "Mountain": "#d3cabb", "Water": "#b3d6f0",
                  "Volcanic": "#efb9a3", "Heavens": "#ece6f8", "Underground": "#cdbca6",
                  "Wasteland": "#b9b4ad"}
DIEL_MARK = {"day": "☀ day", "night": "☾ night", "storm": "⛈ storm"}

BOX_W = 236
"""A territory box's width; its height grows with the rows its stands need."""
GAP = 18
HEAD_H = 24
STAND_W = 50
"""The stand's marker column at the left of its row; pieces follow it."""
PIECE_W, PIECE_H = 86, TAP + 4
PIECES_PER_ROW = 2
ROW_H = PIECE_H + 6
PANEL_W = 420
"""The panel's least width (it takes the map's width below it)."""
MARGIN = 12
FRAME = 860
"""The width, in CSS px, a desktop shows the board at or more (its frame at 1440x900 is
about 880): a wider board's text grows by ``width / FRAME``."""
FONT = {"tiny": 10.0, "small": 11.0, "name": 13.0, "big": 18.0, "": 12.0}
"""The text classes' sizes in SVG units on a board ``FRAME`` wide or narrower."""
CHAR_W = 0.58
"""A character's average width in ems (system-ui, semi-bold): what a line holds."""


# -- words ----------------------------------------------------------------------------------------
def dice_label(dice: Dice | None) -> str:
    """A roll in words.

    >>> dice_label(Dice(("D20", "D6"), 0)), dice_label(Dice((), 3)), dice_label(Dice(("D6",), 2))
    ('D20+D6', '3', 'D6+2')
    """
    if dice is None:
        return "none"
    parts = list(dice.dice) + ([str(dice.base)] if dice.base or not dice.dice else [])
    return "+".join(parts)


def card_title(card_id: str) -> str:
    """A card's data in words (its hover text): name, type, soul data, KEAL means, effect."""
    card = CARDS[card_id]
    lines = [f"{card.name} ({card.card_type.replace('_', ' ')})"]
    if card.soul:
        lines.append(f"Gene: {card.archetypal_gene}; motive: {card.motivation}; habitat: {card.habitat}; "
                     f"movement: {'-' if card.movement is None else card.movement}")
        lines.append(f"Attack: {dice_label(card.attack)}; defence: {dice_label(card.defense)}")
        lines += [f"KEAL means {i + 1}: {means_label(card, i)}" for i in range(len(card.keal_means))]
    if card.text:
        lines.append(f"Effect: {card.text}")
    return "\n".join(lines)


def means_label(card: Card, i: int) -> str:
    """One KEAL means in words: its name, condition, archetypes and tolerance."""
    means = card.keal_means[i]
    condition = f" [{means.condition}]" if means.condition else ""
    return f"{means.name}{condition} ({', '.join(means.archetypes)}; tolerates {means.tolerance})"


def short_name(card_id: str) -> str:
    """A card's short name: the part of its name before a colon (its title has the whole).

    >>> short_name("hilbert_king_of_avian_frogs"), short_name("knightsoul_of_binding_time")
    ('Hilbert', 'Knightsoul of Binding Time')
    """
    return CARDS[card_id].name.split(":")[0].strip()


def name_lines(name: str, chars: int, lines: int = 2) -> list[str]:
    """``name`` wrapped in ``lines`` lines of ``chars`` characters; a longer one ends its
    last line with "…" (the element's title has the whole name).

    >>> name_lines("Losetany Shrike", 12), name_lines("Hidden Portal of Lower Dreadmont Cave", 12)
    (['Losetany', 'Shrike'], ['Hidden', 'Portal of…'])
    """
    wrapped = wrap(name, chars)
    if len(wrapped) <= lines and all(len(line) <= chars for line in wrapped):
        return wrapped
    head = wrapped[:lines]
    last = head[-1] if len(head[-1]) < chars else head[-1][: chars - 1]
    return [*head[:-1], last.rstrip() + "…"]


def text_scale(width: float) -> float:
    """How much a board ``width`` units wide enlarges its text (1 up to ``FRAME``).

    >>> text_scale(774), text_scale(1032)
    (1.0, 1.2)
    """
    return max(1.0, width / FRAME)


def chars_in(width: float, cls: str, scale: float) -> int:
    """How many characters of class ``cls`` a line ``width`` units wide holds."""
    return max(int(width / (FONT[cls] * scale * CHAR_W)), 4)


def item_name(item: str) -> str:
    if item.startswith("recipe:"):
        return f"recipe {item.removeprefix('recipe:')}"
    return CARDS[item].name if item in CARDS else item


def seat_colour(seat: int | None) -> str:
    return "#8a8478" if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _text(x: float, y: float, text: str, cls: str = "", extra: str = "") -> str:
    """A ``<text>`` (escaped) with an optional class and extra attributes."""
    klass = f' class="{cls}"' if cls else ""
    return f'<text x="{x:g}" y="{y:g}"{klass}{extra}>{escape(text)}</text>'


# -- the layout -----------------------------------------------------------------------------------
def border_cells(count: int) -> tuple[int, int, list[tuple[int, int]]]:
    """The smallest grid whose border holds ``count`` territories, and their cells (column,
    row) clockwise from the top left.

    >>> border_cells(8)[:2], border_cells(12)[:2], border_cells(10)[:2]
    ((3, 3), (4, 4), (4, 3))
    >>> border_cells(8)[2][:4]
    [(0, 0), (1, 0), (2, 0), (2, 1)]
    """
    rows = cols = 2
    while 2 * (cols + rows) - 4 < count:
        if cols <= rows:
            cols += 1
        else:
            rows += 1
    cells = [(c, 0) for c in range(cols)] + [(cols - 1, r) for r in range(1, rows)]
    cells += [(c, rows - 1) for c in range(cols - 2, -1, -1)] + [(0, r) for r in range(rows - 2, 0, -1)]
    return cols, rows, cells[:count]


def _stand_rows(view: Json) -> dict[str, int]:
    """How many rows of pieces each stand needs (one at least)."""
    count: dict[str, int] = {}
    for piece in view["pieces"]:
        count[piece["stand"]] = count.get(piece["stand"], 0) + 1
    stands = [st["id"] for st in view["map"]["stands"]]
    return {st: max(1, math.ceil(count.get(st, 0) / PIECES_PER_ROW)) for st in stands}


class Layout:
    """Where each territory's box and each stand's row are."""

    def __init__(self, view: Json) -> None:
        territories = view["map"]["territories"]
        self.rows_of = _stand_rows(view)
        self.cols, self.rows, cells = border_cells(len(territories))
        heights = {t["number"]: self.box_height(t) for t in territories}
        row_h = [160.0] * self.rows
        for t, (_, r) in zip(territories, cells, strict=True):
            row_h[r] = max(row_h[r], heights[t["number"]])
        tops = [MARGIN + sum(row_h[:r]) + GAP * r for r in range(self.rows)]
        self.box: dict[int, tuple[float, float, float, float]] = {}
        for t, (c, r) in zip(territories, cells, strict=True):
            self.box[t["number"]] = (MARGIN + c * (BOX_W + GAP), tops[r], BOX_W, heights[t["number"]])
        self.width = max(MARGIN + self.cols * (BOX_W + GAP), PANEL_W + 2 * MARGIN)
        self.scale = text_scale(self.width)
        self.height = tops[-1] + row_h[-1] + MARGIN
        inner = self.rows > 2
        self.middle = (MARGIN + BOX_W + GAP, tops[1] if inner else self.height,
                       (self.cols - 2) * (BOX_W + GAP) - GAP, tops[-1] - tops[1] - GAP if inner else 0)
        """The box between the territories (the diel cycle's place); none below three rows."""
        self.stand: dict[str, tuple[float, float, float]] = {}
        for t in territories:
            x, y, _, _ = self.box[t["number"]]
            y += HEAD_H
            for stand in t["stands"]:
                self.stand[stand] = (x, y, ROW_H * self.rows_of.get(stand, 1))
                y += ROW_H * self.rows_of.get(stand, 1)

    def box_height(self, territory: Json) -> float:
        return HEAD_H + sum(ROW_H * self.rows_of.get(s, 1) for s in territory["stands"]) + 8

    def centre(self, stand: str) -> tuple[float, float]:
        """The middle of a stand's marker (where paths meet)."""
        x, y, _ = self.stand[stand]
        return x + 6 + STAND_W / 2, y + ROW_H / 2


# -- the map --------------------------------------------------------------------------------------
def _territory(t: Json, view: Json, layout: Layout, pieces: dict[str, list[Json]]) -> str:
    x, y, w, h = layout.box[t["number"]]
    holder = t["holder"]
    fill = GEOGRAPHY_FILL.get(t["geography"], "#eee")
    stroke = seat_colour(holder) if holder is not None else "#9b927f"
    status = _holding(t)
    out = [f'<g class="territory" data-handle="territory:{t["number"]}">',
           f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="10" fill="{fill}" fill-opacity=".72" '
           f'stroke="{stroke}" stroke-width="{4 if holder is not None else 1.5}"/>',
           _text(x + 10, y + 17, f"{t['number']}", "big"),
           _text(x + 16 + len(str(t["number"])) * FONT["big"] * layout.scale * 0.6, y + 16,
                 t["geography"] + (" · transit" if t["transit"] else ""), "name")]
    if status:
        out.append(_text(x + w - 8, y + 16, status, "small", f' text-anchor="end" fill="{stroke}"'))
    laid = [x for x in view.get("snares", ()) if x["territory"] == t["number"]]
    if laid:  # crafted traps: face down, nameless, to every seat but their owner's
        out.append(f'<g class="snares"><title>{escape(_snares_title(laid))}</title>'
                   + _text(x + w - 8, y + h - 6, f"⚠ {len(laid)} trap", "small",
                           ' text-anchor="end" fill="#8a2a20"')
                   + "</g>")
    bombs = [b for b in view.get("bombs", ()) if b["territory"] == t["number"]]
    if bombs:  # Bee Bombs launched by a bow, counting down in the open
        out.append(f'<g class="bombs"><title>Bee Bombs: {len(bombs)}, they burst after 3 diel cycles</title>'
                   + _text(x + 10, y + h - 6, f"🐝 {len(bombs)} bomb", "small", ' fill="#8a2a20"') + "</g>")
    for stand in t["stands"]:
        out.append(_stand(stand, t, layout, pieces.get(stand, [])))
    out.append(f"<title>{escape(_territory_title(t))}</title></g>")
    return "".join(out)


def _snare_name(snare: Json) -> str:
    recipe = snare.get("recipe")
    what = "face-down crafted trap" if recipe is None else RECIPES[recipe].name
    return f"seat {snare['owner']}'s {what}"


def _snares_title(laid: list[Json]) -> str:
    return "Crafted traps: " + ", ".join(_snare_name(x) for x in laid)


def _holding(t: Json) -> str:
    holder = t["holder"]
    if holder is None:
        return "protected" if t.get("protected") else ""
    what = "★" if t["capital_of"] == holder else "⚑"
    return f"{what} seat {holder}" + (" (protected)" if t.get("protected") else "")


def _territory_title(t: Json) -> str:
    words = f"Territory {t['number']}: {t['geography']}"
    words += ", a transit territory" if t["transit"] else ""
    if t["holder"] is not None:
        capital = t["capital_of"] == t["holder"]
        words += f", held by seat {t['holder']}" + (" (its capital)" if capital else "")
    return words


def _stand(stand: str, t: Json, layout: Layout, here: list[Json]) -> str:
    x, y, h = layout.stand[stand]
    cx, cy = layout.centre(stand)
    kind = next((s for s in t.get("_stands", []) if s["id"] == stand), None)
    territory_stand = stand.startswith("T") if kind is None else kind["kind"] == "territory"
    colour = seat_colour(t["holder"]) if territory_stand and t["holder"] is not None else "#fffdf6"
    if territory_stand:
        marker = (f'<rect x="{cx - 13:g}" y="{cy - 13:g}" width="26" height="26" rx="3" fill="{colour}" '
                  'stroke="#3b372f" stroke-width="1.5"/>')
        if t["capital_of"] is not None:
            marker += _text(cx, cy + 5, "★", "name", ' text-anchor="middle" fill="#fff"')
        label = "camp stand"
    else:
        marker = (f'<circle cx="{cx:g}" cy="{cy:g}" r="12" fill="#fffdf6" stroke="#3b372f" '
                  'stroke-width="1.5"/>'
                  + _text(cx, cy + 4, stand[1:], "small", ' text-anchor="middle"'))
        label = f"movement stand {stand[1:]}"
    docked = stand in t.get("_docks", ())
    if docked:
        marker += _text(cx + 15, cy - 7, "⚓", "small", ' fill="#1f5d8c"')
        label += ", a dock"
    out = [f'<g class="stand" data-handle="stand:{escape(stand)}">',
           f'<rect x="{x + 4:g}" y="{y:g}" width="{BOX_W - 8}" height="{h - 2:g}" rx="6" fill="#fff" '
           'fill-opacity=".2" stroke="none"/>', marker,
           f"<title>{escape(label)}</title>"]
    for i, piece in enumerate(here):
        px = x + 6 + STAND_W + (i % PIECES_PER_ROW) * (PIECE_W + 3)
        py = y + 2 + (i // PIECES_PER_ROW) * ROW_H
        out.append(_piece(piece, px, py, layout.scale))
    out.append("</g>")
    return "".join(out)


def _piece(piece: Json, x: float, y: float, scale: float) -> str:
    """A card on the map: its name and state if the viewer sees it, else a face-down card."""
    card = piece["card"]
    colour = seat_colour(piece["owner"])
    dash = "" if piece["revealed"] else ' stroke-dasharray="4 3"'
    out = [f'<g class="piece" data-handle="piece:{piece["piece"]}">',
           f'<rect x="{x:g}" y="{y:g}" width="{PIECE_W}" height="{PIECE_H}" rx="5" '
           f'fill="{"#fffdf6" if card else "#5a4e7a"}" stroke="{colour}" stroke-width="3"{dash}/>']
    if card is None:
        out.append(f'<path d="M{x + 8:g},{y + 8:g}l{PIECE_W - 16},{PIECE_H - 16}m0,-{PIECE_H - 16}'
                   f'l-{PIECE_W - 16},{PIECE_H - 16}" stroke="#8f83b3" stroke-width="1.5"/>')
        out.append(_text(x + PIECE_W / 2, y + PIECE_H / 2 + 4, f"#{piece['piece']}", "name",
                         ' text-anchor="middle" fill="#fff"'))
        title = f"seat {piece['owner']}'s face-down card #{piece['piece']}"
    else:
        state = _piece_state(piece)
        # two lines of name, a third of state ("2 inj downed"): the whole card is in its title
        lines = name_lines(short_name(card), chars_in(PIECE_W - 6, "small", scale))
        step = FONT["small"] * scale + 1
        for i, line in enumerate(lines):
            out.append(_text(x + PIECE_W / 2, y + 4 + step * (i + 1), line, "small",
                             ' text-anchor="middle" font-weight="600"'))
        if state:
            words = name_lines(state, chars_in(PIECE_W - 6, "tiny", scale), 1)[0]
            out.append(_text(x + PIECE_W / 2, y + 4 + step * (len(lines) + 1) - 1, words, "tiny",
                             ' text-anchor="middle" fill="#8a2a20"'))
        title = _piece_title(piece, card)
    out.append(f"<title>{escape(title)}</title></g>")
    return "".join(out)


_CONDITIONS = (
    ("downed", "downed", "Downed"),
    ("prisoner", "prisoner", "A prisoner"),
    ("immobilized", "snared", "Immobilized by a crafted trap"),
    ("sticky", "sticky", "Stuck with feathers: -1 to its rolls until it takes to water"),
    ("ranged", "ranged", "Holds a ranged weapon"),
)
"""A piece's conditions in its view: the view's key, the word under its name, its hover line."""


def _piece_state(piece: Json) -> str:
    """'2 inj downed', 'face down' and the like: the short state under a piece's name."""
    words = []
    hurt = sum(piece.get("injuries") or [])
    if hurt:
        words.append(f"{hurt} inj")
    words += [word for key, word, _ in _CONDITIONS if piece.get(key)]
    if not piece["revealed"]:
        words.append("face down")
    if piece.get("items"):
        words.append(f"+{len(piece['items'])} item")
    return " ".join(words)


def _piece_title(piece: Json, card: str) -> str:
    hidden = "" if piece["revealed"] else " (face down, unrevealed)"
    head = f"#{piece['piece']}, seat {piece['owner']}{hidden}"
    lines = [head, card_title(card)]
    injuries = piece.get("injuries") or []
    if any(injuries):
        means = CARDS[card].keal_means
        hurt = [f"{means[i].name if i < len(means) else i + 1}: {n}" for i, n in enumerate(injuries) if n]
        lines.append("Injuries: " + ", ".join(hurt))
    lines += [line for key, _, line in _CONDITIONS if piece.get(key)]
    if piece.get("items"):
        lines.append("Items: " + ", ".join(item_name(i) for i in piece["items"]))
    return "\n".join(lines)


def _paths(view: Json, layout: Layout) -> str:
    """The paths between stands: lines, tunnels dashed (seen through the boxes, never clicked)."""
    out = ['<g class="paths" pointer-events="none">']
    for a, b, tunnel in view["map"]["paths"]:
        if a not in layout.stand or b not in layout.stand:
            continue
        (x1, y1), (x2, y2) = layout.centre(a), layout.centre(b)
        dash = ' stroke-dasharray="7 5"' if tunnel else ""
        colour = "#6b4a2b" if tunnel else "#4d473d"
        out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{colour}" '
                   f'stroke-width="3"{dash}/>')
    out.append("</g>")
    return "".join(out)


def _map(view: Json, layout: Layout) -> str:
    stands = {st["id"]: st for st in view["map"]["stands"]}
    pieces: dict[str, list[Json]] = {}
    for piece in view["pieces"]:
        stand = piece["stand"] if piece["stand"] in stands else _first_stand(view, piece["territory"])
        pieces.setdefault(stand, []).append(piece)
    out = []
    for t in view["map"]["territories"]:
        own = [stands[s] for s in t["stands"] if s in stands]
        t = {**t, "_stands": own, "_docks": {s["id"] for s in own if s.get("dock")}}
        out.append(_territory(t, view, layout, pieces))
    return "".join(out)


def _first_stand(view: Json, territory: int) -> str:
    for t in view["map"]["territories"]:
        if t["number"] == territory and t["stands"]:
            return str(t["stands"][0])
    return ""


# -- the middle: the diel cycle -------------------------------------------------------------------
def _diel(view: Json, layout: Layout) -> str:
    x, y, w, h = layout.middle
    if w <= 0 or h <= 0:
        x, y, w, h = MARGIN, layout.height, layout.width - 2 * MARGIN, 96
    diel = view.get("diel")
    # Before the first cycle the heading alone says it ("Setting up", not "Setting up setup").
    lines = [f"Diel cycle {view['cycle']}" if view["cycle"] else "Setting up",
             DIEL_MARK.get(str(diel), "") if diel else "",
             f"initiative: seat {view['initiative']}"]
    if view.get("called") is not None:
        lines.append(f"called: seat {view['called']}")
    out = [f'<g class="diel"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="14" '
           f'fill="{_diel_fill(diel)}" stroke="#9b927f"/>']
    for i, line in enumerate(lines):
        if not line:
            continue
        cls = "big" if i < 2 else "name"
        out.append(_text(x + w / 2, y + 30 + i * 24, line, cls, ' text-anchor="middle"'))
    out.append(_text(x + w / 2, y + h - 12, f"map: {view['map']['name']}", "small", ' text-anchor="middle"'))
    if view.get("style"):  # a play style's public state, on hover (``styles/``; none for Domination)
        out.append(f"<title>{escape(STYLES[view['style']['name']].said(view['style']))}</title>")
    out.append("</g>")
    return "".join(out)


def _diel_fill(diel: Any) -> str:
    return {"day": "#fff4c4", "night": "#c9c6e6", "storm": "#c5d3dc"}.get(str(diel), "#f3eee2")


# -- the panel: players, fight, choices, hand, exchange -------------------------------------------
class Panel:
    """The panel's width and its text's scale (the board's, :func:`text_scale`)."""

    def __init__(self, width: float, scale: float) -> None:
        self.width, self.scale = width, scale

    def chars(self, width: float, cls: str = "small") -> int:
        """How many characters of ``cls`` a line ``width`` wide holds."""
        return chars_in(width, cls, self.scale)

    def chip_width(self, label: str) -> float:
        """A chip wide enough for its label at the panel's scale."""
        return 16 + len(label) * FONT["small"] * self.scale * CHAR_W

    @property
    def line(self) -> float:
        """The step between two lines of small text."""
        return FONT["small"] * self.scale + 4


def _chip(x: float, y: float, w: float, handle: str, label: str, title: str = "") -> str:
    """A choice drawn 26 high, tapped on ``TAP``."""
    return (f'<g class="chip" data-handle="{escape(handle)}"><rect x="{x:g}" y="{y:g}" width="{w:g}" '
            f'height="26" rx="13" fill="#efe9ff" stroke="#7048e8"/>'
            + _text(x + w / 2, y + 17, label, "small", ' text-anchor="middle"')
            + hit_area(x, y, w, 26) + (f"<title>{escape(title)}</title>" if title else "") + "</g>")


def _players(view: Json, x: float, y: float, panel: Panel) -> tuple[list[str], float]:
    out = [_text(x, y + 14, "Players", "name")]
    y += 22
    me = view.get("viewer")
    for p in view["players"]:
        seat = p["seat"]
        turn = view.get("current_player") == seat
        you = " (you)" if seat == me else ""
        ring = ' stroke="#000" stroke-width="2"' if turn else ""
        out.append(f'<rect x="{x:g}" y="{y:g}" width="14" height="14" rx="3" '
                   f'fill="{seat_colour(seat)}"{ring}/>')
        words = (f"seat {seat}{you}: {len(p['territories'])} territories, hand {p['hand_size']}, "
                 f"deck {p['deck_size']}, discard {len(p['discard'])}")
        out.append(_text(x + 20, y + 12, words + (" · to act" if turn else ""), "small"))
        extra = f"crux: {p['affinity'] or '-'}" + (" · done" if p.get("done") else "")
        out.append(_text(x + 20, y + 14 + panel.line, extra, "tiny"))
        y += 2 * panel.line + 8
    return out, y


def _fight(view: Json, x: float, y: float, panel: Panel) -> tuple[list[str], float]:
    fight = view.get("fight")
    if not fight:
        return [], y
    by_number = {p["piece"]: p for p in view["pieces"]}
    names = [_piece_words(by_number.get(n)) for n in (fight["attacker"], fight["defender"])]
    target = names[1] if fight["defender"] is not None else "(choosing a target)"
    out = [_text(x, y + 14, "Fight", "name"), _text(x, y + 30, f"{names[0]} attacks {target}", "small")]
    y += 36
    for side, means in enumerate(fight["means"]):
        piece = by_number.get((fight["attacker"], fight["defender"])[side])
        if means is not None and piece and piece["card"]:
            said = CARDS[piece["card"]].keal_means[means].name
        else:
            said = "chosen (secret)" if fight["chosen"][side] else "not chosen"
        out.append(_text(x + 10, y + 12, f"{('attacker', 'defender')[side]}'s KEAL means: {said}", "small"))
        y += panel.line
    reroll = fight.get("reroll")
    if reroll:  # a throw open to its owner's re-roll (Tira): the buttons "re-roll" / "keep"
        attack, defence = reroll["totals"]
        during = "Final Blow" if reroll["during"] == "final_blow" else "bout"
        said = f"{during}: attack {attack} against defence {defence}; the {reroll['side']} may re-roll once"
        out.append(_text(x + 10, y + 12, said, "small"))
        y += panel.line
    return out, y + 4


def _piece_words(piece: Json | None) -> str:
    if piece is None:
        return "-"
    if piece["card"] is None:
        return f"seat {piece['owner']}'s face-down card #{piece['piece']}"
    return f"seat {piece['owner']}'s {CARDS[piece['card']].name}"


def _means(view: Json, x: float, y: float, panel: Panel) -> tuple[list[str], float]:
    """``means:<i>``: the KEAL means of the soul choosing now (when the viewer sees its card)."""
    fight = view.get("fight")
    if not fight or view.get("phase") != "keal":
        return [], y
    deciding = fight["attacker"] if not fight["chosen"][0] else fight["defender"]
    piece = next((p for p in view["pieces"] if p["piece"] == deciding), None)
    if piece is None or piece["card"] is None:
        return [], y
    card = CARDS[piece["card"]]
    out = [_text(x, y + 14, f"KEAL means of {card.name}", "name")]
    y += 22
    injuries = piece.get("injuries") or []
    for i, means in enumerate(card.keal_means):
        hurt = injuries[i] if i < len(injuries) else 0
        label = f"{means.name} ({', '.join(means.archetypes)})" + (f" - {hurt} inj" if hurt else "")
        out.append(_chip(x, y, panel.width - 24, f"means:{i}", label, means_label(card, i)))
        y += TAP + 2
    return out, y


def _choices(view: Json, x: float, y: float, panel: Panel) -> tuple[list[str], float]:
    """The second clicks of some moves, drawn on the viewer's turn when they can apply:
    ``face:up`` / ``face:down`` (a card to play), ``reveal`` (a face-down soul or feature of
    yours), ``unequip`` (a soul of yours with items), ``pick-up`` (items lie where a soul of
    yours stands), ``form`` (a soul of yours with a second form), ``burn`` (a soul of yours with a
    fire starter), ``reinforce`` (answering an
    attack), ``crux:<archetype>`` (declaring one's affinity), ``aside:<card>`` (the card
    set aside)."""
    me = view.get("viewer")
    if me is None or view.get("current_player") != me or view.get("is_over"):
        return [], y
    player = view["players"][me]
    mine = [p for p in view["pieces"] if p["owner"] == me]
    chips: list[tuple[str, str, str]] = []
    if view.get("phase") == "affinity":
        chips += [(f"crux:{name}", name, f"declare the {name} your crux (+1 to their rolls)")
                  for name in ARCHETYPES]
    chips += [(f"aside:{card}", CARDS[card].name, f"set {CARDS[card].name} aside: {card_title(card)}")
              for card in player.get("deck_cards") or ()]
    if any(player["hand"]) or player.get("aside_ready"):
        chips += [("face:up", "face up (revealed)", "play the card revealed"),
                  ("face:down", "face down (unrevealed)", "play the card unrevealed")]
    if any(card and CARDS[card].card_type == "species" for card in [*player["hand"], player.get("aside")]
           if isinstance(card, str)):
        chips.append(("face:untamed", "untamed (rogue)", "play the species untamed: it goes rogue"))
    if any(not p["revealed"] and p["card"] and CARDS[p["card"]].card_type in REVEALABLE for p in mine):
        chips.append(("reveal", "reveal", "turn a face-down soul or terrain feature of yours up"))
    if any(p["items"] for p in mine):
        chips.append(("unequip", "drop items", "a soul of yours drops its items in its territory"))
    lying = {t["number"] for t in view["map"]["territories"] if t.get("dropped")}
    if any(p["territory"] in lying for p in mine):
        chips.append(("pick-up", "pick up items", "a soul of yours picks up the items dropped there"))
    if any(p["card"] and p["revealed"] and _sacrifices(p["card"]) for p in mine):
        chips.append(("sacrifice", "sacrifice", "a soul of yours wastes itself to waste others"))
    if any(p["revealed"] and any(ITEM_EFFECTS.get(i, NO_ITEM).burns for i in p["items"]) for p in mine):
        chips.append(("burn", "burn", "a soul of yours sets fire to the terrain feature of its territory"))
    if any(p["card"] and p["revealed"] and ability(p["card"]).second_form for p in mine):
        chips.append(("form", "change form", "a soul of yours tries to take or leave its second form"))
    for boat in view["map"].get("boats") or ():
        where = boat["stand"]
        chips.append((f"boat:{boat['boat']}", f"boat {boat['boat'] + 1} ({where})",
                      f"ferry your souls on {where} up to {boat['distance']} paths over water"))
    if view.get("phase") == "respond":
        chips.append(("reinforce", "reinforce", "move a soul of yours from nearby into the fight"))
    by_day = view.get("phase") == "day"
    if by_day and any(p.get("ranged") for p in mine):
        chips.append(("shoot", "shoot", "a soul of yours with a ranged weapon shoots at a soul 1 path away"))
    small = any(ITEM_EFFECTS.get(i, NO_ITEM).small for p in mine if p.get("ranged") for i in p["items"])
    if by_day and small:
        chips.append(("launch", "launch", "a soul of yours with a bow launches its Bee Bomb 1 path away"))
    if by_day and any(ITEM_EFFECTS.get(i, NO_ITEM).hauls for p in mine for i in p["items"]):
        chips.append(("haul", "bag a trap", "a soul of yours with its Bag on stick bags or lays a trap"))
        chips += [(f"snare:{x['snare']}", f"trap {x['snare']}", _snare_name(x) + (
            f" in territory {x['territory']}" if x["carrier"] is None else f", carried by #{x['carrier']}"))
            for x in view.get("snares", ()) if x["owner"] == me]
    chips += _trap_chips(view, mine) if by_day else []
    out, left, top = [], x, y + 9
    for handle, label, hint in chips:
        width = panel.chip_width(label)
        if left + width > x + panel.width - 24:
            left, top = x, top + TAP + 4
        out.append(_chip(left, top, width, handle, label, hint))
        left += width + 10
    return out, (top + TAP + 4 - 9 if out else y)


def _trap_chips(view: Json, mine: list[Json]) -> list[tuple[str, str, str]]:
    """#traps: the viewer's trap cards a soul may move: laid face down, or carried."""
    laid = [p["piece"] for p in mine if p["kind"] == "trap" and not p["revealed"]]
    carried = [c["piece"] for c in view.get("carried", ()) if c["owner"] == view.get("viewer")]
    if not laid and not carried:
        return []
    chips = [("shift", "move a trap", "a soul of yours picks up or lays a trap card of yours")]
    chips += [(f"trap:{t}", f"trap card #{t}", "laid face down") for t in laid]
    chips += [(f"trap:{c['piece']}", f"trap card #{c['piece']}", f"carried by #{c['carrier']}")
              for c in view.get("carried", ()) if c["piece"] in carried]
    return chips


def _sacrifices(card: str) -> bool:
    entry = ability(card)
    return entry.sacrifice or bool(entry.sacrifice_genes)


REVEALABLE = frozenset({"character", "species", "terrain_feature"})


def _hand(view: Json, x: float, y: float, panel: Panel) -> tuple[list[str], float]:
    me = view.get("viewer")
    if me is None or me >= len(view["players"]):
        return [], y
    player = view["players"][me]
    cards: list[tuple[int, str, str]] = [(slot, card, "") for slot, card in enumerate(player["hand"]) if card]
    aside = player.get("aside")
    if isinstance(aside, str) and aside:
        cards.append((3, aside, "set aside" + ("" if player.get("aside_ready") else ": not yet")))
    out = [_text(x, y + 14, "Your hand" if cards else "Your hand: empty", "name")]
    y += 22
    card_w, card_h = 150, 64 * panel.scale
    across = max(int(panel.width // (card_w + 6)), 1)
    for i, (slot, card, note) in enumerate(cards):
        cx, cy = x + (i % across) * (card_w + 6), y + (i // across) * (card_h + 6)
        out.append(_hand_card(cx, cy, card_w, card_h, slot, card, note, player, panel))
    rows = math.ceil(len(cards) / across)
    return out, y + rows * (card_h + 6)


def _hand_card(x: float, y: float, w: float, h: float, slot: int, card: str, note: str, player: Json,
               panel: Panel) -> str:
    playable = slot < 3 or bool(player.get("aside_ready"))
    handle = f' data-handle="hand:{slot}"' if playable else ""
    data = CARDS[card]
    names = name_lines(data.name, panel.chars(w - 12))
    dash = "" if playable else ' stroke-dasharray="4 3"'
    out = [f'<g class="card"{handle}><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" '
           f'fill="#fffdf6" stroke="#3b372f"{dash}/>']
    for i, line in enumerate(names):
        out.append(_text(x + 6, y + 4 + (i + 1) * panel.line, line, "small", ' font-weight="600"'))
    kind = data.card_type.replace("_", " ") + (f" · {note}" if note else "")
    out.append(_text(x + 6, y + h - 7, name_lines(kind, panel.chars(w - 12, "tiny"), 1)[0], "tiny"))
    out.append(f"<title>{escape(card_title(card))}</title></g>")
    return "".join(out)



def _exchange(view: Json, x: float, y: float, panel: Panel) -> tuple[list[str], float]:
    steps = view.get("exchange") or []
    if not steps:
        return [], y
    out = [_text(x, y + 14, "Last combat exchange", "name")]
    y += 20
    for i, step in enumerate(steps[-14:], start=max(1, len(steps) - 13)):
        for j, line in enumerate(wrap(f"{i}. {step}", panel.chars(panel.width - 20))):
            out.append(_text(x + (0 if j == 0 else 14), y + 12, line, "small"))
            y += panel.line
    return out, y + 4


def _offer(view: Json, x: float, y: float, panel: Panel) -> tuple[list[str], float]:
    """A trade offered over a rogue (#rouge): the card only for the two seats trading."""
    offer = view.get("offer")
    if not offer:
        return [], y
    card = CARDS[offer["card"]].name if offer["card"] else "a card of its hand"
    out: list[str] = []
    for line in wrap(f"Trade offered: seat {offer['from']} offers seat {offer['to']} {card}",
                      panel.chars(panel.width)):
        out.append(_text(x, y + 12, line, "small"))
        y += panel.line
    return out, y + 4


def _panel(view: Json, x: float, y: float, panel: Panel) -> tuple[str, float]:
    prompt = str(view.get("prompt") or "")
    out = [_text(x, y + 16, "Kipukas", "big")]
    y += 26
    for line in wrap(prompt, panel.chars(panel.width))[:3]:
        out.append(_text(x, y + 12, line, "small"))
        y += panel.line
    for part in (_players, _fight, _means):
        drawn, y = part(view, x, y + 6, panel)
        out += drawn
    drawn, y = _choices(view, x, y, panel)
    out += drawn
    for part in (_offer, _hand, _exchange):
        drawn, y = part(view, x, y + 6, panel)
        out += drawn
    return "".join(out), y + MARGIN


KEY = (("square", "camp stand (★ capital, ⚑ base camp)"), ("circle", "movement stand"), ("dash", "tunnel"),
       ("down", "face-down card"), ("anchor", "⚓ dock"))


def _key(x: float, y: float, panel: Panel) -> tuple[str, float]:
    """The key, its entries in rows as wide as the panel; returns it and its bottom."""
    out = [_text(x, y + 14, "Key:", "name")]
    cx = x + 40.0
    for mark, words in KEY:
        wide = 40 + len(words) * FONT["small"] * panel.scale * CHAR_W
        if cx + wide > x + panel.width:
            cx, y = x + 40.0, y + 24 * panel.scale
        if mark == "square":
            out.append(f'<rect x="{cx:g}" y="{y + 3:g}" width="14" height="14" rx="2" fill="#fffdf6" '
                       'stroke="#3b372f"/>')
        elif mark == "circle":
            out.append(f'<circle cx="{cx + 7:g}" cy="{y + 10:g}" r="7" fill="#fffdf6" stroke="#3b372f"/>')
        elif mark == "dash":
            out.append(f'<line x1="{cx:g}" y1="{y + 10:g}" x2="{cx + 16:g}" y2="{y + 10:g}" stroke="#6b4a2b" '
                       'stroke-width="3" stroke-dasharray="5 3"/>')
        elif mark == "down":
            out.append(f'<rect x="{cx:g}" y="{y + 2:g}" width="16" height="16" rx="2" fill="#5a4e7a"/>')
        out.append(_text(cx + (0 if mark == "anchor" else 20), y + 14, words, "small"))
        cx += wide
    return "".join(out), y + 24 * panel.scale


def style(scale: float) -> str:
    """The board's style: its text classes at ``scale`` times ``FONT``."""
    size = {cls: f"{FONT[cls] * scale:.1f}".rstrip("0").rstrip(".") for cls in FONT}
    return (f"<style>.kp text{{font-family:system-ui,sans-serif;font-size:{size['']}px}}"
            f".kp .tiny{{font-size:{size['tiny']}px}}.kp .small{{font-size:{size['small']}px}}"
            f".kp .name{{font-size:{size['name']}px;font-weight:600}}"
            f".kp .big{{font-size:{size['big']}px;font-weight:700}}" + STYLE)


STYLE = (".kp .can>rect:first-of-type,.kp .can>circle:first-of-type"
         "{stroke:#7a4fd6;stroke-width:4;cursor:pointer}"
         ".kp .picked>rect:first-of-type{stroke:#d9a21b;stroke-width:4}</style>")


def render(view: Json, legal: Sequence[Json]) -> str:
    layout = Layout(view)
    width = layout.width
    geometry = Panel(width - 2 * MARGIN, layout.scale)
    # the map, the diel cycle below it when the map has no middle, then the panel and the key
    top = layout.height + (96 if layout.middle[2] <= 0 else 0)
    panel, panel_bottom = _panel(view, MARGIN, top, geometry)
    key, height = _key(MARGIN, panel_bottom, geometry)
    height += MARGIN
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board kipukas" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}" role="group" aria-label="Kipukas board">',
        style(layout.scale), '<g class="kp">',
        f'<rect width="{width:g}" height="{height:g}" fill="#f6f1e4" rx="12"/>',
        _diel(view, layout), _paths(view, layout), _map(view, layout), panel, key,
        "</g></svg>",
    ])
