"""Issue 35 in one process: several table services over one PostgreSQL database stand for
several server processes (each its own copy of the tables in memory, its own storage and
notifications). A change is stored once, against the version its service read; a service
whose copy is old reloads it; the AI's decisions wait in the queue with leases."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.server import api, create_app, fanout
from soulforge.server.app import database_problem
from soulforge.server.storage import SERVING, Storage, serve_alone
from soulforge.server.tables import TableError, TableService
from soulforge.server.thinking import Thinkers
from tests.server.fakes import HANG_GUARD

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg_url(pg_server: Any) -> str:
    if isinstance(pg_server, str):
        pytest.skip(pg_server)
    url: str = pg_server.new_database()
    return url


@pytest.fixture
def stores(pg_url: str) -> Iterator[list[Storage]]:
    """Three storages of one database: three processes' worth."""
    made = [Storage(pg_url) for _ in range(3)]
    yield made
    for storage in made:
        storage.close()


HOT_SEAT = [("human", None), ("human", None)]


def test_a_move_through_a_stale_copy_is_refused_once_and_the_copy_reloaded(stores: list[Storage]) -> None:
    async def job() -> None:
        one, two = TableService(stores[0], Thinkers(0)), TableService(stores[1], Thinkers(0))
        table, tokens, _ = await one.create("tricks", {}, 2, HOT_SEAT, None, True, False)
        copy = await two.get(table.id)
        first = copy.state.legal_actions()[0]
        await one._commit(table, table.state.current_player or 0, table.state.legal_actions()[0])
        async with copy.lock:  # two still holds move 0: the stored version says otherwise
            with pytest.raises(TableError) as refused:
                await two._commit(copy, copy.state.current_player or 0, first)
        assert refused.value.status == 409
        assert copy.state.move_number == 1 and copy.version == table.version  # reloaded
        assert len(stores[2].moves(table.id)) == 1  # stored once
        # a request to the other process sees the move at once (its version is read first)
        seat = table.state.current_player or 0
        again, _ = await two.act(table.id, list(tokens.values()), 1,
                                 table.state.legal_actions()[0].to_json(), seat=seat)
        assert again.state.move_number == 2 and len(stores[2].moves(table.id)) == 2
        assert (await one.get(table.id)).state.move_number == 2  # one reloads the missing move
        await one.shutdown()
        await two.shutdown()

    asyncio.run(job())


def test_concurrent_moves_from_many_services_are_stored_exactly_once(stores: list[Storage]) -> None:
    async def job() -> None:
        services = [TableService(storage, Thinkers(0)) for storage in stores]
        table, tokens, _ = await services[0].create("tricks", {}, 2, HOT_SEAT, None, True, False)
        held, acked = list(tokens.values()), 0
        for move in range(6):
            current = await services[0].get(table.id)
            if current.over:
                break
            action = current.state.legal_actions()[0].to_json()
            tries = [svc.act(table.id, held, move, action) for svc in services for _ in range(3)]
            results = await asyncio.gather(*tries, return_exceptions=True)
            answered = [r for r in results if not isinstance(r, BaseException)]
            refused = [r for r in results if isinstance(r, TableError)]
            assert len(answered) == 1 and len(refused) == len(results) - 1  # nothing else went wrong
            assert {r.status for r in refused} == {409}
            acked += 1
        stored = stores[0].moves(table.id)
        assert len(stored) == acked == (await services[2].get(table.id)).state.move_number
        for svc in services:
            await svc.shutdown()

    asyncio.run(job())


