"""The README's screenshots: a table of each game, mid-game, on a desktop and on a phone.

Run from the repository root (needs Debian's Chromium, as the browser tests do)::

    .venv/bin/python -m docs.screenshots.make_screenshots

It starts the web table in a thread on a throwaway SQLite file, creates one table per game
(seat 0 a person, seat 1 the AI, a fixed seed), plays seat 0's first decisions by a seeded
random choice among its legal actions over the JSON API, and saves what seat 0's browser
shows to ``docs/screenshots/<game>-desktop.png`` (1280x900) and ``<game>-phone.png``
(390x844, touch). The seeds fix the games: each run draws the same boards, only the
table's id in the header differs.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from soulforge.server import create_app
from tests.server.support import ServerThread

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SEED = 7
DECISIONS = {"five_realms": 16, "soul_of_ankiril": 24, "soulgivers": 40, "kipukas": 10, "soulshards": 40}
"""How many of seat 0's decisions are played before the picture: mid-game for each game."""
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
WAIT = 60.0
"""Seconds an AI move may take before the script gives up."""


def create_table(client: httpx.Client, game: str) -> dict[str, Any]:
    """A table of ``game``: seat 0 a person, seat 1 the AI at the normal level."""
    res = client.post("/api/tables", json={"game": game, "seed": SEED,
                                           "seats": [{"kind": "human"}, {"kind": "ai", "level": "normal"}]})
    res.raise_for_status()
    made: dict[str, Any] = res.json()
    return made


def seat0_turn(client: httpx.Client, table: str, token: str) -> dict[str, Any]:
    """The table as seat 0 sees it once seat 0 decides (or the game is over)."""
    deadline = time.monotonic() + WAIT
    while True:
        res = client.get(f"/api/tables/{table}", params={"svg": "false"}, headers={"X-Seat-Token": token})
        res.raise_for_status()
        payload: dict[str, Any] = res.json()
        if payload["is_over"] or (payload["current_player"] == 0 and not payload["thinking"]):
            return payload
        if time.monotonic() > deadline:
            raise TimeoutError(f"table {table}: the AI did not move in {WAIT:.0f} s")
        time.sleep(0.05)


def play(client: httpx.Client, table: str, token: str, decisions: int, rng: random.Random) -> None:
    """Seat 0's first ``decisions``, each a seeded random choice among its legal actions."""
    for _ in range(decisions):
        payload = seat0_turn(client, table, token)
        if payload["is_over"]:
            return
        action = rng.choice(payload["legal"])["action"]
        res = client.post(f"/api/tables/{table}/actions", headers={"X-Seat-Token": token},
                          json={"move": payload["move"], "action": action, "seat": 0})
        res.raise_for_status()
    seat0_turn(client, table, token)


def shoot(browser: Any, invite: str, size: str, path: Path) -> None:
    """What seat 0's browser shows at ``size`` (the visible screen only), saved to ``path``."""
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.goto(invite)
    page.wait_for_function("document.body.dataset.turn === 'mine' || document.body.dataset.turn === 'over'")
    page.wait_for_function("document.getElementById('thinking').hidden")
    page.screenshot(path=str(path), full_page=False)
    context.close()


def main(games: list[str] | None = None) -> None:
    """Every game's two screenshots (or those of ``games``), into this folder."""
    from playwright.sync_api import sync_playwright

    chosen = {game: n for game, n in DECISIONS.items() if not games or game in games}
    with tempfile.TemporaryDirectory() as tmp, ServerThread(create_app(f"sqlite:///{tmp}/shots.db")) as srv, \
            httpx.Client(base_url=srv.url, timeout=WAIT) as client, sync_playwright() as play_:
        browser = play_.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game, decisions in chosen.items():
            made = create_table(client, game)
            play(client, made["table"], made["seats"][0]["token"], decisions, random.Random(SEED))
            for size in SIZES:
                path = HERE / f"{game}-{size}.png"
                own = f"{made['url']}#seat=0&token={made['seats'][0]['token']}"  # the creator's seat
                shoot(browser, own, size, path)
                print(f"{path.relative_to(HERE.parent.parent)}: {path.stat().st_size // 1024} KB")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
