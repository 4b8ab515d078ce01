"""Browser fixtures: a real uvicorn server in a thread and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from soulforge.server import create_app
from tests import toy
from tests.server.support import ServerThread

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(autouse=True)
def _tricks(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    toy.register(monkeypatch, tmp_path_factory.mktemp("rules"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/web.db"


@pytest.fixture
def server(db_path: str) -> Iterator[ServerThread]:
    # AI seats think in threads here: a worker process runs at a lower priority (niceness 10)
    # and, spawned anew for each test's server while the other test worker keeps both cores
    # busy, took over 20 s to start (Kipukas game test timed out waiting for a random AI's
    # first move). The process pool has its own tests (tests/server/test_thinking.py).
    with ServerThread(create_app(db_path, ai_workers=0)) as srv:
        yield srv
