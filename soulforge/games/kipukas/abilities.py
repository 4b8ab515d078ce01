"""The cards of the Founder's Deck as the engine plays them: each card is declared once, in
``card_effects.toml``, by its pieces (``cards.BOOK``, a ``core.cards.CardBook``).

A card's declaration is its ``cards.json`` row (the data) with, from ``card_effects.toml``,
its ``effects`` (pieces registered here in ``cards.PIECES``: one per field of
``cards.Ability``, a flag, a number or a behaviour named in ``cards.HOOKS``), its ``requires``
(conditions of its use, ``cards.REQUIREMENTS``), its ``reading`` (how a vague text is taken)
and what is ``missing`` (not played yet); NOTES.md lists both. This module holds the
behaviours (hooks) the pieces name, the pieces and the requirements; ``declare_all`` builds
each card's ``Ability`` from its declaration, once.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

import soulforge.core.draws as draws
from soulforge.core.data import package_dir
from soulforge.core.errors import DataError
from soulforge.games.kipukas import breach
from soulforge.games.kipukas import cards as c
from soulforge.games.kipukas.cards import (
    HOOKS,
    PIECES,
    REQUIREMENTS,
    Ability,
    heal,
    register,
    trap_numbers,
    waste,
)
from soulforge.games.kipukas.cycle import claim, lay_waste, place, retreat_stands, reveal
from soulforge.games.kipukas.data import CARDS, Dice
from soulforge.games.kipukas.fight import available_means, single_bout, targets
from soulforge.games.kipukas.movement import is_downed
from soulforge.games.kipukas.setup import new_piece

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

PUBLIC: Final = 1 << 8
_HERE = package_dir("soulforge.games.kipukas")
_RAW = {e["id"]: e for e in json.loads((_HERE / "data" / "cards.json").read_text("utf-8"))}
ENTRIES = _HERE / "card_effects.toml"
"""Each card's pieces, requirements, reading and what is missing, keyed by card id."""

F = TypeVar("F", bound=Callable[..., Any])


def hook(behaviour: F) -> F:
    """Register ``behaviour`` in ``cards.HOOKS`` under its name (less the leading underscore),
    for a hook piece to name (``["cycle", "liliel"]``)."""
    HOOKS.add(behaviour.__name__.lstrip("_"), behaviour)
    return behaviour


HOOKS.add("breach_play", breach.play)


# -- hooks shared by several cards ------------------------------------------------------------
def _same_territory_friends(s: S, piece: int) -> list[int]:
    return [
        p
        for p in s.pieces_in(s.territory[piece])
        if s.owner[p] == s.owner[piece] and s.card_of(p).soul and not s.prisoner[p]
    ]


@hook
def _liliel(s: S, piece: int) -> None:
    """Treats 1 KEAL means damage every other diel cycle (a friendly soul in her territory)."""
    if c.tick(s, piece, "liliel") % 2:
        return
    for friend in sorted(_same_territory_friends(s, piece), key=lambda p: -sum(s.injuries[p])):
        if heal(s, friend):
            s.add_log(f"{s.piece_name(piece)} heals {s.piece_name(friend)}")
            return


