"""Issue 35 for real: three ``uvicorn`` server processes and two ``soulforge worker``
processes over one PostgreSQL. Each request goes to a random server and each websocket to
another; every viewer sees every move, in order; moves sent at once to one table from every
server are stored exactly once; after ``kill -9`` of a server and of a worker, clients
reconnect to another server, no acknowledged move is lost and the AI tables play to their end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from soulforge.server.storage import Storage
from tests.server.fakes import HANG_GUARD
from tests.server.support import free_port

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
GAME = "five_realms"


@dataclass
class Cluster:
    db: str
    servers: list[tuple[subprocess.Popen[bytes], str]] = field(default_factory=list)
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def urls(self) -> list[str]:
        """The servers still running."""
        return [url for proc, url in self.servers if proc.poll() is None]


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, SOULFORGE_DB=db, SOULFORGE_AI_QUEUE="1", SOULFORGE_RATE_LIMITS="off")
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "soulforge.server.app:create_app", "--factory", "--host",
         "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env)
    return proc, f"http://127.0.0.1:{port}"


def start_worker(db: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, SOULFORGE_AI_LEASE="2")  # a dead worker's job waits 2 s, not 15
    code = "from soulforge.worker import main; main(None, 2, 0)"
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=dict(env, SOULFORGE_DB=db),
                            stderr=subprocess.DEVNULL)


def wait_ready(url: str) -> None:
    deadline = time.monotonic() + HANG_GUARD  # a hang guard: a loaded machine starts slowly
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"the server at {url} did not start")


@pytest.fixture(scope="module")
def cluster(pg_server: Any) -> Iterator[Cluster]:
    if isinstance(pg_server, str):
        pytest.skip(pg_server)
    db = pg_server.new_database()
    Storage(db).close()  # the schema once, before five processes start
    made = Cluster(db, [start_server(db) for _ in range(3)], [start_worker(db) for _ in range(2)])
    try:
        for _proc, url in made.servers:
            wait_ready(url)
        yield made
    finally:
        for proc in [p for p, _ in made.servers] + made.workers:
            proc.kill()
            proc.wait(10)


@dataclass
class Viewer:
    """A websocket client of one table that reconnects to another server when its own dies."""

    table: str
    tokens: list[str]
    moves: list[int] = field(default_factory=list)
    """The move number of every payload received, in order of arrival."""
    versions: list[int] = field(default_factory=list)
    reconnects: int = 0
    logs: list[int] = field(default_factory=list)
    """The length of the log in each payload."""

    async def watch(self, cluster: Cluster, first: str, stop: asyncio.Event) -> None:
        url = first
        while not stop.is_set():
            try:
                ws_url = url.replace("http://", "ws://") + f"/ws/tables/{self.table}"
                async with websockets.connect(ws_url, max_size=None, compression=None) as ws:
                    await ws.send(json.dumps({"tokens": self.tokens, "svg": False}))
                    while not stop.is_set():
                        try:
                            text = await asyncio.wait_for(ws.recv(), 0.2)
                        except TimeoutError:
                            continue
                        payload = json.loads(text)
                        if payload.get("type") == "state":
                            self.moves.append(payload["move"])
                            self.versions.append(payload["version"])
            except (OSError, websockets.ConnectionClosed):
                self.reconnects += 1
                others = [u for u in cluster.urls if u != url] or cluster.urls
                url = random.choice(others)
                await asyncio.sleep(0.1)

    async def sees(self, move: int) -> None:
        deadline = time.monotonic() + HANG_GUARD
        while not self.moves or self.moves[-1] < move:
            assert time.monotonic() < deadline, (f"a viewer never saw move {move}: moves={self.moves}, "
                                                  f"reconnects={self.reconnects}")
            await asyncio.sleep(0.01)


async def post(cluster: Cluster, http: httpx.AsyncClient, path: str, body: dict[str, Any],
               token: str | None = None) -> httpx.Response:
    """POST to a random running server; a server dying meanwhile: the next one is asked."""
    headers = {"X-Seat-Token": token} if token else {}
    for _ in range(10):
        try:
            return await http.post(random.choice(cluster.urls) + path, json=body, headers=headers)
        except httpx.TransportError:
            await asyncio.sleep(0.1)
    raise RuntimeError("no server answered")


async def get(cluster: Cluster, http: httpx.AsyncClient, path: str, token: str | None = None) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    for _ in range(10):
        try:
            return (await http.get(random.choice(cluster.urls) + path, headers=headers)).json()
        except httpx.TransportError:
            await asyncio.sleep(0.1)
    raise RuntimeError("no server answered")


async def people_table(cluster: Cluster, http: httpx.AsyncClient) -> tuple[str, list[str]]:
    """A table of two people (not hot-seat): the second claims its invite on another server."""
    made = (await post(cluster, http, "/api/tables", {
        "game": GAME, "listed": False, "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
    table, fields = made["seats"][1]["invite"].split("/t/")[1].split("#")
    seat, code = (part.split("=", 1)[1] for part in fields.split("&"))
    claimed = await post(cluster, http, f"/api/tables/{table}/claim", {"seat": int(seat), "invite": code})
    return table, [made["seats"][0]["token"], claimed.json()["token"]]


def test_a_game_across_processes_every_viewer_sees_every_move_in_order(cluster: Cluster) -> None:
    async def job() -> None:
        random.seed(35)
        async with httpx.AsyncClient(timeout=30) as http:
            table, tokens = await people_table(cluster, http)
            urls, stop = cluster.urls, asyncio.Event()
            viewers = [Viewer(table, [tokens[0]]), Viewer(table, [tokens[1]]), Viewer(table, [])]
            watching = [asyncio.create_task(v.watch(cluster, urls[i], stop)) for i, v in enumerate(viewers)]
            for viewer in viewers:
                await viewer.sees(0)
            move = 0
            for move in range(1, 41):  # forty moves, each sent to a random server
                data = await get(cluster, http, f"/api/tables/{table}?svg=false", tokens[0])
                if data["is_over"]:
                    break
                seat = data["current_player"]
                mine = await get(cluster, http, f"/api/tables/{table}?svg=false", tokens[seat])
                res = await post(cluster, http, f"/api/tables/{table}/actions?svg=false",
                                 {"move": mine["move"], "action": random.choice(mine["legal"])["action"]},
                                 tokens[seat])
                assert res.status_code == 200, res.text
                assert res.json()["move"] == move
                for viewer in viewers:
                    await viewer.sees(move)
            stop.set()
            await asyncio.gather(*watching)
        for viewer in viewers:
            distinct = [m for i, m in enumerate(viewer.moves) if i == 0 or m != viewer.moves[i - 1]]
            assert distinct == list(range(move + 1)), viewer.moves  # every move, in order
            assert viewer.versions == sorted(viewer.versions)
        assert len(Storage(cluster.db).moves(table)) == move

    asyncio.run(job())


def test_moves_sent_at_once_to_one_table_from_every_server_are_stored_exactly_once(cluster: Cluster) -> None:
    async def job() -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            made = (await post(cluster, http, "/api/tables", {
                "game": GAME, "hot_seat": True, "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
            table, token = made["table"], ",".join(s["token"] for s in made["seats"])
            acked, statuses = 0, set()
            for _ in range(15):
                data = await get(cluster, http, f"/api/tables/{table}?svg=false", token)
                if data["is_over"]:
                    break
                choices = [random.choice(data["legal"])["action"] for _ in range(6)]
                path = f"/api/tables/{table}/actions?svg=false"
                sends = [http.post(url + path, json={"move": data["move"], "action": choice},
                                   headers={"X-Seat-Token": token})
                         for url in cluster.urls for choice in choices[:2]]
                answers = await asyncio.gather(*sends)
                statuses |= {a.status_code for a in answers}
                ok = [a for a in answers if a.status_code == 200]
                assert len(ok) == 1, [a.status_code for a in answers]  # exactly one of six
                acked += 1
        assert statuses == {200, 409}
        assert len(Storage(cluster.db).moves(table)) == acked

    asyncio.run(job())


NGINX_CONF = ROOT / "docs" / "nginx.conf"


@contextlib.contextmanager
def nginx(tmp: Path, upstreams: list[str]) -> Iterator[str]:
    """nginx running ``docs/nginx.conf`` as written, with these upstreams and a free port."""
    import shutil

    binary = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if binary is None:
        pytest.skip("nginx is not installed (apt-get install nginx)")
    site = NGINX_CONF.read_text()
    for number, url in enumerate(upstreams, 1):
        site = site.replace(f"127.0.0.1:800{number}", url.removeprefix("http://"))
    port = free_port()
    site = site.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    (tmp / "soulforge.conf").write_text(site)
    temps = " ".join(f"{kind}_temp_path {tmp}/{kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                     "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(
        f"worker_processes 1; pid {tmp}/nginx.pid; error_log {tmp}/error.log;"
        + (" user root;" if os.geteuid() == 0 else "")
        + " events { worker_connections 256; }"
        + f" http {{ access_log off; {temps} include {tmp}/soulforge.conf; }}")
    proc = subprocess.Popen([binary, "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-g", "daemon off;"],
                            stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def test_behind_nginx_a_game_and_its_websocket_go_through_one_address(cluster: Cluster,
                                                                     tmp_path: Path) -> None:
    async def job(proxy: str) -> None:
        front = Cluster(cluster.db, [(cluster.servers[0][0], proxy)])  # every request to the proxy
        async with httpx.AsyncClient(timeout=30) as http:
            table, tokens = await people_table(front, http)
            stop = asyncio.Event()
            viewer = Viewer(table, [])
            watching = asyncio.create_task(viewer.watch(front, proxy, stop))
            await viewer.sees(0)  # it watches from the start (joined late, it would begin at move 1)
            for move in range(1, 11):
                data = await get(front, http, f"/api/tables/{table}?svg=false")
                seat = data["current_player"]
                mine = await get(front, http, f"/api/tables/{table}?svg=false", tokens[seat])
                res = await post(front, http, f"/api/tables/{table}/actions?svg=false",
                                 {"move": mine["move"], "action": mine["legal"][0]["action"]}, tokens[seat])
                assert res.status_code == 200, res.text
                await viewer.sees(move)
            stop.set()
            await watching
        seen = [m for i, m in enumerate(viewer.moves) if i == 0 or m != viewer.moves[i - 1]]
        assert seen == list(range(11))

    with nginx(tmp_path, [url for _, url in cluster.servers]) as proxy:
        asyncio.run(job(proxy))


def test_kill_9_of_a_server_and_a_worker_mid_game_loses_nothing(cluster: Cluster) -> None:
    async def job() -> None:
        random.seed(9)
        async with httpx.AsyncClient(timeout=30) as http:
            bots = [(await post(cluster, http, "/api/tables", {"game": GAME, "seats": [
                {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]})).json()["table"]
                for _ in range(3)]
            made = (await post(cluster, http, "/api/tables", {"game": GAME, "seats": [
                {"kind": "human"}, {"kind": "ai", "level": "easy"}]})).json()
            table, token = made["table"], made["seats"][0]["token"]
            doomed, stop = cluster.urls[0], asyncio.Event()
            viewer = Viewer(table, [token])
            watching = asyncio.create_task(viewer.watch(cluster, doomed, stop))  # on the server to kill
            acked, killed = 0, False
            deadline = time.monotonic() + HANG_GUARD
            while True:
                assert time.monotonic() < deadline, "the person's table did not end"
                data = await get(cluster, http, f"/api/tables/{table}?svg=false", token)
                if data["is_over"]:
                    break
                if data["current_player"] != 0:
                    await asyncio.sleep(0.02)  # the AI's turn: a worker thinks it
                    continue
                choice = random.choice(data["legal"])["action"]
                res = await post(cluster, http, f"/api/tables/{table}/actions?svg=false",
                                 {"move": data["move"], "action": choice}, token)
                acked += res.status_code == 200
                if acked == 5 and not killed:  # mid-game: a server and a worker die at once
                    cluster.servers[0][0].send_signal(signal.SIGKILL)
                    cluster.workers[0].send_signal(signal.SIGKILL)
                    cluster.servers[0][0].wait(10)
                    cluster.workers[0].wait(10)
                    killed = True
            for bot in bots:  # the AI tables play on to their end, on the worker left
                while not (await get(cluster, http, f"/api/tables/{bot}?svg=false"))["is_over"]:
                    assert time.monotonic() < deadline, "an AI table did not end"
                    await asyncio.sleep(0.1)
            await viewer.sees(data["move"])  # the viewer reconnected to another server
            stop.set()
            await watching
        assert killed and viewer.reconnects >= 1
        storage = Storage(cluster.db)
        mine = storage.moves(table)
        assert sum(seat == 0 for seat, _ in mine) == acked  # none lost, none twice
        assert all(storage.table(bot).status == "over" for bot in bots)  # type: ignore[union-attr]
        assert storage.jobs() == []

    asyncio.run(job())
