"""Simulator throughput: games per second of each game with 1 and 2 worker processes and
on a local Ray (2 CPUs), and the speed-up of 2 workers (target: 1.8 or more).

Each measure is a whole ``simulate`` run into a fresh results file (worker start-up and
writing included, as a user sees it), random against random on the same seeds by default.
Each game plays as many games as one worker plays in about ``--seconds`` (timed first on
a few games), so start-up costs weigh alike for fast and slow games.

    python benchmarks/simulate.py [--seconds 15] [--agents random greedy] [--only five_realms ...] [--no-ray]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import soulforge
from soulforge.sim.runner import SimConfig, simulate


def games_per_second(
    game: str, agents: tuple[str, ...], games: int, workers: int, backend: str, folder: Path
) -> float:
    """One run of ``games`` games; its games per second."""
    out = folder / f"{game}-{backend}-{workers}.jsonl"
    started = time.perf_counter()
    rows = simulate(SimConfig(game, agents, games, seed=1), out, workers=workers, backend=backend)
    elapsed = time.perf_counter() - started
    assert len(rows) == games
    return games / elapsed


def calibrate(game: str, agents: tuple[str, ...], seconds: float, folder: Path) -> int:
    """Games one worker plays in about ``seconds`` (from 6 games timed inline; even)."""
    rate = games_per_second(game, agents, 6, 1, "processes", folder / "calibrate")
    return max(20, 2 * round(rate * seconds / 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of the 1-worker run")
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
    print(f"{'game':<18}{'games':>7}{'1 worker':>10}{'2 workers':>11}{'speed-up':>10}{'Ray (2)':>10}"
          "   (games/s)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in games:
            agents = tuple(args.agents)
            n = args.games or calibrate(game, agents, args.seconds, folder)
            one = games_per_second(game, agents, n, 1, "processes", folder)
            two = games_per_second(game, agents, n, 2, "processes", folder)
            on_ray = float("nan") if args.no_ray else games_per_second(game, agents, n, 2, "ray", folder)
            print(f"{game:<18}{n:>7}{one:>10.1f}{two:>11.1f}{two / one:>10.2f}{on_ray:>10.1f}")


if __name__ == "__main__":
    main()
