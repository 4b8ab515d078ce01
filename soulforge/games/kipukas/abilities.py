"""The abilities of the Founder's Deck, one entry per card (registered into ``cards.ABILITIES``).

Each entry reads the card's text (``cards.json`` ``game_effects``, a trap's criteria, a
sabotage's criteria, result and failure) into flags and hooks; ``reading`` says how a vague
text is taken, ``missing`` what is not played yet. NOTES.md lists both.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from soulforge.games.kipukas import breach
from soulforge.games.kipukas import cards as c
from soulforge.games.kipukas.cards import Ability, heal, register, trap_numbers, waste
from soulforge.games.kipukas.data import CARDS, Dice

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

PUBLIC = 1 << 8
_RAW = {e["id"]: e for e in json.loads((Path(__file__).parent / "data" / "cards.json").read_text("utf-8"))}


# -- hooks shared by several cards ------------------------------------------------------------
def _same_territory_friends(s: S, piece: int) -> list[int]:
    return [
        p
        for p in s.pieces_in(s.territory[piece])
        if s.owner[p] == s.owner[piece] and s.card_of(p).soul and not s.prisoner[p]
    ]


def _liliel(s: S, piece: int) -> None:
    """Treats 1 KEAL means damage every other diel cycle (a friendly soul in her territory)."""
    if c.tick(s, piece, "liliel") % 2:
        return
    for friend in sorted(_same_territory_friends(s, piece), key=lambda p: -sum(s.injuries[p])):
        if heal(s, friend):
            s.add_log(f"{s.piece_name(piece)} heals {s.piece_name(friend)}")
            return


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


def _tejas_fought(s: S, piece: int, other: int) -> None:
    """A bout is an action of Tejas's (he is not bored that day)."""
    s.timers[piece]["acted"] = s.cycle


def _colony_cycle(s: S, piece: int) -> None:
    """'It can only survive without a carrier in your capital': on the map outside its seat's
    capital at the start of a cycle (it had the day it was played to board a carrier), it is
    wasted."""
    if s.territory[piece] not in s.capital[c.keeper(s, piece)]:
        s.add_log(f"{s.piece_name(piece)} cannot survive outside its capital without a carrier")
        waste(s, piece)


def _virus_hops(s: S, piece: int) -> list[str]:
    """'Moves instantly to any basecamp or capital in immediate contact with the current
    territory': the camp stands of held territories touching its own."""
    here = s.territory[piece]
    return [
        s.board.camp_of(t)
        for t in s.board.holdable
        if (here, t) in s.board.touching and s.holder[t - 1] >= 0 and not s.wasteland[t - 1]
    ]


def _central_claims(s: S, piece: int) -> None:
    """Unburdened Central, lodged in an enemy capital, takes it at the start of a cycle once all
    else is claimed by her seat (her move in tried it already: ``cycle.claim``)."""
    if c.lodged(s, piece):
        from soulforge.games.kipukas.cycle import claim

        claim(s, piece)


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
        roll = s.rng.randint(1, 20)
        s.add_log(f"{s.seat_name(s.owner[piece])} rolls a D20 to call {s.card_of(piece).name}: {roll}")
        return roll in numbers

    return summon


def _pyrostegia(s: S, piece: int) -> bool:
    """Placed on the territory whose number the D20 shows, if that territory is a forest."""
    roll = s.rng.randint(1, 20)
    s.add_log(f"{s.seat_name(s.owner[piece])} rolls a D20 for the Pyrostegia Dragon: {roll}")
    if roll not in s.board.territories or s.board.geography[roll - 1] != "Forest":
        return False
    from soulforge.games.kipukas.cycle import place

    place(s, piece, s.board.camp_of(roll))
    return True


def _knightsoul_cycle(s: S, piece: int) -> None:
    """Stays on the field 2 diel cycles, then is recalled to the hand (wasted if it is full)."""
    if c.tick(s, piece, "knightsoul") < 2:
        return
    seat = s.owner[piece]
    if len(s.hand[seat]) >= s.game.play.hand:
        s.add_log(f"{s.piece_name(piece)} is recalled to a full hand and is wasted")
        waste(s, piece)
        return
    c.take_off(s, piece)
    s.hand[seat].append(s.card[piece])
    s.add_log(f"{s.piece_name(piece)} is recalled to {s.seat_name(seat)}'s hand")


