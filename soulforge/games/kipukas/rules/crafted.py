"""The day and night actions crafted items and trap cards give (#crafting, #traps): trap cards
moved by a soul, ranged shots, night moves by a light, hauls and launches with a Bag on stick.
What crafted items do beyond these actions is in ``crafted.py``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulforge.core.flow import Check, CheckedRule, ClickPath
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
    SEAT,
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
from soulforge.games.kipukas.rules.day import (
    NO_CONTENTION_OWED,
    REVEALED,
    YOUR_SOUL,
    any_set,
    owes_contention,
    own_souls,
    revealed,
    travel,
)


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


def _step_left(s: S, piece: int) -> bool:
    return range_of(s, piece) > 0


def _carried_card(s: S, piece: int) -> int:
    """The trap card of the seat's the soul carries, -1 if none."""
    mine = [trap for trap, carrier in s.carried.items() if carrier == piece and s.owner[trap] == s.active]
    return mine[-1] if mine else -1  # (one at a time: ``shifts`` keeps the last, as a dict would)


def _laid_card(s: S, trap: int) -> bool:
    """A laid trap card of the seat's that may be moved."""
    return trap in s.of_type("trap") and s.owner[trap] == s.active and _movable_card(s, trap)


def _shifts(s: S, piece: int, trap: int) -> bool:
    """The soul lays the trap card it carries where it may, or, carrying none, picks up a laid
    one of its territory (``ShiftRule``)."""
    carried = _carried_card(s, piece)
    if carried >= 0:
        return trap == carried and _lays_in(s, piece)
    return _laid_card(s, trap) and s.territory[trap] == s.territory[piece] and _may_pick_up(s, piece)


def shifts(s: S, souls: list[int]) -> list[Shift]:
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
    out: list[Shift] = []
    for p in souls:  # ``_shifts``, with the seat's cards found once
        if p in carriers:
            if _lays_in(s, p) and _step_left(s, p):
                out.append(Shift(p, carriers[p]))
        elif s.territory[p] in laid and _may_pick_up(s, p) and _step_left(s, p):
            out += [Shift(p, t) for t in laid[s.territory[p]]]
    return out


class ShiftRule(CheckedRule["S", Shift]):
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
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("a step left", lambda s, a: _step_left(s, a.piece),
              "soul #{action.piece} has no step of movement left"),
        Check(
            "lays or picks up a trap card",
            lambda s, a: _shifts(s, a.piece, a.trap),
            "a revealed soul of yours (not downed) picks up a laid unrevealed trap card of yours in "
            "its territory, one at a time, or lays the one it carries in a territory you hold",
        ),
    )

    def legal(self, s: S) -> list[Shift]:
        return [] if owes_contention(s) else shifts(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Shift]:
        """Every soul on the map with every trap card, laid or carried."""
        cards_ = [*s.of_type("trap"), *s.carried]
        return (Shift(p, t) for p in s.live() for t in cards_)

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


def _marksman(s: S, piece: int) -> bool:
    """The soul wields a ranged weapon."""
    return bool(s.items[piece]) and weapon_of(s, piece) is not None


def _not_shot(s: S, piece: int) -> bool:
    """The soul has not shot (or launched) today."""
    return s.timers[piece].get(SHOT) != s.cycle


def _unengaged(s: S, piece: int) -> bool:
    """No enemy on the soul's stand: engaged where it stands, it fights there (#contention)."""
    return not enemies_at(s, s.stand[piece], s.owner[piece])


def _next_stands(s: S, piece: int) -> list[str]:
    """The stands 1 path away from the soul's (no tunnel)."""
    return [there for there, tunnel in s.board.exits[s.stand[piece]] if not tunnel]


def _fair_shot(s: S, piece: int, target: int) -> bool:
    """``target`` (an enemy 1 path away) is revealed, has a KEAL means left and is in the
    weapon's range."""
    means = revealed(s, target) and bool(fight.available_means(s, target))
    return means and shot_dice(s, piece, target) is not None


def _in_sight(s: S, piece: int, target: int) -> bool:
    """``target`` is an enemy soul on a stand 1 path away."""
    return 0 <= target < len(s.card) and any(
        target in enemies_at(s, there, s.owner[piece]) for there in _next_stands(s, piece)
    )


