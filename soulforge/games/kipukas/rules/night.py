"""The forced peace's convention, turning the diel roll (and Suspended Animation), and the
night's actions of Kipukas (#night): hand to the deck's bottom, refill (or Maples' honey),
craft, sabotage, the Deep Apothecary Shop."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.core.interned import interning
from soulforge.games.kipukas import cards, crafted, cycle, words
from soulforge.games.kipukas.actions import (
    CallReserves,
    Craft,
    HandToBottom,
    KeepDiel,
    KeepPeace,
    Purchase,
    Refill,
    Sabotage,
    Suspend,
    TakeHoney,
    TurnDiel,
)
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import DAY, PUBLIC, STORM
from soulforge.games.kipukas.rules import bs
from soulforge.games.kipukas.rules.button import ButtonRule

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

_SABOTAGE: Final = interning(Sabotage)
"""``Sabotage`` made once per distinct fields (``core.interned``): the listing's constructor."""


# -- the forced peace -----------------------------------------------------------------------------
class KeepPeaceRule(ButtonRule[KeepPeace]):
    """#discarding_runout: 'Keep the peace: Allow the player with more territories to win. If an
    equal number of territories is possessed, the game is a tie.' The peace is kept only if
    every player agrees ('if both parties are in total agreement to keep the peace')."""

    action = KeepPeace
    button = KeepPeace()
    section = "discarding_runout"

    def apply(self, s: S, action: KeepPeace) -> None:
        _vote(s, keep=True)


class CallReservesRule(ButtonRule[CallReserves]):
    """#discarding_runout: 'Call the reserves: Both players choose whether to reuse the deck they
    just fought with' (another deck would be a new game: the deck is reused)."""

    action = CallReserves
    button = CallReserves()
    section = "discarding_runout"

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
class TurnDielRule(CheckedRule["S", TurnDiel]):
    """Rooster: Calling of Light, Gray Wolf: Harbinger of Night, Cartesian Sea: after the diel
    roll and before any action, night becomes day (or day night); the opening's predetermined
    cycles are not a roll (``cards.rolled``)."""

    action = TurnDiel
    section = "diel_cycle"

    checks = (
        Check(
            "a card that turns this roll",
            lambda s, a: (a.piece, a.slot) in cards.diel_turns(s, s.active),
            "that card cannot turn this roll (the opening's day, night, day are not rolled and "
            "a storm is never turned; a soul turns a roll every other turn, not downed)",
        ),
    )

    def legal(self, s: S) -> list[TurnDiel]:
        return [TurnDiel(piece, slot) for piece, slot in cards.diel_turns(s, s.active)]

    def candidates(self, s: S) -> Iterable[TurnDiel]:
        """Every piece, every card of the hand (``cards.diel_turns`` says which turn the roll)."""
        yield from (TurnDiel(p, -1) for p in range(len(s.card)))
        yield from (TurnDiel(-1, slot) for slot in range(len(s.hand[s.active])))

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


class KeepDielRule(ButtonRule[KeepDiel]):
    action = KeepDiel
    button = KeepDiel()
    section = "diel_cycle"

    def apply(self, s: S, action: KeepDiel) -> None:
        _next_turner(s)


class SuspendRule(CheckedRule["S", Suspend]):
    """Suspended Animation: 'Every 5 diel cycles you can suspend all actions in a territory for
    the turn. This includes both players, and neither player can move in or out of the
    territory.' Decided first thing in the turn, with the roll's turning."""

    action = Suspend
    section = "personal_effects"

    checks = (
        Check("Suspended Animation ready", lambda s, a: cards.may_suspend(s, s.active),
              "Suspended Animation works once every 5 diel cycles, for its owner"),
        Check("a territory", lambda s, a: a.territory in s.board.territories,
              "there is no territory {action.territory}"),
    )

    def legal(self, s: S) -> list[Suspend]:
        """Every territory (each passes the second check), once the card is ready (twice a cycle)."""
        return list(self.candidates(s)) if cards.may_suspend(s, s.active) else []

    def candidates(self, s: S) -> Iterable[Suspend]:
        return (Suspend(t) for t in s.board.territories)

    def apply(self, s: S, action: Suspend) -> None:
        s.suspended = action.territory
        s.personal_used[s.active] = s.cycle
        s.moved()
        s.add_log(f"{s.seat_name(s.active)} suspends all actions in territory {action.territory} this turn")
        _next_turner(s)

    def path(self, action: Suspend) -> ClickPath:
        return (f"territory:{action.territory}",)


