"""Issue 34, a defect of the first build: to let a second device take an account's seats,
``sf_account_seats`` kept each seat's token in plain text, so whoever read the database could
act for every account holder's seat. Now no seat secret of an account is stored: the session
is the credential for the account's seats (HTTP and websocket), while another account, an
anonymous client, another site's socket, a disabled account and a signed-out session get
nothing. On SQLite and PostgreSQL (``db_url``)."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from soulforge.server.accounts import Accounts
from soulforge.server.migrate import MIGRATIONS, revision
from soulforge.server.storage import Storage, hash_token
from tests.server.browsers import Browser
from tests.server.helpers import claim_invite, get

TWO = [{"kind": "human"}, {"kind": "human"}]


def ada_with_a_table(site: TestClient) -> tuple[Browser, Browser, dict[str, Any]]:
    """Ada registers on her laptop and opens a two-seat table (seat 0 hers, seat 1 invited);
    then signs in on her phone, which has no token."""
    laptop, phone = Browser(site), Browser(site)
    laptop.register("Ada")
    made = laptop.post("/api/tables", json={"game": "tricks", "seats": TWO}).json()
    assert phone.sign_in("Ada").status_code == 200
    return laptop, phone, made


def table_as(browser: Browser, table: str) -> dict[str, Any]:
    res = browser.get(f"/api/tables/{table}", params={"svg": "false"})
    assert res.status_code == 200, res.text
    answer: dict[str, Any] = res.json()
    return answer


def first_move(browser: Browser, table: str, legal: list[dict[str, Any]]) -> Any:
    return browser.post(f"/api/tables/{table}/actions", params={"svg": "false"},
                        json={"move": 0, "action": legal[0]["action"]})


def open_socket(site: TestClient, browser: Browser | None, table: str,
                origin: str | None = None) -> WebSocketTestSession:
    """A socket of ``browser`` (its cookies sent, as a browser does), saying hello with no token."""
    headers = {}
    if browser is not None:
        headers["cookie"] = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
    if origin is not None:
        headers["origin"] = origin
    socket = site.websocket_connect(f"/ws/tables/{table}", headers=headers)
    socket.__enter__()
    socket.send_json({"tokens": [], "svg": False})
    return socket


def test_the_stored_account_seats_hold_no_token(site: TestClient) -> None:
    laptop, phone, made = ada_with_a_table(site)
    anonymous = site.post("/api/tables", json={"game": "tricks", "seats": TWO}).json()
    attach = {"table": anonymous["table"], "seat": 0, "token": anonymous["seats"][0]["token"]}
    assert laptop.post("/api/account/seats", json=attach).status_code == 204
    tokens = [made["seats"][0]["token"], anonymous["seats"][0]["token"]]
    accounts: Accounts = site.app.state.accounts  # type: ignore[attr-defined]
    with accounts.storage.engine.connect() as conn:  # what a reader of the database finds
        columns = {c["name"] for c in sa.inspect(conn).get_columns("sf_account_seats")}
        rows = [dict(r) for r in conn.execute(sa.text("SELECT * FROM sf_account_seats")).mappings()]
    assert columns == {"table_id", "seat", "user_id", "at"}
    assert sorted((r["table_id"], r["seat"]) for r in rows) == sorted(
        [(made["table"], 0), (anonymous["table"], 0)])
    stored = repr(rows)
    assert not [t for t in tokens if t in stored or hash_token(t) in stored]
    listed = phone.get("/api/account/seats")
    assert all("token" not in seat for seat in listed.json())
    assert not [t for t in tokens if t in listed.text]


def test_a_second_browser_acts_for_the_seat_with_its_session(site: TestClient) -> None:
    _laptop, phone, made = ada_with_a_table(site)
    table = made["table"]
    seen = table_as(phone, table)  # no token: the session holds the seat
    assert seen["seats_held"] == [0] and seen["seat"] == 0 and seen["legal"]
    assert seen["view"] == get(site, table, made["seats"][0]["token"])["view"]  # its hidden view
    assert seen["view"] != get(site, table)["view"]
    socket = open_socket(site, phone, table)
    try:
        assert socket.receive_json()["seats_held"] == [0]
        moved = first_move(phone, table, seen["legal"])
        assert moved.status_code == 200, moved.text
        assert socket.receive_json()["move"] == 1
    finally:
        socket.__exit__(None, None, None)


def test_another_account_an_anonymous_client_and_another_site_get_nothing(site: TestClient) -> None:
    _laptop, phone, made = ada_with_a_table(site)
    table = made["table"]
    legal = table_as(phone, table)["legal"]
    bob, stranger = Browser(site), Browser(site)
    bob.register("Bob")
    for other in (bob, stranger):
        assert table_as(other, table)["seats_held"] == []
        refused = first_move(other, table, legal)
        assert refused.status_code == 403, refused.text
        socket = open_socket(site, other, table)
        try:
            assert socket.receive_json()["seats_held"] == []
        finally:
            socket.__exit__(None, None, None)
    hijack = open_socket(site, phone, table, origin="http://evil.example")  # her cookie, their page
    try:
        assert hijack.receive_json()["seats_held"] == []
    finally:
        hijack.__exit__(None, None, None)
    forged = phone.post(f"/api/tables/{table}/actions", headers={"X-CSRF-Token": "forged"},
                        json={"move": 0, "action": legal[0]["action"]})
    assert forged.status_code == 403  # a cookie write still needs the session's CSRF token
    assert get(site, table)["move"] == 0


def test_a_disabled_accounts_session_stops_acting(site: TestClient) -> None:
    _laptop, phone, made = ada_with_a_table(site)
    table = made["table"]
    legal = table_as(phone, table)["legal"]
    other = claim_invite(site, made["seats"][1]["invite"]).json()["token"]
    socket = open_socket(site, phone, table)
    accounts: Accounts = site.app.state.accounts  # type: ignore[attr-defined]
    try:
        assert socket.receive_json()["seats_held"] == [0]
        with accounts.storage.engine.begin() as conn:  # disabled by another process
            conn.execute(sa.text("UPDATE sf_users SET disabled = :yes"), {"yes": True})
        accounts.read_disabled()  # what the server's watch reads every few seconds
        assert first_move(phone, table, legal).status_code == 403
        assert table_as(phone, table)["seats_held"] == []  # it may still watch, as a spectator
        renamed = site.post(f"/api/tables/{table}/name", headers={"X-Seat-Token": other},
                            json={"seat": 1, "name": "Bo"})
        assert renamed.status_code == 204  # a change: the open socket is sent the table anew
        assert socket.receive_json()["seats_held"] == []
    finally:
        socket.__exit__(None, None, None)
    assert accounts.set_disabled("Ada", True)  # by the operator's command: its sessions end
    assert table_as(phone, table)["seats_held"] == []
    assert first_move(phone, table, legal).status_code == 403
    assert get(site, table)["move"] == 0


def test_sign_out_everywhere_ends_the_sessions_seats(site: TestClient) -> None:
    laptop, phone, made = ada_with_a_table(site)
    table = made["table"]
    legal = table_as(phone, table)["legal"]
    socket = open_socket(site, phone, table)
    try:
        assert socket.receive_json()["seats_held"] == [0]
        assert laptop.post("/api/account/sign-out-everywhere").status_code == 204
        assert socket.receive_json()["seats_held"] == []  # told at once
    finally:
        socket.__exit__(None, None, None)
    assert table_as(phone, table)["seats_held"] == []  # the old cookie holds nothing now
    refused = first_move(phone, table, legal)
    assert refused.status_code == 403, refused.text
    moved = site.post(f"/api/tables/{table}/actions", headers={"X-Seat-Token": made["seats"][0]["token"]},
                      json={"move": 0, "action": legal[0]["action"]})
    assert moved.status_code == 200  # the laptop's own token still plays


@pytest.mark.empty_database
def test_the_migration_drops_the_stored_tokens(db_url: str) -> None:
    engine = sa.create_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:  # a database of the first accounts build (revision 0005)
        config.attributes["connection"] = conn
        command.upgrade(config, "0005")
        conn.commit()
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO sf_tables (id, game, options, seed, players, hot_seat, listed, status, created)"
            " VALUES ('t1', 'tricks', '{}', 7, 2, false, false, 'playing', 0.0)"))
        conn.execute(sa.text("INSERT INTO sf_users (name, name_key, password_hash, disabled, created)"
                             " VALUES ('Ada', 'ada', 'x', false, 0.0)"))
        conn.execute(sa.text("INSERT INTO sf_account_seats (table_id, seat, user_id, token, at)"
                             " VALUES ('t1', 0, 1, 'a-plain-seat-token', 0.0)"))
    engine.dispose()
    storage = Storage(db_url)
    try:
        assert (revision(storage.engine) or "") >= "0006"  # this migration or a later one
        with storage.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(sa.text("SELECT * FROM sf_account_seats")).mappings()]
        assert [(r["table_id"], r["seat"], r["user_id"]) for r in rows] == [("t1", 0, 1)]
        assert "token" not in rows[0] and "a-plain-seat-token" not in repr(rows)
    finally:
        storage.close()


def test_a_seat_moved_to_another_browser_leaves_the_account(site: TestClient) -> None:
    """"Move my seat" (a new invite for one's own seat) ends the old browser's hold on it: a
    session of the account, like the old token, stops acting for it."""
    laptop, phone, made = ada_with_a_table(site)
    table = made["table"]
    legal = table_as(phone, table)["legal"]
    moved = phone.post(f"/api/tables/{table}/seats/0/invite")  # with her session alone
    assert moved.status_code == 200, moved.text
    assert table_as(phone, table)["seats_held"] == table_as(laptop, table)["seats_held"] == []
    assert [s for s in laptop.get("/api/account/seats").json() if s["table"] == table] == []
    taken = claim_invite(site, moved.json()["invite"]).json()["token"]  # an anonymous browser
    assert first_move(phone, table, legal).status_code == 403
    played = site.post(f"/api/tables/{table}/actions", headers={"X-Seat-Token": taken},
                       json={"move": 0, "action": legal[0]["action"]})
    assert played.status_code == 200, played.text


def test_signing_out_one_device_leaves_the_others(site: TestClient) -> None:
    laptop, phone, made = ada_with_a_table(site)
    table = made["table"]
    socket = open_socket(site, phone, table)
    try:
        assert socket.receive_json()["seats_held"] == [0]
        assert phone.post("/api/account/sign-out").status_code == 204
        assert socket.receive_json()["seats_held"] == []  # this device's socket is told at once
    finally:
        socket.__exit__(None, None, None)
    assert table_as(phone, table)["seats_held"] == []
    assert table_as(laptop, table)["seats_held"] == [0]  # the laptop's session still holds it