def test_a_notification_reloads_a_watched_copy_and_its_sockets_get_the_new_payload(
        stores: list[Storage], pg_url: str) -> None:
    async def job() -> None:
        one, two = TableService(stores[0], Thinkers(0)), TableService(stores[1], Thinkers(0))
        table, _tokens, _ = await one.create("tricks", {}, 2, HOT_SEAT, None, True, False)
        copy = await two.get(table.id)
        sent: list[int] = []

        async def broadcast(live: Any) -> None:
            sent.append(live.state.move_number)

        two.broadcast, two.watched = broadcast, lambda table_id: table_id == table.id
        heard: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        ready = asyncio.Event()
        listener = asyncio.create_task(fanout.listen(pg_url, heard.put, None, ready))
        await asyncio.wait_for(ready.wait(), 10)
        before = table.version
        await one._commit(table, table.state.current_player or 0, table.state.legal_actions()[0])
        await one.say(table.id, [], "hello")
        message = await asyncio.wait_for(heard.get(), 10)
        assert {k: message[k] for k in ("t", "v", "p", "j", "o")} == {
            "t": table.id, "v": table.version, "p": before, "j": False, "o": stores[0].origin}
        assert message["m"]["n"] == 0 and message["m"]["a"] == table.state.history[0].to_json()
        reads: list[str] = []
        snapshot = stores[1].snapshot

        def counted(table_id: str) -> Any:
            reads.append(table_id)
            return snapshot(table_id)

        stores[1].snapshot = counted  # type: ignore[method-assign]
        await two.notified(message)
        assert copy.state.move_number == 1 and sent == [1]  # its sockets told
        assert reads == [] and copy.version == table.version  # the move it carried, nothing read
        chat = await asyncio.wait_for(heard.get(), 10)
        said: list[dict[str, Any]] = []

        async def chat_out(table_id: str, text: dict[str, Any]) -> None:
            said.append(text)

        two.chat_broadcast = chat_out
        await two.notified(chat)
        assert [m["text"] for m in said] == ["hello"]
        await one._commit(table, table.state.current_player or 0, table.state.legal_actions()[0])
        await two.notified({**(await asyncio.wait_for(heard.get(), 10)), "m": None})  # too long to carry
        assert reads == [table.id] and copy.state.move_number == 2 and sent == [1, 2]  # read instead
        await two.notified({**message, "o": stores[1].origin})  # its own: nothing again
        assert sent == [1, 2]
        listener.cancel()
        await one.shutdown()
        await two.shutdown()

    asyncio.run(job())


