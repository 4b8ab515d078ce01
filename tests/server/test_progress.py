"""Kipukas affinity, loyalty and tameability progress kept per player (#affinity; issue 33,
"The binder"): in the browser without an account (the server answers, keeps nothing), with the
account when signed in (migration 0007); once a day each, by the engine's rule."""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.core.record import Record
from soulforge.games.kipukas import affinity
from soulforge.server import accounts, create_app, progress
from tests.server.browsers import CHEAP, Browser
from tests.server.helpers import create, get, token

DAY = datetime.date(2026, 11, 27)


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The app on SQLite and on PostgreSQL (``db_url``), cheap password hashes, a fixed day."""
    monkeypatch.setattr(accounts, "HASHER", CHEAP)
    monkeypatch.setattr(progress, "today", lambda: DAY)
    with TestClient(create_app(db_url, ai_workers=0)) as c:
        yield c


def test_without_an_account_the_browser_keeps_the_record(client: TestClient,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first = client.post("/api/kipukas/progress/declare", json={"archetype": "Avian"}).json()
    assert not first["stored"] and first["progress"]["affinity"] == {"Avian": 1}
    assert first["grew"] == ["affinity for Avian is now 1"]
    kept = first["progress"]
    again = client.post("/api/kipukas/progress/declare", json={"archetype": "Avian", "progress": kept}).json()
    assert again["progress"]["affinity"] == {"Avian": 1} and again["grew"] == [], "once a day"
    monkeypatch.setattr(progress, "today", lambda: DAY + datetime.timedelta(days=1))
    later = client.post("/api/kipukas/progress/declare", json={"archetype": "Avian", "progress": kept}).json()
    assert later["progress"]["affinity"] == {"Avian": 2}
    loyal = client.post("/api/kipukas/progress/fought",
                        json={"card": "hilbert_king_of_avian_frogs", "progress": later["progress"]}).json()
    assert loyal["progress"]["loyalty"] == {"hilbert_king_of_avian_frogs": 1}
    assert client.get("/api/kipukas/progress").json()["progress"]["affinity"] == {}, "nothing kept"
    species = {s["card"]: s for s in loyal["species"]}
    assert all(s["control"] == affinity.control(affinity.from_data(loyal["progress"]), _card(s["card"]))
               for s in species.values())


def _card(card_id: str) -> Any:
    from soulforge.games.kipukas.data import CARDS
    return CARDS[card_id]


@pytest.mark.parametrize("body", [
    {"archetype": "Dragon"},
    {"archetype": "Avian", "progress": {"affinity": {"Avian": -3}}},
    {"archetype": "Avian", "progress": {"loyalty": {"not_a_card": 1}}},
    {"archetype": "Avian", "extra": True},
])
def test_a_bad_declaration_or_record_is_refused(client: TestClient, body: dict[str, Any]) -> None:
    assert client.post("/api/kipukas/progress/declare", json=body).status_code == 422
    assert client.post("/api/kipukas/progress/fought", json={"card": "cartesian_sea"}).status_code == 422


def test_an_account_keeps_its_record_and_adopts_the_browsers_first(client: TestClient) -> None:
    ada = Browser(client)
    ada.register("Ada")
    browser_record = {"affinity": {"Brutal": 4}, "crux": "Brutal", "declared_on": "2026-11-20"}
    made = ada.post("/api/kipukas/progress/declare", json={"archetype": "Avian", "progress": browser_record})
    assert made.status_code == 200, made.text
    assert made.json()["stored"] and made.json()["progress"]["affinity"] == {"Brutal": 4, "Avian": 1}
    ignored = ada.post("/api/kipukas/progress/fought", json={"card": "tira_marvelous_myriad",
                                                             "progress": {"affinity": {"Magic": 9}}}).json()
    assert ignored["progress"]["affinity"] == {"Brutal": 4, "Avian": 1}, "the account's record is the one"
    read = ada.get("/api/kipukas/progress").json()
    assert read["stored"] and read["progress"]["loyalty"] == {"tira_marvelous_myriad": 1}
    assert Browser(client).get("/api/kipukas/progress").json()["progress"]["loyalty"] == {}, "not another's"
    forged = Browser(client, csrf=False)
    forged.cookies = ada.cookies
    assert forged.post("/api/kipukas/progress/declare", json={"archetype": "Magic"}).status_code == 403


def test_a_finished_kipukas_table_grows_the_seats_record(client: TestClient) -> None:
    """The game's crux and the souls seen in its bouts, as ``affinity.game_growth`` reads the
    table's record; a table not over, or not Kipukas, grows nothing."""
    made = create(client, game="kipukas", seats=[{"kind": "human"}, {"kind": "human"}], hot_seat=True,
                  seed=4, options={"peace_after": 3})
    tid, mine, both = made["table"], token(made, 0), f"{token(made, 0)},{token(made, 1)}"
    early = client.post(f"/api/kipukas/progress/tables/{tid}", headers={"X-Seat-Token": mine}, json={})
    assert early.status_code == 409 and "once it is over" in early.json()["detail"]
    rng = random.Random(4)
    data = get(client, tid, both)
    while not data["is_over"]:
        choice = rng.choice(data["legal"])["action"]
        res = client.post(f"/api/tables/{tid}/actions?svg=false", headers={"X-Seat-Token": both},
                          json={"move": data["move"], "action": choice})
        assert res.status_code == 200, res.text
        data = res.json()
    grown = client.post(f"/api/kipukas/progress/tables/{tid}", headers={"X-Seat-Token": mine}, json={})
    assert grown.status_code == 200, grown.text
    record = Record.from_json(client.get(f"/api/tables/{tid}/record").json())
    expected = affinity.game_growth(record)[0]
    body = grown.json()
    assert body["progress"]["crux"] == expected.crux and body["progress"]["affinity"] == {expected.crux: 1}
    assert expected.fought, "the seeded game (seed 4) reaches a bout"
    assert sorted(body["progress"]["loyalty"]) == sorted(expected.fought)
    both_seats = client.post(f"/api/kipukas/progress/tables/{tid}", headers={"X-Seat-Token": both}, json={})
    assert both_seats.status_code == 409, "one seat's growth at a time"
    assert client.post(f"/api/kipukas/progress/tables/{tid}", json={}).status_code == 403
    tricks = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    other = client.post(f"/api/kipukas/progress/tables/{tricks['table']}",
                        headers={"X-Seat-Token": token(tricks, 0)}, json={})
    assert other.status_code == 409 and "Kipukas" in other.json()["detail"]


