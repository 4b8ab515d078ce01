"""Statistics of simulation results: pure functions, no I/O.

A result row is one finished game as the runner writes it (see :mod:`soulforge.sim.runner`):
``{"agents": [label by seat], "returns": [...], "winner": seat or None, "length": moves, ...}``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from statistics import NormalDist
from typing import Any

Row = Mapping[str, Any]
GameKey = tuple[int, tuple[str, ...]]
"""A game of a results file: its seed and the agent label of each seat."""


def game_key(row: Row) -> GameKey:
    """The seed and seating of a result row.

    >>> game_key({"seed": 3, "agents": ["b", "a"]})
    (3, ('b', 'a'))
    """
    return int(row["seed"]), tuple(str(label) for label in row["agents"])


def z_value(confidence: float = 0.95) -> float:
    """The two-sided standard normal quantile for ``confidence``.

    >>> round(z_value(0.95), 3)
    1.96
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a proportion; ``(0, 1)`` when there are no trials.

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 3), round(high, 3)
    (0.237, 0.763)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def two_proportion_z_test(s1: int, n1: int, s2: int, n2: int) -> tuple[float, float]:
    """Pooled two-proportion z test: ``(z, two-sided p value)``; ``(0, 1)`` if undefined.

    >>> z, p = two_proportion_z_test(60, 100, 40, 100)
    >>> round(z, 3), round(p, 4)
    (2.828, 0.0047)
    """
    if n1 <= 0 or n2 <= 0:
        return 0.0, 1.0
    pooled = (s1 + s2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:
        return 0.0, 1.0
    z = (s1 / n1 - s2 / n2) / spread
    return z, math.erfc(abs(z) / math.sqrt(2))


def difference_interval(
    s1: int, n1: int, s2: int, n2: int, confidence: float = 0.95
) -> tuple[float, float]:
    """Newcombe's hybrid score interval for ``p1 - p2`` (built from two Wilson intervals).

    >>> low, high = difference_interval(60, 100, 40, 100)
    >>> round(low, 3), round(high, 3)
    (0.061, 0.328)
    """
    p1 = s1 / n1 if n1 else 0.0
    p2 = s2 / n2 if n2 else 0.0
    l1, u1 = wilson_interval(s1, n1, confidence)
    l2, u2 = wilson_interval(s2, n2, confidence)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return max(-1.0, low), min(1.0, high)


@dataclasses.dataclass(frozen=True)
class Proportion:
    """``successes`` out of ``trials`` with its Wilson interval."""

    successes: int
    trials: int
    low: float
    high: float

    @classmethod
    def of(cls, successes: int, trials: int, confidence: float = 0.95) -> Proportion:
        """The proportion with its interval.

        >>> Proportion.of(1, 4).rate
        0.25
        """
        low, high = wilson_interval(successes, trials, confidence)
        return cls(successes, trials, low, high)

    @property
    def rate(self) -> float:
        """The observed proportion (0 when there are no trials)."""
        return self.successes / self.trials if self.trials else 0.0


NO_TRIALS = Proportion.of(0, 0)
"""A proportion with nothing measured (its interval is the whole of 0-1)."""


@dataclasses.dataclass(frozen=True)
class AgentStats:
    """How one agent did over the games it played."""

    label: str
    games: int
    wins: int
    draws: int
    win_rate: Proportion

    @property
    def losses(self) -> int:
        """Games neither won nor drawn."""
        return self.games - self.wins - self.draws


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven if both sides
    were equally likely to win each (ties left out).

    >>> sign_test(5, 0), sign_test(3, 3)
    (0.0625, 1.0)
    """
    trials, fewer = wins + losses, min(wins, losses)
    tail = sum(math.comb(trials, k) for k in range(fewer + 1)) / (1 << trials)
    return min(1.0, 2 * tail)


def format_p(p: float) -> str:
    """A p-value as ``= 0.250``, or ``< 0.001`` where three decimals would print 0.000.

    >>> format_p(0.25), format_p(0.0004)
    ('= 0.250', '< 0.001')
    """
    return "< 0.001" if p < 0.0005 else f"= {p:.3f}"


@dataclasses.dataclass(frozen=True)
class DealStats:
    """Deals played from every seat rotation (``simulate --paired``): a deal is *swept* by
    the agent that won every one of its games; the others are split."""

    deals: int
    sweeps: tuple[tuple[str, int], ...]
    """Per agent label, the deals it swept."""

    @property
    def split(self) -> int:
        """Deals no agent swept."""
        return self.deals - sum(count for _, count in self.sweeps)

    @property
    def sign_p(self) -> float | None:
        """With two agents, the sign test of their sweeps (None otherwise)."""
        if len(self.sweeps) != 2:
            return None
        return sign_test(self.sweeps[0][1], self.sweeps[1][1])

    def describe(self) -> str:
        """One line for tables and reports.

        >>> DealStats(4, (("a", 3), ("b", 0))).describe()
        '4 deals played from every seat: a swept 3, b swept 0, 1 split (sign test p = 0.250)'
        """
        swept = ", ".join(f"{label} swept {count}" for label, count in self.sweeps)
        test = "" if self.sign_p is None else f" (sign test p {format_p(self.sign_p)})"
        return f"{self.deals} deals played from every seat: {swept}, {self.split} split{test}"


Deal = dict[tuple[str, ...], str | None]
"""The games of one seed: the winning agent label (None: a draw) by seating."""


def deal_stats(rows: Iterable[Row]) -> DealStats:
    """Group rows by seed; a deal counts once it holds one game per seat rotation.

    >>> rows = [{"seed": 1, "agents": ["a", "b"], "winner": 0},
    ...         {"seed": 1, "agents": ["b", "a"], "winner": 1},
    ...         {"seed": 2, "agents": ["a", "b"], "winner": 0},
    ...         {"seed": 2, "agents": ["b", "a"], "winner": 0}]
    >>> deal_stats(rows)
    DealStats(deals=2, sweeps=(('a', 1), ('b', 0)))
    """
    deals: dict[int, Deal] = {}
    sweeps: dict[str, int] = {}
    for row in rows:
        sweeps.update((str(label), 0) for label in row["agents"])
        if "seed" in row:
            seed, seats = game_key(row)
            winner = row.get("winner")
            deals.setdefault(seed, {})[seats] = None if winner is None else seats[int(winner)]
    complete = [deal for deal in deals.values() if 1 < len(deal) == len(next(iter(deal)))]
    for deal in complete:
        winners = set(deal.values())
        if len(winners) == 1 and None not in winners:
            sweeps[str(winners.pop())] += 1
    return DealStats(len(complete), tuple(sorted(sweeps.items())))


@dataclasses.dataclass(frozen=True)
class Summary:
    """Everything the CLI table and the HTML report show about a set of results."""

    games: int
    draws: int
    agents: tuple[AgentStats, ...]
    seat_wins: tuple[Proportion, ...]
    """Per seat: wins among decisive games (seat 0 is the first seat)."""
    lengths: tuple[int, ...]
    durations: tuple[float, ...]
    deals: DealStats = DealStats(0, ())
    """Deals played from every seat rotation (none unless the run was ``paired``)."""
    starter: Proportion = NO_TRIALS
    """The starting player's wins among decisive games whose rows name it (``first_player``)."""

    @property
    def first_seat(self) -> Proportion:
        """Seat 0's wins among decisive games (0.5 means no advantage at two seats)."""
        return self.seat_wins[0] if self.seat_wins else NO_TRIALS

    @property
    def num_seats(self) -> int:
        """Seats at the table in these results."""
        return len(self.seat_wins)

    @property
    def mean_length(self) -> float:
        """Mean game length in moves (0 without games)."""
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    @property
    def mean_duration(self) -> float:
        """Mean seconds per game (0 without games)."""
        return sum(self.durations) / len(self.durations) if self.durations else 0.0

    def agent(self, label: str) -> AgentStats | None:
        """The stats of the agent called ``label``, if it played."""
        return next((a for a in self.agents if a.label == label), None)


def winner_of(returns: Sequence[float]) -> int | None:
    """The seat with the single best return, or None (a draw or no returns).

    >>> winner_of([1.0, -1.0]), winner_of([0.0, 0.0])
    (0, None)
    """
    if not returns:
        return None
    best = max(returns)
    seats = [seat for seat, value in enumerate(returns) if value == best]
    return seats[0] if len(seats) == 1 else None


def summarize(rows: Iterable[Row], confidence: float = 0.95) -> Summary:
    """Aggregate result rows: per-agent win rates, draws, seat win rates, lengths.

    >>> rows = [
    ...     {"agents": ["a", "b"], "winner": 0, "length": 10},
    ...     {"agents": ["b", "a"], "winner": 1, "length": 12},
    ...     {"agents": ["a", "b"], "winner": None, "length": 8},
    ... ]
    >>> s = summarize(rows)
    >>> s.agent("a").wins, s.agent("b").wins, s.draws, s.first_seat.successes, s.mean_length
    (2, 0, 1, 1, 10.0)
    """
    rows = list(rows)
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    drawn: dict[str, int] = {}
    seat_won: list[int] = []
    decisive = draws = started = starter_won = 0
    lengths: list[int] = []
    durations: list[float] = []
    for row in rows:
        agents = [str(a) for a in row["agents"]]
        winner = row.get("winner")
        seat_won.extend([0] * (len(agents) - len(seat_won)))
        for label in agents:
            played[label] = played.get(label, 0) + 1
            won.setdefault(label, 0)
            drawn.setdefault(label, 0)
        if winner is None:
            draws += 1
            for label in agents:
                drawn[label] += 1
        else:
            decisive += 1
            seat_won[int(winner)] += 1
            won[agents[int(winner)]] += 1
            if row.get("first_player") is not None:
                started += 1
                starter_won += int(winner) == int(row["first_player"])
        lengths.append(int(row.get("length", 0)))
        durations.append(float(row.get("duration", 0.0)))
    agent_stats = tuple(
        AgentStats(label, n, won[label], drawn[label], Proportion.of(won[label], n, confidence))
        for label, n in sorted(played.items())
    )
    seats = tuple(Proportion.of(w, decisive, confidence) for w in seat_won)
    return Summary(
        len(lengths), draws, agent_stats, seats, tuple(lengths), tuple(durations), deal_stats(rows),
        Proportion.of(starter_won, started, confidence),
    )


@dataclasses.dataclass(frozen=True)
class Comparison:
    """An A/B difference of one proportion between two result sets.

    Unpaired (``pairs == 0``): Newcombe's interval and the pooled two-proportion z test.
    Paired (the same games, seed and seating, in both sets): ``a`` and ``b`` over the
    matched games, Newcombe's paired interval and the exact McNemar test (a sign test of the
    games where the event happened in one set only: ``a_only`` against ``b_only``).
    """

    name: str
    a: Proportion
    b: Proportion
    low: float
    high: float
    z: float
    p_value: float
    pairs: int = 0
    """Matched games (0: an unpaired comparison)."""
    a_only: int = 0
    """Matched games where the event happened in A and not in B."""
    b_only: int = 0

    @property
    def difference(self) -> float:
        """``rate(a) - rate(b)``."""
        return self.a.rate - self.b.rate

    @property
    def paired(self) -> bool:
        """Whether the comparison matched games of the same seed and seating."""
        return self.pairs > 0

    @property
    def test(self) -> str:
        """The test behind :attr:`p_value`, in words."""
        return "exact McNemar (paired)" if self.paired else "two-proportion z (unpaired)"

    @property
    def significant(self) -> bool:
        """Whether the 95% interval of the difference leaves out 0."""
        return self.low > 0 or self.high < 0


def paired_interval(both: int, a_only: int, b_only: int, neither: int,
                    confidence: float = 0.95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for the difference of two paired proportions
    (his method 10: the two Wilson intervals joined with the pairs' correlation, as
    biostatUZH's confIntPairedProportion).

    >>> low, high = paired_interval(30, 15, 5, 50)
    >>> round(low, 3), round(high, 3)
    (0.012, 0.185)
    """
    n = both + a_only + b_only + neither
    if n == 0:
        return -1.0, 1.0
    p1, p2 = (both + a_only) / n, (both + b_only) / n
    l1, u1 = wilson_interval(both + a_only, n, confidence)
    l2, u2 = wilson_interval(both + b_only, n, confidence)
    spread = (both + a_only) * (b_only + neither) * (both + b_only) * (a_only + neither)
    cross = both * neither - a_only * b_only
    if spread == 0:
        phi = 0.0
    elif cross > 0:
        phi = max(cross - n / 2, 0.0) / math.sqrt(spread)
    else:
        phi = cross / math.sqrt(spread)
    d = p1 - p2
    low = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = d + math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
    return max(-1.0, low), min(1.0, high)


Event = Callable[[Row], "bool | None"]
"""Whether a game's event happened (a seat won, the starter won); None: the game does not
count for this measure (it names no starting player)."""


def matched(a: Iterable[Row], b: Iterable[Row]) -> list[tuple[Row, Row]]:
    """The games of ``a`` and ``b`` with the same seed and seating, in ``a``'s order (rows
    without a seed are left out)."""
    others = {game_key(row): row for row in b if "seed" in row}
    return [(row, others[game_key(row)]) for row in a if "seed" in row and game_key(row) in others]


def compare_paired(name: str, pairs: Sequence[tuple[Row, Row]], event: Event,
                   confidence: float = 0.95) -> Comparison:
    """A paired comparison of one event over matched games (see :class:`Comparison`).

    >>> won = lambda row: row["winner"] == 0
    >>> pairs = [({"winner": 0}, {"winner": 1})] * 6 + [({"winner": 1}, {"winner": 0})]
    >>> c = compare_paired("seat 0", pairs, won)
    >>> c.pairs, c.a_only, c.b_only, round(c.p_value, 4)
    (7, 6, 1, 0.125)
    """
    counts = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}
    for x, y in pairs:
        ex, ey = event(x), event(y)
        if ex is None or ey is None:
            continue
        counts[(ex, ey)] += 1
    both, a_only, b_only, neither = (counts[(True, True)], counts[(True, False)],
                                     counts[(False, True)], counts[(False, False)])
    n = both + a_only + b_only + neither
    low, high = paired_interval(both, a_only, b_only, neither, confidence)
    z = (a_only - b_only) / math.sqrt(a_only + b_only) if a_only + b_only else 0.0
    return Comparison(name, Proportion.of(both + a_only, n, confidence),
                      Proportion.of(both + b_only, n, confidence), low, high, z,
                      sign_test(a_only, b_only), n, a_only, b_only)


def _winner(row: Row) -> int | None:
    winner = row.get("winner")
    return None if winner is None else int(winner)


def agent_won(label: str) -> Event:
    """The event "agent ``label`` won" (None where it did not play)."""
    def event(row: Row) -> bool | None:
        labels = [str(x) for x in row["agents"]]
        if label not in labels:
            return None
        winner = _winner(row)
        return winner is not None and labels[winner] == label
    return event


def seat_won(seat: int) -> Event:
    """The event "seat ``seat`` won" (a draw: not won)."""
    return lambda row: _winner(row) == seat


def starter_won(row: Row) -> bool | None:
    """The event "the starting player won" (None where the row names no starting player)."""
    if row.get("first_player") is None:
        return None
    return _winner(row) == int(row["first_player"])


def compare_proportions(name: str, a: Proportion, b: Proportion, confidence: float = 0.95) -> Comparison:
    """Difference of two proportions with its interval and z test."""
    low, high = difference_interval(a.successes, a.trials, b.successes, b.trials, confidence)
    z, p = two_proportion_z_test(a.successes, a.trials, b.successes, b.trials)
    return Comparison(name, a, b, low, high, z, p)


PAIRED_SHARE = 0.5
"""Compare two result sets paired when at least this share of the smaller one's games has a
twin (same seed and seating) in the other: runs on the same seeds (``--seed``, ``--paired``)."""


def compare_rows(a: Sequence[Row], b: Sequence[Row], confidence: float = 0.95) -> list[Comparison]:
    """A/B of two result sets: paired on seed and seating where they share their games
    (:data:`PAIRED_SHARE`), else unpaired (:func:`compare`). Measures: each agent's win rate,
    seat 0's (paired: every matched game, a draw not won), the starting player's.

    >>> one = [{"seed": i, "agents": ["x", "y"], "winner": 0} for i in range(5)]
    >>> two = [dict(row, winner=1 if row["seed"] < 4 else 0) for row in one]
    >>> [(c.name, c.pairs, c.a_only, c.b_only) for c in compare_rows(one, two)]
    [('win rate x', 5, 4, 0), ('win rate y', 5, 0, 4), ('first seat', 5, 4, 0)]
    """
    pairs = matched(a, b)
    if not a or not b or len(pairs) < PAIRED_SHARE * min(len(a), len(b)):
        return compare(summarize(a, confidence), summarize(b, confidence), confidence)
    labels = sorted({str(label) for row, _ in pairs for label in row["agents"]})
    out = [compare_paired(f"win rate {label}", pairs, agent_won(label), confidence) for label in labels]
    out.append(compare_paired("first seat", pairs, seat_won(0), confidence))
    if any(x.get("first_player") is not None and y.get("first_player") is not None for x, y in pairs):
        out.append(compare_paired("starting player", pairs, starter_won, confidence))
    return out


def compare(a: Summary, b: Summary, confidence: float = 0.95) -> list[Comparison]:
    """A/B of two summaries: each agent present in both, then the first-seat win rate.

    >>> one = summarize([{"agents": ["x", "y"], "winner": 0, "length": 1}] * 3)
    >>> two = summarize([{"agents": ["x", "y"], "winner": 1, "length": 1}] * 3)
    >>> [c.name for c in compare(one, two)]
    ['win rate x', 'win rate y', 'first seat']
    """
    rows: list[Comparison] = []
    for agent in a.agents:
        other = b.agent(agent.label)
        if other is not None:
            name = f"win rate {agent.label}"
            rows.append(compare_proportions(name, agent.win_rate, other.win_rate, confidence))
    rows.append(compare_proportions("first seat", a.first_seat, b.first_seat, confidence))
    if a.starter.trials and b.starter.trials:
        rows.append(compare_proportions("starting player", a.starter, b.starter, confidence))
    return rows
