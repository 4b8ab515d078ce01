"""Soulshards as SVG for the web table: ``render(view, legal) -> str``.

The seven Zones of both seats (City, Arsenal, Battlefield, Keep, Hand, Home, Stockpile), Resolve,
Fatigue, Edge and Attributes; each card's whole text in its ``<title>`` (hover); the fight or DL
check step by step. Clickable elements carry the handles of the rules' click paths (``rules/``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from soulforge.core.svg import hit_area, wrap

Json = dict[str, Any]
W, H = 900, 1130
"""The board's size in SVG units: 900 wide, so a desktop's board frame (about 880 CSS px at
1440x900) draws a unit about a px, and text of ``SMALL`` units stays 10 px or more."""
CW, CH, GAP = 84, 100, 4
TAP, CHIP_W = 44, 60
"""The smallest width a finger can tap (CSS px, at the board's own scale); a Stockpile chip's."""
SMALL = 11
"""The smallest font size drawn (tests/web/test_text_size.py: 10 CSS px on desktop and phone)."""
NAME_CHARS = 10
"""A card name's line at 12 units bold in a card's width."""
COLOURS = {"character": "#e9dcc0", "spell": "#cfe0f3", "gear": "#dcdcdc"}
ATTR_COLOURS = {"might": "#b9483a", "finesse": "#4f9a58", "sorcery": "#7a4fd6", "strategy": "#3a78b9"}


def _t(x: float, y: float, text: str, size: int = SMALL, weight: str = "normal",
       anchor: str = "start") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" '
        f'text-anchor="{anchor}">{escape(text)}</text>'
    )


def _g(handle: str | None, inner: str, title: str) -> str:
    data = f' data-handle="{escape(handle)}"' if handle else ""
    return f"<g{data}><title>{escape(title)}</title>{inner}</g>"


def _card(
    x: float,
    y: float,
    name: str,
    kind: str,
    handle: str | None,
    title: str,
    lines: Sequence[str] = (),
    fatigue: int = 0,
    w: float = CW,
    nested: str = "",
) -> str:
    """A card; ``nested``: elements drawn on it (attached cards), inside its group, so that a
    click on one that cannot be used now is a click on the card (the page takes the innermost
    usable handle)."""
    fill = COLOURS.get(kind, "#eee")
    inner = [f'<rect x="{x}" y="{y}" width="{w:g}" height="{CH}" rx="6" fill="{fill}" stroke="#333"/>']
    # The whole name on at most two lines (a narrow card, squeezed in a long hand, its short
    # name); the full name and text are in the title.
    names = wrap(name, NAME_CHARS)[:2] if w >= CW else [short_name(name, int(w // 7))]
    for i, line in enumerate(names):
        inner.append(_t(x + 4, y + 14 + 13 * i, line, 12, "bold"))
    for i, line in enumerate(lines):
        inner.append(_t(x + 4, y + 44 + 13 * i, line if w >= CW else short_name(line, int(w // 6))))
    for i in range(fatigue):
        inner.append(f'<circle cx="{x + 10 + 14 * i}" cy="{y + CH - 9}" r="5" fill="#b9483a"/>')
    return _g(handle, "".join(inner) + nested, title)



def short_name(name: str, room: int) -> str:
    """A card's name in ``room`` characters: whole, or its first words that fit, or its first
    word's start (the whole name is always in the element's title).

    >>> short_name("Shade Stalker", 13), short_name("Shade Stalker", 8), short_name("Foresight", 6)
    ('Shade Stalker', 'Shade', 'Fores…')
    """
    if len(name) <= room:
        return name
    words = wrap(name, room)
    return words[0] if len(words[0]) <= room else name[: max(room - 1, 1)] + "…"


def spread(count: int, room: int) -> tuple[int, int]:
    """The step and the width of ``count`` cards side by side in ``room`` units: whole cards
    while they fit, else narrower ones, down to a finger's width (``TAP``), each card wholly
    its own (a click at its centre is on it). Past that the row is wider than ``room``
    (:func:`board_width` widens the board).

    >>> spread(10, 876), spread(11, 876), spread(30, 876)
    ((88, 84), (79, 75), (48, 44))
    """
    step = max(TAP + GAP, min(CW + GAP, (room - CW) // max(count - 1, 1)))
    return step, min(CW, step - GAP)


def span(count: int, room: int) -> int:
    """How wide ``count`` cards are, side by side in ``room`` units (:func:`spread`)."""
    step, width = spread(count, room)
    return (count - 1) * step + width if count else 0


ROW_X, HAND_X, EDGE = 14, 10, 10
"""Where a Keep or Battlefield row's first card starts; a hand's; the room kept after a row's
or a hand's last card, at the board's right edge."""


def board_width(players: Sequence[Json]) -> int:
    """The board's width: ``W``, or wider where a row of cards cannot fit in it even narrowed
    to a finger's width (a card drawn past the board's edge could be neither seen nor clicked)."""
    rows = [ROW_X + span(len(p[zone]), W - ROW_X - EDGE) + EDGE
            for p in players for zone in ("keep", "battlefield")]
    hands = [HAND_X + span(len(p["hand"]), W - HAND_X - EDGE) + EDGE
             for p in players if p.get("hand") is not None]
    return max([W, *rows, *hands])


def _unit(x: float, y: float, u: Json, w: float = CW) -> str:
    lines = []
    if u["type"] == "character":
        lines.append(f"M{u['martial']} E{u['elude']} En{u['endure']}")
        lines.append(f"Trait {u['trait']}" + (" Prep" if u["prepared"] else ""))
        lines.append(" ".join(k[:4] for k in u["keywords"][:3]))
    else:
        lines.append("Gear")
    title = (
        u["text"]
        + f" Fatigue {u['fatigue']}."
        + (f" Attached: {', '.join(u['attached'])}." if u["attached"] else "")
    )
    tags = ""
    for i, name in enumerate(u["attached"]):
        # tags in the card's lower part, one a row from the bottom up, so its top stays its own
        ax, ay = x + 2, y + CH - 18 - 16 * i
        inner = (
            f'<rect x="{ax}" y="{ay}" width="{w - 4:g}" height="15" fill="#fffc" stroke="#666"/>'
            + _t(ax + 2, ay + 12, short_name(name, int(w) // 7))
            + hit_area(ax, ay, w - 4, 15)
        )
        tags += _g(f"attached:{u['spot']}:{i}", inner, f"Attached: {name}")
    return _card(x, y, u["card"], u["type"], f"card:{u['spot']}", title, lines, u["fatigue"], w=w,
                 nested=tags)


def _row(y: float, label: str, units: Sequence[Json], width: int) -> str:
    """A Keep or a Battlefield across a board ``width`` wide, its cards narrowed to fit."""
    x = ROW_X
    out = [
        f'<rect x="{x - 6}" y="{y - 18}" width="{width - 2 * x + 12}" height="{CH + 24}" rx="8" '
        'fill="#0001" stroke="#8885"/>',
        _t(x, y - 5, label, SMALL, "bold"),
    ]
    step, w = spread(len(units), width - x - EDGE)
    for i, u in enumerate(units):
        out.append(_unit(x + i * step, y, u, w))
    return "".join(out)


def _side(view: Json, p: Json, y: float, mine: bool, texts: Json) -> str:
    """A seat's City, counters, Arsenal, Home, Stockpile and hand: the hand's faces, for its
    owner, on a row of their own below."""
    who = "my" if mine else "their"
    out = [
        _t(
            10,
            y + 14,
            f"Seat {p['seat']}: {p['city']['name']}  Resolve {p['resolve']}  Edge {p['edge']}",
            14,
            "bold",
        )
    ]
    city = (
        f"City {p['city']['name']}: produces {', '.join(a.title() for a in p['city']['produces'])}. "
        f"{p['city']['text']}"
    )
    out.append(
        _g(
            None,
            f'<rect x="{CITY_X}" y="{y - 2}" width="120" height="24" fill="#f3ead0" stroke="#333"/>'
            + _t(CITY_X + 6, y + 14, "City effect", 12),
            city,
        )
    )
    x: float = W - 4 * 66 - 6
    for name, value in p["attributes"].items():
        inner = (
            f'<rect x="{x}" y="{y - 12}" width="62" height="44" rx="6" fill="{ATTR_COLOURS[name]}"/>'
            + _t(x + 31, y + 6, name.title(), SMALL, "bold", "middle")
            + _t(x + 31, y + 24, str(value), 14, "bold", "middle")
        )
        out.append(_g(f"attr:{name}" if mine else None, inner, f"{name.title()}: {value}"))
        x += 66
    zy = y + 36
    arsenal = f"Arsenal: {p['arsenal_size']} cards face down"
    out.append(_card(10, zy, f"Arsenal {p['arsenal_size']}", "", f"{who}-arsenal", arsenal))
    home_title = "Home: " + (", ".join(p["home"]) or "empty")
    out.append(_card(10 + CW + GAP, zy, f"Home {len(p['home'])}", "", None, home_title))
    x = 10 + 2 * (CW + GAP) + 10
    x = _stockpile(out, p["stockpile"], x, zy, who, texts)
    if p.get("hand") is not None:
        cards, x, hy = p["hand"], HAND_X, zy + CH + 22
        out.append(_t(HAND_X, hy - 5, f"Hand: {len(cards)} cards", SMALL, "bold"))
        step, width = spread(len(cards), W - HAND_X - EDGE)
        for name in cards:
            out.append(_card(x, hy, name, "spell", f"hand:{name}", texts.get(name, name), w=width))
            x += step
    else:
        out.append(_t(max(x + 14, 520), zy + 40, f"Hand: {p['hand_size']} cards (hidden)", 12))
    return "".join(out)


def _stockpile(out: list[str], pile: Sequence[Json], x: float, y: float, who: str, texts: Json) -> float:
    """The Stockpile from ``x``: whole cards while they fit in 300 px, else a grid of two
    rows of chips, each still a finger wide (``TAP``). Returns where the next zone starts."""
    whole = len(pile) * (CW + GAP) <= 300
    for i, s in enumerate(pile):
        tip = f"Stockpile: {texts.get(s['card'], s['card'])}"
        made = [s["attribute"][:3].title()]
        if whole:
            out.append(_card(x + i * (CW + GAP), y, s["card"], "spell", f"{who}-stockpile:{i}", tip, made))
        else:
            cx, cy = x + (i // 2) * (CHIP_W + GAP), y + (i % 2) * (CH + GAP) / 2
            out.append(_chip(cx, cy, s["card"], made[0], f"{who}-stockpile:{i}", tip))
    if whole:
        return x + len(pile) * (CW + GAP)
    return x + (len(pile) + 1) // 2 * (CHIP_W + GAP)


def _chip(x: float, y: float, name: str, made: str, handle: str, title: str) -> str:
    """A half-height card: its name's start and the Attribute it was stockpiled for."""
    height = (CH - GAP) / 2
    inner = (f'<rect x="{x:g}" y="{y:g}" width="{CHIP_W}" height="{height:g}" rx="5" '
             f'fill="{COLOURS["spell"]}" stroke="#333"/>'
             + _t(x + 3, y + 15, short_name(name, 7), SMALL, "bold") + _t(x + 3, y + 31, made))
    return _g(handle, inner, title)


