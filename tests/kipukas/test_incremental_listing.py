"""The day listing of a position that kept things from the positions before it, against the
full listing of the same position worked out from nothing.

A Kipukas position carries state across moves that its day listing reads: the index of where
pieces are, patched by a soul's move (``KipukasState.relocated``) rather than rebuilt, the
grounds cached in it, the reaches the last listing kept for the move made from it
(``day.listed_way``), the held camps a map keeps per holding (``KipukaMap.memo``), and the
listing a clone shares with its original. Each is a way of not recomputing part of a listing;
this is the differential proof that none of them changes the listing: at every day position of
seeded random and greedy playouts, the listing the live position gives (``legal_actions``, the
fast listing on whatever it kept) equals, as a list (same actions, same order: agents pick by
position), the rules' own listing (``Flow.plain_legal``) of the position restored from its bytes
with nothing kept. Clones listed afresh, clones moved on along
another branch, and positions restored from bytes (an undo replays to such a position) are
held to the same.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import soulforge
from soulforge.agents.greedy import GreedyAgent
from soulforge.core import Action
from soulforge.games.kipukas.actions import Move
from soulforge.games.kipukas.encoding import DAY
from soulforge.games.kipukas.state import KipukasState

Chooser = Callable[[KipukasState, list[Action]], Action]


class _Fresh:
    """Full listings worked out from nothing kept: each position is restored from its bytes
    (a state of its own: no listing shared with a clone, no reach kept for its list), its
    index and grounds dropped, and listed by the rules' own listing (``Flow.plain_legal``).
    (The map's memo of held camps is a pure function of its key, which
    ``test_incremental.py`` checks against the camps worked out anew.)"""

    def __init__(self, board: str) -> None:
        self.game = soulforge.load("kipukas", map=board)

    def listing(self, state: KipukasState) -> list[Action]:
        twin = self.game.state_from_bytes(state.to_bytes())
        assert isinstance(twin, KipukasState)
        twin.moved()
        twin._legal = None
        return list(twin.flow.plain_legal(twin))


def _random(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda state, legal: rng.choice(legal)


def _greedy(seed: int) -> Chooser:
    agent = GreedyAgent(seed=seed, follow=0)
    return lambda state, legal: agent.act(state, state.active)


def _check_playout(board: str, players: int, seed: int, choose: Chooser, fresh: _Fresh, limit: int) -> int:
    """Play one seeded game (at most ``limit`` moves), checking every day position; returns
    how many day positions were checked."""
    game = soulforge.load("kipukas", map=board)
    state = game.new_game(seed=seed, players=players)
    assert isinstance(state, KipukasState)
    branch = random.Random(seed + 1000)
    checked = 0
    while not state.is_over and state.move_number < limit:
        legal = state.legal_actions()
        if state.phase == DAY:
            where = (board, seed, state.move_number)
            expected = fresh.listing(state)
            assert legal == expected, where
            twin = state.clone()
            twin._legal = None  # (a clone shares its original's listing: listed anew here)
            assert twin.legal_actions() == expected, where
            restored = game.state_from_bytes(state.to_bytes())
            assert isinstance(restored, KipukasState)
            assert restored.legal_actions() == expected, where
            # another branch: the clone moves on with its own choice, on what it kept
            twin.apply(branch.choice(legal))
            if twin.phase == DAY and not twin.is_over:
                assert twin.legal_actions() == fresh.listing(twin), (*where, "branch")
            checked += 1
        state.apply(choose(state, legal))
    return checked


@pytest.mark.parametrize(("board", "players", "seeds"), [("duel", 2, range(6)), ("grand", 3, range(2))])
def test_the_listing_on_what_a_position_kept_is_the_full_listing_random(
    board: str, players: int, seeds: range
) -> None:
    """Random playouts: every day position, its clones, branches and restored twins."""
    fresh = _Fresh(board)
    checked = sum(_check_playout(board, players, seed, _random(seed), fresh, 10_000) for seed in seeds)
    assert checked > 60 * len(seeds)


def test_the_listing_on_what_a_position_kept_is_the_full_listing_greedy() -> None:
    """Greedy playouts (the heuristic's choices: fights, claims, plays a random player rarely
    makes in a row), their first 150 moves."""
    fresh = _Fresh("duel")
    checked = sum(_check_playout("duel", 2, seed, _greedy(seed), fresh, 150) for seed in range(2))
    assert checked > 40


# -- what a position keeps, and its bytes -------------------------------------------------------
_RESTORE = """
import pickle, sys
import soulforge
game = soulforge.load("kipukas", map="duel")
same = 0
for blob, index, after in pickle.load(open(sys.argv[1], "rb")):
    state = game.state_from_bytes(blob)
    state.apply(state.legal_actions()[index])
    same += state.view(None) == after
print(same)
"""


def test_a_position_saved_after_listing_restores_in_another_process(tmp_path: Path) -> None:
    """A position's bytes, written once its listing kept the reaches of its souls (often the
    map's own cached mappings, ``KipukaMap.ball``), restore in a process whose map caches were
    filled otherwise, and the move listed there goes the same way. The reaches were kept in the
    state, so its bytes named them by their place in the map's cache: the other process, its
    cache empty or filled in another order, crashed (``IndexError``) or read another reach."""
    game = soulforge.load("kipukas", map="duel")
    warm = game.new_game(seed=99)  # the map's caches filled by another game first, as in a server
    chooser = random.Random(99)
    while not warm.is_over:
        warm.apply(chooser.choice(warm.legal_actions()))
    saved: list[tuple[bytes, int, object]] = []
    state = game.new_game(seed=1)
    chooser = random.Random(1)
    while not state.is_over and len(saved) < 25:
        legal = state.legal_actions()
        action = chooser.choice(legal)
        if isinstance(action, Move):
            twin = state.clone()
            twin.apply(action)
            saved.append((state.to_bytes(), legal.index(action), twin.view(None)))
        state.apply(action)
    assert len(saved) == 25
    blobs = tmp_path / "positions.pickle"
    blobs.write_bytes(pickle.dumps(saved))
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", _RESTORE, str(blobs)], cwd=root, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["25"]
