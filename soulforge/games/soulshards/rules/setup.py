"""The rules of "To begin the game": Reserves swaps, keeping the deck, mulligans, the second
player's Attribute."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulshards import setup, words
from soulforge.games.soulshards.actions import (
    ChooseAttribute,
    KeepDeck,
    KeepHand,
    Mulligan,
    Swap,
)
from soulforge.games.soulshards.data import ATTRS
from soulforge.games.soulshards.rules.common import (
    KEEP_DECK_ACTION,
    KEEP_HAND_ACTION,
    MULLIGAN_ACTION,
    ShardsRule,
)

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState as S


# -- setup -------------------------------------------------------------------------------------
class SwapRule(ShardsRule):
    action = Swap
    section = "To begin the game, step 2"

    def legal(self, s: S) -> list[Swap]:
        p = s.decider
        return [
            Swap(out, into)
            for out in sorted(set(s.arsenal[p]))
            for into in sorted(set(s.reserves[p]))
            if out != into
        ]

    def do(self, s: S, a: Swap) -> None:
        p = s.decider
        s.arsenal[p].remove(a.out)
        s.reserves[p].remove(a.into)
        s.arsenal[p].append(a.into)
        s.reserves[p].append(a.out)
        s.swaps[p] += 1
        s.log_later(words.swaps, p)
        s.log_later(words.you_swap, a.out, a.into, visible_to=p)

    def path(self, a: Swap) -> ClickPath:
        return (f"reserve:{a.into}", f"deck:{a.out}")


class KeepDeckRule(ShardsRule):
    action = KeepDeck
    section = "To begin the game, step 2"

    def legal(self, s: S) -> list[KeepDeck]:
        return [KEEP_DECK_ACTION]

    def do(self, s: S, a: KeepDeck) -> None:
        s.stack.pop()


class MulliganRule(ShardsRule):
    action = Mulligan
    section = "To begin the game, step 4"

    def legal(self, s: S) -> list[Mulligan]:
        return [MULLIGAN_ACTION]

    def do(self, s: S, a: Mulligan) -> None:
        setup.mulligan(s, s.decider)


class KeepHandRule(ShardsRule):
    action = KeepHand
    section = "To begin the game, step 4"

    def legal(self, s: S) -> list[KeepHand]:
        return [KEEP_HAND_ACTION]

    def do(self, s: S, a: KeepHand) -> None:
        s.stack.pop()
        s.add_log(f"seat {s.decider} keeps the hand")


class AttributeRule(ShardsRule):
    action = ChooseAttribute
    section = "To begin the game, step 6"

    def legal(self, s: S) -> list[ChooseAttribute]:
        return [ChooseAttribute(i) for i in range(4)]

    def do(self, s: S, a: ChooseAttribute) -> None:
        s.stack.pop()
        s.pool[s.decider][a.attr] += 1
        s.add_log(f"seat {s.decider} gains 1 {ATTRS[a.attr].title()} (second player)")

    def path(self, a: ChooseAttribute) -> ClickPath:
        return (f"attr:{ATTRS[a.attr]}",)
