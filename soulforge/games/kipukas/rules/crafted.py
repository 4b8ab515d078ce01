"""The day and night actions crafted items and trap cards give (#crafting, #traps): trap cards
moved by a soul, ranged shots, night moves by a light, hauls and launches with a Bag on stick.
What crafted items do beyond these actions is in ``crafted.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import ClickPath, Rule
from soulforge.games.kipukas import cards, cycle, fight, items
from soulforge.games.kipukas.actions import Haul, Launch, NightMove, Shift, Shoot, stand_label
from soulforge.games.kipukas.encoding import KEAL, PUBLIC
from soulforge.games.kipukas.movement import can_move, enemies_at, is_downed, range_of, reach
from soulforge.games.kipukas.rogue import is_rogue

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S
from soulforge.games.kipukas.crafted import (
    CARRIER,
    LIT,
    SHOT,
    TERRITORY,
    company,
    effect_of,
    light_of,
    movable_trap,
    shoot_bout,
    shot_dice,
    weapon_of,
)
from soulforge.games.kipukas.rules.day import owes_contention, own_souls, travel


# -- carried traps: a trap card moved by any soul, a crafted one in a Bag on stick (#traps) -----
# One design for both: a carried trap leaves the territory (it rolls on no one: it does not
# activate while carried), rides with its carrier, is laid again by a day action of the carrier
# in a territory its seat holds (as a trap is laid, #placement), and is lost with its carrier.
def _lays_in(s: S, piece: int) -> bool:
    """A carrier may lay a trap where it stands: a territory its seat holds, not suspended."""
    territory = s.territory[piece]
    return s.holder[territory - 1] == s.owner[piece] and territory != s.suspended


def _movable_card(s: S, piece: int) -> bool:
    """A trap card that may be moved: one laid as a trap (not placed as a feature, Timebattle),
    unrevealed (#traps: 'They remain unrevealed')."""
    return movable_trap(s, s.card[piece]) and not s.known[piece] & PUBLIC


def _may_pick_up(s: S, piece: int) -> bool:
    """A revealed soul, not downed, outside a suspended territory: a face-down card is 'of no
    immediate consequence' (#summoning_sickness), and carrying would show it to be a soul."""
    return bool(s.known[piece] & PUBLIC) and s.territory[piece] != s.suspended and not is_downed(s, piece)


def shifts(s: S, souls: list[int]) -> list[Action]:
    """The trap-card moves open when no contention is owed (``ShiftRule``): a revealed soul of
    the seat, not downed, carrying no trap card, picks up a laid unrevealed trap card of its
    seat in its territory; a carrier lays its trap card where it may (``_lays_in``). Either
    takes a step of the soul's day's movement, so it needs one left."""
    seat = s.active
    carriers = {carrier: trap for trap, carrier in s.carried.items() if s.owner[trap] == seat}
    laid: dict[int, list[int]] = {}
    for t in s.of_type("trap"):  # a movable card is a trap card (``movable_trap``)
        if s.owner[t] == seat and _movable_card(s, t):
            laid.setdefault(s.territory[t], []).append(t)
    if not carriers and not laid:
        return []  # no trap card of the seat's laid or carried (the common case)
    out: list[Action] = []
    for p in souls:
        if p in carriers:
            if _lays_in(s, p) and range_of(s, p) > 0:
                out.append(Shift(p, carriers[p]))
        elif s.territory[p] in laid and _may_pick_up(s, p) and range_of(s, p) > 0:
            out += [Shift(p, t) for t in laid[s.territory[p]]]
    return out


class ShiftRule(Rule["S", Shift]):
    """#traps: 'Once laid, these cards can be moved by a soul unless otherwise stated. They remain
    unrevealed during movement.' Read: a day action of a revealed soul of the seat (not downed,
    ``_may_pick_up``): it picks
    up a laid, unrevealed trap card of its seat in its territory (one at a time; the card leaves
    the territory, rides with the soul and does not activate), or lays the one it carries in its
    territory if its seat holds it ('These require a reasonable soul to lay them', as a trap card
    is played on a territory held, #placement). Laying a carried card is no play from the hand
    (#game_setup 8 does not count it). A carrier wasted or taken off the map loses the card to
    its owner's discard. The log and the other seats' views never name the card. Picking up or
    laying spends a step of the soul's movement, as picking up an item does (#equiping)."""

    action = Shift
    section = "traps"

    def legal(self, s: S) -> Sequence[Action]:

        return [] if owes_contention(s) else shifts(s, own_souls(s))

    def refusal(self, s: S, action: Shift) -> IllegalAction:
        return IllegalAction(
            "a revealed soul of yours (not downed, with a step of movement left) picks up a laid "
            "unrevealed trap card of yours in its territory, one at a time, or lays the one it carries "
            "in a territory you hold",
            rule=self.section,
        )

    def apply(self, s: S, action: Shift) -> None:
        piece, trap = action.piece, action.trap
        if s.carried.get(trap) == piece:
            territory = s.territory[piece]
            del s.carried[trap]
            s.on_map[trap], s.territory[trap] = True, territory
            s.stand[trap] = s.board.camp_of(territory)
            s.add_log(f"{s.piece_name(piece)} lays a face-down card in territory {territory}")
        else:
            s.add_log(f"{s.piece_name(piece)} picks up a face-down card in territory {s.territory[trap]}")
            s.carried[trap] = piece
            s.on_map[trap], s.stand[trap], s.territory[trap] = False, "", 0
        s.add_log(f"your trap card moved is {s.card_of(trap).name}", visible_to=s.owner[trap])
        # A step of the soul's day, as picking up an item (#equiping): without a cost, picking
        # up and laying again could go on forever (greedy play did, 24,000 moves in one day).
        s.steps_used[piece] += 1
        s.moved()
        cycle.end_action(s, s.active)

    def path(self, action: Shift) -> ClickPath:
        # the card's own handle: a laid one's piece may be hidden under others, a carried one is off the map
        return (f"piece:{action.piece}", "shift", f"trap:{action.trap}")


def shots(s: S, souls: list[int]) -> list[Action]:
    """The shots open when no contention is owed (``ShootRule``): a revealed wielder that may
    attack, not in contention on its own stand, once a day, at a revealed enemy soul in range
    with a KEAL means left."""
    out: list[Action] = []
    for p in souls:
        if not s.items[p] or weapon_of(s, p) is None or not s.known[p] & PUBLIC:
            continue
        if s.timers[p].get(SHOT) == s.cycle or not fight.can_attack(s, p):
            continue
        if enemies_at(s, s.stand[p], s.owner[p]):
            continue  # engaged where it stands: it fights there (#contention)
        for there, tunnel in s.board.exits[s.stand[p]]:
            if tunnel:
                continue
            for t in enemies_at(s, there, s.owner[p]):
                if s.known[t] & PUBLIC and fight.available_means(s, t) and shot_dice(s, p, t) is not None:
                    out.append(Shoot(p, t))
    return out


class ShootRule(Rule["S", Shoot]):
    """Atlatl: 'Wielder now has a ranged attack and can attack 1 movement stand away with Cenozoic
    D6 vs defender keal means.' Basic bow: '... 1 movement stand (or basecamp) away with
    Cenozoic D6-D6 (or D6 against soul in basecamp) ...'. Read: a day action of the revealed
    wielder, once a day, at a revealed enemy soul on a stand 1 path away; the defender chooses
    its KEAL means (the attacker's is the weapon's Cenozoic), then one bout (``shoot_bout``)."""

    action = Shoot
    section = "items"

    def legal(self, s: S) -> Sequence[Action]:

        return [] if owes_contention(s) else shots(s, own_souls(s))

    def refusal(self, s: S, action: Shoot) -> IllegalAction:
        return IllegalAction(
            "a revealed soul of yours with a ranged weapon, not in contention, once a day, at a revealed "
            "enemy soul 1 path away (a movement stand; a camp stand for the bow)",
            rule=self.section,
        )

    def apply(self, s: S, action: Shoot) -> None:
        seat, piece, target = s.active, action.piece, action.target
        s.timers[piece][SHOT] = s.cycle
        s.mover, s.claimant = seat, -1
        s.attacker, s.defender, s.fight_stand = piece, target, s.stand[target]
        s.shooting, s.means, s.secret = True, [0, -1], False
        s.exchange = []
        fight.say(
            s, f"{s.piece_name(piece)} shoots at {s.piece_name(target)} from {stand_label(s.stand[piece])}"
        )
        if is_rogue(s, target):
            s.means[1] = fight.available_means(s, target)[0]
            shoot_bout(s)
            return
        s.active, s.phase = s.owner[target], KEAL

    def path(self, action: Shoot) -> ClickPath:
        return (f"piece:{action.piece}", "shoot", f"piece:{action.target}")


def night_moves(s: S) -> list[Action]:
    """The night moves open (``NightMoveRule``): once a night, a soul of the seat holding a light,
    free to move, within its range."""

    if LIT in s.night_used[s.active] or not any(s.items):
        return []  # (no piece carries an item, the common case: no soul of the seat looked at)
    return [
        NightMove(p, stand)
        for p in own_souls(s)
        if s.items[p] and light_of(s, p) and can_move(s, p)
        for stand in reach(s, p)
    ]


class NightMoveRule(Rule["S", NightMove]):
    """Sweet candle: 'Prolongs day, move 1 soul at night. If movement causes contention, you
    attack first and add 1 to attack roll. Items are wasted after use.' Torch: 'move up to 3
    souls at night (must start and end at the same spot as the wielder)...'. Read: a night
    action, once a night: the wielder (and for a Torch up to 2 souls of its stand, ``company``)
    moves as by day (one way, one set of rolls: the wielder's); a free camp stand is claimed.
    Fights are day events: a stand shared with enemies is contention carried to the day; if
    the next cycle is a day, the movers' seat opens it (``first_strike``), and the movers
    attack at +1 through that cycle. The light is then wasted."""

    action = NightMove
    section = "items"

    def legal(self, s: S) -> Sequence[Action]:
        return night_moves(s)

    def refusal(self, s: S, action: NightMove) -> IllegalAction:
        return IllegalAction(
            "once a night, a soul of yours with a Sweet candle or Torch, within its range", rule=self.section
        )

    def apply(self, s: S, action: NightMove) -> None:

        seat, piece = s.active, action.piece
        light, group = light_of(s, piece), company(s, piece)
        name = s.game.recipes[int(light[7:])].name
        way = reach(s, piece)[action.stand]
        for p in (piece, *group):
            cycle.reveal(s, p)
            s.steps_used[p] += len(way)
        arrived = travel(s, piece, way)
        for p in group:
            cycle.place(s, p, arrived)
        movers = [p for p in (piece, *group) if s.on_map[p] and not s.prisoner[p]]
        s.add_log(
            f"by {name}'s light, {len(movers)} soul(s) move to {stand_label(arrived)}"
        )
        if movers and s.on_map[piece]:
            items._used_up(s, piece, name)
        for hidden in [p for p in s.souls_at(arrived) if s.owner[p] != seat and not s.known[p] & PUBLIC]:
            cycle.reveal(s, hidden)
        if movers and enemies_at(s, arrived, seat):
            s.lights_out = s.cycle + 1
            for p in movers:
                s.timers[p][LIT] = s.cycle + 1
            s.add_log(f"contention at {stand_label(arrived)}: {s.seat_name(seat)} attacks first, +1, by day")
        elif movers:
            cycle.claim(s, movers[0])
        s.night_used[seat].append(LIT)
        cycle.end_action(s, seat)

    def path(self, action: NightMove) -> ClickPath:
        return (f"piece:{action.piece}", f"stand:{action.stand}")


# -- the Bag on stick ---------------------------------------------------------------------------
def _bagger(s: S, piece: int) -> bool:
    return any(effect_of(i).hauls for i in s.items[piece])


def hauls(s: S, souls: list[int]) -> list[Action]:
    """The hauls open when no contention is owed (``HaulRule``)."""
    if not s.snares:
        return []
    out: list[Action] = []
    for p in souls:
        if not s.items[p] or not _bagger(s, p):
            continue
        carried = [i for i, entry in enumerate(s.snares) if entry[CARRIER] == p]
        if carried:
            if s.holder[s.territory[p] - 1] == s.owner[p]:
                out.append(Haul(p, carried[0]))
            continue
        out += [
            Haul(p, i)
            for i, (seat, where, _, carrier, _) in enumerate(s.snares)
            if seat == s.owner[p] and where == s.territory[p] and carrier < 0
        ]
    return out


class HaulRule(Rule["S", Haul]):
    """Bag on stick: 'Wielder may move 3 reasonable items or 1 reasonable trap.' Read: a day
    action of the wielder: it bags a crafted trap of its seat laid in its territory (the trap
    rides with it, inactive), or lays the one it carries in its territory if its seat holds it
    (as a trap is laid). Items already ride with any soul that equips them (#equiping, no limit),
    so the bag adds nothing for items. A carrier leaving the map loses its bagged trap. Trap *cards* any
    soul moves (#traps, ``ShiftRule``); a crafted trap is item cards, not a trap card, so the bag
    is what carries one."""

    action = Haul
    section = "items"

    def legal(self, s: S) -> Sequence[Action]:

        return [] if owes_contention(s) else hauls(s, own_souls(s))

    def refusal(self, s: S, action: Haul) -> IllegalAction:
        return IllegalAction(
            "a soul of yours with a Bag on stick bags a crafted trap of yours in its territory, or lays "
            "the one it carries in a territory you hold",
            rule=self.section,
        )

    def apply(self, s: S, action: Haul) -> None:
        entry, piece = s.snares[action.snare], action.piece
        if entry[CARRIER] == piece:
            entry[CARRIER], entry[TERRITORY] = -1, s.territory[piece]
            s.add_log(f"{s.piece_name(piece)} lays a trap from its bag in territory {entry[TERRITORY]}")
        else:
            entry[CARRIER], entry[TERRITORY] = piece, 0
            s.add_log(f"{s.piece_name(piece)} bags a trap of its seat's in territory {s.territory[piece]}")
        cycle.end_action(s, s.active)

    def path(self, action: Haul) -> ClickPath:
        return (f"piece:{action.piece}", "haul", f"snare:{action.snare}")


# -- launching small things (the Basic bow and a Bee Bomb) -----------------------------------
def _small(s: S, piece: int) -> str:
    return next((i for i in s.items[piece] if effect_of(i).small), "")


def launches(s: S, souls: list[int]) -> list[Action]:
    """The launches open when no contention is owed (``LaunchRule``): a revealed wielder of a bow
    that launches, holding a small thing, not in contention, that has not shot today; onto any
    stand 1 path away (no tunnel)."""
    out: list[Action] = []
    for p in souls:
        if not s.items[p] or not s.known[p] & PUBLIC or not _small(s, p):
            continue
        if not any(effect_of(i).launches for i in s.items[p]) or s.timers[p].get(SHOT) == s.cycle:
            continue
        if enemies_at(s, s.stand[p], s.owner[p]):
            continue
        out += [Launch(p, there) for there, tunnel in s.board.exits[s.stand[p]] if not tunnel]
    return out


class LaunchRule(Rule["S", Launch]):
    """Basic bow: 'Wielder can also launch small things (i.e. Bee bomb).' Read: a day action of
    the revealed wielder, instead of its shot that day: the Bee Bomb it holds flies to a stand 1
    path away and lies in that territory, its countdown going on; it bursts there when its 3
    diel cycles are up (``tick_bombs``), then its cards are discarded."""

    action = Launch
    section = "items"

    def legal(self, s: S) -> Sequence[Action]:

        return [] if owes_contention(s) else launches(s, own_souls(s))

    def refusal(self, s: S, action: Launch) -> IllegalAction:
        return IllegalAction(
            "a revealed soul of yours with a Basic bow and a Bee Bomb, not in contention, not having shot "
            "today, onto a stand 1 path away",
            rule=self.section,
        )

    def apply(self, s: S, action: Launch) -> None:
        piece = action.piece
        marker = _small(s, piece)
        recipe = int(marker[7:])
        s.timers[piece][SHOT] = s.cycle
        s.items[piece].remove(marker)
        for card_id in s.game.recipes[recipe].ingredients:
            if card_id in s.items[piece]:
                s.items[piece].remove(card_id)
        counted = s.timers[piece].pop("bee_bomb", 0)
        territory = s.board.stands[action.stand].territory
        s.bombs.append([cards.keeper(s, piece), territory, counted, recipe])
        s.add_log(f"{s.piece_name(piece)} launches its Bee Bomb into territory {territory}")
        cycle.end_action(s, s.active)

    def path(self, action: Launch) -> ClickPath:
        return (f"piece:{action.piece}", "launch", f"stand:{action.stand}")
