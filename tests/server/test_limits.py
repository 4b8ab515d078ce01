"""Issue 29, defects 1, 5 and 7 (the web table's part): a request's work is bounded before
anything is built (deck lists, option depth, body size, websocket frames), and a bad
request is a 4xx naming what is wrong, never a 500 nor a traceback.

Every bound is a number in docs/limits.md. Bounded work is asserted by memory
(tracemalloc: the TestClient runs the app in this process), never by time.
"""

from __future__ import annotations

import asyncio
import json
import logging
import tracemalloc
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import soulforge
from soulforge.core.decklist import MAX_COPIES
from soulforge.server import create_app
from soulforge.server.api import MAX_WS_MESSAGE, TOO_BIG, UNSUPPORTED_DATA
from soulforge.server.app import MAX_BODY, BodyLimit
from soulforge.server.schemas import MAX_JSON_DEPTH
from tests.registered import DECK_GAMES
from tests.server.helpers import create, token

HUGE = 999_999_999_999_999_999
VS_AI = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
PEAK_MB = 20


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path_factory.mktemp('limits')}/limits.db"
    with pytest.MonkeyPatch.context() as patch:  # many tables from one address: no rate limit here
        patch.setenv("SOULFORGE_RATE_LIMITS", "off")
        with TestClient(create_app(db, ai_workers=0), raise_server_exceptions=False) as c:
            yield c


def post_measured(client: TestClient, url: str, body: Any) -> tuple[Any, float]:
    """POST ``body`` as JSON; the answer and the tracemalloc peak (MB) while it was served."""
    tracemalloc.start()
    try:
        answer = client.post(url, json=body)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return answer, peak / 1e6


def detail_text(answer: Any) -> str:
    return json.dumps(answer.json()["detail"])


# -- defect 1: deck lists ----------------------------------------------------------------

@pytest.mark.parametrize("game", DECK_GAMES)
def test_a_huge_copy_count_is_a_422_in_bounded_memory(client: TestClient, game: str) -> None:
    text = f'city = "Ironhold"\n[cards]\nGanuri = {HUGE}\n'
    answer, peak = post_measured(client, "/api/tables", {"game": game, "seats": VS_AI,
                                                         "options": {"deck0": text}})
    assert answer.status_code == 422 and f"at most {MAX_COPIES}" in detail_text(answer)
    assert peak < PEAK_MB, f"{peak:.1f} MB to refuse a deck list"


def test_a_deck_list_nested_1000_deep_is_a_422(client: TestClient) -> None:
    text = "x = " + "[" * 1000 + "]" * 1000 + "\n[cards]\nGanuri = 1\n"
    answer = client.post("/api/tables", json={"game": "kipukas", "seats": VS_AI, "options": {"deck0": text}})
    assert answer.status_code == 422 and "nested too deep" in detail_text(answer)


# -- defect 5: options and fields --------------------------------------------------------

@pytest.mark.parametrize("game", soulforge.GAMES)
def test_an_option_named_self_is_an_unknown_option(client: TestClient, game: str) -> None:
    answer = client.post("/api/tables", json={"game": game, "options": {"self": 1}})
    assert answer.status_code == 422 and "unknown option 'self'" in detail_text(answer)


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 900])
def test_an_option_value_nested_deep_is_a_422_naming_it(client: TestClient, depth: int) -> None:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    answer = client.post("/api/tables", json={"game": "tricks", "options": {"hand": value}})
    assert answer.status_code == 422 and "'hand' is nested too deep" in detail_text(answer)


def test_an_option_value_as_deep_as_allowed_gets_the_games_own_words(client: TestClient) -> None:
    value: Any = 1
    for _ in range(MAX_JSON_DEPTH):
        value = [value]
    answer = client.post("/api/tables", json={"game": "tricks", "options": {"hand": value}})
    assert answer.status_code == 422 and "option 'hand' must be int" in detail_text(answer)


