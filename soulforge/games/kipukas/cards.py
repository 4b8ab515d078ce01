"""Every Kipukas card's game effect as a named ability, in a registry keyed by card id.

An :class:`Ability` holds the card's reading of its text (``reading``), flags the engine
checks (constantly downed, cannot claim...) and optional hooks (a summon roll, healing at
the start of a cycle, a trap's effect, a sabotage's roll). What a text asks that the engine
does not do yet is in ``missing`` (and in NOTES.md): no card's text is silently dropped.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import soulforge.core.draws as draws
from soulforge.core.cards import CardBook
from soulforge.core.registry import Registry
from soulforge.games.kipukas import words
from soulforge.games.kipukas.ability import Ability
from soulforge.games.kipukas.combat import brawl_winner, roll
from soulforge.games.kipukas.data import CARDS, Card, CardId, Dice, KealMeans
from soulforge.games.kipukas.encoding import OVER, PUBLIC

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

ABILITIES: Final[dict[CardId, Ability]] = {}
"""Each card's :class:`Ability`, built once from its declaration (``abilities.declare_all``):
the engine reads its fields on hot paths, so the pieces are not looked up again in play."""

PIECES: Final[Registry[Callable[..., None]]] = Registry("Kipukas card pieces")
"""What a card's ``effects`` name (``card_effects.toml``): each piece sets its part of the
card's :class:`Ability` (a flag, a number, a hook by name), given the fields being built and
the card's data row. Filled by ``abilities.py``: one piece per field of :class:`Ability`."""
HOOKS: Final[Registry[Callable[..., Any]]] = Registry("Kipukas card hooks")
"""The card behaviours a hook piece names (``["cycle", "liliel"]``), from ``abilities.py``."""
REQUIREMENTS: Final[Registry[Callable[..., str | None]]] = Registry("Kipukas card requirements")
"""What a card's ``requires`` name: a condition of its use, None when met, else why not."""
BOOK: CardBook[Any, Any] = CardBook("Kipukas", PIECES, REQUIREMENTS, data_file="card_effects.toml")
"""Every card as declared: its ``cards.json`` row, its pieces and its requirements. Not
``Final`` (unlike the tables above): tests swap in a book of their own, and a compiled read of
a ``Final`` name would not see the swap."""


def ability(card: CardId) -> Ability:
    return ABILITIES[card]


def register(card_id: CardId, found: Ability) -> None:
    if card_id not in CARDS:
        raise KeyError(f"no card {card_id!r}")
    ABILITIES[sys.intern(card_id)] = found  # (the id's one object, as the decks': ``data.interned_deck``)


def unmet(s: S, card_id: CardId, aim: tuple[int, int]) -> str | None:
    """Why ``card_id`` cannot be played now by the seat against the territory of ``aim``
    (seat, territory): its first unmet requirement, None when all are met."""
    if not s.tables.traits[card_id].requires:
        return None  # none declared (most cards): the book, an interpreted class, not asked
    card = BOOK[card_id]
    return BOOK.unmet(card, s, aim) if card.requirements else None


def has_requirements(card_id: CardId) -> bool:
    """The card's declaration names requirements (``card_effects.toml``: ``requires``)."""
    return card_id in BOOK and bool(BOOK[card_id].requirements)


# -- what the engine asks ----------------------------------------------------------------------
def in_form(s: S, piece: int) -> bool:
    """The soul is in its second form (Sprite of Wilds' Spirit with bear)."""
    return s.timers[piece].get("form", 0) == 1


def dice_of(s: S, piece: int, *, attacking: bool) -> Dice | None:
    """The soul's dice now: its second form's if it is in it, else its card's."""
    entry = ability(s.card[piece])
    if entry.form_dice is not None and in_form(s, piece):
        return None if attacking and entry.cannot_attack else entry.form_dice
    return attack_dice(s.card_of(piece)) if attacking else defense_dice(s.card_of(piece))


def throw(s: S, piece: int, dice: Dice) -> int:
    """One throw of the soul's dice for a bout, a Final Blow or a grab. A card with the option
    to re-roll (Tira Marvelous Myriad: "D6-D6 (Option to Re-roll)") throws once here: its
    owner sees the throw and may throw again, keeping the second (``fight.py``: the ``REROLL``
    step, or the choice made by rule where no seat decides, ``rerolls_by_rule``)."""
    return roll(dice, s.rng)


