"""Issue 17, defect 2: a chosen seed tells the hidden cards, so only practice and hot-seat
tables may choose one; the others draw a secret seed, revealed in the record after the end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app
from tests.server.helpers import act, create, get, token

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def test_a_chosen_seed_is_refused_at_a_table_of_two_people(client: TestClient) -> None:
    res = client.post("/api/tables", json={"game": "tricks", "seats": TWO_HUMANS, "seed": 42})
    assert res.status_code == 422 and "a chosen seed would tell the hidden cards" in res.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_a_secret_seed_is_drawn_and_shown_only_in_the_record_after_the_end(client: TestClient) -> None:
    made = create(client, seats=TWO_HUMANS)
    tid = made["table"]
    seed = client.app.state.service.live[tid].state.seed  # type: ignore[attr-defined]
    both = [token(made, 0), token(made, 1)]
    data = get(client, tid, both[0])
    while not data["is_over"]:
        assert str(seed) not in client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": both[0]}).text
        assert str(seed) not in client.get(f"/api/tables/{tid}").text
        listed = client.get("/api/tables").text
        assert str(seed) not in listed and '"seed_chosen":false' in listed
        mover = both[data["current_player"]]
        data = act(client, tid, mover, data["move"], get(client, tid, mover)["legal"][0]["action"]).json()
    record = client.get(f"/api/tables/{tid}/record").json()
    assert record["seed"] == seed and record["meta"]["seed_chosen"] is False


@pytest.mark.parametrize("body", [
    {"seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]},
    {"seats": TWO_HUMANS, "hot_seat": True},
])
def test_practice_and_hot_seat_tables_may_choose_a_seed_and_are_marked(
        client: TestClient, body: dict[str, Any]) -> None:
    made = create(client, seed=42, listed=True, **body)
    assert client.app.state.service.live[made["table"]].state.seed == 42  # type: ignore[attr-defined]
    summary = next(t for t in client.get("/api/tables").json() if t["table"] == made["table"])
    assert summary["seed_chosen"] is True
    assert "chosen seed" in client.get("/").text
