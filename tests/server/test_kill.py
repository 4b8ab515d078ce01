"""Issue 17: ``kill -9`` of the server in the middle of AI turns loses nothing. Every move a
person was answered for is stored, no move is stored twice, and after a restart the AI
tables play on to their end from their stored records."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.support import free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server_at(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """Start (and restart) a real server process on one SQLite file; killed at the end."""
    procs: list[subprocess.Popen[bytes]] = []
    yield f"sqlite:///{tmp_path}/kill.db", procs
    for proc in procs:
        proc.kill()
        proc.wait(10)


def start(db: str, procs: list[subprocess.Popen[bytes]]) -> str:
    port = free_port()
    env = dict(os.environ, SOULFORGE_DB=db, SOULFORGE_AI_WORKERS="1")
    procs.append(subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "soulforge.server.app:create_app", "--factory", "--host",
         "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env))
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(url + "/api/games", timeout=1).raise_for_status()
            return url
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


Servers = tuple[str, list[subprocess.Popen[bytes]]]


def moves(url: str, table: str) -> int:
    return int(httpx.get(f"{url}/api/tables/{table}?svg=false").json()["move"])


def test_kill_9_in_the_middle_of_ai_turns_loses_nothing(server_at: Servers) -> None:
    db, procs = server_at
    url = start(db, procs)
    bots = [httpx.post(url + "/api/tables", json={"game": "five_realms", "seats": [
        {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]}).json()["table"] for _ in range(3)]
    people = httpx.post(url + "/api/tables", json={"game": "five_realms", "hot_seat": True, "seats": [
        {"kind": "human"}, {"kind": "human"}]}).json()
    seats = {"X-Seat-Token": ",".join(s["token"] for s in people["seats"])}
    acked, mine = 0, f"/api/tables/{people['table']}"
    for _ in range(8):  # a person's moves, each answered 200 before the kill
        data = httpx.get(f"{url}{mine}?svg=false", headers=seats).json()
        res = httpx.post(f"{url}{mine}/actions?svg=false", headers=seats,
                         json={"move": data["move"], "action": data["legal"][0]["action"]})
        acked += res.status_code == 200
    deadline = time.time() + 60
    while not any(moves_before := [moves(url, table) for table in bots]):
        assert time.time() < deadline, "the AI tables did not start"  # the worker process starts
        time.sleep(0.1)
    procs[-1].send_signal(signal.SIGKILL)  # in the middle of the AI tables' turns
    procs[-1].wait(10)
    url = start(db, procs)
    person = httpx.get(f"{url}{mine}?svg=false", headers=seats).json()
    assert acked == 8 and person["move"] == 8, "every answered move is stored"
    for table, before in zip(bots, moves_before, strict=True):
        deadline = time.time() + 60
        while not (data := httpx.get(f"{url}/api/tables/{table}?svg=false").json())["is_over"]:
            assert time.time() < deadline, f"table {table} did not play on after the restart"
            time.sleep(0.2)
        record = httpx.get(f"{url}/api/tables/{table}/record").json()
        assert len(record["actions"]) == data["move"] >= before, "no move lost nor stored twice"
