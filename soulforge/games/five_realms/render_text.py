"""Terminal rendering of a Five Realms view (``soulforge play``): rich renderables only.

Takes a view (never a state), so it shows exactly what its viewer knows.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from soulforge.core.text import count

COLOURS = {
    "Reptile": "green", "Feline": "yellow", "Raptor": "red", "Ursid": "dark_orange3",
    "Marine": "blue", "Imperial": "magenta", "Religious": "white",
}
View = dict[str, Any]


def _card_text(card: dict[str, Any]) -> Text:
    banner = card["banner"]
    label = banner if card.get("character") is None else f"{banner}\n{card['character']}"
    return Text(label, style=COLOURS.get(banner, ""))


def _square(view: View) -> Table:
    """The 5x5 frame with the cards, the last placed spot marked with *."""
    frame = int(view["frame"])
    cells: dict[tuple[int, int], dict[str, Any]] = {(c["row"], c["col"]): c for c in view["square"]}
    placed = view["last_move"]["placed"]
    mark = (placed["row"], placed["col"]) if placed else None
    grid = Table(show_header=True, show_lines=True, title="Alkane square")
    grid.add_column("")
    for col in range(frame):
        grid.add_column("abcde"[col], justify="center", min_width=9)
    for row in range(frame):
        line: list[RenderableType] = [str(row + 1)]
        for col in range(frame):
            card = cells.get((row, col))
            text = _card_text(card) if card else Text("·", style="dim")
            if mark == (row, col):
                text.append(" *", style="bold")
            line.append(text)
        grid.add_row(*line)
    return grid


def _player(view: View, player: dict[str, Any]) -> Panel:
    throne = player["throne_room"]
    lines = [
        f"castles: {player['castles']}   lines: {player['lines']}",
        f"throne room: {throne['realm']} ({'used' if throne['used'] else 'at ' + str(throne['threshold'])})",
        "council: " + (", ".join(c["character"] or "?" for c in player["council"]) or "-"),
        "titans: " + (", ".join(c["character"] or "?" for c in player["titans"]) or "-"),
        "columns: " + (", ".join(
            f"{col['realm']} {col['height']}" + (f" ({col['imperial']} imp.)" if col["imperial"] else "")
            for col in player["columns"] if col["height"]
        ) or "-"),
    ]
    seat = player["seat"]
    title = f"seat {seat}" + (" (you)" if view.get("viewer") == seat else "")
    style = "bold" if view.get("active_player") == seat and not view.get("is_over") else ""
    return Panel("\n".join(lines), title=title, border_style=style)


def render(view: View) -> RenderableType:
    """The square, both players' areas, the deck and what is being decided."""
    deck = view["deck"]
    status = f"deck: {count(deck['size'], 'card')}, top banner: {deck['top_banner'] or '-'}"
    status += f"   discard: {len(view['discard'])}"
    pending = view.get("pending") or {}
    parts: list[RenderableType] = [_square(view), Text(status)]
    parts += [_player(view, p) for p in view["players"]]
    if pending.get("collected"):
        parts.append(Text("collected: " + ", ".join(
            c["character"] or c["banner"] for c in pending["collected"]
        )))
    if view.get("is_over"):
        winner = view.get("winner")
        result = "a draw" if winner is None else f"seat {winner} wins"
        parts.append(Text(f"game over: {result}", style="bold"))
    else:
        parts.append(Text(f"to play: {view['prompt']}", style="bold"))
    return Group(*parts)
