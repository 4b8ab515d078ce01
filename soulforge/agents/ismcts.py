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

Only ``determinize``, ``legal_actions``, ``apply``, ``clone``, ``current_player``,
``is_over``, ``returns`` and ``game.heuristic`` are used.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from soulforge.agents.greedy import GreedyAgent
from soulforge.core import Action, Game, Seat, State

ROLLOUTS = ("random", "heuristic", "greedy", "reply")
BACKUPS = ("mean", "max")

Key = tuple[Seat, Action]


class Edge:
    """Statistics of one ``(mover, action)`` choice at a node, and the node it leads to."""

    __slots__ = ("available", "born", "child", "estimate", "prior", "total", "visits")

    def __init__(self, prior: float = 0.0, born: int = 0) -> None:
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

    __slots__ = ("edges", "priors", "rows", "states", "visits")

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
            answered, then the heuristic: :func:`reply_rollout`).
        rollout_depth: moves of a random (or greedy) rollout before the heuristic scores it
            (for ``"reply"``, a cap on the moves to the searcher's next turn);
            negative plays to the end of the game (always so for a game without a
            heuristic of its own).
        time_limit: seconds per decision (0: none). When it ends a search before
            ``iterations``, the choice depends on the machine's speed.
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
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if exploration < 0:
            raise ValueError(f"exploration must be at least 0, got {exploration}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}, got {rollout!r}")
        if time_limit < 0:
            raise ValueError(f"time_limit must be at least 0, got {time_limit}")
        if worlds < 0:
            raise ValueError(f"worlds must be at least 0, got {worlds}")
        if backup not in BACKUPS:
            raise ValueError(f"backup must be one of {BACKUPS}, got {backup!r}")
        if bias < 0 or widen < 0:
            raise ValueError(f"bias and widen must be at least 0, got {bias} and {widen}")
        if root_follow < -1:
            raise ValueError(f"root_follow must be at least -1 (off), got {root_follow}")
        self.iterations = iterations
        self.seed = seed
        self.exploration = float(exploration)
        self.rollout = rollout
        self.rollout_depth = rollout_depth if rollout != "heuristic" else 0
        self.time_limit = float(time_limit)
        self.bias = float(bias)
        self.widen = float(widen)
        self.root_follow = root_follow
        self.guided = bool(bias or widen) or root_follow >= 0
        self._root_scorer = GreedyAgent(seed=seed, follow=root_follow) if root_follow >= 0 else None
        self.backup = backup
        self.worlds = worlds
        self.rng = random.Random(seed)
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
            + (f", worlds={self.worlds})" if self.worlds else ")")
        )

    def act(self, state: State, player: Seat) -> Action:
        """The most visited root action after the search (a single legal action at once)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state, player)
        return best_root_action(root, player, legal)

    def search(self, state: State, player: Seat) -> Node:
        """Run the iterations from ``state`` as seen by ``player``; returns the root."""
        root = Node()
        self._player = player
        self._depth = self.rollout_depth if has_heuristic(state.game) else -1
        deadline = time.perf_counter() + self.time_limit if self.time_limit else math.inf
        pool = [state.determinize(player, self.rng) for _ in range(min(self.worlds, self.iterations))]
        if self._root_scorer is not None:
            world = pool[0] if pool else state.determinize(player, self.rng)
            greedy_priors(root, self._root_scorer, world, player)
        done = 0
        while done < self.iterations:
            if done and time.perf_counter() >= deadline:
                break
            if pool:
                self.iterate(root, pool[done % len(pool)], done % len(pool))
            else:
                self.iterate(root, state.determinize(player, self.rng))
            done += 1
        self.last_iterations = done
        return root

    def iterate(self, root: Node, world: State, pooled: int | None = None) -> None:
        """One iteration in one determinization: select, expand, evaluate, back up.

        ``pooled`` is the index of ``world`` in the pool of worlds (``None``: a fresh
        determinization the iteration may advance in place)."""
        if pooled is not None and not self.guided:
            path, leaf = self._descend_pooled(root, world, pooled)
        else:
            path, leaf = self._descend(root, world, pooled)
        rewards = self._evaluate(leaf if pooled is None or self._depth == 0 else leaf.clone(), path)
        for mover, edge in path:
            edge.visits += 1
            edge.total += rewards[mover]
            edge.estimate = edge.total / edge.visits
        if self.backup == "max":
            back_up_best(path)

    def _descend(self, root: Node, world: State, pooled: int | None) -> tuple[list[tuple[Seat, Edge]], State]:
        """Select down the tree by UCB and expand one new edge; the path and the state reached."""
        path: list[tuple[Seat, Edge]] = []
        node = root
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            node.visits += 1
            legal = world.legal_actions()
            if self.guided:
                legal = self._candidates(node, world, mover, legal)
            untried: list[Action] = []
            for action in legal:
                edge = node.edges.get((mover, action))
                if edge is None:
                    untried.append(action)
                else:
                    edge.available += 1
            if untried:
                action = self._expansion(untried)
                prior = node.priors.get((mover, action), 0.0)
                edge = node.edges[(mover, action)] = Edge(prior, node.visits - 1)
                path.append((mover, edge))
                return path, advance(world, action, edge.child, pooled)
            action, edge = self._select(node, mover, legal)
            world = advance(world, action, edge.child, pooled)
            path.append((mover, edge))
            node = edge.child
        return path, world

    def _descend_pooled(self, root: Node, world: State, pooled: int) -> tuple[list[tuple[Seat, Edge]], State]:
        """:meth:`_descend` in a pooled world, where a node's legal list is fixed: its edges
        are kept aligned with that list (``Node.rows``), so selection hashes no action."""
        path: list[tuple[Seat, Edge]] = []
        node, exploration = root, self.exploration
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            node.visits += 1
            legal = world.legal_actions()
            row = node.rows.get(pooled)
            if row is None:
                row = node.rows[pooled] = [None] * len(legal)
            untried: list[int] = []
            best, best_edge, best_value = -1, _NO_EDGE, -math.inf
            for i, edge in enumerate(row):
                if edge is None:
                    edge = row[i] = node.edges.get((mover, legal[i]))
                    if edge is None:
                        untried.append(i)
                        continue
                edge.available += 1
                value = edge.ucb(exploration)
                if value > best_value:
                    best, best_edge, best_value = i, edge, value
            if untried:
                i = untried[0] if len(untried) == 1 else self.rng.choice(untried)
                edge = row[i] = node.edges[(mover, legal[i])] = Edge(0.0, node.visits - 1)
                path.append((mover, edge))
                return path, advance(world, legal[i], edge.child, pooled)
            world = advance(world, legal[best], best_edge.child, pooled)
            path.append((mover, best_edge))
            node = best_edge.child
        return path, world

    def _expansion(self, untried: Sequence[Action]) -> Action:
        """The untried action to expand: the best prior when guided, else a random one."""
        if len(untried) == 1 or self.guided:
            return untried[0]
        return self.rng.choice(untried)

    def _candidates(self, node: Node, world: State, mover: Seat, legal: Sequence[Action]) -> list[Action]:
        """The legal actions by decreasing prior, cut to the widening's width."""
        priors = node.priors
        for action in legal:
            if (mover, action) not in priors:
                priors[(mover, action)] = prior_value(world, action, mover)
        ranked = sorted(legal, key=lambda action: -priors[(mover, action)])
        if self.widen:
            return ranked[: max(1, math.ceil(self.widen * math.sqrt(node.visits)))]
        return ranked

    def _select(self, node: Node, mover: Seat, legal: Sequence[Action]) -> tuple[Action, Edge]:
        """The legal edge of ``node`` with the highest UCB value (first one on ties)."""
        best_action = legal[0]
        best_edge = node.edges[(mover, best_action)]
        best_value = best_edge.ucb(self.exploration, self.bias)
        for action in legal[1:]:
            edge = node.edges[(mover, action)]
            value = edge.ucb(self.exploration, self.bias)
            if value > best_value:
                best_action, best_edge, best_value = action, edge, value
        return best_action, best_edge

    def _evaluate(self, world: State, path: Sequence[tuple[Seat, Edge]]) -> list[float]:
        """Rewards of every seat: a truncated random (or greedy, or reply) rollout from the
        leaf ``world`` reached along ``path``, then results or heuristic."""
        if self.rollout == "reply":
            replied = any(mover != self._player for mover, _ in path)
            return leaf_values(reply_rollout(world, self._player, replied, self._depth))
        steps = 0
        greedy = self.rollout == "greedy" and self._depth >= 0
        while not world.is_over and steps != self._depth:
            legal = world.legal_actions()
            world.apply(greedy_move(world, legal) if greedy else self.rng.choice(legal))
            steps += 1
        return leaf_values(world)


