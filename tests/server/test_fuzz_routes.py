"""Issue 17, "Done means": a property-based fuzz of every route and of the websocket's first
message. Whatever a stranger sends, the answer is never a 500 nor a dropped connection, and
no table changes unless a request was answered 2xx."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from soulforge.server import create_app
from tests.server.helpers import create, first_answer, token

JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=40),
    st.sampled_from(["five_realms", "tricks", "human", "ai", "choose", "play", "random", "../../etc/passwd"]),
)
KEYS = st.sampled_from(["game", "players", "seats", "seed", "options", "kind", "level", "move", "action",
                        "type", "seat", "prize", "card", "invite", "name", "text", "muted", "tokens", "svg",
                        "hand", "deck0"])
JSON = st.recursive(JSON_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=5)), max_leaves=12)
RAW_TEXT = st.sampled_from(["NaN", "Infinity", "1e400", '{"players": 1e400}', '{"seed": 1e30}', "[" * 300, "",
                            '{"move": 0, "action": {"type": "choose", "prize": 99999999999999999999999}}'])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    db = f"sqlite:///{tmp_path_factory.mktemp('fuzz')}/fuzz.db"
    with TestClient(create_app(db, ai_workers=0)) as client:
        yield client, create(client, game="five_realms", seats=[{"kind": "human"}, {"kind": "human"}])


def routes(client: TestClient) -> list[tuple[str, str]]:
    """Every route of the API, as its OpenAPI schema lists them: (method, path)."""
    paths = client.get("/openapi.json").json()["paths"]
    listed = {(method.upper(), path) for path, methods in paths.items() for method in methods}
    return sorted(listed | PAGES)


PAGES = {("GET", "/"), ("GET", "/rules/{game_id}"), ("GET", "/how/{game_id}"), ("GET", "/t/{table_id}"),
         ("GET", "/t/{table_id}/replay")}
"""The HTML pages (not in the API's schema)."""


def fill(path: str, table: str, value: Any) -> str:
    """The route's path with its parameters: the real table, or a fuzzed value."""
    text = urllib.parse.quote(str(value)[:30], safe="") or "x"
    return path.replace("{table_id}", table if isinstance(value, bool) else text).replace(
        "{seat}", text).replace("{step}", text).replace("{game_id}", text)


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
    body = data.draw(st.one_of(JSON.map(lambda v: json.dumps(v)), RAW_TEXT))
    before = client.app.state.service.live[table].state.move_number  # type: ignore[attr-defined]
    res = client.request(method, url, headers=headers, content=body if method != "GET" else None)
    assert res.status_code < 500, (method, url, body[:200], res.text[:300])
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
    assert len(paths) >= 19
