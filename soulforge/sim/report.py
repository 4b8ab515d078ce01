"""HTML reports of simulation results, with matplotlib plots embedded as base64 PNG."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from soulforge.sim.cards import (
    MEASURES,
    MIN_GAMES,
    CardStats,
    Matchup,
    agents_of,
    card_stats,
    end_facts,
    matchups,
    records_opening,
    sort_cards,
)
from soulforge.sim.ladder import HeadToHead, LevelVerdict, Rating
from soulforge.sim.runner import ResultRow, load_results
from soulforge.sim.stats import Comparison, DealStats, Proportion, Summary, compare_rows, summarize
from soulforge.sim.sweep import SweepPoint

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
.note { color: #666; font-size: .9rem; }
table.sortable th { cursor: pointer; }
td.few { color: #999; }
"""

SORT_SCRIPT = """
for (const table of document.querySelectorAll("table.sortable")) {
  table.querySelectorAll("th").forEach((th, column) => th.addEventListener("click", () => {
    const rows = Array.from(table.tBodies[0].rows).slice(1);
    const key = (row) => { const cell = row.cells[column];
      return cell.dataset.v !== undefined ? parseFloat(cell.dataset.v) : cell.textContent; };
    const down = th.dataset.down !== "1"; th.dataset.down = down ? "1" : "0";
    rows.sort((a, b) => { const x = key(a), y = key(b);
      const order = typeof x === "number" ? x - y : String(x).localeCompare(String(y));
      return down ? -order : order; });
    rows.forEach((row) => table.tBodies[0].appendChild(row));
  }));
}
"""
"""Click a header of a ``sortable`` table to sort by it (again: the other way)."""

HEADERS = {"in_deck": "in deck", "in_hand": "in hand (opening or drawn)", "opening": "opening hand",
           "drawn": "drawn", "not_drawn": "not drawn", "played": "played"}


