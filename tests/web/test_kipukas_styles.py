"""Kipukas play styles at the web table (#playstyleoptions): tables made from the lobby's
new-table form, the style chosen by its name in words, played by clicks (or taps) against the
AI to their end; the board shows the style's state and the page the style's outcome."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from soulforge.games.kipukas.styles import SPACE
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
        move = click_something(page, rng)
        page.wait_for_function(f"Number(document.body.dataset.move) > {move}", timeout=TIMEOUT)
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
        move = click_something(page, rng, touch=True)
        page.wait_for_function(f"Number(document.body.dataset.move) > {move}", timeout=TIMEOUT)
    state = live_state(server, table)
    secret = state.mark[SPACE]
    assert state.is_over and len(pages) > 3 and secret > 0
    assert not [seen for seen in pages if f"the referee's space is territory {secret}" in seen]
    revealed = page.locator("#board").inner_html()
    assert f"Find the treasure: the referee's space is territory {secret}" in revealed
    assert state.finished_by in page.locator("body").inner_text()
    assert "the referee's secret space" in state.finished_by  # seed 5: seat 0 claims it
    context.close()
