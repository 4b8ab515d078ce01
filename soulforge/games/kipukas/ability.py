"""A Kipukas card's effect as the engine reads it: :class:`Ability` (flags, hooks, numbers).

Its own module, left pure (``tools/build_native.py`` EXCLUDED): ``abilities._register_pieces``
registers one piece per field from the field's annotation, read as text ("bool",
"frozenset[int]", "Callable[...] | None"); compiled, a dataclass's annotations are runtime
types and an optional field reads as ``type``, so every optional field would register the
wrong piece. Compiled modules read its fields as attributes of a plain Python object, as
they did while ``cards.py`` was pure.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from soulforge.games.kipukas.data import Dice

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

Hook = Callable[["S", int], None]


def _never(s: S, piece: int) -> bool:
    return False


@dataclasses.dataclass(frozen=True)
class Ability:
    """One card's effect: flags, hooks and how its text is read."""

    reading: str = "No additional effects."
    missing: str = ""
    constantly_downed: bool = False
    acts_downed: bool = False
    waste_on_loss: str = ""  # "any": a lost KEAL means bout wastes it; "defence": a lost defence
    cannot_attack: bool = False
    cannot_claim: bool = False
    no_space: bool = False
    contention_with: frozenset[str] = frozenset()
    """Genes that bring it into contention; empty: any soul (the Synapse Virus needs machines)."""
    immobile: bool = False
    attacked_first: bool = False
    must_reveal: bool = False
    reroll: bool = False
    movement: int | None = None
    dice: Dice | None = None
    summon: Callable[[S, int], bool] | None = None
    cycle: Hook | None = None
    won_bout: Callable[[S, int, int], None] | None = None
    lost_to: Callable[[S, int, int], bool] | None = None
    engage: Callable[[S, int, int], bool] | None = None
    wasted: Hook | None = None
    storm_proof: Callable[[S, int], bool] = _never
    # territory cards (terrain features) and items: what they give the souls they touch
    bonus: Callable[[S, int, int], int] | None = None
    tolerance: Callable[[S, int], int] | None = None
    move_bonus: Callable[[S, int], int] | None = None
    escape: int = 0
    # traps and sabotage
    trap_on: frozenset[int] = frozenset()
    detect_on: frozenset[int] | None = None
    """The D20 numbers that detect it; None: standard detection (#traps: 'detected if a 1,2,3,
    or 4 is rolled', the game's ``play.detection_high``)."""
    sprung: Callable[[S, int, int], None] | None = None
    sabotage: Callable[[S, int, int], None] | None = None
    ante: bool = False
    """A sabotage that antes a soul of the seat instead of aiming at a territory (the Hidden
    Portal of Lower Dreadmont Cave, ``portal.py``)."""
    # turning the diel roll: "day" turns a night roll to day, "night" a day roll to night,
    # "either" both ways; a soul every other turn, a card of the hand once
    turns_roll: str = ""
    makes_magic: bool = False
    """The Causal Sophist: Cenozoic and Astral souls on her stand are Magic (``gene``)."""
    rogue_on_fail: bool = False
    """A failed summon makes the soul a rogue (#rouge) instead of discarding it."""
    swaps_first: bool = False
    """Branwen: the first attack between her and another card, she attacks it instead."""
    leaps: bool = False
    """Pyrostegia: moves only, and instantly, to forest territories in conflict."""
    sacrifice: bool = False
    """Pyrostegia: may sacrifice itself to waste every soul on its stand."""
    honey_night: bool = False
    """Passage Among Maples: at night its holder may take a honey instead of refilling."""
    lingers: bool = False
    """A trap kept in play, revealed, once sprung: it springs on any soul entering its territory
    (To Catch a Spirit: 'Once activated, this card is kept in play ... Neither player controls
    this card')."""
    stays: bool = False
    """A sabotage card that stays in play after it is played (Mutant Hide and Seek)."""
    donates: bool = False
    """Frost Tipped Arctic Otter: 'Can donate 2 keal means at the cost of 1 keal means to itself.'"""
    sacrifice_genes: frozenset[str] = frozenset()
    """A sacrifice that wastes only the opponents' souls of these genes (Unburdened Central)."""
    stays_in_capital: bool = False
    """Unburdened Central: in an enemy capital she cannot move out nor be engaged."""
    takes_capital: bool = False
    """Unburdened Central: a soul that holds no camp but may take the enemy capital it is in."""
    hides: bool = False
    """Shard's Desert: its holder's items dropped in its territory are found by the holder only."""
    den: bool = False
    """Avian Keeper's Den: a prison for non-avian souls (``card_moves.ImprisonRule``)."""
    enters: Hook | None = None
    """Called when the soul moves into a territory (after the activation roll)."""
    lost_bout: Callable[[S, int, int], None] | None = None
    """Called on the loser of a KEAL means bout (piece, winner)."""
    hunts_in_water: frozenset[str] = frozenset()
    """Little Charm: an enemy soul of one of these motives stepping onto a water stand must
    battle it (it moves there at once, ``stepped``); that soul's throws against it are halved."""
    carried: bool = False
    """Balanced Inline Processing Colony: it boards a soul of its seat as an item (``card_moves.
    CarryRule``); dropped, it lives only in its seat's capital; its seat's sabotage against a
    territory it is in also succeeds on a 1-2 (``sabotage_boost``)."""
    infects: bool = False
    """Neural Network Synapse Virus: a bout its roll and the other's differ by 3 or more infects
    the other (``after_bout``): it is equipped to it, -D6 to each of its rolls, wasted with it."""
    hops: Callable[[S, int], list[str]] | None = None
    """The stands a soul moves to instantly, its one move a day (the Synapse Virus)."""
    second_form: tuple[tuple[str, frozenset[int]], ...] = ()
    """Sprite of Wilds' Spirit: the D6 faces that capture a bear, by geography (``FormRule``)."""
    form_near_water: frozenset[int] = frozenset()
    """Faces added to ``second_form``'s when water touches the territory."""
    form_movement: int | None = None
    form_dice: Dice | None = None
