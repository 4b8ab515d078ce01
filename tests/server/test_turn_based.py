"""Issue 34, games over days: a turn-based table (hours per turn), its "your turn" list that
follows the moves, across a server restart; a turn left too long may be claimed (a loss for
the late seat); the clock's bounds. SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app, tables
from tests.server.browsers import Browser
from tests.server.helpers import act, get

TWO = [{"kind": "human"}, {"kind": "human"}]
DAY = 24


def turns(browser: Browser) -> list[tuple[str, int]]:
    answer = browser.get("/api/account/turns")
    assert answer.status_code == 200, answer.text
    return [(g["table"], g["seat"]) for g in answer.json()]


def move_while(site: TestClient, table: str, token: str, seat: int) -> dict[str, Any]:
    """Play the first legal action while ``seat`` is to move; the table after."""
    data = get(site, table, token)
    while not data["is_over"] and data["current_player"] == seat:
        answer = act(site, table, token, data["move"], data["legal"][0]["action"])
        assert answer.status_code == 200, answer.text
        data = answer.json()
    return data


def move_as(browser: Browser, table: str, seat: int) -> dict[str, Any]:
    """Like :func:`move_while`, by a signed-in browser with no token: its session holds the seat."""
    data: dict[str, Any] = browser.get(f"/api/tables/{table}").json()
    while not data["is_over"] and data["current_player"] == seat:
        answer = browser.post(f"/api/tables/{table}/actions",
                              json={"move": data["move"], "action": data["legal"][0]["action"]})
        assert answer.status_code == 200, answer.text
        data = answer.json()
    return data


def test_a_turn_based_game_over_a_restart_with_a_your_turn_list(
        db_url: str, cheap_hashes: None, monkeypatch: pytest.MonkeyPatch) -> None:
    at = [1_000_000.0]
    monkeypatch.setattr(tables, "clock_now", lambda: at[0])
    with TestClient(create_app(db_url, ai_workers=0)) as site:
        ada, bob = Browser(site), Browser(site)
        ada.register("Ada")
        bob.register("Bob")
        made = ada.post("/api/tables", json={"game": "tricks", "seats": TWO, "turn_hours": DAY}).json()
        table = made["table"]
        code = made["seats"][1]["invite"].split("invite=")[1]
        assert bob.post(f"/api/tables/{table}/claim", json={"seat": 1, "invite": code}).status_code == 200
        clock = get(site, table)["clock"]
        assert clock["per_move"] == DAY * 3600 and clock["running"] == 0
        assert turns(ada) == [(table, 0)] and turns(bob) == []
        at[0] += 20 * 3600  # most of a day later, Ada moves
        data = move_while(site, table, made["seats"][0]["token"], 0)
        assert data["clock"]["running"] == 1 and data["clock"]["bank"][1] == DAY * 3600  # a full day for Bob
        assert turns(ada) == [] and turns(bob) == [(table, 1)]
    at[0] += 30 * 3600  # the server is down meanwhile; nobody is connected
    with TestClient(create_app(db_url, ai_workers=0)) as site:
        ada.client = bob.client = site
        assert table not in site.app.state.service.live  # type: ignore[attr-defined]
        assert turns(bob) == [(table, 1)] and turns(ada) == []  # from the stored clock, no replay
        player = site.get("/api/players/Bob").json()
        assert [g["table"] for g in player["your_turn"]] == [table]
        at[0] += 3600
        data = move_as(bob, table, 1)  # within its own day: Bob's bank was full anew
        assert data["status"] == "playing" or data["is_over"]
        if not data["is_over"]:
            assert turns(bob) == [] and turns(ada) == [(table, data["current_player"])]


def test_a_turn_left_too_long_may_be_claimed(site: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    at = [1000.0]
    monkeypatch.setattr(tables, "clock_now", lambda: at[0])
    ada = Browser(site)
    ada.register("Ada")
    made = ada.post("/api/tables", json={"game": "tricks", "seats": TWO, "turn_hours": 1}).json()
    bob = Browser(site)
    bob.register("Bob")
    code = made["seats"][1]["invite"].split("invite=")[1]
    taken = bob.post(f"/api/tables/{made['table']}/claim", json={"seat": 1, "invite": code})
    claim = {"X-Seat-Token": taken.json()["token"]}
    at[0] += 3599
    assert site.post(f"/api/tables/{made['table']}/clock/claim", headers=claim).status_code == 409
    at[0] += 2
    won = site.post(f"/api/tables/{made['table']}/clock/claim", headers=claim)
    assert won.status_code == 200 and won.json()["returns"] == [-1.0, 1.0]


def test_turn_hours_are_bounded_and_not_mixed_with_a_game_clock(site: TestClient) -> None:
    for body in ({"turn_hours": 0}, {"turn_hours": 14 * 24 + 1}, {"turn_hours": 24, "clock_minutes": 10}):
        answer = site.post("/api/tables", json={"game": "tricks", "seats": TWO, **body})
        assert answer.status_code == 422, body
    longest = {"game": "tricks", "seats": TWO, "turn_hours": 336}
    assert site.post("/api/tables", json=longest).status_code == 201