@hook
def _tejas(s: S, piece: int) -> None:
    """Heals one KEAL means per turn of every Mechanical, Algorithmic or Entropic soul in
    the same uncontended territory. 'If Tejas does not perform any actions this turn he becomes
    bored and breaks himself. When broken Tajas, must fix himself before moving or fixing other
    souls. Tajas breaks or fixes himself at the start of the cycle': read, at the start of a
    cycle after a day (a night gives souls no action) on which he neither moved, fought nor was
    played, he breaks: he cannot move, fight or repair that cycle; the next cycle starts with
    his fixing himself (no repairs then either)."""
    clock = s.timers[piece]
    stand = list(s.board.stands).index(s.stand[piece])
    idle = (
        clock.get("day", -9) == s.cycle - 1
        and clock.get("stand") == stand
        and clock.get("acted", -9) < s.cycle - 1
        and s.played_cycle[piece] < s.cycle - 1
    )
    clock["stand"] = stand
    if s.diel == "day":
        clock["day"] = s.cycle
    if clock.get("broken"):
        clock["broken"] = 0
        s.add_log(f"{s.piece_name(piece)} fixes himself")
        return
    if idle:
        clock["broken"] = 1
        s.tired_cycle[piece] = max(s.tired_cycle[piece], s.cycle)
        s.add_log(f"{s.piece_name(piece)} did nothing yesterday: bored, he breaks himself")
        return
    territory = s.territory[piece]
    if any(s.owner[p] != s.owner[piece] and s.card_of(p).soul for p in s.pieces_in(territory)):
        return
    for friend in _same_territory_friends(s, piece):
        if s.card_of(friend).archetypal_gene in ("Mechanical", "Algorithmic", "Entropic") and heal(s, friend):
            s.add_log(f"{s.piece_name(piece)} repairs {s.piece_name(friend)}")


@hook
def _tejas_fought(s: S, piece: int, other: int) -> None:
    """A bout is an action of Tejas's (he is not bored that day)."""
    s.timers[piece]["acted"] = s.cycle


@hook
def _colony_cycle(s: S, piece: int) -> None:
    """'It can only survive without a carrier in your capital': on the map outside its seat's
    capital at the start of a cycle (it had the day it was played to board a carrier), it is
    wasted."""
    if s.territory[piece] not in s.capital[c.keeper(s, piece)]:
        s.add_log(f"{s.piece_name(piece)} cannot survive outside its capital without a carrier")
        waste(s, piece)


@hook
def _virus_hops(s: S, piece: int) -> list[str]:
    """'Moves instantly to any basecamp or capital in immediate contact with the current
    territory': the camp stands of held territories touching its own."""
    here = s.territory[piece]
    return [
        s.board.camp_of(t)
        for t in s.board.holdable
        if (here, t) in s.board.touching and s.holder[t - 1] >= 0 and not s.wasteland[t - 1]
    ]


@hook
def _central_claims(s: S, piece: int) -> None:
    """Unburdened Central, lodged in an enemy capital, takes it at the start of a cycle once all
    else is claimed by her seat (her move in tried it already: ``cycle.claim``)."""
    if c.lodged(s, piece):

        claim(s, piece)


@hook
def _self_care(s: S, piece: int) -> None:
    """On a day roll, heals 1 KEAL means of every soul on its forest movement stand."""
    stand = s.board.stands[s.stand[piece]]
    if s.diel != "day" or stand.kind != "movement" or s.board.geography[stand.territory - 1] != "Forest":
        return
    for other in s.souls_at(stand.id):
        if heal(s, other):
            s.tired_cycle[other] = max(s.tired_cycle[other], s.cycle)  # healed souls rest today
            s.add_log(f"{s.piece_name(piece)} heals {s.piece_name(other)}; it rests today")


def _d20_summon(numbers: frozenset[int]) -> Callable[[S, int], bool]:
    def summon(s: S, piece: int) -> bool:
        roll = draws.randint(s.rng, 1, 20)
        s.add_log(f"{s.seat_name(s.owner[piece])} rolls a D20 to call {s.card_of(piece).name}: {roll}")
        return roll in numbers

    return summon


@hook
def _pyrostegia(s: S, piece: int) -> bool:
    """Placed on the territory whose number the D20 shows, if that territory is a forest."""
    roll = draws.randint(s.rng, 1, 20)
    s.add_log(f"{s.seat_name(s.owner[piece])} rolls a D20 for the Pyrostegia Dragon: {roll}")
    if roll not in s.board.territories or s.board.geography[roll - 1] != "Forest":
        return False

    place(s, piece, s.board.camp_of(roll))
    return True


