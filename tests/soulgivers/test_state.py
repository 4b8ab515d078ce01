"""The state's copy (``SoulgiversState.clone``): every field by its declared type."""

from __future__ import annotations

from soulforge.core.clone import dict_of
from soulforge.games.soulgivers.state import CLONE_PLAN

from .helpers import play_random


def test_every_field_is_declared_and_the_clone_shares_no_mutable_one() -> None:
    s = play_random(5, limit=90)
    core = dict_of(s._bare_copy()).keys()  # (below a native core State: no __dict__ yet)
    assert s.__dict__.keys() - core == CLONE_PLAN.plan.keys()
    twin = s.clone()
    assert twin.__dict__.keys() == s.__dict__.keys()
    for name in CLONE_PLAN.mutable:
        mine, theirs = getattr(s, name), getattr(twin, name)
        assert mine == theirs and (mine is None or mine is not theirs), name
        if isinstance(mine, list) and mine and isinstance(mine[0], list):
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name


def test_a_field_without_declaration_is_still_copied() -> None:
    s = play_random(6, limit=30)
    vars(s)["scratch"] = scratch = [[1], [2]]
    copied = vars(s.clone())["scratch"]
    assert copied == scratch and copied is not scratch and copied[0] is not scratch[0]
