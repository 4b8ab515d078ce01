"""The rules of a Kipukas game: setup decisions, day actions, night actions, and the fight
steps of ``fight.py``, one rule per action kind (``core.flow``).

Each step is a decision point: the phase names it (``encoding.PHASES``). A day or night
action passes the action on to the next seat still acting (``cycle.end_action``); calling
initiative ends one's actions for the cycle (#day 3, #night).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import ClickPath, Flow, Rule, Step
from soulforge.core.text import count
from soulforge.games.kipukas import cards, cycle, fight
from soulforge.games.kipukas.actions import (
    ASIDE_SLOT,
    Affinity,
    CallInitiative,
    CallReserves,
    Camp,
    Capital,
    Craft,
    Dig,
    Donate,
    EndActions,
    Equip,
    HandToBottom,
    Imprison,
    KeepDiel,
    KeepPeace,
    Move,
    PickUp,
    Play,
    Purchase,
    Refill,
    Reveal,
    Sabotage,
    Sacrifice,
    SetAside,
    Suspend,
    TakeHoney,
    TurnDiel,
    Unequip,
    stand_label,
)
from soulforge.games.kipukas.data import ARCHETYPES, CARDS
from soulforge.games.kipukas.encoding import (
    AFFINITY,
    ASIDE,
    ASIDE_CYCLES,
    CAMP,
    CAPITAL,
    CHALLENGE,
    DAY,
    HAND,
    KEAL,
    NIGHT,
    NOMAD_SWIM_HIGH,
    OVER,
    PEACE,
    PLAYS_PER_ROLL,
    PRESS,
    PUBLIC,
    RESPOND,
    SOULS_PER_TERRITORY,
    STARTING_TERRITORIES,
    STORM,
    SWIM_TARGET,
    TARGET,
    TURNING,
)
from soulforge.games.kipukas.movement import can_move, enemies_at, ground, is_water, range_of, reach
from soulforge.games.kipukas.rogue import make_rogue
from soulforge.games.kipukas.setup import new_piece

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


# -- setup ----------------------------------------------------------------------------------
class AffinityRule(Rule["S", Affinity]):
    """#game_setup 3, #affinity: +1 to the rolls of souls of that archetypal gene."""

    action = Affinity
    section = "affinity"

    def legal(self, s: S) -> Sequence[Action]:
        return [Affinity(a) for a in ARCHETYPES]

    def refusal(self, s: S, action: Affinity) -> IllegalAction:
        return IllegalAction(f"{action.archetype!r} is not an archetypal adaptation", rule=self.section)

    def apply(self, s: S, action: Affinity) -> None:
        s.affinity[s.active] = action.archetype
        s.add_log(f"{s.seat_name(s.active)}: the {action.archetype} are my crux")
        if s.active + 1 < s.num_players:
            s.active += 1
        else:
            s.active, s.phase = s.setup_order[0], CAPITAL


def _free(s: S) -> list[int]:
    return [t for t in s.board.holdable if s.holder[t - 1] < 0]


class CapitalRule(Rule["S", Capital]):
    """#game_setup 5: the capitals first, in the order of the D6 roll-off."""

    action = Capital
    section = "game_setup"

    def legal(self, s: S) -> Sequence[Action]:
        return [Capital(t) for t in _free(s)]

    def refusal(self, s: S, action: Capital) -> IllegalAction:
        return IllegalAction(
            f"territory {action.territory} is taken, a transit territory or not on the map", rule=self.section
        )

    def apply(self, s: S, action: Capital) -> None:
        s.holder[action.territory - 1] = s.active
        s.capital[s.active] = action.territory
        s.add_log(f"{s.seat_name(s.active)} places its capital on territory {action.territory}")
        _next_claimer(s)

    def path(self, action: Capital) -> ClickPath:
        return (f"territory:{action.territory}",)


class CampRule(Rule["S", Camp]):
    """#game_setup 5: then base camps until every player holds 3 territories."""

    action = Camp
    section = "game_setup"

    def legal(self, s: S) -> Sequence[Action]:
        return [Camp(t) for t in _free(s)]

    def refusal(self, s: S, action: Camp) -> IllegalAction:
        return IllegalAction(
            f"territory {action.territory} is taken, a transit territory or not on the map", rule=self.section
        )

    def path(self, action: Camp) -> ClickPath:
        return (f"territory:{action.territory}",)

    def apply(self, s: S, action: Camp) -> None:
        s.holder[action.territory - 1] = s.active
        s.add_log(f"{s.seat_name(s.active)} places a base camp on territory {action.territory}")
        _next_claimer(s)


def _next_claimer(s: S) -> None:
    order = s.setup_order
    without = [seat for seat in order if s.capital[seat] < 0]
    if without:
        s.active, s.phase = without[0], CAPITAL
        return
    held = [sum(1 for h in s.holder if h == seat) for seat in range(s.num_players)]
    start = order.index(s.active) + 1
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        if held[seat] < STARTING_TERRITORIES and _free(s):
            s.active, s.phase = seat, CAMP
            return
    _to_aside(s, 0)


def _to_aside(s: S, first: int) -> None:
    """#game_setup 6: from ``first`` on, the seats without a personal effect card set a card
    aside (the default effect); then everyone draws 3 and the first day begins (#game_setup 8-9)."""
    waiting = [seat for seat in range(first, s.num_players) if not s.personal[seat]]
    if waiting:
        s.active, s.phase = waiting[0], ASIDE
        return
    for seat in range(s.num_players):
        if s.personal[seat]:
            s.add_log(f"{s.seat_name(seat)} plays {CARDS[s.personal[seat]].name} as its personal effect")
        draw(s, seat, HAND)
    s.initiative = s.setup_order[-1]
    cycle.next_cycle(s)


