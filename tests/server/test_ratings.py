"""Issue 34, ratings: a rated table between signed-in people updates both ratings by the
library's own numbers (OpenSkill Plackett-Luce); a claimed time-out is a loss for the late
seat; unrated and AI tables change nothing; who may sit at a rated table. SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

from soulforge.server import tables
from tests.server.browsers import Browser
from tests.server.helpers import act, get

TWO = [{"kind": "human"}, {"kind": "human"}]


def seated_pair(site: TestClient, rated: bool = True, **extra: Any) -> tuple[Browser, Browser, str, str, str]:
    """Ada creates a table, Bob takes its other seat by the invite; both signed in."""
    ada, bob = Browser(site), Browser(site)
    ada.register("Ada")
    bob.register("Bob")
    made = ada.post("/api/tables", json={"game": "tricks", "seats": TWO, "rated": rated, **extra})
    assert made.status_code == 201, made.text
    data = made.json()
    code = data["seats"][1]["invite"].split("invite=")[1]
    claimed = bob.post(f"/api/tables/{data['table']}/claim", json={"seat": 1, "invite": code})
    assert claimed.status_code == 200, claimed.text
    return ada, bob, data["table"], data["seats"][0]["token"], claimed.json()["token"]


def play_out(site: TestClient, table: str, *tokens: str) -> list[float]:
    """Play the first legal action of whoever is to move until the end: the returns."""
    both = ",".join(tokens)
    data = get(site, table, both)
    while not data["is_over"]:
        answer = act(site, table, both, data["move"], data["legal"][0]["action"])
        assert answer.status_code == 200, answer.text
        data = answer.json()
    returns: list[float] = data["returns"]
    return returns


def ratings(site: TestClient, name: str) -> dict[str, Any]:
    found: dict[str, Any] = site.get(f"/api/players/{name}").json()
    return found


def test_a_rated_game_updates_both_ratings_by_the_librarys_numbers(site: TestClient) -> None:
    _, _, table, ada_token, bob_token = seated_pair(site)
    returns = play_out(site, table, ada_token, bob_token)
    model = PlackettLuce()
    ranks = [1.0 + sum(o > r for o in returns) for r in returns]
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    for name, team in zip(["Ada", "Bob"], expected, strict=True):
        got = ratings(site, name)["ratings"]["tricks"]
        assert got["mu"] == pytest.approx(team[0].mu) and got["sigma"] == pytest.approx(team[0].sigma)
        assert got["rating"] == round(team[0].ordinal(), 1) and got["games"] == 1
        assert [h["table"] for h in ratings(site, name)["history"]["tricks"]] == [table]
    seats = get(site, table)["seats"]  # shown at the table, and in the lobby
    assert [s["account"] for s in seats] == ["Ada", "Bob"]
    assert [s["rating"] for s in seats] == [round(t[0].ordinal(), 1) for t in expected]
    listed = next(t for t in site.get("/api/tables").json() if t["table"] == table)
    assert listed["rated"] and [s["rating"] for s in listed["seats"]] == [s["rating"] for s in seats]
    lobby = site.get("/").text
    pairs = zip(["Ada", "Bob"], expected, strict=True)
    shown = [f"{name} ({round(t[0].ordinal(), 1):g})" for name, t in pairs]
    assert ", ".join(shown) in lobby and '<span class="tag">rated</span>' in lobby


def test_abandoning_a_rated_game_is_a_loss(site: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    at = [1000.0]
    monkeypatch.setattr(tables, "clock_now", lambda: at[0])
    _, _, table, _, bob_token = seated_pair(site, clock_minutes=1)
    at[0] += 61  # Ada, to move, lets her clock run out; Bob claims
    claimed = site.post(f"/api/tables/{table}/clock/claim", headers={"X-Seat-Token": bob_token})
    assert claimed.status_code == 200 and claimed.json()["returns"] == [-1.0, 1.0]
    model = PlackettLuce()
    lost, won = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert ratings(site, "Ada")["ratings"]["tricks"]["mu"] == pytest.approx(lost[0].mu)
    assert ratings(site, "Bob")["ratings"]["tricks"]["mu"] == pytest.approx(won[0].mu)


def test_an_unrated_game_changes_no_rating(site: TestClient) -> None:
    _, _, table, ada_token, bob_token = seated_pair(site, rated=False)
    play_out(site, table, ada_token, bob_token)
    assert ratings(site, "Ada")["ratings"] == {} and ratings(site, "Bob")["ratings"] == {}
    assert len(ratings(site, "Ada")["finished"]) == 1  # the game is in the history all the same


def test_who_may_play_a_rated_table(site: TestClient) -> None:
    ada = Browser(site)
    ada.register("Ada")
    ai = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
    with_ai = {"game": "tricks", "rated": True, "seats": ai}
    assert ada.post("/api/tables", json=with_ai).status_code == 422
    seeded = {"game": "tricks", "rated": True, "seats": TWO, "seed": 3}
    assert ada.post("/api/tables", json=seeded).status_code == 422
    hot = {"game": "tricks", "rated": True, "seats": TWO, "hot_seat": True}
    assert ada.post("/api/tables", json=hot).status_code == 422
    rated = {"game": "tricks", "rated": True, "seats": TWO}
    assert Browser(site).post("/api/tables", json=rated).status_code == 401
    made = ada.post("/api/tables", json={**rated, "listed": True}).json()
    assert Browser(site).post(f"/api/tables/{made['table']}/join").status_code == 401  # anonymous
    assert ada.post(f"/api/tables/{made['table']}/join").status_code == 409  # her second seat
    bob = Browser(site)
    bob.register("Bob")
    assert bob.post(f"/api/tables/{made['table']}/join").status_code == 200
