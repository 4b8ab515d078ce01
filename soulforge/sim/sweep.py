"""Counterfactual sweeps: one authored number (``--set``) or rule option (``--option``) over a
range of values, each value played on the same paired seeds, its effect measured.

Every value is a run of its own (a results file per value, resumable), with the same
agents, seeds and seatings: the games differ only by the value (and what it changes).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from soulforge.core.data import parse_override
from soulforge.sim.runner import OnResult, ResultRow, SimConfig, simulate
from soulforge.sim.stats import (
    Comparison,
    Event,
    Proportion,
    agent_won,
    compare_paired,
    format_p,
    matched,
    seat_won,
    starter_won,
    summarize,
)

OnStart = Callable[[int, int], None]
"""``on_start(games already in the file, games of the run)``."""

MEASURES = ("agent", "starter", "first_seat")
"""What a sweep measures: the first agent's win rate, the starting player's, seat 0's."""
BALANCE_MEASURES = ("starter", "first_seat")
"""The measures where 50% is even (a seat's advantage); the agent's win rate measures skill,
where "closest to even" means nothing."""


@dataclasses.dataclass(frozen=True)
class Sweep:
    """What to vary: a data field (``kind="set"``) or a game option (``kind="option"``)."""

    kind: str
    key: str
    values: tuple[Any, ...]

    def config(self, base: SimConfig, value: Any) -> SimConfig:
        """``base`` with the swept field at ``value`` (paired seeds)."""
        if self.kind == "set":
            return dataclasses.replace(base, overrides={**base.overrides, self.key: value}, paired=True)
        return dataclasses.replace(base, options={**base.options, self.key: value}, paired=True)

    def file(self, folder: Path, value: Any) -> Path:
        """The results file of one value."""
        safe = "".join(c if c.isalnum() or c in "._-" else "_" for c in f"{self.key}={value}")
        return folder / f"{safe}.jsonl"


def _number(text: str) -> int | float:
    """``"3"`` -> 3, ``"0.5"`` -> 0.5."""
    value = Decimal(text.strip())
    return int(value) if value == value.to_integral_value() and "." not in text else float(value)


def value_range(text: str) -> tuple[Any, ...]:
    """``LOW..HIGH[:STEP]`` (inclusive) or ``a,b,c``.

    >>> value_range("2..5"), value_range("0.5..1.5:0.5"), value_range("2,3"), value_range("fire,water")
    ((2, 3, 4, 5), (0.5, 1.0, 1.5), (2, 3), ('fire', 'water'))
    """
    if ".." in text:
        bounds, _, step_text = text.partition(":")
        low_text, _, high_text = bounds.partition("..")
        low, high = Decimal(low_text.strip()), Decimal(high_text.strip())
        step = Decimal(step_text.strip() or "1")
        if step <= 0 or high < low:
            raise ValueError(f"{text!r}: need LOW <= HIGH and a positive STEP")
        count = int((high - low) / step) + 1
        if count > 200:
            raise ValueError(f"{text!r}: {count} values; at most 200")
        integral = not any("." in part for part in (low_text, high_text, step_text))
        return tuple(int(low + k * step) if integral else float(low + k * step) for k in range(count))
    parts = [part.strip() for part in text.split(",") if part.strip()]
    try:
        return tuple(_number(part) for part in parts)
    except ArithmeticError:
        return tuple(parts)