class SetAsideRule(Rule["S", SetAside]):
    """#personal_effects, the default effect: a card of the deck, played after 5 diel cycles."""

    action = SetAside
    section = "personal_effects"

    def legal(self, s: S) -> Sequence[Action]:
        return [SetAside(cid) for cid in sorted(set(s.deck[s.active]))]

    def refusal(self, s: S, action: SetAside) -> IllegalAction:
        return IllegalAction("that card is not in your deck", rule=self.section)

    def apply(self, s: S, action: SetAside) -> None:
        seat = s.active
        s.deck[seat].remove(action.card)
        s.rng.shuffle(s.deck[seat])
        s.aside[seat] = action.card
        s.add_log(f"{s.seat_name(seat)} sets a card aside (the default personal effect)")
        s.add_log(f"you set {CARDS[action.card].name} aside", visible_to=seat)
        _to_aside(s, seat + 1)


def draw(s: S, seat: int, up_to: int) -> int:
    """Draw from the top of the deck until the hand holds ``up_to`` cards (#discarding_runout:
    an empty deck draws nothing)."""
    drawn = 0
    while len(s.hand[seat]) < up_to and s.deck[seat]:
        s.hand[seat].append(s.deck[seat].pop())
        drawn += 1
    if drawn:
        s.mark_revealed()
        s.add_log(f"{s.seat_name(seat)} draws {count(drawn, 'card')}")
    return drawn


# -- day ----------------------------------------------------------------------------------------
def _owes_contention(s: S) -> bool:
    """#day 2: contention carried over from the previous day is dealt with first."""
    return any(enemies_at(s, stand, s.active) for stand in s.due[s.active]) and bool(
        fight.CounterRule().legal(s) or fight.RetreatRule().legal(s)
    )


def _card_in(s: S, slot: int) -> str | None:
    seat = s.active
    if slot == ASIDE_SLOT:
        ready = s.aside[seat] and s.cycle > ASIDE_CYCLES
        return s.aside[seat] if ready else None
    return s.hand[seat][slot] if slot < len(s.hand[seat]) else None


def _slots(s: S) -> list[int]:
    return [*range(len(s.hand[s.active])), *([ASIDE_SLOT] if _card_in(s, ASIDE_SLOT) else [])]


def _held_camps(s: S) -> list[str]:
    """The camp stands of the territories the seat holds (not a suspended one)."""
    return [s.board.camp_of(t) for t in s.board.holdable if s.holder[t - 1] == s.active and t != s.suspended]


def _watched(s: S) -> bool:
    """An enemy Unburdened Central is lodged in the seat's capital (all its plays are revealed)."""
    capital = s.capital[s.active]
    return capital > 0 and any(cards.lodged(s, p) for p in s.pieces_in(capital))


def play_spots(s: S, card_id: str) -> list[tuple[str, bool]]:
    """Where and how a card may be played now (#placement, #card_variations): souls on a camp
    of yours free of enemies with room for them, terrain features and traps on a territory
    you hold."""
    c = CARDS[card_id]
    entry = cards.ability(card_id)
    ways = (True,) if entry.must_reveal else (True, False)
    if _watched(s):
        ways = (True,)  # Unburdened Central sits in the capital: 'cards ... played revealed'
    if c.soul:
        seen, spacious = ground(s, s.active), not cards.takes_space(card_id)
        stands = [
            st
            for st in _held_camps(s)
            if st not in seen.enemy_stands
            and s.board.stands[st].territory != s.suspended
            and (spacious or seen.crowd.get(s.board.stands[st].territory, 0) < SOULS_PER_TERRITORY)
        ]
        return [(st, way) for st in stands for way in ways]
    if c.card_type == "terrain_feature":
        return [(st, way) for st in _held_camps(s) for way in ways]
    if c.card_type == "trap" and entry.sprung is not None:
        return [(st, False) for st in _held_camps(s)]
    return []


class PlayRule(Rule["S", Play]):
    """#day 3: play a soul on your base camp or capital, a terrain feature or a trap on a
    territory you hold; at most 3 cards per diel roll (#game_setup 8)."""

    action = Play
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s) or s.played[s.active] >= PLAYS_PER_ROLL:
            return []
        out: list[Action] = []
        for slot in _slots(s):
            card_id = _card_in(s, slot)
            if card_id is not None:
                out += [Play(slot, st, way) for st, way in play_spots(s, card_id)]
        return out

    def refusal(self, s: S, action: Play) -> IllegalAction:
        if s.played[s.active] >= PLAYS_PER_ROLL:
            return IllegalAction(f"you have played {PLAYS_PER_ROLL} cards this diel roll", rule="game_setup")
        if _owes_contention(s):
            return IllegalAction("deal with the contention carried over first: attack or retreat", rule="day")
        return IllegalAction(
            f"that card cannot be played {'revealed' if action.revealed else 'unrevealed'} at "
            f"{stand_label(action.stand)}: souls go to your base camps and capital, terrain "
            "features and traps to territories you hold",
            rule="placement",
        )

    def apply(self, s: S, action: Play) -> None:
        seat = s.active
        card_id = str(_card_in(s, action.slot))  # legal: the slot holds a card
        if action.slot == ASIDE_SLOT:
            s.aside[seat] = ""
        else:
            s.hand[seat].pop(action.slot)
        s.played[seat] += 1
        _replace_feature(s, card_id, action.stand)
        piece = new_piece(s, seat, card_id, action.stand, revealed=action.revealed)
        territory = s.territory[piece]
        what = CARDS[card_id].name if action.revealed else "a card unrevealed"
        s.add_log(f"{s.seat_name(seat)} plays {what} on territory {territory}")
        if not action.revealed:
            s.add_log(f"you play {CARDS[card_id].name} unrevealed", visible_to=seat)
        summon = cards.ability(card_id).summon
        if summon is not None and not summon(s, piece):
            if cards.ability(card_id).rogue_on_fail:
                make_rogue(s, piece)
            else:
                s.add_log(f"the call fails: {CARDS[card_id].name} is discarded")
                s.known[piece] |= PUBLIC
                cards.waste(s, piece)
        cycle.end_action(s, seat)

    def path(self, action: Play) -> ClickPath:
        return (f"hand:{action.slot}", f"stand:{action.stand}", "face:up" if action.revealed else "face:down")


