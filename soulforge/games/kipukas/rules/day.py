"""The day's actions of Kipukas (#day): play a card, equip, pick up or drop items, reveal, move
(with its swim and activation rolls), call initiative or end one's actions. Fights are in
``rules/fight.py``; the actions some cards give in ``rules/card_moves.py``. Most of these rules
are written as named checks (``NO_CONTENTION_OWED``, ``PLAYS_LEFT``, ``YOUR_SOUL``...): their
listings, which the fast day listing calls, test the same predicates."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import soulforge.core.draws as draws
from soulforge.core import Action
from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.core.interned import interning
from soulforge.games.kipukas import cards, cycle, fight, taming, words
from soulforge.games.kipukas.actions import (
    ASIDE_SLOT,
    CallInitiative,
    EndActions,
    Equip,
    Move,
    PickUp,
    Play,
    PlayUntamed,
    Reveal,
    Transfer,
    Unequip,
    play_index,
    stand_label,
)
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import PUBLIC
from soulforge.games.kipukas.items import immobile, unstick
from soulforge.games.kipukas.movement import (
    Ground,
    Way,
    can_move,
    enemies_at,
    free_souls,
    ground,
    is_water,
    range_of,
    reach,
)
from soulforge.games.kipukas.rogue import make_rogue
from soulforge.games.kipukas.rules import bs
from soulforge.games.kipukas.rules.fight import CounterRule, RetreatRule
from soulforge.games.kipukas.setup import new_piece

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

# The listings' actions, made once per distinct fields (``core.interned``): a frozen
# dataclass's constructor costs more than listing most of them does.
_PLAY: Final = interning(Play)
_PLAY_UNTAMED: Final = interning(PlayUntamed)
_EQUIP: Final = interning(Equip)
_PICK_UP: Final = interning(PickUp)
UNEQUIP: Final = interning(Unequip)
_REVEAL: Final = interning(Reveal)
_MOVE: Final = interning(Move)
CALL: Final = CallInitiative()
END: Final = EndActions()
"""The two buttons of the day's end, one object each."""


# -- day ----------------------------------------------------------------------------------------
def owes_contention(s: S, fights: bool | None = None) -> bool:
    """#day 2: contention carried over from the previous day is dealt with first: an enemy
    still stands where the seat owes contention and the seat has an attack or a retreat open
    (``fights``: whether it has, when the caller listed them already, as the fast listing)."""
    if not any(enemies_at(s, stand, s.active) for stand in s.due[s.active]):
        return False
    if fights is None:
        return bool(CounterRule().legal(s) or RetreatRule().legal(s))
    return fights


def plays_spent(s: S) -> bool:
    """#game_setup 8: the seat has played its cards of this diel roll (plays and equips)."""
    return s.played[s.active] >= s.tables.play.plays_per_roll


def initiative_called(s: S) -> bool:
    """#day 3, #day 5: someone called initiative: the others may only end their actions."""
    return s.called >= 0


# -- the day's named checks: the listings below call the same predicates -----------------------
NO_CONTENTION_OWED: Check[S, Action] = Check(
    "no contention owed",
    lambda s, action: not owes_contention(s),
    "deal with the contention carried over first: attack or retreat",
    "day",
)
"""#day 2: every day action but attacking and retreating waits for the contention owed."""

PLAYS_LEFT: Check[S, Action] = Check(
    "plays left",
    lambda s, action: not plays_spent(s),
    lambda s, action: f"you have played {s.tables.play.plays_per_roll} cards this diel roll",
    "game_setup",
)
"""#game_setup 8: plays and equips count against the roll's plays."""


def _held_card(s: S, slot: int) -> str | None:
    """The card a play slot holds now (the set-aside card once it may be played), or None."""
    return _card_in(s, slot) if slot in _slots(s) else None


def _placement(s: S, action: Play) -> str:
    return (
        f"that card cannot be played {'revealed' if action.revealed else 'unrevealed'} at "
        f"{stand_label(action.stand)}: souls go to your base camps and capital, terrain "
        "features and traps to territories you hold"
    )


def _out_of_reach(s: S, action: Move) -> str:
    return (
        f"{stand_label(action.stand)} is out of reach: beyond the soul's range, past an "
        "enemy, across water it cannot cross, or a territory already holding 3 of your souls"
    )


def _own_soul(s: S, piece: int) -> bool:
    """A soul of the seat on the map, not a prisoner: ``own_souls`` lists the pieces this holds
    for (the same test inlined over the live pieces, once per listing; the checked rules' test
    proves the two agree)."""
    return (
        0 <= piece < len(s.card)
        and s.on_map[piece]
        and s.owner[piece] == s.active
        and s.tables.traits[s.card[piece]].soul
        and not s.prisoner[piece]
    )


