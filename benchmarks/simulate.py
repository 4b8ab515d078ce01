"""Simulator throughput: games per second of each game with 1 and 2 worker processes and
on a local Ray (2 CPUs), and the speed-up of 2 workers (target: 1.8 or more).

Each measure is a whole ``simulate`` run into a fresh results file, random against random
on the same seeds by default. Two rates per run: *wall* (start-up of the workers included,
as a user sees it on a short run) and *steady* (from the game that ends a tenth of the run to
the last one: what a long run gets). Each game plays as many games as one worker plays in
about ``--seconds`` (timed first), so start-up weighs alike for fast and slow games.

    python benchmarks/simulate.py [--seconds 20] [--agents random greedy] [--only five_realms ...] [--no-ray]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import soulforge
from soulforge.sim.runner import ResultRow, SimConfig, simulate


def rates(game: str, agents: tuple[str, ...], games: int, workers: int, backend: str,
          folder: Path) -> tuple[float, float]:
    """One run of ``games`` games: its wall and steady games per second."""
    out = folder / f"{game}-{backend}-{workers}.jsonl"
    ends: list[float] = []

    def on_result(_: ResultRow) -> None:
        ends.append(time.perf_counter())

    started = time.perf_counter()
    rows = simulate(SimConfig(game, agents, games, seed=1), out, workers=workers, backend=backend,
                    on_result=on_result)
    assert len(rows) == games
    first = games // 10
    steady = (games - 1 - first) / (ends[-1] - ends[first]) if ends[-1] > ends[first] else float("nan")
    return games / (ends[-1] - started), steady


def calibrate(game: str, agents: tuple[str, ...], seconds: float, folder: Path) -> int:
    """Games one worker plays in about ``seconds`` (timed on 20 games after a warm-up; even)."""
    simulate(SimConfig(game, agents, 1, seed=10_000), folder / f"warm-{game}.jsonl")
    _, steady = rates(game, agents, 20, 1, "processes", folder / "calibrate")
    return max(20, 2 * round(steady * seconds / 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the 1-worker run")
    parser.add_argument("--games", type=int, default=0, help="games per run (0: from --seconds)")
    parser.add_argument("--agents", nargs="+", default=["random", "random"], help="agent specs")
    parser.add_argument("--only", nargs="*", default=None, help="games to measure (default: all)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measure")
    args = parser.parse_args()
    games = args.only or list(soulforge.GAMES)
    if not args.no_ray:
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        print(f"ray.init: {time.perf_counter() - started:.1f} s (not counted)")
    print("games/s, wall / steady")
    print(f"{'game':<17}{'games':>6}{'1 worker':>15}{'2 workers':>15}{'speed-up':>13}{'Ray (2 CPUs)':>15}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in games:
            agents = tuple(args.agents)
            n = args.games or calibrate(game, agents, args.seconds, folder)
            one = rates(game, agents, n, 1, "processes", folder)
            two = rates(game, agents, n, 2, "processes", folder)
            on_ray = (float("nan"),) * 2 if args.no_ray else rates(game, agents, n, 2, "ray", folder)
            print(f"{game:<17}{n:>6}{one[0]:>8.1f} /{one[1]:>5.1f}{two[0]:>8.1f} /{two[1]:>5.1f}"
                  f"{two[0] / one[0]:>6.2f} /{two[1] / one[1]:>5.2f}{on_ray[0]:>8.1f} /{on_ray[1]:>5.1f}")


if __name__ == "__main__":
    main()
