"""Issue 34, accounts: register, sign in on a second browser and find one's game, sign out
(everywhere); and the security the issue asks for: CSRF refused, no session fixation, brute
force slowed, no enumeration, a disabled account cannot act, one account cannot act for
another's seat, passwords never logged or returned. On SQLite and PostgreSQL (``db_url``)."""

from __future__ import annotations

import logging
from typing import Any

import argon2
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from soulforge.server import accounts
from soulforge.server.accounts import SIGN_IN_FAILURES, Accounts
from soulforge.server.migrate import revision
from soulforge.server.storage import Storage
from tests.server.browsers import PASSWORD, Browser
from tests.server.helpers import create, get, token

TWO = [{"kind": "human"}, {"kind": "human"}]


@pytest.mark.empty_database
def test_the_new_tables_are_migrated(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        names = set(inspect(storage.engine).get_table_names())
        assert {"sf_users", "sf_sessions", "sf_account_seats", "sf_ratings", "sf_rating_history"} <= names
        assert "rated" in {c["name"] for c in inspect(storage.engine).get_columns("sf_tables")}
        assert (revision(storage.engine) or "") >= "0006"  # this revision or a later one
    finally:
        storage.close()


def test_register_signs_in_with_safe_cookies(site: TestClient) -> None:
    ada = Browser(site)
    res = ada.register("Ada")
    assert res.json()["account"]["name"] == "Ada" and "password" not in res.text
    cookies = {c.split("=", 1)[0]: c for c in res.headers.get_list("set-cookie")}
    session, csrf = cookies["sf_session"].lower(), cookies["sf_csrf"].lower()
    assert "httponly" in session and "samesite=lax" in session and "secure" not in session
    assert "httponly" not in csrf and "samesite=lax" in csrf
    assert ada.get("/api/account").json() == {"account": res.json()["account"]}
    assert Browser(site).get("/api/account").status_code == 401


def test_cookies_are_secure_over_tls(db_url: str, cheap_hashes: None) -> None:
    from soulforge.server import create_app

    with TestClient(create_app(db_url, ai_workers=0), base_url="https://testserver") as tls:
        res = tls.post("/api/account/register", json={"name": "Ada", "password": PASSWORD})
        assert all("secure" in c.lower() for c in res.headers.get_list("set-cookie"))


def test_a_name_is_unique_whatever_its_case(site: TestClient) -> None:
    Browser(site).register("Ada")
    again = Browser(site).post("/api/account/register", json={"name": "ADA", "password": PASSWORD})
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    short = Browser(site).post("/api/account/register", json={"name": "Bo", "password": "x" * 8})
    weak = Browser(site).post("/api/account/register", json={"name": "Bob", "password": "short"})
    assert short.status_code == weak.status_code == 422


def test_a_second_browser_signs_in_and_finds_the_game(site: TestClient) -> None:
    laptop, phone = Browser(site), Browser(site)
    laptop.register("Ada")
    made = laptop.post("/api/tables", json={"game": "tricks", "seats": TWO}).json()
    assert phone.sign_in("ada").status_code == 200
    seats = phone.get("/api/account/seats").json()
    assert [(s["table"], s["seat"]) for s in seats] == [(made["table"], 0)]
    assert "token" not in seats[0]  # the session acts for the seat (test_account_seat_secrets)
    assert phone.get(f"/api/tables/{made['table']}").json()["seats_held"] == [0]


def test_a_seat_taken_without_an_account_is_attached_later(site: TestClient) -> None:
    browser = Browser(site)
    made = create(site, seats=TWO)  # anonymous: no cookie
    browser.register("Ada")
    body = {"table": made["table"], "seat": 0, "token": token(made, 0)}
    assert browser.post("/api/account/seats", json=body).status_code == 204
    assert [s["seat"] for s in browser.get("/api/account/seats").json()] == [0]
    assert get(site, made["table"])["seats"][0]["account"] == "Ada"


def test_one_account_cannot_act_for_anothers_seat(site: TestClient) -> None:
    ada, bob = Browser(site), Browser(site)
    ada.register("Ada")
    bob.register("Bob")
    made = ada.post("/api/tables", json={"game": "tricks", "seats": TWO}).json()
    forged = {"table": made["table"], "seat": 0, "token": "forged"}
    assert bob.post("/api/account/seats", json=forged).status_code == 403
    invite_code = made["seats"][1]["invite"].split("invite=")[1]
    as_code = {"table": made["table"], "seat": 1, "token": invite_code}  # an invite is not a token
    assert bob.post("/api/account/seats", json=as_code).status_code == 403
    stolen = {"table": made["table"], "seat": 0, "token": made["seats"][0]["token"]}
    assert bob.post("/api/account/seats", json=stolen).status_code == 403  # it is Ada's
    assert bob.get("/api/account/seats").json() == []
    assert Browser(site).post("/api/account/seats", json=stolen).status_code == 401


def test_sign_out_and_sign_out_everywhere(site: TestClient) -> None:
    laptop, phone = Browser(site), Browser(site)
    laptop.register("Ada")
    phone.sign_in("Ada")
    assert laptop.post("/api/account/sign-out").status_code == 204
    assert laptop.get("/api/account").status_code == 401
    assert phone.get("/api/account").status_code == 200
    laptop.sign_in("Ada")
    assert phone.post("/api/account/sign-out-everywhere").status_code == 204
    assert phone.get("/api/account").status_code == 401
    assert laptop.get("/api/account").status_code == 401


# -- security ---------------------------------------------------------------------------

def test_a_request_with_the_cookie_but_without_the_csrf_token_is_refused(site: TestClient) -> None:
    ada = Browser(site)
    ada.register("Ada")
    forger = Browser(site, csrf=False)  # another site's form: the cookies go, the header cannot
    forger.cookies = ada.cookies
    for path, body in [("/api/account/sign-out-everywhere", None), ("/api/account/sign-out", None),
                       ("/api/tables", {"game": "tricks", "seats": TWO})]:
        res = forger.post(path, json=body)
        assert res.status_code == 403 and "X-CSRF-Token" in res.json()["detail"], path
    wrong = forger.post("/api/account/sign-out-everywhere", headers={"X-CSRF-Token": "guess"})
    assert wrong.status_code == 403
    other_site = ada.post("/api/account/sign-out-everywhere", headers={"Origin": "https://evil.example"})
    assert other_site.status_code == 403
    assert ada.get("/api/account").status_code == 200  # nothing was done
    assert ada.get("/api/account/seats").json() == []
    lost = Browser(site, csrf=False)  # its CSRF cookie lost: it may still sign in anew
    lost.cookies.set("sf_session", ada.cookies["sf_session"], domain="testserver.local")
    assert lost.sign_in("Ada").status_code == 200
    assert ada.get("/api/account").status_code == 200  # without the token, the old session stays
    cross = Browser(site).post("/api/account/sign-in", json={"name": "Ada", "password": PASSWORD},
                               headers={"Origin": "https://evil.example"})
    assert cross.status_code == 403  # no signing in from another site (login CSRF)


def test_a_session_id_planted_before_sign_in_is_never_used(site: TestClient) -> None:
    Browser(site).register("Ada")
    victim = Browser(site)
    victim.cookies.set("sf_session", "planted-by-attacker", domain="testserver.local")
    victim.cookies.set("sf_csrf", "planted", domain="testserver.local")
    res = victim.sign_in("Ada")
    assert res.status_code == 200
    new = next(c for c in res.headers.get_list("set-cookie") if c.startswith("sf_session="))
    assert "planted-by-attacker" not in new
    attacker = Browser(site)
    attacker.cookies.set("sf_session", "planted-by-attacker", domain="testserver.local")
    assert attacker.get("/api/account").status_code == 401
    again = Browser(site).sign_in("Ada")
    assert again.cookies["sf_session"] != res.cookies["sf_session"]  # a new id at every sign-in


def test_the_eleventh_wrong_password_in_a_minute_waits(site: TestClient) -> None:
    Browser(site).register("Ada")
    guesser = Browser(site)
    for n in range(SIGN_IN_FAILURES):
        assert guesser.sign_in("Ada", f"guess number {n}").status_code == 401
    refused = guesser.sign_in("Ada", PASSWORD)  # even the right one waits now
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "try again in" in refused.json()["detail"]


def test_failures_are_counted_per_address_too(site: TestClient) -> None:
    for n in range(SIGN_IN_FAILURES):
        assert Browser(site).sign_in(f"name{n}", "whatever it is").status_code == 401
    assert Browser(site).sign_in("someone else", "whatever it is").status_code == 429


def test_an_unknown_name_and_a_wrong_password_look_the_same(site: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    Browser(site).register("Ada")
    service: Accounts = site.app.state.accounts  # type: ignore[attr-defined]
    verified: list[str] = []

    class Spy(argon2.PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> Any:
            verified.append(str(hash))
            return super().verify(hash, password)

    monkeypatch.setattr(service, "hasher", Spy(time_cost=1, memory_cost=1024, parallelism=1))
    unknown = Browser(site).sign_in("Nobody", "wrong password")
    wrong = Browser(site).sign_in("Ada", "wrong password")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json() == {"detail": accounts.WRONG}
    assert len(verified) == 2 and verified[0] == service.dummy_hash != verified[1]  # the same work


def test_a_disabled_account_cannot_act(site: TestClient) -> None:
    ada = Browser(site)
    ada.register("Ada")
    service: Accounts = site.app.state.accounts  # type: ignore[attr-defined]
    made = create(site, seats=TWO)
    assert service.set_disabled("ada", True)
    assert ada.get("/api/account").status_code == 401  # its sessions ended
    assert ada.sign_in("Ada").status_code == 403
    body = {"table": made["table"], "seat": 0, "token": token(made, 0)}
    assert ada.post("/api/account/seats", json=body).status_code == 401
    assert service.set_disabled("ada", False)
    assert ada.sign_in("Ada").status_code == 200
    with service.storage.engine.begin() as conn:  # disabled while a session is open
        conn.execute(accounts.users_t.update().values(disabled=True))
    assert ada.post("/api/account/seats", json=body).status_code == 403
    assert ada.post("/api/tables", json={"game": "tricks", "seats": TWO}).status_code == 403


def test_passwords_are_never_logged_returned_or_stored(site: TestClient, db_url: str,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    secret = "my very secret pass"
    answers: list[Any] = []
    with caplog.at_level(logging.DEBUG):
        browser = Browser(site)
        answers.append(browser.post("/api/account/register", json={"name": "Ada", "password": secret}))
        answers.append(browser.sign_in("Ada", secret + "x"))
        answers.append(browser.sign_in("Ada", secret))
        answers += [browser.get("/api/account"), browser.get("/api/players/Ada"), browser.get("/u/Ada")]
        long = secret * 60  # past the field's bound: refused, and not echoed back
        answers.append(browser.post("/api/account/sign-in", json={"name": "Ada", "password": long}))
        assert answers[-1].status_code == 422
    for answer in answers:
        assert secret not in answer.text and "argon2" not in answer.text
    assert secret not in caplog.text
    service: Accounts = site.app.state.accounts  # type: ignore[attr-defined]
    with service.storage.engine.connect() as conn:
        stored = conn.execute(accounts.users_t.select()).mappings().all()
    assert [r["password_hash"].startswith("$argon2id$") for r in stored] == [True]
    assert all(secret not in str(dict(r)) for r in stored)
    assert all("password" not in str(u) for u in service.list_users())


def test_docs_limits_states_the_account_bounds_as_the_code_has_them() -> None:
    from pathlib import Path

    from soulforge.server import community, ratings, schemas

    page = (Path(__file__).parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    section = page.split("## Accounts", 1)[1]
    expected = [
        f"| {accounts.SIGN_IN_FAILURES} in {accounts.SIGN_IN_WINDOW:g} s | `SIGN_IN_FAILURES`",
        f"| {accounts.REGISTRATIONS} per {accounts.REGISTRATION_WINDOW / 60:g} minutes | `REGISTRATIONS`",
        f"| {accounts.NAME_MIN} to {accounts.NAME_MAX} characters",
        f"| {accounts.PASSWORD_MIN} to {accounts.PASSWORD_MAX} characters",
        f"{accounts.HASHING_AT_ONCE} hashes at once", f"| {accounts.SESSION_DAYS} days from sign-in",
        f"| {accounts.MAX_ACCOUNT_SEATS}, newest first | `MAX_ACCOUNT_SEATS`",
        f"| {community.MAX_PLAYER_GAMES}, newest first | `community.MAX_PLAYER_GAMES`",
        f"| {ratings.MAX_HISTORY:,} | `ratings.MAX_HISTORY`",
        f"within {community.DISABLED_REFRESH:g} s",
    ]
    assert [text for text in expected if text not in section] == []
    assert f"| turn of a turn-based table | 1 to {schemas.MAX_TURN_HOURS} hours" in page
    hasher = accounts.HASHER
    assert (hasher.time_cost, hasher.memory_cost, hasher.parallelism) == (3, 65536, 4)


def test_a_disabled_accounts_seat_cannot_act(site: TestClient) -> None:
    ada = Browser(site)
    ada.register("Ada")
    made = ada.post("/api/tables", json={"game": "tricks", "seats": TWO}).json()
    table, ada_token = made["table"], made["seats"][0]["token"]
    assert get(site, table)["seats"][0]["name"] == "Ada"  # the account's name, none given
    service: Accounts = site.app.state.accounts  # type: ignore[attr-defined]
    first = get(site, table, ada_token)["legal"][0]["action"]
    assert service.set_disabled("Ada", True)
    refused = site.post(f"/api/tables/{table}/actions", headers={"X-Seat-Token": ada_token},
                        json={"move": 0, "action": first})
    assert refused.status_code == 403 and "disabled" in refused.json()["detail"]
    assert service.set_disabled("Ada", False)
    moved = site.post(f"/api/tables/{table}/actions", headers={"X-Seat-Token": ada_token},
                      json={"move": 0, "action": first})
    assert moved.status_code == 200, moved.text


def test_the_dummy_hash_has_the_servers_own_parameters() -> None:
    """An unknown name costs what a wrong password costs: the stored dummy is a hash of the
    default hasher's parameters (nobody knows its password)."""
    assert not accounts.HASHER.check_needs_rehash(accounts.DUMMY_HASH)
