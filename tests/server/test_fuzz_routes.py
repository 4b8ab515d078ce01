"""Issue 17, "Done means": a property-based fuzz of every route and of the websocket's first
message. Whatever a stranger sends, the answer is never a 500 nor a dropped connection, and
no table changes unless a request was answered 2xx.

Issue 29 adds deck lists of any size, count and nesting, options of any name and depth, and
any frame after the hello; each request is answered within a bounded memory (tracemalloc)."""

from __future__ import annotations

import json
import tracemalloc
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

import soulforge
from soulforge.server import accounts, create_app
from soulforge.server.api import MAX_WS_MESSAGE, TOO_BIG, UNSUPPORTED_DATA
from soulforge.server.app import MAX_BODY
from tests import toy
from tests.registered import DECK_GAMES
from tests.server.browsers import CHEAP, PASSWORD
from tests.server.helpers import create, first_answer, token

JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=40),
    st.sampled_from(["five_realms", "tricks", "human", "ai", "choose", "play", "random", "../../etc/passwd"]),
)
KEYS = st.sampled_from(["game", "players", "seats", "seed", "options", "kind", "level", "move", "action",
                        "type", "seat", "prize", "card", "invite", "name", "text", "muted", "tokens", "svg",
                        "hand", "deck0", "password", "rated", "table", "token"])
JSON = st.recursive(JSON_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=5)), max_leaves=12)
RAW_TEXT = st.sampled_from(["NaN", "Infinity", "1e400", '{"players": 1e400}', '{"seed": 1e30}', "[" * 300, "",
                            '{"move": 0, "action": {"type": "choose", "prize": 99999999999999999999999}}',
                            '{"game": "tricks", "name": "' + "x" * MAX_BODY + '"}'])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    db = f"sqlite:///{tmp_path_factory.mktemp('fuzz')}/fuzz.db"
    with pytest.MonkeyPatch.context() as patch:  # many tables from one address: no rate limit here
        patch.setenv("SOULFORGE_RATE_LIMITS", "off")
        toy.register(patch)  # the module's world outlives the per-test registration of conftest
        patch.setattr(accounts, "HASHER", CHEAP)
        with TestClient(create_app(db, ai_workers=0)) as client:
            made = create(client, game="tricks", seats=[{"kind": "human"}, {"kind": "human"}])
            signed = client.post("/api/account/register", json={"name": "Fuzzer", "password": PASSWORD})
            made["session"], made["csrf"] = signed.cookies["sf_session"], signed.cookies["sf_csrf"]
            client.cookies.clear()  # each example chooses its own cookies
            yield client, made


def routes(client: TestClient) -> list[tuple[str, str]]:
    """Every route of the API, as its OpenAPI schema lists them: (method, path)."""
    paths = client.get("/openapi.json").json()["paths"]
    listed = {(method.upper(), path) for path, methods in paths.items() for method in methods}
    return sorted(listed | PAGES)


PAGES = {("GET", "/"), ("GET", "/rules/{game_id}"), ("GET", "/how/{game_id}"), ("GET", "/t/{table_id}"),
         ("GET", "/t/{table_id}/replay"), ("GET", "/u/{name}")}
"""The HTML pages (not in the API's schema)."""


