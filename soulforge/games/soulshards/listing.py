"""Fast listings of the hot steps (Engage, the Reserves swaps), each the same actions in the
same order as the rules' own listing in ``rules/`` (a differential test proves it:
tests/soulshards/test_listing.py).

They walk the decider's cards in play once, and take actions from tables of shared action
objects (``Row``: one dict per card or spot, filled on first use), so listing a move costs
dict lookups, not new objects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from soulforge.core.action import Action
from soulforge.games.soulshards.actions import (
    Attack,
    Cast,
    EndDeploy,
    EndTurn,
    Mount,
    Move,
    Play,
    SkipStockpile,
    SkipTrigger,
    SupportArsenal,
    SupportHand,
    SupportStockpile,
    Swap,
    Tactics,
    UseEffect,
    UseTrigger,
)
from soulforge.games.soulshards.conditions import (
    deploy_places,
    fatigued,
    may_attack,
    may_mount,
    may_ride,
    room_in,
)
from soulforge.games.soulshards.sequence import SKIP, SPOTS, can_pay, targets

if TYPE_CHECKING:
    from soulforge.games.soulshards.data import Ability
    from soulforge.games.soulshards.frames import SeatTask
    from soulforge.games.soulshards.game import Soulshards
    from soulforge.games.soulshards.state import ShardsState as S
    from soulforge.games.soulshards.state import Unit

K = TypeVar("K")
V = TypeVar("V")


class Row(dict[K, V], Generic[K, V]):
    """A table of actions by their last field, made on first use by ``make(*head, key)``."""

    __slots__ = ("head", "make")

    def __init__(self, make: Callable[..., V], *head: object) -> None:
        super().__init__()
        self.make, self.head = make, head

    def __missing__(self, key: K) -> V:
        action = self[key] = self.make(*self.head, key)
        return action


class Table(dict[K, "Row[str, V]"], Generic[K, V]):
    """Rows of actions by their first field: ``table[first][last]``."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[..., V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> Row[str, V]:
        row = self[key] = Row(self.make, key)
        return row


class PairTable(dict[tuple[str, object], "Row[str, V]"], Generic[V]):
    """Rows of actions by their first two fields: ``table[first, second][last]``."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[..., V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple[str, object]) -> Row[str, V]:
        row = self[key] = Row(self.make, *key)
        return row


PLAYS: Table[str, Play] = Table(Play)
"""``PLAYS[card][target]``."""
UNTARGETED_PLAYS: Row[str, Play] = Row(lambda card: PLAYS[card][""])
"""``PLAYS[card][""]`` in one lookup (a card played with no target)."""
SWAPS: Table[str, Swap] = Table(Swap)
"""``SWAPS[out][into]``."""
CASTS: PairTable[Cast] = PairTable(Cast)
"""``CASTS[caster, spell][target]``."""
CASTS_OF: Table[str, Row[str, Cast]] = Table(lambda spell, caster: CASTS[caster, spell])
"""``CASTS_OF[spell][caster]`` is ``CASTS[caster, spell]``, found with no pair made per caster."""
USES: PairTable[UseEffect] = PairTable(UseEffect)
"""``USES[spot, payer][target]``."""
OWN_USES: Row[str, Row[str, UseEffect]] = Row(lambda spot: USES[spot, ""])
"""``OWN_USES[spot]`` is ``USES[spot, ""]`` (an effect with no Fatigue, or paid by its own card)."""
MOUNTS: Table[str, Mount] = Table(Mount)
"""``MOUNTS[mount][rider]``."""
TACTICS: Row[str, Tactics] = Row(Tactics)
ATTACKS: Row[str, Attack] = Row(Attack)
TACTIC, ATTACK = TACTICS.__getitem__, ATTACKS.__getitem__
"""Their lookups, bound once (every Engage listing maps its ready Characters through them)."""
END_TURN = EndTurn()
MOVES: Row[str, Move] = Row(Move)
END_DEPLOY = EndDeploy()
DEPLOY_MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(MOVES[name] for name in zone) for zone in seat) for seat in SPOTS)
"""``DEPLOY_MOVES[seat][zone][index]``: the Move of each spot (the Deploy walk takes them)."""
SKIP_STOCKPILE = SkipStockpile()


class Targets:
    """The decider's targets of each target kind, listed once per position."""

    __slots__ = ("known", "s", "seat")

    def __init__(self, s: S) -> None:
        self.s, self.seat = s, s.decider
        self.known: dict[str, list[str]] = {"none": NO_TARGET}

    def __call__(self, kind: str) -> list[str]:
        found = self.known.get(kind)
        if found is None:
            found = self.known[kind] = targets(self.s, self.seat, kind)
        return found