@hook
def _knightsoul_cycle(s: S, piece: int) -> None:
    """Stays on the field 2 diel cycles, then is recalled to the hand (wasted if it is full)."""
    if c.tick(s, piece, "knightsoul") < 2:
        return
    seat = s.owner[piece]
    if len(s.hand[seat]) >= s.tables.play.hand:
        s.add_log(f"{s.piece_name(piece)} is recalled to a full hand and is wasted")
        waste(s, piece)
        return
    c.take_off(s, piece)
    s.hand[seat].append(s.card[piece])
    s.add_log(f"{s.piece_name(piece)} is recalled to {s.seat_name(seat)}'s hand")


@hook
def _raven_engage(s: S, piece: int, other: int) -> bool:
    """An opponent engaging the Raven must roll standard detection (D20: 1-4) first."""
    if s.defender != piece:
        return True
    roll = draws.randint(s.rng, 1, 20)
    found = c.detected(s, roll)
    s.add_log(f"detection roll to engage {s.piece_name(piece)}: {roll}, {'found' if found else 'not found'}")
    return found


@hook
def _mihela_engage(s: S, piece: int, other: int) -> bool:
    """Wastes souls when she engages them if they are downed."""

    if s.attacker == piece and other in targets(s, piece) and is_downed(s, other):
        s.add_log(f"{s.piece_name(piece)} wastes the downed {s.piece_name(other)}")
        waste(s, other)
    return True


@hook
def _oly_won(s: S, piece: int, loser: int) -> None:
    """The soul that lost to Oly is immobile and unable to defend next turn."""
    s.tired_cycle[loser] = s.cycle + 1
    s.add_log(f"{s.piece_name(loser)} is overwhelmed by Oly's potion until the next turn ends")


@hook
def _otter_lost(s: S, piece: int, winner: int) -> bool:
    return c.gene(s, winner) == "Cenozoic"


@hook
def _oshliath_lost(s: S, piece: int, winner: int) -> None:
    """'Must retreat if osileth takes damage (keal means bout is lost while having chosen
    Osileth's Scale)': it retreats at once, unchallenged, to the first stand it may."""

    side = 1 if s.defender == piece else 0
    if s.card_of(piece).keal_means[s.means[side]].name != "Osileth's Scale":
        return
    stands = retreat_stands(s, piece)
    if stands:
        place(s, piece, stands[0])
        s.add_log(f"{s.piece_name(piece)} must retreat: Osileth is hurt")


@hook
def _raven_enters(s: S, piece: int) -> None:
    """It 'reveals cards in a territory as it moves into the territory' (they may stay revealed:
    the card says they 'can be reset')."""

    for p in s.pieces_in(s.territory[piece]):
        if s.owner[p] != s.owner[piece] and not s.known[p] & PUBLIC:
            reveal(s, p)


@hook
def _orbs_wasted(s: S, piece: int) -> None:
    """When defeated, guides one wasted soul (the last in its owner's discard) to the deck's bottom
    (a rogue's: the seat that played it)."""
    seat = c.keeper(s, piece)
    souls = [i for i, cid in enumerate(s.discard[seat]) if s.tables.cards[cid].soul and cid != s.card[piece]]
    if souls:
        guided = s.discard[seat].pop(souls[-1])
        s.deck[seat].insert(0, guided)
        s.add_log(f"{CARDS['orbs_trail'].name} guides {CARDS[guided].name} to the bottom of the deck")


@hook
def _arctechnic_storm(s: S, piece: int) -> bool:
    """No damage from its first storm (counted on its timer)."""
    if not s.timers[piece].get("storms"):
        s.timers[piece]["storms"] = 1
        return True
    return False


@hook
def _joker_summon(s: S, piece: int) -> bool:
    """Once introduced: both hands are combined and shuffled, then taken back one by one to
    the counts held (the takes are random here: NOTES.md)."""
    seat = s.owner[piece]
    other = (seat + 1) % s.num_players
    counts = [len(s.hand[seat]), len(s.hand[other])]
    pool = s.hand[seat] + s.hand[other]
    s.rng.shuffle(pool)
    s.hand[seat], s.hand[other] = pool[: counts[0]], pool[counts[0] :]
    s.mark_revealed()
    s.add_log("the Plane Table Joker mixes both hands")
    return True