def may_reroll(s: S, piece: int) -> bool:
    """The soul's card gives the option to re-roll its throw (Tira Marvelous Myriad)."""
    return ABILITIES[s.card[piece]].reroll


def rerolls_by_rule(s: S, piece: int, *, losing: bool) -> bool:
    """Where no seat decides the throw (a grab, a rogue's fight, a sabotage's bout), the option
    to re-roll is taken for the owner as a player would: when the throw it has loses (NOTES.md)."""
    return losing and ABILITIES[s.card[piece]].reroll


def movement(c: Card) -> int:
    entry = ability(c.id)
    return entry.movement if entry.movement is not None else (c.movement or 0)


def attack_dice(c: Card) -> Dice | None:
    entry = ability(c.id)
    if entry.cannot_attack:
        return None
    return c.attack or entry.dice


def defense_dice(c: Card) -> Dice | None:
    return c.defense or ability(c.id).dice or Dice(("D6",), 0)


def means_usable(s: S, piece: int, means: KealMeans) -> bool:
    """A KEAL means with a condition is usable only then: "with bear only" in the second form,
    "without bear only" out of it, "in capital" in its seat's capital."""
    if means.condition is None:
        return True
    if means.condition == "in capital":
        return s.on_map[piece] and s.territory[piece] in s.capital[keeper(s, piece)]
    return means.condition.startswith("without") != in_form(s, piece)


def _features(s: S, territory: int) -> list[int]:
    """The revealed terrain features of a territory: a face-down feature takes effect once its
    holder reveals it (#terrain_features: 'revealed at the discretion of the claim owner'), so
    what a seat may do never hangs on a card it cannot see."""
    return [p for p in s.features_in(territory) if s.known[p] & (1 << 8)]


def roll_bonus(s: S, piece: int, other: int) -> int:
    total = 0
    for feature in _features(s, s.territory[piece]):
        hook = ability(s.card[feature]).bonus
        total += hook(s, piece, other) if hook else 0
    for item in s.items[piece]:
        hook = ITEM_EFFECTS.get(item, NO_ITEM).bonus
        total += hook(s, piece, other) if hook else 0
    if s.timers[piece]:  # crafted traps' stickiness, a light's night move (``crafted.py``)
        total += afflicted(s, piece) + crafted.lit_bonus(s, piece)
    return total


def _from_features(s: S, piece: int, pick: Callable[[Ability], Callable[[S, int], int] | None]) -> int:
    """What the revealed terrain features of the soul's territory add (one hook each)."""
    total = 0  # (a loop: compiled, a generator's object and ``sum``'s generic call cost more)
    for feature in _features(s, s.territory[piece]):
        hook = pick(ability(s.card[feature]))
        if hook is not None:
            total += hook(s, piece)
    return total


def extra_tolerance(s: S, piece: int) -> int:
    """Injuries a soul tolerates beyond its KEAL means' (the Palace for nomads)."""
    return _from_features(s, piece, lambda entry: entry.tolerance)


def movement_bonus(s: S, piece: int) -> int:
    """Spaces added to a soul's range (Passage Among Maples, Losetany Steppes); a soul in its
    second form moves that form's range instead of its card's."""
    entry = ability(s.card[piece])
    form = 0
    if entry.form_movement is not None and in_form(s, piece):
        form = entry.form_movement - movement(s.card_of(piece))
    return form + _from_features(s, piece, lambda entry: entry.move_bonus)


def escape_bonus(s: S, piece: int) -> int:
    return sum(ITEM_EFFECTS.get(item, NO_ITEM).escape for item in s.items[piece])


def before_engaging(s: S, attacker: int, target: int) -> bool:
    """Effects when a bout is about to start; False: the attack fails before any bout."""
    for piece, other in ((target, attacker), (attacker, target)):
        hook = ability(s.card[piece]).engage
        if hook and not hook(s, piece, other):
            return False
    return True


def after_bout(s: S, attacker: int, defender: int, *, attacker_won: bool, margin: int = 0) -> None:
    """The card effects of a bout's end; ``margin``: the attack's total less the defence's."""
    winner, loser = (attacker, defender) if attacker_won else (defender, attacker)
    if abs(margin) >= INFECTION_MARGIN:
        for piece, other in ((attacker, defender), (defender, attacker)):
            if ability(s.card[piece]).infects and s.on_map[piece] and s.on_map[other]:
                infect(s, piece, other)
    hook = ability(s.card[winner]).won_bout
    if hook:
        hook(s, winner, loser)
    lost = ability(s.card[loser]).lost_bout
    if lost:
        lost(s, loser, winner)
    doomed = ability(s.card[loser]).lost_to
    if doomed and doomed(s, loser, winner):
        s.add_log(f"{s.piece_name(loser)} loses to {s.piece_name(winner)} and is wasted (its card says so)")
        waste(s, loser)


