"""The balance lab's commands: ``soulforge cards`` (and the sweeps, ablations and ladders)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from soulforge.cli.common import FAILURE, USAGE, console, fail, load_game, output_folder
from soulforge.cli.progress import RunProgress, run_progress
from soulforge.sim.ablate import Ablation, run_ablation
from soulforge.sim.cards import MEASURES, MIN_GAMES, CardStats, card_stats, records_opening, sort_cards
from soulforge.sim.decks import legal_replacements
from soulforge.sim.ladder import HeadToHead, Rating, head_to_head, ladder, level_verdict, play_round_robin
from soulforge.sim.runner import BACKENDS, OnResult, ResultRow, SimConfig, SimulationError, load_results
from soulforge.sim.stats import Proportion, format_p
from soulforge.sim.sweep import (
    BALANCE_MEASURES,
    OnStart,
    SweepPoint,
    describe_measure,
    parse_sweep,
    run_sweep,
    verdict,
)
from soulforge.sim.sweep import MEASURES as SWEEP_MEASURES

HEADERS = {"in_deck": "in deck", "in_hand": "in hand", "opening": "opening", "drawn": "drawn",
           "not_drawn": "not drawn", "played": "played"}


def _cell(p: Proportion, minimum: int = 0) -> Text:
    """``55.0% ±9 (120)``: rate, half the 95% interval's width, count; dim below ``minimum``."""
    if not p.trials:
        return Text("-")
    return Text(f"{100 * p.rate:.1f}% ±{50 * (p.high - p.low):.0f} ({p.trials})",
                style="dim" if p.trials < minimum else "")


def _improvement(s: CardStats, minimum: int) -> Text:
    """The improvement with its interval; dim and said so when the games cannot tell."""
    if not s.has_improvement:
        return Text("-")
    text = f"{100 * s.improvement:+.1f} [{100 * s.improvement_low:+.0f}, {100 * s.improvement_high:+.0f}]"
    if s.improvement_games < minimum:
        return Text(text + " too few", style="dim")
    if not s.improvement_bound:
        return Text(text + " ?", style="dim")
    return Text(text)


def cards_table(stats: list[CardStats], title: str, minimum: int = 0) -> Table:
    """The 17lands-style table: one row per card, each rate with its interval and count, games
    in hand first (the opening hand left out where no summary records one)."""
    measures = [m for m in MEASURES if m != "opening" or records_opening(stats)]
    caption = ("win rate ±half the 95% Wilson interval (games), ranked by the interval's lower end; "
               "improvement = in hand - not drawn, with Newcombe's 95% interval (?: it holds 0)")
    if minimum:
        caption += f"; dim: under {minimum} games"
    if not records_opening(stats):
        caption += "; no opening hand recorded (counted as drawn)"
    table = Table(title=title, caption=caption)
    table.add_column("card", overflow="fold")
    table.add_column("deck")
    for name in measures:
        table.add_column(HEADERS[name], justify="right")
    table.add_column("improvement", justify="right")
    for s in stats:
        cells = [_cell(s.measure(m), minimum) for m in measures]
        table.add_row(Text(s.card), Text(", ".join(s.decks)), *cells, _improvement(s, minimum))
    return table


def _rows(results: Path) -> list[ResultRow]:
    """The rows of a results file, or exit with one line."""
    try:
        rows = load_results(results)
    except SimulationError as err:  # a file that is not results: a bad argument, like a bad record
        fail(str(err), USAGE)
    except OSError as err:  # a name no file can have (too long): a bad argument too
        fail(f"{str(results)[:80]}: not a results file ({err.strerror})", USAGE)
    if not rows:
        fail(f"{results}: no results (missing or empty file)", USAGE)
    return rows