def fill(path: str, table: str, value: Any) -> str:
    """The route's path with its parameters: the real table, or a fuzzed value."""
    text = urllib.parse.quote(str(value)[:30], safe="") or "x"
    return path.replace("{table_id}", table if isinstance(value, bool) else text).replace(
        "{seat}", text).replace("{step}", text).replace("{game_id}", text).replace(
        "{name}", "Fuzzer" if isinstance(value, bool) else text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_route_answers_500_whatever_it_is_sent(world: tuple[TestClient, dict[str, Any]],
                                                   data: Any) -> None:
    client, made = world
    table = made["table"]
    method, path = data.draw(st.sampled_from(routes(client)))
    url = fill(path, table, data.draw(st.one_of(st.booleans(), JSON_LEAF)))
    tokens = data.draw(st.sampled_from(["", token(made, 0), "forged", token(made, 1) + ",x" * 3]))
    headers = {"X-Seat-Token": tokens, "Content-Type": "application/json"}
    # issue 34: no session, a session with or without its CSRF token, a forged one, another origin
    session = data.draw(st.sampled_from(["none", "csrf", "no csrf", "forged", "other origin"]))
    if session != "none":
        sid = "forged" if session == "forged" else made["session"]
        headers["Cookie"] = f"sf_session={sid}; sf_csrf={made['csrf']}"
    if session in ("csrf", "forged", "other origin"):
        headers["X-CSRF-Token"] = made["csrf"]
    if session == "other origin":
        headers["Origin"] = "https://evil.example"
    body = data.draw(st.one_of(JSON.map(lambda v: json.dumps(v)), RAW_TEXT))
    before = client.app.state.service.live[table].state.move_number  # type: ignore[attr-defined]
    res, peak = peak_of(client, method, url, headers=headers, content=body if method != "GET" else None)
    assert res.status_code < 500, (method, url, body[:200], res.text[:300])
    assert "Traceback" not in res.text and peak < PEAK_MB, (method, url, f"{peak:.1f} MB")
    after = client.app.state.service.live[table].state.move_number  # type: ignore[attr-defined]
    assert after == before or res.status_code < 300, "a refused request changed the table"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hello=st.one_of(JSON.map(json.dumps), RAW_TEXT, st.binary(max_size=50)))
def test_the_websocket_answers_every_first_message(world: tuple[TestClient, dict[str, Any]],
                                                   hello: str | bytes) -> None:
    client, made = world
    with client.websocket_connect(f"/ws/tables/{made['table']}") as socket:
        answer = first_answer(socket, hello)
        if answer["type"] == "state":  # a valid hello (a spectator, or a seat's token)
            return
        assert answer["type"] == "error" and answer["status"] in (400, 403, 404)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code >= 4000


def test_the_fuzz_reaches_every_route(world: tuple[TestClient, dict[str, Any]]) -> None:
    paths = {path for _, path in routes(world[0])}
    assert {"/api/tables", "/api/tables/{table_id}/actions", "/api/tables/{table_id}/chat",
            "/api/tables/{table_id}/claim", "/api/tables/{table_id}/rematch"} <= paths
    assert {"/api/account/register", "/api/account/sign-in", "/api/account/sign-out",
            "/api/account/sign-out-everywhere", "/api/account", "/api/account/seats",
            "/api/players/{name}", "/u/{name}"} <= paths
    assert len(paths) >= 26


# -- issue 29: deck lists, options, frames after the hello; bounded memory -----------------

PEAK_MB = 30
"""The most memory one fuzzed request may take while it is answered (tracemalloc peak): a
deck list expanded as written took 10.8 GB."""

CARD = st.sampled_from(["Ganuri", "Shekun", "ember_wolf", "odd", "x", "Barush"])
COUNT = st.one_of(st.integers(min_value=-3, max_value=120), st.integers(min_value=10**6, max_value=10**30),
                  st.sampled_from(["1.5", '"3"', "true", "[1]", "{a = 1}", "nan", "inf"]))
NESTING = st.integers(min_value=0, max_value=2000).map(lambda d: "x = " + "[" * d + "]" * d + "\n")


def deck_text(city: str, nesting: str, cards: list[tuple[str, Any]], reserves: list[tuple[str, Any]],
              repeat: int) -> str:
    """A deck list: its lines repeated ``repeat`` times under distinct keys (400: past the
    entry bound), counts as drawn (huge, negative, not integers)."""
    lines = [f"{card}{i} = {n}\n" for i, (card, n) in enumerate(cards * repeat)]
    extra = [f"{card}r{i} = {n}\n" for i, (card, n) in enumerate(reserves)]
    return city + nesting + "[cards]\n" + "".join(lines) + ("[reserves]\n" + "".join(extra) if extra else "")


