"""The actions of Kipukas: one frozen dataclass per kind of decision.

Cards in a hand are named by their slot (0..2; Play's slot 3 is the card set aside by the default
personal effect once it may be played); cards on the map by their piece number, given in
the order pieces enter the map (public); stands and territories as on the map
(``board.py``). Action labels say what happens in words, without internal ids.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

from soulforge.core import Action
from soulforge.core.computed_index import Joint, Run
from soulforge.games.kipukas.cards import RECIPES
from soulforge.games.kipukas.data import CARDS

ASIDE_SLOT: Final = 3
"""The ``Play`` slot of the default personal effect's card (#personal_effects), once playable.
A hand above 3 cards (``--set kipukas.rules.play.hand``) plays its 4th card on slot 4 and so
on (``play_index``); the other actions name hand cards by their index."""


def play_index(slot: int) -> int:
    """The hand index a ``Play`` slot other than ``ASIDE_SLOT`` names (slots skip the aside slot).

    >>> [play_index(slot) for slot in (0, 2, 4, 5)]
    [0, 2, 3, 4]
    """
    return slot if slot < ASIDE_SLOT else slot - 1


@dataclasses.dataclass(frozen=True, slots=True)
class Affinity(Action):
    """#game_setup 3: declare the archetypal adaptation that is your crux."""

    kind = "affinity"
    archetype: str

    def __str__(self) -> str:
        return f"declare: the {self.archetype} are my crux"


@dataclasses.dataclass(frozen=True, slots=True)
class Capital(Action):
    """#game_setup 5: place your capital on a free territory."""

    kind = "capital"
    territory: int

    def __str__(self) -> str:
        return f"place your capital on territory {self.territory}"


@dataclasses.dataclass(frozen=True, slots=True)
class Camp(Action):
    """#game_setup 5: claim a free territory with a base camp."""

    kind = "camp"
    territory: int

    def __str__(self) -> str:
        return f"place a base camp on territory {self.territory}"


@dataclasses.dataclass(frozen=True, slots=True)
class SetAside(Action):
    """#personal_effects, the default effect: set a card of your deck aside, to play it
    after 5 diel cycles."""

    kind = "set_aside"
    card: str

    def __str__(self) -> str:

        return f"set {CARDS[self.card].name} aside (the default personal effect)"


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """#day 3: play a card from a hand slot onto a stand, revealed or unrevealed."""

    kind = "play"
    slot: int
    stand: str
    revealed: bool

    def __str__(self) -> str:
        how = "revealed" if self.revealed else "unrevealed"
        aside = self.slot == ASIDE_SLOT
        card = "the card set aside" if aside else f"card {play_index(self.slot) + 1} of your hand"
        return f"play {card} {how} at {stand_label(self.stand)}"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayUntamed(Action):
    """#tameability: play a species untamed, by choice: it enters the map a rogue (#rouge)."""

    kind = "play_untamed"
    slot: int
    stand: str

    def __str__(self) -> str:
        aside = self.slot == ASIDE_SLOT
        card = "the card set aside" if aside else f"card {play_index(self.slot) + 1} of your hand"
        return f"play {card} untamed (a rogue) at {stand_label(self.stand)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Ferry(Action):
    """#geography: a boat ferries your souls on its stand to a dock (``boats.py``)."""

    kind = "ferry"
    boat: int
    to: str

    def __str__(self) -> str:
        return f"ferry your souls on boat {self.boat + 1} to {stand_label(self.to)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Ante(Action):
    """#sabotage, Hidden Portal of Lower Dreadmont Cave: play it from a hand slot at night,
    anteing a soul of yours for the cave journey (``portal.py``)."""

    kind = "ante"
    slot: int
    piece: int

    def __str__(self) -> str:
        return f"play card {self.slot + 1} of your hand, anteing soul #{self.piece} for the cave"


@dataclasses.dataclass(frozen=True, slots=True)
class CallBS(Action):
    """#BS (optional rule): call out the equip just made as making no sense."""

    kind = "call_bs"

    def __str__(self) -> str:
        return "call BS on that equip"


@dataclasses.dataclass(frozen=True, slots=True)
class LetItStand(Action):
    """#BS (optional rule): let the equip just made stand without a challenge."""

    kind = "let_it_stand"

    def __str__(self) -> str:
        return "let the equip stand"


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """#BS (optional rule): concede the challenge: the item goes back to your hand."""

    kind = "withdraw"

    def __str__(self) -> str:
        return "concede: take the item back to your hand"


