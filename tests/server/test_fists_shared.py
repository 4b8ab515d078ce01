"""The two-phone fists room across server processes (issue 33 over issue 35): two
``uvicorn`` servers over one PostgreSQL, the attacker's phone on one and the defender's on
the other. They meet in one room; before both have chosen, nothing but "has chosen" crosses
to the other phone; then both get the same reveal."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from soulforge.server.storage import Storage
from tests.server.fakes import HANG_GUARD
from tests.server.support import free_port
from tests.server.test_multiprocess import ROOT, wait_ready

pytestmark = pytest.mark.postgres
SECRET = ["Telekinetic", "Glitch"]


@pytest.fixture(scope="module")
def two_servers(pg_server: Any) -> Iterator[list[str]]:
    if isinstance(pg_server, str):
        pytest.skip(pg_server)
    db = pg_server.new_database()
    Storage(db).close()  # the schema once, before both start
    procs, urls = [], []
    for _ in range(2):
        port = free_port()
        env = dict(os.environ, SOULFORGE_DB=db, SOULFORGE_AI_QUEUE="1", SOULFORGE_RATE_LIMITS="off")
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "soulforge.server.app:create_app", "--factory", "--host",
             "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url in urls:
            wait_ready(url)
        yield urls
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(10)


class Phone:
    """One side's websocket, every message it received kept in order."""

    def __init__(self, ws: Any, side: str) -> None:
        self.ws, self.side = ws, side
        self.heard: list[dict[str, Any]] = []

    async def next(self, want: str = "status") -> dict[str, Any]:
        """The next message of type ``want`` (every message on the way is kept)."""
        deadline = time.monotonic() + HANG_GUARD
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"the {self.side} never heard a {want}"
            message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), left))
            self.heard.append(message)
            if message["type"] == want:
                return message

    async def until(self, test: Any) -> dict[str, Any]:
        """Statuses until one passes ``test``."""
        while not test(message := await self.next()):
            pass
        return message


def test_two_phones_on_two_servers_meet_and_nothing_leaks_before_the_reveal(two_servers: list[str]) -> None:
    async def play() -> None:
        first, second = two_servers
        code = httpx.post(first + "/api/kipukas/fists/rooms", json={"mode": "keal"}).json()["code"]
        sockets = [url.replace("http://", "ws://") + f"/ws/kipukas/fists/{code}" for url in (first, second)]
        async with websockets.connect(sockets[0]) as a, websockets.connect(sockets[1]) as d:
            attacker, defender = Phone(a, "attacker"), Phone(d, "defender")
            await a.send(json.dumps({"side": "attacker"}))
            await attacker.next()
            await d.send(json.dumps({"side": "defender"}))
            await defender.next()
            both = await attacker.until(lambda m: m["present"]["defender"])
            assert both["present"] == {"attacker": True, "defender": True}, "the room is one across servers"
            await a.send(json.dumps({"type": "choose", "choice": {"mode": "keal", "archetypes": SECRET}}))
            seen = await defender.until(lambda m: m["chosen"]["attacker"])
            assert seen["yours"] is None and seen["last"] is None
            assert not any(name in json.dumps(m) for m in defender.heard for name in SECRET), defender.heard
            d_side = {"mode": "keal", "archetypes": ["Avian"]}
            await d.send(json.dumps({"type": "choose", "choice": d_side}))
            reveals = [await defender.next("reveal"), await attacker.next("reveal")]
            assert reveals[0] == reveals[1], "both phones get the same reveal"
            assert reveals[0]["attacker"]["archetypes"] == SECRET and reveals[0]["defender"] == d_side
            expected = httpx.post(first + "/api/kipukas/fists",
                                  json={"attacker": reveals[0]["attacker"], "defender": d_side}).json()
            assert reveals[0]["result"] == expected
            before = defender.heard[:defender.heard.index(reveals[0])]
            assert all(m["type"] == "status" for m in before)
            assert not any(name in json.dumps(m) for m in before for name in SECRET)
            again = await attacker.until(lambda m: m["round"] == 2)
            assert again["chosen"] == {"attacker": False, "defender": False}
            taken = await _hello(second, code, "attacker")  # the attacker's side from the other server
            assert taken["status"] == 409, "a side held on one server is held on every server"

    asyncio.run(play())


async def _hello(url: str, code: str, side: str) -> dict[str, Any]:
    async with websockets.connect(url.replace("http://", "ws://") + f"/ws/kipukas/fists/{code}") as ws:
        await ws.send(json.dumps({"side": side}))
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), HANG_GUARD))
        return answer