CITY_X, STRIP_W = 300, 154
"""Where a seat's City effect box starts; the step of the Home strip's names."""


def _home_strip(view: Json, p: Json, y: float, texts: Json) -> str:
    # The strip holds the Home (cast from by a Keep Character) and the seat's own Reserves
    # marked "R:" (and, while swapping Reserves, the deck's cards marked "D:").
    out = [_t(10, y + 14, "Home; R: Reserves", SMALL)]
    x = 130
    names = [(name, "home") for name in sorted(set(p["home"]))]
    names += [(name, "reserve") for name in sorted(set(p.get("reserves") or []))]
    if view.get("step") == "reserves" and p.get("unseen"):
        names += [(name, "deck") for name in sorted(set(p["unseen"]))]
    for name, where in names:
        if x > W - STRIP_W:
            x, y = 130, y + 26
        fill = {"home": "#fff", "reserve": "#f6f0ff", "deck": "#e6f3e6"}[where]
        mark = {"home": "", "reserve": "R: ", "deck": "D: "}[where]
        label = mark + short_name(name, 22 - len(mark))
        inner = (f'<rect x="{x}" y="{y}" width="{STRIP_W - 4}" height="22" fill="{fill}" stroke="#555"/>'
                 + _t(x + 3, y + 15, label) + hit_area(x, y, STRIP_W - 4, 22))
        title = {"home": "", "reserve": "Reserves: ", "deck": "In your deck: "}[where] + texts.get(name, name)
        out.append(_g(f"{where}:{name}", inner, title))
        x += STRIP_W
    return "".join(out)