def _png(figure: Figure) -> str:
    """The figure as an ``<img>`` tag with an embedded base64 PNG."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _proportion_plot(title: str, names: Sequence[str], values: Sequence[Proportion], baseline: float) -> str:
    """Bars of proportions with their confidence intervals and a dashed baseline."""
    figure = Figure(figsize=(6, 3))
    axes = figure.subplots()
    rates = [v.rate for v in values]
    below = [v.rate - v.low for v in values]
    above = [v.high - v.rate for v in values]
    axes.bar(list(names), rates, yerr=[below, above], capsize=6, color="#4c72b0")
    axes.axhline(baseline, linestyle="--", color="#888")
    axes.set_ylim(0, 1)
    axes.set_ylabel("rate (95% CI)")
    axes.set_title(title)
    return _png(figure)


def _length_plot(lengths: Sequence[int]) -> str:
    """Histogram of game lengths in moves."""
    figure = Figure(figsize=(6, 3))
    axes = figure.subplots()
    axes.hist(list(lengths), bins=min(30, max(1, len(set(lengths)))), color="#55a868")
    axes.set_xlabel("moves")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    return _png(figure)


def _comparison_plot(rows: Sequence[Comparison]) -> str:
    """Differences A - B with their confidence intervals."""
    figure = Figure(figsize=(6, 0.6 + 0.5 * len(rows)))
    axes = figure.subplots()
    names = [row.name for row in rows]
    diffs = [row.difference for row in rows]
    errors = [[d - row.low for d, row in zip(diffs, rows, strict=True)],
              [row.high - d for d, row in zip(diffs, rows, strict=True)]]
    axes.errorbar(diffs, names, xerr=errors, fmt="o", capsize=5)
    axes.axvline(0, linestyle="--", color="#888")
    axes.set_xlim(-1, 1)
    axes.set_xlabel("A - B (95% CI)")
    return _png(figure)


def _pct(value: float) -> str:
    """``0.5`` -> ``50.0%``."""
    return f"{100 * value:.1f}%"


def _interval(p: Proportion) -> str:
    """``50.0% [23.7%, 76.3%]``."""
    return f"{_pct(p.rate)} [{_pct(p.low)}, {_pct(p.high)}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An HTML table, every cell escaped."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def summary_section(title: str, summary: Summary) -> str:
    """The tables and plots of one result set."""
    if summary.games == 0:
        return f"<h2>{html.escape(title)}</h2><p>No games.</p>"
    agents = _table(
        ["agent", "games", "wins", "draws", "losses", "win rate [95% CI]"],
        [[a.label, a.games, a.wins, a.draws, a.losses, _interval(a.win_rate)] for a in summary.agents],
    )
    by_seat = [(f"seat {i}", p) for i, p in enumerate(summary.seat_wins)]
    if summary.starter.trials:
        by_seat.append(("starting player", summary.starter))
    seats = _table(
        ["seat", "wins", "decisive games", "win rate [95% CI]"],
        [[name, p.successes, p.trials, _interval(p)] for name, p in by_seat],
    )
    fair = 1 / max(1, summary.num_seats)
    parts = [
        f"<h2>{html.escape(title)}</h2>",
        f"<p>{summary.games} games, {summary.draws} draws, mean length {summary.mean_length:.1f} moves, "
        f"mean duration {summary.mean_duration:.3f} s.</p>",
        "<h3>Win rates</h3>", agents,
        _proportion_plot("Win rate per agent", [a.label for a in summary.agents],
                         [a.win_rate for a in summary.agents], fair),
        "<h3>Seat advantage</h3>",
        f'<p class="note">Wins per seat among decisive games; a fair game gives {_pct(fair)} each. '
        "The starting player is the seat that took the first turn, where the game draws it.</p>",
        seats,
        _proportion_plot("Win rate per seat", [name for name, _ in by_seat], [p for _, p in by_seat], fair),
        *_deal_parts(summary.deals),
        "<h3>Game length</h3>", _length_plot(summary.lengths),
    ]
    return "\n".join(parts)


def _deal_parts(deals: DealStats) -> list[str]:
    """The paired-deals paragraph (nothing for a run without paired deals)."""
    if not deals.deals:
        return []
    return [
        "<h3>Paired deals</h3>",
        '<p class="note">Each deal (seed) played once from every seat: a deal won from every '
        "seat shows skill, whatever the seat advantage.</p>",
        f"<p>{html.escape(deals.describe())}.</p>",
    ]


def _rate_cell(p: Proportion, minimum: int = 0) -> str:
    """A sortable cell: the rate, its interval and count (sorted by the interval's lower end);
    greyed, and said so, below ``minimum`` games."""
    if not p.trials:
        return '<td data-v="-1">-</td>'
    text = f"{_pct(p.rate)} [{_pct(p.low)}, {_pct(p.high)}] n={p.trials}"
    few = ' class="few" title="too few games to tell"' if p.trials < minimum else ""
    return f'<td data-v="{p.low:.6f}"{few}>{html.escape(text)}</td>'


def _card_row(s: CardStats, measures: Sequence[str], minimum: int = 0) -> str:
    """One card's row of the sortable card table."""
    if s.has_improvement:
        text = f"{100 * s.improvement:+.1f} [{100 * s.improvement_low:+.1f}, {100 * s.improvement_high:+.1f}]"
        if s.improvement_games < minimum:
            text += " (too few games)"
        elif not s.improvement_bound:
            text += " (cannot tell)"
        improvement = f'<td data-v="{s.improvement_low:.6f}">{html.escape(text)}</td>'
    else:
        improvement = '<td data-v="-2">-</td>'
    cells = "".join(_rate_cell(s.measure(m), minimum) for m in measures)
    return (f"<tr><td>{html.escape(s.card)}</td><td>{html.escape(', '.join(s.decks))}</td>"
            f"{cells}{improvement}</tr>")


def telling_cards(stats: Sequence[CardStats], minimum: int = MIN_GAMES, count: int = 15) -> list[CardStats]:
    """The cards the improvement plot shows: at least ``minimum`` games both in hand and not
    drawn, ranked by the smallest effect their interval allows (its end nearest 0), then by
    the observed improvement; never a card of a handful of games on top."""
    kept = [s for s in stats if s.has_improvement and s.improvement_games >= minimum]
    return sorted(kept, key=lambda s: (-abs(s.improvement_bound), -abs(s.improvement), s.card))[:count]


def _improvement_plot(stats: Sequence[CardStats], minimum: int = MIN_GAMES, count: int = 15) -> str:
    """The cards whose drawing changes the win rate most, with their intervals (those whose
    interval holds 0 in grey), or a sentence saying the games cannot tell."""
    shown = telling_cards(stats, minimum, count)
    if not shown:
        return (f'<p class="note">No card has {minimum} games both in hand and not drawn: too few '
                "to tell what drawing a card changes.</p>")
    figure = Figure(figsize=(6, 0.6 + 0.35 * max(1, len(shown))))
    axes = figure.subplots()
    for s in shown:
        value = 100 * s.improvement
        axes.errorbar([value], [s.card], xerr=[[value - 100 * s.improvement_low],
                                               [100 * s.improvement_high - value]],
                      fmt="o", capsize=4, color="#4c72b0" if s.improvement_bound else "#aaaaaa")
    axes.invert_yaxis()
    axes.axvline(0, linestyle="--", color="#888")
    axes.set_xlabel("improvement when drawn, points (95% CI; grey: holds 0)")
    axes.set_title(f"Cards that change the win rate most when drawn (n >= {minimum})")
    return _png(figure)


def _matchup_parts(cells: Sequence[Matchup]) -> list[str]:
    """The deck-vs-deck matrix (rows: the deck; columns: its opponent)."""
    if not cells:
        return []
    decks = sorted({m.deck for m in cells} | {m.against for m in cells})
    by_pair = {(m.deck, m.against): m.wins for m in cells}
    rows = [[deck, *(_interval(by_pair[(deck, other)]) + f" n={by_pair[(deck, other)].trials}"
                     if (deck, other) in by_pair else "-" for other in decks)] for deck in decks]
    return ["<h3>Deck against deck</h3>",
            '<p class="note">Win rate of the row\'s deck against the column\'s [95% CI], n games.</p>',
            _table(["deck \\ against", *decks], rows)]


def _end_parts(rows: Sequence[ResultRow]) -> list[str]:
    """How the games ended (each text end fact of the summaries, counted)."""
    facts = end_facts(rows)
    if not facts:
        return []
    counted = [[name, value, count] for name, values in facts.items() for value, count in values.items()]
    table = _table(["end fact", "value", "games"], counted)
    return ["<h3>How games ended</h3>", table]


def _card_table(stats: Sequence[CardStats], minimum: int) -> str:
    """The sortable card table, ranked by the lower end of the games-in-hand interval (the
    opening-hand column left out where no summary records an opening hand)."""
    measures = [m for m in MEASURES if m != "opening" or records_opening(stats)]
    header = "".join(f"<th>{html.escape(h)}</th>" for h in
                     ["card", "deck", *(HEADERS[m] for m in measures), "improvement when drawn"])
    ranked = sort_cards(stats, "in_hand") + [s for s in stats if not s.in_hand.trials]
    body = "".join(_card_row(s, measures, minimum) for s in dict.fromkeys(ranked))
    return f'<table class="sortable"><tbody><tr>{header}</tr>{body}</tbody></table>'


def _card_parts(rows: Sequence[ResultRow], minimum: int) -> list[str]:
    """The card tables and plots: one per agent when different agents played the seats (a
    strong agent's seats would lift every card it drew), else one."""
    agents = agents_of(rows)
    groups: list[tuple[str, str | None]] = ([(f"Cards of {agent}'s seats", agent) for agent in agents]
                                            if len(agents) > 1 else [("Cards", None)])
    parts = []
    for title, agent in groups:
        stats = card_stats(rows, agent=agent)
        if not stats:
            continue
        parts += [f"<h3>{html.escape(title)}</h3>", _card_table(stats, minimum),
                  _improvement_plot(stats, minimum)]
        if not records_opening(stats):
            parts.insert(-2, '<p class="note">This game\'s summaries record no opening hand: its '
                         "cards count as drawn.</p>")
    if not parts:
        return []
    note = ('<p class="note">Win rate of the seat that had the card, with the 95% Wilson interval and '
            "the number of games; games in hand (opening hand or drawn: 17lands' GIH WR) first. "
            f"Ranked by the interval's lower end, not the observed rate; below {minimum} games a "
            "cell is grey (too few to tell). Improvement when drawn = in hand minus not drawn, in "
            "points, with Newcombe's interval (\"cannot tell\" where it holds 0). Click a header "
            "to sort by the interval's lower end.</p>")
    return [parts[0], note, *parts[1:]]


def cards_section(rows: Sequence[ResultRow], minimum: int = MIN_GAMES) -> str:
    """Per-card statistics (sortable, per agent), the deck matchup matrix and the end facts;
    empty when the rows carry no card summary."""
    parts = _end_parts(rows) + _card_parts(rows, minimum) + _matchup_parts(matchups(rows))
    if not parts:
        return ""
    return "\n".join(["<h2>Cards, decks and endings</h2>", *parts])


def comparison_section(a: Sequence[ResultRow], b: Sequence[ResultRow]) -> str:
    """The A/B section: differences of win rates with their intervals and tests, paired on
    seed and seating where the two runs played the same games (``compare_rows``)."""
    rows = compare_rows(a, b)
    paired = bool(rows) and rows[0].paired
    table = _table(
        ["measure", "A", "B", "A - B", "95% CI", "only A / only B" if paired else "z", "p"],
        [[c.name, _interval(c.a), _interval(c.b), _pct(c.difference),
          f"[{_pct(c.low)}, {_pct(c.high)}]",
          f"{c.a_only} / {c.b_only}" if paired else f"{c.z:.2f}", f"{c.p_value:.4f}"] for c in rows],
    )
    if paired:
        note = (f"Paired: {rows[0].pairs} games of the same seed and seating in both runs (the others "
                "left out); each rate over those games (a draw is not a win). Difference with "
                "Newcombe's paired score interval; p from the exact McNemar test: the games the "
                "event happened in under A only against those under B only.")
    else:
        note = ("Unpaired (the runs share too few seeds and seatings to match their games): "
                "differences with Newcombe's score interval; p from a pooled two-proportion z test "
                "(two-sided).")
    return "\n".join([
        "<h2>A/B comparison</h2>",
        f'<p class="note">{html.escape(note)}</p>',
        table,
        _comparison_plot(rows),
    ])


def _describe(rows: Sequence[ResultRow]) -> str:
    """One line naming the game, options and agents of a result set."""
    if not rows:
        return "empty"
    first = rows[0]
    options = ", ".join(f"{k}={v}" for k, v in sorted(first.get("options", {}).items()))
    agents = " vs ".join(sorted(first.get("agents", [])))
    overrides = ", ".join(f"{k}={v}" for k, v in sorted((first.get("overrides") or {}).items()))
    return (f"{first.get('game', '?')}: {agents}" + (f" ({options})" if options else "")
            + (f" [--set {overrides}]" if overrides else ""))


def render_report(
    rows: Sequence[ResultRow], other: Sequence[ResultRow] | None = None, title: str = "Soulforge simulation"
) -> str:
    """The whole HTML page for ``rows`` (and an A/B section against ``other``)."""
    summary = summarize(rows)
    sections = [summary_section(f"A: {_describe(rows)}" if other is not None else _describe(rows), summary),
                cards_section(rows)]
    if other is not None:
        other_summary = summarize(other)
        sections.append(summary_section(f"B: {_describe(other)}", other_summary))
        sections.append(comparison_section(rows, other))
    body = "\n".join(sections)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>\n{body}\n<script>{SORT_SCRIPT}</script></body></html>\n"
    )


