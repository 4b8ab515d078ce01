"""The Kipukas fists tool (rulebook #fists_tool, issue 33 "The binder"): the match-up of two
KEAL means or of two souls' Final Blow, from the engine's typing chart and motives; and the
two-phone room, where both sides choose in secret and the server reveals both at once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from soulforge.games.kipukas import combat
from soulforge.games.kipukas.data import ARCHETYPES, load_matchups, load_rules
from soulforge.server import create_app
from soulforge.server.fists import MAX_FISTS_MESSAGE, Rooms


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path_factory.mktemp('fists')}/fists.db"
    with TestClient(create_app(db, ai_workers=0)) as c:
        yield c


def keal(*archetypes: str) -> dict[str, Any]:
    return {"mode": "keal", "archetypes": list(archetypes)}


def final(gene: str, motive: str) -> dict[str, Any]:
    return {"mode": "final", "gene": gene, "motive": motive}


def test_a_keal_matchup_is_the_engines_typing_pair_by_pair(client: TestClient) -> None:
    """#materials: the rulebook's example, a Cenozoic-Decrepit-Angelic means attacking a
    Decrepit-Angelic-Brutal one, totals -13; each of the 9 pairs is the chart's number."""
    attacking, defending = ("Cenozoic", "Decrepit", "Angelic"), ("Decrepit", "Angelic", "Brutal")
    res = client.post("/api/kipukas/fists", json={"attacker": keal(*attacking), "defender": keal(*defending)})
    assert res.status_code == 200, res.text
    body = res.json()
    chart = load_matchups()
    assert body["attack"] == -13 == chart.typing(attacking, defending)
    pairs = [(a, d) for a in attacking for d in defending]
    assert [(p["attacker"], p["defender"]) for p in body["pairs"]] == pairs
    index = {name: i for i, name in enumerate(ARCHETYPES)}
    assert [p["modifier"] for p in body["pairs"]] == [
        chart.matrix[index[d]][index[a]] for a in attacking for d in defending]
    assert sum(p["modifier"] for p in body["pairs"]) == body["attack"] and body["defence"] == 0


def test_a_final_blow_counts_genes_motives_and_preservation(client: TestClient) -> None:
    """#motive_interactions: "if a soul card with the corporal (worldly) Service motivation
    attacks a soul card with the worldly Satisfaction motivation it gains 10"; #motivation:
    Satisfaction fights for Self, so the Final Blow is best 2 out of 3."""
    res = client.post("/api/kipukas/fists", json={"attacker": final("Avian", "Service"),
                                                  "defender": final("Brutal", "Satisfaction")})
    assert res.status_code == 200, res.text
    body = res.json()
    chart, bonus = load_matchups(), load_rules()["motive_bonus"]
    assert (body["attack"], body["defence"]) == combat.final_blow_modifiers(
        chart, "Avian", "Service", "Brutal", "Satisfaction", bonus)
    assert {"what": "Service beats Satisfaction", "side": "attack", "amount": 10} in body["parts"]
    assert body["attack"] == chart.typing(("Avian",), ("Brutal",)) + 10 and body["best_of_three"]
    support = client.post("/api/kipukas/fists", json={"attacker": final("Avian", "Passion"),
                                                      "defender": final("Avian", "Duty")}).json()
    assert (support["attack"], support["defence"]) == (3, 3), "Support +3 to attack, Society +3 to defence"


@pytest.mark.parametrize("body", [
    {"attacker": keal("Avian"), "defender": final("Avian", "Duty")},
    {"attacker": keal("Dragon"), "defender": keal("Avian")},
    {"attacker": keal("Avian", "Avian", "Avian", "Avian"), "defender": keal("Avian")},
    {"attacker": keal(), "defender": keal("Avian")},
    {"attacker": final("Avian", "Greed"), "defender": final("Avian", "Duty")},
    {"attacker": keal("Avian"), "defender": keal("Avian"), "extra": 1},
])
def test_a_choice_the_cards_cannot_make_is_refused(client: TestClient, body: dict[str, Any]) -> None:
    res = client.post("/api/kipukas/fists", json=body)
    assert res.status_code == 422, res.text


def test_the_page_offers_every_archetype_and_motive_and_links_the_rulebook(client: TestClient) -> None:
    res = client.get("/kipukas/fists")
    assert res.status_code == 200
    page = res.text
    assert 'href="/rules/kipukas#fists_tool"' in page and "/static/fists.js" in page
    assert all(f'<option value="{name}">' in page for name in ARCHETYPES)
    assert '<option value="Satisfaction">' in page and "tira_marvelous_myriad" in page


# -- two phones ------------------------------------------------------------------------------------
def _room(client: TestClient, mode: str = "keal") -> str:
    res = client.post("/api/kipukas/fists/rooms", json={"mode": mode})
    assert res.status_code == 200, res.text
    code: str = res.json()["code"]
    return code