INFECTION_MARGIN = 3
"""The Synapse Virus: 'rolls 3 less than or more than its opponents roll' (either way)."""
VIRUS_OF = "virus_of"
"""``timers`` key of an infected soul: the seat whose Synapse Virus it carries."""


def infect(s: S, virus: int, host: int) -> None:
    """'Its opponent becomes infected. Equip the synapse virus to the opponent.'"""
    s.add_log(f"{s.piece_name(virus)} infects {s.piece_name(host)}")
    s.timers[host][VIRUS_OF] = keeper(s, virus)
    take_off(s, virus)
    s.items[host].append(s.card[virus])


def stepped(s: S, piece: int, stand: str) -> bool:
    """A soul stepped onto ``stand``: True if it must stop there because Little Charm moves to
    it ('Any spirit, possessor, and conscience motive souls that touch water while this card is
    in play must battle Little Charm. Little Charm moves instantly to their space'): a revealed
    enemy Little Charm on the map, able to fight, with room in the territory."""
    if stand not in s.board.water or not s.card_of(piece).soul:
        return False  # (asked first: every step of every move asks)
    motive, territory = s.card_of(piece).motivation, s.board.stands[stand].territory
    for hunter in s.live():
        entry = ability(s.card[hunter])
        fit = (
            motive in entry.hunts_in_water
            and s.owner[hunter] != s.owner[piece]
            and s.known[hunter] & (1 << 8)
            and not s.prisoner[hunter]
            and fight.available_means(s, hunter)
        )
        there = s.territory[hunter] == territory or moving.room_in(s, territory, s.owner[hunter], hunter)
        if fit and there:
            cycle.place(s, hunter, stand)
            s.add_log(f"{s.piece_name(hunter)} moves to {s.piece_name(piece)} in the water: they must battle")
            return True
    return False


def halved(s: S, piece: int, other: int, thrown: int) -> int:
    """A throw against Little Charm by a soul of a motive it hunts: 'their rolls are cut in half'
    (rounded down)."""
    hunted = s.card_of(piece).motivation in ability(s.card[other]).hunts_in_water
    return thrown // 2 if hunted else thrown


def sabotage_boost(s: S, seat: int, territory: int) -> bool:
    """A Balanced Inline Processing Colony of the seat is in the territory (on the map or
    carried by a soul there): 'adds 1 and 2 to the successful sabotage die roll'."""
    for p in s.pieces_in(territory):
        if s.owner[p] != seat:
            continue
        if ability(s.card[p]).carried or any(ability(i).carried for i in s.items[p] if i in ABILITIES):
            return True
    return False


def storm_proof(s: S, piece: int) -> bool:
    """A card or an equipped item that shelters the soul from this storm; a single-use item
    (the Tunic) is wasted once it has (recipes.json: "Once effect activates, the items are wasted")."""
    for item in s.items[piece]:
        effect = ITEM_EFFECTS.get(item, NO_ITEM)
        if effect.storm_proof:
            if effect.single_use:
                waste_recipe(s, piece, item)
            return True
    return ability(s.card[piece]).storm_proof(s, piece)


def waste_recipe(s: S, piece: int, marker: str) -> None:
    """The crafted item ``recipe:<n>`` and its ingredient cards go to the owner's discard."""
    recipe = s.game.recipes[int(marker.split(":")[1])]
    s.items[piece].remove(marker)
    for card_id in recipe.ingredients:
        if card_id in s.items[piece]:
            s.items[piece].remove(card_id)
            s.discard[keeper(s, piece)].append(card_id)
    s.add_log(f"{s.piece_name(piece)}'s {recipe.name} is used up")


def on_bout_lost(s: S, piece: int, *, attacking: bool) -> None:
    """A card that is wasted when it loses a KEAL means bout (the Raven, the Traveler...)."""
    if not s.on_map[piece]:
        return
    rule = ability(s.card[piece]).waste_on_loss
    if rule == "any" or (rule == "defence" and not attacking):
        s.add_log(f"{s.piece_name(piece)} loses a bout and is wasted (its card says so)")
        waste(s, piece)


