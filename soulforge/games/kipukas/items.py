"""Item cards and crafted recipes (#items, #crafting, #equiping) as equipment effects.

A soul's ``items`` hold item card ids (an item played alone) and ``recipe:<n>`` for a
crafted item (``RECIPES[n]``). Each has an :class:`ItemEffect`; recipes whose effect the
engine does not play yet are not craftable (``Recipe.playable``) and say why in ``missing`` (all
20 are played now). What crafted traps, ranged weapons, lights and the bag do beyond their
wielder's rolls is played by ``crafted.py``; their effects and the marks they leave on souls
(``timers``: sticky, snared, held) are here.
The recipes a game crafts by are its own (``Kipukas.recipes``, ``load_recipes``: their items
may be changed with ``--set``); which recipes there are, their order and effects are fixed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import soulforge.core.draws as draws
from soulforge.core.data import data_cache, field, package_dir, read_json
from soulforge.core.errors import DataError
from soulforge.games.kipukas.data import CARDS, Dice

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


@dataclasses.dataclass(frozen=True)
class ItemEffect:
    bonus: Callable[[S, int, int], int] | None = None
    escape: int = 0
    storm_proof: bool = False
    single_use: bool = False
    """Its cards are wasted once its effect has worked (the Tunic)."""
    cycle: Callable[[S, int], None] | None = None
    burns: tuple[Dice, Dice, int] | None = None
    """A fire starter: its die, the die it must beat, and the throws a try has
    (``card_moves.BurnRule``)."""
    ranged: tuple[Dice, Dice | None] | None = None
    """A ranged weapon: its dice against a soul on a movement stand 1 path away, and against one
    on a camp stand 1 path away (None: it cannot) (``crafted.ShootRule``)."""
    trap: TrapSpec | None = None
    """A crafted trap: laid in the territory of the soul it is crafted for (``crafted.py``)."""
    lights: int = 0
    """A light for a night move: how many souls (the wielder first) it moves (``crafted.NightMoveRule``)."""
    hauls: bool = False
    """A bag: the wielder may carry one crafted trap of its seat (``crafted.HaulRule``)."""
    launches: bool = False
    """A bow that launches small things (``small``) 1 path away (``crafted.LaunchRule``)."""
    small: bool = False
    """A small thing a bow may launch (the Bee Bomb), its countdown going on where it lands."""
    reading: str = ""


@dataclasses.dataclass(frozen=True)
class TrapSpec:
    """A crafted trap (#traps): the D20 numbers it springs on (detection is standard, 1-4), what
    it does to the soul that sprang it, whether it is laid again once sprung, and whether a
    bug-looking soul springs it by entering its territory, without a roll."""

    on: frozenset[int]
    sprung: Callable[[S, int], None]
    resets: bool = False
    lures_bugs: bool = False


@dataclasses.dataclass(frozen=True)
class Recipe:
    name: str
    ingredients: tuple[str, ...]
    """Item card ids."""
    effect: str
    playable: bool
    missing: str = ""


NO_ITEM: Final = ItemEffect(reading="no effect on its own (the card needs a second copy)")


def _plus(n: int) -> Callable[[S, int, int], int]:
    def bonus(s: S, piece: int, other: int) -> int:
        return n

    return bonus


def _heal_in_camp(s: S, piece: int) -> None:
    stand = s.board.stands[s.stand[piece]]
    if stand.kind == "territory" and s.holder[stand.territory - 1] == s.owner[piece] and cards.heal(s, piece):
        s.add_log(f"{s.piece_name(piece)} rests in its base camp and heals a KEAL means")


def _honey(s: S, piece: int) -> None:
    """Honey alone: recover one KEAL means 4 diel cycles after it is played (recipes.json)."""
    if cards.tick(s, piece, "honey") % 4 == 0 and cards.heal(s, piece):
        s.add_log(f"{s.piece_name(piece)} eats honey and heals a KEAL means")


def _used_up(s: S, piece: int, name: str) -> None:
    """The crafted ``name`` the soul wields is used: its cards go to the discard."""
    recipes = s.game.recipes
    marker = next(i for i in s.items[piece] if i.startswith("recipe:") and recipes[int(i[7:])].name == name)
    cards.waste_recipe(s, piece, marker)


BEE_BOMB_CYCLES: Final = 3


def _bee_bomb(s: S, piece: int) -> None:
    """Bee Bomb!: 'After 3 diel cycles, all souls in the territory lose a keal means' (read: the
    territory of the soul it was crafted for, 3 cycle starts after the crafting night; damage
    to a downed soul wastes it, #combat_lifecycle); then its cards are discarded."""
    if cards.tick(s, piece, "bee_bomb") < BEE_BOMB_CYCLES:
        return
    s.timers[piece].pop("bee_bomb")
    territory = s.territory[piece]
    _used_up(s, piece, "Bee Bomb!")
    burst(s, territory)


def burst(s: S, territory: int) -> None:
    """A Bee Bomb bursts: 1 damage to every soul of the territory (not prisoners)."""
    s.add_log(f"the Bee Bomb bursts in territory {territory}")
    for p in list(s.pieces_in(territory)):
        if s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
            cards.damage(s, p)


def _sticky_fingers(s: S, piece: int) -> None:
    """Sticky stick fingers?: 'Take 1 item card from your opponents deck via random draw and
    place it in your deck' (read: at the next cycle's start, a random item card of the first
    opponent, in seat order, whose deck holds one, shuffled into the wielder's seat's deck;
    then its cards are discarded)."""
    seat = cards.keeper(s, piece)
    _used_up(s, piece, "Sticky stick fingers?")
    for k in range(1, s.num_players):
        victim = (seat + k) % s.num_players
        found = [i for i, cid in enumerate(s.deck[victim]) if s.tables.cards[cid].card_type == "item"]
        if found:
            taken = s.deck[victim].pop(found[draws.randrange(s.rng, len(found))])
            s.deck[seat].insert(draws.randrange(s.rng, len(s.deck[seat]) + 1), taken)
            s.mark_revealed()
            s.add_log(f"sticky fingers: {s.seat_name(seat)} takes an item from {s.seat_name(victim)}'s deck")
            return
    s.add_log("sticky fingers: no item card to take")


# -- crafted traps: what they do to the soul that springs one (#traps) --------------------------
STICKY: Final = "sticky"
"""``timers`` key: the soul's rolls are 1 less until it tries to swim or cross water."""
SNARED: Final = "snared"
"""``timers`` key: the soul cannot move or retreat until a soul of its seat reaches its stand."""
HELD_UNTIL: Final = "held_until"
"""``timers`` key: the last diel cycle through which the soul cannot move or retreat."""


def _stick(s: S, piece: int) -> None:
    """Sticky feathers: 'Take 1 damage from targets rolls until they attempt to swim in or cross
    water (without a boat)' (read: -1 to each of its rolls, cleared by ``unstick``)."""
    s.timers[piece][STICKY] = 1
    s.add_log(f"{s.piece_name(piece)} is stuck with feathers: -1 to its rolls until it takes to water")


def _pit(s: S, piece: int) -> None:
    """Stick-y feather pit trap?: 'Target takes 1 damage. If target is not wasted, ...' sticky."""
    cards.damage(s, piece)
    if s.on_map[piece]:
        _stick(s, piece)


def _snare(s: S, piece: int) -> None:
    """Snare Trap: 'Immobilize target for until it can be rescued' (read: until a soul of its
    seat reaches its stand, ``rescue``; a rogue has no one to rescue it)."""
    s.timers[piece][SNARED] = 1
    s.stuck.append(piece)
    s.add_log(f"{s.piece_name(piece)} is snared: it cannot move until rescued")


def _baited(s: S, piece: int) -> None:
    """Baited snare trap: 'immobilize target for 1 turn' (read: the rest of this diel cycle and
    the next one)."""
    s.timers[piece][HELD_UNTIL] = s.cycle + 1
    s.add_log(f"{s.piece_name(piece)} is caught in a baited snare: it cannot move until cycle {s.cycle + 2}")


def immobile(s: S, piece: int) -> bool:
    """Snared, or held by a baited snare this cycle: no move, no retreat (it still fights)."""
    clock = s.timers[piece]
    return bool(clock) and (SNARED in clock or clock.get(HELD_UNTIL, -1) >= s.cycle)


def rescue(s: S, piece: int, stand: str) -> None:
    """A soul reaching a stand frees the snared souls of its seat there (the Snare Trap's
    'until it can be rescued'); called by ``cycle.place`` only while a soul is snared."""
    s.stuck[:] = [p for p in s.stuck if s.on_map[p]]  # (a wasted soul needs no rescue)
    for other in [p for p in s.stuck if p != piece and s.stand[p] == stand and s.owner[p] == s.owner[piece]]:
        s.stuck.remove(other)
        s.timers[other].pop(SNARED, None)
        s.add_log(f"{s.piece_name(piece)} frees {s.piece_name(other)} from the snare")


def unstick(s: S, piece: int) -> None:
    """The soul tries to swim or crosses water: the sticky feathers come off."""
    if s.timers[piece].pop(STICKY, None):
        s.add_log(f"{s.piece_name(piece)} washes the sticky feathers off")


def afflicted(s: S, piece: int) -> int:
    """What crafted traps take off the soul's rolls (sticky feathers: 1)."""
    return -s.timers[piece].get(STICKY, 0)


BUG_LOOKING: frozenset[str] = frozenset()
"""The souls that look like insects or bugs (the Baited snare trap springs on them as soon as
they are in its territory). Authored: no Founder's Deck soul is an insect or bug by its name,
art description or text, so none are listed."""


def _infected(s: S, piece: int, other: int) -> int:
    """Neural Network Synapse Virus equipped: 'For every roll they make subtract the roll of a D6.'"""
    return -draws.randint(s.rng, 1, 6)


ITEM_EFFECTS: Final[dict[str, ItemEffect]] = {
    "neural_network_synapse_virus": ItemEffect(bonus=_infected, reading="-D6 to every roll"),
    "cloth": ItemEffect(escape=1, reading="+1 to escape rolls"),
    "sticks": ItemEffect(bonus=_plus(1), reading="+1 to the wielder's rolls"),
    "honey": ItemEffect(cycle=_honey, reading="heals one KEAL means every 4 diel cycles"),
    "feathers": NO_ITEM,
    "string": NO_ITEM,
}
"""Items played alone, from their card text (``cards.json``); Feathers and String need two
copies together and a starter deck holds one (no effect alone)."""

_RECIPE_EFFECTS: dict[str, ItemEffect] = {
    "Tunic": ItemEffect(storm_proof=True, single_use=True, reading="no storm damage, once"),
    "Jacket": ItemEffect(storm_proof=True, reading="no storm damage"),
    'Chicken "Disguise"': ItemEffect(escape=6, reading="escapes with a D20: read as +6 to the escape roll"),
    "Lite training bag": ItemEffect(bonus=_plus(1), reading="+1 attack damage until wasted"),
    "Tough Bundles for blade training!": ItemEffect(bonus=_plus(2), reading="+2 attack damage until wasted"),
    "Bee Bomb!": ItemEffect(
        cycle=_bee_bomb, small=True, reading="3 cycles on, 1 damage to every soul of its territory"
    ),
    "Sticky stick fingers?": ItemEffect(
        cycle=_sticky_fingers, reading="an item card of an opponent's deck into yours, once"
    ),
    "Fire Starter?": ItemEffect(
        burns=(Dice(("D6",), 0), Dice(("D20",), 0), 1), reading="a D6 against a D20 burns a terrain feature"
    ),
    '"Advanced" fire starter?': ItemEffect(
        burns=(Dice(("D6",), 0), Dice(("D6", "D6"), 0), 2),
        reading="a D6 against 2 D6, with a retry, burns a terrain feature",
    ),
    "Pillow": ItemEffect(cycle=_heal_in_camp, reading="recovers 1 KEAL means per cycle in a base camp"),
    "Hammock": ItemEffect(cycle=_heal_in_camp, reading="recovers 1 KEAL means per cycle in a base camp"),
    "Atlatl": ItemEffect(
        ranged=(Dice(("D6",), 0), None),
        reading="a ranged attack: a D6, Cenozoic, against a soul on a movement stand 1 path away",
    ),
    "Basic bow": ItemEffect(
        ranged=(Dice(("D6", "D6"), 0), Dice(("D6",), 0)),
        launches=True,
        reading="a ranged attack: 'D6-D6' read as 2 D6, Cenozoic, against a soul on a movement stand "
        "1 path away, a D6 against one on a camp stand 1 path away; it launches a Bee Bomb its "
        "wielder holds into the territory of a stand 1 path away",
    ),
    "Sticky feather trap!": ItemEffect(
        trap=TrapSpec(frozenset({3, 5, 11}), _stick), reading="a trap (D20 3, 5, 11): -1 to rolls until water"
    ),
    "Snare Trap": ItemEffect(
        trap=TrapSpec(frozenset({3, 5, 11}), _snare),
        reading="a trap (D20 3, 5, 11): no move until a soul of its seat reaches its stand",
    ),
    "Stick-y feather pit trap?": ItemEffect(
        trap=TrapSpec(frozenset({3, 5, 11, 13}), _pit, resets=True),
        reading="a trap (D20 3, 5, 11, 13): 1 damage, then -1 to rolls until water; 'can be reset': "
        "it stays laid, face down, once sprung (detection removes it)",
    ),
    "Baited snare trap": ItemEffect(
        trap=TrapSpec(frozenset({3, 5, 11, 13, 17, 19}), _baited, lures_bugs=True),
        reading="a trap (D20 3, 5, 11, 13, 17, 19): no move this cycle and the next; bug-looking "
        "souls spring it on entering its territory",
    ),
    "Sweet candle": ItemEffect(
        lights=1,
        reading="a night move of the wielder; contention: +1 to its attacks the next day; then wasted",
    ),
    "Torch": ItemEffect(
        lights=3,
        reading="a night move of the wielder and up to 2 souls of its stand, together; contention: +1 to "
        "their attacks the next day; then wasted",
    ),
    "Bag on stick": ItemEffect(
        hauls=True,
        reading="the wielder bags and lays again 1 crafted trap of its seat (items ride equipped anyway)",
    ),
}
"""The recipes the engine plays, reduced to their effect on the wielder (NOTES.md)."""


FILE = package_dir("soulforge.games.kipukas") / "data" / "recipes.json"


def _recipes(raw: Any) -> tuple[Recipe, ...]:
    out = []
    for number, entry in enumerate(raw["recipes"]):
        items = field(FILE.name, f"recipes.{number}", entry, "ingredients", list)
        ingredients = tuple(sorted(i.lower() for i in items))
        if len(ingredients) < 2:
            continue  # single items are played as cards (#crafting: "two to three item cards")
        if bad := [i for i in ingredients if i not in CARDS or CARDS[i].card_type != "item"]:
            raise DataError(FILE.name, f"recipes.{number}", "ingredients", f"not item cards: {bad}")
        name = entry["result_name"]
        playable = name in _RECIPE_EFFECTS
        missing = "" if playable else "its effect is not played yet"
        out.append(Recipe(name, ingredients, entry["effect"], playable, missing))
    return tuple(out)


RECIPES: tuple[Recipe, ...] = _recipes(read_json(FILE))
"""The authored recipes: their names and effects (``recipe:<n>``); a game crafts by its own."""


@data_cache
def load_recipes() -> tuple[Recipe, ...]:
    """The crafted recipes as ``recipes.json`` says now (``--set`` applied): a game's
    ``recipes``. Only their items may change: each stays a recipe of 2 or 3 item cards."""
    recipes = _recipes(read_json(FILE))
    if [r.name for r in recipes] != [r.name for r in RECIPES]:
        raise DataError(FILE.name, "recipes", "ingredients", "a crafted recipe keeps 2 or 3 item cards")
    if bad := [r.name for r in recipes if len(r.ingredients) > 3]:
        raise DataError(FILE.name, "recipes", "ingredients", f"{bad[0]}: a recipe has 2 or 3 item cards")
    return recipes


for _n, _recipe in enumerate(RECIPES):
    if _recipe.playable:
        ITEM_EFFECTS[f"recipe:{_n}"] = _RECIPE_EFFECTS[_recipe.name]


# Bound once here (cards imports this module): compiled, a function-level import costs an import
# lookup on every call.
import soulforge.games.kipukas.cards as cards  # noqa: E402
