"""The Kipukas binder on a phone (390x844, touch) in Chromium (issue 33): the binder's search,
a card page's damage tracker (kept across a reload, in the browser and with an account; Final
Blows once every KEAL means is marked; reset from the toolbar), the recipe lookup, and rules
help at a table."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from soulforge.server.binder import Question, ask
from tests.server.support import ServerThread
from tests.web.test_accessibility import Audit
from tests.web.test_browser import create

pytestmark = pytest.mark.browser
WIDTH, HEIGHT = 390, 844
TIMEOUT = 20_000
CARD = "liliel_healing_fairy"  # two KEAL means, one box each


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    yield context
    context.close()


TAP = 44
"""The smallest tappable size, in CSS px (as ``test_phone.py``)."""
SMALL = """() => [...document.querySelectorAll('main button, main select, main input:not([type=hidden])')]
  .filter((n) => n.getBoundingClientRect().width > 0)
  .map((n) => [n.name || n.id || n.textContent.trim(), n.getBoundingClientRect().width,
               n.getBoundingClientRect().height])
  .filter(([, w, h]) => Math.min(w, h) < 43.99)"""


def no_sideways_scroll(page: Any) -> None:
    """Nothing is wider than the phone, and every control is a finger's size."""
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.evaluate(SMALL) == []


def test_the_binder_finds_a_card_by_its_filters_and_its_code(phone: Any, server: ServerThread) -> None:
    page = phone.new_page()
    page.goto(server.url + "/kipukas/cards")
    assert page.locator("li.binder-card").count() == 56
    no_sideways_scroll(page)
    page.select_option("select[name=type]", "character")
    page.select_option("select[name=motive]", "Duty")
    page.fill("input[name=q]", "heal")
    page.locator("form.binder-search button[type=submit]").tap()
    page.wait_for_url("**/kipukas/cards?*")
    names = page.locator("li.binder-card a").all_inner_texts()
    assert "Liliel: Healing Fairy" in names and len(names) < 56
    page.locator("li.binder-card a", has_text="Liliel").tap()
    page.wait_for_url(f"**/kipukas/cards/{CARD}")
    page.goto(server.url + "/kipukas/cards")
    page.fill("input[name=code]", "H8wj")
    page.locator("form.code-form button").tap()
    page.wait_for_url(f"**/kipukas/cards/{CARD}")
    assert page.locator("h1").inner_text() == "Liliel: Healing Fairy"


def test_the_damage_tracker_keeps_marks_and_shows_the_final_blows(phone: Any, server: ServerThread) -> None:
    page = phone.new_page()
    page.goto(server.url + f"/kipukas/cards/{CARD}")
    boxes = page.locator("#tracker input.injury")
    assert boxes.count() == 2 and page.locator("#final-blows").is_hidden()
    no_sideways_scroll(page)
    boxes.nth(0).tap()
    page.reload()
    assert boxes.nth(0).is_checked() and not boxes.nth(1).is_checked()
    assert page.locator("#final-blows").is_hidden()
    boxes.nth(1).tap()  # every KEAL means marked: the soul is downed (#ADRH)
    assert page.locator("#final-blows").is_visible()
    page.reload()
    assert page.locator("#final-blows").is_visible() and "Duty" in page.locator("#final-blows").inner_text()
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#reset-damage").tap()
    page.wait_for_function("!document.querySelector('#tracker input.injury').checked", timeout=TIMEOUT)
    page.reload()
    assert not boxes.nth(0).is_checked() and page.locator("#final-blows").is_hidden()