def _replace_feature(s: S, card_id: str, stand: str) -> None:
    """#terrain_features: one per territory; a new one replaces the one in play."""
    if CARDS[card_id].card_type != "terrain_feature":
        return
    territory = s.board.stands[stand].territory
    for p in s.pieces_in(territory):
        if s.card_of(p).card_type == "terrain_feature":
            s.known[p] |= PUBLIC
            s.mark_revealed()
            s.add_log(f"{s.card_of(p).name} is replaced")
            cards.waste(s, p)


class EquipRule(Rule["S", Equip]):
    """#equiping: an item from your hand to one of your souls (a card played)."""

    action = Equip
    section = "equiping"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s) or s.played[s.active] >= PLAYS_PER_ROLL:
            return []
        souls = [
            p
            for p in s.live()
            if s.on_map[p] and s.owner[p] == s.active and s.card_of(p).soul and not s.prisoner[p]
        ]
        return [
            Equip(slot, p)
            for slot in range(len(s.hand[s.active]))
            if CARDS[s.hand[s.active][slot]].card_type == "item"
            for p in souls
        ]

    def refusal(self, s: S, action: Equip) -> IllegalAction:
        return IllegalAction(
            "equip an item card of your hand to one of your souls on the map", rule=self.section
        )

    def apply(self, s: S, action: Equip) -> None:
        seat = s.active
        item = s.hand[seat].pop(action.slot)
        s.items[action.piece].append(item)
        s.played[seat] += 1
        s.add_log(f"{s.seat_name(seat)} equips {CARDS[item].name} to {s.piece_name(action.piece)}")
        cycle.end_action(s, seat)

    def path(self, action: Equip) -> ClickPath:
        return (f"hand:{action.slot}", f"piece:{action.piece}")


def _own_souls(s: S) -> list[int]:
    return [p for p in s.live() if s.owner[p] == s.active and s.card_of(p).soul and not s.prisoner[p]]


class PickUpRule(Rule["S", PickUp]):
    """#equiping: 'A reasonable soul under the control of either player may pick up and equip
    these items provided they are in the same territory on an uncontested stand.'"""

    action = PickUp
    section = "equiping"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s):
            return []
        return [
            PickUp(p)
            for p in _own_souls(s)
            if s.dropped[s.territory[p] - 1]
            and range_of(s, p) > 0
            and s.known[p] & PUBLIC
            and not enemies_at(s, s.stand[p], s.active)
        ]

    def refusal(self, s: S, action: PickUp) -> IllegalAction:
        return IllegalAction(
            f"soul #{action.piece} cannot pick up items: it must be your revealed soul "
            "on an uncontested stand of a territory where items lie",
            rule=self.section,
        )

    def apply(self, s: S, action: PickUp) -> None:
        territory = s.territory[action.piece]
        items = cards.bundle_items(s.dropped[territory - 1].pop())
        s.items[action.piece] += items
        s.steps_used[action.piece] += 1  # equipping is part of the movement phase (#equiping)
        s.add_log(f"{s.piece_name(action.piece)} picks up {cards.item_names(items)}")
        cycle.end_action(s, s.active)

    def path(self, action: PickUp) -> ClickPath:
        return (f"piece:{action.piece}", "pick-up")


class UnequipRule(Rule["S", Unequip]):
    """#equiping: 'Equipped items are allowed to be unequipped ... dropped in the territory.'"""

    action = Unequip
    section = "equiping"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s):
            return []
        return [Unequip(p) for p in _own_souls(s) if s.items[p] and range_of(s, p) > 0]

    def refusal(self, s: S, action: Unequip) -> IllegalAction:
        return IllegalAction(f"soul #{action.piece} is not your soul with items", rule=self.section)

    def apply(self, s: S, action: Unequip) -> None:
        s.steps_used[action.piece] += 1  # part of the movement phase, as equipping (#equiping)
        cards.drop(s, action.piece, s.territory[action.piece])
        cycle.end_action(s, s.active)

    def path(self, action: Unequip) -> ClickPath:
        return (f"piece:{action.piece}", "unequip")


_REVEALABLE = frozenset({"character", "species", "terrain_feature"})


def _can_sacrifice(s: S, piece: int) -> bool:
    entry = cards.ability(s.card[piece])
    return entry.sacrifice or (bool(entry.sacrifice_genes) and cards.lodged(s, piece))


class SacrificeRule(Rule["S", Sacrifice]):
    """Pyrostegia Dragon: 'May sacrifice itself to waste all souls in the space.'"""

    action = Sacrifice
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s):
            return []
        return [Sacrifice(p) for p in _own_souls(s) if s.known[p] & PUBLIC and _can_sacrifice(s, p)]

    def refusal(self, s: S, action: Sacrifice) -> IllegalAction:
        return IllegalAction(
            f"soul #{action.piece} is not a revealed soul of yours that can sacrifice itself",
            rule=self.section,
        )

    def apply(self, s: S, action: Sacrifice) -> None:
        stand, genes = s.stand[action.piece], cards.ability(s.card[action.piece]).sacrifice_genes
        s.add_log(f"{s.piece_name(action.piece)} sacrifices itself")
        if genes:  # Unburdened Central: the opponents' souls of those genes in the capital
            doomed = [
                p
                for p in s.pieces_in(s.territory[action.piece])
                if s.card_of(p).soul and s.owner[p] != s.active and cards.gene(s, p) in genes
            ]
            cards.waste(s, action.piece)
        else:
            doomed = s.souls_at(stand)
        for p in doomed:
            cards.waste(s, p)
        s.add_log(f"{len(doomed)} soul{'' if len(doomed) == 1 else 's'} wasted by the sacrifice")
        cycle.end_action(s, s.active)

    def path(self, action: Sacrifice) -> ClickPath:
        return (f"piece:{action.piece}", "sacrifice")