def waste(s: S, piece: int) -> None:
    """#discarding_runout: the card goes to its owner's discard; its items are dropped in its
    territory (#items), where a contested territory makes the two sides grab for them."""
    if not s.on_map[piece]:
        return
    territory = s.territory[piece]
    take_off(s, piece)
    s.known[piece] |= 1 << 8
    s.discard[keeper(s, piece)].append(s.card[piece])
    s.tables.style.wasted(s, piece)  # a soul defeated: the seats' tallies, the play style told (``styles/``)
    if s.items[piece]:
        drop(s, piece, territory)
        grab(s, territory)
    hook = ability(s.card[piece]).wasted
    if hook:
        hook(s, piece)
    if piece in s.tunnel_diggers:
        collapse(s, piece)


def collapse(s: S, digger: int) -> None:
    """Illia and Dorsay: a tunnel "Might be closed by collapse". Read (authored): its digger
    wasted, nothing keeps it up: a D6 of 1 to ``rules.play.collapse_high`` closes each tunnel it
    dug."""
    for index in [i for i, p in enumerate(s.tunnel_diggers) if p == digger]:
        roll = draws.randint(s.rng, 1, 6)
        a, b = s.tunnels[index]
        if roll <= s.tables.play.collapse_high:
            s.tunnel_diggers[index] = -2  # marked, removed below (the indices stay valid)
            s.add_log(f"a D6 of {roll}: the tunnel between {a} and {b} collapses")
        else:
            s.tunnel_diggers[index] = -1
            s.add_log(f"a D6 of {roll}: the tunnel between {a} and {b} holds")
    kept = [i for i, p in enumerate(s.tunnel_diggers) if p != -2]
    s.tunnels = [s.tunnels[i] for i in kept]
    s.tunnel_diggers = [s.tunnel_diggers[i] for i in kept]
    s.moved()  # the movement's cached ground reads the tunnels


def keeper(s: S, piece: int) -> int:
    """The seat a card belongs to (a rogue's: the seat that played it, tamed or not)."""
    return s.rogues.get(piece, s.tamed.get(piece, s.owner[piece]))


def drop(s: S, piece: int, territory: int) -> None:
    """#items, #equiping: a soul's items (crafted ones stay a stack) are left in the territory;
    cards equipped as items go their own way (``_shed``)."""
    loose = _shed(s, piece, territory)
    if loose:
        s.dropped[territory - 1].append(f"{keeper(s, piece)}|{','.join(loose)}")
        s.add_log(f"{item_names(s, loose)} drop in territory {territory}")


def _shed(s: S, piece: int, territory: int) -> list[str]:
    """The items a soul leaves that lie on the ground; the others: a Synapse Virus stays with
    a living host and is wasted with a wasted one ('Once the opponent is wasted, so is this
    card'); a Colony is set down in its seat's capital, else wasted ('If this card is removed
    by force from its carrier it becomes wasted')."""
    stays, loose = [], []
    seat = keeper(s, piece)
    for item in s.items[piece]:
        entry = ABILITIES.get(item)
        if entry is not None and entry.infects:
            if s.on_map[piece]:
                stays.append(item)
                continue
            s.discard[s.timers[piece].get(VIRUS_OF, seat)].append(item)
            s.add_log(f"{CARDS[item].name} is wasted with its host")
        elif entry is not None and entry.carried:
            if s.on_map[piece] and territory in s.capital[seat]:
                setup.new_piece(s, seat, item, s.board.camp_of(territory), revealed=True)
                s.add_log(f"{CARDS[item].name} is set down in its capital")
            else:
                s.discard[seat].append(item)
                s.add_log(f"{CARDS[item].name} is torn from its carrier and wasted")
        else:
            loose.append(item)
    s.items[piece] = stays
    return loose


def item_names(s: S, items: list[str]) -> str:
    """Items in words: the crafted item's name for a stack, else the cards' names."""
    recipes = s.game.recipes
    crafted = [recipes[int(i.split(":")[1])].name for i in items if i.startswith("recipe:")]
    used = {c for i in items if i.startswith("recipe:") for c in recipes[int(i.split(":")[1])].ingredients}
    loose = [CARDS[i].name for i in items if i in CARDS and i not in used]
    return ", ".join(crafted + loose) or "nothing"


def bundle_items(bundle: str) -> list[str]:
    return bundle.split("|", 1)[1].split(",")