def _fight(view: Json, y: float) -> str:
    fight = view.get("fight")
    out = [f'<rect x="10" y="{y}" width="{W - 20}" height="44" rx="8" fill="#fff6e0" stroke="#c9a24a"/>']
    if not fight:
        out.append(_t(20, y + 27, f"Turn {view['turn']}: {view.get('prompt', '')}", 13))
        return "".join(out)
    if fight["kind"] == "check":
        head = (
            f"DL check: {fight['card']} (seat {fight['seat']}), DL {fight['dl']}{fight.get('dl_mod', 0):+d}"
        )
    else:
        head = (
            f"{fight['kind'].title()}: {fight['attacker']} (seat {fight['seats'][0]}) against "
            f"{fight['defender']} (seat {fight['seats'][1]}); Guard +{fight['guard']}, "
            f"damage {fight['damage_mod']:+d}"
        )
    sup = []
    for seat, s in enumerate(fight["support"]):
        if s:
            sup.append(f"seat {seat} Support {s['card']} (Trait {s['trait']})")
    for seat, p in enumerate(view["players"]):
        if p["support"] and not fight["support"][seat]:
            sup.append(f"seat {seat} Support chosen ({p['support']['card'] or 'concealed'})")
    out.append(_t(20, y + 17, head, 12, "bold"))
    out.append(
        _t(20, y + 36, "; ".join(sup) + ("  =>  " + fight["result"] if fight.get("result") else ""), 11)
    )
    return "".join(out)


