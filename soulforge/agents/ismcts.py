"""Information-set Monte Carlo tree search (single observer), generic over the core contract.

Each iteration samples a determinization of the root from the searcher's seat
(``state.determinize(player, rng)``), so the search never sees hidden information. One
tree is shared by all iterations: a node is the sequence of ``(mover, action)`` pairs
played from the root, i.e. what the searcher would observe in the single-observer
view (Cowling, Powley & Whitehouse 2012; OpenSpiel's ``ISMCTSBot``). Chance is left to
each determinization's own rng, so a node is an open-loop sequence of decisions.

Because the legal actions of a node vary between determinizations (the opponent's
cards differ), selection uses *availability counts*: an edge's exploration term uses the
number of times it was available, not the parent's visit count.

Leaves are evaluated by a random rollout truncated after ``rollout_depth`` moves and
then scored with ``game.heuristic`` for every seat (or by the heuristic at once with
``rollout="heuristic"``); finished games use ``returns()``. A game that does not
override ``heuristic`` (whose default knows only final results) gets random rollouts to
the end instead, whatever the settings. Each edge accumulates the reward of the seat
that chose it, so the search handles any number of players.

Heuristic guidance (opt-in, for games whose turns are long chains of wide decisions):
with ``bias`` or ``widen`` set, each node scores every legal action once by
``game.heuristic`` of its mover after applying it in the current determinization (its
*prior*; finished games score by ``returns()``). Untried actions are then expanded best
prior first instead of at random; *progressive bias* adds ``bias * prior / (visits + 1)``
to an edge's UCB value (Chaslot et al. 2008); *progressive widening* lets a node visited
``n`` times consider only its ``ceil(widen * sqrt(n))`` legal actions with the best priors,
so a few hundred iterations follow the promising lines of a turn deep instead of trying
each of hundreds of options once.

Turn planning (opt-in, ``backup="max"``): a seat's consecutive decisions (the steps of
one turn) form a single-agent planning problem, nearly deterministic from the searcher's
seat, where the value of a step is that of the best continuation, not the average of the
continuations tried. With ``backup="max"`` an edge whose child node is decided by the same
seat is valued by the best estimate among that child's edges (recursively, along the
iteration's path); an edge handing the move to another seat keeps its mean. The
opponent's replies are still averaged as in plain ISMCTS (a max there would assume the
worst reply seen in any determinization). This is the max backup of single-player MCTS
(Schadd et al. 2008) restricted to runs of one seat's decisions, as in turn-based games
with several actions a turn (Justesen et al. 2016, Hero Academy).

Greedy root priors (opt-in, ``root_follow=k``): the root's priors are the scores the
greedy agent gives its actions (``GreedyAgent.score`` in one determinization: each action
followed by up to ``k`` greedy decisions of the same seat), not their one-step heuristic.
Widening at the root then starts from greedy's choice and from the actions that set up
the next ones (a move that lets a Creature attack scores low by itself), which a one-step
prior would cut away; deeper nodes keep one-step priors, which are cheap. It turns on
heuristic guidance (``widen`` decides how far the root widens).

A fixed pool of worlds (opt-in, ``worlds=k``): instead of a new determinization every
iteration, iteration ``i`` uses world ``i mod k`` of ``k`` determinizations drawn once per
search. Each node then keeps the state of its action sequence in each world, so an
iteration clones and applies only the one action it expands instead of replaying the
whole path (an iteration costs about what one greedy evaluation does, and the search can
afford the thousands of iterations a turn of many decisions needs). The tree, the
availability counts and the information the search may use are those of ISMCTS; chance
is fixed per world, so ``k`` should not be too small where chance matters within the
search horizon.

Searching through the answer (opt-in, ``rollout="reply"``): where a turn is a long chain
of decisions, a tree of a few thousand iterations rarely gets past the searcher's own turn,
while most of a turn's worth is decided by the opponent's answer to it. A reply rollout
completes the searcher's turn and then plays the other seats' answer, and the leaf is
valued where the searcher's next turn begins, by ``game.turn_value`` (a value made for
that moment; the heuristic by default). Both are played by greedy:
``rollout_follow`` and ``answer_follow`` give each side greedy's follow-up (the default
greedy agent follows 4), so the answer is the one a competent opponent would give in that
determinization. Such rollouts cost about what greedy's own turn does, so this search runs
a handful of iterations: with root priors (``root_follow``) and ``widen``, each iteration
tries the next best first decision by greedy's score. With ``keep_plan=1`` the search keeps
the searcher's moves of the best iteration through the chosen action (its own turn) and
plays them at the next decisions, without searching, while the seat's view is the one
foreseen (:mod:`soulforge.agents.plans`): one search a turn, and a new one after a draw
or a surprise.

Playing on after the search (opt-in, ``rest_follow=k``): the search decides the first move of
the seat's run of decisions (its turn), and the rest of the run is played by greedy with a
follow-up of ``k`` decisions, deciding each step on the position as it is (a new
determinization each time) instead of searching again or replaying a kept plan. A decision
continues the run when the previous move of the game was this agent's own. The search's
rollouts may then be cheaper models of the turn (``rollout_beam``) than the moves played.

Only ``determinize``, ``legal_actions``, ``apply``, ``clone``, ``view``, ``is_legal``,
``current_player``, ``is_over``, ``returns``, ``game.heuristic`` and ``game.turn_value``
are used.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from mypy_extensions import mypyc_attr

from soulforge.agents.evaluators import ROLLOUTS, Evaluator, Leaf, evaluator_for
from soulforge.agents.greedy import GreedyAgent
from soulforge.agents.plans import PlannedStep, foreseen_steps, next_planned
from soulforge.agents.rollouts import Chooser, one_step, prior_value
from soulforge.core import Action, Game, Seat, State

BACKUPS = ("mean", "max")

Key = tuple[Seat, Action]


class Edge:
    """Statistics of one ``(mover, action)`` choice at a node, and the node it leads to."""

    __slots__ = ("action", "available", "born", "child", "estimate", "prior", "total", "visits")

    def __init__(self, prior: float = 0.0, born: int = 0, action: Action | None = None) -> None:
        self.action = action
        """The action chosen along this edge (kept for the plans of ``keep_plan``)."""
        self.visits = 0
        self.total = 0.0
        """Sum of the rewards of the seat that chose this edge."""
        self.available = 1
        """Times the edge was legal when its node was visited (its first time included)."""
        self.child = Node()
        self.prior = prior
        """The mover's heuristic value after this action (0 without guidance)."""
        self.estimate = 0.0
        """The value UCB uses: the mean, or with ``backup="max"`` the best continuation's."""
        self.born = born
        """Visits of its node before the one that created it."""

    def always_available(self, node_visits: int) -> bool:
        """Whether the edge was legal at every visit of its node since it was created."""
        return self.available >= node_visits - self.born

    def ucb(self, exploration: float, bias: float = 0.0) -> float:
        """Mean reward plus the availability-count exploration bonus and progressive bias."""
        if self.visits == 0:
            return math.inf
        value = self.estimate + exploration * math.sqrt(math.log(self.available) / self.visits)
        return value + bias * self.prior / (self.visits + 1) if bias else value