@dataclasses.dataclass(frozen=True, slots=True)
class StandBy(Action):
    """#BS (optional rule): stand by the equip; the challenger concedes."""

    kind = "stand_by"

    def __str__(self) -> str:
        return "stand by the equip (the challenger concedes)"


@dataclasses.dataclass(frozen=True, slots=True)
class LayWaste(Action):
    """Hidden Portal of Lower Dreadmont Cave, success: lay waste to a territory of your choice."""

    kind = "lay_waste"
    territory: int

    def __str__(self) -> str:
        return f"lay waste to territory {self.territory}"


@dataclasses.dataclass(frozen=True, slots=True)
class EnoughWaste(Action):
    """Hidden Portal of Lower Dreadmont Cave, success: lay waste to no more territories."""

    kind = "enough_waste"

    def __str__(self) -> str:
        return "lay waste to no more territories"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeOver(Action):
    """What Do You See in the Breach failed: take a prisoner of the breach under your control."""

    kind = "take_over"
    piece: int

    def __str__(self) -> str:
        return f"take prisoner #{self.piece} under your control"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeNoMore(Action):
    """What Do You See in the Breach failed: take no more prisoners under your control."""

    kind = "take_no_more"

    def __str__(self) -> str:
        return "take no more prisoners under your control"


@dataclasses.dataclass(frozen=True, slots=True)
class Release(Action):
    """What Do You See in the Breach failed: release a prisoner to its player (the rest are wasted)."""

    kind = "release"
    piece: int

    def __str__(self) -> str:
        return f"release prisoner #{self.piece} (the others are wasted)"


@dataclasses.dataclass(frozen=True, slots=True)
class Equip(Action):
    """#equiping: equip an item from a hand slot to one of your souls (a day card play)."""

    kind = "equip"
    slot: int
    piece: int

    def __str__(self) -> str:
        return f"equip card {self.slot + 1} of your hand to soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class PickUp(Action):
    """#equiping: a soul on an uncontested stand picks up the items dropped in its territory."""

    kind = "pick_up"
    piece: int

    def __str__(self) -> str:
        return f"pick up the dropped items with soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Transfer(Action):
    """#equiping: a soul hands its equipped items to another soul of yours on its stand."""

    kind = "transfer"
    piece: int
    to: int

    def __str__(self) -> str:
        return f"hand the items of soul #{self.piece} to soul #{self.to}"


@dataclasses.dataclass(frozen=True, slots=True)
class Unequip(Action):
    """#equiping: a soul unequips its items; they are dropped in its territory."""

    kind = "unequip"
    piece: int

    def __str__(self) -> str:
        return f"drop the items of soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Sacrifice(Action):
    """Pyrostegia Dragon: sacrifice itself to waste every soul on its stand."""

    kind = "sacrifice"
    piece: int

    def __str__(self) -> str:
        return f"sacrifice soul #{self.piece} to waste every soul on its stand"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeHoney(Action):
    """Passage Among Maples: at night, instead of refilling, take a honey card from a seat's
    discard (``source``) or from your deck (``source`` -1)."""

    kind = "take_honey"
    source: int

    def __str__(self) -> str:
        where = "your deck" if self.source < 0 else f"seat {self.source}'s discard"
        return f"take a honey card from {where} (instead of refilling)"


@dataclasses.dataclass(frozen=True, slots=True)
class Donate(Action):
    """Frost Tipped Arctic Otter: donate 2 KEAL means to a soul for 1 of its own."""

    kind = "donate"
    piece: int
    target: int

    def __str__(self) -> str:
        return f"soul #{self.piece} donates 2 KEAL means to soul #{self.target}"


@dataclasses.dataclass(frozen=True, slots=True)
class Imprison(Action):
    """Avian Keeper's Den: an avian soul of yours takes an enemy soul prisoner to the den."""

    kind = "imprison"
    piece: int
    target: int

    def __str__(self) -> str:
        return f"take soul #{self.target} prisoner to the den with soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Carry(Action):
    """Balanced Inline Processing Colony: it boards a soul of yours on its stand."""

    kind = "carry"
    piece: int
    carrier: int

    def __str__(self) -> str:
        return f"soul #{self.carrier} takes the colony #{self.piece} aboard"


