"""``GameRandom.copy`` is copy-on-write: a copy loads its generator state at its first draw.
Whatever is drawn from the original or the copy, before or after, each goes on as an
independent generator started in the copied state would."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

from soulforge.core.rng import GameRandom


def draws(rng: random.Random) -> list[object]:
    """A few draws of every kind (random, raw bits, ranges, a shuffle)."""
    deck = list(range(10))
    rng.shuffle(deck)
    return [rng.random(), rng.getrandbits(40), rng.randrange(7), rng.choice("abcdef"), deck]


def reference(state: tuple[object, ...]) -> list[object]:
    """The draws of a plain generator loaded with ``state``."""
    rng = GameRandom(0)
    rng.setstate(state)
    return draws(rng)


def test_a_copy_draws_what_the_original_would_have_drawn() -> None:
    rng = GameRandom(5)
    draws(rng)
    state, drawn = rng.getstate(), rng.draws
    twin = rng.copy()
    assert draws(rng) == reference(state)  # the original draws first: the copy is unaffected
    assert twin.getstate() == state and twin.draws == drawn
    assert draws(twin) == reference(state)


def test_copies_of_copies_and_pickles_of_unloaded_copies() -> None:
    rng = GameRandom(11)
    state = rng.getstate()
    twin = rng.copy()
    grandchild = twin.copy()  # copied before the copy ever drew
    pickled = pickle.loads(pickle.dumps(twin))
    assert type(pickled) is GameRandom and pickled.draws == rng.draws
    assert draws(grandchild) == draws(pickled) == draws(twin) == draws(rng) == reference(state)


def test_a_snapshot_is_never_stale() -> None:
    """The original remembers its state between draws; a draw, ``seed`` or ``setstate``
    forgets it."""
    rng = GameRandom(3)
    first = rng.copy()
    rng.random()
    second = rng.copy()
    rng.seed(8)
    third = rng.copy()
    rng.setstate(first.getstate())
    fourth = rng.copy()
    assert first.getstate() == fourth.getstate() != second.getstate()
    assert third.getstate() == GameRandom(8).getstate()
    assert draws(second) == reference(_after_one(3))


def _after_one(seed: int) -> tuple[object, ...]:
    """The state of ``GameRandom(seed)`` after one ``random()``."""
    rng = GameRandom(seed)
    rng.random()
    return rng.getstate()


class _ThroughTheStdlib(GameRandom):
    """``random.Random``'s own draws, through the counting ``getrandbits`` (what GameRandom
    drew before it read the C generator straight for ``randrange``, ``randint``, ``choice``)."""

    def _randbelow(self, n: int) -> int:
        drawn: int = self._randbelow_with_getrandbits(n)  # type: ignore[attr-defined]
        return drawn

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return random.Random.randrange(self, start, stop, step)

    def randint(self, a: int, b: int) -> int:
        return random.Random.randint(self, a, b)


def test_the_quick_draws_are_the_stdlib_draws_and_counted_alike() -> None:
    """A seeded game replays only if every draw is the one ``random.Random`` makes."""
    for seed in range(30):
        quick, stdlib = GameRandom(seed), _ThroughTheStdlib(seed)
        for draw in range(200):
            asked = _DRAWS[draw % len(_DRAWS)]
            assert asked(quick) == asked(stdlib), (seed, draw)
            assert quick.draws == stdlib.draws


_DRAWS: list[Callable[[random.Random], object]] = [
    lambda r: r.randint(1, 20),
    lambda r: r.randrange(7),
    lambda r: r.choice("abcdefghijk"),
    lambda r: r.randrange(3, 1000),
    lambda r: r.randrange(0, 10, 3),
]
