"""The binder's progress tools on a phone (issue 33, #affinity), beside the fists tool: a
browser without an account grows its Kipukas record from a finished table played with the
records by itself, from the table's end payload, once per table (the server counts each part
once a day, the rulebook's rule), instead of through "Count that game"."""

from __future__ import annotations

import datetime
import json
import random
from typing import Any

import httpx
import pytest

from soulforge.core.record import Record
from soulforge.games.kipukas import affinity
from tests.server.support import ServerThread
from tests.web.test_kipukas_tools import HEIGHT, WAIT_MS, WIDTH

pytestmark = pytest.mark.browser
RECORD = "soulforge.kipukas.progress"
MINE = {"affinity": {"Magic": 2}}


def finished_table(url: str) -> tuple[str, list[str]]:
    """A hot-seat Kipukas table played with the records, played to its end by random moves."""
    made = httpx.post(url + "/api/tables", json={
        "game": "kipukas", "use_records": True, "my_record": MINE, "hot_seat": True, "seed": 4,
        "options": {"peace_after": 3}, "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    tokens = [s["token"] for s in made["seats"]]
    both, rng = {"X-Seat-Token": ",".join(tokens)}, random.Random(4)
    data = httpx.get(f"{url}/api/tables/{made['table']}?svg=false", headers=both).json()
    while not data["is_over"]:
        res = httpx.post(f"{url}/api/tables/{made['table']}/actions?svg=false", headers=both,
                         json={"move": data["move"], "action": rng.choice(data["legal"])["action"]})
        assert res.status_code == 200, res.text
        data = res.json()
    return made["table"], tokens


def test_a_browser_grows_its_record_from_the_tables_end(browser: Any, server: ServerThread) -> None:
    table, tokens = finished_table(server.url)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + "/kipukas/progress", wait_until="networkidle")  # its own write first
    page.evaluate(f"localStorage.setItem({RECORD!r}, {json.dumps(json.dumps(MINE))})")
    page.goto(f"{server.url}/t/{table}#seat=0&token={tokens[0]}")
    page.wait_for_function("document.getElementById('records-news').textContent !== ''", timeout=WAIT_MS)
    assert page.inner_text("#records-news").startswith("Your Kipukas record grew")
    kept = affinity.from_data(json.loads(page.evaluate(f"localStorage.getItem({RECORD!r})")))

    record = Record.from_json(httpx.get(f"{server.url}/api/tables/{table}/record").json())
    expected = affinity.from_data(MINE)
    affinity.grow(expected, affinity.game_growth(record)[0], datetime.datetime.now(datetime.UTC).date())
    assert kept == expected, "the engine's growth of seat 0, applied to the browser's record"
    assert kept.loyalty, "the souls seat 0 fought with"

    page.reload()  # counted once per table: the page does not ask again
    page.wait_for_function("document.getElementById('turn').textContent === 'Game over'", timeout=WAIT_MS)
    assert page.inner_text("#records-news") == ""
    assert affinity.from_data(json.loads(page.evaluate(f"localStorage.getItem({RECORD!r})"))) == kept
    context.close()


def test_a_browser_taking_a_seat_by_invite_brings_its_record(browser: Any, server: ServerThread) -> None:
    """A seat taken before the first move of a table played with the records brings its
    holder's record: the invite's page sends the browser's own (no account)."""
    made = httpx.post(server.url + "/api/tables", json={
        "game": "kipukas", "use_records": True, "my_record": MINE,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + "/kipukas/progress", wait_until="networkidle")  # its own write first
    theirs = {"affinity": {"Avian": 4}, "crux": "Avian"}
    page.evaluate(f"localStorage.setItem({RECORD!r}, {json.dumps(json.dumps(theirs))})")
    page.goto(made["seats"][1]["invite"])
    page.wait_for_function("document.getElementById('turn').textContent.startsWith('Waiting for')",
                           timeout=WAIT_MS)
    row = server.app.state.service.storage.table(made["table"])
    seats = affinity.seat_records(row.options["progress"])
    assert seats[0] == affinity.from_data(MINE) and seats[1] == affinity.from_data(theirs)
    context.close()