UNKNOWN_FIELDS = [
    ("/api/tables", {"game": "tricks", "seeds": 5}, "seeds"),
    ("/api/tables", {"game": "tricks", "seats": [{"kind": "ai", "levle": "hard"}]}, "levle"),
    ("/api/tables/{table}/actions", {"move": 0, "action": {}, "sat": 0}, "sat"),
    ("/api/tables/{table}/undo", {"move": 0, "moves": 1}, "moves"),
    ("/api/tables/{table}/join", {"nmae": "x"}, "nmae"),
    ("/api/tables/{table}/claim", {"seat": 1, "invite": "x", "nam": "x"}, "nam"),
    ("/api/tables/{table}/name", {"seat": 0, "name": "x", "colour": 1}, "colour"),
    ("/api/tables/{table}/chat", {"text": "hi", "to": 1}, "to"),
    ("/api/tables/{table}/chat/mute", {"muted": True, "forever": True}, "forever"),
]


@pytest.mark.parametrize(("path", "body", "field"), UNKNOWN_FIELDS, ids=[f for _, _, f in UNKNOWN_FIELDS])
def test_a_misspelled_field_is_refused_naming_it(client: TestClient, path: str, body: dict[str, Any],
                                                 field: str) -> None:
    made = create(client, game="tricks", seats=[{"kind": "human"}, {"kind": "human"}], hot_seat=True)
    answer = client.post(path.format(table=made["table"]), json=body,
                         headers={"X-Seat-Token": token(made, 0)})
    assert answer.status_code == 422, answer.text
    errors = answer.json()["detail"]
    assert any(e["loc"][-1] == field and f"unknown field {field!r}" in e["msg"] for e in errors), errors


def test_a_misspelled_seed_creates_no_table(client: TestClient) -> None:
    before = len(client.get("/api/tables").json())
    assert client.post("/api/tables", json={"game": "tricks", "seeds": 5}).status_code == 422
    assert len(client.get("/api/tables").json()) == before


# -- defect 7: bodies --------------------------------------------------------------------

def test_a_body_over_the_bound_is_a_413_before_it_is_read(client: TestClient) -> None:
    body = b'{"game": "tricks", "name": "' + b"x" * MAX_BODY + b'"}'
    answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 413 and f"{MAX_BODY:,} bytes" in answer.json()["detail"]
    ok = client.post("/api/tables", json={"game": "tricks", "name": "x" * 100})
    assert ok.status_code == 201


def test_a_streamed_body_is_cut_off_at_the_bound(tmp_path: Path) -> None:
    """A chunked body has no length: the middleware counts the chunks and answers 413 as soon
    as they pass the bound, having pulled no more than the bound (the test client would read a
    stream whole first, so the ASGI app is driven here as a server would)."""
    app = BodyLimit(create_app(f"sqlite:///{tmp_path}/s.db", ai_workers=0), limit=MAX_BODY)
    chunk = b"x" * 65_536
    pulled = 0
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": chunk, "more_body": True}  # never ends

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/tables", "raw_path": b"/api/tables", "query_string": b"",
             "root_path": "", "headers": [(b"content-type", b"application/json"),
                                          (b"transfer-encoding", b"chunked")],
             "client": ("127.0.0.1", 1), "server": ("testserver", 80)}
    asyncio.run(asyncio.wait_for(app(scope, receive, send), timeout=60))  # a hang guard only
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 413
    assert pulled * len(chunk) <= MAX_BODY + len(chunk)


# -- defect 7: websocket frames after the hello ------------------------------------------

def close_code(socket: Any) -> int:
    """Read until the server closes the socket; its close code."""
    while True:
        message = socket.receive()
        if message["type"] == "websocket.close":
            return int(message["code"])


@pytest.mark.parametrize(("frame", "code"), [(b"\x00\x01", UNSUPPORTED_DATA),
                                             ("x" * (MAX_WS_MESSAGE + 1), TOO_BIG)],
                         ids=["binary", "oversized"])
