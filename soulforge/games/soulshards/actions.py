"""The actions of Soulshards: one kind per choice the rulebook gives a player.

Cards in play are named by where they lie: a *spot* ``"<seat><b|k><index>"`` (``"1b0"``: seat 1's
Battlefield, first card); ``""`` is no target. Cards in hand are named by card name.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from soulforge.core.action import Action
from soulforge.core.interned import interning
from soulforge.games.soulshards.data import ATTRS

ZONES = "bk"
"""b: Battlefield, k: Keep."""


def spot_words(spot: str) -> str:
    """``"1b2"`` -> ``"seat 1's Battlefield #3"``.

    >>> spot_words("0k0")
    "seat 0's Keep #1"
    """
    if not spot:
        return "no target"
    zone = "Battlefield" if spot[1] == "b" else "Keep"
    return f"seat {spot[0]}'s {zone} #{int(spot[2:]) + 1}"


def _on(target: str) -> str:
    return f" on {spot_words(target)}" if target else ""


@dataclasses.dataclass(frozen=True, slots=True)
class Swap(Action):
    """Setup 2: swap a Reserves card with a card of the Arsenal."""

    kind: ClassVar[str] = "swap"
    out: str
    into: str

    def __str__(self) -> str:
        return f"swap {self.out} out for {self.into}"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepDeck(Action):
    kind: ClassVar[str] = "keep_deck"

    def __str__(self) -> str:
        return "done swapping Reserves"


@dataclasses.dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """Setup 4: pay ``mulligan_cost`` Resolve (rules.toml), shuffle the hand into the Arsenal and
    draw again. Its label with the cost is the state's (``view.describe``): the action alone
    does not know the game's numbers."""

    kind: ClassVar[str] = "mulligan"

    def __str__(self) -> str:
        return "mulligan"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepHand(Action):
    kind: ClassVar[str] = "keep_hand"

    def __str__(self) -> str:
        return "keep this hand"


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseAttribute(Action):
    """Setup 6: the second player gains 1 Attribute of their choice."""

    kind: ClassVar[str] = "choose_attribute"
    attr: int

    def __str__(self) -> str:
        return f"gain 1 {ATTRS[self.attr].title()}"


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """Deploy: a card of the Battlefield or Keep Moves to the other Zone."""

    kind: ClassVar[str] = "move"
    spot: str

    def __str__(self) -> str:
        return f"move {spot_words(self.spot)}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndDeploy(Action):
    kind: ClassVar[str] = "end_deploy"

    def __str__(self) -> str:
        return "end Deploy"


@dataclasses.dataclass(frozen=True, slots=True)
class Stockpile(Action):
    """Stockpile: place a card from hand, choosing which Attribute of its cost it produces."""

    kind: ClassVar[str] = "stockpile"
    card: str
    attr: int

    def __str__(self) -> str:
        return f"stockpile {self.card} for {ATTRS[self.attr].title()}"


@dataclasses.dataclass(frozen=True, slots=True)
class SkipStockpile(Action):
    kind: ClassVar[str] = "skip_stockpile"

    def __str__(self) -> str:
        return "stockpile nothing"


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Engage: play a card from hand, paying its cost; a Spell's target is chosen now."""

    kind: ClassVar[str] = "play"
    card: str
    target: str = ""

    def __str__(self) -> str:
        return f"play {self.card}{_on(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Cast(Action):
    """Acting, Cast: a Character in the Keep pays 1 Fatigue to cast a Spell from Home."""

    kind: ClassVar[str] = "cast"
    caster: str
    card: str
    target: str = ""

    def __str__(self) -> str:
        return f"{spot_words(self.caster)} casts {self.card}{_on(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class UseEffect(Action):
    """Acting, Effect: pay a card's effect cost (``payer``: the Character paying a Gear's Fatigue)."""

    kind: ClassVar[str] = "use_effect"
    spot: str
    payer: str = ""
    target: str = ""

    def __str__(self) -> str:
        by = f" (Fatigue paid by {spot_words(self.payer)})" if self.payer else ""
        return f"use the effect of {spot_words(self.spot)}{by}{_on(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Tactics(Action):
    """Acting, Tactics: 1 Fatigue, the Character is Prepared and you gain 1 Edge."""

    kind: ClassVar[str] = "tactics"
    spot: str

    def __str__(self) -> str:
        return f"tactics with {spot_words(self.spot)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Mount(Action):
    """Mountable: the mount and a lower-Trait rider each gain 1 Fatigue and Move."""

    kind: ClassVar[str] = "mount"
    mount: str
    rider: str

    def __str__(self) -> str:
        return f"{spot_words(self.rider)} rides {spot_words(self.mount)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Attack(Action):
    """Acting, Attack: a Character in the Battlefield begins an attack."""

    kind: ClassVar[str] = "attack"
    spot: str

    def __str__(self) -> str:
        return f"attack with {spot_words(self.spot)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Join(Action):
    """Attack step 1: another Character attacks at the same time."""

    kind: ClassVar[str] = "join"
    spot: str

    def __str__(self) -> str:
        return f"{spot_words(self.spot)} joins the attack"


@dataclasses.dataclass(frozen=True, slots=True)
class Charge(Action):
    kind: ClassVar[str] = "charge"

    def __str__(self) -> str:
        return "attackers chosen"


