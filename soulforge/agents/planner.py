"""Turn planning against the answer: information-set Monte Carlo search over whole turns.

For games whose turns are long chains of decisions (summon, move, attack, ... end turn),
a tree search spends its iterations inside the own turn and rarely reaches the opponent's
answer, where most of a plan's worth is decided. This search is flat instead: each
candidate first decision is followed to the end of the turn and through the answer, and
valued at the start of the searcher's next turn.

At a decision the planner:

1. samples ``worlds`` determinizations from its seat (``state.determinize``), so it never
   sees what its seat may not;
2. ranks the legal actions by greedy's score with a follow-up of ``root_follow`` decisions
   (``GreedyAgent.score``) in the first world and keeps the best ``candidates``;
3. plays each candidate in each world, completes the turn with greedy (``follow``), lets
   the other seats answer with greedy (``answer_follow``; one step ahead by default) until
   the searcher is to move again, and values that position with ``game.turn_value``
   (results where the game ended): :func:`~soulforge.agents.rollouts.reply_rollout`;
4. chooses the candidate with the best mean value, and keeps the rest of its turn in the
   first world as a plan: the next decisions of the turn play the plan as long as the
   seat's view is the one the plan foresaw (a drawn card or a refused step ends it and a
   new search starts).

ISMCTS with ``rollout="reply"`` and ``keep_plan=1`` runs the same play-outs from a tree
(one world a search, iterations spent by UCB); this flat search averages each candidate
over several worlds. At Soul of Ankiril both were measured against greedy (its NOTES.md,
"Agents"); the hard level is the ISMCTS one.

Only ``determinize``, ``legal_actions``, ``is_legal``, ``apply``, ``clone``, ``view``,
``current_player``, ``is_over``, ``returns``, ``game.heuristic`` and ``game.turn_value``
are used.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from soulforge.agents.greedy import GreedyAgent, pick_best
from soulforge.agents.plans import PlannedStep, foreseen_steps, next_planned
from soulforge.agents.rollouts import reply_rollout, turn_start_values
from soulforge.core import Action, Seat, State


# Compiled (tools/build_native.py), a native class is final unless it allows Python subclasses:
# tests subclass it (a planner that must not search while its plan holds).
@mypyc_attr(allow_interpreted_subclasses=True)
class TurnPlannerAgent:
    """Flat search over whole turns valued after the answer (spec ``planner:candidates=12``).

    Parameters:
        seed: seed of the agent's own rng (determinizations, tie-breaks).
        candidates: how many first decisions, best by greedy's score, are searched.
        worlds: determinizations each candidate is played in (values are averaged).
        follow: greedy's follow-up when completing the searcher's own turn.
        root_follow: greedy's follow-up when ranking the candidates.
        keep_plan: 1 to play the rest of the chosen turn without searching again while the
            seat's view is the foreseen one, 0 to search at every decision.
        answer_follow: the follow-up of the greedy that models the other seats' answer (0:
            one-step greedy; the default greedy agent follows 4).
    """

    name = "planner"

    def __init__(
        self,
        seed: int = 0,
        candidates: int = 12,
        worlds: int = 2,
        follow: int = 1,
        root_follow: int = 4,
        keep_plan: int = 1,
        answer_follow: int = 0,
    ) -> None:
        if candidates < 1 or worlds < 1:
            raise ValueError(f"candidates and worlds must be at least 1, got {candidates} and {worlds}")
        if min(follow, root_follow, answer_follow) < 0:
            raise ValueError(
                f"follow, root_follow and answer_follow must be at least 0, got {follow}, {root_follow}"
                f" and {answer_follow}")
        self.seed, self.candidates, self.worlds = seed, candidates, worlds
        self.follow, self.root_follow, self.keep_plan = follow, root_follow, bool(keep_plan)
        self.rng = random.Random(seed)
        self._own = GreedyAgent(seed=seed, follow=follow)
        self.answer_follow = answer_follow
        self._answer = GreedyAgent(seed=seed + 1, follow=answer_follow)
        self._ranker = GreedyAgent(seed=seed + 2, follow=root_follow)
        self.plan: list[PlannedStep] = []
        """The rest of the chosen turn, first step first (empty when none is kept)."""

    def __repr__(self) -> str:
        return (
            f"TurnPlannerAgent(seed={self.seed}, candidates={self.candidates}, worlds={self.worlds}, "
            f"follow={self.follow}, root_follow={self.root_follow}, keep_plan={int(self.keep_plan)}, "
            f"answer_follow={self.answer_follow})"
        )

    def act(self, state: State, player: Seat) -> Action:
        """The planned step if the plan still holds, else the best candidate of a new search."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        planned = self._planned_step(state, player)
        if planned is not None:
            return planned
        if len(legal) == 1:
            return legal[0]
        worlds = [state.determinize(player, self.rng) for _ in range(self.worlds)]
        action, turn = self._search(worlds, player, legal)
        if self.keep_plan:
            self.plan = foreseen_steps(worlds[0], player, turn)[1:]
        return action

    def _planned_step(self, state: State, player: Seat) -> Action | None:
        """The kept plan's next action if the seat sees what the plan foresaw (else drop it)."""
        return next_planned(self.plan, state, player)

    def _search(
        self, worlds: Sequence[State], player: Seat, legal: Sequence[Action]
    ) -> tuple[Action, list[Action]]:
        """The candidate with the best mean value over ``worlds``, and its turn in the first."""
        ranked = self._candidates(worlds[0], player, legal)
        values: list[float] = []
        turns: list[list[Action]] = []
        for action in ranked:
            outcomes = [self.play_out(world, action, player) for world in worlds if world.is_legal(action)]
            values.append(sum(value for value, _ in outcomes) / len(outcomes) if outcomes else -math.inf)
            turns.append(outcomes[0][1] if worlds[0].is_legal(action) else [action])
        best = pick_best(ranked, values, self.rng)
        return best, turns[ranked.index(best)]

    def _candidates(self, world: State, player: Seat, legal: Sequence[Action]) -> list[Action]:
        """The ``candidates`` legal actions with the best greedy scores in ``world``."""
        scores = {action: self._ranker.score(world, action, player) for action in legal}
        return sorted(legal, key=lambda action: -scores[action])[: self.candidates]

    def play_out(self, world: State, action: Action, player: Seat) -> tuple[float, list[Action]]:
        """``player``'s value of ``action`` in a clone of ``world`` after its turn and the
        answer, with the turn's actions (``action`` first)."""
        after = world.clone()
        after.apply(action)
        turn = [action]
        reply_rollout(after, player, False, -1, self._own.choice, self._answer.choice, turn)
        return turn_start_values(after, player)[player], turn
