"""The state of a Soulshards game: the seven Zones of both players and the card rules every
effect shares (Fatigue and damage, discarding, Moving, drawing, the empty Arsenal, Resolve).

Zones per seat: ``arsenal`` (top card last), ``hand``, ``home``, ``stockpile`` ((card, Attribute)
pairs, face up), ``reserves``, the City (``cities``) and, for cards in play, ``zones[seat][0]``
(Battlefield) and ``zones[seat][1]`` (Keep), lists of unit ids into ``units``.
The turn's decisions are a stack of frames (``sequence.py``); ``step`` names the top decision.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from soulforge.core.action import Action, JsonDict
from soulforge.core.clone import ClonePlan
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

OVER = "over"
SPOT_PLACES: dict[str, tuple[int, int, int]] = {
    spot: (seat, zone, index)
    for seat, zones in enumerate(SPOTS)
    for zone, names in enumerate(zones)
    for index, spot in enumerate(names)
}
"""Where each spot name of ``sequence.SPOTS`` lies: (seat, zone, index)."""


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
        twin = Unit.__new__(Unit)
        for name in Unit.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.attached = list(self.attached)
        return twin


class ShardsState(State):
    game: Soulshards
    flow = FLOW

    cards: Mapping[str, CardDef]
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

    def __init__(self, game: Soulshards, seed: int, num_players: int) -> None:
        self.is_over = False  # the instance's own (see ``is_over``)
        super().__init__(game, seed, num_players)
        setup.setup(self)
        sequence.run(self)

    # -- the contract ----------------------------------------------------------------------------
    @property
    def current_player(self) -> Seat | None:
        return None if self.step == OVER else self.decider

    is_over: bool = False
    """Whether the game is over (``step`` is ``OVER``): a plain attribute, set once by ``finish``,
    not the core's property, as every playout and agent asks it twice a move (a call each).
    Each state holds its own from ``__init__`` on: an attribute of the instance is a read the
    interpreter specialises, one found on the class only (this default, which shadows the
    core's property) is not."""

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
        do = DOES.get(type(action))
        if do is None:
            APPLIES[type(action)](self, action)
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
        return CLONE_PLAN.clone(self)

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
        card = u.card
        base = (card.martial, card.elude, card.endure)[index] + u.temp[index]
        for name in u.attached:
            base += self.cards[name].equip_stats[index]
        return max(base, 1 if index == 2 else 0)

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
        self.is_over = True
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


CLONE_PLAN = ClonePlan(ShardsState)