def test_a_move_stored_while_a_socket_joins_is_the_first_payload_it_gets(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The socket has read the table and is not yet in its room when another server stores a
    move and this one hears of it (nobody watching: nothing to do): the socket is in the room
    before it reads the table again, so its first payload holds the move (the nginx test's
    viewer held move 0 for ever, issue 35)."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    with TestClient(create_app(pg_url, ai_workers=0)) as watching, \
            TestClient(create_app(pg_url, ai_workers=0)) as moving:
        made = moving.post("/api/tables", json={"game": "tricks", "hot_seat": True, "seats": seats}).json()
        table, token = made["table"], ",".join(seat["token"] for seat in made["seats"])
        service: TableService = watching.app.state.service  # type: ignore[attr-defined]
        heard_move = service.notified
        handled: list[asyncio.Event] = []

        async def notified(message: dict[str, Any]) -> None:
            await heard_move(message)
            if message.get("t") == table and handled:
                handled[0].set()

        async def session_then_a_move(socket: Any) -> Any:
            """Between the socket's first read and its join: a move stored by the other server,
            its notification handled here."""
            handled.append(asyncio.Event())
            data = moving.get(f"/api/tables/{table}?svg=false", headers={"X-Seat-Token": token}).json()
            res = moving.post(f"/api/tables/{table}/actions?svg=false", headers={"X-Seat-Token": token},
                              json={"move": 0, "action": data["legal"][0]["action"]})
            assert res.status_code == 200, res.text
            await asyncio.wait_for(handled[0].wait(), HANG_GUARD)
            return await session_of(socket)

        session_of = api.socket_session
        monkeypatch.setattr(service, "notified", notified)
        monkeypatch.setattr(api, "socket_session", session_then_a_move)
        with watching.websocket_connect(f"/ws/tables/{table}") as socket:
            socket.send_json({"tokens": [], "svg": False})
            first = socket.receive_json()
        assert handled[0].is_set()  # the move came in the window
        assert (first["type"], first["move"]) == ("state", 1)


def test_a_watched_copy_whose_notification_was_lost_is_caught_up(stores: list[Storage]) -> None:
    """No notification reaches a process (no listener here: lost): the check of the watched
    tables' versions (``catch_up``, every ``CATCH_UP`` s in a server) reloads the copy and tells
    its sockets; a copy nobody watches is not read."""
    async def job() -> None:
        one, two = TableService(stores[0], Thinkers(0)), TableService(stores[1], Thinkers(0))
        table, _tokens, _ = await one.create("tricks", {}, 2, HOT_SEAT, None, True, False)
        idle, _, _ = await one.create("tricks", {}, 2, HOT_SEAT, None, True, False)
        copy, idle_copy = await two.get(table.id), await two.get(idle.id)
        sent: list[int] = []

        async def broadcast(live: Any) -> None:
            sent.append(live.state.move_number)

        two.broadcast, two.watched = broadcast, lambda table_id: table_id == table.id
        for live in (table, idle):
            await one._commit(live, live.state.current_player or 0, live.state.legal_actions()[0])
        await two.catch_up()
        assert copy.state.move_number == 1 and copy.version == table.version and sent == [1]
        assert idle_copy.state.move_number == 0  # read on its next request, not before
        await two.catch_up()  # up to date: nothing sent again
        assert sent == [1]
        await one.shutdown()
        await two.shutdown()

    asyncio.run(job())


def test_ai_jobs_are_queued_with_the_change_and_a_dead_workers_lease_runs_out(stores: list[Storage]) -> None:
    async def job() -> None:
        server = TableService(stores[0], Thinkers(0), queue_ai=True)
        table, _tokens, _ = await server.create("tricks", {}, 2, [("ai", "random"), ("human", None)], None,
                                                False, False)
        assert server.live[table.id].ai_task is None  # the server thinks nothing itself
        assert [(j.table_id, j.version, j.seat) for j in stores[1].jobs()] == [(table.id, table.version, 0)]
        taken = stores[1].take_job("dead-worker", 0.3)
        assert taken is not None and taken.attempts == 1
        assert stores[2].take_job("live-worker", 5.0) is None  # leased: nobody else takes it
        time.sleep(0.4)  # the lease runs out (its worker died): the test of expiry itself
        again = stores[2].take_job("live-worker", 5.0)
        assert again is not None and (again.table_id, again.attempts) == (table.id, 2)
        await server.shutdown()

    asyncio.run(job())


def test_a_worker_thinks_a_queued_move_and_queues_the_next(stores: list[Storage], pg_url: str) -> None:
    from soulforge.worker import Worker

    async def job() -> None:
        server = TableService(stores[0], Thinkers(0), queue_ai=True)
        table, _tokens, _ = await server.create("tricks", {}, 2, [("ai", "random"), ("ai", "random")], None,
                                                False, False)
        worker = Worker(pg_url, slots=2, pool=0)
        stop = asyncio.Event()
        running = asyncio.create_task(worker.run(stop))
        deadline = time.monotonic() + 60  # a hang guard
        while (await server.get(table.id)).to_move is not None:
            assert time.monotonic() < deadline, "the worker did not play the table to its end"
            await asyncio.sleep(0.05)
        stop.set()
        await running
        done = await server.get(table.id)
        assert done.over and worker.moves == done.state.move_number == len(stores[1].moves(table.id))
        assert stores[1].jobs() == []
        await server.shutdown()

    asyncio.run(job())


def test_a_second_server_on_one_sqlite_file_is_refused_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path}/one.db"
    assert database_problem(url) is None  # this process serves it now
    assert any(key.endswith("one.db") for key in SERVING)
    serve_alone(url)  # again in the same process: fine
    code = f"from soulforge.server.app import database_problem; print(database_problem({url!r}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[2])
    line = out.stdout.strip()
    assert "\n" not in line and "PostgreSQL" in line and "already serves" in line
    assert json.dumps(line)  # one printable line


def test_what_runs_once_runs_in_one_process_and_moves_on_when_it_dies(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fanout, "LEADER_POLL", 0.05)

    async def job() -> None:
        led: list[str] = []

        def leading(name: str) -> Any:
            async def run() -> None:
                led.append(name)
            return run

        first = asyncio.create_task(fanout.lead(pg_url, leading("first")))
        while not led:
            await asyncio.sleep(0.01)
        second = asyncio.create_task(fanout.lead(pg_url, leading("second")))
        for _ in range(20):  # twenty of the follower's polls: it never leads meanwhile
            await asyncio.sleep(0.05)
        assert led == ["first"]
        first.cancel()  # the leader dies: its connection, and so its lock, go with it
        with contextlib.suppress(asyncio.CancelledError):
            await first
        deadline = time.monotonic() + 30  # a hang guard
        while led == ["first"]:
            assert time.monotonic() < deadline, "nobody took the lead over"
            await asyncio.sleep(0.02)
        assert led == ["first", "second"]
        second.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await second

    asyncio.run(job())


