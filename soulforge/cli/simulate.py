"""``soulforge simulate`` and ``soulforge report``: thin layers over :mod:`soulforge.sim`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import TaskID
from rich.table import Table
from rich.text import Text

from soulforge.cli.common import (
    FAILURE,
    INTERRUPTED,
    USAGE,
    console,
    fail,
    load_game,
    output_file,
    path_is_dir,
    read_text,
)
from soulforge.cli.progress import RunProgress, run_progress
from soulforge.core.data import parse_override
from soulforge.sim.runner import BACKENDS, ResultRow, SimConfig, SimulationError, simulate
from soulforge.sim.stats import Proportion, Summary, summarize
from soulforge.sim.storage import is_parquet


def _rate(p: Proportion) -> str:
    """``55.0%``."""
    return f"{100 * p.rate:.1f}%"


def _ci(p: Proportion) -> str:
    """``45.2-64.4%``."""
    return f"{100 * p.low:.1f}-{100 * p.high:.1f}%"


def summary_table(summary: Summary) -> Table:
    """The end-of-run table: per-agent win rate with 95% Wilson CI, draws, seats, length."""
    fair = 100 / max(1, summary.num_seats)
    caption = f"seat rows: wins among decisive games (no seat advantage: {fair:.0f}% each)"
    if summary.deals.deals:
        caption += f"\n{summary.deals.describe()}"
    table = Table(
        title=f"{summary.games} games · {summary.draws} draws · mean length {summary.mean_length:.1f} moves",
        caption=caption,
    )
    for column in ("agent", "games", "wins", "draws", "losses", "win rate", "95% CI"):
        table.add_column(column, justify="left" if column == "agent" else "right", overflow="fold")
    for agent in summary.agents:
        table.add_row(Text(agent.label), str(agent.games), str(agent.wins), str(agent.draws),
                      str(agent.losses), _rate(agent.win_rate), _ci(agent.win_rate))
    table.add_section()
    for seat, wins in enumerate(summary.seat_wins):
        name = "first seat" if seat == 0 else f"seat {seat}"
        table.add_row(name, str(wins.trials), str(wins.successes), "", "", _rate(wins), _ci(wins))
    if summary.starter.trials:
        start = summary.starter
        table.add_row("starting player", str(start.trials), str(start.successes), "", "",
                      _rate(start), _ci(start))
    return table


def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id (put it before --agents).")],
    agents: Annotated[
        list[str], typer.Option("--agents", "-a", help="Agent specs, one per seat: --agents ismcts random.")
    ],
    games: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 100,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed of game 0 (game i uses seed+i).")] = 0,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Results file: JSON lines, or Apache Parquet for a name ending .parquet.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", help="Game option name=value.")] = None,
    backend: Annotated[str, typer.Option("--backend", help=f"One of {', '.join(BACKENDS)}.")] = "processes",
    paired: Annotated[bool, typer.Option(
        "--paired", help="Play each seed from every seat (game i uses seed+i//agents): "
        "a deal only skill can win from every seat.")] = False,
    address: Annotated[str | None, typer.Option(
        "--address", help="With --backend ray: join this Ray cluster ('auto': the one `ray start` "
        "began here; or host:port of its head).")] = None,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="Override an authored number or card field: GAME.FILE.ENTRY.FIELD=VALUE, "
        "e.g. soul_of_ankiril.cards.Shekun.attack=3 (recorded in every row).")] = None,
    parquet_batch: Annotated[int, typer.Option(
        "--parquet-batch", help="With --out X.parquet: games per part file (row group).", min=1)] = 64,
    set_file: Annotated[Path | None, typer.Option(
        "--set-file", help="A file of overrides: one GAME.FILE.ENTRY.FIELD=VALUE a line.")] = None,
) -> None:
    """Play many AI-vs-AI games (seats swapped game by game); results appended as JSON lines."""
    table = load_game(game, option)
    if backend not in BACKENDS:
        fail(f"unknown backend {backend!r}; known backends: {list(BACKENDS)}", USAGE)
    if address is not None and backend != "ray":
        fail("--address joins a Ray cluster: use it with --backend ray", USAGE)
    path = _results_path(out or Path(f"{game}-results.jsonl"))
    config = SimConfig(game, tuple(agents), games, seed, dict(table.options), paired,
                       read_overrides(set_, set_file))
    screen = console()
    with run_progress(screen) as progress:
        task = progress.add_task(f"{game}: {' vs '.join(agents)}", total=games)
        rows = _run(config, path, workers, backend, progress, task, address, parquet_batch)
    screen.print(Text(f"{len(rows)} games in {path}", style="green"))
    screen.print(summary_table(summarize(rows)))


def read_overrides(sets: list[str] | None, file: Path | None) -> dict[str, Any]:
    """The ``--set`` overrides and those of ``--set-file`` (the command line wins); exit 2
    with one line on a malformed one."""
    lines = []
    if file is not None:
        text = read_text(file, "an override file")
        lines = [line.split("#")[0].strip() for line in text.splitlines()]
    try:
        return dict(parse_override(line) for line in [*filter(None, lines), *(sets or [])])
    except ValueError as err:
        fail(str(err), USAGE)


def _results_path(path: Path) -> Path:
    """The results file to append to (a Parquet results folder may exist already)."""
    if is_parquet(path) and path_is_dir(path):
        return path
    return output_file(path, "--out")


def _run(
    config: SimConfig, path: Path, workers: int, backend: str, progress: RunProgress, task: TaskID,
    address: str | None = None,
    batch: int = 64,
) -> list[ResultRow]:
    """Run the simulation with clean errors: exit 2 for bad input, 1 for a failure, 130 on Ctrl-C."""
    def on_start(done: int, total: int) -> None:
        progress.reset(task, total=total, completed=done)  # resumed games do not count in the speed

    def on_result(_: ResultRow) -> None:
        progress.advance(task)

    try:
        return simulate(config, path, workers, backend, on_start, on_result, address, batch)
    except KeyboardInterrupt:
        progress.stop()
        console().print(Text(f"Interrupted: finished games are in {path}; "
                             "run the same command again to resume.", style="yellow"))
        raise typer.Exit(INTERRUPTED) from None
    except SimulationError as err:
        progress.stop()
        fail(str(err), FAILURE)
    except ValueError as err:
        progress.stop()
        fail(str(err), USAGE)


def report(
    results: Annotated[Path, typer.Argument(help="Results written by simulate (JSON lines or Parquet).")],
    compare: Annotated[Path | None, typer.Option(
        "--compare", help="A second results file (A/B): paired on seed and seating where the two "
        "runs played the same games (McNemar), else unpaired.")] = None,
    out: Annotated[Path, typer.Option("--out", help="HTML file to write.")] = Path("report.html"),
) -> None:
    """Write an HTML report with plots: win rates, first-seat advantage, game length, A/B."""
    from soulforge.sim.report import write_report

    try:
        path = write_report(results, out, compare)
    except SimulationError as err:  # a file that is not results
        fail(str(err), USAGE)
    except ValueError as err:
        fail(str(err), USAGE)
    except OSError as err:
        fail(f"{out}: cannot write: {err.strerror or err}")
    console().print(Text(f"Report written to {path}", style="green"))
