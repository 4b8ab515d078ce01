"""The Kipukas fists tool (rulebook #fists_tool, issue 33 "The binder"): the match-up of two
KEAL means or of two souls' Final Blow, from the engine's typing chart and motives; and the
two-phone room, where both sides choose in secret and the server reveals both at once."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from soulforge.games.kipukas import combat
from soulforge.games.kipukas.data import ARCHETYPES, load_matchups, load_rules
from soulforge.server import create_app
from soulforge.server.fists import (
    HOLD_SECONDS,
    MAX_FISTS_MESSAGE,
    ROOM_MAX_AGE,
    KealChoice,
    RoomRefused,
    Rooms,
    rooms_t,
)
from soulforge.server.storage import Storage


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


def test_rooms_are_bounded_and_idle_ones_dropped(tmp_path: Path) -> None:
    """At most ``limit`` rooms in the database (503 past it, before one is made); a room no
    socket renews is dropped once idle, which frees its place; any room once it is old."""
    now = [1_000.0]
    storage = Storage(f"sqlite:///{tmp_path}/rooms.db")
    rooms = Rooms(storage, limit=2, idle=60, clock=lambda: now[0])
    first, second = rooms.create("keal"), rooms.create("final")
    assert first.code != second.code and len(first.code) == 6
    with pytest.raises(HTTPException) as full:
        rooms.create("keal")
    assert full.value.status_code == 503 and _stored(storage) == {first.code, second.code}
    now[0] += 30
    rooms.change(second.code.lower(), lambda r, t: r.hello("attacker", "s1", None, t))
    assert rooms.find(first.code) is not None, "codes are read in any case"
    now[0] += 31
    assert rooms.find(first.code) is None, "idle: gone, though not yet swept"
    third = rooms.create("keal")
    assert _stored(storage) == {second.code, third.code}, "the idle room made way; the used one stayed"
    now[0] += ROOM_MAX_AGE
    rooms.create("keal")
    assert len(_stored(storage)) == 1, "old rooms are dropped, whatever their use"
    storage.close()


def test_a_side_is_held_by_a_lease_its_socket_renews(tmp_path: Path) -> None:
    """A socket holds its side for ``HOLD_SECONDS`` at a time, renewed while it lives (quietly:
    no new version, nobody told). A socket whose server died stops renewing: once its lease
    ran out another phone may take the side (its choice dropped unseen), and the old socket,
    should it come back, is refused (409) and closed."""
    now = [1_000.0]
    storage = Storage(f"sqlite:///{tmp_path}/leases.db")
    rooms = Rooms(storage, clock=lambda: now[0])
    code = rooms.create("keal").code
    rooms.change(code, lambda r, t: r.hello("attacker", "s1", None, t))
    chosen, _ = rooms.change(code, lambda r, _t: r.choose("attacker", "s1", KealChoice(
        mode="keal", archetypes=["Magic"])))
    now[0] += HOLD_SECONDS - 1
    renewed, _ = rooms.change(code, lambda r, t: r.renew("attacker", "s1", t), quiet=True)
    assert renewed.version == chosen.version, "a renewal is no change anyone is shown"
    now[0] += HOLD_SECONDS - 1
    with pytest.raises(RoomRefused) as taken:
        rooms.change(code, lambda r, t: r.hello("attacker", "s2", None, t))
    assert taken.value.status == 409, "renewed: still held"
    now[0] += 2
    room, _ = rooms.change(code, lambda r, t: r.hello("attacker", "s2", None, t))
    assert room.choices == {} and room.present(now[0])["attacker"], "taken, the choice dropped unseen"
    with pytest.raises(RoomRefused) as lost:
        rooms.change(code, lambda r, t: r.renew("attacker", "s1", t), quiet=True)
    assert lost.value.status == 409
    storage.close()


def test_a_socket_whose_side_was_taken_hears_nothing_more(client: TestClient,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A socket whose lease ran out (its renewals failed) while another phone took its side
    is told so and closed: it is sent no status of the side any more, so not the new
    holder's choice."""
    code = _room(client)
    rooms: Rooms = client.app.state.fists_rooms  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as old:
        old.send_json({"side": "attacker"})
        old.receive_json()
        monkeypatch.setattr(rooms, "clock", lambda: time.time() + HOLD_SECONDS + 1)
        with client.websocket_connect(f"/ws/kipukas/fists/{code}") as new:
            new.send_json({"side": "attacker"})
            assert new.receive_json()["present"]["attacker"]
            refused = old.receive_json()
            assert refused["type"] == "error" and refused["status"] == 409, refused
            with pytest.raises(WebSocketDisconnect) as closed:
                old.receive_json()
            assert closed.value.code == 4409
            new.send_json({"type": "choose", "choice": keal("Magic")})
            assert new.receive_json()["yours"] == keal("Magic")


