"""A paired match between two configurations of one AI level (e.g. hard at a larger budget
against hard as it was): the same deals, each played once from each seat.

Each configuration is the level's spec (``Game.agent_levels`` or the generic one) with some
parameters changed (:func:`soulforge.agents.with_params`). The games are the sim runner's
(:class:`~soulforge.sim.runner.SimConfig` with ``paired``: game ``i`` uses seed
``seed + i // 2``, the agents swap seats between a deal's two games), so the same command
replays the same games and a results file resumes. Where the seat decides many games (Soul of
Ankiril's second player wins about 69% between greedy agents), a deal won from both seats is
the evidence; the win rate over all games is given with its Wilson interval, and the deals
each side swept with the sign test.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from soulforge import agents
from soulforge.games import load
from soulforge.sim.runner import ResultRow, SimConfig, simulate
from soulforge.sim.stats import DealStats, Proportion, deal_stats


def level_pair(game_id: str, level: str, new: str, old: str = "") -> tuple[str, str]:
    """The specs of ``level`` at ``game_id`` with the parameters ``new`` and ``old`` set
    (``"key=value,..."``; "" is the level as declared).

    >>> level_pair("five_realms", "hard", "iterations=500")
    ('ismcts:iterations=500', 'ismcts:iterations=400')
    """
    spec = agents.level_spec(level, load(game_id))
    return agents.with_params(spec, new), agents.with_params(spec, old)


def match_config(game_id: str, new: str, old: str, deals: int, seed: int = 0,
                 options: Mapping[str, Any] | None = None) -> SimConfig:
    """``deals`` deals from seed ``seed`` on, each played with ``new`` in either seat."""
    if deals < 1:
        raise ValueError(f"deals must be at least 1, got {deals}")
    return SimConfig(game_id, (new, old), 2 * deals, seed, dict(options or {}), paired=True)


@dataclasses.dataclass(frozen=True)
class PairedMatch:
    """The result of a paired match, from the new configuration's side."""

    new: str
    old: str
    games: int
    wins: int
    losses: int
    draws: int
    deals: DealStats

    @property
    def score(self) -> float:
        """The new configuration's points a game (a win 1, a draw 1/2)."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def win_rate(self, confidence: float = 0.95) -> Proportion:
        """The new configuration's wins among all games, with the Wilson interval."""
        return Proportion.of(self.wins, self.games, confidence)

    def describe(self) -> str:
        """One line for a note: games, wins, the interval, the deals.

        >>> line = PairedMatch("a", "b", 8, 5, 2, 1, DealStats(4, (("a", 2), ("b", 0)))).describe()
        >>> print(*line.split("; "), sep="|")
        new won 5, lost 2, drew 1 of 8 games (62%, 95% CI 31-86%)|4 deals: new swept 2, old swept 0, 2 split
        """
        rate = self.win_rate()
        swept = dict(self.deals.sweeps)
        split = self.deals.deals - swept.get(self.new, 0) - swept.get(self.old, 0)
        return (f"new won {self.wins}, lost {self.losses}, drew {self.draws} of {self.games} games "
                f"({100 * rate.rate:.0f}%, 95% CI {100 * rate.low:.0f}-{100 * rate.high:.0f}%); "
                f"{self.deals.deals} deals: new swept {swept.get(self.new, 0)}, "
                f"old swept {swept.get(self.old, 0)}, {split} split")


def tally(rows: Iterable[ResultRow], config: SimConfig) -> PairedMatch:
    """The match of ``config`` (new first, old second) from its result rows."""
    new, old = config.labels
    rows = list(rows)
    wins = sum(row.get("winner_agent") == new for row in rows)
    losses = sum(row.get("winner_agent") == old for row in rows)
    return PairedMatch(new, old, len(rows), wins, losses, len(rows) - wins - losses, deal_stats(rows))


def play_match(config: SimConfig, out: str | Path, workers: int = 1) -> PairedMatch:
    """Play (or resume) the match of ``config`` into the results file ``out``."""
    return tally(simulate(config, out, workers), config)