def write_report(results: str | Path, out: str | Path, compare_with: str | Path | None = None) -> Path:
    """Read result files, write the HTML report to ``out``; raises ValueError on an empty file."""
    rows = load_results(results)
    if not rows:
        raise ValueError(f"{results}: no results (missing or empty file)")
    other = None
    if compare_with is not None:
        other = load_results(compare_with)
        if not other:
            raise ValueError(f"{compare_with}: no results (missing or empty file)")
    path = Path(out)
    path.write_text(render_report(rows, other), encoding="utf-8")
    return path


# -- sweeps ------------------------------------------------------------------------------

def _integer_ticks(axes: Any, values: Sequence[Any]) -> None:
    """Whole-number ticks for an integer setting (no 3.25 castles)."""
    from matplotlib.ticker import MaxNLocator

    if len(values) <= 12:
        axes.set_xticks(list(values))
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))


def _sweep_plot(points: Sequence[SweepPoint], key: str, measure: str, balance: bool) -> str:
    """The sweep's figure as an embedded PNG."""
    return _png(sweep_figure(points, key, measure, balance))


def sweep_figure(points: Sequence[SweepPoint], key: str, measure: str, balance: bool) -> Figure:
    """The measure against the swept value, with 95% intervals (and the even line for a balance
    measure); below it, each value's paired difference from the baseline value."""
    compared = [p for p in points if p.versus is not None and p.versus.pairs]
    figure = Figure(figsize=(6, 5.6 if compared else 3.2))
    axes, *rest = figure.subplots(2 if compared else 1, 1, sharex=True, squeeze=False)[:, 0]
    numeric = all(isinstance(p.value, int | float) and not isinstance(p.value, bool) for p in points)
    integral = numeric and all(isinstance(p.value, int) for p in points)
    xs = [p.value if numeric else str(p.value) for p in points]
    rates = [p.rate.rate for p in points]
    errors = [[p.rate.rate - p.rate.low for p in points], [p.rate.high - p.rate.rate for p in points]]
    axes.errorbar(xs, rates, yerr=errors, fmt="o-", capsize=5)
    if balance:
        axes.axhline(0.5, linestyle="--", color="#888")
    axes.set_ylim(0, 1)
    axes.set_ylabel(f"{measure} (95% CI)", fontsize=8)
    if compared:
        lower = rest[0]
        dx = [p.value if numeric else str(p.value) for p in compared]
        diffs = [100 * p.versus.difference for p in compared if p.versus is not None]
        low = [100 * p.versus.low for p in compared if p.versus is not None]
        high = [100 * p.versus.high for p in compared if p.versus is not None]
        lower.errorbar(dx, diffs, yerr=[[d - lo for d, lo in zip(diffs, low, strict=True)],
                                        [hi - d for d, hi in zip(diffs, high, strict=True)]],
                       fmt="s", capsize=5, color="#c44e52")
        lower.axhline(0, linestyle="--", color="#888")
        lower.set_ylabel("minus baseline, points\n(paired 95% CI)", fontsize=8)
        lower.set_xlabel(key)
    else:
        axes.set_xlabel(key)
    if integral:
        _integer_ticks(axes, [p.value for p in points])
    return figure