def _items_in_deck(s: S) -> list[str]:
    """The item cards of the seat's deck, each once (what the shop sells)."""
    return sorted({cid for cid in s.deck[s.active] if s.tables.cards[cid].card_type == "item"})


def _two_in_hand(s: S, first: int, second: int) -> bool:
    """Two different slots of the seat's hand, in order."""
    return 0 <= first < second < len(s.hand[s.active])


class PurchaseRule(CheckedRule["S", Purchase]):
    """Location of the Deep Apothecary Shop: 'To purchase pull the item you want from your deck,
    then put two cards from your hand into the deck and have your opponent shuffle' (read as
    a night action, once a night)."""

    action = Purchase
    section = "personal_effects"

    checks = (
        Check("once a night", lambda s, a: _night_once(s, "purchase"), "purchase once a night"),
        Check("the shop open", lambda s, a: cards.may_purchase(s, s.active),
              "the Deep Apothecary Shop is its owner's, with an uncontested forest base camp and "
              "two cards in hand"),
        Check("an item in your deck", lambda s, a: a.item in _items_in_deck(s),
              "{action.item} is not an item in your deck"),
        Check("two cards of your hand", lambda s, a: _two_in_hand(s, a.first, a.second),
              "give two different cards of your hand"),
    )

    def legal(self, s: S) -> list[Purchase]:
        if not (_night_once(s, "purchase") and cards.may_purchase(s, s.active)):
            return []
        return list(self.candidates(s))

    def candidates(self, s: S) -> Iterable[Purchase]:
        """Every item of the deck for every two slots of the hand (the last two checks hold)."""
        size = len(s.hand[s.active])
        return (Purchase(item, i, j) for item in _items_in_deck(s) for i in range(size)
                for j in range(i + 1, size))

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


# The night buttons' conditions, asked at every night listing, as typed functions: in a check's
# lambda the state is untyped, so compiled each of its attributes was a generic lookup.
def _hand_held(s: S) -> bool:
    return bool(s.hand[s.active])


def _deck_left(s: S) -> bool:
    return bool(s.deck[s.active])


def _keeps_none(s: S) -> bool:
    """No card of the seat's hand is one the play style keeps there (The hunt)."""
    seat, style = s.active, s.tables.style
    for card in s.hand[seat]:  # noqa: SIM110 (a loop: compiled, ``any`` over a generator costs more)
        if style.keeps(s, seat, card):
            return False
    return True


class HandToBottomRule(ButtonRule[HandToBottom]):
    """#night: move your hand to the bottom of the deck (no refill with it)."""

    action = HandToBottom
    button = HandToBottom()
    section = "night"

    checks = (
        Check("cards in hand", lambda s, a: _hand_held(s), "you have no card in hand"),
        Check("once a night", lambda s, a: _night_once(s, "hand_to_bottom"),
              "each night action once per night"),
        Check("no card the play style keeps in hand",
              lambda s, a: _keeps_none(s),
              "a huntable card in your hand must be played, not put away (The hunt, #playstyleoptions)"),
    )

    def apply(self, s: S, action: HandToBottom) -> None:
        seat = s.active
        s.deck[seat][0:0] = s.hand[seat]
        s.log_later(words.puts_at_bottom, seat, len(s.hand[seat]))
        s.hand[seat] = []
        _used(s, "hand_to_bottom")
        cycle.end_action(s, seat)


def _room_in_hand(s: S) -> bool:
    return len(s.hand[s.active]) < s.tables.play.hand