YOUR_SOUL: Check[Any, Any] = Check(
    "your soul",
    lambda s, action: _own_soul(s, action.piece),
    "#{action.piece} is not a soul of yours on the map",
)
"""The action's soul (``piece``) is one of the seat's own souls."""


def revealed(s: S, piece: int) -> bool:
    """Soul ``piece`` has been revealed to every seat."""
    return bool(s.known[piece] & PUBLIC)


REVEALED: Check[Any, Any] = Check(
    "revealed", lambda s, a: revealed(s, a.piece), "soul #{action.piece} is not revealed")
"""The action's soul (``piece``) is revealed (its actions are played face up)."""


def _gives(s: S, piece: int) -> bool:
    """The soul carries items and has range left to hand them on or drop them (#equiping)."""
    return bool(s.items[piece]) and range_of(s, piece) > 0


def _items_lie(s: S, piece: int) -> bool:
    """Items the seat can find lie in the soul's territory."""
    return bool(s.dropped[s.territory[piece] - 1]) and bool(cards.findable(s, s.active, s.territory[piece]))


def _uncontested(s: S, piece: int) -> bool:
    return not enemies_at(s, s.stand[piece], s.active)


def _item_in(s: S, slot: int) -> bool:
    """The hand's ``slot`` holds an item card."""
    hand = s.hand[s.active]
    return 0 <= slot < len(hand) and s.tables.cards[hand[slot]].card_type == "item"


def _yours(s: S, piece: int) -> bool:
    """A card of the seat's on the map."""
    return 0 <= piece < len(s.card) and s.on_map[piece] and s.owner[piece] == s.active


def _face_down(s: S, piece: int) -> bool:
    return bool(face_down(s, [piece]))


def face_down(s: S, pieces: list[int]) -> list[int]:
    """The pieces of ``pieces`` not revealed to every seat, in their order (``_face_down`` of
    each, with ``s.known`` read once: the day's listing asks of every piece of the seat)."""
    known = s.known
    return [p for p in pieces if not known[p] & PUBLIC]


_REVEALABLE: Final = frozenset({"character", "species", "terrain_feature"})


def _revealable(s: S, piece: int) -> bool:
    """A soul or a terrain feature (traps and sabotage are not revealed by choice)."""
    return s.tables.cards[s.card[piece]].card_type in _REVEALABLE


def _card_in(s: S, slot: int) -> str | None:
    seat = s.active
    if slot == ASIDE_SLOT:
        ready = s.aside[seat] and s.cycle > s.tables.play.aside_cycles
        return s.aside[seat] if ready else None
    index = play_index(slot)
    return s.hand[seat][index] if index < len(s.hand[seat]) else None


def _held_slots(s: S) -> list[tuple[int, str]]:
    """The play slots holding a card and the card, in slot order: the hand's (slots skip
    ``ASIDE_SLOT``, ``play_index``), then the set-aside card once it may be played."""
    hand = s.hand[s.active]
    out = [(i if i < ASIDE_SLOT else i + 1, card_id) for i, card_id in enumerate(hand)]
    aside = _card_in(s, ASIDE_SLOT)
    if aside:
        out.append((ASIDE_SLOT, aside))
    return out


def _slots(s: S) -> list[int]:
    return [slot for slot, _ in _held_slots(s)]


def _held_camps(s: S) -> list[str]:
    """The camp stands of the territories the seat holds (not a suspended one): read it, never
    change it (one list per holding, kept by the map: ``KipukaMap.memo``)."""
    memo = s.board.memo
    key = _holding(s)
    found = memo.get(key)
    if found is None:
        found = _camps_held(s)
        if len(memo) < _MEMO_BOUND:
            memo[key] = found
    return found


_MEMO_BOUND = 4096
"""The most holdings a map keeps the camps of (a table's game has a few dozen); past it, the
camps of a new holding are worked out at each listing. A kept list is never dropped: a state's
bytes name the map's objects by their identity (``core.snapshot.references``), and a dropped
list's identity may come back as another object's."""


def _holding(s: S) -> int:
    """The seat, the suspended territory and who holds each territory, as one number: the
    key of ``_held_camps``' memo (a tuple of them was built, hashed and compared element by
    element at every listing). Each holder is one base-8 digit (-1 to 6: Kipukas seats at
    most 4), the map's territories a fixed count of them, so two holdings never share it."""
    key = s.suspended * 8 + s.active
    for held in s.holder:
        key = key * 8 + held + 1
    return key


def _camps_held(s: S) -> list[str]:
    return [s.board.camp_of(t) for t in s.board.holdable if s.holder[t - 1] == s.active and t != s.suspended]


