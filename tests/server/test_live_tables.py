"""Issue 29, defect 2: the tables a server holds in memory are bounded. Idle tables beyond
the bound leave memory and come back from their record on the next request, and start-up
serves at once, replaying tables only when asked (or, with an AI to move, in the background)."""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from soulforge.core import State
from soulforge.core import game as core_game
from soulforge.server import eviction, tables
from soulforge.server.storage import Storage
from soulforge.server.tables import LiveTable, TableService
from soulforge.server.thinking import Thinkers

Seats = list[tuple[str, str | None]]
HUMANS: Seats = [("human", None), ("human", None)]
VS_AI: Seats = [("ai", "random"), ("human", None)]
"""The AI leads the first trick: it is to move as soon as the table exists."""


def run(job: Callable[[Storage], Awaitable[None]], tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path}/live.db")
    try:
        asyncio.run(asyncio.wait_for(job(storage), timeout=60))  # a hang guard only
    finally:
        storage.close()


async def new_table(service: TableService, seats: Seats = HUMANS) -> LiveTable:
    table, _tokens, _invites = await service.create("tricks", {}, 2, seats, None, True, False)
    return table


def count_replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The game of every record the service replays, in order."""
    replayed: list[str] = []
    plain = tables.replay

    def counted(record: Any) -> State:
        replayed.append(record.game)
        return plain(record)

    monkeypatch.setattr(tables, "replay", counted)
    return replayed


def test_idle_tables_beyond_the_bound_leave_memory_and_reload_with_their_moves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(eviction, "IDLE_SECONDS", 0.0)  # every untouched table counts as idle

    async def job(storage: Storage) -> None:
        service = TableService(storage, Thinkers(0), max_live=3)
        first = await new_table(service)
        await service._commit(first, 0, first.state.legal_actions()[0])
        before, watched = first.version, await new_table(service)
        service.watched = lambda table_id: table_id == watched.id
        for _ in range(6):
            await new_table(service)
        assert len(service.live) == 3
        assert first.id not in service.live  # the least recently used idle table went first
        assert watched.id in service.live  # a websocket watches it: it stays
        again = await service.get(first.id)
        assert again is not first and again.state.move_number == 1
        assert again.version == before  # the stored version (issue 35): the same table, no payload dropped
        assert [a.to_json() for a in again.state.history] == [a.to_json() for a in first.state.history]
        await service.shutdown()

    run(job, tmp_path)


def test_a_table_in_use_is_never_dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Locked, or touched within IDLE_SECONDS: over the bound, such tables stay live."""
    monkeypatch.setattr(eviction, "IDLE_SECONDS", 3600.0)

    async def job(storage: Storage) -> None:
        service = TableService(storage, Thinkers(0), max_live=1)
        made = [await new_table(service) for _ in range(3)]
        assert all(table.id in service.live for table in made)  # all touched just now
        for table in made:
            table.touched -= 7200
        async with made[0].lock:
            await new_table(service)
            assert made[0].id in service.live and made[1].id not in service.live
        await service.shutdown()

    run(job, tmp_path)


def test_start_up_serves_before_replaying_any_stored_table(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Many unfinished tables: start-up replays none of them before it returns. Only those
    with an AI seat are replayed afterwards, in the background, and an AI to move plays."""

    async def job(storage: Storage) -> None:
        maker, schedule = TableService(storage, Thinkers(0)), TableService._schedule_ai
        monkeypatch.setattr(TableService, "_schedule_ai", lambda self, table: None)  # stored, unplayed
        people = [await new_table(maker) for _ in range(40)]
        ai = await new_table(maker, VS_AI)
        await maker.shutdown()
        monkeypatch.setattr(TableService, "_schedule_ai", schedule)
        replayed = count_replays(monkeypatch)

        service = TableService(storage, Thinkers(0))
        await service.resume_all()
        assert replayed == [] and service.live == {}  # serving now, nothing replayed yet
        while len(storage.moves(ai.id)) == 0:  # the AI to move plays on, in the background
            await asyncio.sleep(0.01)
        assert replayed == ["tricks"]  # the AI table only: no person's table was replayed
        table = await service.get(people[0].id)  # the first request replays a person's table
        assert table.state.move_number == 0 and len(replayed) == 2
        await service.shutdown()

    run(job, tmp_path)


def test_the_action_index_is_built_off_the_event_loop(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Creating a table, replaying one and decoding moves there never builds an action index
    in the event loop's thread (Kipukas': 390 ms of a stalled server, per table)."""
    monkeypatch.setattr(core_game, "_INDEXES", OrderedDict())  # none built yet in this process
    built_in_loop: list[bool] = []
    plain = core_game.FixedIndex.__init__

    def watched(self: core_game.FixedIndex, actions: Any) -> None:
        built_in_loop.append(threading.current_thread() is threading.main_thread())
        plain(self, actions)

    monkeypatch.setattr(core_game.FixedIndex, "__init__", watched)

    async def job(storage: Storage) -> None:
        service = TableService(storage, Thinkers(0))
        table, tokens, _ = await service.create("tricks", {}, 2, HUMANS, None, True, False)
        for _ in range(2):
            await service.act(table.id, list(tokens.values()), table.state.move_number,
                              table.state.legal_actions()[0].to_json(), table.state.current_player)
        monkeypatch.setattr(core_game, "_INDEXES", OrderedDict())  # a restart: a new process
        again = TableService(storage, Thinkers(0))
        reloaded = await again.get(table.id)
        await again.act(table.id, list(tokens.values()), 2, reloaded.state.legal_actions()[0].to_json(),
                        reloaded.state.current_player)
        assert reloaded.state.move_number == 3
        await service.shutdown()
        await again.shutdown()

    run(job, tmp_path)
    assert built_in_loop == [False, False]  # built twice (once per "process"), never in the loop
