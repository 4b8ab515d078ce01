"""Train sb3-contrib's MaskablePPO on one Soulforge game; report its win rates.

The learner takes a random seat each episode against ``--train-opponent``; illegal
actions are masked (``env.action_masks()``). After ``--minutes`` of training on the CPU it
plays ``--games`` games against ``random`` and against ``greedy`` (seats alternating) and
prints its win rate with a 95% Wilson interval, beside a uniformly random policy's.

    pip install sb3-contrib          # an optional extra, not needed by the tests
    python examples/train_maskable_ppo.py --game five_realms --minutes 5
    python examples/train_maskable_ppo.py --game soulgivers --minutes 5 --curve curve.png

``--curve`` trains in ``--checkpoints`` equal slices of the budget and, after each, plays
``--curve-games`` games against ``random``: the learning curve (win rate with its interval
against steps trained) is drawn to the PNG and printed as a table.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from soulforge.interop.gymnasium import SoulforgeEnv


class StopAfter(BaseCallback):  # type: ignore[misc]
    """Ends training after a wall-clock budget."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: str, opponent: str, games: int, policy: Any, seed: int) -> tuple[int, int, int]:
    """Wins, draws and losses of ``policy(env, obs)`` over ``games`` games, seats alternating."""
    results = [0, 0, 0]
    for number in range(games):
        env = SoulforgeEnv(game, opponent=opponent, seat=number % 2)
        obs, _ = env.reset(seed=seed + number)
        over, reward = False, 0.0
        while not over:
            obs, reward, over, _, _ = env.step(policy(env, obs))
        results[0 if reward > 0 else 2 if reward < 0 else 1] += 1
    return results[0], results[1], results[2]


def learning_curve(args: argparse.Namespace, model: Any, trained: Any) -> list[tuple[int, int, int]]:
    """Train in slices; after each, (steps trained, wins, games) against ``random``."""
    points = [(0, *_wins(args, trained))]
    for _ in range(args.checkpoints):
        model.learn(total_timesteps=10**9, callback=StopAfter(args.minutes * 60 / args.checkpoints),
                    reset_num_timesteps=False)
        points.append((model.num_timesteps, *_wins(args, trained)))
        print(f"  {points[-1][0]:>8} steps: {points[-1][1]}/{args.curve_games} wins against random")
    return points


def _wins(args: argparse.Namespace, policy: Any) -> tuple[int, int]:
    wins, _, _ = play(args.game, "random", args.curve_games, policy, seed=20_000)
    return wins, args.curve_games


def draw_curve(path: str, game: str, points: list[tuple[int, int, int]]) -> None:
    """The learning curve as a PNG: win rate against ``random`` with 95% Wilson intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [step for step, _, _ in points]
    rates = [wins / games for _, wins, games in points]
    bounds = [wilson(wins, games) for _, wins, games in points]
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.fill_between(steps, [low for low, _ in bounds], [high for _, high in bounds], alpha=0.25)
    axes.plot(steps, rates, marker="o")
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set(xlabel="steps trained", ylabel="win rate vs random", ylim=(0, 1),
             title=f"MaskablePPO on {game}")
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="five_realms")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--train-opponent", default="random")
    parser.add_argument("--games", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--curve", help="draw the learning curve to this PNG")
    parser.add_argument("--checkpoints", type=int, default=6, help="slices of the curve")
    parser.add_argument("--curve-games", type=int, default=40, help="games per curve point")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    env = SoulforgeEnv(args.game, opponent=args.train_opponent, seat=None)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=1024, batch_size=128, verbose=0)
    start = time.monotonic()

    def trained(env: SoulforgeEnv, obs: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    if args.curve:
        draw_curve(args.curve, args.game, learning_curve(args, model, trained))
    else:
        model.learn(total_timesteps=10**9, callback=StopAfter(args.minutes * 60))
    print(f"{args.game}: trained {model.num_timesteps} steps in {time.monotonic() - start:.0f} s "
          f"against {args.train_opponent}")

    rng = random.Random(args.seed)

    def uniform(env: SoulforgeEnv, obs: np.ndarray) -> int:
        return rng.choice(np.flatnonzero(env.action_masks()).tolist())

    for opponent in ("random", "greedy"):
        for name, policy in (("MaskablePPO", trained), ("uniform random", uniform)):
            wins, draws, losses = play(args.game, opponent, args.games, policy, seed=10_000)
            low, high = wilson(wins, args.games)
            print(f"  {name:15} vs {opponent:7} win rate {wins / args.games:.1%} "
                  f"[{low:.1%}, {high:.1%}]  ({wins} W / {draws} D / {losses} L)")


if __name__ == "__main__":
    main()
