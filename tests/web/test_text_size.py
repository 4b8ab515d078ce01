"""No board text too small to read, on a desktop or a phone.

Issue 30, item 6: Soulshards drew 109 of its 365 text nodes under 10 px on a 1440x900 desktop
(the smallest 5.1 px), Kipukas 77 of 547, and a phone showed text down to 7 px. Each game's
board is loaded here at a seeded mid-game position, at desktop and phone sizes, and every
visible text node of the board is measured as the browser renders it: its computed font size
times the scale the page draws the SVG at (on desktop the board is fitted to its frame; on a
phone it is drawn at one unit a CSS px).
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import soulforge
from tests.registered import GAMES
from tests.server.support import ServerThread
from tests.web.test_browser import create

pytestmark = pytest.mark.browser
SMALLEST = 10.0
"""The smallest readable text, in CSS px."""
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
MID_GAME = 8
"""A game's mid-game position (cards in hand, pieces out): after an eighth of the moves of a
seeded random game of it (14 to 60 moves)."""
TABLES = {**{game_id: (game_id, {}) for game_id in GAMES}, "kipukas-grand": ("kipukas", {"map": "grand"})}
"""The tables measured: each game, and Kipukas' widest board (12 territories, 1032 units)."""

MEASURE = """() => {
  const svg = document.querySelector("#board svg");
  const box = svg.viewBox.baseVal;
  const scale = box && box.width ? svg.getBoundingClientRect().width / box.width : 1;
  const shown = (t) => { const r = t.getBoundingClientRect(); const s = getComputedStyle(t);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none"
      && t.textContent.trim() !== ""; };
  return [...svg.querySelectorAll("text")].filter(shown).map((t) => {
    const own = t.getScreenCTM();
    const ctm = svg.getScreenCTM();
    const local = own && ctm ? Math.sqrt(Math.abs(own.a * own.d - own.b * own.c))
      / Math.sqrt(Math.abs(ctm.a * ctm.d - ctm.b * ctm.c)) : 1;
    return [t.textContent.trim().slice(0, 40), parseFloat(getComputedStyle(t).fontSize) * scale * local];
  });
}"""


def random_game_length(game_id: str, seed: int, options: dict[str, Any]) -> int:
    """The number of moves of a seeded random game of ``game_id``."""
    state, rng = soulforge.load(game_id, **options).new_game(seed=seed), random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return len(state.history)


def mid_game_table(server: ServerThread, game_id: str, seed: int = 21,
                   options: dict[str, Any] | None = None) -> str:
    """A hot-seat table of ``game_id`` after :data:`MID_GAME` seeded random moves; the link
    that opens it for its seats."""
    made = create(server, game=game_id, seats=[{"kind": "human"}, {"kind": "human"}], seed=seed,
                  hot_seat=True, options=options or {})
    tokens = ",".join(s["token"] for s in made["seats"])
    rng = random.Random(seed)
    headers = {"X-Seat-Token": tokens}
    with httpx.Client(base_url=server.url, headers=headers, timeout=120) as client:
        payload = client.get(f"/api/tables/{made['table']}", params={"svg": False}).json()
        for _ in range(random_game_length(game_id, seed, options or {}) // MID_GAME):
            if payload["is_over"] or not payload["legal"]:
                break
            action = rng.choice(payload["legal"])["action"]
            res = client.post(f"/api/tables/{made['table']}/actions", params={"svg": False},
                              json={"move": payload["move"], "action": action,
                                    "seat": payload["current_player"]})
            assert res.status_code == 200, res.text
            payload = res.json()
        assert not payload["is_over"], f"{game_id} ended before its mid-game position"
    link: str = made["seats"][0]["link"]
    return link


def small_texts(page: Any) -> list[tuple[str, float]]:
    """The board's visible texts under ``SMALLEST`` px as rendered now, with their sizes."""
    page.wait_for_selector("#board svg text")
    return [(text, size) for text, size in page.evaluate(MEASURE) if size < SMALLEST - 0.01]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("table", list(TABLES))
def test_no_board_text_under_10_px(browser: Any, server: ServerThread, table: str, size: str) -> None:
    game_id, options = TABLES[table]
    link = mid_game_table(server, game_id, options=options)
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone,
                                  is_mobile=phone)
    page = context.new_page()
    page.goto(link)
    small = small_texts(page)
    context.close()
    assert not small, f"{len(small)} texts under {SMALLEST} px: " + ", ".join(
        f"{text!r} {px:.1f}" for text, px in sorted(small, key=lambda s: s[1])[:15])

