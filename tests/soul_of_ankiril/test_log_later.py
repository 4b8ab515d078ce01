"""Soul of Ankiril's frequent log lines are logged for later (``words.py``): a playout makes
no text, and the text a view, a checkpoint or a clone reads is the one the rules meant."""

from __future__ import annotations

import random
from itertools import chain

import soulforge
from soulforge.games.soul_of_ankiril.state import AnkirilState


def _played(moves: int, seed: int) -> AnkirilState:
    game = soulforge.load("soul_of_ankiril")
    state, rng = game.new_game(seed=seed), random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, AnkirilState)
    return state


def test_a_playout_makes_no_text_for_its_moves() -> None:
    state = _played(120, 5)
    entries = [*chain.from_iterable(state._log_shared), *state._lines]
    made = [entry for entry in entries if isinstance(entry, str)]
    assert len(made) <= 3, "only the rare lines (a hand kept, the starting seat) are made at once"
    assert len(entries) >= 120


def test_later_lines_read_the_same_after_a_checkpoint_and_a_clone() -> None:
    state = _played(150, 11)
    copy = state.game.state_from_bytes(state.to_bytes())  # before any read: renders by name
    twin = state.clone()
    logs = [state.log(p) for p in (None, 0, 1)]
    assert [copy.log(p) for p in (None, 0, 1)] == logs
    assert [twin.log(p) for p in (None, 0, 1)] == logs
    assert copy.view(0)["last"] == state.view(0)["last"]


def test_the_last_move_and_the_drawn_cards_in_words() -> None:
    state = _played(150, 11)
    mover = state.last_seat
    assert state.last is not None
    assert state.last_text.startswith(f"seat {mover}: ")
    assert state.last_text in state.log(None)
    drawn_seen = [line for line in state.log(0) if line.startswith("seat 0 draws ") and ": " in line]
    assert drawn_seen, "seat 0 sees the names of the cards it draws"
    assert not any(line.startswith("seat 0 draws ") and ": " in line for line in state.log(1))


def test_an_action_describes_itself_as_its_log_line_says() -> None:
    state = _played(40, 3)
    for action in state.legal_actions():
        twin = state.clone()
        said = f"seat {twin.player}: {twin.describe(action)}"
        twin.apply(action)
        assert twin.last_text == said
        assert said in twin.log(None)
