"""Hidden information (DESIGN.md, "Hidden information"): hands and deck order stay secret."""

from __future__ import annotations

import json
import random

from soulforge.games.soul_of_ankiril.actions import EndTurn, Summon
from soulforge.games.soul_of_ankiril.model import replaced
from soulforge.games.soul_of_ankiril.state import AnkirilState

from .helpers import arena, started


def playout(seed: int, moves: int) -> AnkirilState:
    state = started(seed)
    rng = random.Random(seed)
    while not state.is_over and state.move_number < moves:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_view_hides_the_other_hand_and_deck_order() -> None:
    """Setup step 6: hands are private; decks are face down (order unknown to everyone)."""
    state = started(seed=3)
    mine, theirs = state.view(0)["players"]
    assert mine["hand"] == list(state.hands[0]) and theirs["hand"] is None
    assert theirs["hand_size"] == len(state.hands[1])
    text = json.dumps(state.view(0))
    assert "deck_order" not in text
    assert mine["deck_contents"] == sorted(state.decks[0])
    spectator = state.view(None)["players"]
    assert spectator[0]["hand"] is None and spectator[1]["hand"] is None


def test_views_differ_only_in_hidden_parts() -> None:
    """A change to the opponent's hidden hand order does not change a seat's view."""
    state = started(seed=3)
    twin = state.clone()
    twin.hands = replaced(twin.hands, 1, twin.hands[1][::-1])
    twin.decks = replaced(twin.decks, 1, twin.decks[1][::-1])
    assert twin.view(0) == state.view(0)
    assert twin.view(None) == state.view(None)


def test_determinize_resamples_what_is_unknown() -> None:
    """_resample_hidden: the opponent's hand and every deck order are redrawn, the rest kept."""
    state = started(seed=3)
    worlds = [state.determinize(0, random.Random(s)) for s in range(8)]
    assert all(w.hands[0] == state.hands[0] for w in worlds)
    assert any(w.hands[1] != state.hands[1] for w in worlds)
    assert all(sorted(w.hands[1] + w.decks[1]) == sorted(state.hands[1] + state.decks[1]) for w in worlds)
    assert all(w.view(0) == state.view(0) for w in worlds)


def test_projected_card_stays_known_in_determinization() -> None:
    """Glossary, "Project": the card put on top is public; resampling keeps it there."""
    state = arena()
    state.hands = replaced(state.hands, 0, ("Kintur",))
    state.decks = replaced(state.decks, 0, ("Shekun", "Sciame inarrestabile", "Mullub", "Nirush"))
    state.apply(Summon("Kintur", 27))
    for seed in range(5):
        world = state.determinize(1, random.Random(seed))
        assert world.decks[0][-1] == "Sciame inarrestabile"


def test_draws_are_logged_privately() -> None:
    """Log: the drawn card's name reaches only the drawer."""
    state = arena()
    state.decks = replaced(state.decks, 0, ("Shekun", "Mullub"))
    state.apply(EndTurn())
    assert any("Mullub" in line for line in state.log(0))
    assert not any("Mullub" in line for line in state.log(1))
    assert not any("Mullub" in line for line in state.log(None))


def test_drawing_blocks_undo() -> None:
    """DESIGN.md: revealing hidden information (a draw) is marked (mark_revealed)."""
    state = arena()
    state.apply(EndTurn())
    assert state.undo_floor == state.move_number


def test_determinize_is_deterministic_mid_game() -> None:
    """determinize depends only on view(p) and the rng: same seed, same world."""
    state = playout(seed=8, moves=60)
    one = state.determinize(1, random.Random(4))
    two = state.determinize(1, random.Random(4))
    assert one.hands == two.hands and one.decks == two.decks
