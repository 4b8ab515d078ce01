"""``soulforge worker``: AI decisions taken from the database's queue, apart from the web
servers (issue 35, docs/scaling.md).

A server run with ``SOULFORGE_AI_QUEUE=1`` thinks no AI move: each change that leaves an AI
to move queues a job in the same transaction (``sf_ai_jobs``: the table, its version, the
seat). A worker takes the oldest job nobody holds (``FOR UPDATE SKIP LOCKED``) with a lease
of :data:`LEASE` seconds, replays the table (its own copy, kept from job to job), thinks
in its pool (``Thinkers``, the server's fair pool) and submits the move as a server does:
one transaction that checks the table is still at the job's version, stores the move,
replaces the job by the next one if an AI is to move again, and notifies every server,
which pushes it to its websockets. A worker that dies mid-thought holds its job only until
the lease runs out: the next worker asking takes it. A job that keeps failing is given up
after :data:`ATTEMPTS` tries: its table waits (as with the built-in pool).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
from typing import Any

from soulforge.server import fanout
from soulforge.server.storage import AIJob, StorageError, open_storage
from soulforge.server.tables import TableError, TableService
from soulforge.server.thinking import AIGaveUp, Thinkers

log = logging.getLogger("soulforge.worker")

LEASE_ENV = "SOULFORGE_AI_LEASE"
LEASE = 15.0
"""Seconds a job is held by its worker (the longest think is ``tables.AI_TIME_LIMIT``, 4 s):
after it, another worker may take it (env ``SOULFORGE_AI_LEASE``)."""
ATTEMPTS = 3
"""Times a job is taken before it is given up (its worker died, or its AI failed each time)."""
IDLE_POLL = 1.0
"""Seconds an idle worker waits for a notification before it asks the queue again (a lease
that ran out is noticed this way)."""


def lease_seconds() -> float:
    """:data:`LEASE`, or env ``SOULFORGE_AI_LEASE``."""
    try:
        return float(os.environ.get(LEASE_ENV, "")) or LEASE
    except ValueError:
        return LEASE


class WorkerRefused(Exception):
    """Why the worker cannot start, in one line (no PostgreSQL URL, a database it cannot use)."""


class Worker:
    """Takes AI jobs, ``slots`` at a time (each a think in the pool), until stopped."""

    def __init__(self, db_url: str, slots: int = 2, pool: int | None = None) -> None:
        try:
            self.storage = open_storage(db_url)
        except StorageError as err:
            raise WorkerRefused(str(err)) from None
        if self.storage.sqlite:
            self.storage.close()
            raise WorkerRefused("soulforge worker needs PostgreSQL (--db postgresql://...): "
                                "with SQLite the server thinks in its own pool")
        self.service = TableService(self.storage, Thinkers(pool), queue_ai=True)
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self.slots, self.lease = slots, lease_seconds()
        self.wake = asyncio.Event()
        self.moves = 0
        """AI moves this worker stored."""

    async def run(self, stop: asyncio.Event) -> None:
        """Work until ``stop`` is set; then the thinks in progress are dropped (their jobs are
        taken again once their leases run out)."""

        async def heard(message: dict[str, Any]) -> None:
            if message.get("j"):
                self.wake.set()

        ready = asyncio.Event()
        self.service.spawn(fanout.listen(self.storage.url, heard, None, ready))
        await asyncio.wait_for(ready.wait(), 10)
        loops = [asyncio.create_task(self._loop()) for _ in range(self.slots)]
        await stop.wait()
        for task in loops:
            task.cancel()
        await asyncio.gather(*loops, return_exceptions=True)
        await self.service.shutdown()
        self.storage.close()

    async def _loop(self) -> None:
        while True:
            job = await self.storage.write(self.storage.take_job, self.name, self.lease)
            if job is None:
                self.wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), IDLE_POLL)
                continue
            try:
                await self.decide(job)
            except Exception:  # one table's trouble never stops the worker
                log.exception("AI job of table %s failed", job.table_id)

    async def decide(self, job: AIJob) -> None:
        """Think the job's move and store it, unless its table has moved on."""
        service = self.service
        try:
            table = await service.get(job.table_id, touch=False)
        except TableError:  # gone or damaged: nothing to think
            await self.storage.write(self.storage.drop_job, job.table_id, job.version)
            return
        seat = table.to_move
        if table.version != job.version or seat != job.seat or not table.ai_to_move:
            await self.storage.write(self.storage.drop_job, job.table_id, job.version)
            return  # a newer change replaced the job (or will)
        if job.attempts > ATTEMPTS:
            log.warning("AI job of table %s given up after %d attempts; the table waits",
                        job.table_id, job.attempts - 1)
            await self.storage.write(self.storage.drop_job, job.table_id, job.version)
            return
        state = table.state
        agent = service._agent(table, seat)
        try:
            action, after = await service.thinkers.act(state, seat, agent, table=table.id,
                                                        attended=bool(table.humans))
        except AIGaveUp as err:
            log.warning("AI given up at table %s: %s; the table waits", table.id, err)
            await self.storage.write(self.storage.drop_job, job.table_id, job.version)
            return
        table.players[seat] = after
        async with table.lock:
            if table.version != job.version:
                return  # moved on meanwhile: its new job is queued
            try:
                await service._commit(table, seat, action)
                self.moves += 1
            except TableError as err:
                log.info("AI move at table %s not stored: %s", table.id, err)


def main(db: str | None = None, slots: int = 2, pool: int | None = None) -> None:
    """``soulforge worker``: work until SIGINT or SIGTERM (:class:`WorkerRefused`: cannot start)."""
    url = db or os.environ.get("SOULFORGE_DB")
    if not url:
        raise WorkerRefused("soulforge worker needs --db postgresql://... (or env SOULFORGE_DB)")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    async def work() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await Worker(url, max(1, slots), pool).run(stop)

    asyncio.run(work())