@dataclasses.dataclass(frozen=True, slots=True)
class ChangeForm(Action):
    """Sprite of Wilds' Spirit: try to capture a bear (a D6), or turn back to the default form."""

    kind = "change_form"
    piece: int

    def __str__(self) -> str:
        return f"soul #{self.piece} changes its form"


@dataclasses.dataclass(frozen=True, slots=True)
class Exchange(Action):
    """To Catch a Spirit: a soul of yours takes the place of your bottled soul, which is played
    again on a camp stand of yours."""

    kind = "exchange"
    piece: int
    bottled: int

    def __str__(self) -> str:
        return f"bottle soul #{self.piece} to free soul #{self.bottled}"


@dataclasses.dataclass(frozen=True, slots=True)
class Burn(Action):
    """A fire starter's wielder tries to destroy a terrain feature in its territory."""

    kind = "burn"
    piece: int

    def __str__(self) -> str:
        return f"soul #{self.piece} tries to burn the terrain feature of its territory"


@dataclasses.dataclass(frozen=True, slots=True)
class Dig(Action):
    """An underground dweller digs toward a territory: 3 days of digging make a tunnel."""

    kind = "dig"
    piece: int
    territory: int

    def __str__(self) -> str:
        return f"dig a tunnel toward territory {self.territory} with soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Reveal(Action):
    """#day 3: reveal one of your unrevealed souls."""

    kind = "reveal"
    piece: int

    def __str__(self) -> str:
        return f"reveal soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """#movement: move one soul along the paths to a stand within its movement range."""

    kind = "move"
    piece: int
    stand: str

    def __str__(self) -> str:
        return f"move soul #{self.piece} to {stand_label(self.stand)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Attack(Action):
    """#ADRH: attack an enemy soul on the stand one of your souls shares with it."""

    kind = "attack"
    piece: int
    target: int

    def __str__(self) -> str:
        return f"attack soul #{self.target} with soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Target(Action):
    """#contention: choose which enemy soul on the stand the attack goes to."""

    kind = "target"
    piece: int

    def __str__(self) -> str:
        return f"attack soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Keal(Action):
    """#ce_setup: choose the KEAL means to fight with (kept hidden until both have chosen)."""

    kind = "keal"
    means: int

    def __str__(self) -> str:
        return f"fight with KEAL means {self.means + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Press(Action):
    """#keal_means_DHT: press the attack with another KEAL means bout."""

    kind = "press"

    def __str__(self) -> str:
        return "press the attack"


@dataclasses.dataclass(frozen=True, slots=True)
class FinalBlow(Action):
    """#final_blow: engage the downed soul in the final attack."""

    kind = "final_blow"

    def __str__(self) -> str:
        return "strike the Final Blow"


@dataclasses.dataclass(frozen=True, slots=True)
class Reroll(Action):
    """#ADRH, a card's option to re-roll (Tira Marvelous Myriad): throw the soul's dice again;
    the second throw counts."""

    kind = "reroll"

    def __str__(self) -> str:
        return "re-roll the throw"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepRoll(Action):
    """#ADRH, a card's option to re-roll (Tira Marvelous Myriad): keep the throw."""

    kind = "keep_roll"

    def __str__(self) -> str:
        return "keep the throw"


@dataclasses.dataclass(frozen=True, slots=True)
class Stop(Action):
    """#contention: stop the attack."""

    kind = "stop"

    def __str__(self) -> str:
        return "stop the attack"


@dataclasses.dataclass(frozen=True, slots=True)
class Retreat(Action):
    """#retreat: retreat a soul to a stand within its movement range in your territory."""

    kind = "retreat"
    piece: int
    stand: str

    def __str__(self) -> str:
        return f"retreat soul #{self.piece} to {stand_label(self.stand)}"


@dataclasses.dataclass(frozen=True, slots=True)
class RetreatGroup(Action):
    """#retreat: retreat all your souls on a stand together, at the slowest one's range."""

    kind = "retreat_group"
    origin: str
    stand: str

    def __str__(self) -> str:
        return f"retreat your souls on {stand_label(self.origin)} together to {stand_label(self.stand)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Reinforce(Action):
    """#retreat: move a soul from nearby uncontended territory into the fight, no roll."""

    kind = "reinforce"
    piece: int

    def __str__(self) -> str:
        return f"reinforce the fight with soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Hold(Action):
    """#contention: neither counterattack nor retreat now (the contention carries over)."""

    kind = "hold"

    def __str__(self) -> str:
        return "hold your ground"