def _buttons(legal: Sequence[Json], y: float) -> str:
    out = []
    x = W - 4 * 96
    for handle, label in (
        ("attack", "Attack"),
        ("tactics", "Tactics"),
        ("edge:up", "Edge +1"),
        ("edge:down", "Edge -1"),
    ):
        inner = f'<rect x="{x}" y="{y}" width="88" height="44" rx="8" fill="#f0e6d2" stroke="#333"/>' + _t(
            x + 44, y + 27, label, 13, "bold", "middle"
        )
        out.append(_g(handle, inner, label))
        x += 96
    return "".join(out)


def render(view: Json, legal: Sequence[Json]) -> str:
    me = view.get("viewer")
    me = 0 if me is None else me
    players = view["players"]
    texts = view.get("card_texts", {})
    mine, theirs = players[me], players[1 - me]
    strip = _home_strip(view, mine, 1074, texts)
    rows = strip.count("<g data-handle=")
    height = max(H, 1074 + 26 * -(-rows // ((W - 130) // STRIP_W)) + 12)
    width = board_width(players)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board soulshards" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="group" aria-label="Soulshards table">',
        "<style>.soulshards text{font-family:system-ui,sans-serif}</style>",
        f'<rect width="{width}" height="{height}" fill="#e8e1d2" rx="12"/>',
    ]
    out.append(_side(view, theirs, 20, False, texts))
    out.append(_row(186, f"Seat {theirs['seat']} Keep", theirs["keep"], width))
    out.append(_row(316, f"Seat {theirs['seat']} Battlefield", theirs["battlefield"], width))
    out.append(_fight(view, 430))
    out.append(_row(500, f"Seat {mine['seat']} Battlefield", mine["battlefield"], width))
    out.append(_row(630, f"Seat {mine['seat']} Keep", mine["keep"], width))
    out.append(_buttons(legal, 742))
    out.append(_side(view, mine, 808, True, texts))
    out.append(strip)
    out.append("</svg>")
    return "".join(out)