def _raven_engage(s: S, piece: int, other: int) -> bool:
    """An opponent engaging the Raven must roll standard detection (D20: 1-4) first."""
    if s.defender != piece:
        return True
    roll = s.rng.randint(1, 20)
    found = c.detected(s, roll)
    s.add_log(f"detection roll to engage {s.piece_name(piece)}: {roll}, {'found' if found else 'not found'}")
    return found


def _mihela_engage(s: S, piece: int, other: int) -> bool:
    """Wastes souls when she engages them if they are downed."""
    from soulforge.games.kipukas.fight import targets
    from soulforge.games.kipukas.movement import is_downed

    if s.attacker == piece and other in targets(s, piece) and is_downed(s, other):
        s.add_log(f"{s.piece_name(piece)} wastes the downed {s.piece_name(other)}")
        waste(s, other)
    return True


def _oly_won(s: S, piece: int, loser: int) -> None:
    """The soul that lost to Oly is immobile and unable to defend next turn."""
    s.tired_cycle[loser] = s.cycle + 1
    s.add_log(f"{s.piece_name(loser)} is overwhelmed by Oly's potion until the next turn ends")


def _otter_lost(s: S, piece: int, winner: int) -> bool:
    return c.gene(s, winner) == "Cenozoic"


def _oshliath_lost(s: S, piece: int, winner: int) -> None:
    """'Must retreat if osileth takes damage (keal means bout is lost while having chosen
    Osileth's Scale)': it retreats at once, unchallenged, to the first stand it may."""
    from soulforge.games.kipukas.cycle import place, retreat_stands

    side = 1 if s.defender == piece else 0
    if s.card_of(piece).keal_means[s.means[side]].name != "Osileth's Scale":
        return
    stands = retreat_stands(s, piece)
    if stands:
        place(s, piece, stands[0])
        s.add_log(f"{s.piece_name(piece)} must retreat: Osileth is hurt")


def _raven_enters(s: S, piece: int) -> None:
    """It 'reveals cards in a territory as it moves into the territory' (they may stay revealed:
    the card says they 'can be reset')."""
    from soulforge.games.kipukas.cycle import reveal

    for p in s.pieces_in(s.territory[piece]):
        if s.owner[p] != s.owner[piece] and not s.known[p] & PUBLIC:
            reveal(s, p)


def _orbs_wasted(s: S, piece: int) -> None:
    """When defeated, guides one wasted soul (the last in its owner's discard) to the deck's bottom
    (a rogue's: the seat that played it)."""
    seat = c.keeper(s, piece)
    souls = [i for i, cid in enumerate(s.discard[seat]) if s.game.cards[cid].soul and cid != s.card[piece]]
    if souls:
        guided = s.discard[seat].pop(souls[-1])
        s.deck[seat].insert(0, guided)
        s.add_log(f"{CARDS['orbs_trail'].name} guides {CARDS[guided].name} to the bottom of the deck")


def _arctechnic_storm(s: S, piece: int) -> bool:
    """No damage from its first storm (counted on its timer)."""
    if not s.timers[piece].get("storms"):
        s.timers[piece]["storms"] = 1
        return True
    return False


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
def _palace_bonus(s: S, piece: int, other: int) -> int:
    return 3 if s.card_of(piece).habitat == "Nomad" else 0


def _palace_tolerance(s: S, piece: int) -> int:
    return 1 if s.card_of(piece).habitat == "Nomad" else 0


def _shards(s: S, feature: int) -> None:
    """1 KEAL means damage per turn, at the start of the turn, to every soul in the territory
    (damage to a downed soul wastes it: #combat_lifecycle)."""
    for p in s.pieces_in(s.territory[feature]):
        if s.card_of(p).soul and not s.prisoner[p]:
            s.add_log(f"the Shards Desert crushes {s.piece_name(p)}")
            c.damage(s, p)


