"""Kipukas combat arithmetic (rulebook #ADRH): rolls, modifiers, brawls, the Final Blow.

Pure functions over cards, dice, the territory's geography and the game's typing chart and
motives (``Kipukas.matchups``); the rules that ask the players (choices, pressing, retreat)
are in ``rules/fight.py`` and ``fight.py``.

>>> brawl_winner("HMPU", "ZrrD")
0
>>> habitat_modifier("Forest", "Forest", "Nomad")
0
>>> downed_movement(4)
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

import soulforge.core.draws as draws
from soulforge.games.kipukas.data import Dice, Matchups

__all__ = ["Dice", "roll"]

PRIMARY_BONUS = {"Mountain": 2, "Forest": 2, "Plains": 3}
"""#habitat_effects: a dweller's roll in its own geography."""
PLAINS_PENALTY_IN = frozenset({"Mountain", "Forest"})
"""#habitat_effects, secondary: mountains and forests take 2 from plains dwellers' rolls."""
PLAINS_PENALTY = 2
DOWNED_MOVEMENT: Final = (0, 1, 1, 1, 2, 2)
"""#moving_downed_souls: movement after downed, by movement before (index); 1 from a
movement of 1 needs an escort. Above 5 the table's pattern (halved) goes on."""
SUPPORT_BONUS = SOCIETY_BONUS = 3
"""#motivation: Support adds 3 to the Final Blow attack roll, Society 3 to its defence."""


def roll(dice: Dice, rng: random.Random) -> int:
    """One throw: every die and the fixed base (``Base 3`` throws nothing and counts 3)."""
    return dice.base + sum(draws.randint(rng, 1, int(die[1:])) for die in dice.dice)


def habitat_modifier(geography: str, habitat: str, other_habitat: str) -> int:
    """What a soul of ``habitat`` adds to its roll in ``geography`` against a soul of
    ``other_habitat`` (#habitat_effects; nomads cancel habitat effects in their battles)."""
    if "Nomad" in (habitat, other_habitat):
        return 0
    if geography == habitat:
        return PRIMARY_BONUS.get(habitat, 0)
    if habitat == "Plains" and geography in PLAINS_PENALTY_IN:
        return -PLAINS_PENALTY
    return 0


def brawl_power(character: str) -> tuple[int, int]:
    """A brawl character's power, higher first (#brawl): capitals A..Z, then lowercase a..z,
    then digits 9..0, then the dash, then the underscore."""
    if character.isupper():
        return 4, -ord(character)
    if character.islower():
        return 3, -ord(character)
    if character.isdigit():
        return 2, ord(character)
    return (1, 1) if character == "-" else (1, 0)


def brawl_winner(first: str, second: str) -> int | None:
    """0 or 1: whose brawl sequence wins, compared left to right (#brawl); None if equal.

    >>> brawl_winner("Aa0_", "Aa-A")
    0
    """
    for a, b in zip(first, second, strict=False):
        if brawl_power(a) != brawl_power(b):
            return 0 if brawl_power(a) > brawl_power(b) else 1
    return None


def downed_movement(movement: int) -> int:
    """Movement range once downed (#moving_downed_souls)."""
    return DOWNED_MOVEMENT[movement] if movement < len(DOWNED_MOVEMENT) else movement // 2


def keal_modifier(matchups: Matchups, attacking: Sequence[str], defending: Sequence[str]) -> int:
    """The typing chart between two KEAL means, added to the attacker's roll (#materials)."""
    return matchups.typing(attacking, defending)


def typing_pairs(matchups: Matchups, attacking: Sequence[str],
                 defending: Sequence[str]) -> list[tuple[str, str, int]]:
    """Each (attacker's archetype, defender's archetype, what the chart adds) of a bout's
    typing, in order: their sum is :func:`keal_modifier` (the fists tool shows them, #fists_tool).

    >>> from soulforge.games.kipukas.data import load_matchups
    >>> typing_pairs(load_matchups(), ("Avian",), ("Avian", "Brutal"))
    [('Avian', 'Avian', 0), ('Avian', 'Brutal', -1)]
    """
    return [(a, d, matchups.typing((a,), (d,))) for a in attacking for d in defending]


class FinalBlowPart(NamedTuple):
    """One addition of a Final Blow: what it is, whose roll it goes to, how much."""

    what: str
    side: str
    """``"attack"`` or ``"defence"``."""
    amount: int


def final_blow_parts(
    matchups: Matchups,
    attacker_gene: str,
    attacker_motive: str,
    defender_gene: str,
    defender_motive: str,
    bonus: int,
) -> list[FinalBlowPart]:
    """The additions of a Final Blow (#final_blow, #motivation), each named: the typing chart
    between the archetypal genes, ``bonus`` (+10) when the attacker's motive beats the
    defender's (#motive_interactions), Support +3 to its attack, Society +3 to its defence;
    the ones that add nothing are left out but the genes' typing."""
    preservation = matchups.preservation
    parts = [FinalBlowPart(f"{attacker_gene} against {defender_gene}", "attack",
                           matchups.typing((attacker_gene,), (defender_gene,)))]
    beats = matchups.motive_bonus(attacker_motive, defender_motive, bonus)
    if beats:
        parts.append(FinalBlowPart(f"{attacker_motive} beats {defender_motive}", "attack", beats))
    if preservation[attacker_motive] == "Support":
        parts.append(FinalBlowPart(f"{attacker_motive}: fights to preserve Support", "attack", SUPPORT_BONUS))
    if preservation[defender_motive] == "Society":
        parts.append(FinalBlowPart(f"{defender_motive}: fights to preserve Society", "defence",
                                   SOCIETY_BONUS))
    return parts


def final_blow_modifiers(
    matchups: Matchups,
    attacker_gene: str,
    attacker_motive: str,
    defender_gene: str,
    defender_motive: str,
    bonus: int,
) -> tuple[int, int]:
    """(attack, defence) additions of a Final Blow: the sums of :func:`final_blow_parts`.

    >>> from soulforge.games.kipukas.data import load_matchups
    >>> final_blow_modifiers(load_matchups(), "Avian", "Passion", "Avian", "Satisfaction", 10)
    (3, 0)
    """
    parts = final_blow_parts(matchups, attacker_gene, attacker_motive, defender_gene, defender_motive, bonus)
    return (sum(p.amount for p in parts if p.side == "attack"),
            sum(p.amount for p in parts if p.side == "defence"))


def best_of_three(matchups: Matchups, attacker_motive: str, defender_motive: str) -> bool:
    """Self preservation makes a Final Blow best 2 out of 3 (#motivation), read as: when
    either soul's motive is in the Self group (NOTES.md)."""
    return "Self" in (matchups.preservation[attacker_motive], matchups.preservation[defender_motive])
