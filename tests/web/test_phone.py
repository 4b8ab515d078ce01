"""Whole games on a phone-size touch screen, by taps on the board.

Issue "The board is the interface": at 390x844 CSS px every thing a finger may tap (a
button, an outlined element of the board) is at least 44x44 CSS px, the actions panel holds
at most 12 buttons, the seats, log and chat sit below the board, and nothing is wider than
the screen (the board may pan inside its own frame).

Issue 30, item 5: the prompt and the buttons of a decision are on the screen without a scroll
past the board ("Your decision" began at 918 px on an 844 px screen in Five Realms).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.registered import GAMES
from tests.server.support import ServerThread
from tests.web.test_browser import BOARD_TARGETS, click_something, create, live_state, wait_turn

pytestmark = pytest.mark.browser
WIDTH, HEIGHT = 390, 844
TAP = 44
"""The smallest tappable size, in CSS px (Apple's and Material's guidelines; WCAG 2.5.5)."""
MAX_BUTTONS = 12
MAX_DECISIONS = 600
"""A cap on the human's decisions in one game, well above what the games take (Soulshards the most)."""

MEASURE = """targets => {
  const shown = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const box = (n) => { const r = n.getBoundingClientRect();
    return [n.dataset.handle || n.textContent.trim().slice(0, 40) || n.id, r.width, r.height]; };
  const board = document.getElementById("board").getBoundingClientRect();
  const panel = document.querySelector("aside.side").getBoundingClientRect();
  // the decision: where its prompt and its first button are on the screen, if shown
  const seen = (n) => { if (!n || !shown(n)) return null; const r = n.getBoundingClientRect();
    return [n.id || n.textContent.trim().slice(0, 40), r.top, r.bottom]; };
  const decision = [seen(document.getElementById("prompt")), seen(document.querySelector("#actions button"))];
  return {
    decision: decision.filter((d) => d !== null), screen: innerHeight, scroll_y: scrollY,
    actions: document.querySelectorAll("#actions button").length,
    boxes: [...document.querySelectorAll("button")].filter(shown)
      .concat([...document.querySelectorAll(targets)]).map(box),
    scroll_width: document.documentElement.scrollWidth,
    board_bottom: board.bottom, panel_top: panel.top,
  };
}"""


def phone_problems(page: Any) -> list[str]:
    """What breaks the phone rules on the page as it is now (empty when nothing does)."""
    m = page.evaluate(MEASURE, BOARD_TARGETS)
    problems = [f"{what!r} is {w:.1f}x{h:.1f} px" for what, w, h in m["boxes"] if min(w, h) < TAP - 0.01]
    if m["actions"] > MAX_BUTTONS:
        problems.append(f"{m['actions']} buttons in the actions panel")
    if m["scroll_width"] > WIDTH:
        problems.append(f"the page is {m['scroll_width']} px wide")
    if m["panel_top"] < m["board_bottom"]:
        problems.append(f"the panel's top {m['panel_top']} is above the board's bottom {m['board_bottom']}")
    problems += [f"{what!r} is at {top:.0f} to {bottom:.0f} px, off the {m['screen']} px screen "
                 f"(scrolled {m['scroll_y']:.0f} px)"
                 for what, top, bottom in m["decision"] if top < 0 or bottom > m["screen"]]
    return problems


def check_phone(page: Any) -> None:
    """Fail with every problem of the page as it is now, and the move it is at."""
    problems = phone_problems(page)
    if problems:
        move = page.evaluate("document.body.dataset.move")
        pytest.fail(f"at move {move}, picked {page.evaluate('document.body.dataset.picked')}:\n"
                    + "\n".join(problems[:20]), pytrace=False)


