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

With ``--memory`` it measures the started server's resident memory (RSS) instead: per idle
table (created, one move made, nobody connected) and per active table (both seats' websockets
open) of each game, then the RSS after every 1,000 of ``--created`` tables (default 10,000):
flat once the server drops idle tables beyond its bound (``soulforge/server/eviction.py``).

    .venv/bin/python benchmarks/server.py --memory --per-game 100 --created 10000
    .venv/bin/python benchmarks/server.py --memory --code ../main   # the server of another checkout

With ``--processes 1 2`` it starts a PostgreSQL cluster of its own and, for each count, that
many servers over one fresh database (``--workers W``: also W ``soulforge worker``, the
servers queuing the AI): each table's bots post to one server and watch on the next, so
every move reaches its viewers through PostgreSQL's notifications (docs/scaling.md).
Reports, per count, actions/s, p50/p95, and the CPU per action of the servers (and
workers) and of PostgreSQL.

    PYTHONPATH=. .venv/bin/python benchmarks/server.py --processes 1 2 --svg -n 100 --max-moves 40
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
              rng: random.Random, think: float, done: asyncio.Event, max_moves: int, svg: bool,
              post_url: str | None = None) -> None:
    acted: set[int] = set()
    conn = Connection(post_url or str(http.base_url).rstrip("/"))
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
                    think: float, max_moves: int, svg: bool, post_url: str | None = None) -> str:
    # two strangers' table: the server draws its seed (a chosen one would tell the hidden cards);
    # ``seed`` still seeds the bots' choices
    res = await http.post("/api/tables", json={"game": game, "listed": False,
                                               "seats": [{"kind": "human"}, {"kind": "human"}]})
    res.raise_for_status()
    made = res.json()
    done = asyncio.Event()
    tokens = [s["token"] or await claim(http, s["invite"]) for s in made["seats"]]
    await asyncio.gather(*(bot(http, ws_url, made["table"], seat, tok, stats, random.Random(seed * 2 + seat),
                               think, done, max_moves, svg, post_url) for seat, tok in enumerate(tokens)))
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
              ai: int = 0, ai_game: str = "soul_of_ankiril", ai_level: str = "normal",
              others: list[str] | None = None) -> dict[str, Any]:
    """``others``: more servers of the same database; table ``i``'s bots then post to server
    ``i`` and watch on server ``i + 1`` (mod the count), so every move crosses processes."""
    stats = Stats()
    servers = [url, *(others or [])]
    sockets = [server.replace("http://", "ws://") for server in servers]
    limits = httpx.Limits(max_connections=4 * n + 10, max_keepalive_connections=4 * n + 10)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as http:
        thinking = await ai_tables(http, ai, ai_game, ai_level)
        start = time.perf_counter()
        tables = await asyncio.gather(*(
            table_run(http, sockets[(i + 1) % len(servers)], game, 1000 + i, stats, think, max_moves, svg,
                      servers[i % len(servers)])
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


def start_server(db: str | None, extra: list[str], code: Path = ROOT,
                 env_extra: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, SOULFORGE_DB=db or f"sqlite:///{tempfile.mkdtemp(prefix='sf-bench-')}/bench.db",
               SOULFORGE_RATE_LIMITS="off",  # every bot comes from one address: no per-address limit
               PYTHONPATH=str(code), **(env_extra or {}))
    proc = subprocess.Popen(  # a separate process: the bots do not share the server's GIL
        [sys.executable, "-m", "uvicorn", "soulforge.server.app:create_app", "--factory", "--host",
         "127.0.0.1", "--port", str(port), "--log-level", "warning", *extra], cwd=code, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300  # a server replaying every table first took 74 s for 10,000
    while time.monotonic() < deadline:
        try:
            httpx.get(url + "/api/games", timeout=1).raise_for_status()
            return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


# -- several processes over PostgreSQL (issue 35) ---------------------------------------------

def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds the processes ``pids`` used so far (Linux ``/proc``)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def postgres_pids(port: int) -> list[int]:
    """The cluster's postmaster on ``port`` and its children (backends, writers)."""
    master = None
    procs: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
            if b"-p" in cmd and str(port).encode() in cmd and cmd[0].endswith(b"postgres"):
                master = int(entry.name)
            procs[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
    return [] if master is None else [master, *(pid for pid, parent in procs.items() if parent == master)]


def processes_main(args: argparse.Namespace) -> None:
    """For each count of ``--processes``: a fresh database, that many servers (and
    ``--workers``), the bots' tables spread over them; saturation, latency and CPU per action."""
    sys.path.insert(0, str(ROOT))
    from tests.server.support import postgres_cluster

    results = []
    with postgres_cluster() as pg:
        if isinstance(pg, str):
            raise SystemExit(pg)
        for count in args.processes:
            db = pg.new_database()
            env = {"SOULFORGE_AI_QUEUE": "1"} if args.workers else {}
            servers = [start_server(db, [], env_extra=env) for _ in range(count)]
            workers = [subprocess.Popen(
                [sys.executable, "-c", "from soulforge.worker import main; main()"], cwd=ROOT,
                env=dict(os.environ, SOULFORGE_DB=db, PYTHONPATH=str(ROOT)), stderr=subprocess.DEVNULL)
                for _ in range(args.workers)]
            ours = [p.pid for p, _ in servers] + [w.pid for w in workers]
            base = postgres_pids(pg.port)
            before, db_before = cpu_seconds(ours), cpu_seconds(base)
            urls = [url for _, url in servers]
            try:
                result = asyncio.run(run(urls[0], args.tables, args.game, args.think, args.max_moves,
                                         args.svg, args.ai_tables, args.ai_game, args.ai_level, urls[1:]))
                actions = max(1, result["actions"])
                result["processes"], result["workers"] = count, args.workers
                result["server_cpu_ms_per_action"] = round(1000 * (cpu_seconds(ours) - before) / actions, 2)
                result["postgres_cpu_ms_per_action"] = round(
                    1000 * (cpu_seconds(postgres_pids(pg.port)) - db_before) / actions, 2)
            finally:
                for proc in [p for p, _ in servers] + workers:
                    proc.terminate()
                    proc.wait(10)
            result["load_average"] = [round(x, 1) for x in os.getloadavg()]
            results.append(result)
            print(json.dumps(result), flush=True)
    keys = ("processes", "workers", "actions_per_s", "p50_ms", "p95_ms", "server_cpu_ms_per_action",
            "postgres_cpu_ms_per_action", "moves_lost", "moves_applied_twice")
    print(json.dumps([{k: r.get(k) for k in keys} for r in results], indent=1))
    if any(r["moves_lost"] or r["moves_applied_twice"] for r in results):
        raise SystemExit("moves were lost or applied twice")


# -- memory ------------------------------------------------------------------------------------

def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise SystemExit(f"no VmRSS for process {pid}")


async def idle_table(http: httpx.AsyncClient, game: str, refused: dict[int, int]) -> tuple[str, str] | None:
    """A hot-seat table of ``game`` with one move made, nobody connected: (table, token)."""
    res = await http.post("/api/tables", json={"game": game, "hot_seat": True,
                                               "seats": [{"kind": "human"}, {"kind": "human"}]})
    if res.status_code != 201:
        refused[res.status_code] = refused.get(res.status_code, 0) + 1
        return None
    made = res.json()
    table, token = str(made["table"]), str(made["seats"][0]["token"])
    payload = (await http.get(f"/api/tables/{table}?svg=false", headers={"X-Seat-Token": token})).json()
    if payload["legal"]:
        await http.post(f"/api/tables/{table}/actions?svg=false", headers={"X-Seat-Token": token},
                        json={"move": payload["move"], "action": payload["legal"][0]["action"],
                              "seat": payload["current_player"]})
    return table, token


async def settle(pid: int) -> float:
    """The server's RSS once it has had a moment to finish what it was doing."""
    await asyncio.sleep(0.5)
    return rss_mb(pid)


async def per_game(http: httpx.AsyncClient, ws_url: str, pid: int, game: str, count: int,
                   refused: dict[int, int]) -> dict[str, float]:
    """RSS of the first table of ``game`` (its action index built), then per idle table and per
    active table (two websockets open on it, the board drawn for each) over ``count`` each."""
    base = await settle(pid)
    await idle_table(http, game, refused)
    first = await settle(pid)
    made = [t for t in [await idle_table(http, game, refused) for _ in range(count)] if t is not None]
    idle = await settle(pid)
    active = [t for t in [await idle_table(http, game, refused) for _ in range(count)] if t is not None]
    async with contextlib.AsyncExitStack() as stack:
        for table, token in active:
            for _viewer in range(2):
                ws = await stack.enter_async_context(
                    websockets.connect(f"{ws_url}/ws/tables/{table}", max_size=None, compression=None))
                await ws.send(json.dumps({"tokens": [token], "svg": True}))
                await ws.recv()
        busy = await settle(pid)
    return {"first_table_mb": round(first - base, 2),
            "per_idle_table_mb": round((idle - first) / max(1, len(made)), 3),
            "per_active_table_mb": round((busy - idle) / max(1, len(active)), 3)}


async def memory_run(url: str, pid: int, games: list[str], count: int, created: int,
                     created_game: str) -> dict[str, Any]:
    ws_url = url.replace("http://", "ws://")
    refused: dict[int, int] = {}
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        result: dict[str, Any] = {"start_rss_mb": round(await settle(pid), 1), "per_game": {}}
        for game in games:
            result["per_game"][game] = await per_game(http, ws_url, pid, game, count, refused)
        series, start = [], time.perf_counter()
        for done in range(1, created + 1):
            await idle_table(http, created_game, refused)
            if done % 1000 == 0 or done == created:
                series.append([done, round(rss_mb(pid), 1)])
        result.update({"created_game": created_game, "created": created,
                       "created_s": round(time.perf_counter() - start, 1),
                       "rss_mb_after_created": series, "refused": refused})
    return result


def memory_main(args: argparse.Namespace) -> None:
    env = dict(item.split("=", 1) for item in args.server_env)
    db = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='sf-bench-')}/bench.db"
    started = time.perf_counter()
    proc, url = start_server(db, [], Path(args.code).resolve(), env)
    first_start = round(time.perf_counter() - started, 1)
    try:
        # by default every game the server registers (it may be another checkout's)
        served = [game["id"] for game in httpx.get(f"{url}/api/games").json()]
        games = args.games.split(",") if args.games else served
        result = asyncio.run(memory_run(url, proc.pid, games, args.per_game, args.created, args.game))
    finally:
        proc.terminate()
        proc.wait(10)
    # the same database again: how soon does the server answer, every table unfinished?
    restart = time.perf_counter()
    proc, url = start_server(db, [], Path(args.code).resolve(), env)
    result["start_to_serving_s"] = first_start  # an empty database: the import and set-up cost
    result["restart_to_serving_s"] = round(time.perf_counter() - restart, 1)
    result["rss_mb_after_restart"] = round(rss_mb(proc.pid), 1)
    proc.terminate()
    proc.wait(10)
    result["code"], result["load_average"] = str(args.code), [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(result, indent=1))


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
    parser.add_argument("--processes", type=int, nargs="+", metavar="N",
                        help="start N servers over one PostgreSQL (a cluster of its own), for each N given")
    parser.add_argument("--workers", type=int, default=0,
                        help="--processes: also start this many `soulforge worker` (servers queue the AI)")
    parser.add_argument("--memory", action="store_true", help="measure the server's memory per table instead")
    parser.add_argument("--per-game", type=int, default=100, help="--memory: idle and active tables per game")
    parser.add_argument("--created", type=int, default=10_000, help="--memory: tables created at the end")
    parser.add_argument("--games", help="--memory: comma-separated games (default: all five)")
    parser.add_argument("--code", default=str(ROOT), help="--memory: the checkout whose server to start")
    parser.add_argument("--server-env", action="append", default=[], metavar="KEY=VALUE",
                        help="--memory: an environment variable for the started server (e.g. a raised limit)")
    args = parser.parse_args()
    if args.memory:
        memory_main(args)
        return
    if args.processes:
        processes_main(args)
        return
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