def render_sweep(points: Sequence[SweepPoint], key: str, measure: str, setup: str,
                 lines: Sequence[str] = (), balance: bool = True) -> str:
    """The HTML page of a sweep: the verdict (``lines``, from ``sweep.verdict``), the plot and
    the table, each value with its paired difference from the baseline value."""
    baseline = next((p.value for p in points if p.versus is None), None)
    rows = []
    for p in points:
        c = p.versus
        paired = ("baseline" if c is None else
                  f"{100 * c.difference:+.1f} [{100 * c.low:+.1f}, {100 * c.high:+.1f}] "
                  f"({c.a_only} / {c.b_only}, p = {c.p_value:.4f})" if c.pairs else "no matched games")
        interval = f"[{_pct(p.rate.low)}, {_pct(p.rate.high)}]"
        rows.append([p.value, p.games, _pct(p.rate.rate), interval, paired])
    table = _table([key, "games", measure, "95% CI", f"minus {key} = {baseline} (paired)"], rows)
    body = "\n".join([
        f"<p>{html.escape(setup)}</p>",
        '<p class="note">Every value played on the same paired seeds (each deal from every seat). '
        "The last column: the value's rate minus the baseline's over the same games (a draw not "
        "won), Newcombe's paired 95% interval, the games the event happened in under this value "
        "only / under the baseline only, and the exact McNemar p.</p>",
        "".join(f"<p><strong>{html.escape(line)}</strong></p>" for line in lines),
        _sweep_plot(points, key, measure, balance), table,
    ])
    return _page(f"Sweep of {key}", body)


