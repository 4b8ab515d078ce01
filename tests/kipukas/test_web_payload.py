"""Issue 18: hidden Kipukas cards never reach another seat's web payload (view, log, SVG)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from soulforge.games.kipukas.data import CARDS
from soulforge.server import create_app
from tests.server.helpers import act, create, get, token


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/kipukas.db")) as c:
        yield c


def test_a_hand_and_a_face_down_card_stay_out_of_the_other_seats_payload(client: TestClient) -> None:
    humans = [{"kind": "human"}, {"kind": "human"}]
    made = create(client, game="kipukas", seats=humans, seed=5, hot_seat=True)
    tokens = [token(made, 0), token(made, 1)]
    table = made["table"]
    data = get(client, table, tokens[0])
    while data["view"]["phase"] != "day":  # setup: always the first choice, for whoever decides
        seat = data["current_player"]
        mine = get(client, table, tokens[seat])
        data = act(client, table, tokens[seat], mine["move"], mine["legal"][0]["action"]).json()
    seat = data["current_player"]
    mine = get(client, table, tokens[seat])
    plays = [a for a in mine["legal"] if a["action"]["type"] == "play"]
    hidden_play = next(a for a in plays if not a["action"]["revealed"])
    played = mine["view"]["players"][seat]["hand"][hidden_play["action"]["slot"]]
    act(client, table, tokens[seat], mine["move"], hidden_play["action"])
    own = get(client, table, tokens[seat])
    other, spectator = get(client, table, tokens[1 - seat]), get(client, table)
    secrets = {CARDS[c].name for c in own["view"]["players"][seat]["hand"]} | {CARDS[played].name}
    secrets -= {line for line in secrets if any(line in text for text in other["log"])}
    assert CARDS[played].name in json.dumps(own)
    for payload in (other, spectator):
        text = json.dumps(payload)
        assert not [name for name in secrets if name in text], "a hidden card's name reached another seat"