class DonateRule(Rule["S", Donate]):
    """Frost Tipped Arctic Otter: 'Can donate 2 keal means at the cost of 1 keal means to itself'
    (read: a day action toward an injured soul of yours on its stand)."""

    action = Donate
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s):
            return []
        donors = [
            p
            for p in _own_souls(s)
            if cards.ability(s.card[p]).donates and s.known[p] & PUBLIC and fight.available_means(s, p)
        ]
        return [
            Donate(p, q)
            for p in donors
            for q in s.souls_at(s.stand[p])
            if q != p and s.owner[q] == s.active and any(s.injuries[q])
        ]

    def refusal(self, s: S, action: Donate) -> IllegalAction:
        return IllegalAction(
            "the Otter donates to an injured soul of yours on its stand, while it has a KEAL means to give",
            rule=self.section,
        )

    def apply(self, s: S, action: Donate) -> None:
        cards.injure_any(s, action.piece)
        healed = sum(cards.heal(s, action.target) for _ in range(2))
        s.add_log(f"{s.piece_name(action.piece)} donates: {s.piece_name(action.target)} heals {healed}")
        cycle.end_action(s, s.active)

    def path(self, action: Donate) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.target}")


def _dens(s: S) -> list[int]:
    """The revealed Avian Keeper's Dens in territories the seat holds."""
    return [
        p
        for p in s.live()
        if cards.ability(s.card[p]).den and s.known[p] & PUBLIC and s.holder[s.territory[p] - 1] == s.active
    ]


def _one_from_down(s: S, piece: int) -> bool:
    return len(fight.available_means(s, piece)) == 1 and not cards.ability(s.card[piece]).constantly_downed


class ImprisonRule(Rule["S", Imprison]):
    """Avian Keeper's Den: 'Acts as a prison for non-avian creatures. In order to imprison a soul,
    they must have only 1 injury before defeat and be in a territory touching the territory this
    feature is within. In order to take the prisoner, you must engage the enemy soul in a keal
    means bout with a card whose archetypal gene is avian. The card will be kept in prison until
    the territory is captured by the opposing player.'"""

    action = Imprison
    section = "prison"

    def legal(self, s: S) -> Sequence[Action]:
        dens = {s.territory[p] for p in _dens(s)}
        if _owes_contention(s) or not dens:
            return []
        out: list[Action] = []
        for p in _own_souls(s):
            if cards.gene(s, p) != "Avian" or not fight.can_attack(s, p):
                continue
            near = any((s.territory[p], d) in s.board.touching for d in dens)
            out += [
                Imprison(p, q)
                for q in enemies_at(s, s.stand[p], s.active)
                if near and cards.gene(s, q) != "Avian" and _one_from_down(s, q)
            ]
        return out

    def refusal(self, s: S, action: Imprison) -> IllegalAction:
        return IllegalAction(
            "an avian soul of yours, on the stand of a non-avian enemy one injury from "
            "downed, in a territory touching your revealed den",
            rule=self.section,
        )

    def apply(self, s: S, action: Imprison) -> None:
        den = next(p for p in _dens(s) if (s.territory[action.piece], s.territory[p]) in s.board.touching)
        s.mover = s.active
        if fight.single_bout(s, action.piece, action.target):
            cycle.place(s, action.target, s.board.camp_of(s.territory[den]))
            s.prisoner[action.target] = True
            s.moved()
            s.add_log(f"{s.piece_name(action.target)} is taken to the Avian Keeper's Den, a prisoner")
        else:
            s.spent_cycle[action.piece] = s.cycle
            s.add_log(f"{s.piece_name(action.target)} escapes the den's keepers")
        cycle.end_action(s, s.active)

    def path(self, action: Imprison) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.target}")


DIG_DAYS = 3
"""Illia and Dorsay 'Can take 3 turns to make a tunnel': the time any underground dweller takes
(#habitat_effects gives the ability, no time)."""


class DigRule(Rule["S", Dig]):
    """#habitat_effects, underground: 'Undergroud dwellers can make underground tunnels'; a
    revealed dweller that has not moved today digs toward another territory (not water) from its
    territory; the third day's digging opens a tunnel between the two camp stands, one that
    underground dwellers travel."""

    action = Dig
    section = "habitat_effects"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s):
            return []
        diggers = [
            p
            for p in _own_souls(s)
            if s.card_of(p).habitat == "Underground"
            and s.known[p] & PUBLIC
            and s.steps_used[p] == 0
            and can_move(s, p)
            and s.board.geography[s.territory[p] - 1] != "Water"
        ]
        return [
            Dig(p, t)
            for p in diggers
            for t in s.board.territories
            if t != s.territory[p]
            and s.board.geography[t - 1] != "Water"
            and not _tunnel(s, s.territory[p], t)
        ]

    def refusal(self, s: S, action: Dig) -> IllegalAction:
        return IllegalAction(
            "a revealed underground dweller of yours that has not moved today digs, toward "
            "another territory not of water with no tunnel yet",
            rule=self.section,
        )

    def apply(self, s: S, action: Dig) -> None:
        piece = action.piece
        key = f"dig:{s.territory[piece]}:{action.territory}"
        days = s.timers[piece].get(key, 0) + 1
        s.timers[piece][key] = days
        s.steps_used[piece] = 99  # digging is its day's movement
        if days < DIG_DAYS:
            s.add_log(
                f"{s.piece_name(piece)} digs toward territory {action.territory} (day {days} of {DIG_DAYS})"
            )
        else:
            a, b = s.board.camp_of(s.territory[piece]), s.board.camp_of(action.territory)
            s.tunnels.append((a, b))
            s.add_log(
                f"{s.piece_name(piece)} opens a tunnel between territories {s.territory[piece]} and "
                f"{action.territory}"
            )
        cycle.end_action(s, s.active)

    def path(self, action: Dig) -> ClickPath:
        return (f"piece:{action.piece}", f"territory:{action.territory}")


