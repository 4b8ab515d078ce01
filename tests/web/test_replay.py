"""The replay viewer (issue 30, item 10): fast clicks on Next are never lost, and each one
steps from the step shown."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from tests.server.support import ServerThread

pytestmark = pytest.mark.browser
TIMEOUT = 20_000


def finished_hot_seat_table(server: ServerThread, game: str, seed: int) -> tuple[str, list[str]]:
    """A hot-seat table of ``game`` played to its end by seeded random moves; its move labels."""
    with httpx.Client(base_url=server.url, timeout=60) as http:
        made = http.post("/api/tables", json={"game": game, "seed": seed, "hot_seat": True,
                                              "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        tokens = ",".join(s["token"] for s in made["seats"])
        rng, labels = random.Random(seed), []
        payload = http.get(f"/api/tables/{made['table']}?svg=false", headers={"X-Seat-Token": tokens}).json()
        while not payload["is_over"]:
            chosen = rng.choice(payload["legal"])
            labels.append(chosen["label"])
            payload = http.post(f"/api/tables/{made['table']}/actions?svg=false",
                                headers={"X-Seat-Token": tokens},
                                json={"move": payload["move"], "action": chosen["action"]}).json()
    return made["table"], labels


def wait_label(page: Any, label: str) -> None:
    """Wait until the replay shows the step that ``label`` led to."""
    shown = json.dumps("Last move: " + label)
    page.wait_for_function(f"document.getElementById('label').textContent === {shown}", timeout=TIMEOUT)


def test_fast_clicks_on_next_each_step_once_from_the_step_shown(browser: Any, server: ServerThread) -> None:
    table, labels = finished_hot_seat_table(server, "five_realms", seed=4)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(f"{server.url}/t/{table}/replay")
    page.wait_for_function("document.getElementById('stepinfo').textContent.startsWith('move 0 ')",
                           timeout=TIMEOUT)
    for _ in range(7):  # as fast as the page takes clicks: no wait for any answer between them
        page.click("#next")
    wait_label(page, labels[6])
    assert page.locator("#stepinfo").inner_text() == f"move 7 / {len(labels)}"
    page.click("#prev")
    wait_label(page, labels[5])
    page.close()
