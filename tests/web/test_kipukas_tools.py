"""The Kipukas binder's tools on phones (issue 33 "The binder": "a browser test on a phone
viewport, including the two-phone fists tool"): the fists tool (#fists_tool) and the affinity,
loyalty and taming progress page (#affinity).

Each phone is its own browser context at 390x844 with touch: one creates a room as the
attacker, the other joins it by code as the defender; each chooses in secret; the defender's
page shows nothing of the attacker's choice until both have chosen, then both pages show the
same result. Every control is a 44 px target (a radio button: its label) and nothing is wider
than the screen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.support import ServerThread

pytestmark = pytest.mark.browser
WIDTH, HEIGHT = 390, 844
TAP = 44
WAIT_MS = 10_000
"""A hang guard for each wait, not a timing assertion."""

MEASURE = """() => {
  const shown = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const targets = "#fists button, #fists select, #fists input:not([type=radio]), #fists .modes label";
  const small = [...document.querySelectorAll(targets)].filter(shown).map((n) => {
    const r = n.getBoundingClientRect(); return [n.id || n.name || n.textContent.trim(), r.width, r.height];
  }).filter(([, w, h]) => Math.min(w, h) < 44 - 0.01);
  return {small, width: document.documentElement.scrollWidth};
}"""


def phone(browser: Any, url: str) -> Any:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(url + "/kipukas/fists")
    return page


def fits(page: Any) -> None:
    measured = page.evaluate(MEASURE)
    assert measured["small"] == [], f"targets under {TAP} px: {measured['small']}"
    assert measured["width"] <= WIDTH, f"the page is {measured['width']} px wide"


def test_local_mode_shows_each_pair_and_the_total(browser: Any, server: ServerThread) -> None:
    page = phone(browser, server.url)
    fits(page)
    side = 'fieldset[data-side="{}"] select[name="archetype"][data-i="{}"]'
    for i, kind in enumerate(("Cenozoic", "Decrepit", "Angelic")):
        page.select_option(side.format("attacker", i), kind)
    for i, kind in enumerate(("Decrepit", "Angelic", "Brutal")):
        page.select_option(side.format("defender", i), kind)
    page.tap("#fists-go")
    page.wait_for_selector("#fists-total", timeout=WAIT_MS)
    assert page.inner_text("#fists-total") == "Attack -13", "the rulebook's example (#materials)"
    assert page.locator(".fists-pairs tbody tr").count() == 9
    attacker = 'fieldset[data-side="attacker"]'
    page.select_option(f'{attacker} select[name="card"]', "tira_marvelous_myriad")
    page.select_option(f'{attacker} select[name="means"]', "1")  # Tools at Hand
    assert [page.input_value(side.format("attacker", i)) for i in range(3)] == ["Cenozoic", "Mechanical", ""]
    page.tap('input[name="mode"][value="final"]')
    page.select_option('fieldset[data-side="attacker"] select[name="card"]', "tira_marvelous_myriad")
    assert page.input_value('fieldset[data-side="attacker"] select[name="gene"]') == "Mechanical"
    page.tap("#fists-go")
    page.wait_for_function("document.querySelector('#fists-total').textContent.includes('defence')",
                           timeout=WAIT_MS)
    fits(page)
    page.context.close()


def test_two_phones_choose_in_secret_and_see_the_same_reveal(browser: Any, server: ServerThread) -> None:
    attacker, defender = phone(browser, server.url), phone(browser, server.url)
    attacker.select_option("#room-side", "attacker")
    attacker.tap("#room-create")
    attacker.wait_for_function("document.getElementById('room-status').textContent.includes('Room ')",
                               timeout=WAIT_MS)
    code = attacker.input_value("#room-code")
    assert len(code) == 6
    defender.fill("#room-code", code)
    defender.select_option("#room-side", "defender")
    defender.tap("#room-join")
    attacker.wait_for_function(
        "document.getElementById('room-status').textContent.includes('defender is here')", timeout=WAIT_MS)
    assert not attacker.locator('fieldset[data-side="defender"]').is_visible(), "each phone: its own side"
    assert not defender.locator('fieldset[data-side="attacker"]').is_visible()
    fits(attacker)
    fits(defender)

    means = 'fieldset[data-side="attacker"] select[name="archetype"][data-i="{}"]'
    attacker.select_option(means.format(0), "Telekinetic")
    attacker.select_option(means.format(1), "Glitch")
    attacker.tap("#fists-go")
    defender.wait_for_function(
        "document.getElementById('room-status').textContent.includes('attacker is here and has chosen')",
        timeout=WAIT_MS)
    assert defender.inner_text("#fists-result") == "", "nothing of the attacker's choice before both chose"

    defender.select_option('fieldset[data-side="defender"] select[name="archetype"][data-i="0"]', "Avian")
    defender.tap("#fists-go")
    for page in (attacker, defender):
        page.wait_for_selector("#fists-total", timeout=WAIT_MS)
    assert attacker.inner_text("#fists-result") == defender.inner_text("#fists-result")
    assert "Attacker: Telekinetic, Glitch" in defender.inner_text("#fists-result")
    assert defender.locator(".fists-pairs tbody tr").count() == 2
    attacker.context.close()
    defender.context.close()


def test_affinity_progress_is_kept_in_the_phones_browser(browser: Any, server: ServerThread) -> None:
    """#affinity, without an account: the record lives in the browser's localStorage (a reload
    keeps it); a second declaration the same day counts nothing; loyalty grows per card."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + "/kipukas/progress")
    page.wait_for_selector("#species tbody tr", timeout=WAIT_MS)
    page.select_option('#declare select[name="archetype"]', "Avian")
    page.tap("#declare button")
    page.wait_for_function("document.getElementById('affinity-levels').textContent === 'Avian: 1'",
                           timeout=WAIT_MS)
    page.tap("#declare button")
    page.wait_for_function(
        "document.getElementById('progress-news').textContent === 'Already counted today.'", timeout=WAIT_MS)
    page.select_option('#fought select[name="card"]', "hilbert_king_of_avian_frogs")
    page.tap("#fought button")
    page.wait_for_function("document.getElementById('loyalty').textContent.includes(': 1')", timeout=WAIT_MS)
    page.reload()
    page.wait_for_function("document.getElementById('affinity-levels').textContent === 'Avian: 1'",
                           timeout=WAIT_MS)
    assert "The Avian are your crux" in page.inner_text("#crux")
    assert "Kept in this browser" in page.inner_text("#progress-where")
    measured = page.evaluate(MEASURE.replace("#fists", "#progress"))
    assert measured["small"] == [] and measured["width"] <= WIDTH, measured
    context.close()


