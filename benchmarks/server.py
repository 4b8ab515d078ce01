"""Web table benchmark: N concurrent bot-played tables over HTTP and websocket on loopback.

Each table has two human seats, each played by a bot holding its seat token: it listens on
the table's websocket and, when its seat must decide, posts a random action chosen from the
served legal actions with the move number it saw. Reports the action round trip (HTTP POST
to response) p50/p95/p99, the websocket update latency, refusals, and moves lost or applied
twice (acknowledged moves vs the stored record of every finished table: both must be 0).

    .venv/bin/python benchmarks/server.py -n 100              # starts its own server (SQLite)
    .venv/bin/python benchmarks/server.py -n 100 --think 0.5  # bots pause like people do
    .venv/bin/python benchmarks/server.py --url http://127.0.0.1:8000 -n 10
    .venv/bin/python benchmarks/server.py -n 100 --think 0.5 --ai-tables 20   # while 20 AI tables think
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Stats:
    round_trips: list[float] = field(default_factory=list)
    ws_lags: list[float] = field(default_factory=list)
    server_ms: list[float] = field(default_factory=list)
    acked: dict[str, int] = field(default_factory=dict)
    refused: dict[int, int] = field(default_factory=dict)
    finished: int = 0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


Reply = tuple[int, dict[str, str], bytes]


class Connection:
    """A minimal keep-alive HTTP/1.1 client, one per bot (httpx's shared pool becomes the
    bottleneck with hundreds of concurrent bots, which would measure the client, not the server)."""

    def __init__(self, url: str) -> None:
        self.host, _, port = url.removeprefix("http://").partition(":")
        self.port = int(port or 80)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        """POST; an idle connection the server closed is reopened and the request sent again
        (safe: a repeated action carries the same move number, so it cannot apply twice)."""
        try:
            return await self._post(path, body, headers)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            self.close()
            return await self._post(path, body, headers)

    async def _post(self, path: str, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode()
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(data)}\r\n{head}\r\n".encode() + data)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        fields: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode().partition(":")
            fields[key.strip().lower()] = value.strip()
        return status, fields, await self.reader.readexactly(int(fields.get("content-length", 0)))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def bot(http: httpx.AsyncClient, ws_url: str, table: str, seat: int, token: str, stats: Stats,
              rng: random.Random, think: float, done: asyncio.Event, max_moves: int, svg: bool) -> None:
    acted: set[int] = set()
    conn = Connection(str(http.base_url).rstrip("/"))
    # no permessage-deflate: on loopback it only costs CPU (browsers negotiate it over a network)
    async with websockets.connect(f"{ws_url}/ws/tables/{table}", max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"tokens": [token], "svg": svg}))
        sent_at, sent_move = 0.0, -1
        while not done.is_set():
            msg = json.loads(await ws.recv())
            if sent_move >= 0 and msg.get("move", 0) > sent_move:
                stats.ws_lags.append(time.perf_counter() - sent_at)
                sent_move = -1
            if msg.get("is_over") or msg.get("move", 0) >= max_moves:
                done.set()
                break
            if msg.get("current_player") != seat or msg["move"] in acted or not msg["legal"]:
                continue
            acted.add(msg["move"])
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            choice = rng.choice(msg["legal"])["action"]
            start = time.perf_counter()
            status, headers, _body = await conn.post(
                f"/api/tables/{table}/actions?svg={str(svg).lower()}",
                {"move": msg["move"], "action": choice, "seat": seat}, {"X-Seat-Token": token})
            stats.round_trips.append(time.perf_counter() - start)
            if status == 200:
                stats.server_ms.append(float(headers.get("server-timing", "act;dur=nan").split("=")[1]))
                stats.acked[table] = stats.acked.get(table, 0) + 1
                sent_at, sent_move = start, msg["move"]
            else:
                stats.refused[status] = stats.refused.get(status, 0) + 1
    conn.close()


async def claim(http: httpx.AsyncClient, invite: str) -> str:
    """The invited player's seat token: the one-time invite link used, as its page does."""
    table, fields = invite.split("/t/")[1].split("#")
    seat, code = (part.split("=", 1)[1] for part in fields.split("&"))
    res = await http.post(f"/api/tables/{table}/claim", json={"seat": int(seat), "invite": code})
    res.raise_for_status()
    return str(res.json()["token"])


async def table_run(http: httpx.AsyncClient, ws_url: str, game: str, seed: int, stats: Stats,
                    think: float, max_moves: int, svg: bool) -> str:
    # two strangers' table: the server draws its seed (a chosen one would tell the hidden cards);
    # ``seed`` still seeds the bots' choices
    res = await http.post("/api/tables", json={"game": game, "listed": False,
                                               "seats": [{"kind": "human"}, {"kind": "human"}]})
    res.raise_for_status()
    made = res.json()
    done = asyncio.Event()
    tokens = [s["token"] or await claim(http, s["invite"]) for s in made["seats"]]
    await asyncio.gather(*(bot(http, ws_url, made["table"], seat, tok, stats, random.Random(seed * 2 + seat),
                               think, done, max_moves, svg) for seat, tok in enumerate(tokens)))
    stats.finished += 1
    return str(made["table"])


