"""Issue 17, "What players expect around the game": names at the seats and a table chat,
escaped everywhere, length- and rate-limited, spectators mutable by the players."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.server import create_app
from tests.server.helpers import create, get, token

TWO = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def say(client: TestClient, table: str, text: str, tok: str = "") -> Any:
    return client.post(f"/api/tables/{table}/chat", headers={"X-Seat-Token": tok}, json={"text": text})


def test_names_are_given_cleaned_shown_and_escaped(client: TestClient) -> None:
    made = create(client, claim=False, seats=TWO, name="Ada <b>")
    tid = made["table"]
    guest = client.post(f"/api/tables/{tid}/claim", json={
        "seat": 1, "invite": made["seats"][1]["invite"].split("invite=")[1], "name": " Bob\x00\n  Smith "})
    names = [s["name"] for s in get(client, tid, token(made, 0))["seats"]]
    assert names == ["Ada <b>", "Bob Smith"]
    lobby = client.get("/").text
    assert "Ada &lt;b&gt;" in lobby and "Ada <b>" not in lobby
    summary = next(t for t in client.get("/api/tables").json() if t["table"] == tid)
    assert [s["name"] for s in summary["seats"]] == ["Ada <b>", "Bob Smith"]
    mine, rename = {"X-Seat-Token": guest.json()["token"]}, f"/api/tables/{tid}/name"
    assert client.post(rename, headers=mine, json={"seat": 1, "name": "B"}).status_code == 204
    assert client.post(rename, headers=mine, json={"seat": 0, "name": "x"}).status_code == 403
    assert get(client, tid)["seats"][1]["name"] == "B" and get(client, tid)["seats"][0]["name"] == "Ada <b>"


def test_players_and_spectators_chat_and_everyone_at_the_table_hears_it(client: TestClient) -> None:
    made = create(client, seats=TWO, name="Ada")
    tid = made["table"]
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher, \
            client.websocket_connect(f"/ws/tables/{tid}") as player:
        watcher.send_json({"tokens": [], "svg": False})
        player.send_json({"tokens": [token(made, 1)], "svg": False})
        assert watcher.receive_json()["type"] == "state" and player.receive_json()["type"] == "state"
        said = say(client, tid, "good  luck <script>", token(made, 0))
        assert said.status_code == 200
        expected = {"number": 1, "seat": 0, "name": "Ada", "text": "good luck <script>", "at": 0}
        assert said.json() | {"at": 0} == expected
        for socket in (watcher, player):
            heard = socket.receive_json()
            assert heard["type"] == "chat" and heard["text"] == "good luck <script>"
    assert say(client, tid, "hello from the stands").json()["name"] == "spectator"
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/chat").json()] == [
        "good luck <script>", "hello from the stands"]
    state = client.app.state.service.live[tid].state  # type: ignore[attr-defined]
    seen = json.dumps([state.view(p) for p in (0, 1, None)]) + json.dumps([state.log(p) for p in (0, 1)])
    assert "good luck" not in seen, "chat never enters the game: an AI seat cannot see it"


def test_players_mute_spectators_and_chat_is_bounded(client: TestClient) -> None:
    made = create(client, seats=TWO)
    tid, host = made["table"], token(made, 0)
    mute = client.post(f"/api/tables/{tid}/chat/mute", json={"muted": True})
    assert mute.status_code == 403, "a spectator cannot mute"
    assert client.post(f"/api/tables/{tid}/chat/mute", headers={"X-Seat-Token": host},
                       json={"muted": True}).status_code == 204
    assert get(client, tid)["spectators_muted"] is True
    refused = say(client, tid, "let me speak")
    assert refused.status_code == 403 and "muted spectators" in refused.json()["detail"]
    assert say(client, tid, "   ", host).status_code == 422
    assert say(client, tid, "x" * 301, host).status_code == 422
    answers = [say(client, tid, f"message {i}", host).status_code for i in range(6)]
    assert answers == [200] * 5 + [429], "at most 5 messages in 10 s"
    assert say(client, tid, "my turn to talk", token(made, 1)).status_code == 200, "limits are per sender"