class FastTargets(Targets):
    """:class:`Targets` for the fast listings: the kinds of ``FAST_TARGETS`` walk one seat's
    units with no test called per unit (the rules' ``Targets`` keep the registry's tests)."""

    __slots__ = ()

    def __call__(self, kind: str) -> list[str]:
        found = self.known.get(kind)
        if found is None:
            fast = FAST_TARGETS.get(kind)
            found = targets(self.s, self.seat, kind) if fast is None else fast(self.s, self.seat)
            self.known[kind] = found
        return found


def _chars_of(s: S, seat: int) -> list[str]:
    """The spots of a seat's Characters, Battlefield then Keep (``targets``' order); also the
    ``own_char`` walk itself (no wrapper call)."""
    # Loops, not comprehensions: on a few cards a comprehension's own frame costs more.
    units, names, zones = s.units, SPOTS[seat], s.zones[seat]
    out: list[str] = []
    for z in (0, 1):
        spots = names[z]
        for i, uid in enumerate(zones[z]):
            if units[uid].is_char:
                out.append(spots[i])
    return out


def _enemy_chars(s: S, seat: int) -> list[str]:
    return _chars_of(s, 1 - seat)


def _any_chars(s: S, seat: int) -> list[str]:
    return _chars_of(s, 0) + _chars_of(s, 1)


def _enemy_gear(s: S, seat: int) -> list[str]:
    units, names, zones = s.units, SPOTS[1 - seat], s.zones[1 - seat]
    out = [names[0][i] for i, uid in enumerate(zones[0]) if not units[uid].is_char]
    out += [names[1][i] for i, uid in enumerate(zones[1]) if not units[uid].is_char]
    return out


def _fatigued_enemies(s: S, seat: int) -> list[str]:
    units, names, zones = s.units, SPOTS[1 - seat], s.zones[1 - seat]
    out: list[str] = []
    for z in (0, 1):
        spots = names[z]
        out += [spots[i] for i, uid in enumerate(zones[z]) if fatigued(units[uid])]
    return out


FAST_TARGETS: dict[str, Callable[[S, int], list[str]]] = {
    "own_char": _chars_of,
    "enemy_char": _enemy_chars,
    "any_char": _any_chars,
    "enemy_gear": _enemy_gear,
    "fatigued_enemy": _fatigued_enemies,
}
"""The target kinds of ``cards.TARGETS`` as walks of the one seat they can name (no test
called per unit); a kind missing here falls back to ``sequence.targets``. The listing test
compares them with the registry's tests at every position of seeded playouts."""


class Affordable:
    """What a pool pays for: the cards (to Play), the Spells (to Cast), the cards whose
    effect (``ability``) can be paid. One per pool value and game, shared (never changed)."""

    __slots__ = ("abilities", "plays", "spells")

    def __init__(self, game: Soulshards, pool: tuple[int, ...]) -> None:
        cards = game.cards
        self.plays = frozenset(n for n, c in cards.items() if can_pay(list(pool), c.cost))
        self.spells = self.plays & game.spell_names
        self.abilities = frozenset(
            n for n, c in cards.items() if c.ability is not None and can_pay(list(pool), c.ability.cost)
        )


def affordable(s: S, p: int) -> Affordable:
    """Seat ``p``'s :class:`Affordable`, from the game's table by pool value (per game, as
    ``--set`` changes costs)."""
    key = tuple(s.pool[p])
    found = s.game.affordable.get(key)
    if found is None:
        found = _new_pool(s.game, key)
    return found


NO_TARGET = [""]


AFFORDABLE_ALIASES = 50_000
"""How many pool values the table keeps beside the capped ones (it stays bounded)."""


def _new_pool(game: Soulshards, key: tuple[int, ...]) -> Affordable:
    """A pool value not seen yet: the same as that pool with each Attribute capped at the
    largest cost (an Attribute held beyond it pays for everything alone, see ``pool_cap``),
    so the game's table holds few :class:`Affordable` (Attributes pile up from turn to turn)."""
    table, cap = game.affordable, game.pool_cap
    capped = tuple(n if n < cap else cap for n in key)
    found = table.get(capped)
    if found is None:
        found = table[capped] = Affordable(game, capped)
    if len(table) < AFFORDABLE_ALIASES:
        table[key] = found
    return found