class RefillRule(ButtonRule[Refill]):
    """#night: draw to fill your hand back to 3 cards."""

    action = Refill
    button = Refill()
    section = "night"

    checks = (
        Check("room in hand", lambda s, a: _room_in_hand(s), "your hand is full"),
        Check("cards in the deck", lambda s, a: _deck_left(s), "your deck is empty"),
        Check("once a night", lambda s, a: _night_once(s, "refill"), "refill once per night"),
    )

    def apply(self, s: S, action: Refill) -> None:
        cycle.draw(s, s.active, s.tables.play.hand)
        _used(s, "refill")
        cycle.end_action(s, s.active)


def recipes_in_hand(s: S) -> list[int]:
    """The recipes the engine plays whose items (at least one of each) are all in the seat's
    hand (the game's ``craftable``)."""
    hand, tables = s.hand[s.active], s.tables
    ingredients = tables.ingredients
    for card in hand:  # (a loop: compiled, no set made and no method called for a hand of none)
        if card in ingredients:
            break
    else:
        return []  # no item of any recipe in hand: no recipe looked at
    held = set(hand)
    return [n for n, needs in tables.craftable if needs <= held]


def _honey_ground(s: S) -> bool:
    """The seat holds a territory with a revealed Passage Among Maples."""
    return any(
        cards.ability(s.card[p]).honey_night
        and s.known[p] & PUBLIC
        and s.holder[s.territory[p] - 1] == s.active
        for kind in _honey_kinds()
        for p in s.of_type(kind)  # (the pieces of those card types only: not every piece)
    )


@functools.cache
def _honey_kinds() -> tuple[str, ...]:
    """The card types of the cards whose ability gives a honey at night (the Passage Among
    Maples, a terrain feature), read once from the abilities."""
    kinds = {CARDS[cid].card_type for cid, found in cards.ABILITIES.items() if found.honey_night}
    return tuple(sorted(kinds))


def _honey_in(s: S, source: int) -> bool:
    """The pile holds a honey card: the seat's deck (-1) or a seat's discard."""
    if source == -1:
        return "honey" in s.deck[s.active]
    return 0 <= source < s.num_players and "honey" in s.discard[source]


class TakeHoneyRule(CheckedRule["S", TakeHoney]):
    """Passage Among Maples: 'During the night, while you control the territory this card is
    affixed to, instead of your normal hand refresh, you may add one honey card to your hand
    from either player's discard or your deck. Reshuffle your deck if you take this action.'"""

    action = TakeHoney
    section = "night"

    checks = (
        Check("instead of refilling", lambda s, a: _night_once(s, "refill"),
              "take a honey instead of refilling, once a night"),
        Check("room in hand", lambda s, a: _room_in_hand(s), "your hand is full"),
        Check("the Maples held", lambda s, a: _honey_ground(s),
              "you hold no territory with a revealed Passage Among Maples"),
        Check("a pile with honey", lambda s, a: _honey_in(s, a.source), "that pile holds no honey card"),
    )

    def legal(self, s: S) -> list[TakeHoney]:
        if not (_night_once(s, "refill") and _room_in_hand(s) and _honey_ground(s)):
            return []
        return [honey for honey in self.candidates(s) if _honey_in(s, honey.source)]

    def candidates(self, s: S) -> Iterable[TakeHoney]:
        """The seat's deck (-1), then every seat's discard."""
        return (TakeHoney(source) for source in range(-1, s.num_players))

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


def _crafters(s: S) -> list[int]:
    """The seat's souls on the map, not prisoners: each may be given a crafted item."""
    prisoner = s.prisoner
    return [p for p in s.pieces_of(s.active) if s.on_map[p] and s.card_of(p).soul and not prisoner[p]]


def _lays_trap(s: S, piece: int) -> bool:
    """A crafted trap is laid where its soul stands, in a territory the seat holds, while there
    is room for one (#placement)."""
    return s.holder[s.territory[piece] - 1] == s.active and crafted.room_for_trap(s)