class Node:
    """A node of the tree: the edges tried from the action sequence it stands for."""

    __slots__ = ("edges", "priors", "ranked", "rows", "states", "visits")

    def __init__(self) -> None:
        self.edges: dict[Key, Edge] = {}
        self.priors: dict[Key, float] = {}
        """Heuristic priors of the legal actions met here (guided search only)."""
        self.visits = 0
        """Times the search passed through this node."""
        self.states: dict[int, State] = {}
        """With a pool of worlds: the state this node stands for in each world met."""
        self.rows: dict[int, list[Edge | None]] = {}
        """With a pool of worlds: per world, the edges in the order of its legal list."""
        self.ranked: dict[int, list[Action]] = {}
        """With a pool of worlds and guidance: per world, its legal list by decreasing prior."""

    def lookup(self, mover: Seat, legal: Sequence[Action]) -> list[Edge | None]:
        """The edges of ``legal`` (None: untried), in its order."""
        edges = self.edges
        return [edges.get((mover, action)) for action in legal]

    def aligned(self, world: int | None, mover: Seat, legal: Sequence[Action]) -> list[Edge | None]:
        """:meth:`lookup` kept per pooled world (whose legal list here never changes): the
        row fills in as edges appear, so a visit hashes only the actions still untried."""
        assert world is not None
        row = self.rows.get(world)
        if row is None:
            row = self.rows[world] = [None] * len(legal)
        edges = self.edges
        for i, edge in enumerate(row):
            if edge is None:
                row[i] = edges.get((mover, legal[i]))
        return row