@dataclasses.dataclass(frozen=True, slots=True)
class Challenge(Action):
    """#retreat: challenge the escape (2 D6 against a D20)."""

    kind = "challenge"

    def __str__(self) -> str:
        return "challenge the retreat"


@dataclasses.dataclass(frozen=True, slots=True)
class LetGo(Action):
    """#retreat: let the retreating soul go."""

    kind = "let_go"

    def __str__(self) -> str:
        return "let them go"


@dataclasses.dataclass(frozen=True, slots=True)
class TurnDiel(Action):
    """Turn this cycle's roll (night to day or day to night) with a soul of yours on the map
    (``piece``) or a card of your hand (``slot``); the other is -1."""

    kind = "turn_diel"
    piece: int
    slot: int

    def __str__(self) -> str:
        source = f"soul #{self.piece}" if self.piece >= 0 else f"card {self.slot + 1} of your hand"
        return f"turn the roll with {source}"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepDiel(Action):
    """Let this cycle's roll stand."""

    kind = "keep_diel"

    def __str__(self) -> str:
        return "let the roll stand"


@dataclasses.dataclass(frozen=True, slots=True)
class Tame(Action):
    """#taming: bring the rogue ``piece`` under your full control (a soul of yours is already
    in its territory, your control stacks up to its tameability)."""

    kind = "tame"
    piece: int

    def __str__(self) -> str:
        return f"tame the rogue #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class LetRoguesBe(Action):
    """#taming: tame no (more) rogue this day."""

    kind = "let_rogues_be"

    def __str__(self) -> str:
        return "leave the rogues untamed"


@dataclasses.dataclass(frozen=True, slots=True)
class Gift(Action):
    """#rouge: in the negotiations over a rogue, give card ``slot`` of your hand to seat ``to``."""

    kind = "gift"
    slot: int
    to: int

    def __str__(self) -> str:
        return f"give card {self.slot + 1} of your hand to seat {self.to}"


@dataclasses.dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """#rouge: in the negotiations over a rogue, offer card ``slot`` of your hand to seat ``to``
    for a card of its hand."""

    kind = "offer_trade"
    slot: int
    to: int

    def __str__(self) -> str:
        return f"offer card {self.slot + 1} of your hand to seat {self.to} in trade"


@dataclasses.dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    """#rouge: take the offered card for card ``slot`` of your hand."""

    kind = "accept_trade"
    slot: int

    def __str__(self) -> str:
        return f"accept the trade, giving card {self.slot + 1} of your hand"


@dataclasses.dataclass(frozen=True, slots=True)
class DeclineTrade(Action):
    """#rouge: decline the trade offered."""

    kind = "decline_trade"

    def __str__(self) -> str:
        return "decline the trade"


@dataclasses.dataclass(frozen=True, slots=True)
class Suspend(Action):
    """Suspended Animation (a personal effect): suspend all actions in a territory this turn."""

    kind = "suspend"
    territory: int

    def __str__(self) -> str:
        return f"suspend all actions in territory {self.territory} this turn"


