"""The frames of the order of play: their ``kind`` a slot of each frame, their ``replace`` a
method of their class; a state's ``is_over`` its own attribute."""

from __future__ import annotations

import dataclasses
import inspect
import random
from types import MemberDescriptorType
from typing import cast

import pytest

import soulforge
from soulforge.games.soulshards import frames
from soulforge.games.soulshards.game import Soulshards
from soulforge.games.soulshards.state import ShardsState

GAME = cast(Soulshards, soulforge.load("soulshards"))
FRAME_CLASSES = [value for value in vars(frames).values() if isinstance(value, type)
                 and issubclass(value, frames.FrameBase) and value is not frames.FrameBase]


def test_every_frame_holds_its_kind_in_a_slot() -> None:
    """``kind`` is read from the frame itself (a slot), never from its class: the read the order of
    play makes on every step stays one the interpreter specialises."""
    assert len(FRAME_CLASSES) == 12
    for cls in FRAME_CLASSES:
        assert isinstance(inspect.getattr_static(cls, "kind"), MemberDescriptorType), cls


def test_a_fixed_kind_is_not_an_argument_nor_compared() -> None:
    fight = frames.Fight(1, 2, ambush=False, keep=True)
    assert fight.kind == "fight"
    assert fight == frames.Fight(1, 2, ambush=False, keep=True)
    assert hash(fight) == hash(frames.Fight(1, 2, ambush=False, keep=True))
    assert "kind" not in repr(fight)
    assert frames.SeatTask("turn", 0) != frames.SeatTask("deploy", 0)  # a kind given is compared


def test_replace_makes_a_new_frame_with_the_changes_only() -> None:
    attack = frames.AttackInProgress("provoke", (1, 2))
    moved = attack.replace(phase="block", done=(1,))
    assert moved is not attack and type(moved) is frames.AttackInProgress
    assert (moved.kind, moved.phase, moved.attackers, moved.done) == ("attack", "block", (1, 2), (1,))
    assert (attack.phase, attack.done) == ("provoke", ())  # the original unchanged
    assert dataclasses.replace(attack, phase="block", done=(1,)) == moved
    task = frames.SeatTask("deploy", 1)
    assert task.replace(p=0) == frames.SeatTask("deploy", 0)
    with pytest.raises(TypeError):
        attack.replace(phas="block")  # a misspelt field is refused, as by dataclasses.replace
    with pytest.raises(TypeError):
        frames.Fight(1, 2, ambush=False, keep=True).replace(kind="check")  # a fixed kind stays


def test_is_over_is_the_step_over() -> None:
    """``is_over`` reads the step (only ``finish`` sets ``over``), in a clone too: the state's own
    property (a native class's, compiled), no flag of its own to keep in step."""
    s = GAME.new_game(seed=1)
    assert s.is_over is False and s.clone().is_over is False
    rng = random.Random(1)
    while not s.is_over:
        assert s.step != "over"
        s.apply(rng.choice(s.legal_actions()))
    assert s.step == "over" and s.clone().is_over is True and isinstance(s, ShardsState)
