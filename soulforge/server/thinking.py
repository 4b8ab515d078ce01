"""AI turns away from the server's event loop, scheduled fairly between tables, and a pool
that heals (issue 17, defect 7; issue 29, defects 3, 10 and 11).

Where a move is thought
    An AI seat's move is thought in a pool of worker processes (spawned children of the
    server, at a lower priority, ended with it): the server's own process keeps serving
    the lobby and human moves while they think (its GIL is not theirs). A job carries the
    table's record (the worker replays it: the game's class, options, seed and actions, no
    registry needed) and the seat's agent, which comes back with the action, so an agent
    that plans a whole turn keeps its plan. A *cheap* agent (the random level) is asked
    at once in a thread of this process: it never queues behind a search. ``workers=0``
    thinks in :data:`THREADS` threads of this process instead (for an agent that cannot be
    pickled, as some tests use).

The schedule (:class:`FairQueue`)
    Jobs wait in the server, not in the pool: the pool is handed only as many jobs as it
    has workers, so the order in which they start is the schedule's, not first come first
    served:

    - a table has at most :data:`PER_TABLE` job running (its budget): one table never
      holds more than its share of the workers, however long its AI thinks;
    - tables where a person waits for the AI (the table has a human seat) are served
      before AI-vs-AI tables;
    - within each of these two classes tables are served round-robin: the table served
      goes to the back of its ring;
    - AI-vs-AI tables together hold at most all workers but one (when there are two or
      more), so a person's table finds a worker free at once.

    A waiting job is a small record (the state it thinks on is the table's own); a table's
    AI turns are sequential, so at most one job per table waits or runs.

Healing
    A worker that dies (killed, out of memory, a crash in native code) breaks the pool:
    ``ProcessPoolExecutor`` fails every job it held with ``BrokenProcessPool``. The pool is
    rebuilt at once (one log line, no traceback) and each job it held is queued again, to
    the front. A job that was running when a pool broke is a suspect: it is run *alone*
    (nothing else is started beside it), so a job that breaks the pool again is the one
    that kills its worker. After :data:`RETRIES` such retries it is given up
    (:class:`AIGaveUp`): its table waits, no longer shown as thinking, until something
    changes there (an undo, a restart). The other tables' jobs go on.

Stopping
    :meth:`Thinkers.shutdown` cancels the waiting jobs and kills the workers at once: a think
    in progress is not waited for. Its move was never stored (moves are stored before they
    are announced), so nothing acknowledged is lost: after a restart the AI thinks it again.
    :meth:`Thinkers.stopped` then waits at most :data:`STOP_WAIT` s for them to be reaped.
    With ``soulforge serve`` a SIGTERM gives open requests and websockets at most
    ``app.STOP_GRACE`` s first, so the server stops within a few seconds (0.2-0.3 s measured
    with a hard AI thinking and a page open).

The numbers (``docs/limits.md``)
    :data:`PER_TABLE` job per table running, one waiting per table (its AI turns are
    sequential); the pool runs ``workers`` jobs (default one per core but one, 2 to
    :data:`MAX_WORKERS`), AI-vs-AI tables at most ``workers - 1`` of them; the cheap lane
    :data:`CHEAP_THREADS` threads; :data:`RETRIES` solo retries of a job that broke the pool.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import ctypes
import dataclasses
import logging
import multiprocessing
import os
import signal
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from soulforge import agents
from soulforge.core import Action, State
from soulforge.core.registry import import_reference, reference_of

log = logging.getLogger("soulforge.server")

WORKERS_ENV = "SOULFORGE_AI_WORKERS"
MAX_WORKERS = 8
"""The most worker processes by default (``SOULFORGE_AI_WORKERS`` may say more)."""
THREADS = 2
"""Threads that think with ``workers=0``."""
CHEAP_THREADS = 2
"""Threads of this process that ask the cheap agents (random)."""
PER_TABLE = 1
"""Jobs of one table that may run at once: its budget of workers."""
RETRIES = 2
"""Times a job that was running when the pool broke is retried, alone, before it is given up."""
STOP_WAIT = 3.0
"""Seconds a stopping server waits at most for its killed workers to be reaped."""
NICENESS = 10
"""How much lower a worker's priority is than the server's."""
PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal a process gets when its parent dies."""