def _meteor(s: S, feature: int) -> None:
    """After a D6 of turns, lays waste to a random territory (#random_territory)."""
    clock = s.timers[feature]
    if "meteor" not in clock:
        clock["meteor"] = s.rng.randint(1, 6) + 1
        s.add_log(f"the meteor shower will strike in {clock['meteor'] - 1} turns")
    clock["meteor"] -= 1
    if clock["meteor"] > 1:
        return
    from soulforge.games.kipukas.cycle import lay_waste

    target = s.rng.randint(1, len(s.board.geography))
    s.add_log(f"the meteor shower strikes territory {target}")
    lay_waste(s, target)
    if s.on_map[feature]:
        waste(s, feature)


def _timebattle(s: S, trap: int) -> None:
    """Timebattle: 'activation: You lose the territory this trap is laid in ... Your opponent's
    capital moves to this location and becomes cursed with the following effect: All cards
    within the territory can only be used every other turn.'"""
    from soulforge.games.kipukas.cycle import reveal

    clock, territory = s.timers[trap], s.territory[trap]
    holder = s.holder[territory - 1]
    if "cursed" not in clock:
        if holder in (-1, s.owner[trap]):
            return
        clock["cursed"] = s.cycle
        reveal(s, trap)
        # The capital moves (its first one, when the Breach gave it two); the old stays held.
        s.capital[holder][:1] = [territory]
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
def _freezing(s: S, trap: int, mover: int) -> None:
    """The owner may place an Endothermic soul from hand in the trap's territory."""
    from soulforge.games.kipukas.setup import new_piece

    seat, table = s.owner[trap], s.game.cards
    chosen = [cid for cid in s.hand[seat] if table[cid].soul and table[cid].archetypal_gene == "Endothermic"]
    if chosen:
        s.hand[seat].remove(chosen[0])
        new_piece(s, seat, chosen[0], s.board.camp_of(s.territory[trap]), revealed=True)
        s.add_log(f"{s.seat_name(seat)} places {CARDS[chosen[0]].name} out of turn")


def _bottle(s: S, trap: int, mover: int) -> None:
    """The soul is bottled: held in the territory, unusable until freed (read as a prisoner)."""
    s.prisoner[mover] = True
    s.timers[mover][c.BOTTLED] = 1
    s.moved()
    s.add_log(f"{s.piece_name(mover)} is bottled")


def _sabina(s: S, trap: int, mover: int) -> None:
    """Steal a card from the opponent's hand (or deck) if the hand stays at 3 or fewer."""
    seat, victim = s.owner[trap], s.owner[mover]
    if len(s.hand[seat]) >= s.game.play.hand or victim >= s.num_players:
        return  # (a rogue has no hand nor deck to steal from)
    source = s.hand[victim] or s.deck[victim]
    if source:
        taken = source.pop(s.rng.randrange(len(source)))
        s.hand[seat].append(taken)
        s.add_log(f"{s.seat_name(seat)} steals a card from {s.seat_name(victim)}")


def _piffions(s: S, trap: int, mover: int) -> None:
    """Read with the activation sequence: on entry, the owner's soul there slips one stand away."""
    from soulforge.games.kipukas.cycle import place, retreat_stands

    for p in s.pieces_in(s.territory[trap]):
        if s.owner[p] == s.owner[trap] and s.card_of(p).soul and retreat_stands(s, p):
            place(s, p, retreat_stands(s, p)[0])
            s.add_log(f"{s.piece_name(p)} slips away before the attack")
            return


# -- sabotage ---------------------------------------------------------------------------------
def _spectral(s: S, seat: int, territory: int) -> None:
    a, b = s.rng.randint(1, 6), s.rng.randint(1, 6)
    ok = a == b or a + b == 7 or (c.sabotage_boost(s, seat, territory) and {a, b} == {1, 2})
    s.add_log(f"spectral lands: 2 D6 show {a} and {b}: {'success' if ok else 'failure'}")
    mine = [t for t in s.board.holdable if s.holder[t - 1] == seat]
    theirs = [t for t in s.board.holdable if s.holder[t - 1] not in (-1, seat)]
    chosen, turns = (mine[:3], 3) if ok else (theirs[:2], 2)
    for t in chosen:
        s.protected[t - 1] = s.cycle + turns
    if chosen:
        s.add_log(f"territories {', '.join(map(str, chosen))} cannot be taken for {turns} turns")


