"""Lines logged by ``State.log_later``: made when the log is read, the same text as at once."""

from __future__ import annotations

import random
from itertools import chain

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
    entries = [*chain.from_iterable(state._log_shared), *state._lines]
    lazy = [entry for entry in entries if not isinstance(entry, str) and entry[1] is not None]
    assert lazy, "the playout logged lines for later"
    copy = game.state_from_bytes(state.to_bytes())  # before any read: the renders travel by name
    assert [copy.log(p) for p in (None, 0, 1)] == [state.log(p) for p in (None, 0, 1)]
    assert any(line.startswith("you look at: ") for line in state.log(state.active) + state.log(
        1 - state.active))


def test_clones_share_the_log_instead_of_copying_it() -> None:
    """A clone copies no log line (search clones by the thousand): the lines logged so far are
    shared, in chunks, and each state appends its own afterwards."""
    state = soulforge.load("five_realms").new_game(seed=5)  # cloned by its ClonePlan
    for n in range(100):
        state.add_log(f"line {n}")
    first, second = state.clone(), state.clone()
    assert first._lines == [] and second._lines == []
    assert first._log_shared is second._log_shared is state._log_shared
    first.add_log("only in the first")
    state.add_log("only in the original")
    assert first.log(None)[-2:] == ["line 99", "only in the first"]
    assert second.log(None)[-1] == "line 99"
    assert state.log(None)[-2:] == ["line 99", "only in the original"]
    for n in range(40):  # many clones, each after a new line: the chunks stay few
        state.add_log(f"more {n}")
        state.clone()
    assert len(state._log_shared) <= 33 and state.log(None)[-1] == "more 39"