def test_an_undo_and_a_rematch_made_by_one_service_are_seen_by_another(stores: list[Storage]) -> None:
    async def job() -> None:
        one, two = TableService(stores[0], Thinkers(0)), TableService(stores[1], Thinkers(0))
        table, tokens, _ = await one.create("tricks", {}, 2, HOT_SEAT, None, True, False)
        held = list(tokens.values())
        await one._commit(table, table.state.current_player or 0, table.state.legal_actions()[0])
        passing = next(a for a in table.state.legal_actions() if a.to_json()["type"] == "pass")
        await one._commit(table, table.state.current_player or 0, passing)  # public, no chance: undoable
        copy = await two.get(table.id)
        assert copy.state.move_number == 2
        await one.undo(table.id, held, 2)  # back to the last decision: a replay on the other side
        copy = await two.get(table.id)
        assert copy.state.move_number == table.state.move_number == 1 and copy.version == table.version
        assert [a.to_json() for a in copy.state.history] == [a.to_json() for a in table.state.history]
        while not table.over:
            await one._commit(table, table.state.current_player or 0, table.state.legal_actions()[0])
        new_table, _seat, _tokens = await two.rematch(table.id, held)  # offered on the other service
        mine = await one.get(table.id)
        assert mine.rematch is not None and mine.rematch.table == new_table  # stored, not only in memory
        assert one.payload(mine, {0})["rematch"]["table"] == new_table
        await one.shutdown()
        await two.shutdown()

    asyncio.run(job())


def test_a_worker_refuses_sqlite_in_one_line(tmp_path: Path) -> None:
    from soulforge.worker import WorkerRefused, main

    with pytest.raises(WorkerRefused) as refused:
        main(f"sqlite:///{tmp_path}/w.db")
    assert "PostgreSQL" in str(refused.value) and "\n" not in str(refused.value)


def test_a_server_that_queues_the_ai_drops_idle_ai_tables_from_memory(
        stores: list[Storage], monkeypatch: pytest.MonkeyPatch) -> None:
    from soulforge.server import eviction

    monkeypatch.setattr(eviction, "IDLE_SECONDS", 0.0)

    async def job() -> None:
        server = TableService(stores[0], Thinkers(0), max_live=2, queue_ai=True)
        for _ in range(5):  # an AI to move at each: a worker's job, nothing this server holds
            await server.create("tricks", {}, 2, [("ai", "random"), ("ai", "random")], None, False, False)
        assert len(server.live) == 2 and len(stores[1].jobs()) == 5
        await server.shutdown()

    asyncio.run(job())


def test_options_set_before_the_first_move_reach_every_copy(stores: list[Storage]) -> None:
    """A seat taken late at a Kipukas table played with the records brings its record
    (``set_options``, issue 33): another process's copy, with the same (no) moves, is built
    anew from the new options, not kept; after the first move the options stay."""
    async def job() -> None:
        one, two = TableService(stores[0], Thinkers(0)), TableService(stores[1], Thinkers(0))
        first = json.dumps([{"affinity": {"Magic": 9}}, None])
        table, _, _ = await one.create("kipukas", {"progress": first}, 2, HOT_SEAT, None, True, False)
        copy = await two.get(table.id)
        assert _records(copy)[1] is None
        both = json.dumps([{"affinity": {"Magic": 9}}, {"affinity": {"Avian": 5}}])
        assert await one.set_options(table.id, {**table.row.options, "progress": both})
        copy = await two.get(table.id)
        brought = _records(copy)[1]
        assert brought is not None and brought.affinity == {"Avian": 5}
        await one._commit(table, table.state.current_player or 0, table.state.legal_actions()[0])
        assert not await one.set_options(table.id, {**table.row.options, "progress": first})
        assert _records(await two.get(table.id))[1] == brought
        await one.shutdown()
        await two.shutdown()
    asyncio.run(job())


def _records(table: Any) -> Any:
    """The Kipukas records by seat that a live table's game plays with."""
    return table.state.game.progress