def test_the_page_offers_every_archetype_and_soul(client: TestClient) -> None:
    page = client.get("/kipukas/progress").text
    assert "/static/progress.js" in page and 'href="/rules/kipukas#affinity"' in page
    assert '<option value="Avian">' in page and '<option value="tira_marvelous_myriad">' in page


def test_a_table_using_the_records_takes_the_creators(client: TestClient) -> None:
    """``use_records``: the creator's record fills its seat in the Kipukas ``progress`` option
    (the account's row when signed in, else the browser's), the other seats null; the engine
    reads it (its taming control), the route only gathers."""
    ada = Browser(client)
    ada.register("Ada")
    assert ada.post("/api/kipukas/progress/declare", json={"archetype": "Brutal"}).status_code == 200
    made = ada.post("/api/tables", json={"game": "kipukas", "use_records": True, "my_record": {
        "affinity": {"Magic": 9}}, "seats": [{"kind": "human"}, {"kind": "ai"}]})
    assert made.status_code == 201, made.text
    options = _live_options(client, made.json()["table"])
    seats = affinity.seat_records(options["progress"])
    assert seats[1] is None and seats[0] is not None
    assert seats[0].affinity == {"Brutal": 1}, "the account's record, not the browser's"
    guest = client.post("/api/tables", json={"game": "kipukas", "use_records": True, "my_record": {
        "affinity": {"Magic": 9}, "crux": "Magic"}})
    assert guest.status_code == 201, guest.text
    mine = affinity.seat_records(_live_options(client, guest.json()["table"])["progress"])[0]
    assert mine is not None and mine.affinity == {"Magic": 9} and mine.crux == "Magic"
    bad = client.post("/api/tables", json={"game": "kipukas", "use_records": True,
                                           "my_record": {"affinity": {"Magic": -1}}})
    assert bad.status_code == 422
    tricks = client.post("/api/tables", json={"game": "tricks", "use_records": True})
    assert tricks.status_code == 422 and "Kipukas" in tricks.json()["detail"]


