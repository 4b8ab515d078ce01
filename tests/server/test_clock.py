"""Issue 17, "Turn clock": an optional time bank per seat, spent only by the human seat to
move; when it runs out the table says so and the opponent may claim the win or keep waiting
(no silent forfeit)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app, tables
from tests.server.helpers import act, create, get, token


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The server's time, moved by the test."""
    at = [1000.0]
    monkeypatch.setattr(tables, "clock_now", lambda: at[0])
    return at


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def test_a_bank_runs_down_only_while_its_seat_is_to_move(client: TestClient, clock: list[float]) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], clock_minutes=1)
    tid, ada, bob = made["table"], token(made, 0), token(made, 1)
    data = get(client, tid, ada)
    assert data["clock"] == {"bank": [60.0, 60.0], "running": 0, "since": 1000.0, "claimed_by": None}
    clock[0] += 25
    data = act(client, tid, ada, 0, data["legal"][0]["action"]).json()  # seat 0 chooses, plays next
    clock[0] += 5
    data = act(client, tid, ada, 1, data["legal"][0]["action"]).json()  # seat 0 plays: seat 1 to move
    assert data["clock"]["bank"] == [30.0, 60.0] and data["clock"]["running"] == 1
    early = client.post(f"/api/tables/{tid}/clock/claim", headers={"X-Seat-Token": ada})
    assert early.status_code == 409 and "nobody has run out of time" in early.json()["detail"]
    clock[0] += 61  # seat 1 is out of time; nothing happens by itself
    assert not get(client, tid)["is_over"]
    assert client.post(f"/api/tables/{tid}/clock/claim", headers={"X-Seat-Token": bob}).status_code == 403
    assert client.post(f"/api/tables/{tid}/clock/claim").status_code == 403
    won = client.post(f"/api/tables/{tid}/clock/claim", headers={"X-Seat-Token": ada})
    assert won.status_code == 200
    end = won.json()
    assert end["is_over"] and end["returns"] == [1.0, -1.0] and end["legal"] == []
    assert end["outcome"] == "Seat 1 ran out of time; seat 0 claimed the win."
    late = act(client, tid, bob, end["move"], {"type": "pass"})
    assert late.status_code == 409 and "the game is over" in late.json()["detail"]
    assert client.get(f"/api/tables/{tid}/record").status_code == 200


def test_without_a_clock_there_is_nothing_to_claim(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    assert get(client, made["table"])["clock"] is None
    res = client.post(f"/api/tables/{made['table']}/clock/claim", headers={"X-Seat-Token": token(made, 0)})
    assert res.status_code == 409
