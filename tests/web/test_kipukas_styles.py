"""Kipukas play styles at the web table (#playstyleoptions): tables made from the lobby's
new-table form, the style chosen by its name in words, played by clicks (or taps) against the
AI to their end; the board shows the style's state and the page the style's outcome."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.styles import SPACE, STYLES
from soulforge.games.kipukas.styles.captive import Captive
from soulforge.games.kipukas.styles.referee import Referee
from tests.server.support import ServerThread
from tests.web.test_browser import TIMEOUT, click_something, live_state, wait_turn

pytestmark = pytest.mark.browser


def test_king_of_the_hill_from_the_lobby_form_played_to_its_end(browser: Any, server: ServerThread) -> None:
    """A short game: the hill held for one diel cycle wins, the peace bound is 8 (about 6 s)."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server.url + "/")
    form = page.locator("#game-kipukas form")
    form.locator("select[name=seat1]").select_option("ai:random")
    form.locator("select[name='opt:style']").select_option(label="King of the hill")
    form.locator("input[name='opt:hill_cycles']").fill("1")
    form.locator("input[name='opt:peace_after']").fill("8")
    form.locator("input[name=seed]").fill("4")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/\w+$"), timeout=TIMEOUT)
    table = page.url.rsplit("/", 1)[1]
    state = live_state(server, table)
    assert state.game.settings["style"] == "king_of_the_hill" and state.game.settings["hill_cycles"] == 1
    rng, seen_hill = random.Random(5), False
    while wait_turn(page) == "mine":
        board = page.locator("#board").inner_html()  # the diel panel's title says the hill's state
        seen_hill = seen_hill or "King of the hill: the hill is territory" in board
        click_something(page, rng)
    state = live_state(server, table)
    assert state.is_over and seen_hill
    assert "the hill" in state.finished_by  # seed 4: "Seat 0 wins: it held the hill, territory 6, ..."
    assert page.locator("#over").is_visible()
    shown = page.locator("body").inner_text()
    assert state.finished_by in shown, shown[-800:]
    page.close()


def test_find_the_treasure_on_a_phone_keeps_the_space_secret_until_the_end(
    browser: Any, server: ServerThread
) -> None:
    """Find the treasure on a phone, by taps: while the game runs the board says the referee's
    space is secret (and the page never names it); once over, the board names it and the page
    says who claimed it. Peace bound 10 diel cycles (about 5 s)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + "/")
    form = page.locator("#game-kipukas form")
    form.locator("select[name=seat1]").select_option("ai:random")
    form.locator("select[name='opt:style']").select_option(label="Find the treasure")
    form.locator("input[name='opt:peace_after']").fill("10")
    form.locator("input[name=seed]").fill("5")
    form.locator("button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/t/\w+$"), timeout=TIMEOUT)
    table = page.url.rsplit("/", 1)[1]
    rng, pages = random.Random(5), []
    while wait_turn(page) == "mine":
        assert "Find the treasure: the referee's space is secret" in page.locator("#board").inner_html()
        pages.append(page.content())  # the space is drawn as the setup ends: looked for below
        click_something(page, rng, touch=True)
    state = live_state(server, table)
    secret = state.mark[SPACE]
    assert state.is_over and len(pages) > 3 and secret > 0
    assert not [seen for seen in pages if f"the referee's space is territory {secret}" in seen]
    revealed = page.locator("#board").inner_html()
    assert f"Find the treasure: the referee's space is territory {secret}" in revealed
    assert state.finished_by in page.locator("body").inner_text()
    assert "the referee's secret space" in state.finished_by  # seed 5: seat 0 claims it
    context.close()


CASES: dict[str, tuple[dict[str, str], int, str]] = {
    "domination": ({}, 1, "the peace"),
    "mass_conflict": ({"map": "grand"}, 1, "(seats "),
    "band_together": ({}, 1, "the autonomous party"),
    "king_of_the_hill": ({"hill_cycles": "1"}, 4, "diel cycles on the hill"),
    "captive": ({}, 1, "territories"),
    "body_count": ({"card_limit": "10"}, 1, "souls defeated"),
    "ends_justify_means": ({}, 1, "territory gained per soul lost"),
    "cost_too_great": ({"defeat_limit": "1"}, 1, "the last seat standing"),
    "coastal_war": ({}, 1, "coastline"),
    "the_hunt": ({}, 1, "hunt bonus"),
    "find_the_treasure": ({}, 5, "the referee's secret space"),
    "explorer": ({}, 1, "the referee's goal"),
    "trap_springer": ({}, 1, "the referee's goal"),
    "off_to_the_rescue": ({}, 1, "the referee's goal"),
    "cradle_robber": ({}, 1, "the referee's goal"),
}
"""Per style: its own options beyond the short bounds every case sets (peace after 6 diel
cycles, fixed-length styles 3 cycles), the table's seed, and words of the outcome that seed
gives (the style's own judgement, or the peace bound's where the goal rarely comes so soon)."""

PLAYERS = {"mass_conflict": 3}
"""Seats per style where it is not two (Mass conflict is for 3-4 players)."""


def test_every_style_has_a_browser_case() -> None:
    assert set(CASES) == set(STYLES)


def set_option(form: Any, name: str, value: str) -> None:
    """Fill a lobby form's field, be it a select or an input."""
    field = form.locator(f"[name='{name}']")
    if field.evaluate("el => el.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
    field.dispatch_event("change")


def hidden_words(state: Any, name: str) -> list[str]:
    """What the page of seat 0 must not show while the game runs: the referee's space, or the
    captive soul seat 1 holds unrevealed (its card's name, when no other copy shows it)."""
    if isinstance(STYLES[name], Referee) and state.mark[SPACE] > 0:
        return [f"the referee's space is territory {state.mark[SPACE]}"]
    style = STYLES[name]
    if isinstance(style, Captive) and state.mark[0] < 0:  # seat 0's soul, held by seat 1
        soul = str(style.captive_of(state.decklists, 0))
        if state.decklists[0].count(soul) == 1:  # no copy of seat 0's own may name it
            return [CARDS[soul].name]
    return []


@pytest.mark.parametrize("name", list(CASES))
def test_a_style_is_played_to_its_end_in_the_browser(name: str, browser: Any, server: ServerThread) -> None:
    """The table made from the lobby form with the style's name in words, played by clicks
    against the random AI to the style's end; no page before the end shows what the style
    hides from seat 0, and the page shows the style's outcome."""
    options, seed, outcome = CASES[name]
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server.url + "/")
    form = page.locator("#game-kipukas form")
    players = PLAYERS.get(name, 2)
    set_option(form, "players", str(players))
    for seat in range(1, players):
        form.locator(f"select[name=seat{seat}]").select_option("ai:random")
    form.locator("select[name='opt:style']").select_option(label=STYLES[name].title)
    for option, value in {"peace_after": "6", "style_cycles": "3", **options}.items():
        set_option(form, f"opt:{option}", value)
    form.locator("input[name=seed]").fill(str(seed))
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/\w+$"), timeout=TIMEOUT)
    table = page.url.rsplit("/", 1)[1]
    state = live_state(server, table)
    assert state.game.settings["style"] == name and state.num_players == players
    rng, pages = random.Random(seed), []
    while wait_turn(page) == "mine":
        pages.append((page.content(), hidden_words(live_state(server, table), name)))
        click_something(page, rng)
    state = live_state(server, table)
    assert state.is_over and pages
    assert not [word for content, words in pages for word in words if word in content]
    assert page.locator("#over").is_visible()
    assert state.finished_by in page.locator("body").inner_text()
    assert outcome in state.finished_by
    page.close()