def shots(s: S, souls: list[int]) -> list[Shoot]:
    """The shots open when no contention is owed (``ShootRule``'s predicates): a revealed wielder
    that may attack, not in contention on its own stand, once a day, at a revealed enemy soul in
    range with a KEAL means left."""
    out: list[Shoot] = []
    for p in souls:
        if not (_marksman(s, p) and revealed(s, p) and _not_shot(s, p) and fight.can_attack(s, p)):
            continue
        if not _unengaged(s, p):
            continue
        for there in _next_stands(s, p):
            out += [Shoot(p, t) for t in enemies_at(s, there, s.owner[p]) if _fair_shot(s, p, t)]
    return out


class ShootRule(CheckedRule["S", Shoot]):
    """Atlatl: 'Wielder now has a ranged attack and can attack 1 movement stand away with Cenozoic
    D6 vs defender keal means.' Basic bow: '... 1 movement stand (or basecamp) away with
    Cenozoic D6-D6 (or D6 against soul in basecamp) ...'. Read: a day action of the revealed
    wielder, once a day, at a revealed enemy soul on a stand 1 path away; the defender chooses
    its KEAL means (the attacker's is the weapon's Cenozoic), then one bout (``shoot_bout``)."""

    action = Shoot
    section = "items"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("a ranged weapon", lambda s, a: _marksman(s, a.piece),
              "soul #{action.piece} has no ranged weapon"),
        REVEALED,
        Check("once a day", lambda s, a: _not_shot(s, a.piece), "soul #{action.piece} has shot today"),
        Check("able to attack", lambda s, a: fight.can_attack(s, a.piece),
              "soul #{action.piece} cannot attack this cycle", "combat_lifecycle"),
        Check("not in contention", lambda s, a: _unengaged(s, a.piece),
              "soul #{action.piece} is in contention: it fights where it stands", "contention"),
        Check("an enemy 1 path away", lambda s, a: _in_sight(s, a.piece, a.target),
              "soul #{action.target} is not an enemy soul 1 path away"),
        Check("in range", lambda s, a: _fair_shot(s, a.piece, a.target),
              "soul #{action.target} is not a revealed soul with a KEAL means left in the weapon's range "
              "(a movement stand; a camp stand for the bow)"),
    )

    def legal(self, s: S) -> list[Shoot]:
        return [] if owes_contention(s) else shots(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Shoot]:
        """Every pair of pieces on the map."""
        live = s.live()
        return (Shoot(p, t) for p in live for t in live)

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


def _lit_tonight(s: S) -> bool:
    """The seat has used a light tonight."""
    return LIT in s.night_used[s.active]


def _holds_light(s: S, piece: int) -> bool:
    return bool(s.items[piece]) and bool(light_of(s, piece))


def night_moves(s: S) -> list[NightMove]:
    """The night moves open (``NightMoveRule``'s predicates): once a night, a soul of the seat
    holding a light, free to move, within its range."""
    if _lit_tonight(s) or not any_set(s.items):
        return []  # (no piece carries an item, the common case: no soul of the seat looked at)
    return [
        NightMove(p, stand)
        for p in own_souls(s)
        if _holds_light(s, p) and can_move(s, p)
        for stand in reach(s, p)
    ]


class NightMoveRule(CheckedRule["S", NightMove]):
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

    checks = (
        Check("once a night", lambda s, a: not _lit_tonight(s), "a light moves souls once a night"),
        YOUR_SOUL,
        Check("a light", lambda s, a: _holds_light(s, a.piece),
              "soul #{action.piece} holds no Sweet candle or Torch"),
        Check("free to move", lambda s, a: can_move(s, a.piece), "soul #{action.piece} cannot move"),
        Check("within range", lambda s, a: a.stand in reach(s, a.piece),
              "{action.stand} is beyond the range of soul #{action.piece}"),
    )

    def legal(self, s: S) -> list[NightMove]:
        return night_moves(s)

    def candidates(self, s: S) -> Iterable[NightMove]:
        """Every soul on the map to every stand."""
        return (NightMove(p, stand) for p in s.live() for stand in s.board.stands)

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


def _bag_on_stick(s: S, piece: int) -> bool:
    return bool(s.items[piece]) and _bagger(s, piece)


