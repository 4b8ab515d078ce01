"""The BREACH_DEAL step of What Do You See in the Breach (#prison): the failed breach's
prisoners taken under control, then one released. The card's mechanics are in ``breach.py``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.games.kipukas.actions import Release, TakeNoMore, TakeOver
from soulforge.games.kipukas.rules.button import ButtonRule

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S
from soulforge.games.kipukas import cards, crafted
from soulforge.games.kipukas.breach import FREED, TAKEN, prisoners_dealt
from soulforge.games.kipukas.cycle import resume


def _releasing(s: S) -> bool:
    """Past taking: 2 taken, or the holder took no more (``dealing[3]`` is -1)."""
    return s.dealing[3] < 0 or s.dealing[3] >= TAKEN


TAKING: Check[S, TakeOver | TakeNoMore] = Check(
    "while taking", lambda s, a: not _releasing(s), "only while taking the breach's prisoners (up to 2)"
)
"""The holder takes up to 2 prisoners before releasing one."""

A_PRISONER: Check[S, TakeOver | Release] = Check(
    "a prisoner of the breach",
    lambda s, a: a.piece in prisoners_dealt(s),
    "soul #{action.piece} is not one of the breach's remaining prisoners",
)


def _after_take(s: S) -> None:
    """Taking is over: one prisoner left is released; none, the cycle goes on; else choose."""
    left = prisoners_dealt(s)
    s.dealing[3] = -1
    if len(left) <= FREED:
        for p in left:
            _release(s, p)
        _finish(s)


def _release(s: S, piece: int) -> None:
    s.prisoner[piece], s.loiter_since[piece] = False, -1
    s.moved()
    s.add_log(f"{s.piece_name(piece)} is released")


def _finish(s: S) -> None:
    """The rest are wasted; the cycle goes on."""

    holder = s.dealing[0]
    for p in prisoners_dealt(s):
        s.add_log(f"{s.seat_name(holder)} wastes {s.piece_name(p)}")
        cards.waste(s, p)
    s.dealing = []
    resume(s)


class TakeOverRule(CheckedRule["S", TakeOver]):
    """What Do You See in the Breach, failure: the opponent "chooses up to 2 souls to take under
    their control"."""

    action = TakeOver
    section = "prison"

    checks = (TAKING, A_PRISONER)

    def legal(self, s: S) -> list[TakeOver]:
        return [] if _releasing(s) else [TakeOver(p) for p in prisoners_dealt(s)]

    def candidates(self, s: S) -> Iterable[TakeOver]:
        return (TakeOver(p) for p in range(len(s.card)))

    def apply(self, s: S, action: TakeOver) -> None:

        holder, piece = s.dealing[0], action.piece
        if s.carried or s.snares:  # its first owner's trap is lost with it (#traps), as when wasted
            crafted.drop_load(s, piece)
        s.tamed[piece] = cards.keeper(s, piece)
        s.owner[piece], s.prisoner[piece] = holder, False
        s.moved()
        s.add_log(f"{s.seat_name(holder)} takes {s.card_of(piece).name} under its control")
        s.dealing[3] += 1
        if s.dealing[3] >= TAKEN or not prisoners_dealt(s):
            _after_take(s)

    def path(self, action: TakeOver) -> ClickPath:
        return (f"piece:{action.piece}",)


class TakeNoMoreRule(ButtonRule[TakeNoMore]):
    """The opponent takes no more (it may take fewer than 2)."""

    action = TakeNoMore
    button = TakeNoMore()
    section = "prison"

    checks = (TAKING,)

    def apply(self, s: S, action: TakeNoMore) -> None:
        _after_take(s)


class ReleaseRule(CheckedRule["S", Release]):
    """The opponent releases "1 of the remaining souls to you, then ... wastes the rest"."""

    action = Release
    section = "prison"

    checks = (
        Check("taking over", lambda s, a: _releasing(s), "release one of the prisoners once taking is over"),
        A_PRISONER,
    )

    def legal(self, s: S) -> list[Release]:
        return [Release(p) for p in prisoners_dealt(s)] if _releasing(s) else []

    def candidates(self, s: S) -> Iterable[Release]:
        return (Release(p) for p in range(len(s.card)))

    def apply(self, s: S, action: Release) -> None:
        _release(s, action.piece)
        _finish(s)

    def path(self, action: Release) -> ClickPath:
        return (f"piece:{action.piece}",)
