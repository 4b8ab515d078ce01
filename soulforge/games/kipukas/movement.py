"""Where a soul may go (#movement): reach along the paths, water, tunnels, enemies, capacity.

``reach`` lists the stands a soul may move to now and the way there (the stands passed),
so the rules can roll for traps in each territory entered (#card_activation) and for
swimming where the way enters water (#geography).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

import soulforge.games.kipukas.cards as cards  # mypyc: cards may be mid-import here
from soulforge.games.kipukas.combat import downed_movement
from soulforge.games.kipukas.data import Card
from soulforge.games.kipukas.encoding import PUBLIC
from soulforge.games.kipukas.items import immobile

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

Way = tuple[str, ...]
"""The stands a move passes, the start excluded and the destination last."""

DAY_SPENT = 99
"""``steps_used`` of a soul whose day's movement is spent by one act, whatever its range (a
boat crossing, digging, changing forms, a rogue's roll): more than any range can reach."""


@dataclasses.dataclass(frozen=True, slots=True)
class Traits:
    """What the movement and fight helpers ask of a card, read once per game from the card
    (``Kipukas.cards``) and its ability: the hot helpers then make one lookup per piece
    (``s.tables.traits``) instead of several ``card_of(...)`` and ``cards.ability(...)`` calls."""

    soul: bool
    movement: int
    """``cards.movement``: the card's range, or its ability's."""
    tolerances: tuple[int, ...]
    """Per KEAL means, the injuries it tolerates."""
    constantly_downed: bool
    acts_downed: bool
    immobile: bool
    stays_in_capital: bool
    contention_with: frozenset[str]
    gene: str | None
    takes_space: bool
    """``cards.takes_space``."""
    leaps: bool
    hops: bool
    """Its ability moves it by instant hops (the Synapse Virus: ``cards.Ability.hops``)."""
    forms: bool
    """It has a second form with its own range (``cards.movement_bonus`` asks it)."""
    ashore: bool
    """Its ability's range is 0: a water-only soul (Little Charm) that does not move on land."""
    flies: bool
    """Its habitat is the heavens: it flies over enemies and water (#habitat_effects)."""
    digs: bool
    """Its habitat is underground: it takes the tunnels (#habitat_effects)."""
    swimmer: bool
    """Its habitat is water: it crosses water with no roll (#geography)."""
    acts: bool
    """It may give a day action of its own: a sacrifice, a donation, a carriage, a form change
    or a dig (``rules.listing.day_listing`` skips those listings when no soul of the seat may)."""
    cycles: bool
    """Its ability has a hook at each cycle's start (``cards.on_cycle_start`` calls only those)."""
    must_reveal: bool
    """``Ability.must_reveal``: the card is played revealed only (``rules.day.play_spots``)."""
    sabotages: bool
    """Its ability has a sabotage effect (``rules.night._sabotage_card``, every night listing)."""
    antes: bool
    """Its ability antes a soul (the Hidden Portal: ``rules.portal._portal_card``)."""
    requires: bool
    """Its declaration names requirements (``cards.has_requirements``): ``cards.unmet`` asks
    the card book (interpreted) only for such a card, at every sabotage card's listing."""
    turns_roll: str
    """``Ability.turns_roll``: the roll it turns ("day", "night", "either"; empty: none),
    read by ``cards.diel_turns`` of every piece of a seat, twice a cycle."""


def _traits(card: Card) -> Traits:
    entry = cards.ability(card.id)
    return Traits(
        soul=card.soul,
        movement=cards.movement(card),
        tolerances=tuple(means.tolerance for means in card.keal_means),
        constantly_downed=entry.constantly_downed,
        acts_downed=entry.acts_downed,
        immobile=entry.immobile,
        stays_in_capital=entry.stays_in_capital,
        contention_with=entry.contention_with,
        gene=card.archetypal_gene,
        takes_space=cards.takes_space(card),
        leaps=entry.leaps,
        hops=entry.hops is not None,
        forms=entry.form_movement is not None,
        ashore=entry.movement == 0,
        flies=card.habitat == "Heavens",
        digs=card.habitat == "Underground",
        swimmer=card.habitat == "Water",
        acts=bool(
            entry.sacrifice
            or entry.sacrifice_genes
            or entry.donates
            or entry.carried
            or entry.second_form
            or card.habitat == "Underground"
        ),
        cycles=entry.cycle is not None,
        must_reveal=entry.must_reveal,
        sabotages=entry.sabotage is not None,
        antes=entry.ante,
        requires=cards.has_requirements(card.id),
        turns_roll=entry.turns_roll,
    )