def _cats(s: S, seat: int, territory: int) -> None:
    tries = [(s.rng.randint(1, 6), s.rng.randint(1, 6)) for _ in range(2)]
    boost = c.sabotage_boost(s, seat, territory)
    ok = any(a == b or (boost and {a, b} == {1, 2}) for a, b in tries)
    s.add_log(f"the cats: {tries}: {'success' if ok else 'failure'}")
    if ok:
        # "Add a day if you rolled fish": the doubles of the authored fish face, in either try.
        fish = s.game.play.cats_fish
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
        hit = camps[s.rng.randrange(len(camps))]
        for p in s.souls_at(s.board.camp_of(hit)):
            c.injure_any(s, p)
        s.add_log(f"the angry cats attack the souls of territory {hit}")


def _mutant(s: S, seat: int, territory: int) -> None:
    """Mutant Hide and Seek stays in play: this night and each night after, a D6 (see
    ``mutant_night``); the territory played against is only where the card was aimed."""
    s.mutants.append([seat, 0, territory])
    mutant_night(s, len(s.mutants) - 1)


def mutant_night(s: S, index: int) -> None:
    """'Each night throw a D6': 4 or more, a random opponent base camp's souls are too tired to
    move the next day; 3 or less, one step closer to taming: two failures and it is led away.
    A 1 or 2 succeeds too while a colony of the seat is in the territory it was played against
    (Balanced Inline Processing Colony)."""
    seat, failures, aimed = s.mutants[index]
    roll = s.rng.randint(1, 6)
    s.add_log(f"the mutant's D6 shows {roll}")
    if roll >= 4 or (roll <= 2 and c.sabotage_boost(s, seat, aimed)):
        camps = [
            t
            for t in s.board.holdable
            if s.holder[t - 1] not in (-1, seat) and t not in s.capital[s.holder[t - 1]]
        ]
        if camps:
            camp = camps[s.rng.randrange(len(camps))]
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
    from soulforge.games.kipukas.fight import available_means

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


def _onironauta(s: S, seat: int, territory: int) -> None:
    """A KEAL means bout against each soul of the base camp: each that loses moves 1 space out
    and is dazed (cannot move) the next day; a lost bout harms the telekinetic (one KEAL means
    damage, or the Final Blow if it is downed) and ends the attempt."""
    from soulforge.games.kipukas.cycle import place, reveal
    from soulforge.games.kipukas.fight import available_means, single_bout

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


def _trap(
    card_id: str, sprung: Callable[[S, int, int], None] | None, reading: str, missing: str = ""
) -> Ability:
    raw = _RAW[card_id]
    on, off = raw.get("activation_criteria") or "", raw.get("detection_criteria") or ""
    detect = frozenset() if "Impossible" in off else (trap_numbers(off) or None)
    return Ability(
        reading=reading, missing=missing, trap_on=trap_numbers(on), detect_on=detect, sprung=sprung
    )