BOTTLED = "bottled"
"""``timers`` key of a soul To Catch a Spirit bottled (a prisoner that may be exchanged)."""


def findable(s: S, seat: int | None, territory: int) -> list[int]:
    """The dropped stacks of a territory the seat can find (indices in ``s.dropped``): Shard's
    Desert's holder 'is able to hide objects that can never be found by the opposing player as
    long as this card is still in play' (read: the stacks of the holder's souls lying in its
    territory while a revealed feature that hides is there are found, and seen, by the holder
    only; ``seat`` None: a spectator)."""
    holder = s.holder[territory - 1]
    hides = holder >= 0 and any(ability(s.card[f]).hides for f in _features(s, territory))
    return [
        i
        for i, bundle in enumerate(s.dropped[territory - 1])
        if not hides or seat == holder or int(bundle.split("|", 1)[0]) != holder
    ]


def grabbers(s: S, territory: int) -> dict[int, int]:
    """Per seat, the soul that grabs for dropped items: its first revealed soul in the territory
    able to fight (a KEAL means left), by piece number (the players' choice, made for them)."""
    found: dict[int, int] = {}
    for p in s.pieces_in(territory):
        fit = s.card_of(p).soul and s.known[p] & PUBLIC and not s.prisoner[p] and fight.available_means(s, p)
        if fit and s.owner[p] not in found:
            found[s.owner[p]] = p
    return found


def grab(s: S, territory: int) -> None:
    """#items: in a contested territory each side's soul grabs; a bout of rolls, the victor
    equips the items and the loser takes KEAL means damage (ties: the brawl)."""

    hands = grabbers(s, territory)
    if len(hands) < 2 or not s.dropped[territory - 1]:
        return
    first, second = sorted(hands.values())[:2]
    found = set(findable(s, s.owner[first], territory)) & set(findable(s, s.owner[second], territory))
    if not found:
        return  # hidden from one side (Shard's Desert): no one grabs
    pairs = ((first, second), (second, first))
    rolls = [
        throw(s, p, dice_of(s, p, attacking=True) or Dice(("D6",), 0)) + roll_bonus(s, p, q)
        for p, q in pairs
    ]
    for side, (p, q) in enumerate(pairs):  # the option to re-roll, taken when the throw loses
        if rerolls_by_rule(s, p, losing=rolls[side] < rolls[1 - side]):
            rolls[side] = throw(s, p, dice_of(s, p, attacking=True) or Dice(("D6",), 0)) + roll_bonus(s, p, q)
            s.add_log(f"{s.piece_name(p)} re-rolls the grab: {rolls[side]}")
    if rolls[0] != rolls[1]:
        won = 0 if rolls[0] > rolls[1] else 1
    else:
        won = brawl_winner(s.card_of(first).brawl_sequence or "", s.card_of(second).brawl_sequence or "") or 0
    winner, loser = (first, second) if won == 0 else (second, first)
    bundle = s.dropped[territory - 1].pop(max(found))
    s.items[winner] += bundle_items(bundle)
    injure_any(s, loser)
    s.add_log(
        f"{s.piece_name(first)} and {s.piece_name(second)} grab for the dropped items "
        f"({rolls[0]} to {rolls[1]}): {s.piece_name(winner)} equips them"
    )


def injure_any(s: S, piece: int) -> None:
    """One KEAL means injury where it hurts least: the means with most tolerance left."""
    c = s.card_of(piece)
    extra = extra_tolerance(s, piece)
    left = [(m.tolerance + extra - s.injuries[piece][i], i) for i, m in enumerate(c.keal_means)]
    best = max(left, default=(0, -1))
    if best[0] > 0:
        s.injuries[piece][best[1]] += 1


def gene(s: S, piece: int) -> str:
    """The soul's archetypal gene now: The Causal Sophist 'turns cenozoic and astral souls
    occupying the same space into magic souls' (every player's, while they share the stand)."""
    own = s.card_of(piece).archetypal_gene or ""
    if own not in ("Cenozoic", "Astral"):
        return own
    sophist = any(
        ability(s.card[p]).makes_magic and s.known[p] & (1 << 8) for p in s.souls_at(s.stand[piece])
    )
    return "Magic" if sophist else own


def in_enemy_capital(s: S, piece: int) -> bool:
    """The soul stands on the camp stand of another seat's capital."""
    holder = s.holder[s.territory[piece] - 1]
    camp = s.stand[piece] == s.board.camp_of(s.territory[piece])
    return camp and 0 <= holder != s.owner[piece] and s.territory[piece] in s.capital[holder]