class CraftRule(CheckedRule["S", Craft]):
    """#crafting: at night, combine 2 to 3 items by a recipe; the crafted item is equipped."""

    action = Craft
    section = "crafting"

    checks = (
        Check("once a night", lambda s, a: _night_once(s, "craft"), "craft once a night"),
        Check("the recipe's items in hand", lambda s, a: a.recipe in recipes_in_hand(s),
              "you do not hold the recipe's items"),
        Check("for a soul of yours", lambda s, a: a.piece in _crafters(s),
              "craft for a soul of yours on the map"),
        Check("a trap laid where you may", lambda s, a: not crafted.is_trap_recipe(a.recipe)
              or _lays_trap(s, a.piece),
              "a crafted trap is laid in a territory you hold, at most 12 crafted traps laid"),
    )

    def legal(self, s: S) -> list[Craft]:
        recipes = recipes_in_hand(s) if _night_once(s, "craft") else []
        if not recipes:
            return []
        souls = _crafters(s)
        laying = [p for p in souls if _lays_trap(s, p)]
        return [Craft(n, p) for n in recipes for p in (laying if crafted.is_trap_recipe(n) else souls)]

    def candidates(self, s: S) -> Iterable[Craft]:
        """Every recipe the engine plays for every piece."""
        return (Craft(n, p) for n in range(len(s.game.recipes)) for p in range(len(s.card)))

    def apply(self, s: S, action: Craft) -> None:
        seat, recipe = s.active, s.game.recipes[action.recipe]
        for item in recipe.ingredients:
            s.hand[seat].remove(item)
        _used(s, "craft")
        if crafted.is_trap_recipe(action.recipe):
            crafted.lay(s, action.piece, action.recipe)
            cycle.end_action(s, seat)  # laid face down: not open to a call (``bs.py``)
            return
        marker = f"recipe:{action.recipe}"
        s.items[action.piece] += [*recipe.ingredients, marker]
        s.add_log(f"{s.seat_name(seat)} crafts {recipe.name} for {s.piece_name(action.piece)}")
        if s.tables.play.challenge_bs:  # #BS (optional): the other seats may call the craft out

            bs.open_challenge(s, seat, action.piece, -1, marker)
            return
        cycle.end_action(s, seat)


def _sabotage_card(s: S, slot: int) -> bool:
    """The hand's slot holds a card with a sabotage effect."""
    hand = s.hand[s.active]
    return 0 <= slot < len(hand) and s.tables.traits[hand[slot]].sabotages


def _others_territory(s: S, territory: int) -> bool:
    """A territory another player holds."""
    return territory in s.board.holdable and s.holder[territory - 1] not in (-1, s.active)


def _requirement_met(s: S, slot: int, territory: int) -> bool:
    """The card's own requirement (``card_effects.toml``) holds against the territory."""
    return cards.unmet(s, s.hand[s.active][slot], (s.active, territory)) is None


def _unmet(s: S, action: Sabotage) -> str:
    return cards.unmet(s, s.hand[s.active][action.slot], (s.active, action.territory)) or ""


class SabotageRule(CheckedRule["S", Sabotage]):
    """#sabotage: once a night, against a territory another player holds."""

    action = Sabotage
    section = "sabotage"
    checks = (
        Check("once a night", lambda s, a: _night_once(s, "sabotage"), "one sabotage card a night"),
        Check("a sabotage card", lambda s, a: _sabotage_card(s, a.slot),
              "that is not a sabotage card of your hand"),
        Check("another player's territory", lambda s, a: _others_territory(s, a.territory),
              "sabotage a territory another player holds"),
        Check("the card's requirement", lambda s, a: _requirement_met(s, a.slot, a.territory), _unmet),
    )

    def legal(self, s: S) -> list[Sabotage]:
        if not _night_once(s, "sabotage"):
            return []
        out: list[Sabotage] = []
        targets: list[int] | None = None  # worked out once a sabotage card is found (seldom)
        for slot in range(len(s.hand[s.active])):
            if _sabotage_card(s, slot):
                if targets is None:
                    targets = [t for t in s.board.holdable if _others_territory(s, t)]
                out += [_SABOTAGE(slot, t) for t in targets if _requirement_met(s, slot, t)]
        return out

    def candidates(self, s: S) -> Iterable[Sabotage]:
        """Every slot of the hand against every territory."""
        return (Sabotage(slot, t) for slot in range(len(s.hand[s.active])) for t in s.board.territories)

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
