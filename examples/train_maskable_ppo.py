"""Train sb3-contrib's MaskablePPO on one Soulforge game; report its win rates.

The learner takes a random seat each episode against ``--train-opponent``; illegal
actions are masked (``env.action_masks()``). After ``--minutes`` of training on the CPU it
plays ``--games`` games against ``random`` and against ``greedy`` (seats alternating) and
prints its win rate with a 95% Wilson interval, beside a uniformly random policy's.

    pip install sb3-contrib          # an optional extra, not needed by the tests
    python examples/train_maskable_ppo.py --game five_realms --minutes 5
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="five_realms")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--train-opponent", default="random")
    parser.add_argument("--games", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    env = SoulforgeEnv(args.game, opponent=args.train_opponent, seat=None)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=1024, batch_size=128, verbose=0)
    start = time.monotonic()
    model.learn(total_timesteps=10**9, callback=StopAfter(args.minutes * 60))
    print(f"{args.game}: trained {model.num_timesteps} steps in {time.monotonic() - start:.0f} s "
          f"against {args.train_opponent}")

    def trained(env: SoulforgeEnv, obs: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

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
