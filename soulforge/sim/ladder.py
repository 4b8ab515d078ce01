"""Agent ladders: a round robin of agent specs, Elo ratings with bootstrap intervals.

Every pair of agents plays a paired run (each deal from both seats; one resumable results
file per pair). Ratings are the maximum-likelihood Bradley-Terry strengths of all games on
the Elo scale (400 points: 10 to 1 odds), centred on 1500; a draw is half a win each, and
one virtual draw per pair keeps an agent that won everything finite. The 95% intervals come
from resampling the games of each pair with replacement.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from soulforge.sim.runner import OnResult, ResultRow, SimConfig, simulate
from soulforge.sim.stats import Proportion

Pair = tuple[str, str]
Score = tuple[float, int]
"""A pair's points of its first agent (wins + draws / 2) and its games."""
OnPair = Callable[[str, str], tuple[Callable[[int, int], None] | None, OnResult | None]]


@dataclasses.dataclass(frozen=True)
class Rating:
    """An agent's Elo rating with its 95% bootstrap interval."""

    agent: str
    elo: float
    low: float
    high: float
    games: int
    score: float
    """Points (wins + draws / 2) over games played."""


def pair_file(folder: Path, a: str, b: str) -> Path:
    """The results file of one pair of the round robin."""
    safe = "".join(c if c.isalnum() or c in "._-" else "_" for c in f"{a}--vs--{b}")
    return folder / f"{safe}.jsonl"


def play_round_robin(
    game: str, agents: Sequence[str], games: int, seed: int, folder: Path,
    options: Mapping[str, Any] | None = None, workers: int = 1, backend: str = "processes",
    on_pair: OnPair | None = None, address: str | None = None,
) -> list[ResultRow]:
    """Every pair of ``agents`` plays ``games`` paired games; all rows (resumable per pair)."""
    if len(set(agents)) != len(agents) or len(agents) < 2:
        raise ValueError(f"a ladder needs two or more different agents, got {list(agents)}")
    folder.mkdir(parents=True, exist_ok=True)
    rows: list[ResultRow] = []
    for a, b in itertools.combinations(agents, 2):
        config = SimConfig(game, (a, b), games, seed, dict(options or {}), paired=True)
        on_start, on_result = on_pair(a, b) if on_pair is not None else (None, None)
        rows += simulate(config, pair_file(folder, a, b), workers, backend, on_start, on_result, address)
    return rows


def outcomes(rows: Iterable[ResultRow]) -> dict[Pair, list[float]]:
    """Per pair (sorted labels), each game's points of the pair's first agent (1, 0.5, 0)."""
    games: dict[Pair, list[float]] = {}
    for row in rows:
        labels = [str(label) for label in row["agents"]]
        if len(labels) != 2:
            continue
        a, b = sorted(labels)
        winner = row.get("winner")
        points = 0.5 if winner is None else float(labels[int(winner)] == a)
        games.setdefault((a, b), []).append(points)
    return games


def fit_elo(scores: Mapping[Pair, Score], iterations: int = 500) -> dict[str, float]:
    """Bradley-Terry strengths by minorization-maximization, as Elo centred on 1500.

    >>> elo = fit_elo({("a", "b"): (30.0, 40)})
    >>> round(elo["a"] - elo["b"])
    185
    """
    agents = sorted({agent for pair in scores for agent in pair})
    wins = dict.fromkeys(agents, 0.0)
    played: dict[Pair, float] = {}
    for (a, b), (points, n) in scores.items():
        wins[a] += points + 0.5  # one virtual draw per pair
        wins[b] += n - points + 0.5
        played[(a, b)] = n + 1.0
    strength = dict.fromkeys(agents, 1.0)
    for _ in range(iterations):
        new = {}
        for agent in agents:
            denominator = sum(n / (strength[a] + strength[b])
                              for (a, b), n in played.items() if agent in (a, b))
            new[agent] = wins[agent] / denominator if denominator else 1.0
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {agent: v / math.exp(mean_log) for agent, v in new.items()}
    return {agent: 1500 + 400 * math.log10(v) for agent, v in strength.items()}


def ladder(rows: Iterable[ResultRow], resamples: int = 200, seed: int = 0) -> list[Rating]:
    """Ratings of every agent of ``rows``, best first, with 95% bootstrap intervals."""
    games = outcomes(rows)
    scores = {pair: (sum(points), len(points)) for pair, points in games.items()}
    elo = fit_elo(scores)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {agent: [] for agent in elo}
    for _ in range(resamples):
        drawn = {pair: rng.choices(points, k=len(points)) for pair, points in games.items()}
        for agent, value in fit_elo({p: (sum(v), len(v)) for p, v in drawn.items()}, 100).items():
            samples[agent].append(value)
    ratings = []
    for agent, value in elo.items():
        played = [(pair, points) for pair, points in games.items() if agent in pair]
        n = sum(len(points) for _, points in played)
        score = sum(sum(points) if pair[0] == agent else len(points) - sum(points) for pair, points in played)
        ordered = sorted(samples[agent])
        low = ordered[int(0.025 * (len(ordered) - 1))] if ordered else value
        high = ordered[int(0.975 * (len(ordered) - 1))] if ordered else value
        ratings.append(Rating(agent, value, low, high, n, score / n if n else 0.0))
    return sorted(ratings, key=lambda r: -r.elo)