def lodged(s: S, piece: int) -> bool:
    """Unburdened Central in an enemy capital: she stays, and no one can engage her."""
    # (the card's traits: one native read, asked of every soul at each day's end)
    return s.tables.traits[s.card[piece]].stays_in_capital and in_enemy_capital(s, piece)


def takes_space(card: Card) -> bool:
    """Whether the soul counts toward the 3 per player per territory: digital clouds 'occupy
    no space in territory' (#habitat_effects), and cards that say so."""
    return not ability(card.id).no_space and card.habitat != "DigitalCloud"


def holds_camps(card: Card) -> bool:
    """Digital clouds 'are unable to take or hold base camps or capitals' (#habitat_effects)."""
    return not ability(card.id).cannot_claim and card.habitat != "DigitalCloud"


def may_claim(s: S, piece: int) -> bool:
    """Whether the soul may take the camp it stands on: any that holds camps, and Unburdened
    Central in an enemy capital ('She cannot take the capital, unless all other territories are
    already claimed': the capital rule, #movement, asks its taker to hold every other one)."""
    return holds_camps(s.card_of(piece)) or (
        ability(s.card[piece]).takes_capital and in_enemy_capital(s, piece)
    )


def contends(card_id: CardId, genes: set[str | None]) -> bool:
    """Whether an enemy soul is in contention with souls of these archetypal genes."""
    needs = ability(card_id).contention_with
    return not needs or bool(needs & genes)


APOTHECARY: Final = "location_of_the_deep_apothecary_shop"
SUSPENDER: Final = "suspended_animation"
SUSPEND_EVERY: Final = 5
"""Suspended Animation: 'Every 5 diel cycles you can suspend all actions in a territory'."""


def may_suspend(s: S, seat: int) -> bool:
    return s.personal[seat] == SUSPENDER and s.cycle - s.personal_used[seat] >= SUSPEND_EVERY


def may_purchase(s: S, seat: int) -> bool:
    """The Deep Apothecary Shop: 'while you control an uncontested base camp in a forest habitat
    territory' (a base camp, not the capital; no enemy soul in the territory)."""
    if s.personal[seat] != APOTHECARY or len(s.hand[seat]) < 2:
        return False
    for t in s.board.holdable:
        camp = s.holder[t - 1] == seat and t not in s.capital[seat] and s.board.geography[t - 1] == "Forest"
        if camp and not any(s.owner[p] != seat and s.card_of(p).soul for p in s.pieces_in(t)):
            return True
    return False


def rolled(s: S) -> bool:
    """Whether this cycle's diel was rolled: the opening's cycles are predetermined, not rolled
    (#game_setup 9: "day, followed by night, followed by day ... before diel cycle rolling
    starts"; #diel_cycle: "The first 3 turns are predetermined")."""
    return s.cycle > len(s.tables.play.opening)


_TURNED: Final = {"night": "day", "day": "night"}
"""What a roll is turned to (Rooster, Gray Wolf: 'turn a night/day dial roll'; storms are not)."""


def diel_turns(s: S, seat: int) -> list[tuple[int, int]]:
    """How the seat may turn this cycle's roll: (piece, -1) for a soul of its on the map that
    is not downed and did not turn the last turn (Rooster, Gray Wolf), (-1, slot) for a card
    of its hand (Cartesian Sea); storms are never turned, and the opening's predetermined
    cycles are no roll to turn (the cards turn "a night/day dial roll", Cartesian Sea is played
    "after the diel die roll"): a card played in the opening waits for the first roll."""
    wanted = _TURNED.get(s.diel)
    if wanted is None or not rolled(s):
        return []
    # (read once: every piece of the seat's, twice a cycle; the pieces' flag from their traits,
    # a native read, not the ability's)
    card, traits = s.card, s.tables.traits
    out = [(p, -1) for p in s.pieces_of(seat) if traits[card[p]].turns_roll == wanted and _may_turn(s, p)]
    out += [(-1, slot) for slot, cid in enumerate(s.hand[seat]) if traits[cid].turns_roll == "either"]
    return out


def _may_turn(s: S, piece: int) -> bool:
    """A soul whose card turns the roll (``diel_turns``) may: not a prisoner, not downed, and it
    did not turn the last turn."""
    if s.prisoner[piece] or moving.is_downed(s, piece):
        return False
    return s.timers[piece].get("turned", -9) < s.cycle - 1