async def check_records(http: httpx.AsyncClient, tables: list[str], stats: Stats) -> tuple[int, int]:
    """(lost, doubled): acknowledged moves missing from, or extra in, the stored records."""
    lost = doubled = 0
    for table in tables:
        res = await http.get(f"/api/tables/{table}/record")
        stored = len(res.json()["actions"]) if res.status_code == 200 else None
        if stored is None:  # stopped at --max-moves: count the moves the table reports
            stored = (await http.get(f"/api/tables/{table}")).json()["move"]
        acked = stats.acked.get(table, 0)
        lost += max(0, acked - stored)
        doubled += max(0, stored - acked)
    return lost, doubled


async def ai_tables(http: httpx.AsyncClient, count: int, game: str, level: str) -> list[str]:
    """``count`` AI-against-AI tables, thinking from now on while the people's tables play."""
    seats = [{"kind": "ai", "level": level}] * 2
    made = [await http.post("/api/tables", json={"game": game, "seats": seats}) for _ in range(count)]
    return [str(res.json()["table"]) for res in made]


async def ai_moves(http: httpx.AsyncClient, tables: list[str]) -> int:
    return sum([(await http.get(f"/api/tables/{t}?svg=false")).json()["move"] for t in tables])


async def run(url: str, n: int, game: str, think: float, max_moves: int, svg: bool,
              ai: int = 0, ai_game: str = "soul_of_ankiril", ai_level: str = "normal") -> dict[str, Any]:
    stats = Stats()
    ws_url = url.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=4 * n + 10, max_keepalive_connections=4 * n + 10)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as http:
        thinking = await ai_tables(http, ai, ai_game, ai_level)
        start = time.perf_counter()
        tables = await asyncio.gather(*(table_run(http, ws_url, game, 1000 + i, stats, think, max_moves, svg)
                                        for i in range(n)))
        elapsed = time.perf_counter() - start
        lost, doubled = await check_records(http, list(tables), stats)
        ai_played = await ai_moves(http, thinking)
    rt = stats.round_trips
    return {
        "tables": n, "game": game, "think_s": think, "svg": svg, "elapsed_s": round(elapsed, 1),
        "ai_tables": ai, "ai_game": ai_game if ai else None, "ai_moves_meanwhile": ai_played,
        "actions": len(rt), "actions_per_s": round(len(rt) / elapsed, 1),
        "p50_ms": round(1000 * percentile(rt, 0.50), 2), "p95_ms": round(1000 * percentile(rt, 0.95), 2),
        "p99_ms": round(1000 * percentile(rt, 0.99), 2), "mean_ms": round(1000 * statistics.fmean(rt), 2),
        "ws_update_p95_ms": round(1000 * percentile(stats.ws_lags, 0.95), 2),
        "server_side_p50_p95_p99_ms": [round(percentile(stats.server_ms, q), 2) for q in (0.5, 0.95, 0.99)],
        "refused": stats.refused, "moves_lost": lost, "moves_applied_twice": doubled,
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: str | None, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, SOULFORGE_DB=db or f"sqlite:///{tempfile.mkdtemp(prefix='sf-bench-')}/bench.db",
               SOULFORGE_RATE_LIMITS="off")  # every bot comes from one address: no per-address limit
    proc = subprocess.Popen(  # a separate process: the bots do not share the server's GIL
        [sys.executable, "-m", "uvicorn", "soulforge.server.app:create_app", "--factory", "--host",
         "127.0.0.1", "--port", str(port), "--log-level", "warning", *extra], cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            httpx.get(url + "/api/games", timeout=1).raise_for_status()
            return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("-n", "--tables", type=int, default=100)
    parser.add_argument("--game", default="five_realms")
    parser.add_argument("--think", type=float, default=0.0, help="mean pause of a bot before acting, seconds")
    parser.add_argument("--max-moves", type=int, default=10_000, help="stop each table after this many moves")
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--db", help="SQLAlchemy URL for the started server (default: a temp SQLite)")
    parser.add_argument("--svg", action="store_true", help="bots also receive the board SVG, as browsers do")
    parser.add_argument("--no-deflate", action="store_true", help="server without websocket compression")
    parser.add_argument("--ai-tables", type=int, default=0,
                        help="AI-against-AI tables thinking all along (the load the people's tables share)")
    parser.add_argument("--ai-game", default="soul_of_ankiril")
    parser.add_argument("--ai-level", default="normal")
    args = parser.parse_args()
    extra = ["--ws-per-message-deflate", "false"] if args.no_deflate else []
    proc, url = (None, args.url) if args.url else start_server(args.db, extra)
    try:
        result = asyncio.run(run(url, args.tables, args.game, args.think, args.max_moves, args.svg,
                                 args.ai_tables, args.ai_game, args.ai_level))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            result["server_cpu_ms_per_action"] = round(1000 * (used.ru_utime + used.ru_stime)
                                                       / max(1, result["actions"]), 2)
    me = resource.getrusage(resource.RUSAGE_SELF)
    bots_cpu = 1000 * (me.ru_utime + me.ru_stime) / max(1, result["actions"])
    result["bots_cpu_ms_per_action"] = round(bots_cpu, 2)
    result["load_average"] = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(result, indent=1))
    if result["moves_lost"] or result["moves_applied_twice"]:
        raise SystemExit("moves were lost or applied twice")


if __name__ == "__main__":
    main()