def register_all() -> None:
    """One ability per card of ``cards.json``."""
    none = Ability()
    for cid in ("hilbert_king_of_avian_frogs", "artificer_of_the_salt_chancel", "brox_the_defiant"):
        register(cid, none)
    register("incubation_egg", Ability(reading="Non-playable (#incubation_cards)."))
    register(
        "oshliath_and_osileth",
        Ability(
            lost_bout=_oshliath_lost,
            reading="the forced retreat goes to the first stand it may retreat to, unchallenged",
        ),
    )
    register(
        "branwen_mantillusion_practitioner",
        Ability(
            attacked_first=True,
            swaps_first=True,
            reading="other cards must attack Branwen first; in the first fight between her and a card, "
            "she attacks it and it defends",
        ),
    )
    register(
        "liliel_healing_fairy",
        Ability(
            cycle=_liliel,
            reading="heals one injury of a friendly soul in her territory every other diel cycle",
        ),
    )
    register("mihela_cleanser_of_fields", Ability(engage=_mihela_engage))
    register("parched_traveler", Ability(constantly_downed=True, acts_downed=True, waste_on_loss="defence"))
    register(
        "allele_sect_explorer",
        Ability(dice=Dice(("D6",), 0), reading="the slaps mini-game is replaced by its roll, a D6"),
    )
    register(
        "sboi_threat_plus_plus",
        Ability(
            summon=_d20_summon(frozenset({1, 10, 11})),
            rogue_on_fail=True,
            reading="a failed summon leaves Sboi rogue on the camp it was played to",
        ),
    )
    register("plane_table_joker", Ability(summon=_joker_summon))
    register(
        "frost_tipped_arctic_otter",
        Ability(
            lost_to=_otter_lost,
            donates=True,
            reading="the donation heals 2 injuries of a soul of yours "
            "on its stand for 1 injury to itself (a day action)",
        ),
    )
    register(
        "pyrostegia_dragon",
        Ability(
            summon=_pyrostegia,
            movement=1,
            leaps=True,
            sacrifice=True,
            reading="its one move a day is the instant leap to a stand of a forest territory where "
            "revealed souls of two sides are; the sacrifice wastes every soul on its stand, itself too",
        ),
    )
    register(
        "sprite_of_wilds_spirit",
        Ability(
            movement=2,
            dice=Dice(("D6", "D6"), 0),
            second_form=(
                ("Forest", frozenset({1, 2, 3})),
                ("Mountain", frozenset({1, 2})),
                ("Plains", frozenset({1, 2})),
            ),
            form_near_water=frozenset({4}),
            form_movement=1,
            form_dice=Dice(("D20",), 0),
            reading="without bear: 2 D6, movement 2; capturing a bear is a day action of a revealed "
            "Sprite that has not moved that day, once a day: a D6 (forest 1-3, mountain or plains "
            "1-2, and 4 when a water territory touches its own); with bear: a D20, movement 1, "
            "Crushing Bite; turning back is the same action, without a roll; a change of form ends "
            "its movement for the day",
        ),
    )
    register(
        "tejas_curious_mech",
        Ability(
            cycle=_tejas,
            won_bout=_tejas_fought,
            lost_bout=_tejas_fought,
            reading="he acts by moving, fighting or being played; a day with none makes him break "
            "at the next cycle's start (no move, fight or repair that cycle), and he fixes himself "
            "at the start of the one after (no repair that cycle either); nights never bore him",
        ),
    )
    register(
        "rooster_calling_of_light",
        Ability(
            cannot_attack=True,
            turns_roll="day",
            reading="on the map, not downed, every other turn: a night "
            "roll becomes day before any action (its owner decides first thing in the turn)",
        ),
    )
    register(
        "gray_wolf_harbinger_of_night",
        Ability(
            turns_roll="night", reading="on the map, not downed, every other turn: a day roll becomes night"
        ),
    )
    register(
        "balanced_inline_processing_colony",
        Ability(
            immobile=True,
            cannot_attack=True,
            carried=True,
            cycle=_colony_cycle,
            reading="it boards a soul of yours on its stand (a day action) and travels as its item; "
            "unequipped in your capital it is set down there, anywhere else (or its carrier "
            "wasted) it is wasted; on the map outside your capital at a cycle's start it is "
            "wasted; in your capital it defends with Security Hacking (a D6); your sabotage "
            "against a territory it is in also succeeds on a 1-2 (Spectral Lands, the Cats; a 1 or "
            "a 2 of the Mutant's nightly D6 while it is in the territory the Mutant was played "
            "against); Onironauta's bouts have no die faces to add to",
        ),
    )
    register(
        "knightsoul_of_binding_time",
        Ability(summon=_d20_summon(frozenset(range(10, 21))), cycle=_knightsoul_cycle),
    )
    register(
        "myrthvither_raven",
        Ability(
            constantly_downed=True,
            acts_downed=True,
            waste_on_loss="any",
            engage=_raven_engage,
            enters=_raven_enters,
        ),
    )
    register(
        "neural_network_synapse_virus",
        Ability(
            movement=1,
            contention_with=frozenset({"Mechanical", "Algorithmic"}),
            hops=_virus_hops,
            infects=True,
            reading="a digital cloud: takes no space and holds no camp; in contention only with "
            "Mechanical or Algorithmic souls; its one move a day is the instant hop to the camp "
            "stand of a held territory touching its own; a bout where the two totals differ by 3 "
            "or more either way infects the other soul: the virus is equipped to it, a D6 is "
            "taken from each of its bout and Final Blow rolls, it cannot be unequipped, and it "
            "is wasted when the host is",
        ),
    )
    register(
        "illia_and_dorsay_the_buck_skull",
        Ability(
            reading="digs as every underground dweller may (3 days for a tunnel, flow.DigRule); "
            "'might be closed by collapse': when the digger is wasted, a D6 of 1-3 (authored, "
            "rules.play.collapse_high) closes each tunnel it dug (cards.collapse)",
        ),
    )
    register("tears_for_oly", Ability(won_bout=_oly_won))
    register(
        "tira_marvelous_myriad",
        Ability(
            dice=Dice(("D6", "D6"), 0),
            reroll=True,
            reading="'D6-D6 (Option to Re-roll)' to attack and defend: 2 D6 (the data leaves the "
            "text unparsed); the option to re-roll is a second throw of both dice in every bout, "
            "Final Blow and grab, the better throw kept (so nothing is left for the owner to decide)",
        ),
    )
    register("arctechnic_wonderer", Ability(storm_proof=_arctechnic_storm))
    register(
        "little_charm",
        Ability(
            movement=0,
            dice=Dice(("D6",), 6),
            hunts_in_water=frozenset({"Spirit", "Possessor", "Conscience"}),
            reading="moves only in water: on land it cannot move; revealed, able to fight and with "
            "room, it moves to an enemy Spirit, Possessor or Conscience soul that steps onto a "
            "water stand (flyers only where they land); that soul's move ends there and it must "
            "attack (if it can); its throws against Little Charm are halved, rounded down",
        ),
    )
    register("orbs_trail", Ability(wasted=_orbs_wasted))
    register(
        "self_care",
        Ability(
            constantly_downed=True,
            acts_downed=True,
            movement=1,
            cycle=_self_care,
        ),
    )
    register(
        "the_causal_sophist",
        Ability(
            makes_magic=True,
            reading="revealed, she makes the Cenozoic and "
            "Astral souls on her stand Magic (affinity, Final Blow)",
        ),
    )
    register(
        "unburdened_central",
        Ability(
            cannot_claim=True,
            stays_in_capital=True,
            takes_capital=True,
            cycle=_central_claims,
            sacrifice_genes=frozenset({"Glitch", "Mechanical", "Algorithmic", "Energetic"}),
            reading="in an enemy capital she cannot move out or be engaged, cards are played there revealed, "
            "and her sacrifice wastes the opponents' Glitch, Mechanical, Algorithmic and Energetic souls "
            "there; she takes that capital, on entering it or at a cycle's start, once her seat holds "
            "every other territory (no enemy soul on its camp stand); she holds no base camp",
        ),
    )
    # terrain features
    register(
        "meteor_shower",
        Ability(
            must_reveal=True, cycle=_meteor, reading="the wasteland has no camps; its cards are discarded"
        ),
    )
    register(
        "avian_keepers_den",
        Ability(
            den=True,
            reading="revealed, its holder's avian soul takes a "
            "non-avian enemy one injury from downed, on its stand in a territory "
            "touching the den's, by winning a KEAL means bout",
        ),
    )
    register("palace_of_the_allele_sect", Ability(bonus=_palace_bonus, tolerance=_palace_tolerance))
    register(
        "shards_desert",
        Ability(
            cycle=_shards,
            hides=True,
            reading="revealed: the items its territory's holder's souls drop there are hidden: "
            "only that seat's souls pick them up, and no one grabs for them; once it leaves, they "
            "are found as any dropped items",
        ),
    )
    register(
        "passage_among_maples",
        Ability(
            move_bonus=_movement_plus(1),
            honey_night=True,
            reading="revealed: +1 range to souls "
            "starting here; its territory's holder may take a honey at night instead of refilling",
        ),
    )
    register(
        "losetany_steppes",
        Ability(
            move_bonus=_movement_plus(2),
            reading="+2 to moves that start here (mountain ways only: not checked)",
        ),
    )
    # traps
    register(
        "feeding_the_piffions",
        dataclasses.replace(
            _trap(
                "feeding_the_piffions",
                _piffions,
                "'activates when a territory is attacked': an "
                "enemy entering it attacks it, so it springs on every activation roll",
            ),
            trap_on=frozenset(range(1, 21)),
        ),
    )
    register(
        "freezing_of_the_heart",
        _trap("freezing_of_the_heart", _freezing, "the first Endothermic soul in hand is placed"),
    )
    register(
        "to_catch_a_spirit",
        dataclasses.replace(
            _trap(
                "to_catch_a_spirit",
                _bottle,
                "the bottle is a prison in the trap's territory; its soul's seat may free it (a day "
                "action, one of the turn's plays) by bottling a revealed soul of its own in that "
                "territory: the freed soul is played again, revealed, on a camp stand of its seat "
                "where a soul may be played, with its card's summon roll; a failed roll wastes both; "
                "once sprung it stays, revealed, and springs on its numbers on any soul entering "
                "its territory, its owner's too",
            ),
            lingers=True,
        ),
    )
    register(
        "cartesian_sea",
        Ability(
            turns_roll="either",
            reading="played from the hand after the roll, before any action: night "
            "becomes day or day night (never a storm); then discarded",
        ),
    )
    register(
        "timebattle",
        Ability(
            detect_on=frozenset(),
            cycle=_timebattle,
            reading="laid as a trap; at the first cycle's start after another seat holds its "
            "territory, it turns up there as a terrain feature (it takes no feature's place), that "
            "seat's capital moves there, and from then on every other turn the souls there cannot "
            "move, attack or retreat; never detected (no card nullifies capital effects)",
        ),
    )
    register(
        "ushered_through_sabina_emporium",
        _trap("ushered_through_sabina_emporium", _sabina, "the stolen card is taken at random"),
    )
    # sabotage
    register(
        "spectral_lands_decree_and_hearing",
        Ability(sabotage=_spectral, reading="the first territories held are chosen"),
    )
    register(
        "enchantress_of_cats",
        Ability(sabotage=_cats, reading="the fish are the doubles of rules.play.cats_fish (authored: 1s)"),
    )
    register(
        "mutant_hide_and_seek",
        Ability(sabotage=_mutant, stays=True, reading="in play until led away: a D6 every night"),
    )
    register(
        "what_do_you_see_in_the_breach",
        Ability(
            sabotage=breach.play,
            sabotage_ok=breach.playable,
            reading="played against another seat's capital; open 3 diel cycles after the night "
            "played; the failure's prisoners dealt with in the BREACH_DEAL step (breach.py)",
        ),
    )
    register(
        "onironauta",
        Ability(
            sabotage=_onironauta,
            sabotage_ok=_onironauta_ok,
            reading="needs a revealed Telekinetic soul of yours one path from the camp; "
            "each camp soul that loses goes out along the camp's first path",
        ),
    )
    register(
        "hidden_portal_of_lower_dreadmont_cave",
        Ability(
            ante=True,
            reading="a night's sabotage anteing a soul (portal.Ante); the cave at random; the "
            "steps thrown on entering and a cycle later; 'all their dice' a D20 and two D6; "
            "the territories laid waste chosen one at a time (portal.LayWaste)",
        ),
    )
    # items (their effects are in items.py)
    for item in ("cloth", "feathers", "honey", "sticks", "string"):
        register(item, Ability(reading="see items.py"))
    # personal effects
    register(
        "location_of_the_deep_apothecary_shop",
        Ability(
            reading="named in the deck list: a night action, once a night, with an uncontested "
            "forest base camp: an item from the deck for two cards of the hand (night.PurchaseRule)"
        ),
    )
    register(
        "suspended_animation",
        Ability(
            reading="named in the deck list: first thing in a turn, once every 5 diel cycles, no "
            "move into, out of or within the territory, no card played there, no fight "
            "(night.SuspendRule)"
        ),
    )