# -- terrain features ------------------------------------------------------------------------
@hook
def _palace_bonus(s: S, piece: int, other: int) -> int:
    return 3 if s.card_of(piece).habitat == "Nomad" else 0


@hook
def _palace_tolerance(s: S, piece: int) -> int:
    return 1 if s.card_of(piece).habitat == "Nomad" else 0


@hook
def _shards(s: S, feature: int) -> None:
    """1 KEAL means damage per turn, at the start of the turn, to every soul in the territory
    (damage to a downed soul wastes it: #combat_lifecycle)."""
    for p in s.pieces_in(s.territory[feature]):
        if s.card_of(p).soul and not s.prisoner[p]:
            s.add_log(f"the Shards Desert crushes {s.piece_name(p)}")
            c.damage(s, p)


@hook
def _meteor(s: S, feature: int) -> None:
    """After a D6 of turns, lays waste to a random territory (#random_territory)."""
    clock = s.timers[feature]
    if "meteor" not in clock:
        clock["meteor"] = draws.randint(s.rng, 1, 6) + 1
        s.add_log(f"the meteor shower will strike in {clock['meteor'] - 1} turns")
    clock["meteor"] -= 1
    if clock["meteor"] > 1:
        return

    target = draws.randint(s.rng, 1, len(s.board.geography))
    s.add_log(f"the meteor shower strikes territory {target}")
    lay_waste(s, target)
    if s.on_map[feature]:
        waste(s, feature)


@hook
def _timebattle(s: S, trap: int) -> None:
    """Timebattle: 'activation: You lose the territory this trap is laid in ... Your opponent's
    capital moves to this location and becomes cursed with the following effect: All cards
    within the territory can only be used every other turn.'"""

    clock, territory = s.timers[trap], s.territory[trap]
    holder = s.holder[territory - 1]
    if "cursed" not in clock:
        if holder in (-1, s.owner[trap]):
            return
        clock["cursed"] = s.cycle
        reveal(s, trap)
        # The capital moves (its first one, when the Breach gave it two); the old stays held.
        s.capital[holder][:1] = [territory]
        s.holds_changed()
        s.add_log(f"Timebattle: {s.seat_name(holder)}'s capital moves to territory {territory}, cursed")
    if (s.cycle - clock["cursed"]) % 2:
        for p in s.pieces_in(territory):
            if s.card_of(p).soul:
                s.tired_cycle[p] = max(s.tired_cycle[p], s.cycle)
        s.add_log(f"the curse of Timebattle: the cards of territory {territory} cannot be used this turn")


def _movement_plus(n: int) -> Callable[[S, int], int]:
    def bonus(s: S, piece: int) -> int:
        return n

    return bonus


# -- traps ------------------------------------------------------------------------------------
@hook
def _freezing(s: S, trap: int, mover: int) -> None:
    """The owner may place an Endothermic soul from hand in the trap's territory."""

    seat, table = s.owner[trap], s.tables.cards
    chosen = [cid for cid in s.hand[seat] if table[cid].soul and table[cid].archetypal_gene == "Endothermic"]
    if chosen:
        s.hand[seat].remove(chosen[0])
        new_piece(s, seat, chosen[0], s.board.camp_of(s.territory[trap]), revealed=True)
        s.add_log(f"{s.seat_name(seat)} places {CARDS[chosen[0]].name} out of turn")


@hook
def _bottle(s: S, trap: int, mover: int) -> None:
    """The soul is bottled: held in the territory, unusable until freed (read as a prisoner)."""
    s.prisoner[mover] = True
    s.timers[mover][c.BOTTLED] = 1
    s.moved()
    s.add_log(f"{s.piece_name(mover)} is bottled")


