"""What a position keeps from its listing for the move made from it, against working it out anew."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import soulforge
from soulforge.games.kipukas import movement
from soulforge.games.kipukas.actions import Move
from soulforge.games.kipukas.board import load_maps
from soulforge.games.kipukas.encoding import DAY
from soulforge.games.kipukas.game import Kipukas
from soulforge.games.kipukas.movement import reach
from soulforge.games.kipukas.rules import day
from soulforge.games.kipukas.state import KipukasState


@pytest.mark.parametrize(("board", "players", "seeds"), [("duel", 2, 12), ("grand", 3, 4)])
def test_the_reaches_kept_by_the_day_listing_are_the_reaches_of_the_position(
    board: str, players: int, seeds: int
) -> None:
    """At every day position of seeded playouts: the listing equals the rules' own, the reach
    it keeps for each soul it lists moves of is the soul's reach worked out anew, and a clone
    (the same position) finds the same way while a position moved on does not use it."""
    game = soulforge.load("kipukas", map=board)
    kept_moves = 0
    for seed in range(seeds):
        state = game.new_game(seed=seed, players=players)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == DAY:
                assert legal == state.flow.plain_legal(state)
                listed = {action.piece for action in legal if isinstance(action, Move)}
                kept = day._KEPT[0]
                if kept[0] is state._legal:
                    assert listed <= set(kept[1])  # (a soul may have range and nowhere to go)
                    for piece, found in kept[1].items():
                        assert found == reach(state, piece)
                else:  # (the contention owed: no move listed, nothing kept)
                    assert not listed
                for action in legal:
                    if isinstance(action, Move):
                        kept_moves += 1
                        way = day.listed_way(state.clone(), action.piece, action.stand)
                        assert way == reach(state, action.piece)[action.stand]
            action = chooser.choice(legal)
            state.apply(action)
            assert day._KEPT[0][0] is not state._legal
    assert kept_moves > 100 * seeds


# -- the index of the map, patched by a move instead of rebuilt --------------------------------
def _rebuilt(state: KipukasState) -> KipukasState:
    """The same position with nothing kept from earlier ones: no index, no grounds, no listing."""
    twin = state.clone()
    twin.moved()
    twin._legal = None
    return twin


def _same_index(state: KipukasState) -> None:
    """The position's index (patched by moves, ``KipukasState.relocated``) and its grounds are
    those worked out anew from the position."""
    kept = state._index
    if kept is None:
        return
    fresh = _rebuilt(state)._where()
    assert [kept[i] for i in (0, 1, 2, 4, 5, 6)] == [fresh[i] for i in (0, 1, 2, 4, 5, 6)]
    for seat, seen in kept[3].items():
        assert seen == movement._ground(_rebuilt(state), seat)


@pytest.mark.parametrize(
    ("board", "players", "seeds"),
    [
        ("duel", 2, range(10)),
        ("grand", 3, range(3)),
        ("grand", 4, range(2)),
        # a bottled soul freed by To Catch a Spirit, then moved (a prisoner no more: rebuilt)
        ("duel", 2, (55, 63)),
        pytest.param("duel", 2, range(10, 40), marks=pytest.mark.slow),
    ],
)
def test_the_index_kept_from_move_to_move_is_the_index_of_the_position(
    board: str, players: int, seeds: range | tuple[int, ...]
) -> None:
    """At every position of seeded playouts: the index of the map a move patched (a soul's
    steps, a reveal) equals the one rebuilt from the position, and so does every ground cached
    in it; the listing equals the listing of the same position with nothing kept (a clone with
    no index), of a determinization's clone, and of the state restored from bytes every tenth
    move. The agents' clones and determinizations list from the same cache. Pieces played and
    wasted patch the index too (``KipukasState.entered``, ``left``)."""
    game = soulforge.load("kipukas", map=board)
    patched = entered_or_left = 0
    for seed in seeds:
        state = game.new_game(seed=seed, players=players)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            _same_index(state)
            legal = state.legal_actions()
            _same_index(state)  # (and the grounds the listing cached)
            assert legal == _rebuilt(state).legal_actions()
            if state.move_number % 10 == 0:
                restored = game.state_from_bytes(state.to_bytes())
                assert isinstance(restored, KipukasState)
                assert restored.legal_actions() == legal
                _same_index(restored)
                seat = state.current_player
                assert seat is not None
                guess = state.determinize(seat, random.Random(seed))
                assert guess.legal_actions() == _rebuilt(guess).legal_actions()
                _same_index(guess)
                twin = guess.clone()
                twin.apply(random.Random(seed).choice(twin.legal_actions()))  # (not the chooser's draw)
                _same_index(twin)
                _same_index(guess)  # (a clone's move leaves the index it shared alone)
            action = chooser.choice(legal)
            kept = state._index
            state.apply(action)
            now = state._index
            patched += kept is not None and now not in (None, kept)
            # a piece played or wasted, the index patched (``entered``, ``left``): compared above
            entered_or_left += kept is not None and now is not None and len(now.live) != len(kept.live)
    assert patched > 20 * len(seeds)
    assert entered_or_left > 2 * len(seeds)


# -- what the map keeps across positions and games for the day listing ------------------------
@pytest.mark.parametrize(("board", "players", "seeds"), [("duel", 2, range(8)), ("grand", 3, range(3))])
def test_the_camps_the_map_keeps_are_the_camps_the_seat_holds(
    board: str, players: int, seeds: range
) -> None:
    """At every day position of seeded playouts (one map, its memo shared by every game): the
    held camps the map kept for the holding (``KipukaMap.memo``) are the camps worked out anew
    from the position, and the list kept is never changed by its readers."""
    game = soulforge.load("kipukas", map=board)
    asked = 0
    for seed in seeds:
        state = game.new_game(seed=seed, players=players)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            if state.phase == DAY:
                kept = day._held_camps(state)
                before = list(kept)
                legal = state.legal_actions()
                assert kept == before == day._camps_held(state)
                # the kept list itself, asked again (unless the memo is full: then worked out anew)
                assert day._held_camps(state) is kept or len(state.board.memo) >= day._MEMO_BOUND
                asked += 1
            else:
                legal = state.legal_actions()
            state.apply(chooser.choice(legal))
    assert asked > 50 * len(seeds)


def test_the_map_never_drops_camps_it_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its bound, the memo keeps what it has and works new holdings out each time: it never
    drops a list it kept. A state's bytes name the map's objects by identity
    (``core.snapshot.references``): a dropped list's identity, taken again by some list of a
    state, would be written as a reference to the memo's entry (restored as another object, or
    not at all). It used to be emptied whole once past the bound."""
    game = soulforge.load("kipukas", map="duel")
    assert isinstance(game, Kipukas)
    # The map's own memo, emptied for this test (filled here alone) and given back its entries
    # after: the map is frozen (a native class compiled), its memo field is not replaced.
    memo = game.board.memo
    before = dict(memo)
    memo.clear()
    try:
        _fill_past_the_bound(game, memo, monkeypatch)
    finally:
        memo.clear()
        memo.update(before)


