"""Issue 18: hidden Kipukas cards never reach another seat's web payload (view, log, SVG)."""

from __future__ import annotations

import json
import random
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


def test_the_web_table_offers_tiras_re_roll_and_shows_the_throw(client: TestClient) -> None:
    """Tira's option to re-roll at a web table (#attack): golden game 3's random choices (its
    seed's ``random.Random`` over the listed actions) reach a bout where her owner decides; the
    deciding seat's payload offers both buttons (no click path: page buttons) with their words,
    the board's SVG and every seat's view show the throws, the other seat is offered nothing."""
    humans = [{"kind": "human"}, {"kind": "human"}]
    made = create(client, game="kipukas", seats=humans, seed=3, hot_seat=True)
    tokens = [token(made, 0), token(made, 1)]
    table, chooser = made["table"], random.Random(3)
    data = get(client, table, tokens[0])
    while data["view"]["phase"] != "reroll":
        assert not data["is_over"] and data["move"] < 400, "golden game 3 reaches the re-roll"
        seat = data["current_player"]
        mine = get(client, table, tokens[seat])
        data = act(client, table, tokens[seat], mine["move"], chooser.choice(mine["legal"])["action"]).json()
    seat = data["current_player"]
    mine, other = get(client, table, tokens[seat]), get(client, table, tokens[1 - seat])
    assert [(a["action"]["type"], a["label"], a["path"]) for a in mine["legal"]] == [
        ("reroll", "re-roll the throw", []), ("keep_roll", "keep the throw", [])]
    assert not other["legal"]
    reroll = mine["view"]["fight"]["reroll"]
    assert other["view"]["fight"]["reroll"] == reroll
    attack, defence = reroll["totals"]
    assert f"attack {attack} against defence {defence}" in mine["svg"]