@dataclasses.dataclass(frozen=True, slots=True)
class Provoke(Action):
    """Provoke: the target in the opponent's Battlefield becomes the Provoking attacker's blocker."""

    kind: ClassVar[str] = "provoke"
    target: str

    def __str__(self) -> str:
        return f"provoke {spot_words(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Block(Action):
    """Attack step 2: a Character of the Battlefield blocks an attacker for 1 Fatigue."""

    kind: ClassVar[str] = "block"
    blocker: str
    attacker: str

    def __str__(self) -> str:
        return f"{spot_words(self.blocker)} blocks {spot_words(self.attacker)}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndBlocks(Action):
    kind: ClassVar[str] = "end_blocks"

    def __str__(self) -> str:
        return "no more blockers"


@dataclasses.dataclass(frozen=True, slots=True)
class FightNext(Action):
    """Attack step 3: the attacker chooses the order of the fights."""

    kind: ClassVar[str] = "fight_next"
    attacker: str

    def __str__(self) -> str:
        return f"fight next with {spot_words(self.attacker)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Guard(Action):
    """Guard: 1 Fatigue to give the fighter Guard's Elude bonus (``guard_elude``) for the fight."""

    kind: ClassVar[str] = "guard"
    spot: str

    def __str__(self) -> str:
        return f"{spot_words(self.spot)} guards"


@dataclasses.dataclass(frozen=True, slots=True)
class SpendEdge(Action):
    """Tactics effects 1 and 2: modify the fight's damage or the DL by ``delta``."""

    kind: ClassVar[str] = "spend_edge"
    delta: int

    def __str__(self) -> str:
        return f"spend 1 Edge: {self.delta:+d}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Done with an optional choice (Tactics, Guard, Zealous)."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class SupportHand(Action):
    kind: ClassVar[str] = "support_hand"
    card: str

    def __str__(self) -> str:
        return f"support with {self.card} from hand"


@dataclasses.dataclass(frozen=True, slots=True)
class SupportStockpile(Action):
    kind: ClassVar[str] = "support_stockpile"
    slot: int

    def __str__(self) -> str:
        return f"support with Stockpile card #{self.slot + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class SupportArsenal(Action):
    kind: ClassVar[str] = "support_arsenal"

    def __str__(self) -> str:
        return "support with the top card of the Arsenal"


@dataclasses.dataclass(frozen=True, slots=True)
class UseTrigger(Action):
    """A pending Exhausted effect: used (cost paid, ``edge`` Edge spent to reduce it)."""

    kind: ClassVar[str] = "use_trigger"
    card: str
    target: str = ""
    edge: int = 0

    def __str__(self) -> str:
        spent = f", {self.edge} Edge off its cost" if self.edge else ""
        return f"use the Exhausted effect of {self.card}{_on(self.target)}{spent}"


@dataclasses.dataclass(frozen=True, slots=True)
class SkipTrigger(Action):
    kind: ClassVar[str] = "skip_trigger"
    card: str

    def __str__(self) -> str:
        return f"do not use the Exhausted effect of {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Demoralize(Action):
    kind: ClassVar[str] = "demoralize"

    def __str__(self) -> str:
        return "demoralize"


@dataclasses.dataclass(frozen=True, slots=True)
class Ambush(Action):
    kind: ClassVar[str] = "ambush"
    target: str

    def __str__(self) -> str:
        return f"ambush {spot_words(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Sabotage(Action):
    kind: ClassVar[str] = "sabotage"

    def __str__(self) -> str:
        return "sabotage"


@dataclasses.dataclass(frozen=True, slots=True)
class SabotageOption(Action):
    """A Sabotage success: ``option`` with its target (``slot``: an Attached card or a Stockpile card)."""

    kind: ClassVar[str] = "sabotage_option"
    option: str
    target: str = ""
    slot: int = -1

    def __str__(self) -> str:
        where = _on(self.target) + (f", card #{self.slot + 1}" if self.slot >= 0 else "")
        return f"sabotage: discard {self.option} card{where}"


@dataclasses.dataclass(frozen=True, slots=True)
class ZealousMove(Action):
    kind: ClassVar[str] = "zealous_move"

    def __str__(self) -> str:
        return "move the Zealous Character"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end the turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    Swap,
    KeepDeck,
    Mulligan,
    KeepHand,
    ChooseAttribute,
    Move,
    EndDeploy,
    Stockpile,
    SkipStockpile,
    Play,
    Cast,
    UseEffect,
    Tactics,
    Mount,
    Attack,
    Join,
    Charge,
    Provoke,
    Block,
    EndBlocks,
    FightNext,
    Guard,
    SpendEdge,
    Pass,
    SupportHand,
    SupportStockpile,
    SupportArsenal,
    UseTrigger,
    SkipTrigger,
    Demoralize,
    Ambush,
    Sabotage,
    SabotageOption,
    ZealousMove,
    EndTurn,
)


# The listings' constructors: one shared object per distinct fields (``core.interned``).
play_ = interning(Play)
cast_ = interning(Cast)
use_ = interning(UseEffect)
tactics_ = interning(Tactics)
attack_ = interning(Attack)
join_ = interning(Join)
move_ = interning(Move)
mount_ = interning(Mount)
stockpile_ = interning(Stockpile)
support_hand_ = interning(SupportHand)
swap_ = interning(Swap)
block_ = interning(Block)
