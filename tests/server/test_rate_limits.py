"""Issue 29, defect 8: every write has an allowance per address and per seat, answered 429
with ``Retry-After`` and a message saying how long; the limiter's memory is bounded."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app
from soulforge.server.people import MAX_KEYS, Allowance, Limits, RateLimit, Rates
from tests.server.helpers import claim_invite, create, token

TWO = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/limits.db")) as c:
        yield c


@contextmanager
def from_address(client: TestClient, host: str) -> Iterator[None]:
    """Requests made meanwhile come from ``host`` (the test client's transport holds it)."""
    transport: Any = client._transport  # no public way to change it per request
    before = transport.client
    transport.client = (host, 50000)
    try:
        yield
    finally:
        transport.client = before


def say(client: TestClient, table: str, text: str, tok: str = "") -> Any:
    return client.post(f"/api/tables/{table}/chat", json={"text": text}, headers={"X-Seat-Token": tok})


def assert_refused(res: Any, what: str) -> None:
    """429, with Retry-After in whole seconds and the same wait in the message."""
    assert res.status_code == 429, res.text
    wait = int(res.headers["Retry-After"])
    assert wait >= 1 and f"too many {what}" in res.json()["detail"]
    assert f"try again in {wait} s" in res.json()["detail"]


def test_each_spectator_has_its_own_chat_allowance(client: TestClient) -> None:
    table = create(client, seats=TWO)["table"]
    with from_address(client, "10.0.0.1"):
        assert [say(client, table, f"go {i}").status_code for i in range(5)] == [200] * 5
        assert_refused(say(client, table, "again"), "chat messages from this sender at this table")
    with from_address(client, "10.0.0.2"):
        assert say(client, table, "hello from another spectator").status_code == 200


def test_an_address_has_one_chat_allowance_across_tables(client: TestClient) -> None:
    tables = [create(client, seats=TWO)["table"] for _ in range(4)]
    with from_address(client, "10.0.0.3"):
        answers = [say(client, t, "spam").status_code for t in tables[:3] for _ in range(5)]
        assert answers == [200] * 15
        assert_refused(say(client, tables[3], "spam"), "chat messages from this address")
    with from_address(client, "10.0.0.4"):
        assert say(client, tables[3], "still heard").status_code == 200


def test_a_seat_chats_by_its_token(client: TestClient) -> None:
    made = create(client, seats=TWO)
    table = made["table"]
    assert [say(client, table, "hi", token(made, 0)).status_code for _ in range(5)] == [200] * 5
    assert_refused(say(client, table, "hi", token(made, 0)), "chat messages from this sender")
    assert say(client, table, "my turn", token(made, 1)).status_code == 200
    assert say(client, table, "and the stands").status_code == 200


def test_table_creation_is_limited_per_address(client: TestClient) -> None:
    with from_address(client, "10.0.0.5"):
        made = [client.post("/api/tables", json={"game": "tricks"}).status_code for _ in range(20)]
        assert made == [201] * 20
        refused = client.post("/api/tables", json={"game": "tricks"})
        assert_refused(refused, "new tables from this address")
        assert "at most 20 in 10 minutes" in refused.json()["detail"]
    with from_address(client, "10.0.0.6"):
        assert client.post("/api/tables", json={"game": "tricks"}).status_code == 201


def test_renames_and_invites_are_limited_per_seat(client: TestClient) -> None:
    made = create(client, claim=False, seats=TWO)
    table, host = made["table"], token(made, 0)
    renames = [client.post(f"/api/tables/{table}/name", headers={"X-Seat-Token": host},
                           json={"seat": 0, "name": f"Ada {i}"}).status_code for i in range(5)]
    assert renames == [204] * 5
    assert_refused(client.post(f"/api/tables/{table}/name", headers={"X-Seat-Token": host},
                               json={"seat": 0, "name": "Ada"}), "changes to this seat")
    url = f"/api/tables/{table}/seats/1/invite"
    assert [client.post(url, headers={"X-Seat-Token": host}).status_code for _ in range(5)] == [200] * 5
    assert_refused(client.post(url, headers={"X-Seat-Token": host}), "changes to this seat")
    forged = client.post(f"/api/tables/{table}/name", headers={"X-Seat-Token": "forged"},
                         json={"seat": 1, "name": "Eve"})
    assert forged.status_code == 403, "a stranger spends nothing of a seat's allowance"


def test_seat_changes_are_limited_per_address(client: TestClient) -> None:
    fewer = Limits(address=Allowance(4, 60.0, "seat changes from this address"))
    client.app.state.service.rates = Rates(fewer)  # type: ignore[attr-defined]
    made = [create(client, claim=False, listed=True, seats=TWO) for _ in range(2)]
    invited = create(client, claim=False, seats=TWO)
    with from_address(client, "10.0.0.7"):
        assert client.post(f"/api/tables/{made[0]['table']}/join", json={}).status_code == 200
        assert claim_invite(client, invited["seats"][1]["invite"]).status_code == 200
        host = {"X-Seat-Token": token(made[1], 0)}
        assert client.post(f"/api/tables/{made[1]['table']}/name", headers=host,
                           json={"seat": 0, "name": "Ada"}).status_code == 204
        assert client.post(f"/api/tables/{made[1]['table']}/chat/mute", headers=host,
                           json={"muted": True}).status_code == 204
        assert_refused(client.post(f"/api/tables/{made[1]['table']}/join", json={}),
                       "seat changes from this address")
    with from_address(client, "10.0.0.8"):
        assert client.post(f"/api/tables/{made[1]['table']}/join", json={}).status_code == 200


def test_the_limiter_forgets_idle_keys_and_holds_a_bounded_number() -> None:
    limit = RateLimit(burst=5, window=10.0, max_keys=1_000)
    for n in range(50_000):  # a flood from 50,000 addresses
        limit.allow(f"10.{n}", now=float(n % 7))
    assert len(limit.sent) == 1_000
    assert all(len(times) <= 5 for times in limit.sent.values())
    for n in range(300):  # a window later, each new write forgets a few idle ones
        limit.allow(f"later {n}", now=100.0)
    assert len(limit.sent) == 300, "only the keys seen in the last window are kept"


def test_a_full_limiter_costs_under_a_kilobyte_a_key() -> None:
    keys = 1_000  # the default holds MAX_KEYS: 10x this, so under 10 MB each
    limit = RateLimit(burst=30, window=60.0, max_keys=keys)  # the largest allowance, each key full
    tracemalloc.start()
    try:
        for n in range(keys + 100):
            for i in range(30):
                limit.record(("0123456789ab", n), now=i / 1000)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(limit.sent) == keys and peak < keys * 1_000, peak
    assert MAX_KEYS == 10_000


def test_the_limits_can_be_turned_off_for_load_tests(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SOULFORGE_RATE_LIMITS", "off")
    assert Limits.from_env() is None
    with TestClient(create_app(f"sqlite:///{tmp_path}/off.db")) as client:
        table = create(client, seats=TWO)["table"]
        assert all(say(client, table, "load").status_code == 200 for _ in range(30))