def _watched(s: S) -> bool:
    """An enemy Unburdened Central is lodged in the seat's capital (all its plays are revealed)."""
    traits, card = s.tables.traits, s.card
    for capital in s.capital[s.active]:
        for p in s.pieces_at(capital):
            # ``lodged``'s own flag read from the traits first: no call for most pieces
            if traits[card[p]].stays_in_capital and cards.lodged(s, p):
                return True
    return False


def play_spots(
    s: S, card_id: str, held: list[str] | None = None, watched: bool | None = None, seen: Ground | None = None
) -> list[tuple[str, bool]]:
    """Where and how a card may be played now (#placement, #card_variations): souls on a camp
    of yours free of enemies with room for them, terrain features and traps on a territory
    you hold (traps: where a soul of yours stands; ``held``: ``_held_camps``, ``watched``:
    ``_watched``, ``seen``: the seat's ``ground``, when the caller has them)."""
    c = s.tables.cards[card_id]
    traits = s.tables.traits[card_id]  # (``Card.soul``, ``cards.takes_space``... read as flags)
    ways: tuple[bool, ...] = (True,) if traits.must_reveal else (True, False)
    if watched is None:
        watched = _watched(s)
    if watched:
        ways = (True,)  # Unburdened Central sits in the capital: 'cards ... played revealed'
    if s.tables.style.face_down(s, s.active, card_id):
        ways = tuple(way for way in ways if not way)  # Captive: 'must play the card unrevealed'
    if held is None:
        held = _held_camps(s)
    if traits.soul:
        if seen is None:
            seen = ground(s, s.active)
        spacious = not traits.takes_space
        limit = s.tables.play.souls_per_territory
        # (the state's attributes read once, not per camp: each read is a dictionary lookup)
        board_stands, suspended, enemy, crowd = s.board.stands, s.suspended, seen.enemy_stands, seen.crowd
        stands = [
            st
            for st in held
            if st not in enemy
            and board_stands[st].territory != suspended
            and (spacious or crowd.get(board_stands[st].territory, 0) < limit)
        ]
        return [(st, way) for st in stands for way in ways]
    if c.card_type == "terrain_feature":
        return [(st, way) for st in held for way in ways]
    if c.card_type == "trap" and cards.ability(card_id).sprung is not None:
        # #traps: 'These require a reasonable soul to lay them': a soul of the seat's in that territory
        souls = [p for p in s.pieces_of(s.active) if s.card_of(p).soul and not s.prisoner[p]]
        layers = {s.territory[p] for p in souls}
        return [(st, False) for st in held if s.board.stands[st].territory in layers]
    return []


def playable(s: S, spent: bool | None = None) -> list[tuple[int, str]]:
    """The seat's play slots holding a card, and the card (empty once it played its plays):
    what ``plays`` and ``untamed_plays`` both walk, worked out once by the fast listing
    (``spent``: ``plays_spent``, when the caller asked it)."""
    if plays_spent(s) if spent is None else spent:
        return []
    return _held_slots(s)


Spots = dict[int, list[tuple[str, bool]]]
"""Per hand slot, its card's ``play_spots``: what ``plays`` worked out, for ``untamed_plays``."""


def plays(
    s: S, hand: list[tuple[int, str]] | None = None, seen: Ground | None = None, spots: Spots | None = None
) -> list[Play]:
    """The plays open when no contention is owed (``PlayRule``; ``hand``: ``playable``,
    ``seen``: the seat's ``ground``, when the caller has them); ``spots``, when given, gets
    each slot's ``play_spots`` (the fast listing hands them to ``untamed_plays``)."""
    if hand is None:
        hand = playable(s)
    out: list[Play] = []
    if not hand:
        return out
    held, watched = _held_camps(s), _watched(s)  # the same for every card
    if seen is None:
        seen = ground(s, s.active)
    for slot, card_id in hand:
        found = play_spots(s, card_id, held, watched, seen)
        if spots is not None:
            spots[slot] = found
        out += [_PLAY(slot, st, way) for st, way in found]
    return out


def untameable_by(s: S, card_id: str) -> bool:
    """#tameability: a species (with no call of its own) whose tameability exceeds the seat's
    control over it (``taming.tames``; no tameability: untameable)."""
    card = s.tables.cards[card_id]
    if card.card_type != "species" or cards.ability(card_id).summon is not None:
        return False
    return not taming.tames(taming.control_over(s, s.active, card.archetypal_gene, card_id), card.tameability)