@dataclasses.dataclass(frozen=True, slots=True)
class Purchase(Action):
    """Location of the Deep Apothecary Shop (a personal effect): take an item from your deck,
    putting two cards of your hand (slots ``first`` and ``second``) into it."""

    kind = "purchase"
    item: str
    first: int
    second: int

    def __str__(self) -> str:

        return (
            f"purchase {CARDS[self.item].name} for cards {self.first + 1} and {self.second + 1} of your hand"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class KeepPeace(Action):
    """#discarding_runout, the forced peace: keep the peace (more territories wins)."""

    kind = "keep_peace"

    def __str__(self) -> str:
        return "keep the peace (more territories wins)"


@dataclasses.dataclass(frozen=True, slots=True)
class CallReserves(Action):
    """#discarding_runout, the forced peace: call the reserves (fight on with a fresh deck)."""

    kind = "call_reserves"

    def __str__(self) -> str:
        return "call the reserves (fight on with a fresh deck)"


@dataclasses.dataclass(frozen=True, slots=True)
class HandToBottom(Action):
    """#night: put your hand at the bottom of your deck."""

    kind = "hand_to_bottom"

    def __str__(self) -> str:
        return "put your hand at the bottom of your deck"


@dataclasses.dataclass(frozen=True, slots=True)
class Refill(Action):
    """#night: draw back up to 3 cards."""

    kind = "refill"

    def __str__(self) -> str:
        return "draw up to 3 cards"


@dataclasses.dataclass(frozen=True, slots=True)
class Craft(Action):
    """#crafting: combine 2 or 3 items of your hand by a recipe and equip it to a soul."""

    kind = "craft"
    recipe: int
    piece: int

    def __str__(self) -> str:

        return f"craft {RECIPES[self.recipe].name} for soul #{self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Sabotage(Action):
    """#sabotage: play a sabotage card from your hand against a territory."""

    kind = "sabotage"
    slot: int
    territory: int

    def __str__(self) -> str:
        return f"sabotage territory {self.territory} with card {self.slot + 1} of your hand"


@dataclasses.dataclass(frozen=True, slots=True)
class CallInitiative(Action):
    """#day 3, #night: take initiative for the next turn; you act no more this turn."""

    kind = "call_initiative"

    def __str__(self) -> str:
        return "call initiative (end your actions)"


@dataclasses.dataclass(frozen=True, slots=True)
class EndActions(Action):
    """#day 5: initiative is called; end your actions for this turn."""

    kind = "end_actions"

    def __str__(self) -> str:
        return "end your actions"


@dataclasses.dataclass(frozen=True, slots=True)
class Shoot(Action):
    """A ranged weapon's wielder (Atlatl, Basic bow) attacks a soul 1 path away."""

    kind = "shoot"
    piece: int
    target: int

    def __str__(self) -> str:
        return f"soul #{self.piece} shoots at soul #{self.target}"


@dataclasses.dataclass(frozen=True, slots=True)
class NightMove(Action):
    """A light's wielder (Sweet candle, Torch) moves at night, with its company for a Torch."""

    kind = "night_move"
    piece: int
    stand: str

    def __str__(self) -> str:
        return f"soul #{self.piece} moves by its light to {stand_label(self.stand)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Haul(Action):
    """A Bag on stick's wielder picks up, or lays again, a crafted trap of its seat."""

    kind = "haul"
    piece: int
    snare: int

    def __str__(self) -> str:
        return f"soul #{self.piece} bags or lays crafted trap {self.snare}"


@dataclasses.dataclass(frozen=True, slots=True)
class Launch(Action):
    """A Basic bow's wielder launches the Bee Bomb it holds onto a stand 1 path away."""

    kind = "launch"
    piece: int
    stand: str

    def __str__(self) -> str:
        return f"soul #{self.piece} launches its Bee Bomb to {stand_label(self.stand)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Shift(Action):
    """A soul picks up a laid, unrevealed trap card of its seat, or lays the one it carries (#traps)."""

    kind = "shift"
    piece: int
    trap: int

    def __str__(self) -> str:
        return f"soul #{self.piece} picks up or lays trap card #{self.trap}"


def stand_label(stand: str) -> str:
    """A stand in words: ``T3`` is territory 3's camp stand, ``m4a`` a movement stand of 4.

    >>> stand_label("T3"), stand_label("m4a")
    ('the camp stand of territory 3', 'movement stand 4a')
    """
    if stand.startswith("T"):
        return f"the camp stand of territory {stand[1:]}"
    return f"movement stand {stand[1:]}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Affinity,
    Capital,
    Camp,
    SetAside,
    Play,
    Equip,
    PickUp,
    Transfer,
    Unequip,
    Sacrifice,
    TakeHoney,
    Dig,
    Donate,
    Imprison,
    Carry,
    ChangeForm,
    Exchange,
    Burn,
    Reveal,
    Move,
    Attack,
    Target,
    Keal,
    Press,
    FinalBlow,
    Stop,
    Retreat,
    RetreatGroup,
    Reinforce,
    Hold,
    Challenge,
    LetGo,
    TurnDiel,
    KeepDiel,
    Suspend,
    Purchase,
    KeepPeace,
    CallReserves,
    HandToBottom,
    Refill,
    Craft,
    Sabotage,
    CallInitiative,
    EndActions,
    Tame,
    LetRoguesBe,
    Gift,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    Shoot,
    NightMove,
    Haul,
    Launch,
    PlayUntamed,
    Ferry,
    Ante,
    CallBS,
    LetItStand,
    Withdraw,
    StandBy,
    LayWaste,
    EnoughWaste,
    TakeOver,
    TakeNoMore,
    Release,
    Shift,
    Reroll,
    KeepRoll,
)