def cards(
    results: Annotated[Path, typer.Argument(help="Results written by simulate (JSON lines or Parquet).")],
    sort: Annotated[str, typer.Option(
        "--sort", help=f"Rank by one of {', '.join(MEASURES)} or improvement (by the lower end of "
        "its 95% interval).")] = "in_hand",
    minimum: Annotated[int, typer.Option("--min", help="Leave out cards with fewer games of the "
                                         "sorted measure (0: list every card).")] = MIN_GAMES,
    top: Annotated[int, typer.Option("--top", help="Show only the first N cards (0: all).")] = 0,
    agent: Annotated[str | None, typer.Option(
        "--agent", help="Count only the seats this agent (its label in the results) played.")] = None,
) -> None:
    """Per-card statistics: games in hand (17lands' GIH), opening hand, drawn, not drawn,
    played, in deck; ranked by the lower end of the 95% interval."""
    if sort not in (*MEASURES, "improvement"):
        fail(f"--sort must be one of {[*MEASURES, 'improvement']}, got {sort!r}", USAGE)
    rows = _rows(results)
    every = card_stats(rows, agent=agent)
    if not every:
        fail(f"{results}: no card statistics (the rows carry no summary)", USAGE)
    stats = sort_cards(every, sort, minimum)
    if not stats:
        most = max(s.improvement_games if sort == "improvement" else s.measure(sort).trials for s in every)
        console().print(Text(f"{len(rows)} games: no card has {minimum} games of {sort} (the most: {most}); "
                             "too few to tell. --min 0 lists them anyway.", style="yellow"))
        return
    shown = stats[:top] if top > 0 else stats
    who = f" · seats of {agent}" if agent else ""
    left = len(every) - len(stats)
    title = f"{len(rows)} games{who} · {len(stats)} cards · ranked by {sort}"
    if left:
        title += f" · {left} with under {minimum} games left out"
    console().print(cards_table(shown, title, minimum))


def _bar(screen: Console) -> RunProgress:
    """``simulate``'s progress: a bar on a terminal, periodic lines in a log."""
    return run_progress(screen)


def sweep_table(points: list[SweepPoint], key: str, what: str) -> Table:
    """One row per swept value: games, the measure and its 95% interval, and the paired
    difference from the baseline value with its interval and McNemar p."""
    baseline = next((p.value for p in points if p.versus is None), None)
    table = Table(title=f"sweep of {key}: {what}",
                  caption=f"vs {key}={baseline}: the same games, this value minus the baseline in points "
                  "(Newcombe's paired 95% interval); p: exact McNemar")
    for column in (key, "games", "rate", "95% CI", f"vs {baseline}", "p"):
        table.add_column(column, justify="right")
    for p in points:
        c = p.versus
        diff = ("baseline" if c is None else
                f"{100 * c.difference:+.1f} [{100 * c.low:+.1f}, {100 * c.high:+.1f}]" if c.pairs else "-")
        table.add_row(str(p.value), str(p.games), f"{100 * p.rate.rate:.1f}%",
                      f"{100 * p.rate.low:.1f}-{100 * p.rate.high:.1f}%", diff,
                      "" if c is None or not c.pairs else format_p(c.p_value).lstrip("= "))
    return table


def sweep(
    game: Annotated[str, typer.Argument(help="Game id (put it before --agents).")],
    agents: Annotated[list[str], typer.Option("--agents", "-a", help="Agent specs, one per seat.")],
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="GAME.FILE.ENTRY.FIELD=LOW..HIGH[:STEP] (swept) or =VALUE (fixed).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="Game option name=a,b,... (swept) or name=value (fixed).")] = None,
    games: Annotated[int, typer.Option("-n", "--games", help="Games per value (paired: each seed "
                                       "from every seat).")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal.")] = 0,
    measure: Annotated[str, typer.Option(
        "--measure", help=f"One of {', '.join(SWEEP_MEASURES)}: the first agent's win rate, the "
        "starting player's, seat 0's.")] = "agent",
    out: Annotated[Path, typer.Option("--out", help="Folder of results (one file per value) and "
                                      "sweep.html.")] = Path("sweep"),
    baseline: Annotated[str | None, typer.Option(
        "--baseline", help="The value every other is compared with, paired (default: the first).")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help=f"One of {', '.join(BACKENDS)}.")] = "processes",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster to join.")] = None,
) -> None:
    """Play one authored number or rule option over a range, every value on the same paired
    seeds; plot the measure against the value, each value against the baseline (paired)."""
    try:
        swept, fixed_sets, fixed_options = parse_sweep(set_ or [], option or [])
    except ValueError as err:
        fail(str(err), USAGE)
    chosen = swept.values[0]
    if baseline is not None:
        chosen = next((v for v in swept.values if str(v) == baseline.strip()), None)
        if chosen is None:
            fail(f"--baseline {baseline!r} is not a swept value: {', '.join(map(str, swept.values))}", USAGE)
    table = load_game(game, [f"{k}={v}" for k, v in fixed_options.items()])
    output_folder(out, "--out")
    base = SimConfig(game, tuple(agents), games, seed, dict(table.options), True, fixed_sets)
    screen = console()
    try:
        with _bar(screen) as progress:
            def on_value(value: object) -> tuple[OnStart, OnResult]:
                task = progress.add_task(f"{swept.key}={value}", total=games)
                return (lambda done, total: progress.reset(task, total=total, completed=done),
                        lambda _row: progress.advance(task))

            points = run_sweep(base, swept, out, measure, workers, backend, on_value, address, chosen)
    except (ValueError, SimulationError) as err:
        fail(str(err), USAGE if isinstance(err, ValueError) else FAILURE)
    what = describe_measure(measure, base.labels[0])
    screen.print(sweep_table(points, swept.key, what))
    lines = verdict(points, swept.key, measure, base.labels[0])
    for line in lines:
        screen.print(Text(line, style="bold"))
    page = out / "sweep.html"
    setup = f"{game}: {' vs '.join(agents)}, {games} games per value from seed {seed}"
    from soulforge.sim.report import render_sweep  # matplotlib: only for the page

    page.write_text(render_sweep(points, swept.key, what, setup, lines, measure in BALANCE_MEASURES),
                    encoding="utf-8")
    screen.print(Text(f"Sweep report written to {page}", style="green"))


