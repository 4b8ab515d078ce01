"""AI turns away from the server's event loop and database threads (issue 17, defect 7).

An AI seat's move is thought in a bounded pool of worker processes (spawned children): the
server's own process keeps serving the lobby and human moves while they think (its GIL is not theirs).
At most :data:`QUEUE_PER_WORKER` jobs per worker wait or run at once; more tables wait their
turn in the event loop, using nothing. A job carries the table's record (the worker replays
it: the game's class, options, seed and actions, no registry needed) and the seat's agent,
which comes back with the action, so an agent that plans a whole turn keeps its plan.

``workers=0`` thinks in two threads of this process instead (for an agent that cannot be
pickled, as some tests use).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import dataclasses
import importlib
import multiprocessing
import os
import signal
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from soulforge import agents
from soulforge.core import Action, State

WORKERS_ENV = "SOULFORGE_AI_WORKERS"
QUEUE_PER_WORKER = 4
"""Jobs per worker that may be queued or running at once: the cap per server."""
NICENESS = 10
"""How much lower a worker's priority is than the server's."""
PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal a process gets when its parent dies."""


def default_workers() -> int:
    """``SOULFORGE_AI_WORKERS``, else one per core but one (at least one, at most 8)."""
    given = os.environ.get(WORKERS_ENV)
    if given is not None and given.strip().isdigit():
        return int(given)
    return max(1, min(8, (os.cpu_count() or 2) - 1))


@dataclasses.dataclass(frozen=True)
class ThinkJob:
    """One AI decision: the table's record, the seat to move, and its agent."""

    game_class: str  # "module:Class", importable in a worker
    options: dict[str, Any]
    seed: int
    players: int
    actions: list[dict[str, Any]]
    seat: int
    agent: agents.Agent

    @classmethod
    def of(cls, state: State, seat: int, agent: agents.Agent) -> ThinkJob:
        game = type(state.game)
        return cls(f"{game.__module__}:{game.__qualname__}", dict(state.game.options), state.seed,
                   state.num_players, [a.to_json() for a in state.history], seat, agent)

    def state(self) -> State:
        module, _, name = self.game_class.partition(":")
        game = getattr(importlib.import_module(module), name)(**self.options)
        state: State = game.new_game(seed=self.seed, players=self.players)
        for action in self.actions:
            state.apply_json(action)
        return state


def _yield_to_people() -> None:
    """A worker runs at a lower priority: on a busy machine the server's answers to people
    come first, the AI's moves a little later. It also ends with the server, even one killed
    with ``kill -9`` (Linux: the parent-death signal), so no worker outlives it."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def think(job: ThinkJob) -> tuple[dict[str, Any], agents.Agent]:
    """In a worker: the agent's action (as JSON) for the replayed state, and the agent after."""
    action = job.agent.act(job.state(), job.seat)
    return action.to_json(), job.agent


class Thinkers:
    """The pool that thinks AI moves; ``await act(...)`` waits for a slot, then the answer."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.executor: Executor
        if self.workers == 0:
            self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ai")
        else:
            context = multiprocessing.get_context("spawn")  # a worker is the server's own child
            self.executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                                initializer=_yield_to_people)
        self.cap = QUEUE_PER_WORKER * max(1, self.workers)
        self._slots: asyncio.Semaphore | None = None

    async def act(self, state: State, seat: int, agent: agents.Agent) -> tuple[Action, agents.Agent]:
        """The agent's action for ``seat`` in ``state`` (a copy is thought on), and the agent
        as it is after thinking (its plans kept for the next move)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.cap)
        async with self._slots:
            loop = asyncio.get_running_loop()
            if self.workers == 0:
                action = await loop.run_in_executor(self.executor, agent.act, state.clone(), seat)
                return action, agent
            data, after = await loop.run_in_executor(self.executor, think, ThinkJob.of(state, seat, agent))
            return state.game.action_from_json(data), after

    def shutdown(self) -> None:
        """Cancel the queued jobs, let a running one end, and stop the workers (no orphans)."""
        self.executor.shutdown(wait=True, cancel_futures=True)
