"""Bad numbers in a request are refused with a JSON 422 before anything is built
(issue 17, defects 4 and 5, the API's part)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/bounds.db"), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("body", [
    '{"game": "tricks", "players": 300000000}',
    '{"game": "tricks", "players": 1e30}',
    '{"game": "tricks", "players": 0}',
    '{"game": "tricks", "seed": NaN}',
    '{"game": "tricks", "seed": Infinity}',
    '{"game": "tricks", "seed": 1e400}',
    '{"game": "tricks", "seed": 123456789012345678901234567890}',
    '{"game": "tricks", "seed": -1}',
    '{"game": "tricks", "seats": [' + ",".join(['{"kind": "ai", "level": "random"}'] * 40) + "]}",
])
def test_a_bad_number_is_a_json_422(client: TestClient, body: str) -> None:
    answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422, answer.text
    detail = json.loads(answer.text)["detail"]
    assert detail and all("loc" in error and "msg" in error for error in detail)


def test_a_bad_move_number_is_a_json_422(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"game": "tricks", "seed": 3, "seats": seats, "hot_seat": True}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201
    table = made.json()["table"]
    for move in ("NaN", "1e400", "-5", str(10**30)):
        answer = client.post(f"/api/tables/{table}/actions", content='{"move": ' + move + ', "action": {}}',
                             headers={"content-type": "application/json"})
        assert answer.status_code == 422, (move, answer.text)
