"""Issue 29, defect 6: while another process holds SQLite's write lock, reads are served and
writes answer 503 at once instead of queueing behind each other (and behind the reads).

No wall clock is asserted: the order of events shows the read did not wait for the writes,
and a generous timeout only guards against a hang."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app, storage
from tests.server.helpers import create, get, token

WRITES = 12
HANG_GUARD = 15.0
"""Seconds a request may take before the test calls it hung: 12 queued writes took 24 s."""


@contextmanager
def exclusive_lock(path: Path) -> Iterator[None]:
    """Another process's connection holding the database's write lock."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def hot_seat_tables(client: TestClient, count: int) -> list[tuple[str, str, dict[str, Any]]]:
    """``count`` tables, each with its seat token and a legal first move."""
    out = []
    for _ in range(count):
        made = create(client, hot_seat=True, seats=[{"kind": "human"}, {"kind": "human"}])
        tok = ",".join(s["token"] for s in made["seats"])
        out.append((made["table"], tok, get(client, made["table"], token(made, 0))["legal"][0]["action"]))
    return out


def move(client: TestClient, table: str, tok: str, action: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{table}/actions?svg=false", headers={"X-Seat-Token": tok},
                       json={"move": 0, "action": action})


def wait_for(condition: Any, what: str) -> None:
    """Poll ``condition`` until true (hang guard only: the test fails if it never is)."""
    give_up = time.monotonic() + HANG_GUARD
    while not condition():
        assert time.monotonic() < give_up, f"never happened: {what}"
        time.sleep(0.01)


def test_a_read_is_served_while_writes_wait_for_the_lock(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # The writes may wait long here, so that they are certainly still waiting during the read.
    monkeypatch.setattr(storage, "WRITE_WAIT", 600.0, raising=False)
    monkeypatch.setattr(storage, "BUSY_TIMEOUT", 600.0)
    with TestClient(create_app(f"sqlite:///{tmp_path}/locked.db")) as client:
        tables = hot_seat_tables(client, WRITES)
        store = client.app.state.service.storage  # type: ignore[attr-defined]
        with ThreadPoolExecutor(WRITES + 2) as pool:
            with exclusive_lock(tmp_path / "locked.db"):
                writes = [pool.submit(move, client, *t) for t in tables]
                wait_for(lambda: getattr(store, "pending_writes", 0) == WRITES, "12 writes waiting")
                lobby = pool.submit(client.get, "/api/tables").result(timeout=HANG_GUARD)
                page = pool.submit(client.get, "/").result(timeout=HANG_GUARD)
                state = pool.submit(client.get, f"/api/tables/{tables[0][0]}").result(timeout=HANG_GUARD)
                assert (lobby.status_code, page.status_code, state.status_code) == (200, 200, 200)
                assert len(lobby.json()) == WRITES
                assert not any(w.done() for w in writes), "the reads were answered while every write waited"
            answers = [w.result(timeout=HANG_GUARD).status_code for w in writes]
    assert answers == [200] * WRITES, "once the lock is let go, the waiting writes are stored"


@pytest.mark.usefixtures("production_write_wait")
def test_writes_answer_503_instead_of_queueing_behind_a_lock(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path}/busy.db")) as client:
        tables = hot_seat_tables(client, WRITES)
        with ThreadPoolExecutor(WRITES + 1) as pool, exclusive_lock(tmp_path / "busy.db"):
            give_up = time.monotonic() + HANG_GUARD  # one guard for all: each write waits its own 2 s at most
            writes: list[Future[Any]] = [pool.submit(move, client, *t) for t in tables]
            read = pool.submit(client.get, "/api/tables")
            assert read.result(timeout=give_up - time.monotonic()).status_code == 200
            answers = [w.result(timeout=max(0.0, give_up - time.monotonic())) for w in writes]  # still locked
        assert [a.status_code for a in answers] == [503] * WRITES
        assert all(a.headers["Retry-After"] == "2" and "nothing was changed" in a.json()["detail"]
                   for a in answers)
        assert all(get(client, table)["move"] == 0 for table, _, _ in tables), "nothing was stored"
        assert move(client, *tables[0]).status_code == 200, "the lock let go, writes go through"