# -- ladders ------------------------------------------------------------------------------

def _page(title: str, body: str) -> str:
    """A whole HTML page."""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>\n{body}\n</body></html>\n"
    )


def _ladder_plot(ratings: Sequence[Rating]) -> str:
    """Elo of each agent with its 95% bootstrap interval, best on top."""
    shown = list(reversed(ratings))
    figure = Figure(figsize=(6, 0.8 + 0.45 * len(shown)))
    axes = figure.subplots()
    values = [r.elo for r in shown]
    # A clean sweep collapses the bootstrap interval onto the fit, a rounding off either side.
    errors = [[max(0.0, r.elo - r.low) for r in shown], [max(0.0, r.high - r.elo) for r in shown]]
    axes.errorbar(values, [r.agent for r in shown], xerr=errors, fmt="o", capsize=5)
    axes.axvline(1500, linestyle="--", color="#888")
    axes.set_xlabel("Elo (95% bootstrap CI)")
    axes.set_title("Agent ladder")
    return _png(figure)


def _record_cell(record: HeadToHead | None) -> str:
    """``7-2-1 (77.8% [45.3%, 93.7%] of decisive)`` or ``-``."""
    if record is None:
        return "-"
    draws = f"-{record.draws}" if record.draws else ""
    return f"{record.wins}-{record.losses}{draws} ({_interval(record.decisive)} of decisive)"


