"""Issue 30, item 11: Soul of Ankiril's key labels overlapped ("white ring: a Creature" ran
over the next swatch, the last column into the hand's cards). Read as the browser lays the
text out: no two entries of the key overlap, and none overlaps a card or the board's edge."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.support import ServerThread
from tests.web.test_browser import create, wait_turn

pytestmark = pytest.mark.browser

OVERLAPS = """() => {
  const box = (n) => n.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const svg = box(document.querySelector("#board svg"));
  // the key: what follows its "Key" heading in the same group, swatches and labels
  const heading = [...document.querySelectorAll("#board text")].find((t) => t.textContent === "Key");
  const after = [];
  for (let n = heading.nextElementSibling; n; n = n.nextElementSibling) after.push(n);
  const parts = after.flatMap((n) => n.tagName === "g" ? [...n.children] : [n]);
  const labels = parts.filter((n) => n.tagName === "text");
  const name = (n) => (n.tagName === "text" ? n : n.nextElementSibling || n).textContent.slice(0, 30);
  const cards = [...document.querySelectorAll("#board [data-handle^=hand], #board [data-handle^=ability]")];
  const found = [];
  parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
    if (meet(box(a), box(b))) found.push(name(a) + " / " + name(b)); }));
  parts.forEach((a) => cards.forEach((c) => {
    if (meet(box(a), box(c))) found.push(name(a) + " / " + c.dataset.handle); }));
  parts.forEach((a) => { const r = box(a);
    if (r.right > svg.right || r.bottom > svg.bottom) found.push(name(a) + " / the edge"); });
  return {labels: labels.length, found};
}"""


def test_soul_of_ankiril_key_entries_do_not_overlap(browser: Any, server: ServerThread) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
    made = create(server, game="soul_of_ankiril", seats=seats, seed=5)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(made["seats"][0]["link"])
    wait_turn(page)
    seen = page.evaluate(OVERLAPS)
    assert seen["labels"] == 13, "ten terrains, two rings and the Emanation's diamond"
    assert not seen["found"], seen["found"]
    page.close()
