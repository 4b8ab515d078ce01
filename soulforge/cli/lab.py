"""The balance lab's commands: ``soulforge cards`` (and the sweeps, ablations and ladders)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from soulforge.cli.common import FAILURE, USAGE, console, fail
from soulforge.sim.cards import MEASURES, CardStats, card_stats, sort_cards
from soulforge.sim.runner import ResultRow, SimulationError, load_results
from soulforge.sim.stats import Proportion

HEADERS = {"in_deck": "in deck", "in_hand": "in hand", "opening": "opening", "drawn": "drawn",
           "not_drawn": "not drawn", "played": "played"}


def _cell(p: Proportion) -> str:
    """``55.0% ±9 (120)``: rate, half the 95% interval's width, count."""
    if not p.trials:
        return "-"
    return f"{100 * p.rate:.1f}% ±{50 * (p.high - p.low):.0f} ({p.trials})"


def cards_table(stats: list[CardStats], title: str) -> Table:
    """The 17lands-style table: one row per card, each rate with its interval and count."""
    table = Table(title=title, caption="win rate ±half the 95% Wilson interval (games); "
                  "improvement = in hand - not drawn, with Newcombe's 95% interval")
    table.add_column("card", overflow="fold")
    table.add_column("deck")
    for name in MEASURES:
        table.add_column(HEADERS[name], justify="right")
    table.add_column("improvement", justify="right")
    for s in stats:
        improvement = (f"{100 * s.improvement:+.1f} [{100 * s.improvement_low:+.0f}, "
                       f"{100 * s.improvement_high:+.0f}]") if s.has_improvement else "-"
        table.add_row(Text(s.card), Text(", ".join(s.decks)), *(_cell(s.measure(m)) for m in MEASURES),
                      improvement)
    return table


def _rows(results: Path) -> list[ResultRow]:
    """The rows of a results file, or exit with one line."""
    try:
        rows = load_results(results)
    except SimulationError as err:
        fail(str(err), FAILURE)
    if not rows:
        fail(f"{results}: no results (missing or empty file)", USAGE)
    return rows


def cards(
    results: Annotated[Path, typer.Argument(help="Results written by simulate (JSON lines or Parquet).")],
    sort: Annotated[str, typer.Option(
        "--sort", help=f"Sort by one of {', '.join(MEASURES)} or improvement.")] = "in_hand",
    minimum: Annotated[int, typer.Option("--min", help="Leave out cards with fewer games.")] = 0,
    top: Annotated[int, typer.Option("--top", help="Show only the first N cards (0: all).")] = 0,
) -> None:
    """Per-card statistics: games in deck, in hand, opening hand, drawn, not drawn, played."""
    if sort not in (*MEASURES, "improvement"):
        fail(f"--sort must be one of {[*MEASURES, 'improvement']}, got {sort!r}", USAGE)
    rows = _rows(results)
    stats = sort_cards(card_stats(rows), sort, minimum)
    if not stats:
        fail(f"{results}: no card statistics (the rows carry no summary, or --min leaves none)", USAGE)
    shown = stats[:top] if top > 0 else stats
    console().print(cards_table(shown, f"{len(rows)} games · {len(stats)} cards · sorted by {sort}"))
