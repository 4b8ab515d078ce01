"""Issue 17: at the end, one click offers a rematch (same game, options and seats, seats
moved one place on); each other player accepts from their own page, by a one-time invite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app
from tests.server.helpers import act, claim_invite, create, get, token


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def play_out(client: TestClient, table: str, tokens: list[str]) -> None:
    data = get(client, table, tokens[0])
    while not data["is_over"]:
        mover = tokens[data["current_player"]]
        data = act(client, table, mover, data["move"], get(client, table, mover)["legal"][0]["action"]).json()


def test_a_rematch_swaps_the_seats_and_each_player_accepts_their_own(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], options={"hand": 2}, name="Ada")
    tid, ada, bob = made["table"], token(made, 0), token(made, 1)
    too_soon = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": bob})
    assert too_soon.status_code == 409 and "once the game is over" in too_soon.json()["detail"]
    play_out(client, tid, [ada, bob])
    assert client.post(f"/api/tables/{tid}/rematch").status_code == 403, "a spectator cannot offer one"
    offer = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": bob})
    assert offer.status_code == 201
    new, seat = offer.json()["table"], offer.json()["seat"]
    assert seat == 0 and get(client, new, offer.json()["tokens"]["0"])["seat"] == 0, "Bob moved to seat 0"
    assert client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": ada}).status_code == 409
    mine = get(client, tid, ada)["rematch"]
    assert mine["table"] == new and mine["seat"] == 1 and mine["invite"]
    assert get(client, tid)["rematch"] == {"table": new}, "a spectator sees the table, no invite"
    assert "invite" not in get(client, tid, bob)["rematch"]
    link = f"http://testserver/t/{new}#seat=1&invite={mine['invite']}"
    accepted = claim_invite(client, link)
    assert accepted.status_code == 200 and get(client, new, accepted.json()["token"])["seat"] == 1
    again = get(client, new)
    assert again["view"]["options"]["hand"] == 2 and [s["name"] for s in again["seats"]] == [None, "Ada"]
