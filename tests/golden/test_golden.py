"""The rules did not change: golden games give byte-identical views, logs and records.

Fingerprints were recorded before the games moved onto the core's turn flow (see
``golden.py``). A sample of the seeds runs in every test run; the other 180 per game and
the seeded AI games run with the slow tests.
"""

from __future__ import annotations

import pytest

from tests.golden.golden import AI_MATCHES, AI_SEEDS, SEEDS, ai_record, fingerprint, stored

GOLDEN = stored()
GAMES = sorted(game for game in GOLDEN if "/" not in game)
SAMPLE = SEEDS[::10]
"""The seeds every test run checks, ``-m "not slow"`` included (one in ten)."""
REST = [seed for seed in SEEDS if seed not in SAMPLE]
"""The other golden seeds, checked with the slow tests: with the sample, every seed once (a
sample seed checked again by the slow tests was 10% of their golden games, pure and
compiled)."""
CHUNKS = 4
"""The other 180 golden games of a game are checked in this many tests (45 seeds each), so
the two workers of ``make test`` share a game's slow test instead of one worker waiting on
it."""


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SAMPLE)
def test_golden_game_unchanged(game_id: str, seed: int) -> None:
    assert fingerprint(game_id, seed) == GOLDEN[game_id][str(seed)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_golden_game_unchanged(game_id: str, chunk: int) -> None:
    seeds = REST[chunk::CHUNKS]
    changed = [seed for seed in seeds if fingerprint(game_id, seed) != GOLDEN[game_id][str(seed)]]
    assert changed == []


def test_the_sample_and_the_chunks_cover_every_golden_seed_once() -> None:
    chunked = [seed for chunk in range(CHUNKS) for seed in REST[chunk::CHUNKS]]
    assert sorted([*SAMPLE, *chunked]) == sorted(SEEDS) and len(SEEDS) == len(set(SEEDS))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("match", sorted(AI_MATCHES))
@pytest.mark.parametrize("seed", AI_SEEDS)
def test_seeded_ai_games_unchanged(game_id: str, match: str, seed: int) -> None:
    """One test per seed: a searched game is the longest golden test (Soul of Ankiril's three
    ``easy-normal`` games 20 CPU-s pure), and a test per seed lets both workers share them."""
    assert ai_record(game_id, match, seed) == GOLDEN[f"{game_id}/ai"][f"{match}/{seed}"]
