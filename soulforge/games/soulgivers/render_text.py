"""Terminal rendering (rich) of a Soulgivers view: the 10x10 board, pieces, hands, status."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from soulforge.games.soulgivers.board import COLUMN_LETTERS, MOTHER, SIZE, TILE_OF
from soulforge.games.soulgivers.data import CHARS

TERRAIN_CHAR = {"free": ".", "wall": "#", "hole": "O", "interference": "i", "destroyed": "X",
                "border": "=", "horizon": "@"}
KIND_CHAR = {c.key: c.symbol for c in CHARS}
TEAM_STYLE = ("bold orange1", "bold medium_purple1")


Occupants = dict[int, dict[str, Any]]


def _cell_text(view: dict[str, Any], c: int, occupants: Occupants, souls: set[int]) -> Text:
    frag = view["fragment"]["tile"]
    tile = TILE_OF[c]
    back = " on grey23" if frag is not None and tile == frag else ""
    if view["barrier"] and tile == MOTHER:
        back = " on dark_blue"
    last = view["last"]["cells"] if view["last"] else []
    if c in last:
        back = " on dark_green"
    p = occupants.get(c)
    if p is not None:
        ch = KIND_CHAR[p["kind"]]
        ch = ch if p["team"] == 0 else ch.lower()
        return Text(ch + ("*" if p["carrying"] else " "), style=TEAM_STYLE[p["team"]] + back)
    ch = TERRAIN_CHAR[view["board"]["terrain"][c]]
    return Text(ch + ("s" if c in souls else " "), style="white" + back)


def board(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, padding=(0, 0))
    table.add_column(" ")
    for col in COLUMN_LETTERS:
        table.add_column(col + " ")
    occupants = {p["cell"]: p for p in view["pieces"] if p["cell"] is not None}
    souls = {s["cell"] for s in view["souls"]}
    for r in range(SIZE):
        row = [Text(f"{r + 1:>2}")] + [_cell_text(view, r * SIZE + c, occupants, souls) for c in range(SIZE)]
        table.add_row(*row)
    return table


def pieces(view: dict[str, Any]) -> Table:
    table = Table("seat", "Soulgiver", "where", "shields", "decay", "soul", title="Soulgivers")
    for p in view["pieces"]:
        where = view["board"]["cell_names"][p["cell"]] if p["cell"] is not None else f"portal {p['portal']}"
        soul = "" if p["soul"] is None else str(p["soul"])
        name = p["name"] + (" (Fragment)" if p["carrying"] else "")
        name += " *" if p["id"] == view["active"] else ""
        table.add_row(str(p["team"]), Text(name, style=TEAM_STYLE[p["team"]]), where,
                      "".join(p["shields"]) or "-", str(p["decay"]), soul)
    return table


def status(view: dict[str, Any]) -> Text:
    ts = view["turn_state"]
    lines = [f"turn {view['turn']} - seat {view['in_turn']} - essences {ts['essences']} - {view['prompt']}"]
    for t, team in enumerate(view["teams"]):
        hand = team["hand"] if team["hand"] is not None else f"{team['hand_count']} hidden"
        portals = sum(1 for p in view["portals"] if p["team"] == t and p["standing"])
        lines.append(f"seat {t} {team['population']}: deck {team['deck_count']}, anomalies {hand}, "
                     f"portals {portals}, population ability "
                     f"{'used' if team['population_used'] else 'ready'}")
    frag = view["fragment"]
    lines.append("Fragment: " + (f"carried by piece {frag['carrier']}" if frag["carrier"] is not None
                                 else f"tile {frag['tile']}") + (" (Barrier up)" if view["barrier"] else ""))
    if view["end_reason"]:
        lines.append(view["end_reason"])
    return Text("\n".join(lines))


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as one rich renderable."""
    return Group(board(view), pieces(view), status(view))