def ladder_table(ratings: list[Rating], title: str) -> Table:
    """Agents best first: Elo, its 95% interval, games and score."""
    table = Table(title=title, caption="Elo: Bradley-Terry fit, mean 1500; 95% bootstrap interval")
    for column in ("agent", "Elo", "95% CI", "games", "score"):
        table.add_column(column, justify="left" if column == "agent" else "right", overflow="fold")
    for r in ratings:
        table.add_row(Text(r.agent), f"{r.elo:.0f}", f"{r.low:.0f}-{r.high:.0f}", str(r.games),
                      f"{100 * r.score:.1f}%")
    return table


def head_to_head_table(ratings: list[Rating], records: dict[tuple[str, str], HeadToHead]) -> Table:
    """The row agent's wins-losses(-draws) against each column agent."""
    agents = [r.agent for r in ratings]
    table = Table(title="head to head", caption="row's wins-losses(-draws) against the column")
    table.add_column("agent", overflow="fold")
    for agent in agents:
        table.add_column(agent, justify="right", overflow="fold")
    for a in agents:
        cells = []
        for b in agents:
            record = records.get((a, b))
            cells.append("" if record is None else
                         f"{record.wins}-{record.losses}" + (f"-{record.draws}" if record.draws else ""))
        table.add_row(Text(a), *cells)
    return table


def ladder_command(
    game: Annotated[str, typer.Argument(help="Game id (put it before --agents).")],
    agents: Annotated[list[str], typer.Option(
        "--agents", "-a", help="Agent specs or levels: --agents random easy normal hard.")],
    games: Annotated[int, typer.Option("-n", "--games", help="Games per pair (paired seeds).")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", help="Game option name=value.")] = None,
    out: Annotated[Path, typer.Option("--out", help="Folder of results (one file per pair) and "
                                      "ladder.html.")] = Path("ladder"),
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help=f"One of {', '.join(BACKENDS)}.")] = "processes",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster to join.")] = None,
) -> None:
    """A round robin of agents: Elo ratings with 95% intervals and the head-to-head matrix,
    printed and plotted; says whether the levels easy, normal and hard are ordered (only when
    each adjacent pair's intervals separate)."""
    table = load_game(game, option)
    output_folder(out, "--out")
    screen = console()
    try:
        with _bar(screen) as progress:
            def on_pair(a: str, b: str) -> tuple[OnStart, OnResult]:
                task = progress.add_task(f"{a} vs {b}", total=games)
                return (lambda done, total: progress.reset(task, total=total, completed=done),
                        lambda _row: progress.advance(task))

            rows = play_round_robin(game, agents, games, seed, out, dict(table.options), workers, backend,
                                    on_pair, address)
    except (ValueError, SimulationError) as err:
        fail(str(err), USAGE if isinstance(err, ValueError) else FAILURE)
    ratings = ladder(rows)
    records = head_to_head(rows)
    screen.print(ladder_table(ratings, f"{game}: {len(rows)} games"))
    screen.print(head_to_head_table(ratings, records))
    levels = [level for level in ("easy", "normal", "hard") if level in agents]
    verdict = level_verdict(ratings, levels, records) if len(levels) > 1 else None
    if verdict is not None:
        style = {"ordered": "green", "NOT ordered": "red"}.get(verdict.word, "yellow")
        screen.print(Text(f"levels {' < '.join(levels)}: {verdict.word}", style=style))
        for step in verdict.steps:
            screen.print(Text(f"  {step}"))
    page = out / "ladder.html"
    from soulforge.sim.report import render_ladder  # matplotlib: only for the page

    page.write_text(render_ladder(ratings, f"{game}: {', '.join(agents)}; {games} games per pair",
                                  records, verdict), encoding="utf-8")
    screen.print(Text(f"Ladder report written to {page}", style="green"))