def render_ladder(ratings: Sequence[Rating], setup: str,
                  records: Mapping[tuple[str, str], HeadToHead] | None = None,
                  verdict: LevelVerdict | None = None) -> str:
    """The HTML page of a ladder: the plot, the table, the head-to-head matrix and the
    verdict on the levels."""
    table = _table(["agent", "Elo", "95% CI", "games", "score"],
                   [[r.agent, f"{r.elo:.0f}", f"[{r.low:.0f}, {r.high:.0f}]", r.games, _pct(r.score)]
                    for r in ratings])
    parts = [
        f"<p>{html.escape(setup)}</p>",
        '<p class="note">Bradley-Terry fit of every game on the Elo scale (mean 1500); a draw is '
        "half a win; intervals from 200 resamples of each pair's games.</p>",
    ]
    if verdict is not None:
        parts.append(f"<p><strong>levels: {html.escape(verdict.word)}</strong></p>")
        parts.append("<ul>" + "".join(f"<li>{html.escape(step)}</li>" for step in verdict.steps) + "</ul>")
        parts.append('<p class="note">Ordered only when every adjacent pair is told apart: Elo '
                     "intervals that do not overlap, and the stronger's decisive games against the "
                     "weaker with a 95% interval above 50%.</p>")
    parts += [_ladder_plot(ratings), table]
    if records:
        agents = [r.agent for r in ratings]
        matrix = [[a, *(_record_cell(records.get((a, b))) if a != b else "" for b in agents)] for a in agents]
        parts += ["<h2>Head to head</h2>",
                  '<p class="note">The row agent\'s wins-losses(-draws) against the column agent, and '
                  "its win rate among their decisive games [95% Wilson interval].</p>",
                  _table(["agent \\ against", *agents], matrix)]
    return _page("Agent ladder", "\n".join(parts))
