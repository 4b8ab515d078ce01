"""The end screen in the viewer's words (issue 30, item 8): "You won." / "You lost." to a
seated player, who won by name to a spectator; the page shows it before the outcome."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app
from tests.server.helpers import get, token
from tests.server.test_api import play_hot_seat


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def test_a_finished_game_says_you_won_to_the_winner_and_you_lost_to_the_other(
        client: TestClient) -> None:
    made, _, state = play_hot_seat(client)
    returns = state.returns()
    winner = returns.index(max(returns))
    assert returns.count(max(returns)) == 1  # the seed gives a winner
    table = made["table"]
    assert get(client, table, token(made, winner))["verdict"] == "You won."
    assert get(client, table, token(made, 1 - winner))["verdict"] == "You lost."
    assert get(client, table)["verdict"] == f"Seat {winner} won."  # a spectator
    both = get(client, table, token(made, 0), token(made, 1))  # hot-seat: no one "you"
    assert both["verdict"] == f"Seat {winner} won." and both["outcome"] == state.outcome()


def test_no_verdict_while_the_game_goes_on(client: TestClient) -> None:
    res = client.post("/api/tables", json={"game": "tricks", "seats": [{"kind": "human"},
                                                                        {"kind": "ai", "level": "random"}]})
    made = res.json()
    assert get(client, made["table"], made["seats"][0]["token"])["verdict"] == ""
