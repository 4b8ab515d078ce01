"""Turning views into rich renderables: the game's own renderer, or a generic one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from soulforge.core import Action, State
from soulforge.games import game_module

COMMON_KEYS = frozenset({
    "game", "options", "viewer", "num_players", "move_number",
    "current_player", "prompt", "is_over", "returns",
})
"""Keys every view carries (shown in headers, not in the generic body)."""


def generic_view(view: dict[str, Any]) -> RenderableType:
    """A plain key/value rendering of a view, for games without ``render_text``."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for key, value in view.items():
        if key not in COMMON_KEYS:
            table.add_row(Text(str(key)), Pretty(value))
    return Panel(table, title=Text(str(view.get("game", "view"))), expand=False)


def render_view(game_id: str, view: dict[str, Any]) -> RenderableType:
    """The game's ``render_text.render(view)``, or :func:`generic_view` if there is none.

    A renderer that fails is reported in one line above the generic view (play goes on).
    """
    module = game_module(game_id, "render_text")
    render = getattr(module, "render", None) if module is not None else None
    if render is None:
        return generic_view(view)
    try:
        rendered: RenderableType = render(view)
        return rendered
    except Exception as err:
        note = Text(f"(the {game_id} renderer failed: {type(err).__name__}: {err}; raw view below)", "red")
        return Group(note, generic_view(view))


def action_list(actions: Sequence[Action], state: State | None = None) -> RenderableType:
    """The legal actions numbered from 1, labelled as ``state`` describes them in its
    position (``State.describe``), else by ``str(action)``."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan")
    table.add_column()
    for number, action in enumerate(actions, 1):
        table.add_row(f"{number}.", Text(state.describe(action) if state is not None else str(action)))
    return table


def log_lines(lines: Sequence[str]) -> RenderableType:
    """New log lines, dimmed and marked."""
    return Group(*(Text.assemble(("  » ", "dim"), (line, "italic")) for line in lines))


def result_text(returns: Sequence[float], humans: Sequence[int], winner: int | None) -> Text:
    """The outcome in words: from the single human's side if there is one.

    >>> str(result_text([1.0, -1.0], [0], 0)), str(result_text([0.0, 0.0], [0, 1], None))
    ('You win! (returns: 1, -1)', 'Draw. (returns: 0, 0)')
    """
    scores = ", ".join(f"{r:g}" for r in returns)
    if winner is None:
        words = "Draw."
    elif len(humans) == 1:
        words = "You win!" if winner == humans[0] else f"You lose: seat {winner} wins."
    else:
        words = f"Seat {winner} wins!"
    return Text(f"{words} (returns: {scores})", style="bold")
