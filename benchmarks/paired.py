"""A paired match between two configurations of one AI level, on the same code.

``--new`` and ``--old`` change parameters of the level's spec (``"key=value,..."``; "" is
the level as the game declares it). Each deal (seed) is played twice, the configurations
swapping seats (``soulforge.sim.paired``); the figures are the new configuration's wins
with their 95% Wilson interval and the deals each side won from both seats. The results
file resumes: the same command plays only the games it lacks. With ``--decisions N`` the
CPU seconds per decision of both configurations are also timed, as ``benchmarks/agents.py``
times a level (N decisions each, alternated).

    python benchmarks/paired.py soul_of_ankiril hard --new iterations=9 [--old ""]
        [--deals 8] [--seed 400] [--workers 2] [--out match.jsonl] [--decisions 12]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from pathlib import Path

from agents import load_average, measure, percentile

from soulforge.sim.paired import level_pair, match_config, play_match


def decision_times(game_id: str, level: str, changes: str, decisions: int, seed: int) -> str:
    """Median, 95th and max CPU seconds of ``decisions`` decisions of the changed level."""
    timing = measure(game_id, level, decisions, 3, seed, "greedy:follow=0", changes)
    seconds = timing.seconds
    if not seconds:
        return "no position"
    return (f"median {statistics.median(seconds):.3f} s, 95th {percentile(seconds, 95):.3f} s, "
            f"max {max(seconds):.3f} s over {len(seconds)} decisions")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("level")
    parser.add_argument("--new", required=True, help="parameters of the new configuration")
    parser.add_argument("--old", default="", help="parameters of the old one ('': the level as declared)")
    parser.add_argument("--deals", type=int, default=8, help="seeds, each played from both seats")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="results file (JSON lines)")
    parser.add_argument("--decisions", type=int, default=0, help="also time this many decisions of each")
    args = parser.parse_args(argv)
    new, old = level_pair(args.game, args.level, args.new, args.old)
    print(f"new: {new}\nold: {old}\nload {load_average()} at the start", flush=True)
    if args.decisions:
        for name, changes in (("new", args.new), ("old", args.old)):
            print(f"{name}: {decision_times(args.game, args.level, changes, args.decisions, args.seed)}",
                  flush=True)
    config = match_config(args.game, new, old, args.deals, args.seed)
    out = args.out or Path(f"paired-{args.game}-{args.level}-{args.seed}.jsonl")
    print(play_match(config, out, args.workers).describe())
    print(f"results in {out}; load {load_average()} at the end")


if __name__ == "__main__":
    main()