# Compiled (tools/build_native.py), a native class is final unless it allows Python subclasses:
# tests subclass it (the fairness check's search on the true state).
@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSAgent:
    """Single-observer ISMCTS (spec ``ismcts:iterations=400,seed=1``).

    Parameters:
        iterations: iterations per decision (an upper bound when ``time_limit`` is set).
        seed: seed of the agent's own rng (determinizations, expansion, rollouts).
        exploration: the UCB exploration constant (rewards lie in [-1, 1]).
        rollout: ``"random"`` (random moves, then the heuristic), ``"heuristic"``
            (the heuristic at the leaf at once) or ``"greedy"`` (each move the best by
            its mover's heuristic one step ahead, then the heuristic; keep
            ``rollout_depth`` small, each move scores every legal action) or ``"reply"``
            (greedy moves until the searcher is to move again after the other seats have
            answered, then ``game.turn_value`` of the searcher, whose turn begins there:
            :func:`~soulforge.agents.rollouts.reply_rollout`).
        rollout_depth: moves of a random (or greedy) rollout before the heuristic scores it
            (for ``"reply"``, a cap on the moves to the searcher's next turn);
            negative plays to the end of the game (always so for a game without a
            heuristic of its own).
        time_limit: seconds per decision (0: none), a ceiling: the search stops at
            ``iterations`` or when ``clock`` has advanced this much, whichever comes first
            (checked between iterations; the first always runs). When it ends a search
            before ``iterations``, the choice depends on the machine's speed and load, so
            seeded runs (the sim, the lab, the tests) leave it off or high enough never to
            bind (NOTES.md, "Time budget").
        bias: weight of the progressive bias ``bias * prior / (visits + 1)`` (0: none).
        widen: progressive widening: a node visited ``n`` times considers its
            ``ceil(widen * sqrt(n))`` best actions by prior (0: all of them).
            Either of ``bias`` and ``widen`` turns on heuristic priors and
            best-prior-first expansion.
        backup: ``"mean"`` (plain ISMCTS) or ``"max"`` (a seat's consecutive decisions
            are valued by their best continuation; see the module's docstring).
        worlds: the size of the pool of determinizations searched in turn, their states
            kept in the nodes (0: a new determinization every iteration).
        root_follow: the root's priors are greedy's scores with a follow-up of this many
            decisions (see the module's docstring); -1: one-step priors like every node.
        rollout_follow, answer_follow: in a ``"reply"`` rollout, the searcher's own moves
            and the other seats' answer are chosen by greedy with a follow-up of this many
            decisions (0: one step ahead, the cheapest; the default greedy agent follows 4).
        rollout_beam: in a ``"reply"`` rollout, greedy follows up only the ``rollout_beam``
            moves best one step ahead (``GreedyAgent``'s ``beam``; 0: every move). A
            decision then costs about ``n * (1 + follow * beam)`` evaluations instead of
            ``n * (1 + follow * n)`` over ``n`` legal actions.
        answer_beam: the same for the other seats' answer only (-1: ``rollout_beam``), so the
            searcher's own turn may be played out in full and the model of the reply cut.
        rest_follow: after a search, the rest of the seat's run of decisions (the decisions
            that follow its own move at once) is played by greedy with this follow-up, one
            decision at a time on the position (-1: search at every decision).
        keep_plan: 1 to keep the rest of the chosen turn (the searcher's own moves of the
            best iteration through the chosen action, rollout included) and play it without
            searching while the seat's view is the foreseen one (see the module's docstring).
        evaluator: the leaf evaluator (:mod:`soulforge.agents.evaluators`); by default the
            one ``rollout`` names, its random moves drawn from the agent's own rng.
        clock: what ``time_limit`` is measured by (seconds; default the wall clock,
            ``time.perf_counter``; ``time.process_time`` counts this process's CPU only).
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 400,
        seed: int = 0,
        exploration: float = 1.4,
        rollout: str = "random",
        rollout_depth: int = 20,
        time_limit: float = 0.0,
        bias: float = 0.0,
        widen: float = 0.0,
        backup: str = "mean",
        worlds: int = 0,
        root_follow: int = -1,
        rollout_follow: int = 0,
        answer_follow: int = 0,
        rollout_beam: int = 0,
        answer_beam: int = -1,
        rest_follow: int = -1,
        keep_plan: int = 0,
        evaluator: Evaluator | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if exploration < 0:
            raise ValueError(f"exploration must be at least 0, got {exploration}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}, got {rollout!r}")
        if time_limit < 0:
            raise ValueError(f"time_limit must be at least 0, got {time_limit}")
        if clock is not None and not callable(clock):
            raise ValueError(f"clock must be a function returning seconds, got {clock!r}")
        if worlds < 0:
            raise ValueError(f"worlds must be at least 0, got {worlds}")
        if backup not in BACKUPS:
            raise ValueError(f"backup must be one of {BACKUPS}, got {backup!r}")
        if bias < 0 or widen < 0:
            raise ValueError(f"bias and widen must be at least 0, got {bias} and {widen}")
        if root_follow < -1:
            raise ValueError(f"root_follow must be at least -1 (off), got {root_follow}")
        if rollout_follow < 0 or answer_follow < 0:
            raise ValueError(f"rollout_follow and answer_follow must be at least 0, "
                             f"got {rollout_follow} and {answer_follow}")
        if rollout_beam < 0:
            raise ValueError(f"rollout_beam must be at least 0, got {rollout_beam}")
        if answer_beam < -1:
            raise ValueError(f"answer_beam must be at least -1 (as rollout_beam), got {answer_beam}")
        if rest_follow < -1:
            raise ValueError(f"rest_follow must be at least -1 (off), got {rest_follow}")
        self.iterations = iterations
        self.seed = seed
        self.exploration = float(exploration)
        self.rollout = rollout
        self.rollout_depth = rollout_depth if rollout != "heuristic" else 0
        self.time_limit = float(time_limit)
        self.clock: Callable[[], float] = clock or time.perf_counter
        self.bias = float(bias)
        self.widen = float(widen)
        self.root_follow = root_follow
        self.guided = bool(bias or widen) or root_follow >= 0
        self._root_scorer = GreedyAgent(seed=seed, follow=root_follow) if root_follow >= 0 else None
        self.backup = backup
        self.worlds = worlds
        self.rollout_follow, self.answer_follow = rollout_follow, answer_follow
        self.rollout_beam = rollout_beam
        self.answer_beam = rollout_beam if answer_beam < 0 else answer_beam
        self.rest_follow = rest_follow
        self._rest = GreedyAgent(seed=seed + 3, follow=rest_follow) if rest_follow >= 0 else None
        self._acted: tuple[int, Action] | None = None
        """With ``rest_follow``: the move number of the position this agent's last move
        was played in, and that move."""
        self.keep_plan = bool(keep_plan)
        self.plan: list[PlannedStep] = []
        """With ``keep_plan``: the rest of the chosen turn, first step first."""
        self._turns: dict[Action, tuple[float, State, list[Action]]] = {}
        """With ``keep_plan``, per root action: the best iteration's value, root world and
        the searcher's moves in it."""
        self.rng = random.Random(seed)
        self.evaluator = evaluator or evaluator_for(
            rollout, self.rng, follower(rollout_follow, seed + 1, rollout_beam),
            follower(answer_follow, seed + 2, self.answer_beam))
        """Values the leaf of each iteration (a rollout and the heuristic, or a reply)."""
        self.last_iterations = 0
        """Iterations run by the last search (for benchmarks and the web table)."""
        self._depth = self.rollout_depth
        self._player: Seat = 0
        """The seat searching (set by each search)."""

    def __repr__(self) -> str:
        return (
            f"ISMCTSAgent(iterations={self.iterations}, seed={self.seed}, exploration={self.exploration}, "
            f"rollout={self.rollout!r}, rollout_depth={self.rollout_depth}, time_limit={self.time_limit}"
            + (f", bias={self.bias}, widen={self.widen}" if self.guided else "")
            + (f", backup={self.backup!r}" if self.backup != "mean" else "")
            + (f", root_follow={self.root_follow}" if self.root_follow >= 0 else "")
            + (f", rollout_follow={self.rollout_follow}, answer_follow={self.answer_follow}"
               if self.rollout == "reply" else "")
            + (f", rollout_beam={self.rollout_beam}" if self.rollout_beam else "")
            + (f", answer_beam={self.answer_beam}" if self.answer_beam != self.rollout_beam else "")
            + (f", rest_follow={self.rest_follow}" if self.rest_follow >= 0 else "")
            + (", keep_plan=1" if self.keep_plan else "")
            + (f", worlds={self.worlds})" if self.worlds else ")")
        )

    def act(self, state: State, player: Seat) -> Action:
        """The most visited root action after the search (a single legal action at once),
        or with ``keep_plan`` the kept plan's next step while it holds, or with
        ``rest_follow`` greedy's choice where the decision continues this agent's own run."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if self._rest is not None:
            action = self._rest_of_run(state, player, legal)
            self._acted = (state.move_number, action)
            return action
        planned = next_planned(self.plan, state, player)
        if planned is not None or len(legal) == 1:
            self.last_iterations = 0
            return planned if planned is not None else legal[0]
        root = self.search(state, player)
        chosen = best_root_action(root, player, legal)
        if chosen in self._turns:
            _, world, turn = self._turns[chosen]
            self.plan = foreseen_steps(world, player, turn)[1:]
        return chosen

    def _rest_of_run(self, state: State, player: Seat, legal: Sequence[Action]) -> Action:
        """Greedy's choice if the game's previous move was this agent's own (the run goes
        on), else the search's (a single legal action at once)."""
        acted = self._acted
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        if (acted is not None and self._rest is not None and state.move_number == acted[0] + 1
                and state.history and state.history[-1] == acted[1]):
            return self._rest.act(state, player)
        return best_root_action(self.search(state, player), player, legal)

    def search(self, state: State, player: Seat) -> Node:
        """Run the iterations from ``state`` as seen by ``player``; returns the root."""
        root = Node()
        self._player = player
        self._depth = self.rollout_depth if has_heuristic(state.game) else -1
        clock = self.clock
        deadline = clock() + self.time_limit if self.time_limit else math.inf
        self._turns = {}
        pool = [state.determinize(player, self.rng) for _ in range(min(self.worlds, self.iterations))]
        if self._root_scorer is not None:
            world = pool[0] if pool else state.determinize(player, self.rng)
            greedy_priors(root, self._root_scorer, world, player)
        done = 0
        while done < self.iterations:
            if done and clock() >= deadline:
                break
            if pool:
                self.iterate(root, pool[done % len(pool)], done % len(pool))
            else:
                world = state.determinize(player, self.rng)
                self.iterate(root, world, root_world=world.clone() if self.keep_plan else None)
            done += 1
        self.last_iterations = done
        return root

    def iterate(
        self, root: Node, world: State, pooled: int | None = None, root_world: State | None = None
    ) -> None:
        """One iteration in one determinization: select, expand, evaluate, back up.

        ``pooled`` is the index of ``world`` in the pool of worlds (``None``: a fresh
        determinization the iteration may advance in place; ``root_world``, a copy of it
        kept for the plan of ``keep_plan``)."""
        start = world if pooled is not None else root_world
        path, leaf = self._descend(root, world, pooled)
        turn = own_moves(path, self._player) if self.keep_plan and start is not None else None
        rewards = self._evaluate(leaf if pooled is None or self._depth == 0 else leaf.clone(), path, turn)
        if turn and start is not None:
            self._keep_turn(start, turn, rewards[self._player])
        for mover, edge in path:
            edge.visits += 1
            edge.total += rewards[mover]
            edge.estimate = edge.total / edge.visits
        if self.backup == "max":
            back_up_best(path)

    def _descend(self, root: Node, world: State, pooled: int | None) -> tuple[list[tuple[Seat, Edge]], State]:
        """Select down the tree by UCB and expand one new edge; the path and the state reached.

        In a pooled world without guidance a node's legal list is the same at every visit:
        its edges are then kept aligned with that list (``Node.rows``), so selection hashes
        no action."""
        path: list[tuple[Seat, Edge]] = []
        node, aligned = root, pooled is not None and not self.guided
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            node.visits += 1
            legal = world.legal_actions()
            if self.guided:
                legal = self._candidates(node, world, mover, legal, pooled)
            edges = node.aligned(pooled, mover, legal) if aligned else node.lookup(mover, legal)
            untried: list[int] = []
            for i, edge in enumerate(edges):
                if edge is None:
                    untried.append(i)
                else:
                    edge.available += 1
            if untried:
                i = self._expansion(untried)
                action = legal[i]
                prior = node.priors.get((mover, action), 0.0)
                edge = edges[i] = node.edges[(mover, action)] = Edge(prior, node.visits - 1, action)
                path.append((mover, edge))
                return path, advance(world, action, edge.child, pooled)
            i = self._select(edges)
            edge = edges[i]
            assert edge is not None
            world = advance(world, legal[i], edge.child, pooled)
            path.append((mover, edge))
            node = edge.child
        return path, world

    def _expansion(self, untried: Sequence[int]) -> int:
        """The untried action to expand (its place in the legal list): the best prior when
        guided (the list is by decreasing prior), else a random one."""
        if len(untried) == 1 or self.guided:
            return untried[0]
        return self.rng.choice(untried)

    def _candidates(
        self, node: Node, world: State, mover: Seat, legal: Sequence[Action], pooled: int | None
    ) -> list[Action]:
        """The legal actions by decreasing prior, cut to the widening's width.

        In a pooled world the node's legal list never changes, and once ranked all its priors
        are known (a prior, once set, stays): the ranking is kept per world (``Node.ranked``)
        instead of hashing every legal action again at each visit."""
        ranked = node.ranked.get(pooled) if pooled is not None else None
        if ranked is None:
            ranked = ranked_by_prior(node.priors, world, mover, legal)
            if pooled is not None:
                node.ranked[pooled] = ranked
        if self.widen:
            return ranked[: max(1, math.ceil(self.widen * math.sqrt(node.visits)))]
        return ranked

    def _select(self, edges: Sequence[Edge | None]) -> int:
        """The place of the edge with the highest UCB value (the first one on ties)."""
        exploration, bias = self.exploration, self.bias
        best, best_value = 0, -math.inf
        for i, edge in enumerate(edges):
            assert edge is not None
            value = edge.ucb(exploration, bias)
            if value > best_value:
                best, best_value = i, value
        return best

    def _keep_turn(self, start: State, turn: list[Action], value: float) -> None:
        """Keep ``turn`` (played from the root world ``start``) if it is the best iteration
        through its first action so far."""
        kept = self._turns.get(turn[0])
        if kept is None or value > kept[0]:
            self._turns[turn[0]] = (value, start, turn)

    def _evaluate(
        self, world: State, path: Sequence[tuple[Seat, Edge]], turn: list[Action] | None = None
    ) -> list[float]:
        """Rewards of every seat at the leaf ``world`` reached along ``path``, by the
        evaluator. ``turn`` (the searcher's moves from the root, while no other seat has
        moved) receives the rollout's moves of the searcher's turn."""
        replied = any(mover != self._player for mover, _ in path)
        return self.evaluator.evaluate(world, Leaf(self._player, self._depth, replied, turn))