def test_a_bad_frame_after_the_hello_closes_cleanly(client: TestClient, caplog: pytest.LogCaptureFixture,
                                                    frame: str | bytes, code: int) -> None:
    made = create(client, seats=VS_AI)
    with caplog.at_level(logging.ERROR), client.websocket_connect(f"/ws/tables/{made['table']}") as socket:
        socket.send_json({"tokens": [token(made, 0)], "svg": False})
        assert socket.receive_json()["type"] == "state"
        if isinstance(frame, bytes):
            socket.send_bytes(frame)
        else:
            socket.send_text(frame)
        assert close_code(socket) == code
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_a_small_text_after_the_hello_is_ignored(client: TestClient) -> None:
    made = create(client, game="tricks", seats=[{"kind": "human"}, {"kind": "human"}], hot_seat=True)
    with client.websocket_connect(f"/ws/tables/{made['table']}") as socket:
        tokens = [token(made, 0), token(made, 1)]
        socket.send_json({"tokens": tokens, "svg": False})
        first = socket.receive_json()
        socket.send_text("ping")
        moved = client.post(f"/api/tables/{made['table']}/actions",
                            headers={"X-Seat-Token": ",".join(tokens)},
                            json={"move": first["move"], "action": first["legal"][0]["action"]})
        assert moved.status_code == 200, moved.text
        assert socket.receive_json()["move"] == first["move"] + 1


def test_docs_limits_states_each_bound_as_its_constant_says() -> None:
    """docs/limits.md is the page a client reads: each number there is the code's."""
    from soulforge.cli.info import MAX_PORT
    from soulforge.core import decklist
    from soulforge.server.api import MAX_HELLO
    from soulforge.sim.runner import MAX_GAMES, MAX_WORKERS

    page = (Path(__file__).parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    numbers = {"MAX_BODY": f"{MAX_BODY:,} bytes", "MAX_JSON_DEPTH": f"| {MAX_JSON_DEPTH} levels",
               "MAX_WS_MESSAGE": f"| {MAX_WS_MESSAGE:,} |", "MAX_HELLO": f"{MAX_HELLO:,} characters",
               "MAX_DECK_TEXT": f"| {decklist.MAX_DECK_TEXT:,} characters",
               "MAX_TOML_DEPTH": f"| {decklist.MAX_TOML_DEPTH} | `MAX_TOML_DEPTH`",
               "MAX_DECK_ENTRIES": f"| {decklist.MAX_DECK_ENTRIES} | `MAX_DECK_ENTRIES`",
               "MAX_COPIES": f"| {decklist.MAX_COPIES} | `MAX_COPIES`",
               "MAX_DECK_CARDS": f"| {decklist.MAX_DECK_CARDS:,} | `MAX_DECK_CARDS`",
               "MAX_PORT": f"1 to {MAX_PORT:,}", "MAX_GAMES": f"| {MAX_GAMES:,} |",
               "MAX_WORKERS": f"1 to {MAX_WORKERS}"}
    numbers.update(memory_and_rate_numbers())
    missing = {name: text for name, text in numbers.items() if text not in page}
    assert not missing, missing
    for heading in ("## Tables in memory", "## Rate limits", "## AI thinking"):
        assert heading in page


def memory_and_rate_numbers() -> dict[str, str]:
    """The numbers of the page's live-table, rate-limit and AI sections, as the code has them."""
    from soulforge.core.game import INDEX_CACHE_SIZE
    from soulforge.server import eviction, replays
    from soulforge.server.people import Limits

    limits = Limits()
    return {"MAX_LIVE_TABLES": f"| {eviction.MAX_LIVE_TABLES:,} | `server/eviction.py`",
            "IDLE_SECONDS": f"| {eviction.IDLE_SECONDS:g} s | `IDLE_SECONDS`",
            "INDEX_CACHE_SIZE": f"| {INDEX_CACHE_SIZE} | `core/game.py`",
            "replays": f"{replays.MAX_GAMES}, a state every {replays.CHECKPOINT} moves, at most "
                       f"{replays.MAX_CHECKPOINTS}",
            "create": f"| {limits.create.burst} per {limits.create.window / 60:g} minutes |",
            "chat": f"| {limits.chat.burst} per {limits.chat.window:g} s | sender and table",
            "chat_address": f"| {limits.chat_address.burst} per {limits.chat_address.window:g} s | address",
            "seat": f"| {limits.seat.burst} per {limits.seat.window:g} s | seat",
            "address": f"| {limits.address.burst} per {limits.address.window:g} s | address"}