def traits(game_cards: Mapping[str, Card]) -> dict[str, Traits]:
    """Each card's :class:`Traits` (built once per game, ``Kipukas.traits``)."""
    return {card_id: _traits(card) for card_id, card in game_cards.items()}


def is_water(s: S, stand: str) -> bool:
    return stand in s.board.water


def is_downed(s: S, piece: int) -> bool:
    """All KEAL means injured, or a card that is constantly downed (#keal_means_DHT)."""
    traits = s.tables.traits[s.card[piece]]
    if traits.constantly_downed:
        return True
    return _hurt_past(s, piece, traits, bool(s.features_in(s.territory[piece])))


def _hurt_past(s: S, piece: int, traits: Traits, featured: bool) -> bool:
    """``is_downed`` past the constant flag: every KEAL means at its tolerance (``featured``: a
    terrain feature in its territory, which may raise the tolerance)."""
    extra = cards.extra_tolerance(s, piece) if featured else 0
    hurts = s.injuries[piece]
    # A plain loop, not ``all`` over a generator: asked thousands of times per listing round.
    for i, tolerance in enumerate(traits.tolerances):  # noqa: SIM110 (the loop is the point)
        if hurts[i] < tolerance + extra:
            return False
    return True


def range_of(s: S, piece: int, traits: Traits | None = None) -> int:
    """Spaces the soul may still move this day (#movement, #moving_downed_souls); ``traits``:
    the soul's, when the caller has them."""
    if traits is None:
        traits = s.tables.traits[s.card[piece]]
    featured = bool(s.features_in(s.territory[piece]))  # asked once, for the bonus and downed
    # No terrain feature in the territory and no second form (the common case): no bonus.
    bonus = cards.movement_bonus(s, piece) if traits.forms or featured else 0
    base = traits.movement + bonus
    # ``is_downed``, with the traits and the feature test already in hand
    if not traits.acts_downed and (traits.constantly_downed or _hurt_past(s, piece, traits, featured)):
        base = downed_movement(base)
        if base == 1 and traits.movement == 1 and not _escorted(s, piece):
            base = 0  # "1 with escort"
    left = base - s.steps_used[piece]
    return left if left > 0 else 0  # (``max``: a builtin call per soul listed)


def _escorted(s: S, piece: int) -> bool:
    return any(
        other != piece and s.owner[other] == s.owner[piece] and not is_downed(s, other)
        for other in s.souls_at(s.stand[piece])
    )


def can_move(s: S, piece: int) -> bool:
    """A soul of the seat on the map that may move now: not sick, not a prisoner (#summoning_sickness)."""
    return free_to_move(s, piece) and range_of(s, piece) > 0


def free_to_move(s: S, piece: int) -> bool:
    """``can_move`` but for the range left: what the day's listing asks before the range."""
    return bool(free_souls(s, [piece]))


def free_souls(s: S, souls: list[int]) -> list[int]:
    """The souls of ``souls`` free to move (``free_to_move``), in their order: the state's
    lists read once for all of them (the day's listing asks of every soul of the seat, and a
    read of the state's attribute is a dictionary lookup)."""
    on_map, prisoner, card, traits_of = s.on_map, s.prisoner, s.card, s.tables.traits
    cycle: int = s.cycle
    played_unrevealed, played_cycle, tired_cycle = s.played_unrevealed, s.played_cycle, s.tired_cycle
    territory, suspended, timers = s.territory, s.suspended, s.timers
    out: list[int] = []
    for piece in souls:
        traits = traits_of[card[piece]]
        if not on_map[piece] or prisoner[piece] or not traits.soul:
            continue
        sick = played_unrevealed[piece] and played_cycle[piece] == cycle
        if cycle <= tired_cycle[piece] or territory[piece] == suspended:
            continue
        if traits.stays_in_capital and _lodged(s, piece, traits):  # (the flag first: no call for most)
            continue
        if timers[piece] and immobile(s, piece):
            continue  # snared (crafted traps, ``items.py``)
        if not sick and not traits.immobile:
            out.append(piece)
    return out


def _lodged(s: S, piece: int, traits: Traits) -> bool:
    """``cards.lodged``, its flag read from the traits."""
    return traits.stays_in_capital and cards.in_enemy_capital(s, piece)