def parse_sweep(sets: Sequence[str], options: Sequence[str]) -> tuple[Sweep, dict[str, Any], dict[str, str]]:
    """The one swept field among ``--set`` and ``--option`` values (a range or a list); the
    others are fixed: ``(sweep, fixed overrides, fixed options)``."""
    swept: list[Sweep] = []
    fixed_sets: dict[str, Any] = {}
    fixed_options: dict[str, str] = {}
    for text in sets:
        key, sep, raw = text.partition("=")
        if sep and (".." in raw or "," in raw) and not raw.strip().startswith(("[", '"')):
            swept.append(Sweep("set", parse_override(f"{key}=0")[0], value_range(raw)))
        else:
            name, value = parse_override(text)
            fixed_sets[name] = value
    for text in options:
        name, sep, raw = text.partition("=")
        if not sep:
            raise ValueError(f"--option {text!r}: write name=value")
        if ".." in raw or "," in raw:
            swept.append(Sweep("option", name.strip(), value_range(raw)))
        else:
            fixed_options[name.strip()] = raw.strip()
    if len(swept) != 1:
        raise ValueError("sweep one field: give exactly one --set field=LOW..HIGH[:STEP] "
                         "or --option name=a,b (others fixed)")
    return swept[0], fixed_sets, fixed_options


def measure(rows: Iterable[ResultRow], what: str, agent: str) -> Proportion:
    """The swept measure of one value's rows."""
    summary = summarize(rows)
    if what == "agent":
        stats = summary.agent(agent)
        return stats.win_rate if stats is not None else Proportion.of(0, 0)
    if what == "starter":
        return summary.starter
    if what == "first_seat":
        return summary.first_seat
    raise ValueError(f"unknown measure {what!r}; known: {list(MEASURES)}")


@dataclasses.dataclass(frozen=True)
class SweepPoint:
    """One value of a sweep and its measure."""

    value: Any
    rate: Proportion
    games: int
    versus: Comparison | None = None
    """This value against the baseline value, paired on the same games (None: the baseline)."""


def closest_to_even(points: Sequence[SweepPoint], even: float = 0.5) -> SweepPoint | None:
    """The point whose rate is nearest ``even`` (the first such, in sweep order).

    >>> points = [SweepPoint(v, Proportion.of(w, 10), 10) for v, w in ((1, 8), (2, 6), (3, 3))]
    >>> closest_to_even(points).value
    2
    """
    measured = [p for p in points if p.rate.trials]
    return min(measured, key=lambda p: abs(p.rate.rate - even)) if measured else None


def event_of(what: str, agent: str) -> Event:
    """The per-game event a measure counts (for the paired comparisons)."""
    if what == "agent":
        return agent_won(agent)
    if what == "starter":
        return starter_won
    if what == "first_seat":
        return seat_won(0)
    raise ValueError(f"unknown measure {what!r}; known: {list(MEASURES)}")


def run_sweep(
    base: SimConfig,
    sweep: Sweep,
    folder: Path,
    what: str = "agent",
    workers: int = 1,
    backend: str = "processes",
    on_value: Callable[[Any], tuple[OnStart, OnResult]] | None = None,
    address: str | None = None,
    baseline: Any = None,
) -> list[SweepPoint]:
    """Play every value of ``sweep`` on ``base``'s paired seeds, one results file each under
    ``folder`` (resumable); the measured point of each value, with its paired difference
    from ``baseline`` (default: the first value). ``on_value(value)`` gives the
    ``on_start`` and ``on_result`` callbacks of the value's run (a progress bar)."""
    if what not in MEASURES:
        raise ValueError(f"unknown measure {what!r}; known: {list(MEASURES)}")
    if baseline is None:
        baseline = sweep.values[0]
    if baseline not in sweep.values:
        raise ValueError(f"the baseline {baseline!r} is not a swept value ({list(sweep.values)})")
    folder.mkdir(parents=True, exist_ok=True)
    runs: list[tuple[Any, list[ResultRow]]] = []
    agent = base.labels[0]
    for value in sweep.values:
        config = sweep.config(base, value)
        on_start, on_result = on_value(value) if on_value is not None else (None, None)
        out = sweep.file(folder, value)
        runs.append((value, simulate(config, out, workers, backend, on_start, on_result, address)))
    return points_of(runs, what, agent, baseline, sweep.key)