def advance(world: State, action: Action, child: Node, pooled: int | None) -> State:
    """``world`` after ``action``: applied in place, or in a pooled world the child's state
    there (cloned and kept the first time)."""
    if pooled is None:
        world.apply(action)
        return world
    after = child.states.get(pooled)
    if after is None:
        after = child.states[pooled] = world.clone()
        after.apply(action)
    return after


def follower(follow: int, seed: int, beam: int = 0) -> Chooser:
    """The chooser of a reply rollout's moves: one step ahead, or greedy with ``follow``
    (following up its ``beam`` best moves only, if set)."""
    return GreedyAgent(seed=seed, follow=follow, beam=beam).choice if follow else one_step


def own_moves(path: Sequence[tuple[Seat, Edge]], player: Seat) -> list[Action] | None:
    """The actions of ``path`` from the root while ``player`` is the mover (``None`` if
    another seat moves on it: the iteration went past the turn)."""
    moves: list[Action] = []
    for mover, edge in path:
        if mover != player or edge.action is None:
            return None
        moves.append(edge.action)
    return moves


def ranked_by_prior(
    priors: dict[Key, float], world: State, mover: Seat, legal: Sequence[Action]
) -> list[Action]:
    """``legal`` by decreasing prior (stable: the first listed among equals), the priors of
    actions not yet met worked out in ``world`` and kept in ``priors``. Each action's key is
    hashed once (an action's hash is a Python call per field tuple): a guided search ranks
    every node it passes through."""
    negated: list[float] = []
    for action in legal:
        key = (mover, action)
        prior = priors.get(key)
        if prior is None:
            prior = priors[key] = prior_value(world, action, mover)
        negated.append(-prior)
    order = sorted(range(len(legal)), key=lambda i: negated[i])
    return [legal[i] for i in order]