DECK_TEXT = st.builds(
    deck_text, st.sampled_from(['city = "Ironhold"\n', "", "city = 5\n"]), st.one_of(st.just(""), NESTING),
    st.lists(st.tuples(CARD, COUNT), max_size=8), st.lists(st.tuples(CARD, COUNT), max_size=3),
    st.sampled_from([1, 1, 30, 400]))
PARAMETER_NAMES = st.sampled_from(["self", "cls", "game_id", "options", "kwargs", "__class__", "seed",
                                   "players", "copies", "deck0", "deck1", "long_game"])


def nested(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


OPTION_VALUE = st.one_of(JSON, DECK_TEXT, st.builds(nested, JSON_LEAF, st.integers(0, 900)))


def peak_of(client: TestClient, method: str, url: str, **kwargs: Any) -> tuple[Any, float]:
    """The answer to one request and the tracemalloc peak (MB) while it was answered (the test
    client runs the app in this process)."""
    tracemalloc.start()
    try:
        answer = client.request(method, url, **kwargs)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return answer, peak / 1e6


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(game=st.sampled_from(DECK_GAMES), deck=DECK_TEXT,
       seat=st.sampled_from(["deck0", "deck1"]))
def test_a_deck_list_of_any_size_count_or_nesting_is_answered_in_bounded_memory(
        world: tuple[TestClient, dict[str, Any]], game: str, deck: str, seat: str) -> None:
    client, _ = world
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}],
            "options": {seat: deck}}
    answer, peak = peak_of(client, "POST", "/api/tables", json=body)
    assert answer.status_code in (201, 413, 422), (deck[:200], answer.text[:300])
    assert "Traceback" not in answer.text
    assert peak < PEAK_MB, f"{peak:.1f} MB for a deck list of {len(deck)} characters"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from([*soulforge.GAMES, "tricks"]),
       options=st.dictionaries(st.one_of(PARAMETER_NAMES, st.text(max_size=12)), OPTION_VALUE, max_size=4))
def test_options_of_any_name_or_depth_are_answered_in_bounded_memory(
        world: tuple[TestClient, dict[str, Any]], game: str, options: dict[str, Any]) -> None:
    client, _ = world
    body = json.dumps({"game": game, "options": options})
    answer, peak = peak_of(client, "POST", "/api/tables", content=body,
                           headers={"content-type": "application/json"})
    assert answer.status_code < 500, (body[:200], answer.text[:300])
    assert peak < PEAK_MB, f"{peak:.1f} MB for options {body[:100]}"


FRAME = st.one_of(
    st.binary(max_size=64),
    st.integers(min_value=MAX_WS_MESSAGE - 2, max_value=MAX_WS_MESSAGE + 64).map(lambda n: "x" * n),
    st.integers(min_value=MAX_WS_MESSAGE + 1, max_value=4 * MAX_WS_MESSAGE).map(lambda n: "[" * n),
    JSON.map(json.dumps), RAW_TEXT,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames=st.lists(FRAME, min_size=1, max_size=3))
def test_any_frame_after_the_hello_ends_cleanly_or_is_ignored(world: tuple[TestClient, dict[str, Any]],
                                                             frames: list[str | bytes]) -> None:
    """Binary frames close with 1003, oversized texts with 1009, other texts are ignored: no
    exception in the handler (the test client re-raises one when the socket ends)."""
    client, made = world
    with client.websocket_connect(f"/ws/tables/{made['table']}") as socket:
        socket.send_json({"tokens": [], "svg": False})
        assert socket.receive_json()["type"] == "state"
        for frame in frames:
            if isinstance(frame, bytes):
                socket.send_bytes(frame)
            else:
                socket.send_text(frame)
            if isinstance(frame, bytes) or len(frame) > MAX_WS_MESSAGE:
                message = socket.receive()
                assert message["type"] == "websocket.close", message
                assert message["code"] == (UNSUPPORTED_DATA if isinstance(frame, bytes) else TOO_BIG)
                return