def _live_options(client: TestClient, table_id: str) -> dict[str, Any]:
    """The options the engine plays the table with (its live state's game)."""
    svc = client.app.state.service  # type: ignore[attr-defined]
    table = client.portal.call(svc.get, table_id)  # type: ignore[union-attr]
    return dict(table.state.game.options)


def test_a_table_using_the_records_grows_the_seated_accounts_at_its_end(client: TestClient) -> None:
    """At the end of a Kipukas table played with the records, each seat held by an account
    grows that account's record from the game (``affinity.game_growth``), once a day."""
    ada = Browser(client)
    ada.register("Ada")
    made = ada.post("/api/tables", json={"game": "kipukas", "use_records": True, "hot_seat": True, "seed": 4,
                                         "options": {"peace_after": 3},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert made.status_code == 201, made.text
    tid, both = made.json()["table"], f"{token(made.json(), 0)},{token(made.json(), 1)}"
    rng = random.Random(4)
    data = ada.get(f"/api/tables/{tid}", headers={"X-Seat-Token": both}).json()
    assert ada.get("/api/kipukas/progress").json()["progress"]["affinity"] == {}, "nothing before the end"
    while not data["is_over"]:
        res = ada.post(f"/api/tables/{tid}/actions?svg=false", headers={"X-Seat-Token": both},
                       json={"move": data["move"], "action": rng.choice(data["legal"])["action"]})
        assert res.status_code == 200, res.text
        data = res.json()
    record = Record.from_json(client.get(f"/api/tables/{tid}/record").json())
    growth = affinity.game_growth(record)
    kept = ada.get("/api/kipukas/progress").json()["progress"]
    assert kept["crux"] == growth[1].crux and sum(kept["affinity"].values()) == 1, "one declaration a day"
    assert sorted(kept["loyalty"]) == sorted(set(growth[0].fought) | set(growth[1].fought))
    assert set(kept["loyalty"].values()) == {1}


def test_a_seat_taken_before_the_first_move_brings_its_holders_record(client: TestClient) -> None:
    """``use_records`` with a seat taken after the table was made (issue 33): a seat taken
    before the first move (from the lobby or by an invite) brings its holder's record, the
    account's when signed in, else the browser's; the engine plays with it (the state is
    built anew from the options). Once a move is made, the records are the table's: a seat
    taken then brings nothing. A browser's bad record is refused before the seat is taken."""
    ada = Browser(client)
    ada.register("Ada")
    assert ada.post("/api/kipukas/progress/declare", json={"archetype": "Brutal"}).status_code == 200
    two = {"game": "kipukas", "use_records": True, "my_record": {"affinity": {"Magic": 9}},
           "seats": [{"kind": "human"}, {"kind": "human"}]}
    listed = client.post("/api/tables", json={**two, "listed": True}).json()
    bad = client.post(f"/api/tables/{listed['table']}/join", json={"my_record": {"affinity": {"Magic": -1}}})
    assert bad.status_code == 422
    joined = ada.post(f"/api/tables/{listed['table']}/join", json={"my_record": {"affinity": {"Avian": 5}}})
    assert joined.status_code == 200 and joined.json()["seat"] == 1, joined.text
    seats = affinity.seat_records(_live_options(client, listed["table"])["progress"])
    assert seats[0] is not None and seats[0].affinity == {"Magic": 9}, "the creator's stays"
    assert seats[1] is not None and seats[1].affinity == {"Brutal": 1}, "the account's, not the browser's"
    assert _engine_records(client, listed["table"]) == seats, "the engine plays with both"
    stored = client.app.state.service.storage.table(listed["table"])  # type: ignore[attr-defined]
    assert affinity.seat_records(stored.options["progress"]) == seats, "kept: every process reads it"

    invited = client.post("/api/tables", json=two).json()
    claimed = client.post(f"/api/tables/{invited['table']}/claim", json={
        "seat": 1, "invite": invited["seats"][1]["invite"].rsplit("/", 1)[-1].split("=")[-1],
        "my_record": {"affinity": {"Avian": 5}, "crux": "Avian"}})
    assert claimed.status_code == 200, claimed.text
    guest = _engine_records(client, invited["table"])[1]
    assert guest is not None and guest.affinity == {"Avian": 5} and guest.crux == "Avian"

    late = client.post("/api/tables", json={**two, "listed": True}).json()
    first = get(client, late["table"], token(late, 0))
    moved = client.post(f"/api/tables/{late['table']}/actions?svg=false",
                        headers={"X-Seat-Token": token(late, 0)},
                        json={"move": first["move"], "action": first["legal"][0]["action"]})
    assert moved.status_code == 200, moved.text
    joined = client.post(f"/api/tables/{late['table']}/join", json={"my_record": {"affinity": {"Avian": 5}}})
    assert joined.status_code == 200, joined.text
    assert _engine_records(client, late["table"])[1] is None, "the game had begun: nothing brought"


def _engine_records(client: TestClient, table_id: str) -> tuple[affinity.Progress | None, ...]:
    """The records the table's live game plays with, by seat."""
    svc = client.app.state.service  # type: ignore[attr-defined]
    table = client.portal.call(svc.get, table_id)  # type: ignore[union-attr]
    records: tuple[affinity.Progress | None, ...] = table.state.game.progress
    return records


def test_a_record_sent_where_it_is_not_used_is_ignored_and_records_only_refuses(client: TestClient) -> None:
    """A browser sends its record with every seat it takes (the lobby, an invite): where no
    record is used (another game, a table without the records) it is ignored, even a bad one.
    The table page's own request at a game's end (``records_only``) grows nothing from a
    table not played with the records."""
    plain = client.post("/api/tables", json={"game": "kipukas", "listed": True,
                                             "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    bad = {"my_record": {"affinity": {"Magic": -1}}}
    joined = client.post(f"/api/tables/{plain['table']}/join", json=bad)
    assert joined.status_code == 200, joined.text
    assert not _live_options(client, plain["table"]).get("progress")
    hot = client.post("/api/tables", json={"game": "kipukas", "hot_seat": True, "seed": 4,
                                           "options": {"peace_after": 3},
                                           "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    both = f"{token(hot, 0)},{token(hot, 1)}"
    rng = random.Random(4)
    data = get(client, hot["table"], token(hot, 0), token(hot, 1))
    while not data["is_over"]:
        data = client.post(f"/api/tables/{hot['table']}/actions?svg=false", headers={"X-Seat-Token": both},
                           json={"move": data["move"], "action": rng.choice(data["legal"])["action"]}).json()
    path = f"/api/kipukas/progress/tables/{hot['table']}"
    refused = client.post(path, headers={"X-Seat-Token": token(hot, 0)}, json={"records_only": True})
    assert refused.status_code == 409 and "records" in refused.json()["detail"]
    counted = client.post(path, headers={"X-Seat-Token": token(hot, 0)}, json={})
    assert counted.status_code == 200, "Count that game still counts any finished Kipukas table"