FIRST_SCREEN = """() => {
  const at = (n) => n.getBoundingClientRect().top + scrollY;
  const bottom = (n) => n.getBoundingClientRect().bottom + scrollY;
  const button = document.querySelector("#actions button");
  return {prompt: [at(document.getElementById("prompt")), bottom(document.getElementById("prompt"))],
          turn: document.getElementById("turn").textContent,
          button: button ? [at(button), bottom(button)] : null, screen: innerHeight};
}"""


def on_first_screen(page: Any) -> dict[str, Any]:
    """Where the prompt and the first button are in the page, which must be within its first
    screen height (so none of them needs a scroll); the measures, for a test to look at."""
    m: dict[str, Any] = page.evaluate(FIRST_SCREEN)
    assert m["turn"].startswith("Your decision")
    assert m["prompt"][0] >= 0 and m["prompt"][1] <= m["screen"], m
    assert m["button"] is None or (m["button"][0] >= 0 and m["button"][1] <= m["screen"]), m
    return m


TALL_FIRST_SCREEN = pytest.mark.xfail(strict=True, reason=(
    "Kipukas' board and hand push its prompt below the first 844 px of a phone (measured "
    "1012-1050 px): a layout still to fix"))


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=TALL_FIRST_SCREEN) if g == "kipukas" else g
                                     for g in GAMES])
def test_the_prompt_and_the_first_button_are_on_the_first_screen(
        browser: Any, server: ServerThread, game_id: str) -> None:
    """Issue 30, item 5: on opening a table whose first decision is made by a button (Five
    Realms' first draw is on the board, then a button decision soon), the prompt and the first
    button lie within the first 844 px of the page, and stay on screen with the board
    scrolled to its end."""
    made = create(server, game=game_id, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=21)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(made["seats"][0]["link"])
    rng = random.Random(2)
    for _ in range(MAX_DECISIONS):
        assert wait_turn(page) == "mine"
        if page.locator("#actions button").count():
            break
        click_something(page, rng, touch=True)
    assert on_first_screen(page)["button"] is not None
    page.evaluate("document.getElementById('board').scrollIntoView({block: 'end'})")
    assert not [p for p in phone_problems(page) if "off the" in p]
    context.close()


TABLE_SEED = {"soulshards": 1}
"""The table's seed of a whole game on a phone where it is not 21, for a shorter game played to
its end all the same (taps from Random(8)): Soulshards with seed 21 took 483 moves (249 of them
the page's; 235 with board targets), with seed 1 it takes 318 (173; 153)."""


@pytest.mark.parametrize("game_id", GAMES)
def test_whole_game_on_a_phone_by_taps(browser: Any, server: ServerThread, game_id: str) -> None:
    made = create(server, game=game_id, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=TABLE_SEED.get(game_id, 21))
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(made["seats"][0]["link"])
    wait_turn(page)
    assert on_first_screen(page)
    rng, decisions, board_taps = random.Random(8), 0, 0
    while wait_turn(page) == "mine" and decisions < MAX_DECISIONS:
        board_taps += click_something(page, rng, touch=True, check=check_phone).board
        decisions += 1
    check_phone(page)
    assert live_state(server, made["table"]).is_over and board_taps > 5
    context.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_long_press_shows_what_hover_would(browser: Any, server: ServerThread, game_id: str) -> None:
    """Issue "The board is the interface": hover, "or long-press on touch", shows an element's
    full text; on a phone it appears in a tip, and the next touch hides it."""
    made = create(server, game=game_id, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=21)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(made["seats"][0]["link"])
    wait_turn(page)
    titles = page.locator("#board svg title")
    assert titles.count() > 0
    shape = titles.last.locator("xpath=..")
    expected = titles.last.text_content() or ""
    shape.dispatch_event("touchstart")
    page.wait_for_function("!document.getElementById('tip').hidden", timeout=5000)
    assert page.locator("#tip").text_content() == expected and expected
    shape.dispatch_event("touchend")
    page.locator("#board").dispatch_event("touchstart")
    assert page.locator("#tip").is_hidden()
    context.close()