def untamed_plays(
    s: S, hand: list[tuple[int, str]] | None = None, spots: Spots | None = None
) -> list[PlayUntamed]:
    """The species the seat may play untamed (``PlayUntamedRule``): revealed, where it could
    play them tame ('Rouges must be revealed'; ``hand``: ``playable``; ``spots``: what
    ``plays`` found for this very position, when the caller kept it)."""
    if hand is None:
        hand = playable(s)
    wild = [(slot, card) for slot, card in hand if untameable_by(s, card)]
    if not wild:
        return []  # no such species in hand (the common case): no camps looked at
    out: list[PlayUntamed] = []
    if spots is None:
        spots = {}
        held, watched = _held_camps(s), _watched(s)
        for slot, card_id in wild:
            spots[slot] = play_spots(s, card_id, held, watched)
    for slot, _ in wild:
        out += [_PLAY_UNTAMED(slot, st) for st, way in spots[slot] if way]
    return out


def _take_from_hand(s: S, slot: int) -> str:
    seat = s.active
    card_id = str(_card_in(s, slot))  # legal: the slot holds a card
    if slot == ASIDE_SLOT:
        s.aside[seat] = ""
    else:
        s.hand[seat].pop(play_index(slot))
    s.played[seat] += 1
    return card_id


class PlayUntamedRule(CheckedRule["S", PlayUntamed]):
    """#tameability: "If the player chooses to play the creature untamed ... the creature
    becomes under its own influence, rouge": a species whose tameability exceeds the seat's
    control is played revealed on a camp of the seat and goes rogue at once (``rogue.py``);
    one of the roll's plays (#game_setup 8)."""

    action = PlayUntamed
    section = "tameability"
    checks = (
        NO_CONTENTION_OWED,
        PLAYS_LEFT,
        Check(
            "a card there",
            lambda s, a: _held_card(s, a.slot) is not None,
            "your hand has no card {action.slot}",
        ),
        Check(
            "beyond your control",
            lambda s, a: untameable_by(s, str(_held_card(s, a.slot))),
            "only a species whose tameability exceeds your control may be played untamed",
        ),
        Check(
            "where it could be played",
            lambda s, a: (a.stand, True) in play_spots(s, str(_held_card(s, a.slot))),
            "it is played untamed, revealed, where you could play it: {action.stand} is not such a stand",
            "placement",
        ),
    )

    def legal(self, s: S) -> list[PlayUntamed]:
        return [] if owes_contention(s) else untamed_plays(s)

    def candidates(self, s: S) -> Iterable[PlayUntamed]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (PlayUntamed(slot, stand) for slot in _slots(s) for stand in s.board.stands)

    def apply(self, s: S, action: PlayUntamed) -> None:
        seat = s.active
        card_id = _take_from_hand(s, action.slot)
        piece = new_piece(s, seat, card_id, action.stand, revealed=True)
        where = s.territory[piece]
        s.add_log(f"{s.seat_name(seat)} plays {CARDS[card_id].name} untamed on territory {where}")
        make_rogue(s, piece)
        cycle.end_action(s, seat)

    def path(self, action: PlayUntamed) -> ClickPath:
        return (f"hand:{action.slot}", f"stand:{action.stand}", "face:untamed")


class PlayRule(CheckedRule["S", Play]):
    """#day 3: play a soul on your base camp or capital, a terrain feature or a trap on a
    territory you hold; at most 3 cards per diel roll (#game_setup 8)."""

    action = Play
    section = "day"
    checks = (
        PLAYS_LEFT,
        NO_CONTENTION_OWED,
        Check(
            "a card there",
            lambda s, a: _held_card(s, a.slot) is not None,
            "your hand has no card {action.slot}",
        ),
        Check(
            "placement",
            lambda s, a: (a.stand, a.revealed) in play_spots(s, str(_held_card(s, a.slot))),
            _placement,
            "placement",
        ),
    )

    def legal(self, s: S) -> list[Play]:
        return [] if owes_contention(s) else plays(s)

    def candidates(self, s: S) -> Iterable[Play]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        stands = s.board.stands
        return (Play(slot, stand, way) for slot in _slots(s) for stand in stands for way in (True, False))

    def apply(self, s: S, action: Play) -> None:
        seat = s.active
        card_id = _take_from_hand(s, action.slot)
        _replace_feature(s, card_id, action.stand)
        piece = new_piece(s, seat, card_id, action.stand, revealed=action.revealed)
        territory = s.territory[piece]
        what = CARDS[card_id].name if action.revealed else "a card unrevealed"
        s.log_later(words.plays, seat, what, territory)
        if not action.revealed:
            s.log_later(words.plays_unrevealed, CARDS[card_id].name, visible_to=seat)
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
    if s.tables.cards[card_id].card_type != "terrain_feature":
        return
    territory = s.board.stands[stand].territory
    for p in s.pieces_in(territory):
        if s.card_of(p).card_type == "terrain_feature":
            s.known[p] |= PUBLIC
            s.mark_revealed()
            s.add_log(f"{s.card_of(p).name} is replaced")
            cards.waste(s, p)