@hook
def _sabina(s: S, trap: int, mover: int) -> None:
    """Steal a card from the opponent's hand (or deck) if the hand stays at 3 or fewer."""
    seat, victim = s.owner[trap], s.owner[mover]
    if len(s.hand[seat]) >= s.tables.play.hand or victim >= s.num_players:
        return  # (a rogue has no hand nor deck to steal from)
    source = s.hand[victim] or s.deck[victim]
    if source:
        taken = source.pop(draws.randrange(s.rng, len(source)))
        s.hand[seat].append(taken)
        s.add_log(f"{s.seat_name(seat)} steals a card from {s.seat_name(victim)}")


@hook
def _piffions(s: S, trap: int, mover: int) -> None:
    """Read with the activation sequence: on entry, the owner's soul there slips one stand away."""

    for p in s.pieces_in(s.territory[trap]):
        if s.owner[p] == s.owner[trap] and s.card_of(p).soul and retreat_stands(s, p):
            place(s, p, retreat_stands(s, p)[0])
            s.add_log(f"{s.piece_name(p)} slips away before the attack")
            return


# -- sabotage ---------------------------------------------------------------------------------
@hook
def _spectral(s: S, seat: int, territory: int) -> None:
    a, b = draws.randint(s.rng, 1, 6), draws.randint(s.rng, 1, 6)
    ok = a == b or a + b == 7 or (c.sabotage_boost(s, seat, territory) and {a, b} == {1, 2})
    s.add_log(f"spectral lands: 2 D6 show {a} and {b}: {'success' if ok else 'failure'}")
    mine = [t for t in s.board.holdable if s.holder[t - 1] == seat]
    theirs = [t for t in s.board.holdable if s.holder[t - 1] not in (-1, seat)]
    chosen, turns = (mine[:3], 3) if ok else (theirs[:2], 2)
    for t in chosen:
        s.protected[t - 1] = s.cycle + turns
    if chosen:
        s.add_log(f"territories {', '.join(map(str, chosen))} cannot be taken for {turns} turns")


@hook
def _cats(s: S, seat: int, territory: int) -> None:
    tries = [(draws.randint(s.rng, 1, 6), draws.randint(s.rng, 1, 6)) for _ in range(2)]
    boost = c.sabotage_boost(s, seat, territory)
    ok = any(a == b or (boost and {a, b} == {1, 2}) for a, b in tries)
    s.add_log(f"the cats: {tries}: {'success' if ok else 'failure'}")
    if ok:
        # "Add a day if you rolled fish": the doubles of the authored fish face, in either try.
        fish = s.tables.play.cats_fish
        days = 3 if (fish, fish) in tries else 2
        for p in s.souls_at(s.board.camp_of(territory)):
            if s.owner[p] != seat:
                s.tired_cycle[p] = s.cycle + days
        extra = " (fish: a day more)" if days == 3 else ""
        camp = f"territory {territory}'s camp"
        s.add_log(f"the souls of {camp} are kicked out of action for {days} days{extra}")
        return
    camps = [t for t in s.board.holdable if s.holder[t - 1] == seat]
    if camps:
        hit = camps[draws.randrange(s.rng, len(camps))]
        for p in s.souls_at(s.board.camp_of(hit)):
            c.injure_any(s, p)
        s.add_log(f"the angry cats attack the souls of territory {hit}")


@hook
def _mutant(s: S, seat: int, territory: int) -> None:
    """Mutant Hide and Seek stays in play: this night and each night after, a D6 (see
    ``mutant_night``); the territory played against is only where the card was aimed."""
    s.mutants.append([seat, 0, territory])
    mutant_night(s, len(s.mutants) - 1)


