"""Issue 17, defect 5 (its last part): a malformed first message of a websocket is answered
with an error naming what is wrong and a close code, never a dropped connection."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from soulforge.server import create_app
from tests.server.helpers import create, first_answer, token

BAD_HELLOS: list[str | bytes] = [
    '{"tokens": 5}', "null", "5", '"x"', "[]", '{"tokens": [5]}', '{"tokens": "abc"}',
    '{"tokens": [null]}', json.dumps({"tokens": ["a" * 200]}), json.dumps({"tokens": ["t"] * 100}),
    '{"svg": []}', '{"tokens": [], "colour": 1}', "[" * 5000 + "]" * 5000, '{"tokens": NaN}',
    "{", "", "x" * 9000, '{"tokens": [], "svg": null}', '{"tokens": {"a": 1}}',
    b"\x00\x01binary", b"{}", '{"tokens": [' + ",".join(['"t"'] * 17) + "]}",
]
"""22 malformed hellos: wrong types, too long or too many tokens, unknown fields, deep
nesting, not JSON, binary frames."""


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


@pytest.mark.parametrize("hello", BAD_HELLOS, ids=range(len(BAD_HELLOS)))
def test_a_malformed_hello_gets_an_error_and_a_close_code(client: TestClient, hello: str | bytes) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
    with client.websocket_connect(f"/ws/tables/{made['table']}") as socket:
        answer = first_answer(socket, hello)
        assert answer["type"] == "error" and answer["status"] == 400 and answer["detail"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4400
    with client.websocket_connect(f"/ws/tables/{made['table']}") as socket:  # the table is fine
        socket.send_json({"tokens": [token(made, 0)], "svg": False})
        assert socket.receive_json()["seat"] == 0
