"""The rules and "how to play" pages in Chromium: every request answered, every in-page link lands.

Issue 30 item 4: the Kipukas rules page asked for 32 pictures the server does not have
(``./images/...``) and linked 39 times to anchors no element had.
"""

from __future__ import annotations

from typing import Any

import pytest

import soulforge.games
from soulforge.server.catalog import rules_dir
from tests.server.support import ServerThread

NO_RULES = "shared/rules is not beside the repository"
pytestmark = [pytest.mark.browser, pytest.mark.skipif(not rules_dir().is_dir(), reason=NO_RULES)]

GAMES = tuple(soulforge.games.GAMES)
"""The registered games, read at import (the fixtures add the test game "tricks" later)."""
LANDS = """() => [...document.querySelectorAll('a[href^="#"]')]
    .map(a => a.getAttribute('href').slice(1)).filter(id => !document.getElementById(id))"""
"""The in-page links whose target is no element of the page."""


def test_document_pages_load_nothing_that_fails(browser: Any, server: ServerThread) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(f"failed {request.url}"))
    page.on("response", lambda response: failed.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    for game in GAMES:
        for path in (f"/rules/{game}", f"/how/{game}"):
            response = page.goto(server.url + path, wait_until="load")
            assert response is not None and response.status == 200, path
            assert page.evaluate(LANDS) == [], f"{path}: in-page links to nothing"
            assert page.locator("img").count() == 0, f"{path}: a picture the server does not serve"
            assert page.locator("main h2, main h3").count() >= 4, f"{path}: sections"
    assert failed == [], failed
    page.close()