def _tunnel(s: S, one: int, other: int) -> bool:
    ends = {s.board.camp_of(one), s.board.camp_of(other)}
    return any({a, b} == ends for a, b in s.tunnels)


class RevealRule(Rule["S", Reveal]):
    """#day 3: reveal one of your unrevealed souls; #terrain_features: or a terrain feature
    of yours (its effects apply once revealed)."""

    action = Reveal
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s):
            return []
        return [
            Reveal(p)
            for p in s.live()
            if s.on_map[p]
            and s.owner[p] == s.active
            and not s.known[p] & PUBLIC
            and s.card_of(p).card_type in _REVEALABLE
        ]

    def refusal(self, s: S, action: Reveal) -> IllegalAction:
        return IllegalAction(f"soul #{action.piece} is not an unrevealed soul of yours", rule=self.section)

    def apply(self, s: S, action: Reveal) -> None:
        cycle.reveal(s, action.piece)
        cycle.end_action(s, s.active)

    def path(self, action: Reveal) -> ClickPath:
        return (f"piece:{action.piece}", "reveal")


class MoveRule(Rule["S", Move]):
    """#movement: along the paths within the soul's range; moving reveals it; entering an
    enemy stand attacks (#contention); a free camp stand is claimed (#claiming_territories)."""

    action = Move
    section = "movement"

    def legal(self, s: S) -> Sequence[Action]:
        if _owes_contention(s):
            return []
        movers = [p for p in s.live() if s.owner[p] == s.active and can_move(s, p)]
        seen = ground(s, s.active)
        return [Move(p, stand) for p in movers for stand in reach(s, p, seen)]

    def refusal(self, s: S, action: Move) -> IllegalAction:
        piece = action.piece
        if not (0 <= piece < len(s.card)) or s.owner[piece] != s.active or not can_move(s, piece):
            return IllegalAction(
                f"soul #{piece} cannot move now (yours, on the map, not played unrevealed "
                "this cycle, with range left)",
                rule="summoning_sickness",
            )
        return IllegalAction(
            f"{stand_label(action.stand)} is out of reach: beyond the soul's range, past an "
            "enemy, across water it cannot cross, or a territory already holding 3 of "
            "your souls",
            rule=self.section,
        )

    def apply(self, s: S, action: Move) -> None:
        seat, piece = s.active, action.piece
        way = reach(s, piece)[action.stand]
        cycle.reveal(s, piece)
        s.steps_used[piece] += len(way)
        arrived = _travel(s, piece, way)
        s.add_log(f"{s.piece_name(piece)} moves to {stand_label(arrived)}")
        s.mover, s.claimant = seat, piece
        if not s.on_map[piece] or s.prisoner[piece]:
            cycle.end_action(s, seat)
            return
        for hidden in [p for p in s.souls_at(arrived) if s.owner[p] != seat and not s.known[p] & PUBLIC]:
            cycle.reveal(s, hidden)  # #card_activation 5: unrevealed souls on the stand
        if enemies_at(s, arrived, seat) and fight.can_attack(s, piece):
            fight.begin(s, piece, may_stop=False)
            return
        cycle.finish_exchange(s)

    def path(self, action: Move) -> ClickPath:
        return (f"piece:{action.piece}", f"stand:{action.stand}")


def _travel(s: S, piece: int, way: tuple[str, ...]) -> str:
    """Step along the way: swim rolls at the water's edge, trap rolls in each enemy
    territory entered (flyers only where they land); returns where the soul stops."""
    card = s.card_of(piece)
    here = s.stand[piece]
    for i, stand in enumerate(way):
        ashore = is_water(s, stand) and not is_water(s, here) and card.habitat not in ("Water", "Heavens")
        if ashore and not _swims(s, piece):
            break
        territory = s.board.stands[stand].territory
        cycle.place(s, piece, stand)
        landing = i == len(way) - 1
        if territory != s.board.stands[here].territory and (landing or card.habitat != "Heavens"):
            cards.trap_roll(s, piece, territory)
            entering = cards.ability(card.id).enters
            if entering is not None and s.on_map[piece]:
                entering(s, piece)
        here = stand
        if not s.on_map[piece] or s.prisoner[piece]:
            break
    return here


def _swims(s: S, piece: int) -> bool:
    """#geography: 2 D6 of 2+2 or more (nomads a D6 of 1 or 2), once per soul per day."""
    s.swum_cycle[piece] = s.cycle
    if s.card_of(piece).habitat == "Nomad":
        roll = s.rng.randint(1, 6)
        ok = roll <= NOMAD_SWIM_HIGH
    else:
        roll = s.rng.randint(1, 6) + s.rng.randint(1, 6)
        ok = roll >= SWIM_TARGET
    s.add_log(f"{s.piece_name(piece)} tries to swim: {roll}, {'it swims' if ok else 'it stays ashore'}")
    return ok


class CallInitiativeRule(Rule["S", CallInitiative]):
    """#day 3, #night: calling initiative ends your actions for this turn."""

    action = CallInitiative
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        return [] if s.called >= 0 or _owes_contention(s) else [CallInitiative()]

    def refusal(self, s: S, action: CallInitiative) -> IllegalAction:
        if s.called >= 0:
            return IllegalAction(f"{s.seat_name(s.called)} has already called initiative", rule=self.section)
        return IllegalAction("deal with the contention carried over first: attack or retreat", rule="day")

    def apply(self, s: S, action: CallInitiative) -> None:
        s.called = s.active
        s.done[s.active] = True
        s.add_log(f"{s.seat_name(s.active)} calls initiative")
        cycle.end_action(s, s.active)