def index_runs(
    *,
    archetypes: Sequence[str],
    stands: Sequence[str],
    territories: Sequence[int],
    pieces: Sequence[int],
    slots: Sequence[int],
    card_ids: Sequence[str],
    items: Sequence[str],
    recipes: int,
    snares: int,
    hand: int,
    seats: int,
    boats: int,
) -> list[Run]:
    """The game's fixed action index as runs (``core.computed_index``): every action a table
    can ever offer, in the index's order (new kinds go last: the earlier indices stay as they
    were). ``slots``: the hand slots and the aside slot; ``hand``: the hand's size."""
    hands, others = range(hand), range(seats)
    return [
        Run(Affinity, archetype=archetypes),
        Run(Capital, territory=territories),
        Run(Camp, territory=territories),
        Run(SetAside, card=card_ids),
        Run(Play, slot=slots, stand=stands, revealed=(True, False)),
        Run(Equip, slot=slots, piece=pieces),
        Run(PickUp, piece=pieces),
        Run(Unequip, piece=pieces),
        Run(Transfer, piece=pieces, to=pieces, distinct=True),
        Run(Dig, piece=pieces, territory=territories),
        Run(Donate, piece=pieces, target=pieces, distinct=True),
        Run(Imprison, piece=pieces, target=pieces, distinct=True),
        Run(Carry, piece=pieces, carrier=pieces, distinct=True),
        Run(Exchange, piece=pieces, bottled=pieces, distinct=True),
        Run(ChangeForm, piece=pieces),
        Run(Burn, piece=pieces),
        Run(Sacrifice, piece=pieces),
        Run(TakeHoney, source=range(-1, 4)),
        Run(Reveal, piece=pieces),
        Run(Move, piece=pieces, stand=stands),
        Run(Attack, piece=pieces, target=pieces, distinct=True),
        Run(Target, piece=pieces),
        Run(Keal, means=range(4)),
        *(Run(kind) for kind in (Press, FinalBlow, Stop, Hold, Challenge, LetGo)),
        Run(Reinforce, piece=pieces),
        Run(Retreat, piece=pieces, stand=stands),
        Run(RetreatGroup, origin=stands, stand=stands, distinct=True),
        *(Run(kind) for kind in (HandToBottom, Refill, CallInitiative, EndActions, KeepDiel, KeepPeace,
                                 CallReserves)),
        Run(TurnDiel, piece=pieces, slot=(-1,)),
        Run(TurnDiel, piece=(-1,), slot=slots),
        Run(Suspend, territory=territories),
        Run(Purchase, item=items, pair=Joint(("first", "second"), ((0, 1), (0, 2), (1, 2)))),
        Run(Craft, recipe=range(recipes), piece=pieces),
        Run(Sabotage, slot=slots, territory=territories),
        Run(Tame, piece=pieces),
        Run(LetRoguesBe),
        Run(Gift, slot=hands, to=others),
        Run(OfferTrade, slot=hands, to=others),
        Run(AcceptTrade, slot=hands),
        Run(DeclineTrade),
        # crafted items (``crafted.py``), last: the earlier indices stay as they were
        Run(Shoot, piece=pieces, target=pieces, distinct=True),
        Run(NightMove, piece=pieces, stand=stands),
        Run(Haul, piece=pieces, snare=range(snares)),
        Run(Launch, piece=pieces, stand=stands),
        Run(PlayUntamed, slot=slots, stand=stands),
        Run(Ferry, boat=range(boats), to=stands),
        Run(Ante, slot=hands, piece=pieces),
        *(Run(kind) for kind in (CallBS, LetItStand, Withdraw, StandBy)),
        Run(LayWaste, territory=territories),
        Run(EnoughWaste),
        Run(TakeOver, piece=pieces),
        Run(TakeNoMore),
        Run(Release, piece=pieces),
        Run(Shift, piece=pieces, trap=pieces, distinct=True),
        Run(Reroll),
        Run(KeepRoll),
    ]