def test_a_signed_in_players_marks_follow_them_to_another_phone(browser: Any, server: ServerThread) -> None:
    first = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = first.new_page()
    page.goto(server.url + f"/kipukas/cards/{CARD}")
    registered = page.evaluate("""async () => (await fetch('/api/account/register', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({name: 'Ada', password: 'correct horse battery'})})).status""")
    assert registered == 201
    page.reload()
    with page.expect_response(lambda r: "/api/kipukas/damage/" in r.url and r.request.method == "PUT") as put:
        page.locator("#tracker input.injury").nth(1).tap()
    assert put.value.status == 200
    first.close()
    second = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    other = second.new_page()
    other.goto(server.url + f"/kipukas/cards/{CARD}")
    assert not other.locator("#tracker input.injury").nth(1).is_checked(), "a new phone starts empty"
    other.evaluate("""async () => fetch('/api/account/sign-in', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({name: 'Ada', password: 'correct horse battery'})})""")
    other.reload()
    other.wait_for_function("document.querySelectorAll('#tracker input.injury')[1].checked", timeout=TIMEOUT)
    second.close()


def test_the_recipe_lookup_on_a_phone(phone: Any, server: ServerThread) -> None:
    page = phone.new_page()
    page.goto(server.url + "/kipukas/recipes")
    assert page.locator("li.recipe").count() == 25
    no_sideways_scroll(page)
    page.locator("input[name=item][value=honey]").tap()
    page.locator("input[name=item][value=sticks]").tap()
    page.locator("form.binder-search button[type=submit]").tap()
    page.wait_for_url("**/kipukas/recipes?*")
    names = page.locator("li.recipe strong").all_inner_texts()
    assert "Torch" in names and "Sticky stick fingers?" in names and len(names) == 4


def _position_with_a_refusal(srv: ServerThread, table: str, tok: str) -> None:
    """Play seat 0's first legal action until the engine refuses seat 0 something it may ask about."""
    live = srv.app.state.service.live
    for _ in range(200):
        deadline = time.monotonic() + TIMEOUT / 1000
        while live[table].state.current_player != 0 and time.monotonic() < deadline:
            time.sleep(0.02)  # the AI's move
        state = live[table].state
        answers = ask(state, 0, Question(action=None, text="", card=""), {"x": "x"}, "probe")["answers"]
        if any(not a["allowed"] for a in answers):
            return
        body = {"move": state.move_number, "action": state.legal_actions()[0].to_json()}
        res = httpx.post(f"{srv.url}/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": tok})
        assert res.status_code == 200, res.text
    pytest.fail("no refusal came up")


def test_rules_help_at_a_table_answers_with_the_engines_refusal(phone: Any, server: ServerThread) -> None:
    created = create(server, game="kipukas", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
    table, tok = created["table"], created["seats"][0]["token"]
    _position_with_a_refusal(server, table, tok)
    page = phone.new_page()
    page.goto(server.url + f"/kipukas/cards/{CARD}")
    page.evaluate(f"localStorage.setItem('soulforge:{table}', JSON.stringify({{'0': '{tok}'}}))")
    page.reload()  # the card page offers the tables this browser holds a seat at
    page.locator("#my-tables a", has_text=table).tap()
    page.wait_for_url(f"**/t/{table}/why?card={CARD}")
    page.goto(server.url + f"/t/{table}/why")
    page.locator("#why-form button").tap()
    page.wait_for_selector("#answers li", timeout=TIMEOUT)
    assert page.locator("#why-seat").inner_text() == "Asked as seat 0."
    refused = page.locator("#answers li.refused")
    assert refused.count() >= 1
    link = refused.locator("a.rule").first
    assert (link.get_attribute("href") or "").startswith("/rules/kipukas#")
    no_sideways_scroll(page)


def test_the_binders_pages_have_no_serious_accessibility_violation(phone: Any, server: ServerThread) -> None:
    created = create(server, game="kipukas", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
    page = phone.new_page()
    audit = Audit()
    for path in ("/kipukas/cards?type=species", f"/kipukas/cards/{CARD}", "/kipukas/recipes?item=honey",
                 f"/t/{created['table']}/why", "/kipukas/c/unknown"):
        page.goto(server.url + path)
        if path.endswith(CARD):
            page.locator("#tracker input.injury").nth(0).tap()
            page.locator("#tracker input.injury").nth(1).tap()  # the Final Blows shown
        audit(page)
    audit.assert_clean()