_NO_EDGE = Edge()
"""Placeholder for "no edge selected yet" (a node's row is never empty)."""


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


def prior_value(world: State, action: Action, mover: Seat) -> float:
    """``mover``'s value of ``action`` applied in a clone of ``world``: results or heuristic."""
    after = world.clone()
    after.apply(action)
    if after.is_over:
        return float(after.returns()[mover])
    return float(after.game.heuristic(after, mover))


def greedy_move(world: State, legal: Sequence[Action]) -> Action:
    """The legal action with the best prior for the seat to move (first listed on ties)."""
    mover = world.current_player
    assert mover is not None
    if len(legal) == 1:
        return legal[0]
    return max(legal, key=lambda action: prior_value(world, action, mover))


def reply_rollout(world: State, player: Seat, replied: bool, cap: int) -> State:
    """``world`` played on greedily (each move the best by its mover's prior) until
    ``player`` is to move again after another seat has moved (``replied``: one already has,
    on the way to ``world``), at most ``cap`` moves (negative: no cap); returns ``world``.

    Every leaf is then valued at the start of one of ``player``'s turns, after the
    opponents' answer to what ``player`` did: a plan that leaves something open to the
    answer pays for it before it is compared with one that does not."""
    steps = 0
    while not world.is_over and steps != cap:
        mover = world.current_player
        if mover == player and replied:
            break
        replied = replied or mover != player
        world.apply(greedy_move(world, world.legal_actions()))
        steps += 1
    return world


def leaf_values(world: State) -> list[float]:
    """Per seat: ``returns()`` of a finished game, else the game's heuristic."""
    if world.is_over:
        return [float(value) for value in world.returns()]
    heuristic = world.game.heuristic
    return [float(heuristic(world, seat)) for seat in range(world.num_players)]


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
