"""What ties server processes and AI workers over one PostgreSQL (issue 35, docs/scaling.md).

Notifications
    Every committed change of a table sends ``NOTIFY soulforge`` with a small JSON text:
    ``{"t": table, "v": new version, "j": an AI decision was queued, "o": sender}``, or
    ``{"t": table, "chat": message, "o": sender}`` (``Storage.change``, ``Storage.add_chat``).
    PostgreSQL delivers it when the transaction commits, so nobody hears of a change the
    database does not hold. :func:`listen` keeps one connection per process listening and
    hands each message on; after a lost connection it listens again and says so
    (``on_connect``), since what was sent meanwhile is gone: the caller looks again.

The leader
    What must run once across processes (the resume of AI tables after a start or after the
    leader died) runs in the process holding a PostgreSQL advisory lock
    (:func:`lead`): it is held by a connection, so a process that dies lets it go at once
    and another one takes it within :data:`LEADER_POLL` seconds. Leases of AI jobs need no
    timer: an expired one is simply taken by the next worker that asks.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.engine import make_url

from soulforge.server.storage import CHANNEL

log = logging.getLogger("soulforge.server")

RETRY = 1.0
"""Seconds before listening again after the connection was lost."""
LEADER_POLL = 5.0
"""Seconds between a follower's attempts to become the leader."""
LEADER_KEY = 0x50F0F02
"""The advisory lock's key (any number no other application of the database uses)."""


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL (``postgresql+psycopg://...``) as psycopg reads it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(url: str, on_message: Callable[[dict[str, Any]], Awaitable[None]],
                 on_connect: Callable[[], Awaitable[None]] | None = None,
                 ready: asyncio.Event | None = None) -> None:
    """Listen on the channel for ever, handing each message to ``on_message`` in order; after
    each (re)connection ``on_connect`` is awaited, then ``ready`` is set."""
    import psycopg

    first = True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                if on_connect is not None and not first:
                    await on_connect()
                first = False
                if ready is not None:
                    ready.set()
                async for note in conn.notifies():
                    try:
                        message = json.loads(note.payload)
                    except ValueError:
                        continue
                    if isinstance(message, dict):
                        await on_message(message)
        except (psycopg.Error, OSError) as err:
            log.warning("notifications lost (%s): listening again in %g s", str(err).splitlines()[0], RETRY)
            await asyncio.sleep(RETRY)


async def lead(url: str, on_lead: Callable[[], Awaitable[None]]) -> None:
    """Become the leader once no other process is (the advisory lock), then run ``on_lead``
    and hold the lock while this process lives."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as conn:
                while True:
                    cursor = await conn.execute("SELECT pg_try_advisory_lock(%s)", (LEADER_KEY,))
                    row = await cursor.fetchone()
                    if row is not None and row[0]:
                        break
                    await asyncio.sleep(LEADER_POLL)
                log.info("this process leads (resumes the AI tables)")
                try:
                    await on_lead()
                except Exception:  # logged; the lock is still held, nobody else runs it twice
                    log.exception("the leader's start-up work failed")
                while True:  # hold the lock; notice a lost connection
                    await asyncio.sleep(LEADER_POLL)
                    await conn.execute("SELECT 1")
        except (psycopg.Error, OSError) as err:
            log.warning("leadership connection lost (%s)", str(err).splitlines()[0])
            await asyncio.sleep(RETRY)
