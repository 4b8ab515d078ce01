"""axe-core on the lobby and on a table of each game: nothing serious or critical.

Issue "The board is the interface": the pages are checked as a browser shows them, with the
board's click targets outlined, a click path half made and the log grown past its height.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.registered import GAMES
from tests.server.support import ServerThread
from tests.web.test_browser import click_something, create, wait_turn

pytestmark = pytest.mark.browser
SEVERE = ("serious", "critical")
DECISIONS = 8
"""Decisions played on each table, axe running before every click of them."""


RUN = "(options) => typeof axe === 'undefined' ? null : axe.run(options)"
"""axe.run on the page as it is now, as ``Axe().run`` calls it, or null before axe is loaded."""


def severe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on the page as it is now. axe's
    script (570 KB) is loaded into a page once, not again before every run as ``Axe().run``
    does (sent through Playwright's driver and compiled anew each time)."""
    from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS, Axe

    results = page.evaluate(RUN, DEFAULT_OPTIONS)
    if results is None:
        page.evaluate(Axe().axe_script)
        results = page.evaluate(RUN, DEFAULT_OPTIONS)
    violations: list[dict[str, Any]] = results["violations"]
    return [v for v in violations if v["impact"] in SEVERE]


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per violation: its id, impact, help and its first few targets."""
    lines = []
    for v in violations:
        targets = [" ".join(map(str, node["target"])) for node in v["nodes"][:4]]
        more = f" and {len(v['nodes']) - 4} more" if len(v["nodes"]) > 4 else ""
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} at {targets}{more}")
    return "\n".join(lines)


class Audit:
    """Runs axe on a page at each call; keeps the first occurrence of each violation id."""

    def __init__(self) -> None:
        self.found: dict[str, dict[str, Any]] = {}

    def __call__(self, page: Any) -> None:
        for violation in severe_violations(page):
            self.found.setdefault(violation["id"], violation)

    def assert_clean(self) -> None:
        if self.found:
            pytest.fail(f"axe-core found {len(self.found)} serious or critical violations:\n"
                        + describe(list(self.found.values())), pytrace=False)


def test_the_lobby_has_no_serious_violation(browser: Any, server: ServerThread) -> None:
    """The lobby with an open table to join and empty lists of the others."""
    create(server, game="five_realms", seats=[{"kind": "human"}, {"kind": "human"}], listed=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("button.join")
    audit = Audit()
    audit(page)
    audit.assert_clean()
    page.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_has_no_serious_violation(browser: Any, server: ServerThread, game_id: str) -> None:
    """A table of a human against the AI, checked at each click of its first decisions."""
    made = create(server, game=game_id, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  seed=11)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(made["seats"][0]["link"])
    audit, rng = Audit(), random.Random(2)
    assert wait_turn(page) == "mine"
    for _ in range(DECISIONS):
        click_something(page, rng, check=audit)
        if wait_turn(page) == "over":
            break
    audit(page)
    audit.assert_clean()
    page.close()
