"""Ablations: the same deals played with one card replaced, and the card's effect on its
deck's win rate, with a paired sign test.

The base run and the ablated run share game, agents, seeds and seatings; only the decks
that held the card differ (:func:`soulforge.sim.decks.replace_card`: any game with deck
options, the replacement in the card's place, the changed deck checked by the game's own
deckbuilding rules). Each game of the base run is matched
with the ablated game of the same seed and seating; for every seat whose deck held the
card, the pair is *better* with the card (won with it, not without), *worse*, or tied.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

from soulforge.games import game_class
from soulforge.sim.decks import replace_card
from soulforge.sim.runner import OnResult, ResultRow, SimConfig, simulate
from soulforge.sim.stats import GameKey, Proportion, difference_interval, game_key, sign_test

OnRun = Callable[[str], tuple[Callable[[int, int], None] | None, OnResult | None]]


@dataclasses.dataclass(frozen=True)
class Ablation:
    """The effect of a card on the win rate of the seats whose deck held it."""

    card: str
    replacement: str
    with_card: Proportion
    without: Proportion
    low: float
    high: float
    better: int
    """Paired seat-games won with the card and not without it."""
    worse: int
    """Paired seat-games won without the card and not with it."""
    ties: int

    @property
    def effect(self) -> float:
        """Win rate with the card minus without it."""
        return self.with_card.rate - self.without.rate

    @property
    def p_value(self) -> float:
        """Two-sided exact sign test of the discordant pairs."""
        return sign_test(self.better, self.worse)


def _safe(name: str) -> str:
    """A file name made of letters, digits and ``._-``."""
    return "".join(c if c.isalnum() or c in "._-" else "_" for c in name)


def _won(row: ResultRow, seat: int) -> bool:
    winner = row.get("winner")
    return winner is not None and int(winner) == seat


def card_seats(row: ResultRow, card: str) -> list[int]:
    """The seats of a row whose summary says their deck held ``card``."""
    seats = (row.get("summary") or {}).get("seats") or []
    return [seat for seat, entry in enumerate(seats) if card in entry.get("cards", ())]


def compare_runs(
    base: Sequence[ResultRow], ablated: Sequence[ResultRow], card: str, replacement: str
) -> Ablation:
    """Match the two runs game by game (seed and seating) and measure the card's effect.

    >>> seats = {"seats": [{"cards": ["k"]}, {}]}
    >>> base = [{"seed": 1, "agents": ["a", "b"], "winner": 0, "summary": seats},
    ...         {"seed": 2, "agents": ["a", "b"], "winner": 0, "summary": seats}]
    >>> ablated = [dict(base[0], winner=1), dict(base[1])]
    >>> result = compare_runs(base, ablated, "k", "q")
    >>> result.better, result.worse, result.ties, result.effect
    (1, 0, 1, 0.5)
    """
    other: dict[GameKey, ResultRow] = {game_key(row): row for row in ablated}
    with_wins = without_wins = better = worse = ties = trials = 0
    for row in base:
        twin = other.get(game_key(row))
        if twin is None:
            continue
        for seat in card_seats(row, card):
            won, won_without = _won(row, seat), _won(twin, seat)
            trials += 1
            with_wins += won
            without_wins += won_without
            better += won and not won_without
            worse += won_without and not won
            ties += won == won_without
    low, high = difference_interval(with_wins, trials, without_wins, trials)
    return Ablation(card, replacement, Proportion.of(with_wins, trials),
                    Proportion.of(without_wins, trials), low, high, better, worse, ties)


def run_ablation(
    base: SimConfig, card: str, replacement: str, folder: Path, workers: int = 1,
    backend: str = "processes", on_run: OnRun | None = None, address: str | None = None,
) -> Ablation:
    """Play ``base`` (paired) as it is and with ``replacement`` for ``card`` in every deck
    holding it, one resumable results file each under ``folder``; the card's effect."""
    game = game_class(base.game)(**base.options)
    ablated_options = replace_card(game, card, replacement)
    game_class(base.game)(**ablated_options)  # the ablated decks must be legal
    folder.mkdir(parents=True, exist_ok=True)
    runs = {"base": dataclasses.replace(base, paired=True),
            "ablated": dataclasses.replace(base, options=ablated_options, paired=True)}
    files = {"base": folder / "base.jsonl", "ablated": folder / _safe(f"{replacement}-for-{card}.jsonl")}
    rows: dict[str, list[ResultRow]] = {}
    for name, config in runs.items():
        on_start, on_result = on_run(name) if on_run is not None else (None, None)
        rows[name] = simulate(config, files[name], workers, backend, on_start, on_result, address)
    return compare_runs(rows["base"], rows["ablated"], card, replacement)
