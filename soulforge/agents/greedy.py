"""Greedy: one-ply lookahead scored by the game's heuristic, on determinizations only.

The agent never looks at hidden information: it samples ``samples`` determinizations of
the state from its own seat (``state.determinize(player, rng)``), applies each legal
action in a clone of every sample and scores the result with ``game.heuristic``. When an
action leaves the same seat to decide again (a turn made of several choices), the
follow-up choices are made greedily, up to ``follow`` more steps, and the action is worth
the state so reached. Scores are averaged over the samples; ties (and the optional
``noise``) are resolved by the agent's own seeded rng.

With ``beam=k`` (a cheaper greedy for play-outs: :meth:`GreedyAgent.choice`), every legal
action is scored one step ahead and only the ``k`` best are followed up; the others are not
chosen. A follow-up costs a scan of every legal action per step, so a decision over ``n``
actions costs about ``n * (1 + follow * k)`` evaluations instead of ``n * (1 + follow * n)``.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from soulforge.core import Action, Seat, State


# Compiled (tools/build_native.py), a native class is final unless it allows Python subclasses:
# tests subclass it (greedy variants that count or reshape its follow-ups).
@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyAgent:
    """One-ply lookahead over determinizations (spec ``greedy:seed=1,samples=4``).

    Parameters:
        seed: seed of the agent's own rng (determinizations, tie-breaks, noise).
        samples: determinizations averaged per decision.
        follow: how many further decisions of the same seat are followed greedily
            after the action being scored (0: score right after the action).
        noise: standard deviation of Gaussian noise added to each averaged score
            (0: none); used to make weaker levels.
        beam: in :meth:`choice` (a play-out's move), follow up only the ``beam`` actions
            best one step ahead (0: every action, as :meth:`act` always does).
    """

    name = "greedy"

    def __init__(
        self, seed: int = 0, samples: int = 1, follow: int = 4, noise: float = 0.0, beam: int = 0
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, got {samples}")
        if follow < 0:
            raise ValueError(f"follow must be at least 0, got {follow}")
        if noise < 0:
            raise ValueError(f"noise must be at least 0, got {noise}")
        if beam < 0:
            raise ValueError(f"beam must be at least 0, got {beam}")
        self.seed = seed
        self.samples = samples
        self.follow = follow
        self.noise = noise
        self.beam = beam
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return (
            f"GreedyAgent(seed={self.seed}, samples={self.samples}, follow={self.follow}, noise={self.noise}"
            + (f", beam={self.beam})" if self.beam else ")")
        )

    def act(self, state: State, player: Seat) -> Action:
        """The legal action with the best average heuristic score for ``player``."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        worlds = [state.determinize(player, self.rng) for _ in range(self.samples)]
        scores = [self._average(worlds, action, player) for action in legal]
        if self.noise:
            scores = [score + self.rng.gauss(0.0, self.noise) for score in scores]
        return pick_best(legal, scores, self.rng)

    def choice(self, world: State, mover: Seat) -> Action:
        """Greedy's choice for ``mover`` in ``world`` itself (no determinization: ``world``
        is already one, as in a search's play-out)."""
        legal = world.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.beam and self.follow and len(legal) > self.beam:
            return self._beam_choice(world, legal, mover)
        return pick_best(legal, [self.score(world, action, mover) for action in legal], self.rng)

    def _beam_choice(self, world: State, legal: Sequence[Action], mover: Seat) -> Action:
        """:meth:`choice` following up only the ``beam`` actions best one step ahead (the
        first listed among equals)."""
        # Only the ``beam`` best so far are held, by (-value, place): what sorting every step
        # and cutting would keep, while each other successor is dropped at once. Held
        # successors (dozens of containers each) are what sets off the garbage collector's
        # passes: a pass runs after ~700 container allocations not yet freed.
        kept: list[tuple[float, int, State]] = []
        for i, action in enumerate(legal):
            after = world.clone()
            after.apply(action)
            insort(kept, (-evaluate(after, mover), i, after))  # i unique: states never compared
            if len(kept) > self.beam:
                kept.pop()
        scores = [self._followed(after, -negated, mover) for negated, _, after in kept]
        return pick_best([legal[i] for _, i, _ in kept], scores, self.rng)

    def _average(self, worlds: Sequence[State], action: Action, player: Seat) -> float:
        """Mean score of ``action`` over the worlds where it is legal (-inf if none)."""
        values = [self.score(world, action, player) for world in worlds if world.is_legal(action)]
        return sum(values) / len(values) if values else float("-inf")

    def score(self, world: State, action: Action, player: Seat) -> float:
        """The heuristic value for ``player`` of ``action`` applied in a clone of ``world``.

        Further decisions of ``player`` that follow at once are made greedily (up to
        ``follow`` of them) and the value of the state so reached is returned.
        """
        after = world.clone()
        after.apply(action)
        return self._followed(after, evaluate(after, player), player)

    def _followed(self, after: State, value: float, player: Seat) -> float:
        """The value of ``after`` (worth ``value``) once ``player``'s next decisions, up to
        ``follow`` of them, are made greedily."""
        for _ in range(self.follow):
            if after.current_player != player:
                break
            after, value = self._best_successor(after, player)
        return value

    def _best_successor(self, state: State, player: Seat) -> tuple[State, float]:
        """The successor of ``state`` with the best heuristic value, and that value."""
        # The ties with the best value, kept as they come (a successor leaves when a better
        # value puts it out of reach): the same ties, in the same order, as filtering every
        # successor by the final best, while the others are dropped at once instead of held
        # (held, they set off the garbage collector: see _beam_choice).
        ties: list[tuple[State, float]] = []
        top = -math.inf
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            value = evaluate(child, player)
            if value > top:
                top = value
                ties = [tie for tie in ties if tie[1] >= top - 1e-12]
            if value >= top - 1e-12:
                ties.append((child, value))
        if not ties:
            raise ValueError("no legal action: the game is over")
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)


def evaluate(state: State, player: Seat) -> float:
    """Final result for a finished game, otherwise the game's heuristic, for ``player``."""
    if state.is_over:
        return float(state.returns()[player])
    return float(state.game.heuristic(state, player))


def pick_best(actions: Sequence[Action], scores: Sequence[float], rng: random.Random) -> Action:
    """The action with the highest score; ties broken by ``rng``."""
    top = max(scores)
    ties = [action for action, score in zip(actions, scores, strict=True) if score >= top - 1e-12]
    return ties[0] if len(ties) == 1 else rng.choice(ties)
