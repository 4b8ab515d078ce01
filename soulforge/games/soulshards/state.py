"""The state of a Soulshards game: the seven Zones of both players and the card rules every
effect shares (Fatigue and damage, discarding, Moving, drawing, the empty Arsenal, Resolve).

Zones per seat: ``arsenal`` (top card last), ``hand``, ``home``, ``stockpile`` ((card, Attribute)
pairs, face up), ``reserves``, the City (``cities``) and, for cards in play, ``zones[seat][0]``
(Battlefield) and ``zones[seat][1]`` (Keep), lists of unit ids into ``units``.
The turn's decisions are a stack of frames (``sequence.py``); ``step`` names the top decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from soulforge.core.action import Action, JsonDict
from soulforge.core.clone import copy_value
from soulforge.core.log import Seat
from soulforge.core.state import State, outcome_from_returns
from soulforge.core.text import winner_first
from soulforge.games.soulshards import hidden, sequence, setup, view, words
from soulforge.games.soulshards.cards import CITY_HOOKS
from soulforge.games.soulshards.conditions import set_fatigue
from soulforge.games.soulshards.data import CardDef, City
from soulforge.games.soulshards.frames import Frame
from soulforge.games.soulshards.rules import APPLIES, DOES, FLOW
from soulforge.games.soulshards.sequence import SPOTS, run

if TYPE_CHECKING:
    from soulforge.games.soulshards.game import Soulshards

OVER: Final = "over"
SPOT_PLACES: Final[dict[str, tuple[int, int, int]]] = {
    spot: (seat, zone, index)
    for seat, zones in enumerate(SPOTS)
    for zone, names in enumerate(zones)
    for index, spot in enumerate(names)
}
"""Where each spot name of ``sequence.SPOTS`` lies: (seat, zone, index)."""

# (``Final``, as every module name the state's methods read: compiled, a name that is not is
# looked up in the module's dict at each use; ``DOES`` and ``APPLIES``, imported, too.)
_HOOKS = FLOW.state_hooks()
_LEGAL_ACTIONS: Final = _HOOKS[0]
"""The flow's listing, as the core sets it on a pure state class (called from the state's own
method: a native class's methods cannot be set after it is made)."""
_DOES: Final[dict[type[Action], Callable[[ShardsState, Any], None]]] = DOES
_APPLIES: Final[dict[type[Action], Callable[[ShardsState, Any], None]]] = APPLIES


class Unit:
    """A Character or Gear in a Battlefield or Keep, with the cards Attached to it."""

    __slots__ = (
        "attached",
        "card",
        "doomed",
        "fatigue",
        "hit",
        "is_char",
        "moved",
        "owner",
        "pinned",
        "prepared",
        "provoked",
        "ready",
        "temp",
        "uid",
    )

    def __init__(self, uid: int, owner: int, card: CardDef) -> None:
        self.uid, self.owner, self.card = uid, owner, card
        self.is_char = card.type == "character"
        self.fatigue = 0
        self.ready = True
        """Fewer Fatigue than ``max_fatigue``: kept with ``fatigue`` by ``conditions.set_fatigue``
        (``new_unit`` sets both), read by ``conditions.ready``."""
        self.prepared = False
        self.attached: list[str] = []
        self.temp: tuple[int, int, int] = (0, 0, 0)
        self.pinned = False
        self.moved = False
        self.provoked = False
        self.doomed = False
        """Gained a fourth Fatigue: discarded once the effect that caused it is complete."""
        self.hit = False
        """Prepared and gained Fatigue: stops being Prepared (and 1 Edge is lost) after the cause."""

    def copy(self) -> Unit:
        """An independent twin: every slot copied (the Attached list apart, the rest immutable).
        Written out for the compiled build (mypyc): a native class refuses ``Unit.__new__(Unit)``
        (its ``__new__`` runs ``__init__``), so it cannot take a copier derived from
        ``__slots__``; ``tests/soulshards/test_state_native.py`` checks every slot is copied, so
        a slot added later fails there until it is copied here."""
        twin = Unit(self.uid, self.owner, self.card)
        twin.attached = self.attached.copy()
        twin.doomed, twin.fatigue, twin.hit = self.doomed, self.fatigue, self.hit
        twin.is_char, twin.moved, twin.pinned = self.is_char, self.moved, self.pinned
        twin.prepared, twin.provoked, twin.ready = self.prepared, self.provoked, self.ready
        twin.temp = self.temp
        return twin

    def __reduce__(self) -> tuple[Callable[..., Unit], tuple[Any, ...]]:
        """Pickled (checkpoints, snapshots) as its constructor's arguments and every slot by
        name: compiled, unpickling cannot make a blank native Unit (its ``__new__`` runs
        ``__init__``, which needs them); by name, the bytes of either build load in both."""
        slots = {name: getattr(self, name) for name in unit_slots()}
        return restored_unit, (self.uid, self.owner, self.card, slots)


