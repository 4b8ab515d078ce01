"""Tables made once and kept (the battlefield in views, keywords, log words): what they give
equals what a fresh computation gives, and nothing a caller does to a view reaches them.

The golden fingerprints (``tests/golden``) compare every view and log line of seeded games
byte for byte; these tests name the kept things one by one."""

from __future__ import annotations

import dataclasses
import random

from soulforge.games.soul_of_ankiril import labels, pieces, view
from soulforge.games.soul_of_ankiril.model import EMPTY, Creature
from soulforge.games.soul_of_ankiril.state import AnkirilState

from .helpers import started


def test_a_view_is_fresh_each_time_even_where_the_battlefield_is_kept() -> None:
    state = started(seed=2)
    first = state.view(0)
    first["board"][0]["name"] = "changed by a caller"
    first["creatures"][0]["keywords"].append("Changed")
    again = state.view(0)
    assert again["board"][0]["name"] == state.board.name(0)
    assert "Changed" not in again["creatures"][0]["keywords"]
    assert again["board"] == [
        {"cell": i, "x": state.board.xy[i][0], "row": state.board.xy[i][1], "terrain": state.board.kind[i],
         "element": state.board.element[i], "side": state.board.side[i], "name": state.board.name(i)}
        for i in range(state.board.size)
    ]


def test_keywords_follow_the_card_not_only_its_name() -> None:
    """A card of the same name with other keywords (a data override) shows its own."""
    state = started(seed=2)
    c = next(iter(state.units.values()))
    assert view.creature_view(state, c)["keywords"] == sorted(c.card.keywords)
    other = Creature(99, dataclasses.replace(c.card, keywords=frozenset({"Zeal", "Armor"})), 0, c.cell)
    assert view.creature_view(state, other)["keywords"] == ["Armor", "Zeal"]
    assert view.creature_view(state, c)["keywords"] == sorted(c.card.keywords)


def words_from_scratch(state: AnkirilState, cell: int) -> str:
    """What ``labels.on`` said before its per-board table: the Creature, else the
    Emanation, else the coordinates."""
    names = state.board.names
    if not 0 <= cell < len(names):
        return f"cell {cell}"
    uid = state.occ[cell]
    if uid != EMPTY and uid in state.units:
        return f"{state.units[uid].card.name} ({names[cell]})"
    for seat, cells in enumerate(state.board.emanation_cells):
        if cell in cells:
            return f"seat {seat}'s Emanation ({names[cell]})"
    return names[cell]


def test_the_log_names_every_cell_as_from_scratch_along_seeded_playouts() -> None:
    chooser = random.Random(4)
    for seed in range(3):
        state = started(seed=seed)
        while not state.is_over:
            for cell in range(-1, state.board.size + 1):
                assert labels.on(state, cell) == words_from_scratch(state, cell)
            state.apply(chooser.choice(state.legal_actions()))


def test_allies_within_range_as_the_cells_of_the_ball_along_seeded_playouts() -> None:
    """``ally_within`` reads the Creatures, not the cells within Range: the same cells, in
    cell order, for every Creature and Range at every position of seeded playouts."""
    chooser = random.Random(5)
    for seed in range(3):
        state = started(seed=seed)
        while not state.is_over:
            for c in state.units.values():
                for reach in (0, 1, 2, 9):
                    ball = [cell for cell in state.board.ball(c.cell, reach)
                            if state.occ[cell] >= 0 and state.units[state.occ[cell]].owner == c.owner]
                    assert pieces.ally_within(state, c, c.owner, (reach,)) == ball
            state.apply(chooser.choice(state.legal_actions()))
