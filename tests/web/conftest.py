"""Browser fixtures: a real uvicorn server in a thread and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from soulforge.server import create_app
from tests import toy
from tests.server.support import ServerThread

HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell"
"""Debian's ``chromium-headless-shell``: the "old headless" shell Playwright itself runs for
headless Chromium, without the desktop browser's user interface. The whole Soulshards game by
clicks (tests/web/test_browser.py), CPU-s of the test's process tree, Chromium included, three
runs each under load 3-10: 57.3/66.5/53.3 against 59.5/67.6/68.0 with ``/usr/bin/chromium``;
it draws fewer compositor frames a move (157 for 40 moves against 164 for 30)."""
CHROMIUM = HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(autouse=True)
def _tricks(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    toy.register(monkeypatch, tmp_path_factory.mktemp("rules"))


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One Chromium per test module. Not per session: Playwright's sync API keeps an asyncio
    loop running in the thread while it is open, so a later test in the same process that
    calls ``asyncio.run`` (the ``worker`` command's, say) would fail."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's Chromium is not installed (apt-get install chromium-headless-shell)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as play:
        launched = play.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The shared Chromium, as clean for each test as a new one: its pages and contexts (their
    cookies and storage) are the test's own, and every one the test leaves open is closed after
    it (a page left open would go on talking to its stopped server)."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def db_path(tmp_path: Path, migrated_sqlite_file: Path) -> str:
    """The test's own SQLite database, a copy of one at the newest schema."""
    shutil.copyfile(migrated_sqlite_file, tmp_path / "web.db")
    return f"sqlite:///{tmp_path}/web.db"


@pytest.fixture
def server(db_path: str) -> Iterator[ServerThread]:
    # AI seats think in threads here: a worker process runs at a lower priority (niceness 10)
    # and, spawned anew for each test's server while the other test worker keeps both cores
    # busy, took over 20 s to start (Kipukas game test timed out waiting for a random AI's
    # first move). The process pool has its own tests (tests/server/test_thinking.py).
    with ServerThread(create_app(db_path, ai_workers=0)) as srv:
        yield srv