def test_a_finished_game_at_this_site_grows_the_browsers_record(browser: Any, server: ServerThread) -> None:
    """The progress page counts a finished Kipukas table by its link, with the seat token the
    table page keeps in this browser (``soulforge:<table>``): the crux declared in the game."""
    import httpx

    with httpx.Client(base_url=server.url, timeout=30) as http:
        made = http.post("/api/tables", json={"game": "kipukas", "hot_seat": True, "seed": 4,
                                              "seats": [{"kind": "human"}, {"kind": "human"}],
                                              "options": {"peace_after": 3}}).json()
        tid, tokens = made["table"], {str(s["seat"]): s["token"] for s in made["seats"]}
        both = ",".join(tokens.values())
        data = http.get(f"/api/tables/{tid}?svg=false", headers={"X-Seat-Token": both}).json()
        while not data["is_over"]:
            data = http.post(f"/api/tables/{tid}/actions?svg=false", headers={"X-Seat-Token": both},
                             json={"move": data["move"], "action": data["legal"][0]["action"]}).json()
        crux = data["view"]["players"][0]["affinity"]
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + "/kipukas/progress")
    page.evaluate("([key, held]) => localStorage.setItem(key, held)",
                  [f"soulforge:{tid}", json.dumps({"0": tokens["0"]})])
    page.fill('#from-table input[name="table"]', f"{server.url}/t/{tid}")
    page.tap("#from-table button")
    page.wait_for_function(f"document.getElementById('affinity-levels').textContent === '{crux}: 1'",
                           timeout=WAIT_MS)
    assert f"affinity for {crux} is now 1" in page.inner_text("#progress-news")
    context.close()
