"""How ISMCTS values a leaf: evaluator and rollout-policy objects.

As OpenSpiel's ``MCTSBot`` takes an ``Evaluator``, :class:`~soulforge.agents.ismcts.ISMCTSAgent`
takes one object that values the leaf an iteration reaches (:class:`Evaluator`), and
rollouts take a :class:`RolloutPolicy` that picks each move. The spec's ``rollout``
parameter names one (:func:`evaluator_for`):

- ``random``: :class:`RolloutEvaluator` with :class:`RandomPolicy`, ``rollout_depth`` moves,
  then results or the heuristic;
- ``heuristic``: the same with no move (the heuristic at the leaf at once);
- ``greedy``: :class:`RolloutEvaluator` with :class:`GreedyPolicy` (random where the game
  has no heuristic and rollouts run to the end);
- ``reply``: :class:`ReplyEvaluator`, the searcher's turn and the other seats' answer, then
  ``game.turn_value`` where the searcher's next turn begins.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Protocol

from soulforge.agents.rollouts import Chooser, greedy_move, leaf_values, reply_rollout, turn_start_values
from soulforge.core import Action, Seat, State

ROLLOUTS = ("random", "heuristic", "greedy", "reply")


@dataclasses.dataclass
class Leaf:
    """What the search knows of the leaf it asks to value."""

    searcher: Seat
    depth: int
    """Moves a rollout may play before it is valued (negative: to the end of the game)."""
    replied: bool
    """Whether another seat than the searcher moved on the way from the root."""
    turn: list[Action] | None = None
    """With a kept plan: receives the searcher's moves of its own turn played by the rollout."""


class RolloutPolicy(Protocol):
    """Picks a rollout's next move among ``legal`` in ``world``."""

    def choose(self, world: State, legal: Sequence[Action]) -> Action: ...


class Evaluator(Protocol):
    """Values the leaf ``world`` for every seat (``world`` may be played on in place)."""

    def evaluate(self, world: State, leaf: Leaf) -> list[float]: ...


@dataclasses.dataclass
class RandomPolicy:
    """A uniformly random move, drawn from the search's own rng."""

    rng: random.Random

    def choose(self, world: State, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


class GreedyPolicy:
    """The move with the best heuristic for its mover one step ahead."""

    def choose(self, world: State, legal: Sequence[Action]) -> Action:
        return greedy_move(world, legal)


@dataclasses.dataclass
class RolloutEvaluator:
    """Play ``leaf.depth`` moves by ``policy`` (``fallback`` when the depth is unbounded:
    a game with no heuristic), then results or the heuristic of every seat."""

    policy: RolloutPolicy
    fallback: RolloutPolicy

    def evaluate(self, world: State, leaf: Leaf) -> list[float]:
        policy = self.policy if leaf.depth >= 0 else self.fallback
        steps = 0
        while not world.is_over and steps != leaf.depth:
            world.apply(policy.choose(world, world.legal_actions()))
            steps += 1
        return leaf_values(world)


@dataclasses.dataclass
class ReplyEvaluator:
    """The searcher's turn by ``own``, the other seats' answer by ``answer``, valued where
    the searcher's next turn begins (:func:`~soulforge.agents.rollouts.reply_rollout`)."""

    own: Chooser
    answer: Chooser

    def evaluate(self, world: State, leaf: Leaf) -> list[float]:
        world = reply_rollout(world, leaf.searcher, leaf.replied, leaf.depth, self.own, self.answer,
                              leaf.turn)
        return turn_start_values(world, leaf.searcher)


def evaluator_for(rollout: str, rng: random.Random, own: Chooser, answer: Chooser) -> Evaluator:
    """The evaluator a spec's ``rollout`` names; ``rng`` is the search's own (draw order)."""
    random_policy = RandomPolicy(rng)
    if rollout == "reply":
        return ReplyEvaluator(own, answer)
    if rollout == "greedy":
        return RolloutEvaluator(GreedyPolicy(), random_policy)
    if rollout in ("random", "heuristic"):
        return RolloutEvaluator(random_policy, random_policy)
    raise ValueError(f"rollout must be one of {ROLLOUTS}, got {rollout!r}")