def swap_listing(s: S) -> list[Swap]:
    """Reserves: every (Arsenal card, Reserves card) pair of different names, sorted."""
    p = s.decider
    names = set(s.reserves[p])
    into = sorted(names)
    out: list[Swap] = []
    for name in sorted(set(s.arsenal[p])):
        row = SWAPS[name]
        # Most deck cards are not in the Reserves: their row is mapped in C, no test per pair.
        if name in names:
            out += [row[other] for other in into if other != name]
        else:
            out += map(row.__getitem__, into)
    return out


def stockpile_listing(s: S) -> list[Action]:
    """Stockpile: each card of the hand for each Attribute it produces, then skip."""
    choices = s.game.stockpile_choices
    out: list[Action] = []
    for name in sorted(set(s.hand[s.decider])):
        out += choices[name]
    out.append(SKIP_STOCKPILE)
    return out


def deploy_moves(s: S, p: int) -> list[Action]:
    """Seat ``p``'s Deploy: Move each card that may still Move (``conditions.deploy_places``),
    then end the phase."""
    out: list[Action] = deploy_places(s, p, DEPLOY_MOVES[p])
    out.append(END_DEPLOY)
    return out


def deploy_listing(s: S) -> list[Action]:
    """Deploy: the decider's ``deploy_moves``."""
    return deploy_moves(s, s.decider)


def skip_deploy(s: S, f: SeatTask) -> bool:
    """Deploy's skip test (no card may Move: ``conditions.deploy_places`` lists none), which
    lists the phase on the way: a Deploy not skipped is the next decision, so its listing is
    handed to the core for that position (``ShardsState.list_next``) rather than made again by
    ``deploy_listing`` (the test, run after every Move, and the listing each walked the cards)."""
    listing = deploy_moves(s, f.p)
    if len(listing) == 1:  # only the end of the phase: nothing may Move
        return True
    s.list_next(listing)
    return False


# The order of play's skip test for Deploy is this listing's (sequence.py cannot import it).
SKIP["deploy"] = skip_deploy


def engage_listing(s: S) -> list[Action]:
    """Engage: Play, Cast, effects, Tactics, Mount, Attack, end the turn (the rules' order)."""
    p = s.decider
    game = s.game
    key = tuple(s.pool[p])
    afford = game.affordable.get(key) or _new_pool(game, key)
    known: dict[str, list[str]] = {"none": NO_TARGET}
    """The targets of each kind listed so far (``WALKS``): a plain dict read inline, as a
    call per listed Spell or effect is what this listing spends most on."""
    units, zones, seat_spots = s.units, s.zones[p], SPOTS[p]
    spots: tuple[list[str], list[str]] = ([], [])
    """The spots of the Ready Characters (``conditions.ready``) by Zone."""
    effects: list[tuple[str, Unit, int, bool]] | None = None
    """The cards whose effect the pool pays for, with their spot, Zone and whether Ready (made
    only for the first such card: most positions have none)."""
    paid = afford.abilities
    mounts = False
    """Whether a Ready Character has Mountable (the Mount listing is walked only then)."""
    for z in (0, 1):
        names, zone_spots = seat_spots[z], spots[z]
        for i, uid in enumerate(zones[z]):
            u = units[uid]
            card = u.card
            able = u.is_char and u.ready  # conditions.ready's flag, read as the walk goes
            if able:
                zone_spots.append(names[i])
                if not mounts:
                    # ``has``, its own keywords read first: most Characters hold no Attached card.
                    mounts = "mountable" in card.keywords or (bool(u.attached) and s.has(u, "mountable"))
            if card.name in paid:
                if effects is None:
                    effects = []
                effects.append((names[i], u, z, able))
    kinds = game.spell_targets
    out: list[Action] = []
    # Play: the hand's cards the pool pays for, in name order (one C-level intersection and sort).
    hand = afford.plays.intersection(s.hand[p])
    if hand:
        room = room_in(s, p, 1)
        for name in sorted(hand):
            kind = kinds.get(name)
            if kind is None:
                if room:
                    out.append(UNTARGETED_PLAYS[name])
            else:
                found = known.get(kind)
                if found is None:
                    found = known[kind] = WALKS[kind](s, p)
                out += map(PLAYS[name].__getitem__, found)
    # Cast: each ready Character of the Keep, each Spell of Home the pool pays for.
    if spots[1]:
        spells = afford.spells.intersection(s.home[p])
        if spells:
            rows: list[tuple[Row[str, Row[str, Cast]], list[str]]] = []
            for name in sorted(spells):
                kind = kinds[name]
                found = known.get(kind)
                if found is None:
                    found = known[kind] = WALKS[kind](s, p)
                rows.append((CASTS_OF[name], found))
            for caster in spots[1]:
                for casts, found in rows:
                    out += map(casts[caster].__getitem__, found)
    for spot, u, z, able in effects or ():
        ab = u.card.ability
        assert ab is not None
        found = known.get(ab.target)
        if found is None:
            found = known[ab.target] = WALKS[ab.target](s, p)
        if not ab.cost.fatigue:
            out += map(OWN_USES[spot].__getitem__, found)
        elif u.is_char:
            if able:
                out += map(OWN_USES[spot].__getitem__, found)
        else:
            for payer in spots[z]:
                out += map(USES[spot, payer].__getitem__, found)
    out += map(TACTIC, spots[0])
    out += map(TACTIC, spots[1])
    if mounts and (len(spots[0]) > 1 or len(spots[1]) > 1):  # a Mount takes two
        out += _mounts(s, p, spots)
    if may_attack(s):
        out += map(ATTACK, spots[0])
    out.append(END_TURN)
    return out


