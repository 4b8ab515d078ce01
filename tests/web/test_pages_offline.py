"""Issue 30, item 11: the lobby's option labels are words with their default and range; every
page has an icon (``/favicon.ico`` answered 404 on each); the API docs ask no other host
(``/redoc`` drew its sidebar logo from cdn.redoc.ly)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

import soulforge
from soulforge.games import game_class
from tests.registered import GAMES
from tests.server.support import ServerThread
from tests.web.test_browser import TIMEOUT, create

pytestmark = pytest.mark.browser
CODE_NAME = re.compile(r"_|[a-z][0-9]")
"""What gives a code name away: ``peace_after``, ``deck0``."""


def test_the_icon_is_served_and_every_page_names_it(server: ServerThread) -> None:
    icon = httpx.get(server.url + "/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg")
    made = create(server, game="five_realms", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}])
    for path in ("/", "/rules/five_realms", "/how/five_realms", f"/t/{made['table']}",
                 f"/t/{made['table']}/replay"):
        html = httpx.get(server.url + path).text
        link = re.search(r'<link rel="icon" href="([^"]+)"', html)
        assert link, f"{path} names no icon"
        assert httpx.get(server.url + link[1]).status_code == 200


@pytest.mark.parametrize("path", ["/redoc", "/docs", "/"])
def test_a_page_asks_no_other_host_and_nothing_is_missing(
        browser: Any, server: ServerThread, path: str) -> None:
    page = browser.new_page()
    asked: list[str] = []
    failed: list[str] = []
    page.on("request", lambda request: asked.append(request.url))

    def check(response: Any) -> None:
        if response.status >= 400:
            failed.append(f"{response.status} {response.url}")
    page.on("response", check)
    page.goto(server.url + path)
    if path == "/redoc":  # the sidebar's footer, with the logo, comes once the schema is read
        page.wait_for_selector("text=API docs by Redocly", timeout=TIMEOUT)
        page.wait_for_function("[...document.images].every((img) => img.complete)", timeout=TIMEOUT)
    page.wait_for_load_state("networkidle", timeout=TIMEOUT)
    here = urlsplit(server.url).netloc
    elsewhere = [url for url in asked
                 if urlsplit(url).scheme in ("http", "https") and urlsplit(url).netloc != here]
    assert not elsewhere, f"{path} asked other hosts: {elsewhere}"
    assert not failed
    page.close()


def test_lobby_options_are_words_with_their_default_and_range(browser: Any, server: ServerThread) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server.url + "/")
    for game_id in GAMES:
        specs = game_class(game_id).option_specs
        fields = page.locator(f"#game-{game_id} label.option")
        assert fields.count() == len(specs)
        for i, spec in enumerate(specs):
            field = fields.nth(i)
            name = field.locator(".option-name").inner_text()
            assert name == spec.label and not CODE_NAME.search(name), (game_id, spec.name, name)
            bounds = field.locator(".bounds").inner_text()
            words = spec.choice_labels or {}  # a choice in words where the option names it so
            named = words.get(spec.default, spec.default)
            shown = ("on" if spec.default else "off") if spec.type is bool else named
            assert bounds.startswith(f"default {shown}"), bounds
            if spec.minimum is not None and spec.maximum is not None:
                assert f"from {spec.minimum} to {spec.maximum}" in bounds
            assert field.is_visible()
    page.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_of_a_game_has_a_label_in_words(game_id: str) -> None:
    for spec in soulforge.load(game_id).option_specs:
        assert spec.label and not CODE_NAME.search(spec.label), (spec.name, spec.label)
        assert spec.describe()["label"] == spec.label