def test_both_choose_in_secret_and_the_server_reveals_both_at_once(client: TestClient) -> None:
    """Nothing of a side's choice reaches the other before both have chosen: the defender
    hears only that the attacker has chosen; then both get the same reveal, the engine's
    result for the two choices."""
    code = _room(client)
    secret = ("Telekinetic", "Glitch")
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as attacker, \
            client.websocket_connect(f"/ws/kipukas/fists/{code}") as defender:
        attacker.send_json({"side": "attacker"})
        assert attacker.receive_json()["present"] == {"attacker": True, "defender": False}
        defender.send_json({"side": "defender"})
        heard_by_defender = [defender.receive_json()]
        assert attacker.receive_json()["present"] == {"attacker": True, "defender": True}
        attacker.send_json({"type": "choose", "choice": keal(*secret)})
        mine = attacker.receive_json()
        assert mine["yours"] == {"mode": "keal", "archetypes": list(secret)}
        heard_by_defender.append(defender.receive_json())
        assert heard_by_defender[-1]["chosen"] == {"attacker": True, "defender": False}
        assert heard_by_defender[-1]["yours"] is None and heard_by_defender[-1]["last"] is None
        for message in heard_by_defender:  # the payloads, whole: no archetype of the secret
            assert message["type"] == "status"
            assert not any(name in json.dumps(message) for name in secret), message
        defender.send_json({"type": "choose", "choice": keal("Avian")})
        reveals = [defender.receive_json(), attacker.receive_json()]
        assert reveals[0] == reveals[1] and reveals[0]["type"] == "reveal"
        expected = client.post("/api/kipukas/fists", json={"attacker": keal(*secret),
                                                           "defender": keal("Avian")}).json()
        assert reveals[0]["result"] == expected
        assert reveals[0]["attacker"]["archetypes"] == list(secret)
        after = defender.receive_json()
        assert after["round"] == 2 and after["chosen"] == {"attacker": False, "defender": False}
        assert after["last"] == reveals[0], "a phone back from sleep finds the last reveal"


def test_changing_the_mode_drops_the_choices_unseen(client: TestClient) -> None:
    code = _room(client)
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as attacker, \
            client.websocket_connect(f"/ws/kipukas/fists/{code}") as defender:
        attacker.send_json({"side": "attacker"})
        attacker.receive_json()
        defender.send_json({"side": "defender"})
        defender.receive_json()
        attacker.receive_json()
        attacker.send_json({"type": "choose", "choice": keal("Magic")})
        attacker.receive_json()
        defender.receive_json()
        defender.send_json({"type": "mode", "mode": "final"})
        status = defender.receive_json()
        assert status["mode"] == "final" and status["chosen"] == {"attacker": False, "defender": False}
        assert attacker.receive_json()["yours"] is None
        defender.send_json({"type": "choose", "choice": keal("Magic")})
        refused = defender.receive_json()
        assert refused["type"] == "error" and "Final Blow" in refused["detail"]
        attacker.send_json({"type": "choose", "choice": final("Avian", "Duty")})
        attacker.receive_json()
        assert "Magic" not in json.dumps(defender.receive_json())


def test_a_side_is_held_by_one_phone_and_an_unknown_room_is_refused(client: TestClient) -> None:
    code = _room(client)
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as first, \
            client.websocket_connect(f"/ws/kipukas/fists/{code}") as second:
        first.send_json({"side": "attacker"})
        first.receive_json()
        second.send_json({"side": "attacker"})
        assert second.receive_json()["status"] == 409
        with pytest.raises(WebSocketDisconnect) as closed:
            second.receive_json()
        assert closed.value.code == 4409
    with client.websocket_connect("/ws/kipukas/fists/NOSUCH") as socket:
        assert socket.receive_json()["status"] == 404
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as socket:
        socket.send_json({"side": "referee"})
        assert socket.receive_json()["status"] == 400


def test_a_message_past_the_bound_closes_the_socket(client: TestClient) -> None:
    code = _room(client)
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as socket:
        socket.send_json({"side": "defender"})
        socket.receive_json()
        socket.send_text("x" * (MAX_FISTS_MESSAGE + 1))
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1009


def test_rooms_are_bounded_and_idle_ones_dropped() -> None:
    """At most ``limit`` rooms (503 past it, before one is made); a room no socket holds is
    dropped once idle, which frees its place."""
    now = [0.0]
    rooms = Rooms(limit=2, idle=60, clock=lambda: now[0])
    first, second = rooms.create("keal"), rooms.create("final")
    assert first.code != second.code and len(first.code) == 6
    with pytest.raises(HTTPException) as full:
        rooms.create("keal")
    assert full.value.status_code == 503 and len(rooms.open) == 2
    now[0] = 30.0
    assert rooms.get(second.code.lower()) is second, "codes are read in any case; a use touches"
    now[0] = 61.0
    rooms.create("keal")
    assert first.code not in rooms.open and second.code in rooms.open and len(rooms.open) == 2


def test_creating_a_room_takes_only_a_mode(client: TestClient, tmp_path: Path) -> None:
    assert client.post("/api/kipukas/fists/rooms", json={"mode": "brawl"}).status_code == 422
    made = client.post("/api/kipukas/fists/rooms").json()
    assert made["mode"] == "keal" and made["url"] == f"/kipukas/fists?room={made['code']}"