LISTING_BLIND = frozenset({"edge", "gain"})
"""Effect pieces that change nothing ``engage_listing`` reads but the pool (Edge; Attributes
gained), whose :class:`Affordable` the rule that carries the listing compares before and after."""


def listing_blind(ab: Ability) -> bool:
    """Whether every piece of ``ab``'s effect is ``LISTING_BLIND`` (a loop: no generator)."""
    for name, _ in ab.effects:  # noqa: SIM110
        if name not in LISTING_BLIND:
            return False
    return True


class Walks(dict[str, Callable[["S", int], list[str]]]):
    """``FAST_TARGETS``, and for any other kind ``sequence.targets`` of it (made on first use):
    the Engage listing calls ``WALKS[kind](s, p)`` with no test of which kind it is."""

    __slots__ = ()

    def __missing__(self, kind: str) -> Callable[[S, int], list[str]]:
        walk = self[kind] = lambda s, p: targets(s, p, kind)
        return walk


WALKS = Walks(FAST_TARGETS)
"""Each target kind's listing of a seat's targets (``_kind``'s, found by one lookup)."""


def _mounts(s: S, p: int, spots: tuple[list[str], list[str]]) -> list[Mount]:
    """Mountable: both Characters ready, not pinned, in one Zone, room in the other (MountRule);
    ``spots``: the Ready Characters' spots by Zone (few listings reach here: their units are
    found again, not kept by every walk)."""
    out: list[Mount] = []
    unit_at = s.unit_at
    for z in (0, 1):
        if len(spots[z]) < 2 or not room_in(s, p, 1 - z, 2):
            continue
        chars: list[tuple[str, Unit]] = []
        for spot in spots[z]:
            u = unit_at(spot)
            assert u is not None  # a spot the walk just took
            chars.append((spot, u))
        for ms, m in chars:
            if may_mount(s, m):
                row = MOUNTS[ms]
                out += [row[rs] for rs, r in chars if may_ride(s, m, r)]
    return out



SUPPORT_HANDS: Row[str, SupportHand] = Row(SupportHand)
SUPPORT_SLOTS: Row[int, SupportStockpile] = Row(SupportStockpile)
SUPPORT_ARSENAL = SupportArsenal()
SKIP_TRIGGERS: Row[str, SkipTrigger] = Row(SkipTrigger)


def _use_trigger(card: str, edge: int, target: str) -> UseTrigger:
    return UseTrigger(card, target, edge)


USE_TRIGGERS: PairTable[UseTrigger] = PairTable(_use_trigger)
"""``USE_TRIGGERS[card, edge][target]``."""


def support_listing(s: S) -> list[Action]:
    """Support: a card of the hand, a Stockpile slot, or the top of the Arsenal."""
    p = s.decider
    out: list[Action] = []
    out += map(SUPPORT_HANDS.__getitem__, sorted(set(s.hand[p])))
    out += map(SUPPORT_SLOTS.__getitem__, range(len(s.stockpile[p])))
    if s.arsenal[p]:
        out.append(SUPPORT_ARSENAL)
    return out


def trigger_listing(s: S) -> list[Action]:
    """Triggers: use a pending Exhausted effect (Edge off its cost, a target), or skip one."""
    p = s.decider
    pending = sorted({name for owner, name in s.triggers if owner == p})
    tg = FastTargets(s)
    pool, edge = s.pool[p], s.edge[p]
    out: list[Action] = []
    for name in pending:
        ab = s.cards[name].exhausted
        assert ab is not None
        for spent in range(min(edge, ab.cost.total) + 1):
            if can_pay(pool, ab.cost, spent):
                out += map(USE_TRIGGERS[name, spent].__getitem__, tg(ab.target))
    out += map(SKIP_TRIGGERS.__getitem__, pending)
    return out
