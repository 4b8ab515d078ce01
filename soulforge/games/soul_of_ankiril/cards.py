"""The registries card data refers to by name, and the book that declares a card from its row.

A card is one row of ``cards.toml``, declared through the core's ``CardBook`` (``BOOK``):
its effect pieces come from ``PIECES`` (``pieces.py``, compiled), its requirements from ``REQUIREMENTS``, both
``core.registry.Registry``s; adding a card is adding a row. Static keywords (``KEYWORDS``)
are checked by the rules where they bend them (the golden rule: card text overrides the
rulebook). Effect pieces run when an Ability is activated, a Spell is cast, or a trigger
fires (summon: Project, Legacy, Persist, upkeep); requirements are checked (``unmet``) before
an Ability is activated or a Spell cast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.core.cards import CardBook
from soulforge.core.registry import Registry
from soulforge.games.soul_of_ankiril.model import CardDef, Ref
from soulforge.games.soul_of_ankiril.pieces import PIECES as PIECES
from soulforge.games.soul_of_ankiril.pieces import Ctx

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.state import AnkirilState

KEYWORDS: Registry[str] = Registry("Soul of Ankiril keywords")
"""Each static keyword with its glossary text."""
for _keyword, _text in {
    "Ambush": "When it attacks, it suffers damage only if the opponent's Creature survives.",
    "Breach": "Excess damage of a defeating attack hits the opponent's Creature at Range 2 behind.",
    "Guardian": "Cannot attack Emanations.",
    "Intuition": "Activate one of its two Abilities, or both for 1 Energy.",
    "Mimicry": "Cannot be hit by opponents' Spells and Abilities from a Range greater than 1.",
    "Overfly": "Moves up to two terrains, ignoring every obstacle.",
    "Pack": "When it attacks, +1/+1 until end of turn if an allied Creature of its Class is at Range 1.",
    "Press": "When it defeats an opponent's Creature in an attack, it takes its place.",
    "Sprint": "When summoned it can move, attack and activate its Ability (no synchronization fatigue).",
    "Poison": "A Creature it deals damage to becomes Poisoned with a marker of the given value.",
    "Affinity": "+1 Attack on a terrain of its own Element (authored).",
}.items():
    KEYWORDS.add(_keyword, _text)


# -- requirements ----------------------------------------------------------------------------
REQUIREMENTS: Registry[Callable[..., str | None]] = Registry("Soul of Ankiril requirements")
"""When a card's Ability may be activated or its Spell cast: None, or why not."""


@REQUIREMENTS.register("emanations_lost")
def emanations_lost(st: AnkirilState, ctx: Ctx, n: int) -> str | None:
    """At least ``n`` of the owner's Emanations have been deactivated (a comeback card)."""
    lost = sum(1 for k in range(3) if st.ema_hp[ctx.owner * 3 + k] <= 0)
    return None if lost >= n else f"needs {n} of your Emanations deactivated, {lost} are"


@REQUIREMENTS.register("wounded")
def wounded(st: AnkirilState, ctx: Ctx) -> str | None:
    """The Creature using its Ability has lost Health."""
    c = ctx.src
    return None if c is not None and c.hp < c.max_hp else "needs the Creature to be damaged"


TRIGGERS = ("active", "summon", "legacy", "persist", "upkeep")
"""A Creature's uses besides a Spell's ``effects``: each a list of pieces in its row (an Active
Ability, on Summon, its Legacy, Persist, Upkeep), with its ``<use>_if`` requirements."""

BOOK: CardBook[AnkirilState, Ctx] = CardBook("Soul of Ankiril", PIECES, REQUIREMENTS, data_file="cards.toml",
                                            uses={use: (use, f"{use}_if") for use in TRIGGERS})
"""Declares each card from its data row (``data.parse_card``), one named use per trigger, and
checks its requirements."""


def unmet(card: CardDef, st: AnkirilState, ctx: Ctx) -> str | None:
    """The first of ``card``'s requirements not met now (its reason), or None: the one check
    of a card's requirements, for the rules and the fast listing alike."""
    return BOOK.unmet(card.declaration, st, ctx)


def describe(ref: Ref) -> str:
    return PIECES[ref[0]].text.format(*ref[1])