def unit_slots() -> tuple[str, ...]:
    """A Unit's slots: its ``__slots__``, or compiled (a native class has none) the attributes
    mypyc found (``__mypyc_attrs__``)."""
    found: tuple[str, ...] = getattr(Unit, "__mypyc_attrs__", None) or getattr(Unit, "__slots__")  # noqa: B009
    return found


def restored_unit(uid: int, owner: int, card: CardDef, slots: dict[str, Any]) -> Unit:
    """The Unit ``Unit.__reduce__`` wrote."""
    u = Unit(uid, owner, card)
    for name, value in slots.items():
        setattr(u, name, value)
    return u


class ShardsState(State["Soulshards"]):
    """A game of Soulshards in progress.

    Compiled (``make native``), a native class, as Five Realms', Kipukas' and Soul of Ankiril's
    states: its fields live in the object and the compiled rules and views read them without a
    dictionary lookup (the views call ``has``, ``stat`` and ``spot_of`` over a million times in
    ten golden games). It declares every field below, and :meth:`clone` copies each
    (``tests/core/test_native_states.py``, this game's case declared in
    ``tests/soulshards/test_state_native.py``, checks none is left out, and that a clone shares
    none that changes). ``ShardsState()``, with no game, is a bare state whose fields are set
    next (the core's ``_bare_copy``, a restore): a native class's ``__new__`` calls
    ``__init__``. Its game, ``self.game``, is typed ``Soulshards`` through the core's
    ``State[GameT]`` (a native class cannot narrow an inherited field's type).
    """

    flow = FLOW

    cards: dict[str, CardDef]
    """The game's cards (``Soulshards.cards``), shared, never changed. A dict, typed so:
    compiled, a lookup in it is a dict's own, not a ``Mapping``'s generic one."""
    cities: tuple[City, City]
    arsenal: list[list[str]]
    known_bottom: list[int]
    """How many cards at the bottom of each Arsenal are public (placed there by Overrun)."""
    hand: list[list[str]]
    home: list[list[str]]
    reserves: list[list[str]]
    stockpile: list[list[tuple[str, int]]]
    zones: list[list[list[int]]]
    units: dict[int, Unit]
    next_uid: int
    resolve: list[int]
    pool: list[list[int]]
    edge: list[int]
    swaps: list[int]
    concealed: list[tuple[str, str] | None]
    """A Support card chosen and not yet revealed: (source, card) per seat."""
    casting: list[str]
    """Spells being cast (out of every Zone until they resolve)."""
    stack: list[Frame]
    triggers: list[tuple[int, str]]
    """Pending Exhausted effects: (owner, card)."""
    step: str
    decider: int
    active: int
    turn: int
    starter: int
    no_attack: bool
    to_battlefield: bool
    attached_spell: int
    marked: bool
    """A unit gained a fourth Fatigue or was hit while Prepared since the last settling."""
    winner: int | None
    end_reason: str
    fight: dict[str, Any] | None
    """The fight or DL check in progress, as shown in the views."""
    last_text: str

    def __init__(self, game: Soulshards | None = None, seed: int = 0, num_players: int = 2) -> None:
        if game is None:
            return  # a bare state: the caller sets every field (see the class docstring)
        super().__init__(game, seed, num_players)
        setup.setup(self)
        sequence.run(self)

    def _legal_actions(self) -> Sequence[Action]:
        return _LEGAL_ACTIONS(self)

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> Seat | None:
        return None if self.step == OVER else self.decider

    @property
    def is_over(self) -> bool:
        """The contract's ``current_player is None``, read straight from the step (only
        ``finish`` sets ``OVER``): every playout and agent asks it twice a move, one property
        call fewer each. (Pure, it was an attribute ``finish`` set, a read the interpreter
        specialises; a native class cannot override the core's property with an attribute,
        and compiled a property of its own is a direct call.)"""
        return self.step == OVER

    @property
    def first_player(self) -> Seat | None:
        return self.starter if self.starter >= 0 else None

    def prompt(self) -> str:
        return view.prompt(self)

    def describe(self, action: Action) -> str:
        return view.describe(self, action)

    def returns(self) -> list[float]:
        if self.step != OVER or self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def outcome(self) -> str:
        if not self.is_over:
            return ""
        resolve = winner_first([max(r, 0) for r in self.resolve], self.winner)
        return f"{outcome_from_returns(self.returns())[:-1]}: {self.end_reason} (Resolve {resolve})."

    def _view(self, player: Seat | None) -> JsonDict:
        return view.view(self, player)

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        hidden.resample(self, player, rng)

    def _apply(self, action: Action) -> None:
        """The rule of ``action``'s kind carries it out, then the order of play runs to the next
        decision (``ShardsRule.apply``, with no call to the flow's dispatch nor to it)."""
        self._carried = None  # list_next's, from a run outside a move (setup, tests): not this one's
        do = _DOES.get(type(action))
        if do is None:
            _APPLIES[type(action)](self, action)
            return
        do(self, action)
        run(self)

    def list_next(self, listing: list[Action]) -> None:
        """The order of play, ending this move at a decision, already listed it (``listing``,
        equal to the step's own): the core keeps it for the position the move leads to, as it
        keeps a listing carried by ``carry_listing``."""
        self._carried = listing

    def forget_listing(self) -> None:
        """The position was changed outside the rules (tests build positions): list it anew."""
        self._legal = None

    def clone(self) -> ShardsState:
        """Every field copied by its declared type, as ``soulforge.core.clone.ClonePlan`` would
        (the cards, the cities, the frames and the tuples shared, lists copied level by level,
        the units by their ``copy()``): written out, compiled, since search clones on every
        simulated move (``tests/core/test_native_states.py`` holds it to the declared fields)."""
        twin = self._bare_copy()
        twin.cards, twin.cities = self.cards, self.cities
        twin.arsenal = [cards.copy() for cards in self.arsenal]
        twin.known_bottom = self.known_bottom.copy()
        twin.hand = [cards.copy() for cards in self.hand]
        twin.home = [cards.copy() for cards in self.home]
        twin.reserves = [cards.copy() for cards in self.reserves]
        twin.stockpile = [slots.copy() for slots in self.stockpile]
        twin.zones = [[zone.copy() for zone in zones] for zones in self.zones]
        twin.units = {uid: unit.copy() for uid, unit in self.units.items()}
        twin.next_uid = self.next_uid
        twin.resolve = self.resolve.copy()
        twin.pool = [attrs.copy() for attrs in self.pool]
        twin.edge, twin.swaps = self.edge.copy(), self.swaps.copy()
        twin.concealed, twin.casting = self.concealed.copy(), self.casting.copy()
        twin.stack, twin.triggers = self.stack.copy(), self.triggers.copy()  # frames: shared
        twin.step, twin.decider, twin.active = self.step, self.decider, self.active
        twin.turn, twin.starter = self.turn, self.starter
        twin.no_attack, twin.to_battlefield = self.no_attack, self.to_battlefield
        twin.attached_spell, twin.marked = self.attached_spell, self.marked
        twin.winner, twin.end_reason = self.winner, self.end_reason
        fight = self.fight
        twin.fight = None if fight is None else copy_value(fight)
        twin.last_text = self.last_text
        return twin

    # -- shared card rules ---------------------------------------------------------------------
    def name_of(self, u: Unit) -> str:
        return words.unit_name(self.named(u))

    def named(self, u: Unit) -> words.Named:
        """``u`` as a line logged later names it: owner, card name, on the Battlefield now."""
        return u.owner, u.card.name, u.uid in self.zones[u.owner][0]

    def spot_of(self, u: Unit) -> str:
        zone = 0 if u.uid in self.zones[u.owner][0] else 1
        return f"{u.owner}{'bk'[zone]}{self.zones[u.owner][zone].index(u.uid)}"

    def zone_of(self, u: Unit) -> int:
        return 0 if u.uid in self.zones[u.owner][0] else 1

    def stat(self, u: Unit, index: int) -> int:
        """Martial (0), Elude (1) or Endure (2) with Equip effects and this turn's changes."""
        # Each index read by its own branch: compiled, ``u.temp`` and ``equip_stats`` are kept
        # unboxed (three C ints), read item by item at a constant index, where a variable index
        # (or a tuple of the card's three stats built to index) makes a new tuple at every call.
        card, temp = u.card, u.temp
        attached = u.attached
        if index == 0:
            base = card.martial + temp[0]
            for name in attached:
                base += self.cards[name].equip_stats[0]
            return max(base, 0)
        if index == 1:
            base = card.elude + temp[1]
            for name in attached:
                base += self.cards[name].equip_stats[1]
            return max(base, 0)
        base = card.endure + temp[2]
        for name in attached:
            base += self.cards[name].equip_stats[2]
        return max(base, 1)

    def has(self, u: Unit, keyword: str) -> bool:
        if keyword in u.card.keywords:
            return True
        # A loop, not any() over a generator: most cards hold nothing Attached.
        cards = self.cards
        for name in u.attached:  # noqa: SIM110
            if keyword in cards[name].equip_keywords:
                return True
        return False

    def log_all(self, text: str) -> None:
        self.add_log(text)

    def city_event(self, seat: int, event: str, **details: Any) -> None:
        CITY_HOOKS[self.cities[seat].hook](self, seat, event, **details)

    def lose_resolve(self, seat: int, amount: int, why: str) -> None:
        if amount <= 0 or self.step == OVER:
            return
        self.resolve[seat] -= amount
        self.log_later(words.loses_resolve, seat, amount, why, max(self.resolve[seat], 0))
        if self.resolve[seat] <= 0:
            self.finish(1 - seat, f"seat {seat} has no Resolve left")

    def finish(self, winner: int | None, reason: str) -> None:
        self.step, self.winner, self.end_reason = OVER, winner, reason
        self.stack = []
        self.triggers = []
        self.add_log(f"game over: {reason}")

    def gain_fatigue(self, u: Unit, amount: int) -> None:
        """Fatigue (rulebook, "Fatigue"): the one that wears a card out (``max_fatigue``, the
        fourth) marks it for discard after its cause; gaining more when worn out discards it at
        once (``conditions.ready``)."""
        worn = not u.ready  # conditions.ready's flag, tested once a Fatigue: the test after one is the next's
        for _ in range(amount):
            if u.uid not in self.units:
                return
            if worn:
                self.discard_unit(u)
                return
            set_fatigue(self, u, u.fatigue + 1)
            if u.prepared:
                u.hit = self.marked = True
            worn = not u.ready
            if worn:
                u.doomed = self.marked = True

    def take_damage(self, u: Unit, amount: int) -> int:
        """Damage: 1 Fatigue per Endure of damage while Ready; returns the damage left."""
        endure = self.stat(u, 2)
        while amount >= endure and u.ready and u.uid in self.units:  # conditions.ready's flag
            self.gain_fatigue(u, 1)
            amount -= endure
        return amount

    def move_unit(self, u: Unit) -> None:
        zone = self.zone_of(u)
        self.zones[u.owner][zone].remove(u.uid)
        self.zones[u.owner][1 - zone].append(u.uid)
        self.log_later(words.moves, u.owner, u.card.name, zone != 0)

    def discard_unit(self, u: Unit, by: int = -1) -> None:
        """Discard a card in play: it goes Home with its Attached cards (Fatigue and effects
        removed); Overrun sends it to the bottom of its owner's Arsenal with no trigger."""
        if u.uid not in self.units:
            return
        zone = self.zone_of(u)
        self.zones[u.owner][zone].remove(u.uid)
        del self.units[u.uid]
        cause = self.units.get(by)
        overrun = cause is not None and cause.owner != u.owner and self.has(cause, "overrun")
        if overrun:
            self.arsenal[u.owner].insert(0, u.card.name)
            self.known_bottom[u.owner] += 1
            self.add_log(f"seat {u.owner}'s {u.card.name} is overrun: bottom of the Arsenal, no trigger")
        else:
            self.home[u.owner].append(u.card.name)
            self.log_later(words.discarded, u.owner, u.card.name)
            if u.card.exhausted is not None:
                self.triggers.append((u.owner, u.card.name))
        for name in u.attached:
            self.home[u.owner].append(name)
            if self.cards[name].exhausted is not None:
                self.triggers.append((u.owner, name))
        if u.is_char:
            self.city_event(u.owner, "char_discarded", zone=zone)

    def discard_card(self, seat: int, name: str, by: int = -1) -> None:
        """A card (not in play) is discarded to Home, or overrun to the Arsenal's bottom."""
        cause = self.units.get(by)
        if cause is not None and cause.owner != seat and self.has(cause, "overrun"):
            self.arsenal[seat].insert(0, name)
            self.known_bottom[seat] += 1
            return
        self.home[seat].append(name)
        if self.cards[name].exhausted is not None:
            self.triggers.append((seat, name))

    def take_top(self, seat: int) -> str | None:
        """The top card of the Arsenal leaves it (then the empty-Arsenal rule applies)."""
        pile = self.arsenal[seat]
        if not pile:
            return None
        name = pile.pop()
        self.known_bottom[seat] = min(self.known_bottom[seat], len(pile))
        if not pile:
            self.refill(seat)
        return name

    def refill(self, seat: int) -> None:
        """No cards in the Arsenal: lose 3 Resolve, shuffle Home in (a Spell being cast stays out)."""
        self.lose_resolve(seat, self.game.rules.numbers["empty_arsenal_loss"], "empty Arsenal")
        pile = self.home[seat]
        self.home[seat] = []
        self.rng.shuffle(pile)
        self.arsenal[seat] = pile
        self.known_bottom[seat] = 0
        self.add_log(f"seat {seat} shuffles {len(pile)} cards from Home into the Arsenal")

    def draw(self, seat: int, amount: int) -> None:
        got = []
        for _ in range(amount):
            name = self.take_top(seat)
            if name is None:
                break
            self.hand[seat].append(name)
            got.append(name)
        self.log_later(words.draws, seat, len(got))
        if got:
            self.log_later(words.you_draw, tuple(got), visible_to=seat)

    def new_unit(self, seat: int, name: str) -> Unit:
        u = Unit(self.next_uid, seat, self.cards[name])
        self.next_uid += 1
        set_fatigue(self, u, 0)
        self.units[u.uid] = u
        self.zones[seat][1].append(u.uid)
        return u

    def unit_at(self, spot: str) -> Unit | None:
        """The unit at a spot ``"<seat><b|k><index>"``, or None."""
        where = SPOT_PLACES.get(spot)
        if where is None:
            # "": no target (most Plays and effects), answered without the odd-spot parse.
            return _odd_spot(self, spot) if spot else None
        seat, zone_index, index = where
        zone = self.zones[seat][zone_index]
        return self.units[zone[index]] if index < len(zone) else None


def _odd_spot(s: ShardsState, spot: str) -> Unit | None:
    """A spot past the table's (an index beyond 63, or written with leading zeros)."""
    if len(spot) < 3 or spot[0] not in "01" or spot[1] not in "bk" or not spot[2:].isdigit():
        return None
    zone = s.zones[int(spot[0])][0 if spot[1] == "b" else 1]
    index = int(spot[2:])
    return s.units[zone[index]] if index < len(zone) else None