def equips(s: S, souls: list[int], spent: bool | None = None) -> list[Equip]:
    """The equips open when no contention is owed (``EquipRule``); ``souls``: ``own_souls``;
    ``spent``: ``plays_spent``, when the caller asked it."""
    if plays_spent(s) if spent is None else spent:
        return []
    return [_EQUIP(slot, p) for slot in range(len(s.hand[s.active])) if _item_in(s, slot) for p in souls]


class EquipRule(CheckedRule["S", Equip]):
    """#equiping: an item from your hand to one of your souls (a card played)."""

    action = Equip
    section = "equiping"
    checks = (
        NO_CONTENTION_OWED,
        PLAYS_LEFT,
        Check(
            "an item in hand",
            lambda s, a: _item_in(s, a.slot),
            "card {action.slot} of your hand is not an item",
        ),
        YOUR_SOUL,
    )

    def legal(self, s: S) -> list[Equip]:
        return [] if owes_contention(s) else equips(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Equip]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (Equip(slot, p) for slot in range(len(s.hand[s.active])) for p in range(len(s.card)))

    def apply(self, s: S, action: Equip) -> None:
        seat = s.active
        item = s.hand[seat].pop(action.slot)
        s.items[action.piece].append(item)
        s.played[seat] += 1
        s.add_log(f"{s.seat_name(seat)} equips {CARDS[item].name} to {s.piece_name(action.piece)}")
        if s.tables.play.challenge_bs:

            bs.open_challenge(s, seat, action.piece, action.slot, item)
            return
        cycle.end_action(s, seat)

    def path(self, action: Equip) -> ClickPath:
        return (f"hand:{action.slot}", f"piece:{action.piece}")


def own_souls(s: S, pieces: list[int] | None = None) -> list[int]:
    """The seat's souls on the map, not prisoners (``_own_soul``, inlined; ``pieces``: the
    seat's pieces, ``s.pieces_of(s.active)``, when the caller has them)."""
    # The lists read into locals, ``card_of`` inlined and ``Card.soul`` read from the traits (a
    # slot, not a property): once per listing, over every piece.
    prisoner, card, traits = s.prisoner, s.card, s.tables.traits
    if pieces is None:
        pieces = s.pieces_of(s.active)
    return [p for p in pieces if traits[card[p]].soul and not prisoner[p]]


def pick_ups(s: S, souls: list[int]) -> list[PickUp]:
    """The pick-ups open when no contention is owed (``PickUpRule``)."""
    if not any_set(s.dropped):
        return []  # no items lie anywhere (the common case)
    return [
        _PICK_UP(p)
        for p in souls
        # The cheap tests first (all are pure): revealed, and items lying in its territory.
        if revealed(s, p) and _items_lie(s, p) and range_of(s, p) > 0 and _uncontested(s, p)
    ]


def any_set(values: list[Any]) -> bool:
    """Some value in ``values`` is set: ``any(values)`` as a loop (compiled, ``any`` is a
    builtin's generic call). The listings ask it of a per-piece or per-territory list at every
    day or night (prisoners, items carried, items dropped).

    >>> any_set([False, [], 0]), any_set([[], ["Bag"]])
    (False, True)
    """
    for value in values:  # noqa: SIM110 (the loop is the point)
        if value:
            return True
    return False


