"""The forced peace's convention, turning the diel roll (and Suspended Animation), and the
night's actions of Kipukas (#night): hand to the deck's bottom, refill (or Maples' honey),
craft, sabotage, the Deep Apothecary Shop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action, IllegalAction
from soulforge.core.flow import ClickPath, Rule
from soulforge.core.text import count
from soulforge.games.kipukas import cards, crafted, cycle
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

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


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
    roll and before any action, night becomes day (or day night); the opening's predetermined
    cycles are not a roll (``cards.rolled``)."""

    action = TurnDiel
    section = "diel_cycle"

    def legal(self, s: S) -> Sequence[Action]:
        return [TurnDiel(piece, slot) for piece, slot in cards.diel_turns(s, s.active)]

    def refusal(self, s: S, action: TurnDiel) -> IllegalAction:
        return IllegalAction(
            "that card cannot turn this roll (the opening's day, night, day are not rolled and "
            "a storm is never turned; a soul turns a roll every other turn, not downed)",
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
        items = sorted({cid for cid in s.deck[seat] if s.game.cards[cid].card_type == "item"})
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
        ok = len(s.hand[s.active]) < s.game.play.hand and s.deck[s.active] and _night_once(s, "refill")
        return [Refill()] if ok else []

    def refusal(self, s: S, action: Refill) -> IllegalAction:
        return IllegalAction(
            "refill once per night, with room in hand and cards in the deck", rule=self.section
        )

    def apply(self, s: S, action: Refill) -> None:
        cycle.draw(s, s.active, s.game.play.hand)
        _used(s, "refill")
        cycle.end_action(s, s.active)


def recipes_in_hand(s: S) -> list[int]:
    """The recipes the engine plays whose items (at least one of each) are all in the seat's
    hand (the game's ``craftable``)."""
    held = set(s.hand[s.active])
    return [n for n, needs in s.game.craftable if needs <= held]


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
        if not _night_once(s, "refill") or len(s.hand[seat]) >= s.game.play.hand or not _honey_ground(s):
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
        recipes = recipes_in_hand(s) if _night_once(s, "craft") else []
        if not recipes:
            return []
        souls = [
            p
            for p in s.live()
            if s.on_map[p] and s.owner[p] == s.active and s.card_of(p).soul and not s.prisoner[p]
        ]
        # a crafted trap is laid where its soul stands, in a territory the seat holds (#placement)
        laying = [p for p in souls if s.holder[s.territory[p] - 1] == s.active]
        if not crafted.room_for_trap(s):
            laying = []
        return [Craft(n, p) for n in recipes for p in (laying if crafted.is_trap_recipe(n) else souls)]

    def refusal(self, s: S, action: Craft) -> IllegalAction:
        return IllegalAction(
            "craft once a night, with the recipe's items in hand, for a soul of yours (a trap: one in a "
            "territory you hold, at most 12 crafted traps laid)",
            rule=self.section,
        )

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
        if s.game.play.challenge_bs:  # #BS (optional): the other seats may call the craft out

            bs.open_challenge(s, seat, action.piece, -1, marker)
            return
        cycle.end_action(s, seat)


class SabotageRule(Rule["S", Sabotage]):
    """#sabotage: once a night, against a territory another player holds."""

    action = Sabotage
    section = "sabotage"

    def legal(self, s: S) -> Sequence[Action]:
        if not _night_once(s, "sabotage"):
            return []
        out: list[Action] = []
        targets: list[int] | None = None  # worked out once a sabotage card is found (seldom)
        for slot, cid in enumerate(s.hand[s.active]):
            entry = cards.ability(cid)
            if entry.sabotage is not None:
                if targets is None:
                    targets = [t for t in s.board.holdable if s.holder[t - 1] not in (-1, s.active)]
                out += [
                    Sabotage(slot, t)
                    for t in targets
                    if cards.unmet(s, cid, (s.active, t)) is None
                ]
        return out

    def refusal(self, s: S, action: Sabotage) -> IllegalAction:
        hand = s.hand[s.active]
        held = s.holder[action.territory - 1] if 0 < action.territory <= len(s.holder) else -1
        if _night_once(s, "sabotage") and 0 <= action.slot < len(hand) and held not in (-1, s.active):
            why = cards.unmet(s, hand[action.slot], (s.active, action.territory))
            if why is not None:  # the card's own requirement (``card_effects.toml``)
                return IllegalAction(why, rule=self.section)
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
