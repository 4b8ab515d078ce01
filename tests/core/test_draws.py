"""``soulforge.core.draws``: compiled rules' draws are the generator's own, counted the same."""

from __future__ import annotations

import random

import pytest

from soulforge.core import draws
from soulforge.core.chance import NeedChance, ScriptedRandom
from soulforge.core.rng import GameRandom, made_rng


def test_randint_and_randrange_draw_what_the_generator_draws() -> None:
    ours, theirs = GameRandom(11), GameRandom(11)
    for high in (1, 2, 5, 6, 20, 33, 1000):
        assert draws.randint(ours, 1, high) == theirs.randint(1, high)
        assert draws.randrange(ours, high) == theirs.randrange(high)
    assert ours.draws == theirs.draws
    assert ours.getstate() == theirs.getstate()


def test_the_draws_match_random_random() -> None:
    """The same numbers as the standard library's generator of the same seed (a record replays)."""
    ours, plain = GameRandom(5), random.Random(5)
    assert [draws.randint(ours, 1, 6) for _ in range(50)] == [plain.randint(1, 6) for _ in range(50)]
    deck, plain_deck = list(range(40)), list(range(40))
    ours.shuffle(deck)
    plain.shuffle(plain_deck)
    assert deck == plain_deck


def test_a_copy_draws_from_its_pending_state() -> None:
    rng = GameRandom(3)
    rng.randint(1, 6)
    twin = made_rng(rng.getstate(), rng.draws)
    assert draws.randint(twin, 1, 20) == rng.randint(1, 20)
    assert twin.draws == rng.draws


def test_an_empty_range_is_refused_as_the_generator_refuses_it() -> None:
    with pytest.raises(ValueError):
        draws.randrange(GameRandom(1), 0)
    with pytest.raises(ValueError):
        draws.randint(GameRandom(1), 1, 0)


def test_a_scripted_generator_is_asked_through_its_methods() -> None:
    rng = ScriptedRandom([3, 0])
    assert draws.randint(rng, 1, 6) == 4
    assert draws.randrange(rng, 2) == 0
    with pytest.raises(NeedChance):
        draws.randint(rng, 1, 6)