Answer = tuple[Action, agents.Agent]


def default_workers() -> int:
    """``SOULFORGE_AI_WORKERS``, else one per core but one, at least 2 (one is kept for the
    tables where a person waits) and at most :data:`MAX_WORKERS`. A worker process is
    started only when a job needs it."""
    given = os.environ.get(WORKERS_ENV)
    if given is not None and given.strip().isdigit():
        return int(given)
    return max(2, min(MAX_WORKERS, (os.cpu_count() or 2) - 1))


def is_cheap(agent: agents.Agent) -> bool:
    """An agent that answers at once (the uniform random one): asked in a thread, unqueued."""
    return type(agent) is agents.RandomAgent


class AIGaveUp(Exception):
    """A job that broke the AI pool each time it ran: given up, its table waits."""


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
        return cls(reference_of(type(state.game)), dict(state.game.options), state.seed,
                   state.num_players, [a.to_json() for a in state.history], seat, agent)

    def state(self) -> State:
        game = import_reference(self.game_class)(**self.options)
        state: State = game.new_game(seed=self.seed, players=self.players)
        for action in self.actions:
            state.apply_json(action)
        return state


def _yield_to_people() -> None:
    """A worker runs at a lower priority: on a busy machine the server's answers to people
    come first, the AI's moves a little later. It ends with the server, even one killed
    with ``kill -9`` (Linux: the parent-death signal), so no worker outlives it. It runs in
    a session of its own: a Ctrl-C or a SIGTERM sent to the server's process group is the
    server's to handle, which ends its workers itself (see :meth:`Thinkers.shutdown`),
    rather than a pool broken under a stopping server."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    with contextlib.suppress(OSError, AttributeError):
        os.setsid()


def think(job: ThinkJob) -> tuple[dict[str, Any], agents.Agent]:
    """In a worker: the agent's action (as JSON) for the replayed state, and the agent after."""
    action = job.agent.act(job.state(), job.seat)
    return action.to_json(), job.agent


@dataclasses.dataclass(eq=False)
class Job:
    """One decision waiting or running: whose it is, what to think, and who waits for it."""

    table: str
    attended: bool
    """A person waits for this table's AI (the table has a human seat)."""
    state: State
    seat: int
    agent: agents.Agent
    answer: asyncio.Future[Answer] | None = None
    breaks: int = 0
    """How many times a pool broke while this job ran in it."""