class PickUpRule(CheckedRule["S", PickUp]):
    """#equiping: 'A reasonable soul under the control of either player may pick up and equip
    these items provided they are in the same territory on an uncontested stand.'"""

    action = PickUp
    section = "equiping"
    checks = (
        NO_CONTENTION_OWED,
        YOUR_SOUL,
        REVEALED,
        Check("items lie there", lambda s, a: _items_lie(s, a.piece),
              "no items you can find lie in soul #{action.piece}'s territory"),
        Check(
            "range left",
            lambda s, a: range_of(s, a.piece) > 0,
            "soul #{action.piece} has no range left today",
        ),
        Check(
            "uncontested",
            lambda s, a: _uncontested(s, a.piece),
            "soul #{action.piece} stands on a contested stand",
        ),
    )

    def legal(self, s: S) -> list[PickUp]:
        return [] if owes_contention(s) else pick_ups(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[PickUp]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (PickUp(p) for p in range(len(s.card)))

    def apply(self, s: S, action: PickUp) -> None:
        territory = s.territory[action.piece]
        found = cards.findable(s, s.active, territory)[-1]
        items = cards.bundle_items(s.dropped[territory - 1].pop(found))
        s.items[action.piece] += items
        s.steps_used[action.piece] += 1  # equipping is part of the movement phase (#equiping)
        s.add_log(f"{s.piece_name(action.piece)} picks up {cards.item_names(s, items)}")
        cycle.end_action(s, s.active)

    def path(self, action: PickUp) -> ClickPath:
        return (f"piece:{action.piece}", "pick-up")


def givers(s: S, souls: list[int]) -> list[int]:
    """The souls that may unequip or hand on their items: with items and range left."""
    return [p for p in souls if _gives(s, p)]


def transfers(s: S, giving: list[int]) -> list[Transfer]:
    """The transfers open when no contention is owed (``TransferRule``); ``giving``: ``givers``."""
    return [Transfer(p, q) for p in giving for q in s.souls_at(s.stand[p]) if _fellow(s, p, q)]


def _fellow(s: S, piece: int, other: int) -> bool:
    """``other``, standing with ``piece``, is another soul of the seat's."""
    return other != piece and s.owner[other] == s.active


def _takes_from(s: S, piece: int, other: int) -> bool:
    """``other`` is another soul of the seat's on ``piece``'s stand."""
    return 0 <= other < len(s.card) and other in s.souls_at(s.stand[piece]) and _fellow(s, piece, other)


_GIVER_CHECKS: tuple[Check[Any, Any], ...] = (
    NO_CONTENTION_OWED,
    YOUR_SOUL,
    Check("items and range", lambda s, a: _gives(s, a.piece),
          "soul #{action.piece} has no items or no range left to hand them on"),
)


class UnequipRule(CheckedRule["S", Unequip]):
    """#equiping: 'Equipped items are allowed to be unequipped ... dropped in the territory.'"""

    action = Unequip
    section = "equiping"
    checks = _GIVER_CHECKS

    def legal(self, s: S) -> list[Unequip]:
        return [] if owes_contention(s) else [UNEQUIP(p) for p in givers(s, own_souls(s))]

    def candidates(self, s: S) -> Iterable[Unequip]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (Unequip(p) for p in range(len(s.card)))

    def apply(self, s: S, action: Unequip) -> None:
        s.steps_used[action.piece] += 1  # part of the movement phase, as equipping (#equiping)
        cards.drop(s, action.piece, s.territory[action.piece])
        cycle.end_action(s, s.active)

    def path(self, action: Unequip) -> ClickPath:
        return (f"piece:{action.piece}", "unequip")


class TransferRule(CheckedRule["S", Transfer]):
    """#equiping: 'Equipped items may transfer between souls if they occupy the same
    territory/movement stand.' Read: souls of one player on one stand; like equipping, part
    of the giver's movement (a step of its range)."""

    action = Transfer
    section = "equiping"
    checks = (
        *_GIVER_CHECKS,
        Check("to a soul of yours there", lambda s, a: _takes_from(s, a.piece, a.to),
              "soul #{action.to} is not another soul of yours on one stand with soul #{action.piece}"),
    )

    def legal(self, s: S) -> list[Transfer]:
        return [] if owes_contention(s) else transfers(s, givers(s, own_souls(s)))

    def candidates(self, s: S) -> Iterable[Transfer]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (Transfer(p, q) for p in range(len(s.card)) for q in range(len(s.card)))

    def apply(self, s: S, action: Transfer) -> None:
        given = s.items[action.piece]
        s.items[action.to] += given
        s.items[action.piece] = []
        s.steps_used[action.piece] += 1
        what = cards.item_names(s, given)
        s.add_log(f"{s.piece_name(action.piece)} hands {what} to {s.piece_name(action.to)}")
        cycle.end_action(s, s.active)

    def path(self, action: Transfer) -> ClickPath:
        return (f"piece:{action.piece}", f"piece:{action.to}")


def reveals(s: S, pieces: list[int] | None = None) -> list[Reveal]:
    """The reveals open when no contention is owed (``RevealRule``; ``pieces``: the seat's
    pieces, ``s.pieces_of(s.active)``, when the caller has them)."""
    if pieces is None:
        pieces = s.pieces_of(s.active)
    return [_REVEAL(p) for p in face_down(s, pieces) if _revealable(s, p)]


class RevealRule(CheckedRule["S", Reveal]):
    """#day 3: reveal one of your unrevealed souls; #terrain_features: or a terrain feature
    of yours (its effects apply once revealed)."""

    action = Reveal
    section = "day"
    checks = (
        NO_CONTENTION_OWED,
        Check("yours", lambda s, a: _yours(s, a.piece), "#{action.piece} is not a card of yours on the map"),
        Check("face down", lambda s, a: _face_down(s, a.piece), "#{action.piece} is already revealed"),
        Check("a soul or a feature", lambda s, a: _revealable(s, a.piece),
              "#{action.piece} is neither a soul nor a terrain feature", "terrain_features"),
    )

    def legal(self, s: S) -> list[Reveal]:
        return [] if owes_contention(s) else reveals(s)

    def candidates(self, s: S) -> Iterable[Reveal]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (Reveal(p) for p in range(len(s.card)))

    def apply(self, s: S, action: Reveal) -> None:
        cycle.reveal(s, action.piece)
        cycle.end_action(s, s.active)

    def path(self, action: Reveal) -> ClickPath:
        return (f"piece:{action.piece}", "reveal")


def moves(
    s: S, souls: list[int], reaches: dict[int, Mapping[str, Way]] | None = None, seen: Ground | None = None
) -> list[Move]:
    """The moves open when no contention is owed (``MoveRule``); ``souls``: ``own_souls``
    (a soul that can move is one of them); ``reaches``, when given, gets each listed soul's
    ``reach`` (the fast listing keeps them for the move made from its list: ``listed_way``);
    ``seen``: the seat's ``ground``, when the caller has it."""
    out: list[Move] = []
    traits_of, card = s.tables.traits, s.card  # (each soul's traits read once, handed on)
    for p in free_souls(s, souls):
        traits = traits_of[card[p]]
        steps = range_of(s, p, traits)  # ``can_move``, its range kept for ``reach``
        if steps > 0:
            if seen is None:
                seen = ground(s, s.active)
            found = reach(s, p, seen, steps, traits)
            if reaches is not None:
                reaches[p] = found
            out += _moves_to(p, found)
    return out


_MOVES_OF: Final[dict[int, tuple[Mapping[str, Way], list[Move]]]] = {}
"""Per piece number, the last reach ``moves`` listed for it and the moves it made of it. A
reach is often the map's own (``KipukaMap.ball``: nothing in the way), the same object at the
soul's every listing until it moves or its range changes; its moves are then handed out again
instead of interned one by one. Kept in a slot of the module, not the state, as ``_KEPT``."""


def _moves_to(piece: int, found: Mapping[str, Way]) -> list[Move]:
    """The moves of ``piece`` to the stands of its reach ``found`` (read it, never change it).
    The kept reach is held, so its identity cannot be another object's; a reach is never
    changed once made (``movement.reach``), so the same object lists the same moves."""
    kept = _MOVES_OF.get(piece)
    if kept is not None and kept[0] is found:
        return kept[1]
    listed = [_MOVE(piece, stand) for stand in found]
    _MOVES_OF[piece] = (found, listed)
    return listed


Reaches = dict[int, Mapping[str, Way]]
"""Per soul, its ``reach``: what ``moves`` worked out for the souls it listed moves of."""

_KEPT: Final[list[tuple[Sequence[Action], Reaches]]] = [((), {})]
"""The last day listing made in this process and the reaches it worked out (``keep``), in a
slot of the module, not a field of the state: a reach is often the map's own mapping
(``KipukaMap.ball``, a cache), which a state's bytes would otherwise name by its place in a
cache that another process fills in another order (``State.to_bytes``)."""


def keep(listed: Sequence[Action], reaches: Reaches) -> None:
    """Keep the reaches ``moves`` worked out for the list ``listed`` (``listing.day_listing``):
    the move made from that very list takes its way from them (``listed_way``)."""
    _KEPT[0] = (listed, reaches)  # (one tuple replaced at once: a reader sees a pair or the other)


def listed_way(s: S, piece: int, stand: str) -> Way:
    """The way of a move to ``stand``: from the reach the fast listing worked out for this very
    position's list (the last one kept, ``keep``: the list the position, or a clone of it,
    holds), else worked out anew (``reach``)."""
    listed, reaches = _KEPT[0]
    if listed is s._legal:
        found = reaches.get(piece)
        if found is not None:
            return found[stand]
    return reach(s, piece)[stand]


class MoveRule(CheckedRule["S", Move]):
    """#movement: along the paths within the soul's range; moving reveals it; entering an
    enemy stand attacks (#contention); a free camp stand is claimed (#claiming_territories)."""

    action = Move
    section = "movement"
    checks = (
        Check(
            "may move",
            lambda s, a: _own_soul(s, a.piece) and can_move(s, a.piece),
            "soul #{action.piece} cannot move now (yours, on the map, not played unrevealed "
            "this cycle, with range left)",
            "summoning_sickness",
        ),
        NO_CONTENTION_OWED,
        Check("within reach", lambda s, a: a.stand in reach(s, a.piece), _out_of_reach),
    )

    def legal(self, s: S) -> list[Move]:
        return [] if owes_contention(s) else moves(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Move]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (Move(p, stand) for p in own_souls(s) for stand in s.board.stands)

    def apply(self, s: S, action: Move) -> None:
        seat, piece = s.active, action.piece
        way = listed_way(s, piece, action.stand)
        cycle.reveal(s, piece)
        s.steps_used[piece] += len(way)
        arrived = travel(s, piece, way)
        s.log_later(words.moves, words.who(s, piece), arrived)
        s.mover, s.claimant = seat, piece
        if not s.on_map[piece] or s.prisoner[piece]:
            cycle.end_action(s, seat)
            return
        owner, known = s.owner, s.known  # (read once, not per soul on the stand)
        for hidden in [p for p in s.souls_at(arrived) if owner[p] != seat and not known[p] & PUBLIC]:
            cycle.reveal(s, hidden)  # #card_activation 5: unrevealed souls on the stand
        if enemies_at(s, arrived, seat) and fight.can_attack(s, piece):
            fight.begin(s, piece, may_stop=False)
            return
        cycle.finish_exchange(s)

    def path(self, action: Move) -> ClickPath:
        return (f"piece:{action.piece}", f"stand:{action.stand}")


def travel(s: S, piece: int, way: tuple[str, ...]) -> str:
    """Step along the way: swim rolls at the water's edge, trap rolls in each enemy
    territory entered (flyers only where they land); returns where the soul stops."""
    card = s.card_of(piece)
    here = s.stand[piece]
    for i, stand in enumerate(way):
        if s.timers[piece] and is_water(s, stand):
            unstick(s, piece)  # sticky feathers: 'until they attempt to swim in or cross water'
        ashore = is_water(s, stand) and not is_water(s, here) and card.habitat not in ("Water", "Heavens")
        if ashore and not _swims(s, piece):
            # stopped at the water's edge: the steps not walked are not spent (the callers count
            # the whole way first), so what is left depends on where the soul is, not on the way
            # it meant to go, which no other seat sees
            s.steps_used[piece] -= len(way) - i
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
        if not s.on_map[piece] or s.prisoner[piece] or (s.timers[piece] and immobile(s, piece)):
            break  # (a crafted snare holds it where it sprang)
        if (landing or card.habitat != "Heavens") and cards.stepped(s, piece, stand):
            break  # Little Charm moves to it: the move ends there
    return here


def _swims(s: S, piece: int) -> bool:
    """#geography: 2 D6 of 2+2 or more (nomads a D6 of 1 or 2), once per soul per day."""
    s.swum_cycle[piece] = s.cycle
    if s.card_of(piece).habitat == "Nomad":
        roll = draws.randint(s.rng, 1, 6)
        ok = roll <= s.tables.play.nomad_swim_high
    else:
        roll = draws.randint(s.rng, 1, 6) + draws.randint(s.rng, 1, 6)
        ok = roll >= s.tables.play.swim_target
    s.add_log(f"{s.piece_name(piece)} tries to swim: {roll}, {'it swims' if ok else 'it stays ashore'}")
    return ok


class CallInitiativeRule(CheckedRule["S", CallInitiative]):
    """#day 3, #night: calling initiative ends your actions for this turn."""

    action = CallInitiative
    section = "day"

    checks = (
        Check("not called yet", lambda s, a: not initiative_called(s),
              lambda s, a: f"{s.seat_name(s.called)} has already called initiative"),
        NO_CONTENTION_OWED,
    )

    def legal(self, s: S) -> list[CallInitiative]:
        return [] if initiative_called(s) or owes_contention(s) else [CALL]

    def candidates(self, s: S) -> Iterable[CallInitiative]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (CallInitiative(),)

    def apply(self, s: S, action: CallInitiative) -> None:
        s.called = s.active
        s.done[s.active] = True
        s.log_later(words.calls_initiative, s.active)
        cycle.end_action(s, s.active)


class EndActionsRule(CheckedRule["S", EndActions]):
    """#day 5: once initiative is called, the others act until they end their actions."""

    action = EndActions
    section = "day"

    checks = (
        Check("initiative called", lambda s, a: initiative_called(s),
              "no one has called initiative yet: call it to end your actions"),
        NO_CONTENTION_OWED,
    )

    def legal(self, s: S) -> list[EndActions]:
        return [END] if initiative_called(s) and not owes_contention(s) else []

    def candidates(self, s: S) -> Iterable[EndActions]:
        """Every action of the kind (the checks keep the legal ones: ``legal`` lists them faster)."""
        return (EndActions(),)

    def apply(self, s: S, action: EndActions) -> None:
        s.done[s.active] = True
        s.log_later(words.ends_actions, s.active)
        cycle.end_action(s, s.active)