def tick(s: S, piece: int, effect: str) -> int:
    """Count one more cycle on the piece's counter for ``effect``; the new count."""
    count = s.timers[piece][effect] = s.timers[piece].get(effect, 0) + 1
    return count


def heal(s: S, piece: int) -> bool:
    """Heal one KEAL means injury (the most injured means); False if none to heal."""
    hurt = [(n, i) for i, n in enumerate(s.injuries[piece]) if n > 0]
    if not hurt:
        return False
    s.injuries[piece][max(hurt)[1]] -= 1
    return True


def on_cycle_start(s: S) -> None:
    card, items, on_map, found, traits = s.card, s.items, s.on_map, ABILITIES, s.tables.traits
    for piece in s.live():
        cid = card[piece]
        if not traits[cid].cycles and not items[piece]:
            continue  # no hook and nothing carried (most pieces): nothing below would happen
        hook = found[cid].cycle
        face_down_feature = s.card_of(piece).card_type == "terrain_feature" and not s.known[piece] & (1 << 8)
        if on_map[piece] and not face_down_feature:
            if hook:
                hook(s, piece)
            # (most souls carry nothing: no copy of an empty list made for the loop)
            for item in list(items[piece]) if items[piece] else ():
                effect = ITEM_EFFECTS.get(item, NO_ITEM).cycle
                if effect and s.on_map[piece] and item in s.items[piece]:
                    effect(s, piece)
    if s.bombs:
        crafted.tick_bombs(s)
    _plains_rest(s)
    _volcanic(s)
    if s.portal:
        portal.on_cycle_start(s)
    if s.breach:  # after the portal: its dealing waits a cycle if the portal's choice is open
        breach.on_cycle_start(s)
    if s.diel == "night":
        mutant_night = HOOKS["mutant_night"]  # (the Mutant's nightly roll, ``abilities.py``)
        for index, (seat, *_) in enumerate(list(s.mutants)):
            if seat >= 0:
                mutant_night(s, index)


def _volcanic(s: S) -> None:
    """#habitat_effects, volcanic: souls take 1 KEAL means damage once per diel cycle; volcanic
    dwellers are immune."""
    if "Volcanic" not in s.board.of_geography:
        return  # no volcanic territory on this map
    geography, territory_of = s.board.geography, s.territory
    for piece in s.live():
        if geography[territory_of[piece] - 1] != "Volcanic":
            continue  # (asked first: most pieces stand elsewhere)
        card = s.card_of(piece)
        volcanic = not s.wasteland[territory_of[piece] - 1]
        if volcanic and card.soul and card.habitat != "Volcanic" and not s.prisoner[piece]:
            s.log_later(words.volcano_burns, words.who(s, piece))
            damage(s, piece)


def damage(s: S, piece: int) -> None:
    """'If an effect says souls take X damage, then the damage will apply to either the KEAL
    means or the Final Blow. If it applies to the Final Blow, the card becomes wasted'
    (#combat_lifecycle): a downed soul taking damage is wasted."""
    if moving.is_downed(s, piece):
        s.log_later(words.wasted, words.who(s, piece))
        waste(s, piece)
    else:
        injure_any(s, piece)


def _plains_rest(s: S) -> None:
    """#habitat_effects, plains secondary: revealed souls resting in an uncontested plains
    territory heal one KEAL means per 2 turns rested (counted on ``timers``)."""
    if "Plains" not in s.board.of_geography:
        return  # no plains territory on this map: no piece to look at
    geography, injuries, territory_of = s.board.geography, s.injuries, s.territory
    for piece in s.live():
        territory = territory_of[piece]
        if geography[territory - 1] != "Plains" or not any(injuries[piece]):
            continue  # (asked first: the cheap half of resting; most souls are unhurt)
        if not (s.on_map[piece] and s.card_of(piece).soul and s.known[piece] & (1 << 8)):
            continue
        calm = not any(s.owner[p] != s.owner[piece] for p in s.pieces_in(territory) if s.card_of(p).soul)
        if calm and tick(s, piece, "plains") % 2 == 0 and heal(s, piece):
            s.add_log(f"{s.piece_name(piece)} rests on the plains and heals a KEAL means")


def detected(s: S, roll: int, numbers: frozenset[int] | None = None) -> bool:
    """Whether a D20 ``roll`` detects: on ``numbers``, or by standard detection (#traps: 1 to
    the game's ``play.detection_high``)."""
    return 1 <= roll <= s.tables.play.detection_high if numbers is None else roll in numbers