def enemies_at(s: S, stand: str, seat: int) -> list[int]:
    """The revealed enemy souls on a stand: face-down cards neither block nor fight until
    the activation sequence turns them up (#card_activation), so what a seat may do depends
    only on what it sees."""
    here = s.souls_on(stand)  # (only read: no copy)
    out: list[int] = []
    if not here:
        return out  # an empty stand: none of the state's lists read
    owner, known, card, traits_of = s.owner, s.known, s.card, s.tables.traits
    genes: set[str | None] | None = None  # the seat's genes on the stand, asked only if needed
    for p in here:
        if owner[p] == seat or not known[p] & PUBLIC:
            continue
        traits = traits_of[card[p]]
        if traits.contention_with:  # ``cards.contends``: only souls of these genes contend
            if genes is None:
                genes = {traits_of[card[q]].gene for q in here if owner[q] == seat}
            if not traits.contention_with & genes:
                continue
        if not _lodged(s, p, traits):
            out.append(p)
    return out


def room_in(s: S, territory: int, seat: int, mover: int) -> bool:
    """At most 3 souls per player per territory (#maps); digital clouds take no space."""
    mine = [
        p
        for p in s.pieces_in(territory)
        if s.owner[p] == seat
        and p != mover
        and s.card_of(p).soul
        and not s.prisoner[p]
        and cards.takes_space(s.card_of(p))
    ]
    return len(mine) < s.tables.play.souls_per_territory or not cards.takes_space(s.card_of(mover))


class Ground:
    """What one seat's moves all depend on, worked out once per listing: the stands holding
    revealed enemies and how many space-taking souls the seat has in each territory (read it,
    never change it). Compiled, a native class: built at nearly every move, where a named
    tuple's constructor is interpreted Python (some 2,000 instructions, the rest of
    ``_ground`` not many more)."""

    __slots__ = ("crowd", "enemy_stands", "full")

    enemy_stands: frozenset[str]
    crowd: dict[int, int]
    full: frozenset[int]
    """The territories where the seat already has its 3 souls (``crowd``): no room there."""

    def __init__(self, enemy_stands: frozenset[str], crowd: dict[int, int], full: frozenset[int]) -> None:
        self.enemy_stands, self.crowd, self.full = enemy_stands, crowd, full

    def parts(self) -> tuple[frozenset[str], dict[int, int], frozenset[int]]:
        return (self.enemy_stands, self.crowd, self.full)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ground) and self.parts() == other.parts()

    def __repr__(self) -> str:
        return f"Ground{self.parts()!r}"

    def __reduce__(self) -> tuple[type[Ground], tuple[frozenset[str], dict[int, int], frozenset[int]]]:
        # (compiled, a native class has no default way to be pickled or deep-copied)
        return Ground, self.parts()


_NO_STANDS: Final[frozenset[str]] = frozenset()
_NO_TERRITORIES: Final[frozenset[int]] = frozenset()


def ground(s: S, seat: int) -> Ground:
    """The seat's :class:`Ground`, worked out once per position (``KipukasState.moved``)."""
    known = s.grounds()
    found = known.get(seat)
    if found is None:
        found = known[seat] = _ground(s, seat)
    return found


def _ground(s: S, seat: int) -> Ground:
    crowd: dict[int, int] = {}  # a plain dict: a Counter's constructor costs more than the walk
    owner, card, territory, known, traits_of = s.owner, s.card, s.territory, s.known, s.tables.traits
    hostile = []  # stands holding a revealed soul of another side: enemies_at decides
    for stand, here in s.soul_stands().items():  # the souls (no prisoners) by stand
        other = False
        for p in here:
            if owner[p] != seat:
                if not other and known[p] & PUBLIC:
                    other = True
            elif traits_of[card[p]].takes_space:
                t = territory[p]
                crowd[t] = crowd.get(t, 0) + 1
        if other:
            hostile.append(stand)
    # Lists, not generators, into the sets: built at nearly every move, mostly from nothing
    # (the shared empty sets then, no set built at all).
    enemies = frozenset([stand for stand in hostile if enemies_at(s, stand, seat)]) if hostile else _NO_STANDS
    limit = s.tables.play.souls_per_territory
    full = [t for t, n in crowd.items() if n >= limit]
    return Ground(enemies, crowd, frozenset(full) if full else _NO_TERRITORIES)