class FakeSocket:
    """What a socket was sent, and how it was closed."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def send_json(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_process_tells_no_status_to_a_socket_that_lost_its_side(tmp_path: Path) -> None:
    """Two processes: this one still has the attacker's old socket, whose lease ran out while
    a phone on another process took the side and chose. Told of the change, this process
    sends that socket no status (so not the new holder's choice): it refuses and closes it."""
    now = [1_000.0]
    storage = Storage(f"sqlite:///{tmp_path}/told.db")
    here, there = (Rooms(storage, clock=lambda: now[0]) for _ in range(2))
    code = here.create("keal").code
    here.change(code, lambda r, t: r.hello("attacker", "old", None, t))
    old, defender = FakeSocket(), FakeSocket()
    here.local[code] = {"attacker": ("old", old), "defender": ("d", defender)}  # type: ignore[dict-item]
    here.change(code, lambda r, t: r.hello("defender", "d", None, t))
    now[0] += HOLD_SECONDS + 1
    there.change(code, lambda r, t: r.hello("attacker", "new", None, t))
    room, _ = there.change(code, lambda r, _t: r.choose("attacker", "new", KealChoice(
        mode="keal", archetypes=["Magic"])))

    async def told() -> None:
        await here.tell(room)
        await asyncio.gather(*here.tasks)
    asyncio.run(told())
    assert [m["type"] for m in old.sent] == ["error"] and old.closed == 4409
    assert "Magic" not in json.dumps(old.sent) and "Magic" not in json.dumps(defender.sent)
    assert defender.sent[-1]["chosen"] == {"attacker": True, "defender": False}
    storage.close()


def _stored(storage: Storage) -> set[str]:
    with storage.engine.connect() as conn:
        return set(map(str, conn.execute(select(rooms_t.c.code)).scalars()))


def _left(client: TestClient, code: str, side: str) -> None:
    """Wait until the server has let go of ``side`` (a closed socket's end runs after the
    client has closed it)."""
    rooms: Rooms = client.app.state.fists_rooms  # type: ignore[attr-defined]
    for _ in range(500):  # a hang guard
        room = rooms.find(code)
        if room is not None and not room.present(rooms.clock())[side]:
            return
        time.sleep(0.01)
    raise AssertionError(f"the {side} of {code} was never let go")


def test_a_side_taken_without_its_key_never_shows_the_choice_left_there(client: TestClient) -> None:
    """The only way to a side's choice is to hold the side: a phone that takes the side its
    chooser left, without the side's key, finds the choice dropped; the chooser's own phone,
    back with its key, finds it again."""
    code = _room(client)
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as attacker:
        attacker.send_json({"side": "attacker"})
        key = attacker.receive_json()["key"]
        attacker.send_json({"type": "choose", "choice": keal("Telekinetic")})
        assert attacker.receive_json()["yours"] == keal("Telekinetic")
    _left(client, code, "attacker")
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as back:
        back.send_json({"side": "attacker", "key": key})
        again = back.receive_json()
        assert again["yours"] == keal("Telekinetic") and again["key"] == key
        back.send_json({"type": "mode", "mode": "keal"})  # a new round: nothing chosen
        back.receive_json()
        back.send_json({"type": "choose", "choice": keal("Magic")})
        back.receive_json()
    _left(client, code, "attacker")
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as stranger:
        stranger.send_json({"side": "attacker", "key": "a guess"})
        taken = stranger.receive_json()
        assert taken["yours"] is None and taken["chosen"]["attacker"] is False
        assert taken["key"] != key and "Magic" not in json.dumps(taken)
    _left(client, code, "attacker")
    with client.websocket_connect(f"/ws/kipukas/fists/{code}") as old:
        old.send_json({"side": "attacker", "key": key})
        assert old.receive_json()["yours"] is None, "the old key no longer holds the side"


def test_creating_a_room_takes_only_a_mode(client: TestClient, tmp_path: Path) -> None:
    assert client.post("/api/kipukas/fists/rooms", json={"mode": "brawl"}).status_code == 422
    made = client.post("/api/kipukas/fists/rooms").json()
    assert made["mode"] == "keal" and made["url"] == f"/kipukas/fists?room={made['code']}"
