"""What crafted items do beyond their wielder's rolls (#crafting, #items; effects in ``items.py``):
crafted traps laid and sprung (#traps), ranged attacks (Atlatl, Basic bow), night moves by a
light (Sweet candle, Torch) and carried traps: a trap card moved by any soul (#traps), a
crafted trap by a Bag on stick's wielder.

A crafted trap is laid, face down, in the territory of the soul it is crafted for, which its
seat must hold (like a trap card, #placement); it is a face-down card stack there, so a soul of
another seat entering the territory rolls the D20 (#card_activation). Its cards go to its
seat's discard once it has sprung (unless it resets) or been detected. The actions these
items give (shots, hauls, launches, night moves, trap cards moved) are in ``rules/crafted.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import soulforge.games.kipukas.cards as cards  # mypyc: cards may be mid-import here
from soulforge.games.kipukas import combat, cycle, fight, items
from soulforge.games.kipukas.data import Dice
from soulforge.games.kipukas.encoding import PUBLIC
from soulforge.games.kipukas.items import ITEM_EFFECTS, NO_ITEM, ItemEffect, TrapSpec
from soulforge.games.kipukas.movement import enemies_at, free_to_move, is_downed

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

SEAT: Final = 0
TERRITORY: Final = 1
RECIPE: Final = 2
CARRIER: Final = 3
SHOWN: Final = 4
"""The fields of a ``KipukasState.snares`` entry."""
MAX_SNARES = 12
"""The most crafted traps on the map at once (authored: a bound of the action space, ``Haul``'s
index; a starter deck holds a few item cards, so it is never reached in play)."""
SHOT: Final = "shot"
LIT: Final = "lit"
"""``timers`` keys: the cycle a wielder last shot; the last cycle a night mover attacks at +1."""
RANGED_GENE = ("Cenozoic",)
"""'with Cenozoic D6': the shot's archetype against the defender's KEAL means (typing chart)."""


def effect_of(marker: str) -> ItemEffect:
    return ITEM_EFFECTS.get(marker, NO_ITEM)


def trap_of(s: S, snare: int) -> TrapSpec:
    spec = effect_of(f"recipe:{s.snares[snare][RECIPE]}").trap
    if spec is None:  # ``lay`` lays trap recipes only
        raise KeyError(f"crafted trap {snare} is no trap recipe")
    return spec


def is_trap_recipe(recipe: int) -> bool:
    return effect_of(f"recipe:{recipe}").trap is not None


def room_for_trap(s: S) -> bool:
    return len(s.snares) < MAX_SNARES


def snare_name(s: S, snare: int) -> str:
    return s.game.recipes[s.snares[snare][RECIPE]].name


# -- crafted traps (#traps) --------------------------------------------------------------------
def lay(s: S, piece: int, recipe: int) -> None:
    """The trap crafted for ``piece`` is laid, face down, in its territory (the soul lays it:
    #traps 'require a reasonable soul to lay them')."""
    seat, territory = s.owner[piece], s.territory[piece]
    s.snares.append([seat, territory, recipe, -1, 0])
    s.add_log(
        f"{s.seat_name(seat)} crafts a trap: {s.piece_name(piece)} lays it face down in territory {territory}"
    )
    s.add_log(f"your trap is {s.game.recipes[recipe].name}", visible_to=seat)


def armed_against(s: S, seat: int, territory: int) -> list[int]:
    """The crafted traps laid in ``territory`` by other seats (they roll on a soul of ``seat``)."""
    return [
        i
        for i, (owner, where, _, carrier, _) in enumerate(s.snares)
        if where == territory and carrier < 0 and owner != seat
    ]


def spring(s: S, mover: int, roll: int, snares: list[int]) -> None:
    """#traps: each crafted trap springs on its numbers (a bug-looking soul springs a baited one
    by entering), else standard detection (1-4) removes it; a sprung one is then discarded, or
    stays laid if it resets."""
    bug = s.card[mover] in items.BUG_LOOKING
    gone: list[int] = []
    for i in snares:
        spec = trap_of(s, i)
        if roll in spec.on or (bug and spec.lures_bugs):
            s.snares[i][SHOWN] = 1
            s.mark_revealed()
            s.add_log(f"a crafted trap springs: {snare_name(s, i)}")
            spec.sprung(s, mover)
            if not spec.resets:
                gone.append(i)
        elif cards.detected(s, roll):
            s.mark_revealed()
            s.add_log(f"{s.piece_name(mover)} detects a crafted trap, {snare_name(s, i)}, and removes it")
            gone.append(i)
        if not s.on_map[mover]:
            break
    for i in sorted(gone, reverse=True):
        discard(s, i)


def discard(s: S, snare: int) -> None:
    """The trap's cards go to its seat's discard."""
    seat, _, recipe, _, _ = s.snares.pop(snare)
    s.discard[seat] += s.game.recipes[recipe].ingredients


def movable_trap(s: S, card_id: str) -> bool:
    """A trap card laid as a trap, so moved by a soul once laid (#traps; not Timebattle, placed
    as a feature)."""
    return s.tables.cards[card_id].card_type == "trap" and cards.ability(card_id).sprung is not None


def drop_load(s: S, piece: int) -> None:
    """A carrier leaving the map (wasted, bottled, recalled...) or its seat's control loses what
    it carries to the owner's discard (like a wasted card, #discarding_runout): its bagged
    crafted trap and its trap card."""
    for i in [i for i, entry in enumerate(s.snares) if entry[CARRIER] == piece][::-1]:
        s.add_log(f"{s.piece_name(piece)}'s bagged trap is lost")
        discard(s, i)
    for trap in [t for t, carrier in s.carried.items() if carrier == piece]:
        del s.carried[trap]
        s.known[trap] |= PUBLIC
        s.discard[cards.keeper(s, trap)].append(s.card[trap])
        s.add_log(f"{s.piece_name(piece)}'s carried trap card, {s.card_of(trap).name}, is lost")


# -- ranged attacks (Atlatl, Basic bow) ----------------------------------------------------------
def weapon_of(s: S, piece: int) -> tuple[Dice, Dice | None] | None:
    return next((w for i in s.items[piece] if (w := effect_of(i).ranged) is not None), None)


def shot_dice(s: S, piece: int, target: int) -> Dice | None:
    """The wielder's dice against ``target``, if it is in range: on a stand 1 path away (no
    tunnel), a movement stand, or a camp stand for a weapon that reaches one (the bow)."""
    weapon = weapon_of(s, piece)
    if weapon is None:
        return None
    near = {there for there, tunnel in s.board.exits[s.stand[piece]] if not tunnel}
    if s.stand[target] not in near:
        return None
    return weapon[0] if s.board.stands[s.stand[target]].kind != "territory" else weapon[1]


def shoot_bout(s: S) -> None:
    """The shot: the weapon's dice, Cenozoic, against the defender's KEAL means; a win injures
    that means (no Final Blow at range); a miss ends the wielder's attacks this cycle. The target
    cannot answer: the wielder is out of its reach."""
    a, d = s.attacker, s.defender
    fight.in_combat(s, a, d)
    dice = shot_dice(s, a, d) or Dice(("D6",), 0)
    d_means = s.card_of(d).keal_means[s.means[1]]
    a_total = fight._total(s, a, d, dice, "ranged, Cenozoic")
    d_total = fight._total(s, d, a, cards.dice_of(s, d, attacking=False), d_means.name)
    typing = combat.keal_modifier(s.game.matchups, RANGED_GENE, d_means.archetypes)
    fight.say(s, f"typing chart: Cenozoic against {d_means.name} gives {typing:+d} to the shot")
    if cards.rerolls_by_rule(s, d, losing=fight._loses(s, 1, [a_total + typing, d_total])):
        d_total = fight._rethrow(s, d, a, 1, fight.BOUT, 0)  # (the weapon's dice have no option)
    if fight._compare(s, a_total + typing, d_total):
        s.injuries[d][s.means[1]] += 1
        fight.say(s, f"{s.piece_name(d)}'s {d_means.name} is injured")
        cards.on_bout_lost(s, d, attacking=False)
        if s.on_map[d] and is_downed(s, d):
            fight.say(s, f"{s.piece_name(d)} is downed")
    else:
        s.spent_cycle[a] = s.cycle
    s.shooting, s.attacker, s.defender, s.means = False, -1, -1, [-1, -1]
    cycle.finish_exchange(s)


def choose_means(s: S, means: int) -> None:
    """The shot's defender chose its KEAL means (``fight.KealRule`` during a shot)."""
    s.means[1] = means
    s.mark_revealed()
    fight.say(s, f"{s.piece_name(s.defender)} braces with {s.card_of(s.defender).keal_means[means].name}")
    shoot_bout(s)


# -- night moves by a light (Sweet candle, Torch) ---------------------------------------------
def light_of(s: S, piece: int) -> str:
    return next((i for i in s.items[piece] if effect_of(i).lights), "")


def company(s: S, piece: int) -> list[int]:
    """The souls a Torch takes along: the others of the wielder's seat on its stand free to move,
    by piece number, up to the light's count less the wielder (the engine chooses for the seat)."""
    room = effect_of(light_of(s, piece)).lights - 1
    others = [p for p in s.souls_at(s.stand[piece]) if p != piece and s.owner[p] == s.owner[piece]]
    return [p for p in others if free_to_move(s, p)][:room]


def first_strike(s: S) -> None:
    """A day opens: a seat whose souls moved by a light into contention last night acts first
    (the candle's 'you attack first'; it owes that contention, #day 2)."""
    for p in s.live():
        seat = s.owner[p]
        lit = s.timers[p].get(LIT) == s.cycle and seat < s.num_players and not s.done[seat]
        if lit and seat != s.active and enemies_at(s, s.stand[p], seat):
            s.active = seat
            s.add_log(f"{s.seat_name(seat)} attacks first: its souls came by a light in the night")
            return


def lit_bonus(s: S, piece: int) -> int:
    """+1 to the attack rolls of a soul that moved by a light into contention (through the next cycle)."""
    return 1 if s.attacker == piece and s.timers[piece].get(LIT, -1) >= s.cycle else 0


def tick_bombs(s: S) -> None:
    """A cycle starts: each launched Bee Bomb counts it; at its 3rd it bursts where it lies."""
    for bomb in list(s.bombs):
        bomb[2] += 1
        if bomb[2] >= items.BEE_BOMB_CYCLES:
            s.bombs.remove(bomb)
            seat, territory, _, recipe = bomb
            s.discard[seat] += s.game.recipes[recipe].ingredients
            items.burst(s, territory)
