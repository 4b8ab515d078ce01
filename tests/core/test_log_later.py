"""Lines logged by ``State.log_later``: made when the log is read, the same text as at once."""

from __future__ import annotations

import random

import soulforge
from tests.toy import Tricks

MADE: list[tuple[object, ...]] = []


def _says(seat: int, what: str) -> str:
    MADE.append((seat, what))
    return f"seat {seat} says {what}"


def test_a_later_line_is_made_only_when_read_and_once() -> None:
    MADE.clear()
    state = Tricks().new_game(seed=3)
    before = len(state.log(None))
    state.log_later(_says, 0, "hello")
    state.log_later(_says, 1, "secret", visible_to=1)
    state.add_log("plain")
    assert MADE == [], "logging makes no text"
    assert state.log(1)[before:] == ["seat 0 says hello", "seat 1 says secret", "plain"]
    assert state.log(0)[before:] == ["seat 0 says hello", "plain"]
    assert state.log(None)[before:] == ["seat 0 says hello", "plain"]
    assert len(MADE) == 2, "each line is made once, however often the log is read"


def test_later_lines_survive_clone_determinize_and_bytes() -> None:
    state = Tricks().new_game(seed=4)
    state.log_later(_says, 0, "public")
    state.log_later(_says, 1, "private", visible_to=1)
    twin = state.clone()
    assert twin.log(1) == state.log(1) and twin.log(0) == state.log(0)
    state.log_later(_says, 0, "after the clone")
    assert twin.log(0)[-1] == "seat 0 says public"
    seen = state.determinize(0, random.Random(1))
    assert "seat 1 says private" not in seen.log(None) + seen.log(0)
    assert seen.log(0) == state.log(0)
    again = state.game.state_from_bytes(state.to_bytes())
    assert [again.log(p) for p in (None, 0, 1)] == [state.log(p) for p in (None, 0, 1)]


def test_five_realms_lines_logged_later_read_the_same_after_a_checkpoint() -> None:
    game = soulforge.load("five_realms")
    state, rng = game.new_game(seed=7), random.Random(7)
    for _ in range(60):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    lazy = [entry for entry in state._lines if not isinstance(entry, str) and entry[1] is not None]
    assert lazy, "the playout logged lines for later"
    copy = game.state_from_bytes(state.to_bytes())  # before any read: the renders travel by name
    assert [copy.log(p) for p in (None, 0, 1)] == [state.log(p) for p in (None, 0, 1)]
    assert any(line.startswith("you look at: ") for line in state.log(state.active) + state.log(
        1 - state.active))