def is_ordered(ratings: Sequence[Rating], order: Sequence[str]) -> bool:
    """Whether the agents of ``order`` (weakest first) are rated in that order.

    >>> r = [Rating("hard", 1700, 1650, 1750, 10, .8), Rating("easy", 1300, 1250, 1350, 10, .2)]
    >>> is_ordered(r, ["easy", "hard"]), is_ordered(r, ["hard", "easy"])
    (True, False)
    """
    by_agent = {r.agent: r.elo for r in ratings}
    values = [by_agent[agent] for agent in order if agent in by_agent]
    return all(x < y for x, y in itertools.pairwise(values))


@dataclasses.dataclass(frozen=True)
class HeadToHead:
    """One pair's games: ``agent``'s wins, losses and draws against ``against``."""

    agent: str
    against: str
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        """Games the two played."""
        return self.wins + self.losses + self.draws

    @property
    def decisive(self) -> Proportion:
        """``agent``'s wins among the decisive games, with the Wilson interval."""
        return Proportion.of(self.wins, self.wins + self.losses)


def head_to_head(rows: Iterable[ResultRow]) -> dict[Pair, HeadToHead]:
    """Every ordered pair of agents that met: the first's record against the second.

    >>> record = head_to_head([{"agents": ["a", "b"], "winner": 0}, {"agents": ["b", "a"], "winner": None}])
    >>> record[("a", "b")], record[("b", "a")].losses
    (HeadToHead(agent='a', against='b', wins=1, losses=0, draws=1), 1)
    """
    out: dict[Pair, HeadToHead] = {}
    for (a, b), points in outcomes(rows).items():
        wins, losses = points.count(1.0), points.count(0.0)
        draws = len(points) - wins - losses
        out[(a, b)] = HeadToHead(a, b, wins, losses, draws)
        out[(b, a)] = HeadToHead(b, a, losses, wins, draws)
    return out


def separated(weaker: Rating, stronger: Rating, record: HeadToHead | None) -> bool:
    """Whether ``stronger`` is told apart from ``weaker``: their Elo intervals do not overlap,
    and where they met, ``stronger``'s decisive games' interval lies above 50% (a clean sweep
    of a few games collapses the bootstrap interval onto the fit; the head-to-head does not).

    >>> weak, strong = Rating("e", 1400, 1350, 1450, 10, .3), Rating("h", 1600, 1550, 1650, 10, .7)
    >>> [separated(weak, strong, HeadToHead("h", "e", w, l, 0)) for w, l in ((9, 1), (3, 2))]
    [True, False]
    """
    if stronger.low <= weaker.high:
        return False
    return record is None or record.decisive.low > 0.5


@dataclasses.dataclass(frozen=True)
class LevelVerdict:
    """Whether levels (weakest first) are ordered: ``ordered`` only when every adjacent pair
    is told apart; ``NOT ordered`` when a pair is told apart the wrong way round; else
    ``cannot tell``."""

    word: str
    steps: tuple[str, ...]
    """One line per adjacent pair."""


def level_verdict(ratings: Sequence[Rating], order: Sequence[str],
                  records: Mapping[Pair, HeadToHead]) -> LevelVerdict:
    """The verdict on ``order`` (weakest first) from the ratings' intervals and the pairs'
    head-to-head records.

    >>> r = [Rating("hard", 1700, 1650, 1750, 10, .8), Rating("easy", 1300, 1250, 1350, 10, .2),
    ...      Rating("normal", 1500, 1330, 1660, 10, .5)]
    >>> level_verdict(r, ["easy", "normal", "hard"], {}).word
    'cannot tell'
    """
    by_agent = {r.agent: r for r in ratings}
    levels = [by_agent[agent] for agent in order if agent in by_agent]
    steps, told, wrong = [], True, False
    for low, high in itertools.pairwise(levels):
        if separated(low, high, records.get((high.agent, low.agent))):
            steps.append(f"{low.agent} < {high.agent}: told apart")
        elif separated(high, low, records.get((low.agent, high.agent))):
            steps.append(f"{low.agent} > {high.agent}: told apart, the wrong way round")
            told, wrong = False, True
        else:
            record = records.get((high.agent, low.agent))
            met = "" if record is None else f"{high.agent} {record.wins}-{record.losses}" + (
                f" ({record.draws} drawn)" if record.draws else "")
            apart = high.low > low.high or low.low > high.high
            if not apart or record is None:
                overlap = f"{low.agent} vs {high.agent}: Elo intervals overlap"
                steps.append(overlap + (f"; {met}" if met else ""))
            else:
                rate = record.decisive
                steps.append(f"{low.agent} vs {high.agent}: Elo intervals apart, but {met} head to head "
                             f"({100 * rate.low:.0f}-{100 * rate.high:.0f}% of decisive games) holds 50%")
            told = False
    word = "ordered" if told else "NOT ordered" if wrong else "cannot tell"
    return LevelVerdict(word, tuple(steps))
