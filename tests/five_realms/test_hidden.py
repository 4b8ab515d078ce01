"""Hidden information (five_realms.txt, END OF THE GAME "PLEASE NOTE", RECRUIT; DESIGN.md,
Hidden information): characters are seen only as the rules reveal them."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from soulforge.games.five_realms.state import FiveRealmsState

from .helpers import act, new_game, put_square, put_top, table


def _playout_states(seed: int, every: int = 3) -> Iterator[FiveRealmsState]:
    s = new_game(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        if s.move_number % every == 0:
            yield s
        s.apply(rng.choice(s.legal_actions()))
    yield s


def _cards_in_view(view: dict[str, Any]) -> list[dict[str, Any]]:
    cards = list(view["square"]) + list(view["discard"])
    for player in view["players"]:
        cards += player["council"] + player["titans"]
        for column in player["columns"]:
            cards += column["cards"]
    pending = view["pending"]
    cards += pending.get("collected", []) + ([pending["newcomer"]] if "newcomer" in pending else [])
    return cards


def _known_cards(s: FiveRealmsState, seat: int | None) -> int:
    where = [c for c in s.square if c >= 0] + s.discard + s.collected + s.imperial
    where += [s.newcomer] if s.newcomer >= 0 else []
    for p in range(2):
        where += s.council[p] + s.titans[p] + [c for col in s.columns[p] for c in col]
    return sum(1 for c in where if s.knows(seat, c))


def test_a_view_shows_exactly_the_characters_its_seat_knows() -> None:
    """five_realms.txt, END OF THE GAME, PLEASE NOTE: no character side is seen outside a RECRUIT."""
    for seed in range(3):
        for s in _playout_states(seed):
            for seat in (0, 1, None):
                shown = [c for c in _cards_in_view(s.view(seat)) if c["character"] is not None]
                assert len(shown) == _known_cards(s, seat)
                assert "card_type" not in json.dumps(s.view(seat))


def test_opponent_never_sees_the_collected_characters_nor_their_log() -> None:
    """five_realms.txt, RECRUIT: the recruiting player looks; log lines naming them go only to them."""
    s = table()
    put_square(s, {"b2": "Feline Witch", "b4": "Marine King"})
    put_top(s, "Feline Warrior")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    assert s.undo_floor == s.move_number  # hidden information reached a seat
    text = json.dumps([s.view(1), s.log(1), s.view(None), s.log(None)])
    assert "Feline Witch" not in text and "Feline Warrior" not in text
    assert "Feline Witch" in json.dumps([s.view(0), s.log(0)])


def test_determinize_resamples_what_the_opponent_saw_keeping_banners_and_counts() -> None:
    """DESIGN.md, Hidden information: determinize(p) resamples everything p does not know,
    consistently with the card counts, and keeps view(p)."""
    s = table()
    put_square(s, {"b2": "Feline Witch", "b4": "Marine King"})
    put_top(s, "Feline Warrior")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    seen: set[tuple[str, ...]] = set()
    for seed in range(20):
        world = s.determinize(1, random.Random(seed))
        assert isinstance(world, FiveRealmsState)
        assert world.view(1) == s.view(1)
        assert [world.banner_name(c) for c in world.collected] == ["Feline", "Feline"]
        assert Counter(world.card_type) == Counter(s.card_type)
        seen.add(tuple(sorted(world.card_name(c) for c in world.collected)))
    assert len(seen) > 1
    # The recruiter's own determinization keeps what it saw.
    mine = s.determinize(0, random.Random(1))
    assert isinstance(mine, FiveRealmsState)
    assert sorted(mine.card_name(c) for c in mine.collected) == ["Feline Warrior", "Feline Witch"]


def test_determinize_depends_only_on_the_view() -> None:
    """DESIGN.md, Hidden information: equal view(p) and equal rng give equal worlds."""
    for s in _playout_states(4, every=9):
        for seat in (0, 1):
            other = s.determinize(seat, random.Random(7))
            one = s.determinize(seat, random.Random(1))
            two = other.determinize(seat, random.Random(1))
            for viewer in (0, 1, None):
                assert one.view(viewer) == two.view(viewer)


def test_heuristic_is_bounded_on_determinized_states() -> None:
    """DESIGN.md, Agents: the heuristic is in [-1, 1]."""
    for s in _playout_states(2, every=5):
        world = s.determinize(0, random.Random(0))
        for seat in (0, 1):
            assert -1.0 <= s.game.heuristic(world, seat) <= 1.0