def regrounded(
    s: S, kept: dict[int, Ground], stands: tuple[str, ...], owner: int, counts: tuple[tuple[int, int], ...]
) -> dict[int, Ground]:
    """The grounds ``kept`` (per seat) after only the souls on ``stands`` changed (a soul moved
    from one to the other, entered or left the map, or was revealed: ``KipukasState.relocated``,
    ``entered``, ``left``, ``unveiled``), and with them seat ``owner``'s space-taking souls by
    ``counts`` (territory, change): what ``_ground`` would find anew, patched instead of rebuilt.
    A stand's membership of ``enemy_stands`` reads only the souls on it (``enemies_at``, asked
    here as there), so only those stands are asked again; ``crowd`` changes only for the souls'
    own seat. Each ground is a new one (a clone may share the old):
    ``tests/kipukas/test_kept_grounds.py`` proves them equal to fresh ones at every position of
    seeded playouts."""
    out: dict[int, Ground] = {}
    for seat, seen in kept.items():
        enemies = seen.enemy_stands
        toggled: set[str] | None = None  # the stands whose enemies came or went
        for stand in stands:
            # (``enemies_at`` of a stand left empty returns at once: the common case)
            if bool(enemies_at(s, stand, seat)) != (stand in enemies):
                if toggled is None:
                    toggled = {stand}
                else:
                    toggled.add(stand)
        if toggled is not None:
            enemies = enemies ^ toggled  # (one new set for both stands)
        if seat == owner and counts:
            crowd = seen.crowd.copy()
            for territory, change in counts:
                now = crowd.get(territory, 0) + change
                if now:
                    crowd[territory] = now
                else:
                    del crowd[territory]
            limit = s.tables.play.souls_per_territory
            filled = [t for t, n in crowd.items() if n >= limit]
            out[seat] = Ground(enemies, crowd, frozenset(filled) if filled else _NO_TERRITORIES)
        elif enemies is seen.enemy_stands:
            out[seat] = seen  # unchanged (never changed in place: shared)
        else:
            out[seat] = Ground(enemies, seen.crowd, seen.full)
    return out


def shifted(
    s: S, kept: dict[int, Ground], piece: int, old_stand: str, old_territory: int
) -> dict[int, Ground]:
    """The grounds ``kept`` after the soul ``piece`` (on a stand, not a prisoner) moved from
    ``old_stand`` in ``old_territory`` to where it stands now, and nothing else changed
    (``regrounded`` of the two stands; its seat's crowd one less where it left, one more where
    it came)."""
    new_stand, new_territory = s.stand[piece], s.territory[piece]
    counts: tuple[tuple[int, int], ...] = ()
    if s.tables.traits[s.card[piece]].takes_space and new_territory != old_territory:
        counts = ((old_territory, -1), (new_territory, 1))
    return regrounded(s, kept, (old_stand, new_stand), s.owner[piece], counts)


def reach(
    s: S, piece: int, seen: Ground | None = None, steps: int | None = None, traits: Traits | None = None
) -> Mapping[str, Way]:
    """Every stand the soul may move to now, with the shortest way there (``steps``: its
    ``range_of``, ``traits``: its traits, when the caller has them already): read it, never
    change it (it may be the map's own reach, shared by every position: ``KipukaMap.ball``)."""
    if seen is None:
        seen = ground(s, s.owner[piece])
    if traits is None:
        traits = s.tables.traits[s.card[piece]]  # (handed on: read once per soul listed)
    if traits.leaps:
        return _stops(s, piece, _leaps(s, piece, seen), seen, traits)
    steps = range_of(s, piece, traits) if steps is None else steps
    hops = cards.ability(s.card[piece]).hops if traits.hops else None
    if hops is not None:
        hopped = {stand: (stand,) for stand in (hops(s, piece) if steps > 0 else [])}
        return _stops(s, piece, hopped, seen, traits)
    return _stops(s, piece, ways(s, piece, steps, seen, traits), seen, traits)