def trap_roll(s: S, mover: int, territory: int) -> None:
    """#card_activation, #traps: entering a territory with an opponent's unrevealed cards,
    roll a D20; each unrevealed trap there springs on its numbers, else may be detected."""
    s.tables.style.entered(s, mover, territory)  # the referee's secret trap (Trap springer, ``styles/``)
    if s.phase == OVER:
        return
    seat, here = s.owner[mover], s.pieces_in(territory)
    hidden = [p for p in here if s.owner[p] != seat and not s.known[p] & (1 << 8)]
    lingering = [p for p in here if ability(s.card[p]).lingers and s.known[p] & (1 << 8)]
    snares = crafted.armed_against(s, seat, territory) if s.snares else []
    if not hidden and not lingering and not snares:
        return
    roll = draws.randint(s.rng, 1, 20)
    s.add_log(f"{s.piece_name(mover)} enters territory {territory}: the D20 for traps shows {roll}")
    _trap_cards(s, mover, roll, hidden, lingering)
    if snares and s.on_map[mover] and not s.prisoner[mover]:
        crafted.spring(s, mover, roll, snares)  # crafted traps, after the trap cards (``crafted.py``)


def _trap_cards(s: S, mover: int, roll: int, hidden: list[int], lingering: list[int]) -> None:
    for trap in [p for p in hidden if s.card_of(p).card_type == "trap"] + lingering:
        entry = ability(s.card[trap])
        if roll in entry.trap_on and entry.sprung is not None:
            if trap in lingering:
                s.add_log(f"{s.card_of(trap).name} springs again")
            else:
                s.known[trap] |= 1 << 8
                s.mark_revealed()
                s.add_log(f"a trap springs: {s.card_of(trap).name}")
            entry.sprung(s, trap, mover)
            if not entry.lingers:
                _discard(s, trap)
        elif detected(s, roll, entry.detect_on) and trap not in lingering:
            s.known[trap] |= 1 << 8
            s.mark_revealed()
            s.add_log(f"{s.piece_name(mover)} detects a trap, {s.card_of(trap).name}, and removes it")
            _discard(s, trap)
        if not s.on_map[mover] or s.prisoner[mover]:
            return


def _discard(s: S, piece: int) -> None:
    if s.on_map[piece]:
        take_off(s, piece)
        s.discard[keeper(s, piece)].append(s.card[piece])


def take_off(s: S, piece: int) -> None:
    """The piece leaves the map (wasted, discarded, recalled to a hand)."""
    stand = s.stand[piece]
    s.on_map[piece] = False
    s.stand[piece] = ""
    s.left(piece, stand)  # (the index patched, not dropped)
    if s.carried or s.snares:
        crafted.drop_load(s, piece)  # a carrier leaving the map loses the trap it carries (#traps)


def trap_numbers(text: str) -> frozenset[int]:
    """The D20 numbers a trap's criteria name ("D20: 3, 4, 5, 6", "10 through 20").

    >>> sorted(trap_numbers("10 through 20"))[:3], sorted(trap_numbers("Std. D20: 1, 2, 7, 8"))
    ([10, 11, 12], [1, 2, 7, 8])
    """
    span = re.search(r"(\d+) through (\d+)", text)
    if span:
        return frozenset(range(int(span[1]), int(span[2]) + 1))
    return frozenset(int(n) for n in re.findall(r"\d+", text.split(":", 1)[-1]) if 1 <= int(n) <= 20)


# The rules modules these functions call, bound once here (they import this module): compiled,
# a function-level import costs an import lookup on every call.
import soulforge.games.kipukas.breach as breach  # noqa: E402
import soulforge.games.kipukas.cycle as cycle  # noqa: E402
import soulforge.games.kipukas.fight as fight  # noqa: E402
import soulforge.games.kipukas.movement as moving  # noqa: E402  (``movement`` is a function here)
import soulforge.games.kipukas.portal as portal  # noqa: E402
import soulforge.games.kipukas.setup as setup  # noqa: E402
from soulforge.games.kipukas import crafted  # noqa: E402  (crafted traps: they call back here)
from soulforge.games.kipukas.items import ITEM_EFFECTS, NO_ITEM, RECIPES, afflicted  # noqa: E402

__all__ = ["ABILITIES", "ITEM_EFFECTS", "RECIPES", "Ability", "ability", "trap_numbers"]
