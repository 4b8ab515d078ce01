"""The two-phone fists room keeps a phone's side through a reload (issue 33, rooms in the
database): the server gives each side a key with its first status; the page keeps it for its
tab and sends it when it joins again, so the phone finds its side and its secret choice where
it left them, and the reveal reads that choice."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.support import ServerThread
from tests.web.test_kipukas_tools import WAIT_MS, phone

pytestmark = pytest.mark.browser
STATUS = "document.getElementById('room-status').textContent.includes({!r})"


def test_a_reloaded_phone_takes_its_side_back_with_its_choice(browser: Any, server: ServerThread) -> None:
    attacker = phone(browser, server.url)
    attacker.select_option("#room-side", "attacker")
    attacker.tap("#room-create")
    attacker.wait_for_function(STATUS.format("Room "), timeout=WAIT_MS)
    code = attacker.input_value("#room-code")
    means = 'fieldset[data-side="attacker"] select[name="archetype"][data-i="{}"]'
    attacker.select_option(means.format(0), "Telekinetic")
    attacker.select_option(means.format(1), "Glitch")
    attacker.tap("#fists-go")
    attacker.wait_for_function(STATUS.format("Your choice is in"), timeout=WAIT_MS)

    attacker.goto(f"{server.url}/kipukas/fists?room={code}")  # the same tab: its key is kept
    attacker.select_option("#room-side", "attacker")
    attacker.tap("#room-join")
    attacker.wait_for_function(STATUS.format("Your choice is in"), timeout=WAIT_MS)

    defender = phone(browser, server.url)
    defender.fill("#room-code", code)
    defender.select_option("#room-side", "defender")
    defender.tap("#room-join")
    defender.wait_for_function(STATUS.format("attacker is here and has chosen"), timeout=WAIT_MS)
    defender.select_option('fieldset[data-side="defender"] select[name="archetype"][data-i="0"]', "Avian")
    defender.tap("#fists-go")
    for page in (attacker, defender):
        page.wait_for_selector("#fists-total", timeout=WAIT_MS)
    assert "Attacker: Telekinetic, Glitch" in defender.inner_text("#fists-result")
    attacker.context.close()
    defender.context.close()