def points_of(runs: Sequence[tuple[Any, Sequence[ResultRow]]], what: str, agent: str, baseline: Any,
              key: str = "value") -> list[SweepPoint]:
    """Each value's measure and its paired comparison with the baseline value's games."""
    base_rows = next(rows for value, rows in runs if value == baseline)
    event = event_of(what, agent)
    points = []
    for value, rows in runs:
        versus = None if value == baseline else compare_paired(
            f"{key}={value} - {key}={baseline}", matched(rows, base_rows), event)
        points.append(SweepPoint(value, measure(rows, what, agent), len(rows), versus))
    return points


def _points(d: float) -> str:
    """A difference of rates in points: ``+8.0``."""
    return f"{100 * d:+.1f}"


def verdict(points: Sequence[SweepPoint], key: str, what: str, agent: str) -> list[str]:
    """What the sweep shows, in words that name the measure and its direction: each value
    against the baseline (paired), and for a balance measure which values are even within
    their interval. Nothing is called better or even on a point estimate alone.

    >>> base = SweepPoint(1, Proportion.of(60, 100), 100)
    >>> other = SweepPoint(2, Proportion.of(80, 100), 100, compare_paired(
    ...     "", [({"winner": 0}, {"winner": 1})] * 20 + [({"winner": 0}, {"winner": 0})] * 60, seat_won(0)))
    >>> lines = verdict([base, other], "k", "first_seat", "a")
    >>> for line in lines: print(line)  # doctest: +NORMALIZE_WHITESPACE
    measure: seat 0's win rate (decisive games); 50% is even, above it favours seat 0
    k = 2 raises seat 0's win rate by +25.0 points [+15.6, +35.5] against k = 1
    (paired on 80 games, McNemar p < 0.001)
    no value is even within its 95% interval: every one is above 50%
    """
    baseline = next((p for p in points if p.versus is None), None)
    lines = [f"measure: {describe_measure(what, agent)}; " + (
        "50% is even, above it favours " + ("the starting player" if what == "starter" else "seat 0")
        if what in BALANCE_MEASURES else f"higher: {agent} wins more")]
    changed = [p for p in points if p.versus is not None and p.versus.pairs and p.versus.significant]
    for p in changed:
        c = p.versus
        assert c is not None
        direction = "raises" if c.difference > 0 else "lowers"
        lines.append(f"{key} = {p.value} {direction} {SHORT[what].format(agent=agent)} by "
                     f"{_points(c.difference)} points [{_points(c.low)}, {_points(c.high)}] against "
                     f"{key} = {baseline.value if baseline else '?'} (paired on {c.pairs} games, "
                     f"McNemar p {format_p(c.p_value)})")
    compared = [p for p in points if p.versus is not None and p.versus.pairs]
    if compared and not changed:
        lines.append(f"no value differs from {key} = {baseline.value if baseline else '?'} beyond the "
                     "noise (every paired 95% interval holds 0)")
    measured = [p for p in points if p.rate.trials]
    if what in BALANCE_MEASURES and measured:
        even = [p for p in measured if p.rate.low <= 0.5 <= p.rate.high]
        if even:
            lines.append(f"even within the 95% interval: {key} = " + ", ".join(str(p.value) for p in even))
        else:
            side = ("above" if all(p.rate.low > 0.5 for p in measured) else
                    "below" if all(p.rate.high < 0.5 for p in measured) else "off")
            lines.append(f"no value is even within its 95% interval: every one is {side} 50%")
    elif measured:
        if all(p.rate.low > 0.5 for p in measured):
            lines.append(f"{agent} wins more than half at every value (every interval above 50%)")
        elif all(p.rate.high < 0.5 for p in measured):
            lines.append(f"{agent} wins less than half at every value (every interval below 50%)")
    return lines


SHORT = {"agent": "{agent}'s win rate", "starter": "the starting player's win rate",
         "first_seat": "seat 0's win rate"}
"""Each measure in a few words (a paired difference counts every matched game, a draw not won)."""


def describe_measure(what: str, agent: str) -> str:
    """The measure in words, for tables and plots."""
    return {"agent": f"{agent}'s win rate", "starter": "starting player's win rate",
            "first_seat": "seat 0's win rate (decisive games)"}[what]