class EndActionsRule(Rule["S", EndActions]):
    """#day 5: once initiative is called, the others act until they end their actions."""

    action = EndActions
    section = "day"

    def legal(self, s: S) -> Sequence[Action]:
        return [EndActions()] if s.called >= 0 and not _owes_contention(s) else []

    def refusal(self, s: S, action: EndActions) -> IllegalAction:
        return IllegalAction(
            "no one has called initiative yet: call it to end your actions", rule=self.section
        )

    def apply(self, s: S, action: EndActions) -> None:
        s.done[s.active] = True
        s.add_log(f"{s.seat_name(s.active)} ends its actions")
        cycle.end_action(s, s.active)


# -- the forced peace -----------------------------------------------------------------------------
class KeepPeaceRule(Rule["S", KeepPeace]):
    """#discarding_runout: 'Keep the peace: Allow the player with more territories to win. If an
    equal number of territories is possessed, the game is a tie.' The peace is kept only if
    every player agrees ('if both parties are in total agreement to keep the peace')."""

    action = KeepPeace
    section = "discarding_runout"

    def legal(self, s: S) -> Sequence[Action]:
        return [KeepPeace()]

    def apply(self, s: S, action: KeepPeace) -> None:
        _vote(s, keep=True)


class CallReservesRule(Rule["S", CallReserves]):
    """#discarding_runout: 'Call the reserves: Both players choose whether to reuse the deck they
    just fought with' (another deck would be a new game: the deck is reused)."""

    action = CallReserves
    section = "discarding_runout"

    def legal(self, s: S) -> Sequence[Action]:
        return [CallReserves()]

    def apply(self, s: S, action: CallReserves) -> None:
        _vote(s, keep=False)


def _vote(s: S, *, keep: bool) -> None:
    s.votes.append(keep)
    s.add_log(f"{s.seat_name(s.active)} {'keeps the peace' if keep else 'calls the reserves'}")
    if len(s.votes) < s.num_players:
        s.active = (s.active + 1) % s.num_players
        return
    if all(s.votes):
        cycle.keep_the_peace(s, "kept by every player")
        return
    cycle.call_the_reserves(s)
    if s.diel == STORM:  # the convention was held on a storm's roll: the storm, then the next roll
        cycle.storm(s)
        cycle.next_cycle(s)
    else:
        cycle.begin_diel(s)


# -- turning the roll ----------------------------------------------------------------------------------
class TurnDielRule(Rule["S", TurnDiel]):
    """Rooster: Calling of Light, Gray Wolf: Harbinger of Night, Cartesian Sea: after the diel
    roll and before any action, night becomes day (or day night)."""

    action = TurnDiel
    section = "diel_cycle"

    def legal(self, s: S) -> Sequence[Action]:
        return [TurnDiel(piece, slot) for piece, slot in cards.diel_turns(s, s.active)]

    def refusal(self, s: S, action: TurnDiel) -> IllegalAction:
        return IllegalAction(
            "that card cannot turn this roll (a storm is never turned; a soul turns it "
            "every other turn, not downed)",
            rule=self.section,
        )

    def apply(self, s: S, action: TurnDiel) -> None:
        seat = s.active
        s.diel = "night" if s.diel == DAY else DAY
        if action.piece >= 0:
            cycle.reveal(s, action.piece)
            s.timers[action.piece]["turned"] = s.cycle
            source = s.card_of(action.piece).name
        else:
            card_id = s.hand[seat].pop(action.slot)
            s.discard[seat].append(card_id)
            s.mark_revealed()
            source = CARDS[card_id].name
        s.add_log(f"{s.seat_name(seat)} turns the roll to {s.diel} with {source}")
        _next_turner(s)

    def path(self, action: TurnDiel) -> ClickPath:
        return (f"piece:{action.piece}",) if action.piece >= 0 else (f"hand:{action.slot}",)


class KeepDielRule(Rule["S", KeepDiel]):
    action = KeepDiel
    section = "diel_cycle"

    def legal(self, s: S) -> Sequence[Action]:
        return [KeepDiel()]

    def apply(self, s: S, action: KeepDiel) -> None:
        _next_turner(s)


class SuspendRule(Rule["S", Suspend]):
    """Suspended Animation: 'Every 5 diel cycles you can suspend all actions in a territory for
    the turn. This includes both players, and neither player can move in or out of the
    territory.' Decided first thing in the turn, with the roll's turning."""

    action = Suspend
    section = "personal_effects"

    def legal(self, s: S) -> Sequence[Action]:
        return [Suspend(t) for t in s.board.territories] if cards.may_suspend(s, s.active) else []

    def refusal(self, s: S, action: Suspend) -> IllegalAction:
        return IllegalAction(
            "Suspended Animation works once every 5 diel cycles, for its owner", rule=self.section
        )

    def apply(self, s: S, action: Suspend) -> None:
        s.suspended = action.territory
        s.personal_used[s.active] = s.cycle
        s.moved()
        s.add_log(f"{s.seat_name(s.active)} suspends all actions in territory {action.territory} this turn")
        _next_turner(s)

    def path(self, action: Suspend) -> ClickPath:
        return (f"territory:{action.territory}",)


