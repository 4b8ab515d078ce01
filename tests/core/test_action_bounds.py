"""Every action field is bounded where JSON becomes an action (issue 17, defect 5): the
codec bounds sizes, and the fixed action index gives each field its range."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import soulforge
from soulforge.core import Action, ActionCodec, IllegalAction
from soulforge.core.action import INT_BOUND, LENGTH_BOUND, TEXT_BOUND


@dataclasses.dataclass(frozen=True, slots=True)
class Free(Action):
    kind: ClassVar[str] = "free"
    number: int
    text: str
    items: tuple[int, ...]


@pytest.mark.parametrize(("field", "value"), [
    ("number", INT_BOUND + 1), ("number", -(2**80)), ("text", "x" * (TEXT_BOUND + 1)),
    ("items", list(range(LENGTH_BOUND + 1))), ("items", [2**70]),
])
def test_the_codec_bounds_every_field(field: str, value: Any) -> None:
    data = {"type": "free", "number": 1, "text": "a", "items": [], field: value}
    with pytest.raises(IllegalAction, match=f"free.{field}") as refusal:
        ActionCodec([Free]).decode(data)
    assert refusal.value.rule == "action format"


@pytest.mark.parametrize(("game_id", "data", "message"), [
    ("five_realms", {"type": "place", "row": 1, "col": 5}, "place.col must be from 0 to 4, not 5"),
    ("soulgivers", {"type": "step", "dir": 4}, "step.dir must be from 0 to 3, not 4"),
    ("soulgivers", {"type": "keep", "card": 10}, "keep.card must be from 0 to 9, not 10"),
    ("soulgivers", {"type": "ability", "name": "x", "x": 0, "y": 0}, "ability.name must be one of"),
])
def test_a_field_outside_the_action_index_is_refused_naming_it(game_id: str, data: dict[str, Any],
                                                                message: str) -> None:
    """The inputs that crashed a refusal's message (IndexError, KeyError) are refused first."""
    with pytest.raises(IllegalAction, match=message):
        soulforge.load(game_id).action_from_json(data)


def test_a_combination_no_position_offers_is_refused() -> None:
    """Each field in its range, but together never offered: refused as a whole."""
    game = soulforge.load("soulgivers")
    indexed = {tuple(a.to_json().items()) for a in game._action_table if a.kind == "ability"}
    values = game._field_values["ability"]
    combos = ({"type": "ability", "name": n, "x": x, "y": y}
              for n in sorted(values["name"], key=str) for x in values["x"] for y in values["y"])
    odd = next(c for c in combos if tuple(c.items()) not in indexed)
    with pytest.raises(IllegalAction, match="never an action of soulgivers"):
        game.action_from_json(odd)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-3, 40) | st.floats(allow_nan=True)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@pytest.mark.parametrize("game_id", soulforge.GAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_json_becomes_an_action_or_an_illegal_action(game_id: str, data: st.DataObject) -> None:
    """Fuzz: at a random position, any JSON, or a listed action's JSON with one field replaced
    by any JSON, is refused with IllegalAction or decodes; then the state refuses or accepts
    it, never crashing and never changing what anyone sees."""
    game = soulforge.load(game_id)
    state = game.new_game(seed=1)
    rng = random.Random(data.draw(st.integers(0, 999)))
    for _ in range(data.draw(st.integers(0, 60))):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions() or game.new_game(seed=1).legal_actions()
    base = data.draw(st.sampled_from(legal)).to_json()
    field = data.draw(st.sampled_from(sorted(base)))
    payload = data.draw(st.one_of(JSON, st.just({**base, field: data.draw(JSON)})))
    before = [state.view(seat) for seat in (None, *range(state.num_players))]
    try:
        action = game.action_from_json(payload)
        state.check(action)
    except IllegalAction as refusal:
        assert str(refusal)
    assert [state.view(seat) for seat in (None, *range(state.num_players))] == before
