"""The end screen in the viewer's words, in the browser (issue 30, item 8)."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.server.support import ServerThread
from tests.web.test_browser import create

pytestmark = pytest.mark.browser


def test_the_end_screen_says_you_won_or_you_lost(browser: Any, server: ServerThread) -> None:
    """Issue 30, item 8: the end screen spoke in seat numbers only; a seated player reads
    "You won." or "You lost." before how the game ended."""
    made = create(server, game="tricks", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=3)
    headers = {"X-Seat-Token": made["seats"][0]["token"]}
    with httpx.Client(base_url=server.url, headers=headers, timeout=30) as client:
        payload = client.get(f"/api/tables/{made['table']}", params={"svg": False}).json()
        for _ in range(2000):  # a bound on the polls while the AI thinks, not a timing
            if payload["is_over"]:
                break
            if payload["legal"]:
                client.post(f"/api/tables/{made['table']}/actions", params={"svg": False},
                            json={"move": payload["move"], "action": payload["legal"][0]["action"]})
            else:
                time.sleep(0.02)
            payload = client.get(f"/api/tables/{made['table']}", params={"svg": False}).json()
    assert payload["is_over"]
    returns = payload["returns"]
    expected = "You won." if returns[0] > returns[1] else "You lost." if returns[0] < returns[1] else "Draw."
    page = browser.new_page()
    page.goto(made["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.turn === 'over'")
    result = page.locator("#result").inner_text()
    assert result == f"{expected} {payload['outcome']}"
    page.close()
