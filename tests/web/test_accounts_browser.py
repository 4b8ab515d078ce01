"""Issue 34 in the browser: register, sign in on a second browser and find one's game, sign
out everywhere; a rated game between two browsers updates both ratings by the library's
numbers, shown at the table; a player's page lists the game with its replay link."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce

from soulforge.server import accounts, create_app
from tests.server.browsers import CHEAP, PASSWORD
from tests.server.support import ServerThread
from tests.web.test_browser import TIMEOUT, click_something, live_state, wait_turn

pytestmark = pytest.mark.browser
TWO = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def server(db_path: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerThread]:
    monkeypatch.setattr(accounts, "HASHER", CHEAP)
    with ServerThread(create_app(db_path, ai_workers=0)) as srv:
        yield srv


def sign_in(page: Any, url: str, name: str, register: bool = False) -> None:
    """Use the lobby's account form; the page reloads signed in (the header names the account)."""
    page.goto(url + "/")
    page.wait_for_selector("#sign-in form", timeout=TIMEOUT)
    page.fill("#sign-in input[name=name]", name)
    page.fill("#sign-in input[name=password]", PASSWORD)
    page.click("#sign-in button" + (":text('Register')" if register else "[type=submit]"))
    page.wait_for_function(f"document.getElementById('account').innerText.includes({name!r})",
                           timeout=TIMEOUT)


def fetch_json(page: Any, path: str, body: dict[str, Any] | None = None) -> Any:
    """A request made by the page's own script (its CSRF header added by account.js)."""
    script = ("async ([path, body]) => { const res = await fetch(path, body === null ? {} : {method: 'POST', "
              "headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)}); "
              "return {status: res.status, data: await res.json().catch(() => null)}; }")
    return page.evaluate(script, [path, body])


def test_sign_in_on_a_second_browser_finds_the_game_and_sign_out_everywhere(
        browser: Any, server: ServerThread) -> None:
    laptop = browser.new_context().new_page()
    sign_in(laptop, server.url, "Ada", register=True)
    made = fetch_json(laptop, "/api/tables", {"game": "tricks", "seats": TWO})
    assert made["status"] == 201
    table = made["data"]["table"]
    phone = browser.new_context().new_page()
    sign_in(phone, server.url, "Ada")
    phone.goto(f"{server.url}/t/{table}")  # no token in this browser: the account brings it
    phone.wait_for_function("document.getElementById('seats')?.innerText.includes('Seat 0 · Ada (you)')",
                            timeout=TIMEOUT)
    assert "Ada" in phone.locator("#seats").inner_text()
    kept = phone.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('soulforge:'))")
    assert [k for k in kept if k != "soulforge:name"] == []
    wait_turn(phone)  # the phone plays with its session alone: no token came to it
    move = click_something(phone, random.Random(2)).move
    assert live_state(server, table).move_number > move
    phone.click("#account button:text('Sign out everywhere')")
    phone.wait_for_selector("#account a:text('Sign in')", timeout=TIMEOUT)
    assert fetch_json(laptop, "/api/account")["status"] == 401
    phone.goto(f"{server.url}/t/{table}")  # signed out: a spectator of the table
    phone.wait_for_function("document.getElementById('seats')?.innerText.includes('Seat 0')", timeout=TIMEOUT)
    assert "(you)" not in phone.locator("#seats").inner_text()


def test_a_rated_game_between_two_browsers_updates_both_ratings(browser: Any, server: ServerThread) -> None:
    ada, bob = browser.new_context().new_page(), browser.new_context().new_page()
    sign_in(ada, server.url, "Ada", register=True)
    sign_in(bob, server.url, "Bob", register=True)
    made = fetch_json(ada, "/api/tables", {"game": "tricks", "seats": TWO, "rated": True})
    assert made["status"] == 201, made
    table = made["data"]["table"]
    ada.goto(f"{server.url}/t/{table}")  # her seat came with the account
    bob.goto(made["data"]["seats"][1]["invite"])
    seated = "document.getElementById('seats')?.innerText.includes('(you)')"
    for page in (ada, bob):
        page.wait_for_function(seated, timeout=TIMEOUT)
    rng = random.Random(3)
    while not live_state(server, table).is_over:
        actor = (ada, bob)[live_state(server, table).current_player]
        if wait_turn(actor) == "over":
            break
        click_something(actor, rng)
    returns = live_state(server, table).returns()
    model = PlackettLuce()
    ranks = [1.0 + sum(o > r for o in returns) for r in returns]
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    for name, team in zip(["Ada", "Bob"], expected, strict=True):
        got = httpx.get(f"{server.url}/api/players/{name}").json()["ratings"]["tricks"]
        assert got["mu"] == pytest.approx(team[0].mu) and got["sigma"] == pytest.approx(team[0].sigma)
    shown = f"rating {round(expected[0][0].ordinal(), 1)}"
    ada.wait_for_function(f"document.getElementById('seats')?.innerText.includes({shown!r})", timeout=TIMEOUT)
    ada.goto(f"{server.url}/u/Ada")
    assert ada.locator(f"a[href='/t/{table}/replay']").count() == 1
    assert ada.locator("svg.rating-plot").count() == 1


def your_turn_lists(page: Any, url: str, table: str) -> bool:
    """Open the lobby: does its "Your turn" list link to ``table``? (And the tab's title.)"""
    page.goto(url + "/")
    page.wait_for_selector("#your-turn", state="attached", timeout=TIMEOUT)
    listed: bool = page.locator(f"#your-turn a[href='/t/{table}']").count() == 1
    assert listed == page.title().startswith("(1) Your turn")
    return listed


def test_a_turn_based_game_over_a_restart_with_a_your_turn_list(browser: Any, db_path: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "HASHER", CHEAP)
    srv = ServerThread(create_app(db_path, ai_workers=0)).__enter__()
    ada, bob = browser.new_context().new_page(), browser.new_context().new_page()
    try:
        sign_in(ada, srv.url, "Ada", register=True)
        sign_in(bob, srv.url, "Bob", register=True)
        made = fetch_json(ada, "/api/tables", {"game": "tricks", "seats": TWO, "turn_hours": 24})
        table = made["data"]["table"]
        bob.goto(made["data"]["seats"][1]["invite"])
        bob.wait_for_function("document.getElementById('seats')?.innerText.includes('(you)')",
                              timeout=TIMEOUT)
        assert your_turn_lists(ada, srv.url, table) and not your_turn_lists(bob, srv.url, table)
        ada.goto(f"{srv.url}/t/{table}")
        rng = random.Random(5)
        while live_state(srv, table).current_player == 0:
            wait_turn(ada)
            assert ada.title().startswith("(Your turn)")
            click_something(ada, rng)
        ada.wait_for_function("document.body.dataset.turn === 'other'", timeout=TIMEOUT)
        assert not ada.title().startswith("(Your turn)")
    finally:
        srv.__exit__(None, None, None)
    again = ServerThread(create_app(db_path, ai_workers=0), port=srv.port).__enter__()
    try:
        assert your_turn_lists(bob, again.url, table) and not your_turn_lists(ada, again.url, table)
        bob.click(f"#your-turn a[href='/t/{table}']")
        wait_turn(bob)
        click_something(bob, random.Random(6))
        state = live_state(again, table)
        if not state.is_over and state.current_player == 0:
            assert your_turn_lists(ada, again.url, table)
    finally:
        again.__exit__(None, None, None)