def greedy_priors(root: Node, scorer: GreedyAgent, world: State, player: Seat) -> None:
    """Fill the root's priors with ``scorer``'s greedy scores of its actions in ``world``."""
    for action in world.legal_actions():
        root.priors[(player, action)] = scorer.score(world, action, player)


def back_up_best(path: Sequence[tuple[Seat, Edge]]) -> None:
    """Max backup along ``path`` (leaf first): an edge followed by a decision of the same
    seat takes the best estimate of that seat's edges at its child which were legal at
    every visit of that child since they appeared. An action legal in some worlds only (a card
    just drawn) is not a choice the seat is sure to have: the max over it would value
    the draw by its luckiest outcome."""
    for i in range(len(path) - 2, -1, -1):
        mover, edge = path[i]
        if path[i + 1][0] != mover:
            continue
        node = edge.child
        edge.estimate = max(
            (child.estimate for (seat, _), child in node.edges.items()
             if seat == mover and child.visits and child.always_available(node.visits)),
            default=edge.estimate,
        )


def has_heuristic(game: Game) -> bool:
    """Whether ``game`` evaluates unfinished states (overrides :meth:`Game.heuristic`)."""
    return type(game).heuristic is not Game.heuristic


def best_root_action(root: Node, player: Seat, legal: Sequence[Action]) -> Action:
    """The legal root action most visited, then with the best mean (then first listed)."""
    best = legal[0]
    best_key = (-1, -math.inf)
    for action in legal:
        edge = root.edges.get((player, action))
        if edge is None:
            continue
        key = (edge.visits, edge.estimate if edge.visits else -math.inf)
        if key > best_key:
            best, best_key = action, key
    return best
