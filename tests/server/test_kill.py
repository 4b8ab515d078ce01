"""Issue 17: ``kill -9`` of the server in the middle of AI turns loses nothing. Every move a
person was answered for is stored, no move is stored twice, and after a restart the AI
tables play on to their end from their stored records.

Issue 29, defect 10 and issue 30, item 13: SIGTERM stopped the server only once a running
think had ended (20 s with a hard AI) and logged BrokenProcessPool tracebacks."""

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

from soulforge.server.storage import Storage
from tests.server.fakes import HANG_GUARD, THINKING_MARK
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
    deadline = time.time() + HANG_GUARD  # a hang guard: a loaded machine starts slowly
    while time.time() < deadline:
        if ready(url):
            return url
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
    deadline = time.time() + HANG_GUARD
    while not any(moves_before := [moves(url, table) for table in bots]):
        assert time.time() < deadline, "the AI tables did not start"  # the worker process starts
        time.sleep(0.1)
    procs[-1].send_signal(signal.SIGKILL)  # in the middle of the AI tables' turns
    procs[-1].wait(10)
    url = start(db, procs)
    person = httpx.get(f"{url}{mine}?svg=false", headers=seats).json()
    assert acked == 8 and person["move"] == 8, "every answered move is stored"
    for table, before in zip(bots, moves_before, strict=True):
        deadline = time.time() + HANG_GUARD
        while not (data := httpx.get(f"{url}/api/tables/{table}?svg=false").json())["is_over"]:
            assert time.time() < deadline, f"table {table} did not play on after the restart"
            time.sleep(0.2)
        record = httpx.get(f"{url}/api/tables/{table}/record").json()
        assert len(record["actions"]) == data["move"] >= before, "no move lost nor stored twice"


SERVE_WITH_A_STUBBORN_AI = """
import sys
from soulforge.server import tables
from tests.server.fakes import Stubborn
tables.make_agent = lambda level, seed, game: Stubborn()
from soulforge.cli import main
sys.argv[0] = "soulforge"
main()
"""
"""``soulforge serve`` whose every AI seat thinks for ever (see ``Stubborn``)."""


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie, dead and not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.parametrize("to", ["the server", "its process group"])
def test_sigterm_stops_at_once_while_an_ai_thinks(tmp_path: Path, to: str) -> None:
    """The server stops without waiting for the think (it never ends here: on main the stop
    waited for it), closes the page's websocket, kills its AI workers, logs no traceback (a
    group SIGTERM, as a Ctrl-C or a service manager sends, broke the pool) and keeps every
    acknowledged move."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    db, port, mark = f"sqlite:///{tmp_path}/stop.db", free_port(), tmp_path / "thinking"
    env = dict(os.environ, SOULFORGE_AI_WORKERS="1", **{THINKING_MARK: str(mark)})
    with (tmp_path / "log").open("wb") as log:
        proc = subprocess.Popen([sys.executable, "-c", SERVE_WITH_A_STUBBORN_AI, "serve", "--port", str(port),
                                 "--db", db], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.time() + HANG_GUARD
        while not ready(url):
            assert time.time() < deadline and proc.poll() is None, "the server did not start"
            time.sleep(0.1)
        people = httpx.post(url + "/api/tables", json={"game": "five_realms", "hot_seat": True, "seats": [
            {"kind": "human"}, {"kind": "human"}]}).json()
        seats, mine = {"X-Seat-Token": ",".join(s["token"] for s in people["seats"])}, people["table"]
        for _ in range(3):
            data = httpx.get(f"{url}/api/tables/{mine}?svg=false", headers=seats).json()
            res = httpx.post(f"{url}/api/tables/{mine}/actions?svg=false", headers=seats,
                             json={"move": data["move"], "action": data["legal"][0]["action"]})
            assert res.status_code == 200, res.text
        bots = httpx.post(url + "/api/tables", json={"game": "five_realms", "seats": [
            {"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "hard"}]}).json()["table"]
        while not mark.exists():
            assert time.time() < deadline, "the AI did not start thinking"
            time.sleep(0.1)
        workers = children(proc.pid)
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{bots}") as page:
            page.send('{"tokens": []}')
            assert '"thinking":true' in str(page.recv(timeout=HANG_GUARD))
            if to == "the server":
                proc.send_signal(signal.SIGTERM)
            else:
                os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(HANG_GUARD)  # a hang guard: on main it waited for a think that never ends
            with pytest.raises(ConnectionClosed):
                page.recv(timeout=HANG_GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    logged = (tmp_path / "log").read_text()
    assert "Traceback" not in logged and "worker died" not in logged, logged
    assert "Application shutdown complete" in logged
    while any(alive(pid) for pid in workers):
        assert time.time() < deadline, "an AI worker outlived the server"
        time.sleep(0.1)
    storage = Storage(db)
    assert len(storage.moves(mine)) == 3, "every acknowledged move is kept"
    assert storage.moves(bots) == [], "no AI move was invented"
    storage.close()


def ready(url: str) -> bool:
    try:
        httpx.get(url + "/api/games", timeout=1).raise_for_status()
    except httpx.HTTPError:
        return False
    return True