class FairQueue:
    """Which waiting job starts next: the schedule of the module's docstring, as plain
    bookkeeping (no clock, no threads), so its order is tested as such.

    ``slots`` jobs run at once, AI-vs-AI tables' jobs at most ``background_slots`` of them,
    one table's at most ``per_table``; a suspect (see :meth:`put`) runs alone."""

    def __init__(self, slots: int, background_slots: int | None = None, per_table: int = PER_TABLE) -> None:
        self.slots = max(1, slots)
        self.background_slots = background_slots or max(1, self.slots - 1)
        self.per_table = per_table
        self.waiting: dict[str, collections.deque[Job]] = {}
        self.rings = (collections.deque[str](), collections.deque[str]())
        """Tables with jobs waiting, in the order they are served: people's first, then AI-vs-AI."""
        self.suspects: collections.deque[Job] = collections.deque()
        self.running: dict[str, int] = {}
        self.busy = 0
        self.busy_background = 0
        self.alone: Job | None = None

    def __len__(self) -> int:
        """Jobs waiting (not running)."""
        return len(self.suspects) + sum(len(q) for q in self.waiting.values())

    def put(self, job: Job) -> None:
        """Queue ``job``: at the back of its table's queue, or, if it was running when a pool
        broke, with the suspects, which go first and each alone."""
        if job.breaks:
            self.suspects.append(job)
            return
        queue = self.waiting.get(job.table)
        if queue is None:
            queue = self.waiting[job.table] = collections.deque()
            self.rings[0 if job.attended else 1].append(job.table)
        queue.append(job)

    def take(self) -> Job | None:
        """The job to start now, counted as running; None when none may start."""
        if self.alone is not None or self.busy >= self.slots:
            return None
        if self.suspects:
            if self.busy:
                return None  # the running jobs end first: then the suspect runs alone
            job = self.alone = self.suspects.popleft()
            self._start(job)
            return job
        for background, ring in enumerate(self.rings):
            if background and self.busy_background >= self.background_slots:
                break
            for place, table in enumerate(ring):
                if self.running.get(table, 0) >= self.per_table:
                    continue
                queue = self.waiting[table]
                job = queue.popleft()
                del ring[place]
                if queue:
                    ring.append(table)  # served: to the back of the ring
                else:
                    del self.waiting[table]
                self._start(job)
                return job
        return None

    def _start(self, job: Job) -> None:
        self.busy += 1
        self.busy_background += not job.attended
        self.running[job.table] = self.running.get(job.table, 0) + 1

    def finished(self, job: Job) -> None:
        """``job``, which :meth:`take` gave, no longer runs."""
        self.busy -= 1
        self.busy_background -= not job.attended
        self.running[job.table] -= 1
        if not self.running[job.table]:
            del self.running[job.table]
        if self.alone is job:
            self.alone = None

    def clear(self) -> list[Job]:
        """Every waiting job, removed."""
        jobs = list(self.suspects) + [job for queue in self.waiting.values() for job in queue]
        self.suspects.clear()
        self.waiting.clear()
        for ring in self.rings:
            ring.clear()
        return jobs