def _leaps(s: S, piece: int, seen: Ground) -> dict[str, Way]:
    """Pyrostegia Dragon 'can move to any forest area instantly as long as there is conflict in
    the space': the stands of forest territories where revealed enemies of the soul and souls
    of its own side both are (what its owner sees)."""
    if range_of(s, piece) <= 0:
        return {}
    enemy_territories = {s.board.stands[stand].territory for stand in seen.enemy_stands}
    out: dict[str, Way] = {}
    for t in enemy_territories:
        forest = s.board.geography[t - 1] == "Forest" and not s.wasteland[t - 1]
        if forest and seen.crowd.get(t, 0) and t != s.territory[piece]:
            out.update({st.id: (st.id,) for st in s.board.stands.values() if st.territory == t})
    return out


def ways(s: S, piece: int, steps: int, seen: Ground, traits: Traits | None = None) -> Mapping[str, Way]:
    """The stands within ``steps`` along paths the soul may take (tunnels for underground
    dwellers, water for swimmers), never past a revealed enemy (flyers fly over); ``traits``:
    the soul's, when the caller has them."""
    if traits is None:
        traits = s.tables.traits[s.card[piece]]  # (the card's habitat, read as flags)
    start = s.stand[piece]
    flies, digs = traits.flies, traits.digs
    board = s.board
    water = board.water
    swims = traits.swimmer or flies or start in water or s.swum_cycle[piece] != s.cycle
    blocked = _NO_STANDS if flies else seen.enemy_stands
    plain = board.ball(start, steps, digs, swims)
    dug = digs and bool(s.tunnels)
    if not s.suspended and not dug and not meets(blocked, plain):
        return plain  # nothing in the way: the map's own reach (a shared, unchanged mapping)
    suspended, stands = s.suspended, board.stands
    found: dict[str, Way] = {start: ()}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        way = found[here]
        if len(way) >= steps or (here != start and here in blocked):
            continue  # no passing an enemy (#movement); heavens dwellers fly over (#habitat_effects)
        for there, tunnel in exits(s, here, digs):
            if there in found or (tunnel and not digs) or (there in water and not swims):
                continue
            if stands[there].territory == suspended:
                continue  # Suspended Animation: no one moves in or out
            found[there] = (*way, there)
            todo.append(there)
    del found[start]
    return found


def meets(stands: frozenset[str], ways: Mapping[str, Way]) -> bool:
    """Some stand of ``stands`` (the few holding enemies) is one of ``ways``: each asked of the
    ways (``not stands.isdisjoint(ways)`` walks every way, a method's generic call compiled)."""
    if not stands:
        return False  # no enemy seen (often): no iterator made over the empty set
    for stand in stands:  # noqa: SIM110 (the loop is the point)
        if stand in ways:
            return True
    return False


def exits(s: S, stand: str, digs: bool) -> list[tuple[str, bool]]:
    """The map's paths from a stand, and for underground dwellers the tunnels dug in play."""
    out = list(s.board.exits[stand])
    if digs:
        out += [(b if a == stand else a, True) for a, b in s.tunnels if stand in (a, b)]
    return out


_FIGHT: Final[list[Callable[[S, int], bool]]] = []
"""``fight.can_attack``, imported at its first use (``fight`` imports this module): an import
statement in a compiled function costs as much as the rest of a soul's stops."""


def _can_attack(s: S, piece: int) -> bool:
    """``fight.can_attack``: the soul may attack the enemies where it would stop."""
    if not _FIGHT:
        from soulforge.games.kipukas.fight import can_attack

        _FIGHT.append(can_attack)
    return _FIGHT[0](s, piece)


def _stops(s: S, piece: int, ways: Mapping[str, Way], seen: Ground, traits: Traits) -> Mapping[str, Way]:
    """Room in the territory (3 souls per player, #maps), and a stand with enemies only for a
    soul able to attack them (moving onto an enemy, you must attack: #movement); ``traits``:
    the soul's."""
    if traits.ashore:
        return {}  # water-only souls (Little Charm) do not move on land
    # Whether it can attack matters only for a way onto enemies; room only where it is full.
    enemy = seen.enemy_stands
    fights = True
    if meets(enemy, ways):
        fights = _can_attack(s, piece)
    home, spacious = s.territory[piece], not traits.takes_space
    if fights and (spacious or not seen.full):
        return ways  # every way stops (no copy: a reach is only read)
    stands, limit = s.board.stands, s.tables.play.souls_per_territory
    out = {}
    for stand, way in ways.items():
        territory = stands[stand].territory
        crowd = seen.crowd.get(territory, 0) - (1 if territory == home and not spacious else 0)
        if (spacious or crowd < limit) and (fights or stand not in seen.enemy_stands):
            out[stand] = way
    return out
