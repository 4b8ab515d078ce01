"""Terminal rendering of a Soul of Ankiril view (rich)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SEAT_STYLE = ("bold cyan", "bold red")
TERRAIN = {"neutral": ".", "anomaly": "#", "emanation": "@", "deployment": "^"}
CELL_WIDTH = 5


def _terrain(cell: dict[str, Any]) -> str:
    """The cell number and a terrain mark (Elemental: element letter, Raised: upper case)."""
    if cell["terrain"] in TERRAIN:
        mark = TERRAIN[cell["terrain"]]
    else:
        letter = "o" if cell["element"] == "wood" else str(cell["element"])[0]
        mark = letter.upper() if cell["terrain"] == "raised" else letter
    return f"{cell['cell']:>2}{mark}"


def _cell_text(cell: dict[str, Any], view: dict[str, Any]) -> Text:
    for c in view["creatures"]:
        if c["cell"] == cell["cell"]:
            mark = "*" if c["leader"] else ("'" if c["active"] else ",")
            text = f"{c['card'][:2]}{c['health']}{mark}"[:CELL_WIDTH - 1]
            return Text(text.ljust(CELL_WIDTH), style=SEAT_STYLE[c["owner"]])
    for p in view["players"]:
        for e in p["emanations"]:
            if e["cell"] == cell["cell"] and e["active"]:
                text = f"@{e['health']}".ljust(CELL_WIDTH - 1)
                return Text(text, style=SEAT_STYLE[p["seat"]] + " reverse").append(" ")
    style = "on grey23" if cell["cell"] in view["last"]["cells"] else "dim"
    return Text(_terrain(cell).ljust(CELL_WIDTH), style=style)


def board_text(view: dict[str, Any]) -> Text:
    """The hex battlefield, seat 1 on top; Creatures as name, Health and status mark."""
    rows: dict[int, list[dict[str, Any]]] = {}
    for cell in view["board"]:
        rows.setdefault(cell["row"], []).append(cell)
    out = Text()
    for r in sorted(rows):
        line = Text(" " * (CELL_WIDTH // 2) if rows[r][0]["x"] % 2 else "")
        for cell in sorted(rows[r], key=lambda c: c["x"]):
            line.append(_cell_text(cell, view))
        out.append(line)
        out.append("\n")
    return out


def player_panel(p: dict[str, Any], view: dict[str, Any]) -> Panel:
    table = Table.grid(padding=(0, 1))
    table.add_row("Energy", str(p["energy"]))
    table.add_row("Emanations", " ".join(str(e["health"]) for e in p["emanations"]))
    table.add_row("Deck / hand", f"{p['deck_size']} / {p['hand_size']}")
    if p["leader_arrow"] >= 0:
        table.add_row("Leader", f"defeated, arrow on {p['leader_arrow']}")
    if p["deck_top_known"]:
        table.add_row("Deck top", ", ".join(p["deck_top_known"]))
    if p["hand"] is not None:
        table.add_row("Hand", ", ".join(p["hand"]) or "-")
    title = f"seat {p['seat']}: {p['leader']} ({p['element']})"
    return Panel(table, title=title, border_style=SEAT_STYLE[p["seat"]].split()[-1])


def creature_table(view: dict[str, Any]) -> Table:
    table = Table("cell", "creature", "seat", "A/H", "status", "text", box=None, pad_edge=False)
    for c in view["creatures"]:
        marks = [m for m, on in (("active", c["active"]), (f"poisoned {c['poisoned']}", c["poisoned"]),
                                 (f"reinforced {c['reinforced']}", c["reinforced"]),
                                 ("challenged", c["challenged_by"] >= 0)) if on]
        table.add_row(str(c["cell"]), c["card"], str(c["owner"]), f"{c['attack']}/{c['health']}",
                      ", ".join(marks), c["text"], style=SEAT_STYLE[c["owner"]].split()[-1])
    return table


def render(view: dict[str, Any]) -> RenderableType:
    """The battlefield, both players, the Creatures and the last move."""
    head = Text(f"Soul of Ankiril - turn {view['turn']}", style="bold")
    if view["is_over"]:
        winner = "a draw" if view["winner"] is None else f"seat {view['winner']} wins"
        head.append(f" - game over: {winner} ({view['end_reason']})")
    parts: list[RenderableType] = [head, board_text(view)]
    parts += [player_panel(p, view) for p in view["players"]]
    parts.append(creature_table(view))
    if view["last"]["text"]:
        parts.append(Text(f"last move: {view['last']['text']}", style="italic"))
    if view["prompt"]:
        parts.append(Text(view["prompt"], style="bold"))
    return Group(*parts)