class Thinkers:
    """The pool that thinks AI moves: ``await act(...)`` queues a job fairly, then answers."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.queue = FairQueue(self.workers or THREADS)
        self.executor = self._new_executor()
        self.cheap = ThreadPoolExecutor(max_workers=CHEAP_THREADS, thread_name_prefix="ai-cheap")
        self.rebuilds = 0
        """How many times a broken pool was replaced."""
        self.given_up = 0
        self.started: list[str] = []
        """The table of each job started, in order (the schedule's trace; the last 1,000)."""
        self._running: dict[Job, Future[Any]] = {}
        self._closing = False

    @property
    def cap(self) -> int:
        """Jobs running at once (the rest wait in the server, costing a small record each)."""
        return self.queue.slots

    def _new_executor(self) -> Executor:
        if self.workers == 0:
            return ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="ai")
        context = multiprocessing.get_context("spawn")  # a worker is the server's own child
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_yield_to_people)

    async def act(self, state: State, seat: int, agent: agents.Agent, table: str = "",
                  attended: bool = True) -> Answer:
        """The agent's action for ``seat`` in ``state`` (a copy is thought on), and the agent
        as it is after thinking (its plans kept for the next move). ``table`` names whose
        job it is (for the schedule); ``attended``: a person waits for it. Raises
        :class:`AIGaveUp` for a job that kept breaking the pool."""
        loop = asyncio.get_running_loop()
        if self._closing:
            raise asyncio.CancelledError("the server is stopping")
        if is_cheap(agent):
            return await loop.run_in_executor(self.cheap, agent.act, state.clone(), seat), agent
        job = Job(table, attended, state, seat, agent, loop.create_future())
        self.queue.put(job)
        self._pump()
        assert job.answer is not None
        return await job.answer  # cancelled with the caller: then its result is dropped

    def _pump(self) -> None:
        """Start every job the schedule allows now."""
        while not self._closing and (job := self.queue.take()) is not None:
            if job.answer is None or job.answer.done():  # its table stopped waiting for it
                self.queue.finished(job)
                continue
            self._submit(job)

    def _submit(self, job: Job) -> None:
        executor = self.executor
        try:
            if self.workers == 0:
                future: Future[Any] = executor.submit(job.agent.act, job.state.clone(), job.seat)
            else:
                future = executor.submit(think, ThinkJob.of(job.state, job.seat, job.agent))
        except (BrokenProcessPool, OSError):  # broke before this job ran: not its fault
            # (OSError: a worker died while this job was handed over. CPython 3.11 marks the pool
            # broken and closes its queues without the lock ``submit`` holds, and the spawn of the
            # job's new worker then finds a queue closed: "handle is closed", seen in CI.)
            self.queue.finished(job)
            self._rebuild(executor)
            self.queue.put(job)
            asyncio.get_running_loop().call_soon(self._pump)
            return
        self._running[job] = future
        self.started.append(job.table)
        del self.started[:-1000]
        loop = asyncio.get_running_loop()

        def in_the_loop(done: Future[Any]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop already closed: nobody waits
                loop.call_soon_threadsafe(self._finished, job, done, executor)

        future.add_done_callback(in_the_loop)

    def _finished(self, job: Job, future: Future[Any], executor: Executor) -> None:
        """In the event loop: a job ended; answer its table, or queue it again if its pool broke."""
        self._running.pop(job, None)
        self.queue.finished(job)
        if self._closing:
            return
        answer = job.answer
        assert answer is not None
        error = future.exception() if not future.cancelled() else asyncio.CancelledError()
        if isinstance(error, BrokenProcessPool):
            self._rebuild(executor)
            job.breaks += 1
            if job.breaks > RETRIES:
                self.given_up += 1
                if not answer.done():
                    answer.set_exception(AIGaveUp(
                        f"its decision broke the AI worker {job.breaks} times (the last ones run alone)"))
            elif not answer.done():
                self.queue.put(job)
        elif answer.done():
            pass  # its table stopped waiting (an undo, the server stopping)
        elif error is not None:
            answer.set_exception(error)
        elif self.workers == 0:
            answer.set_result((future.result(), job.agent))
        else:
            data, after = future.result()
            try:
                answer.set_result((job.state.game.action_from_json(data), after))
            except Exception as err:  # an action the game cannot read: the agent's fault
                answer.set_exception(err)
        self._pump()

    def _rebuild(self, broken: Executor) -> None:
        """Replace the broken pool ``broken`` (once, however many of its jobs report it)."""
        if broken is not self.executor or self._closing:
            return
        self.rebuilds += 1
        log.warning("an AI worker died: the AI pool is rebuilt (%d so far) and the jobs it held "
                    "are queued again, each alone", self.rebuilds)
        self.executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Cancel the waiting jobs and stop at once: the workers are killed, a think in
        progress is not waited for (its move was never stored), and they leave no orphans."""
        self._closing = True
        for job in self.queue.clear() + list(self._running):
            if job.answer is not None:
                job.answer.cancel()
        for process in self.processes():
            with contextlib.suppress(OSError, ValueError, AttributeError):
                process.kill()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.cheap.shutdown(wait=False, cancel_futures=True)

    async def stopped(self, timeout: float = STOP_WAIT) -> None:
        """After :meth:`shutdown`: wait (at most ``timeout`` s) until the killed workers are
        reaped and the pool's queues freed (else a "leaked semaphore" warning at exit). A
        thread of ``workers=0`` cannot be killed: it is not waited for."""
        if self.workers:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.to_thread(self.executor.shutdown, True), timeout)

    def processes(self) -> list[Any]:
        """The pool's worker processes alive now (``multiprocessing.Process``)."""
        found = getattr(self.executor, "_processes", None) or {}
        return list(found.values())
