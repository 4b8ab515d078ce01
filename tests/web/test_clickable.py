"""Every element the board outlines can be clicked where it is drawn: nothing lies on it.

Playwright refused two clicks of whole games (helper web50's seed search), so a person could
not make them either. Soulshards: a Keep of 11 cards ran past the board's 900 units, and the
11th card, clipped at the board's edge, had the side panel at its centre. Soulgivers: Souls on
one cell were drawn on one spot, each with the cell as its hit area, so only the last of them
could be clicked.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.registered import GAMES
from tests.server.support import ServerThread
from tests.web.test_browser import click_something, create, live_state, wait_turn

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1400, "height": 950}

COVERED = """() => {
  // Each outlined element, scrolled into view, as a click at its centre would find it.
  const covered = [];
  for (const node of document.querySelectorAll("#board [data-handle].can")) {
    node.scrollIntoView({block: "center", inline: "center"});
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit === null || !node.contains(hit)) {
      const over = hit === null ? "nothing" : hit.closest("[data-handle]")?.dataset.handle ?? hit.tagName;
      covered.push(`${node.dataset.handle} under ${over}`);
    }
  }
  return covered;
}"""
"""The outlined elements a click at their centre misses, each with what it finds instead."""

OFFER_ALL = """(svg) => {
  // The board as the page shows it, with every element of the kinds given outlined.
  document.getElementById("board").innerHTML = svg;
  for (const node of document.querySelectorAll("#board [data-handle]")) node.classList.add("can");
}"""


def covered(page: Any) -> list[str]:
    """The outlined elements of the page's board that a click at their centre would miss."""
    found: list[str] = page.evaluate(COVERED)
    return found


def open_table(browser: Any, server: ServerThread, game_id: str, seed: int) -> tuple[Any, str]:
    """A table of ``game_id`` against the random AI, open at seat 0 on a desktop screen."""
    seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
    made = create(server, game=game_id, seats=seats, seed=seed)
    page = browser.new_page(viewport=DESKTOP)
    page.goto(made["seats"][0]["link"])
    wait_turn(page)
    return page, made["table"]


def show_with_all_offered(page: Any, svg: str) -> None:
    """Draw ``svg`` on the page's board and outline every element of it that has a handle."""
    page.evaluate(OFFER_ALL, svg)


def test_a_long_keep_stays_on_the_board_and_every_card_clicks(browser: Any, server: ServerThread) -> None:
    from soulforge.games.soulshards import render_svg

    page, table = open_table(browser, server, "soulshards", seed=1)
    view = live_state(server, table).view(0)
    unit = {"card": "Shade Stalker", "type": "character", "martial": 3, "elude": 2, "endure": 4, "trait": 2,
            "prepared": False, "keywords": ["stealth"], "text": "A card.", "fatigue": 1,
            "attached": ["Scout's Cloak"]}
    for seat, count in ((0, 11), (1, 19)):  # 19: past what fits even at a finger's width
        view["players"][seat]["keep"] = [{**unit, "spot": f"{seat}k{i}"} for i in range(count)]
    show_with_all_offered(page, render_svg.render(view, []))
    assert covered(page) == []
    page.close()


def test_souls_on_one_cell_are_each_clicked_on_their_own_spot(browser: Any, server: ServerThread) -> None:
    from soulforge.games.soulgivers import render_svg
    from soulforge.games.soulgivers.data import CHARS

    page, table = open_table(browser, server, "soulgivers", seed=3)
    view = live_state(server, table).view(0)
    kinds = [c.key for c in CHARS]
    cell = 22  # a cell away from the Fragment: four Souls on it, one on a cell beside
    view["souls"] = [{"id": i, "team": i % 2, "kind": kinds[i % len(kinds)], "cell": cell} for i in range(4)]
    view["souls"].append({"id": 4, "team": 0, "kind": kinds[0], "cell": cell + 2})
    show_with_all_offered(page, render_svg.render(view, []))
    souls = [hit for hit in covered(page) if hit.startswith("soul:")]
    assert souls == []
    page.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_outlined_element_is_clicked_where_it_is_drawn(
        browser: Any, server: ServerThread, game_id: str) -> None:
    """A few decisions of each game, looked at before every click of them."""
    page, _table = open_table(browser, server, game_id, seed=3)
    rng, looks = random.Random(5), 0
    missed: list[str] = []

    def look(page: Any) -> None:
        nonlocal looks
        looks += 1
        missed.extend(f"move {page.evaluate('document.body.dataset.move')}: {hit}" for hit in covered(page))

    for _ in range(12):
        if wait_turn(page) != "mine":
            break
        click_something(page, rng, check=look)
    assert looks > 5 and missed == []
    page.close()