class PurchaseRule(Rule["S", Purchase]):
    """Location of the Deep Apothecary Shop: 'To purchase pull the item you want from your deck,
    then put two cards from your hand into the deck and have your opponent shuffle' (read as
    a night action, once a night)."""

    action = Purchase
    section = "personal_effects"

    def legal(self, s: S) -> Sequence[Action]:
        seat = s.active
        if not _night_once(s, "purchase") or not cards.may_purchase(s, seat):
            return []
        items = sorted({cid for cid in s.deck[seat] if CARDS[cid].card_type == "item"})
        pairs = [(i, j) for i in range(len(s.hand[seat])) for j in range(i + 1, len(s.hand[seat]))]
        return [Purchase(item, i, j) for item in items for i, j in pairs]

    def refusal(self, s: S, action: Purchase) -> IllegalAction:
        return IllegalAction(
            "purchase once a night, with an uncontested forest base camp, an item in your "
            "deck and two cards in hand",
            rule=self.section,
        )

    def apply(self, s: S, action: Purchase) -> None:
        seat = s.active
        given = [s.hand[seat][action.first], s.hand[seat][action.second]]
        for slot in (action.second, action.first):
            s.hand[seat].pop(slot)
        s.deck[seat].remove(action.item)
        s.deck[seat] += given
        s.rng.shuffle(s.deck[seat])
        s.hand[seat].append(action.item)
        s.mark_revealed()
        s.add_log(f"{s.seat_name(seat)} purchases {CARDS[action.item].name} at the Deep Apothecary Shop")
        _used(s, "purchase")
        cycle.end_action(s, seat)


def _next_turner(s: S) -> None:
    """The next seat that may turn the roll decides; then the turn's actions begin."""
    s.turners = [seat for seat in s.turners[1:] if cards.diel_turns(s, seat) or cards.may_suspend(s, seat)]
    if s.turners:
        s.active = s.turners[0]
    else:
        cycle.begin_diel(s)


# -- night ----------------------------------------------------------------------------------------
def _night_once(s: S, kind: str) -> bool:
    return kind not in s.night_used[s.active]


def _used(s: S, kind: str) -> None:
    s.night_used[s.active].append(kind)


class HandToBottomRule(Rule["S", HandToBottom]):
    """#night: move your hand to the bottom of the deck (no refill with it)."""

    action = HandToBottom
    section = "night"

    def legal(self, s: S) -> Sequence[Action]:
        return [HandToBottom()] if s.hand[s.active] and _night_once(s, "hand_to_bottom") else []

    def refusal(self, s: S, action: HandToBottom) -> IllegalAction:
        return IllegalAction(
            "each night action once per night, and only with cards in hand", rule=self.section
        )

    def apply(self, s: S, action: HandToBottom) -> None:
        seat = s.active
        s.deck[seat][0:0] = s.hand[seat]
        s.add_log(f"{s.seat_name(seat)} puts {count(len(s.hand[seat]), 'card')} at the bottom of the deck")
        s.hand[seat] = []
        _used(s, "hand_to_bottom")
        cycle.end_action(s, seat)


class RefillRule(Rule["S", Refill]):
    """#night: draw to fill your hand back to 3 cards."""

    action = Refill
    section = "night"

    def legal(self, s: S) -> Sequence[Action]:
        ok = len(s.hand[s.active]) < HAND and s.deck[s.active] and _night_once(s, "refill")
        return [Refill()] if ok else []

    def refusal(self, s: S, action: Refill) -> IllegalAction:
        return IllegalAction(
            "refill once per night, with room in hand and cards in the deck", rule=self.section
        )

    def apply(self, s: S, action: Refill) -> None:
        draw(s, s.active, HAND)
        _used(s, "refill")
        cycle.end_action(s, s.active)


def recipes_in_hand(s: S) -> list[int]:
    hand = Counter(s.hand[s.active])
    return [
        n
        for n, recipe in enumerate(cards.RECIPES)
        if recipe.playable and all(hand[item] >= 1 for item in recipe.ingredients)
    ]


def _honey_ground(s: S) -> bool:
    """The seat holds a territory with a revealed Passage Among Maples."""
    return any(
        cards.ability(s.card[p]).honey_night
        and s.known[p] & PUBLIC
        and s.holder[s.territory[p] - 1] == s.active
        for p in s.live()
    )


class TakeHoneyRule(Rule["S", TakeHoney]):
    """Passage Among Maples: 'During the night, while you control the territory this card is
    affixed to, instead of your normal hand refresh, you may add one honey card to your hand
    from either player's discard or your deck. Reshuffle your deck if you take this action.'"""

    action = TakeHoney
    section = "night"

    def legal(self, s: S) -> Sequence[Action]:
        seat = s.active
        if not _night_once(s, "refill") or len(s.hand[seat]) >= HAND or not _honey_ground(s):
            return []
        sources = [-1] if "honey" in s.deck[seat] else []
        sources += [other for other in range(s.num_players) if "honey" in s.discard[other]]
        return [TakeHoney(source) for source in sources]

    def refusal(self, s: S, action: TakeHoney) -> IllegalAction:
        return IllegalAction(
            "take a honey instead of refilling, once a night, holding the Passage Among "
            "Maples' territory, from a pile that holds one",
            rule=self.section,
        )

    def apply(self, s: S, action: TakeHoney) -> None:
        seat = s.active
        pile = s.deck[seat] if action.source < 0 else s.discard[action.source]
        pile.remove("honey")
        s.hand[seat].append("honey")
        s.rng.shuffle(s.deck[seat])
        s.mark_revealed()
        where = "the deck" if action.source < 0 else f"{s.seat_name(action.source)}'s discard"
        s.add_log(f"{s.seat_name(seat)} takes a honey card from {where} and reshuffles the deck")
        _used(s, "refill")
        cycle.end_action(s, seat)