@hook
def mutant_night(s: S, index: int) -> None:
    """'Each night throw a D6': 4 or more, a random opponent base camp's souls are too tired to
    move the next day; 3 or less, one step closer to taming: two failures and it is led away.
    A 1 or 2 succeeds too while a colony of the seat is in the territory it was played against
    (Balanced Inline Processing Colony)."""
    seat, failures, aimed = s.mutants[index]
    roll = draws.randint(s.rng, 1, 6)
    s.add_log(f"the mutant's D6 shows {roll}")
    if roll >= 4 or (roll <= 2 and c.sabotage_boost(s, seat, aimed)):
        camps = [
            t
            for t in s.board.holdable
            if s.holder[t - 1] not in (-1, seat) and t not in s.capital[s.holder[t - 1]]
        ]
        if camps:
            camp = camps[draws.randrange(s.rng, len(camps))]
            for p in s.souls_at(s.board.camp_of(camp)):
                s.tired_cycle[p] = s.cycle + 1
            s.add_log(f"the souls of territory {camp} are too tired to move the next day")
        return
    s.mutants[index][1] = failures + 1
    if failures + 1 >= 2:
        s.add_log("the creature is led away")
        s.discard[seat].append("mutant_hide_and_seek")
        s.mutants[index][0] = -1


def _dreamer(s: S, seat: int, territory: int) -> int:
    """Onironauta's manipulator: a revealed Telekinetic soul of the seat, able to fight, 'one
    space outside the base camp' of the territory; -1 if none."""

    camp = s.board.camp_of(territory)
    near = {there for there, _ in s.board.exits[camp]}
    for p in s.live():
        fit = (
            s.owner[p] == seat
            and s.known[p] & PUBLIC
            and s.stand[p] in near
            and c.gene(s, p) == "Telekinetic"
        )
        if fit and available_means(s, p):
            return p
    return -1


def _onironauta_ok(s: S, seat: int, territory: int) -> bool:
    return _dreamer(s, seat, territory) >= 0


@hook
def _onironauta(s: S, seat: int, territory: int) -> None:
    """A KEAL means bout against each soul of the base camp: each that loses moves 1 space out
    and is dazed (cannot move) the next day; a lost bout harms the telekinetic (one KEAL means
    damage, or the Final Blow if it is downed) and ends the attempt."""

    manipulator = _dreamer(s, seat, territory)
    camp = s.board.camp_of(territory)
    for soul in [p for p in s.souls_at(camp) if s.owner[p] != seat]:
        reveal(s, soul)
        resists = bool(available_means(s, soul)) and not single_bout(s, manipulator, soul)
        if resists:  # a downed soul cannot resist
            s.add_log(f"{s.piece_name(soul)} regains control of its dream")
            c.damage(s, manipulator)
            return
        out = s.board.exits[camp][0][0]
        place(s, soul, out)
        s.tired_cycle[soul] = s.cycle + 1
        s.add_log(f"{s.piece_name(soul)} sleepwalks out of the camp, dazed until the next day ends")
        if not s.on_map[manipulator] or not available_means(s, manipulator):
            return


# -- requirements -----------------------------------------------------------------------------
@REQUIREMENTS.register("breach_target")
def _breach_target(s: S, aim: tuple[int, int]) -> str | None:
    """What Do You See in the Breach: against another seat's capital, not already infected."""
    if breach.playable(s, *aim):
        return None
    return "the breach opens on another seat's capital, not infected yet"


@REQUIREMENTS.register("telekinetic_near_camp")
def _telekinetic_near_camp(s: S, aim: tuple[int, int]) -> str | None:
    """Onironauta: a revealed Telekinetic soul of the seat one path from the target's camp."""
    if _onironauta_ok(s, *aim):
        return None
    return "Onironauta needs a revealed Telekinetic soul of yours one path from the camp"


# -- pieces: one per field of ``Ability`` -----------------------------------------------------
Fields = dict[str, Any]
"""The fields of the ``Ability`` a card's pieces are building."""
_HOOK_FIELDS = frozenset(
    f.name for f in dataclasses.fields(Ability) if "Callable" in str(f.type) or "Hook" in str(f.type)
)


def _flag(name: str) -> Callable[..., None]:
    def piece(fields: Fields, row: Mapping[str, Any]) -> None:
        fields[name] = True

    return piece


def _value(name: str) -> Callable[..., None]:
    def piece(fields: Fields, row: Mapping[str, Any], value: Any) -> None:
        fields[name] = value

    return piece