def ablate(
    game: Annotated[str, typer.Argument(help="Game id (put it before --agents).")],
    agents: Annotated[list[str], typer.Option("--agents", "-a", help="Agent specs, one per seat.")],
    card: Annotated[str, typer.Option("--card", help="The card to take out of every deck holding it "
                                      "(as `soulforge cards` names it: Kipukas by card id).")],
    replacement: Annotated[str | None, typer.Option(
        "--with", help="The card put in its place (the deck must stay legal; default: the first "
        "legal card of the decks holding it, else of the game's other decks).")] = None,
    games: Annotated[int, typer.Option("-n", "--games", help="Games per run (paired seeds).")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", help="Game option name=value.")] = None,
    out: Annotated[Path, typer.Option("--out", help="Folder of the two runs' results.")] = Path("ablate"),
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help=f"One of {', '.join(BACKENDS)}.")] = "processes",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster to join.")] = None,
) -> None:
    """The same deals with one card replaced: the card's effect on its deck's win rate, with
    a paired sign test."""
    table = load_game(game, option)
    output_folder(out, "--out")
    base = SimConfig(game, tuple(agents), games, seed, dict(table.options), True)
    screen = console()
    if replacement is None:
        try:
            legal = legal_replacements(table, card, limit=1)
        except ValueError as err:
            fail(str(err), USAGE)
        if not legal:
            fail(f"no card of {game}'s decks may take the place of {card!r}: name one with --with", USAGE)
        replacement = legal[0]
        screen.print(Text(f"{card} replaced by {replacement}: the first legal card (--with chooses)"))
    try:
        with _bar(screen) as progress:
            def on_run(name: str) -> tuple[OnStart, OnResult]:
                task = progress.add_task(name, total=games)
                return (lambda done, total: progress.reset(task, total=total, completed=done),
                        lambda _row: progress.advance(task))

            result = run_ablation(base, card, replacement, out, workers, backend, on_run, address)
    except (ValueError, SimulationError) as err:
        fail(str(err), USAGE if isinstance(err, ValueError) else FAILURE)
    screen.print(ablation_table(result))


def ablation_table(result: Ablation) -> Table:
    """With and without the card: win rates, the effect, the paired sign test."""
    table = Table(title=f"{result.card} replaced by {result.replacement}: the same deals",
                  caption="seat-games of the decks that held the card; effect with Newcombe's 95% "
                          "interval; p: exact sign test of the games that changed")
    for column in ("deck", "games", "wins", "win rate", "95% CI"):
        table.add_column(column, justify="left" if column == "deck" else "right")
    runs = ((f"with {result.card}", result.with_card), (f"with {result.replacement}", result.without))
    for name, p in runs:
        table.add_row(Text(name), str(p.trials), str(p.successes), f"{100 * p.rate:.1f}%",
                      f"{100 * p.low:.1f}-{100 * p.high:.1f}%")
    table.add_section()
    table.add_row("effect of the card", "", "", f"{100 * result.effect:+.1f} pts",
                  f"{100 * result.low:+.1f} to {100 * result.high:+.1f}")
    table.add_row(f"games won only with {result.card} / only without", "", "",
                  f"{result.better} / {result.worse}", f"p {format_p(result.p_value)}")
    return table
