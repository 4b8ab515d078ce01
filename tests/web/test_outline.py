"""Issue 30, item 1: every element of the board the page marks clickable shows its ring.

The table page outlines what can be clicked next (``[data-handle].can``) and what is picked
(``.picked``). The ring is read as the browser draws it: the computed stroke of a shape the
element owns, or the element's computed outline, is the ring's colour, with a width, and the
shape is shown. (Soulshards drew it on 0 of 210 targets: each card's ``<title>`` came
first in its group, and the ring went only on a first child.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.registered import GAMES
from tests.server.support import ServerThread
from tests.web.test_browser import click_something, create, wait_turn

pytestmark = pytest.mark.browser
DECISIONS = 8
"""Decisions played on each table; the rings are read before every click of them."""

UNRINGED = """() => {
  // The colour a stroke of `value` computes to, in the form getComputedStyle gives.
  const probe = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  document.querySelector("#board svg").append(probe);
  const colour = (value) => { probe.style.stroke = value; return getComputedStyle(probe).stroke; };
  const root = getComputedStyle(document.documentElement);
  const accent = colour(root.getPropertyValue("--accent").trim());
  const gold = colour(root.getPropertyValue("--gold").trim());
  const shown = (n) => { const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(n).visibility === "visible"; };
  const ringed = (node) => {
    const want = node.matches(".picked") ? gold : accent;
    const own = getComputedStyle(node);
    const outlined = own.outlineStyle !== "none" && parseFloat(own.outlineWidth) > 0;
    if (outlined && own.outlineColor === want && shown(node)) return true;
    // Its shapes, and those of a handle inside it that is not offered itself (a ring there is its).
    const shapes = [...node.querySelectorAll("rect, polygon, circle, ellipse, path")]
      .filter((s) => { const h = s.closest("[data-handle]"); return h === node || !h.matches(".can"); });
    return shapes.some((s) => { const c = getComputedStyle(s);
      // A shape that is also the ring of a picked handle inside this one shows gold.
      const ok = c.stroke === want || (c.stroke === gold && s.closest(".picked[data-handle]") !== null);
      return ok && parseFloat(c.strokeWidth) > 0 && parseFloat(c.strokeOpacity) > 0 && shown(s); });
  };
  const marked = [...document.querySelectorAll("#board [data-handle].can, #board [data-handle].picked")];
  const unringed = marked.filter((n) => !ringed(n))
    .map((n) => n.dataset.handle + (n.matches(".can") ? "" : " (picked)"));
  probe.remove();
  return {marked: marked.length, unringed};
}"""


class Rings:
    """Reads the rings at each call; keeps what was marked and what had no ring."""

    def __init__(self) -> None:
        self.marked = 0
        self.unringed: list[str] = []

    def __call__(self, page: Any) -> None:
        seen = page.evaluate(UNRINGED)
        self.marked += seen["marked"]
        self.unringed += seen["unringed"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_clickable_element_shows_its_ring(browser: Any, server: ServerThread, game_id: str) -> None:
    made = create(server, game=game_id, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=5)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(made["seats"][0]["link"])
    rng, rings = random.Random(11), Rings()
    for _ in range(DECISIONS):
        if wait_turn(page) != "mine":
            break
        click_something(page, rng, board_only=page.locator("#board [data-handle].can").count() > 0,
                        check=rings)
    assert rings.marked > DECISIONS, "the board marked too few things clickable to test"
    missing = rings.unringed
    assert not missing, f"{len(missing)} of {rings.marked} marked without a ring: {missing[:12]}"
    page.close()