class CraftRule(Rule["S", Craft]):
    """#crafting: at night, combine 2 to 3 items by a recipe; the crafted item is equipped."""

    action = Craft
    section = "crafting"

    def legal(self, s: S) -> Sequence[Action]:
        if not _night_once(s, "craft"):
            return []
        souls = [
            p
            for p in s.live()
            if s.on_map[p] and s.owner[p] == s.active and s.card_of(p).soul and not s.prisoner[p]
        ]
        return [Craft(n, p) for n in recipes_in_hand(s) for p in souls]

    def refusal(self, s: S, action: Craft) -> IllegalAction:
        return IllegalAction(
            "craft once a night, with the recipe's items in hand, for a soul of yours", rule=self.section
        )

    def apply(self, s: S, action: Craft) -> None:
        seat, recipe = s.active, cards.RECIPES[action.recipe]
        for item in recipe.ingredients:
            s.hand[seat].remove(item)
        s.items[action.piece] += [*recipe.ingredients, f"recipe:{action.recipe}"]
        s.add_log(f"{s.seat_name(seat)} crafts {recipe.name} for {s.piece_name(action.piece)}")
        _used(s, "craft")
        cycle.end_action(s, seat)


class SabotageRule(Rule["S", Sabotage]):
    """#sabotage: once a night, against a territory another player holds."""

    action = Sabotage
    section = "sabotage"

    def legal(self, s: S) -> Sequence[Action]:
        if not _night_once(s, "sabotage"):
            return []
        targets = [t for t in s.board.holdable if s.holder[t - 1] not in (-1, s.active)]
        out: list[Action] = []
        for slot, cid in enumerate(s.hand[s.active]):
            entry = cards.ability(cid)
            if entry.sabotage is not None:
                out += [
                    Sabotage(slot, t)
                    for t in targets
                    if entry.sabotage_ok is None or entry.sabotage_ok(s, s.active, t)
                ]
        return out

    def refusal(self, s: S, action: Sabotage) -> IllegalAction:
        return IllegalAction(
            "one sabotage card a night, against a territory another player holds", rule=self.section
        )

    def apply(self, s: S, action: Sabotage) -> None:
        seat = s.active
        card_id = s.hand[seat].pop(action.slot)
        s.add_log(f"{s.seat_name(seat)} plays {CARDS[card_id].name} against territory {action.territory}")
        s.mark_revealed()
        hook = cards.ability(card_id).sabotage
        if hook is not None:  # always, for a legal action: only cards with an effect are listed
            hook(s, seat, action.territory)
        if not cards.ability(card_id).stays:
            s.discard[seat].append(card_id)
        _used(s, "sabotage")
        cycle.end_action(s, seat)

    def path(self, action: Sabotage) -> ClickPath:
        return (f"hand:{action.slot}", f"territory:{action.territory}")


# -- the flow --------------------------------------------------------------------------------------
_CALL, _END = CallInitiativeRule(), EndActionsRule()
_COUNTER, _RETREAT, _STOP = fight.CounterRule(), fight.RetreatRule(), fight.StopRule()
_GROUP = fight.RetreatGroupRule()
_CAPITAL = CapitalRule()
FLOW: Flow[S] = Flow(
    [
        Step(AFFINITY, (AffinityRule(),), section="game_setup"),
        Step(CAPITAL, (_CAPITAL,), section="game_setup"),
        Step(CAMP, (CampRule(),), section="game_setup"),
        Step(ASIDE, (SetAsideRule(),), section="personal_effects"),
        Step(TURNING, (TurnDielRule(), SuspendRule(), KeepDielRule()), section="diel_cycle"),
        Step(
            DAY,
            (
                PlayRule(),
                EquipRule(),
                PickUpRule(),
                UnequipRule(),
                SacrificeRule(),
                DigRule(),
                DonateRule(),
                ImprisonRule(),
                RevealRule(),
                MoveRule(),
                _COUNTER,
                _RETREAT,
                _GROUP,
                _CALL,
                _END,
            ),
            section="day",
        ),
        Step(
            NIGHT,
            (
                HandToBottomRule(),
                RefillRule(),
                TakeHoneyRule(),
                CraftRule(),
                SabotageRule(),
                PurchaseRule(),
                _CALL,
                _END,
            ),
            section="night",
        ),
        Step(PEACE, (KeepPeaceRule(), CallReservesRule()), section="discarding_runout"),
        Step(TARGET, (fight.TargetRule(), _STOP), section="contention"),
        Step(KEAL, (fight.KealRule(),), section="ce_setup"),
        Step(PRESS, (fight.PressRule(), fight.FinalBlowRule(), _STOP), section="keal_means_DHT"),
        Step(
            RESPOND, (_COUNTER, _RETREAT, _GROUP, fight.ReinforceRule(), fight.HoldRule()), section="retreat"
        ),
        Step(CHALLENGE, (fight.ChallengeRule(), fight.LetGoRule()), section="retreat"),
        Step(OVER, (), section="win"),
    ],
    step_of="phase",
    out_of_step=lambda s, action: IllegalAction(f"{action} is not allowed now: {prompt(s)}", rule=s.phase),
)


PROMPTS = {
    AFFINITY: "declare your affinity: the archetypal adaptation that is your crux",
    CAPITAL: "place your capital on a free territory",
    CAMP: "place a base camp on a free territory",
    ASIDE: "set a card of your deck aside (the default personal effect: play it after 5 diel cycles)",
    DAY: "day: play a card, reveal or move a soul, attack, or call initiative",
    NIGHT: "night: put your hand under the deck, refill, craft, sabotage, or call initiative",
    TARGET: "choose the enemy soul to attack",
    TURNING: "turn this cycle's roll with a card of yours, or let it stand",
    PEACE: "a forced peace: keep the peace (more territories wins) or call the reserves",
    KEAL: "choose your KEAL means (hidden until both sides have chosen)",
    PRESS: "press the attack, strike the Final Blow, or stop",
    RESPOND: "counterattack, retreat, or hold your ground",
    CHALLENGE: "challenge the retreat or let them go",
}


def prompt(s: S) -> str:
    if s.phase == OVER:
        return s.finished_by
    return f"{s.seat_name(s.active)}: {PROMPTS[s.phase]}"