def _numbers(name: str) -> Callable[..., None]:
    """A set of names or numbers; a text such as "1 through 20" reads as a trap's numbers."""

    def piece(fields: Fields, row: Mapping[str, Any], *values: Any) -> None:
        if len(values) == 1 and isinstance(values[0], str) and values[0][0].isdigit():
            fields[name] = trap_numbers(values[0])
        else:
            fields[name] = frozenset(values)

    return piece


def _dice(name: str) -> Callable[..., None]:
    def piece(fields: Fields, row: Mapping[str, Any], dice: list[str], base: int) -> None:
        fields[name] = Dice(tuple(dice), base)

    return piece


def _hook(name: str) -> Callable[..., None]:
    def piece(fields: Fields, row: Mapping[str, Any], behaviour: str) -> None:
        fields[name] = HOOKS[behaviour]

    return piece


def _second_form(fields: Fields, row: Mapping[str, Any], faces: Mapping[str, list[int]]) -> None:
    fields["second_form"] = tuple((ground, frozenset(numbers)) for ground, numbers in faces.items())


def _register_pieces() -> None:
    """One piece per field of ``Ability`` (its reading and what is missing are the row's text)."""
    for f in dataclasses.fields(Ability):
        kind = str(f.type)
        if f.name in ("reading", "missing"):
            continue
        if f.name in _HOOK_FIELDS:
            PIECES.add(f.name, _hook(f.name))
        elif f.name == "second_form":
            PIECES.add(f.name, _second_form)
        elif kind == "bool":
            PIECES.add(f.name, _flag(f.name))
        elif kind.startswith("frozenset"):
            PIECES.add(f.name, _numbers(f.name))
        elif kind.startswith("Dice"):
            PIECES.add(f.name, _dice(f.name))
        else:
            PIECES.add(f.name, _value(f.name))


_register_pieces()


@PIECES.register("trap")
def _trap(fields: Fields, row: Mapping[str, Any]) -> None:
    """A trap card: the D20 numbers that spring it and that detect it, read from its data row's
    criteria (#traps; "Impossible": never detected; none named: standard detection)."""
    on, off = row.get("activation_criteria") or "", row.get("detection_criteria") or ""
    fields["trap_on"] = trap_numbers(on)
    fields["detect_on"] = frozenset() if "Impossible" in off else (trap_numbers(off) or None)


@PIECES.register("summon_d20")
def _summon_d20(fields: Fields, row: Mapping[str, Any], *faces: int) -> None:
    """A summon roll: a D20 showing one of ``faces`` calls the card."""
    fields["summon"] = _d20_summon(frozenset(faces))


@PIECES.register("move_bonus_plus")
def _move_bonus_plus(fields: Fields, row: Mapping[str, Any], n: int) -> None:
    """+``n`` range to the moves of souls starting in the card's territory."""
    fields["move_bonus"] = _movement_plus(n)


def declare_all() -> None:
    """Declare every card of ``cards.json`` in ``cards.BOOK`` (its row with its entry of
    ``card_effects.toml``: a card with no entry plays as its data alone) and build its
    ``Ability`` from its pieces, once."""
    entries = tomllib.loads(ENTRIES.read_text("utf-8"))
    unknown = sorted(set(entries) - set(CARDS))
    if unknown:
        raise DataError(ENTRIES.name, unknown[0], "", "no such card in cards.json")
    for card_id, row in _RAW.items():
        declare(row, entries.get(card_id, {}))


def declare(row: Mapping[str, Any], entry: Mapping[str, Any]) -> Ability:
    """Declare one card in ``cards.BOOK``: its data ``row`` (as in ``cards.json``) with its
    ``entry`` (as in ``card_effects.toml``: pieces, requirements, reading, missing); its
    ``Ability`` is built from the pieces and registered under the row's id."""
    declared = c.BOOK.add({**row, **entry}, key="id")
    fields: Fields = {text: entry[text] for text in ("reading", "missing") if text in entry}
    c.BOOK.run(declared, fields, declared.row)
    found = Ability(**fields)
    register(declared.name, found)
    return found


declare_all()  # once, at import: the rules read the cards' abilities when they load
