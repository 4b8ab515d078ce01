"""A Kipukas play style at the web table (#playstyleoptions): a table made from the lobby's
new-table form with King of the hill, chosen by its name in words, played by clicks against the
AI to its end; the board shows the hill's state and the page the style's outcome. A short game:
the hill held for one diel cycle wins, the peace bound is 8 diel cycles (about 6 s)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.server.support import ServerThread
from tests.web.test_browser import TIMEOUT, click_something, live_state, wait_turn

pytestmark = pytest.mark.browser


def test_king_of_the_hill_from_the_lobby_form_played_to_its_end(browser: Any, server: ServerThread) -> None:
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
