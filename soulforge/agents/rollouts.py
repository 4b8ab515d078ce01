"""How a search plays on from a leaf and values where it stops (used by ``ismcts``).

A *chooser* picks the move of the seat to move in a world the search already holds (a
determinization): :func:`one_step` takes the best by its mover's heuristic one move ahead;
a :class:`~soulforge.agents.greedy.GreedyAgent`'s ``choice`` also follows each move with
more decisions of the same seat (a better model of a greedy opponent, at a price).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from soulforge.core import Action, Seat, State

Chooser = Callable[[State, Seat], Action]
"""Picks ``mover``'s move in a world (called only while ``mover`` is to move)."""


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


def one_step(world: State, mover: Seat) -> Action:
    """:func:`greedy_move` as a :data:`Chooser`."""
    return greedy_move(world, world.legal_actions())


def reply_rollout(
    world: State, player: Seat, replied: bool, cap: int,
    own: Chooser = one_step, answer: Chooser = one_step, turn: list[Action] | None = None,
) -> State:
    """``world`` played on until ``player`` is to move again after another seat has moved
    (``replied``: one already has, on the way to ``world``), at most ``cap`` moves (negative:
    no cap); returns ``world``.

    ``own`` chooses ``player``'s moves before the answer (the rest of its turn), ``answer``
    the other seats' moves; ``turn``, when given, receives ``player``'s moves before the
    answer. Every leaf is then valued at the start of one of ``player``'s turns, after the
    opponents' answer to what ``player`` did: a plan that leaves something open to the
    answer pays for it before it is compared with one that does not."""
    steps = 0
    while not world.is_over and steps != cap:
        mover = world.current_player
        assert mover is not None
        if mover == player and replied:
            break
        replied = replied or mover != player
        action = answer(world, mover) if replied else own(world, mover)
        if turn is not None and not replied:
            turn.append(action)
        world.apply(action)
        steps += 1
    return world


def leaf_values(world: State) -> list[float]:
    """Per seat: ``returns()`` of a finished game, else the game's heuristic."""
    if world.is_over:
        return [float(value) for value in world.returns()]
    heuristic = world.game.heuristic
    return [float(heuristic(world, seat)) for seat in range(world.num_players)]


def turn_start_values(world: State, player: Seat) -> list[float]:
    """Per seat, where ``player`` is about to begin a turn: ``game.turn_value`` for ``player``
    and its opposite shared by the others (the games are zero-sum); elsewhere (a finished
    game, a capped rollout) :func:`leaf_values`."""
    if world.is_over or world.current_player != player:
        return leaf_values(world)
    value = float(world.game.turn_value(world, player))
    others = -value / max(1, world.num_players - 1)
    return [value if seat == player else others for seat in range(world.num_players)]