def _hauls(s: S, piece: int, snare: int) -> bool:
    """The soul lays the crafted trap it bags in a territory its seat holds, or, bagging none,
    bags one of its seat's laid in its territory (``HaulRule``)."""
    bagged = [i for i, entry in enumerate(s.snares) if entry[CARRIER] == piece]
    if bagged:
        return snare == bagged[0] and s.holder[s.territory[piece] - 1] == s.owner[piece]
    if not 0 <= snare < len(s.snares):
        return False
    entry = s.snares[snare]
    return entry[SEAT] == s.owner[piece] and entry[TERRITORY] == s.territory[piece] and entry[CARRIER] < 0


def hauls(s: S, souls: list[int]) -> list[Haul]:
    """The hauls open when no contention is owed (``HaulRule``'s predicates)."""
    if not s.snares:
        return []
    snares = range(len(s.snares))
    return [Haul(p, i) for p in souls if _bag_on_stick(s, p) for i in snares if _hauls(s, p, i)]


class HaulRule(CheckedRule["S", Haul]):
    """Bag on stick: 'Wielder may move 3 reasonable items or 1 reasonable trap.' Read: a day
    action of the wielder: it bags a crafted trap of its seat laid in its territory (the trap
    rides with it, inactive), or lays the one it carries in its territory if its seat holds it
    (as a trap is laid). Items already ride with any soul that equips them (#equiping, no limit),
    so the bag adds nothing for items. A carrier leaving the map loses its bagged trap. Trap *cards* any
    soul moves (#traps, ``ShiftRule``); a crafted trap is item cards, not a trap card, so the bag
    is what carries one."""

    action = Haul
    section = "items"

    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("a Bag on stick", lambda s, a: _bag_on_stick(s, a.piece),
              "soul #{action.piece} has no Bag on stick"),
        Check("bags or lays a trap", lambda s, a: _hauls(s, a.piece, a.snare),
              "a soul of yours with a Bag on stick bags a crafted trap of yours in its territory, or lays "
              "the one it carries in a territory you hold"),
    )

    def legal(self, s: S) -> list[Haul]:
        return [] if owes_contention(s) else hauls(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Haul]:
        """Every soul on the map with every crafted trap."""
        return (Haul(p, i) for p in s.live() for i in range(len(s.snares)))

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


def _launcher(s: S, piece: int) -> bool:
    """The soul holds a small thing and a bow that launches it."""
    held = s.items[piece]
    return bool(held) and bool(_small(s, piece)) and any(effect_of(i).launches for i in held)


def launches(s: S, souls: list[int]) -> list[Launch]:
    """The launches open when no contention is owed (``LaunchRule``'s predicates): a revealed
    wielder of a bow that launches, holding a small thing, not in contention, that has not shot
    today; onto any stand 1 path away (no tunnel)."""
    return [
        Launch(p, there)
        for p in souls
        if _launcher(s, p) and revealed(s, p) and _not_shot(s, p) and _unengaged(s, p)
        for there in _next_stands(s, p)
    ]


class LaunchRule(CheckedRule["S", Launch]):
    """Basic bow: 'Wielder can also launch small things (i.e. Bee bomb).' Read: a day action of
    the revealed wielder, instead of its shot that day: the Bee Bomb it holds flies to a stand 1
    path away and lies in that territory, its countdown going on; it bursts there when its 3
    diel cycles are up (``tick_bombs``), then its cards are discarded."""

    action = Launch
    section = "items"

    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        Check("a bow and a small thing", lambda s, a: _launcher(s, a.piece),
              "soul #{action.piece} holds no Basic bow and Bee Bomb"),
        REVEALED,
        Check("not shot today", lambda s, a: _not_shot(s, a.piece), "soul #{action.piece} has shot today"),
        Check("not in contention", lambda s, a: _unengaged(s, a.piece),
              "soul #{action.piece} is in contention: it fights where it stands", "contention"),
        Check("1 path away", lambda s, a: a.stand in _next_stands(s, a.piece),
              "a Bee Bomb flies onto a stand 1 path away"),
    )

    def legal(self, s: S) -> list[Launch]:
        return [] if owes_contention(s) else launches(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Launch]:
        """Every soul on the map onto every stand."""
        return (Launch(p, stand) for p in s.live() for stand in s.board.stands)

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