def _fill_past_the_bound(
    game: Kipukas, memo: dict[int, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``test_the_map_never_drops_camps_it_kept`` on the emptied memo ``memo`` of ``game``'s map."""
    warm = game.new_game(seed=2)  # (some holdings kept first)
    while not warm.is_over:
        warm.apply(warm.legal_actions()[0])
    kept = dict(memo)
    assert kept
    monkeypatch.setattr(day, "_MEMO_BOUND", len(memo) + 2)
    state = game.new_game(seed=3)
    assert isinstance(state, KipukasState)
    chooser = random.Random(3)
    holdings = set()
    while not state.is_over:
        if state.phase == DAY:
            camps = day._held_camps(state)
            assert camps == day._camps_held(state)
            holdings.add((state.active, state.suspended, *state.holder))
        state.apply(chooser.choice(state.legal_actions()))
    assert len(holdings - kept.keys()) > 4  # (more new holdings than the memo had room for)
    assert len(memo) <= day._MEMO_BOUND
    assert all(memo.get(key) is found for key, found in kept.items())


@pytest.mark.parametrize("name", ["duel", "grand"])
def test_what_the_map_works_out_when_built_is_its_paths_and_stands_read_anew(name: str) -> None:
    """The fields a map works out once when built (``KipukaMap.__post_init__``: no cached
    property, so that it compiles), against the paths and stands read again here, and the
    caches it fills in play kept from read to read."""
    board = load_maps()[name]
    for stand in board.stands:
        ways = sorted([(b, tunnel) for a, b, tunnel in board.paths if a == stand]
                      + [(a, tunnel) for a, b, tunnel in board.paths if b == stand])
        assert board.exits[stand] == tuple(ways)
        assert board.neighbours[stand] == tuple(sorted(there for there, _ in ways))
    territory_of = {stand.id: stand.territory for stand in board.stands.values()}
    assert board.touching == {(territory_of[a], territory_of[b]) for a, b, _ in board.paths
                              if territory_of[a] != territory_of[b]} | {
        (territory_of[b], territory_of[a]) for a, b, _ in board.paths if territory_of[a] != territory_of[b]}
    assert board.water == {s.id for s in board.stands.values() if board.geography[s.territory - 1] == "Water"}
    assert board.holdable == tuple(t for t in board.territories if t not in board.transit)
    for t in board.territories:
        movement_stands = [s.id for s in board.stands.values() if s.territory == t]
        assert board.camp_of(t) == (board.base_camp(t) or min(movement_stands))
    start = next(iter(board.stands))
    assert board.spans is board.spans and board.spans[start][start] == 0
    assert board.ball(start, 2, False, False) is board.ball(start, 2, False, False)
    assert board.memo is board.memo
    # pickled and copied whole (a native class compiled: rebuilt by its constructor)
    for copied in (pickle.loads(pickle.dumps(board)), copy.deepcopy(board)):
        assert copied == board and copied.exits == board.exits and copied.camp_of(1) == board.camp_of(1)
