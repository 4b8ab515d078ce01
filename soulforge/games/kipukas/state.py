"""The Kipukas state: decks, hands, the map's claims and pieces, the diel cycle, fights.

Cards off the map are card ids (``data.CARDS``) in lists: decks (the top last), hands,
discards. A card entering the map becomes a *piece*, numbered in order of entry; its
fields are parallel lists (``card``, ``owner``, ``stand``...). ``known[piece]`` is a bit
mask of the seats that know the card (``PUBLIC`` for everyone): an unrevealed piece is
known to its owner only, and determinization rewrites ``card`` of those a seat does not
know (``hidden.py``).

View keys (``view(player)``, built in ``view.py``), beside the core's common keys:

- ``map``: ``{"name", "territories": [{"number", "geography", "transit", "holder", "capital_of",
  "stands": [...], "features": [pieces]}], "stands": [{"id", "territory", "kind", "dock", "x",
  "y"}], "paths": [[a, b, tunnel]], "boats": [{"boat", "stand", "capacity", "distance",
  "crossed_today"}]}``.
- ``pieces``: every piece on the map ``{"piece", "owner", "stand", "territory", "kind",
  "revealed", "card" (None if hidden from the viewer), "injuries", "downed", "prisoner",
  "items"}``.
- ``players``: per seat ``{"seat", "affinity", "capital" (the first), "capitals", "territories",
  "hand" (card ids for the owner, None each for others), "hand_size", "deck_size", "discard",
  "aside" (the owner sees the card), "aside_ready", "played_this_turn", "done", "night_used"}``.
- ``diel``, ``cycle``, ``initiative``, ``called``, ``phase``, ``active_player``.
- ``fight``: the fight in progress ``{"attacker", "defender", "stand", "means": [a, d],
  "chosen": [bool, bool]}`` (a side's means is None to the other side until both chose); while
  a throw waits for its owner's re-roll (Tira, the ``reroll`` step) it adds ``"reroll":
  {"piece", "side", "during" ("bout" or "final_blow"), "totals": [attack, defence], "rounds":
  [wins, losses] of a Final Blow, else None}`` (public, as dice on a table are).
- ``exchange``: the last combat exchange, step by step (public lines).
- ``bombs``: Bee Bombs launched by a bow ``{"owner", "territory", "cycles"}`` (public).
- ``snares``: crafted traps ``{"snare", "owner", "territory" (None while carried), "carrier",
  "recipe"}`` (recipe None to other seats until it springs); pieces add ``immobilized``,
  ``sticky`` and ``ranged`` (a ranged weapon held), None when the card is hidden.
- ``carried``: trap cards carried by a soul (#traps) ``{"piece", "owner", "carrier", "card"}``
  (card None to every seat but the owner's: they stay unrevealed while moved).
- ``offer`` (only while a trade is offered, #rouge): ``{"from", "to", "slot", "card"}`` (the
  card for the two seats trading, None for the others).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from soulforge.core import Action, JsonDict, Seat, State
from soulforge.games.kipukas import hidden, labels, movement, view, words
from soulforge.games.kipukas.board import KipukaMap
from soulforge.games.kipukas.data import SOUL_TYPES, Card, PlayNumbers
from soulforge.games.kipukas.encoding import OVER, PUBLIC
from soulforge.games.kipukas.flow import FLOW, prompt
from soulforge.games.kipukas.setup import setup as setup_game

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.styles.base import Style


_K = TypeVar("_K", int, str)
class Index:
    """``KipukasState._where``: the pieces on the map by territory, all of them, the terrain
    features by territory, the grounds per seat (``grounds``), the souls (no prisoners) by
    stand, the pieces by card type, the pieces by owner (a rogue's owner is ``num_players``).

    Never changed once made but for the grounds a listing caches in it (a move that changes
    where pieces are makes a new one: clones share it). Compiled, a native class: each part a
    field read without a lookup (as a tuple in a field, every read checked its seven items)."""

    __slots__ = ("features", "grounds", "kinds", "live", "owners", "souls", "territories")

    def __init__(self, territories: dict[int, list[int]], live: list[int],
                 features: dict[int, list[int]], grounds: dict[int, Any],
                 souls: dict[str, list[int]], kinds: dict[str, list[int]],
                 owners: dict[int, list[int]]) -> None:
        self.territories, self.live, self.features = territories, live, features
        self.grounds, self.souls, self.kinds, self.owners = grounds, souls, kinds, owners

    def parts(self) -> tuple[Any, ...]:
        """The seven parts in the order above (what tests compare)."""
        return (self.territories, self.live, self.features, self.grounds, self.souls, self.kinds,
                self.owners)

    def __getitem__(self, part: int) -> Any:
        return self.parts()[part]

    def __reduce__(self) -> tuple[type[Index], tuple[Any, ...]]:
        # (compiled, a native class has no default way to be pickled or deep-copied)
        return Index, self.parts()


class Tables:
    """What the rules read of the game at nearly every listing and move: its cards, their
    traits, the play numbers and the play style (``Kipukas.cards``, ``traits``, ``play``,
    ``style``), in one native object the game makes and each of its states holds
    (``KipukasState.tables``). Compiled, the game is an interpreted class (a subclass of the
    core's pure ``Game``): each read of its attributes was a generic lookup, some 68,000 in 20
    random playouts; read through the state it is two field loads. The game's data, never
    changed: a state's copies share it, and its bytes name it as the game's (a reference)."""

    __slots__ = ("cards", "craftable", "ingredients", "play", "style", "traits")

    cards: dict[str, Card]
    traits: dict[str, movement.Traits]
    """(Dicts, typed so: compiled, a lookup in one is a dict's own, not a ``Mapping``'s
    generic one: the rules look a piece's card or traits up thousands of times a playout.)"""
    play: PlayNumbers
    style: Style
    craftable: tuple[tuple[int, frozenset[str]], ...]
    ingredients: frozenset[str]
    """``Kipukas.craftable`` and ``ingredients``: asked at every night listing."""

    def __init__(self, cards: dict[str, Card], traits: dict[str, movement.Traits],
                 play: PlayNumbers, style: Style,
                 craftable: tuple[tuple[int, frozenset[str]], ...], ingredients: frozenset[str]) -> None:
        self.cards, self.traits, self.play, self.style = cards, traits, play, style
        self.craftable, self.ingredients = craftable, ingredients

    def __copy__(self) -> Tables:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        return self  # (the game's data: a deep copy of a state keeps its game, and so this)

    def __reduce__(self) -> tuple[type[Tables], tuple[Any, ...]]:
        # (compiled, a native class has no default way to be pickled)
        return Tables, (self.cards, self.traits, self.play, self.style, self.craftable, self.ingredients)


_NO_PIECES: Final[list[int]] = []
"""``souls_on`` of an empty stand, ``pieces_of``, ``features_in`` and ``of_type`` of none: one
shared empty list (read it, never change it), not a new one at each ask."""

_HOOKS = FLOW.state_hooks()
_LEGAL_ACTIONS: Final = _HOOKS[0]
_APPLY: Final = _HOOKS[1]
"""The flow's listing and move, as the core sets them on a pure state class (called from the
state's own methods: a native class's methods cannot be set after it is made)."""


class KipukasState(State["Kipukas"]):
    """A game of Kipukas in progress.

    Compiled (``make native``), a native class, as the core's ``State``: its fields live in
    the object and the compiled rules read them without a dictionary lookup (a generic
    attribute read cost some 250 instructions: a fifth of a compiled playout). It declares
    every field below, and :meth:`clone` copies each (``tests/core/test_native_states.py``,
    this game's case declared in ``tests/kipukas/test_state_native.py``, checks none is left
    out, and that a clone shares none that changes).
    ``KipukasState()``, with no game, is a bare state whose fields are set next (the core's
    ``_bare_copy``, a restore): a native class's ``__new__`` calls ``__init__``. Its game,
    ``self.game``, is typed ``Kipukas`` through the core's ``State[GameT]``.
    """

    flow = FLOW

    board: KipukaMap
    tables: Tables
    """The game's ``tables`` (its cards, traits, play numbers and style), read by the rules."""
    decklists: list[list[str]]
    deck: list[list[str]]
    hand: list[list[str]]
    discard: list[list[str]]
    mutants: list[list[int]]
    """Mutant Hide and Seek cards in play: [seat, failures, territory played against] (seat -1
    once led away)."""
    portal: list[list[int]]
    """Hidden Portal journeys (``portal.py``): [seat, piece, cave, played, stage, injuries, step 4]."""
    dealing: list[int]
    """The failed Breach's prisoners being dealt with (``breach.py``): [holder, their seat,
    territory, taken so far (-1 once releasing)]; empty for none."""
    laying: list[int]
    """The Hidden Portal's success being chosen (``portal.py``): [seat, territories left, the
    anted soul]; empty for none."""
    bs: list[int]
    """The equip or craft open to a challenge (#BS, optional; ``bs.py``): [mover, piece, hand slot
    (-1 for a craft), seats still to decide...]; empty for none."""
    bs_item: str
    """The item of that equip, or the recipe's marker (``recipe:<n>``) of that craft."""
    boat_at: list[str]
    """The stand each boat of the map last landed on (``boats.py``)."""
    boat_used: list[int]
    """The cycle each boat last crossed (once a day)."""
    tunnels: list[tuple[str, str]]
    """Underground tunnels dug in play (#habitat_effects, underground), between two camp stands."""
    snares: list[list[int]]
    """Crafted traps (``crafted.py``): ``[seat, territory, recipe, carrier, shown]``; a carried one
    (carrier a piece, else -1) rides in its Bag on stick; shown: 1 once it has sprung."""
    carried: dict[int, int]
    """Trap cards a soul carries (#traps: 'Once laid, these cards can be moved by a soul'; the
    trap piece, off the map while carried, -> its carrier; ``crafted.py``)."""
    bombs: list[list[int]]
    """Bee Bombs launched by a bow (``crafted.LaunchRule``): ``[seat, territory, cycles, recipe]``."""
    stuck: list[int]
    """Souls snared until rescued (the Snare Trap)."""
    shooting: bool
    """The fight in progress is a ranged attack (``crafted.ShootRule``)."""
    lights_out: int
    """The last cycle in which souls moved by a light may strike first (``crafted.first_strike``)."""
    tunnel_diggers: list[int]
    """The piece that dug each tunnel of ``tunnels`` (its collapse is rolled when it is wasted)."""
    rogues: dict[int, int]
    """Rogue pieces (``rogue.py``) and the seat that played each."""
    tamed: dict[int, int]
    """Rogues tamed by a seat (``taming.py``) and the seat that played each (its discard)."""
    tamers: list[int]
    """Seats still to decide, at the day's start, whether to tame a rogue (#taming)."""
    negotiated: list[int]
    """Per seat, the cycle of its last gift or trade offer (``negotiation.py``, once a day)."""
    offer: list[int]
    """The trade offered, ``[giver, slot, taker]`` (empty for none)."""
    beaten_by: list[int]
    """Per seat, the rogue piece that defeated it by clearing its capital while it held no
    base camp (#rouge), else -1: the seat acts no more."""
    dual_defeat: bool
    """The game ended with such a rogue neither defeated nor tamed: every seat loses (#rouge)."""
    lost: list[int]
    """Per seat, its souls defeated (wasted) so far (``styles.tally``)."""
    kills: list[int]
    """Per seat, the souls it defeated in fights so far (``styles.tally``)."""
    out: list[bool]
    """Per seat, removed from the game by its play style (The cost is too great)."""
    mark: list[int]
    """The play style's marks (``styles.py``): King of the hill's [hill, holder, cycles held]."""
    personal: list[str]
    """Each seat's personal effect card ("" for the default effect), public with the deck list."""
    personal_used: list[int]
    """The cycle each seat last used its personal effect."""
    suspended: int
    """The territory whose actions are suspended this turn (Suspended Animation), 0 for none."""
    aside: list[str]
    """The default personal effect's card per seat ("" when none)."""
    affinity: list[str]
    capital: list[list[int]]
    """Per seat, the territories that are its capitals (#capital; What Do You See in the Breach
    can give a seat a second one and leave another with none)."""
    breach: list[list[int]]
    """What Do You See in the Breach in play (``breach.py``): ``[seat, victim, territory,
    deadline, release]`` (``release`` 0 while the virus is open, else the cycle the prisoners
    are dealt with)."""
    holder: list[int]
    """By territory index (territory - 1): the seat holding it, -1 for none."""
    # -- pieces --------------------------------------------------------------------
    card: list[str]
    owner: list[int]
    stand: list[str]
    """A piece's stand ("" once it left the map); traps and features use their territory's first stand."""
    territory: list[int]
    revealed: list[bool]
    known: list[int]
    injuries: list[list[int]]
    """Per soul piece, injuries per KEAL means."""
    played_cycle: list[int]
    played_unrevealed: list[bool]
    steps_used: list[int]
    spent_cycle: list[int]
    """The cycle in which the soul lost an attack (it attacks no more that cycle)."""
    swum_cycle: list[int]
    on_map: list[bool]
    prisoner: list[bool]
    loiter_since: list[int]
    dropped: list[list[str]]
    """By territory index: dropped item stacks, ``"<owner>|<item>,<item>..."`` (#items)."""
    items: list[list[str]]
    """Item cards (or a recipe's name, "recipe:<n>") equipped to a soul piece."""
    timers: list[dict[str, int]]
    """Per piece, one counter per effect that counts (healing every other cycle, a countdown...)."""
    # -- the turn ------------------------------------------------------------------
    cycle: int
    diel: str
    initiative: int
    called: int
    active: int
    done: list[bool]
    played: list[int]
    night_used: list[list[str]]
    phase: str
    setup_order: list[int]
    votes: list[bool]
    """The forced peace's convention so far, in seat order from initiative: True keeps the peace."""
    turners: list[int]
    """Seats still to decide whether to turn this cycle's roll (Rooster, Gray Wolf, Cartesian Sea)."""
    due: list[list[str]]
    """Per seat: stands of contention carried over, to attack from or retreat from first."""
    # -- a fight -------------------------------------------------------------------
    attacker: int
    defender: int
    fight_stand: str
    means: list[int]
    secret: bool
    """Whether the attacker's means (``means[0]``) is a choice the defender has not seen yet."""
    keal_memory: dict[str, int]
    """This cycle's KEAL means choices, "attacker>defender" -> means: a choice holds for all
    combat between the two souls that day (#ce_defense_action)."""
    fought: list[list[str]]
    """Per seat, the soul cards it played in combat this game (attacking or attacked: a bout the
    seats decide, a shot, a rogue's fight settled within one action), in first-seen order: the
    loyalty trace (#affinity, ``affinity.game_growth``)."""
    reroll: list[int]
    """A re-roll to decide (``fight.decide_reroll``, the ``REROLL`` step): [bout or Final Blow,
    side deciding, attack total, defence total, the attack's and the defence's additions, the
    Final Blow's wins, losses and rounds needed]; empty for none."""
    responder: int
    retreat_piece: int
    retreat_to: str
    retreat_group: list[int]
    """The souls retreating with ``retreat_piece`` (a group retreat: one roll for all)."""
    retreat_from: str
    may_stop: bool
    mover: int
    """The seat whose action started the exchange (the turn passes on from it)."""
    claimant: int
    """The soul whose move started the exchange: it claims the camp if the stand is won."""
    protected: list[int]
    """By territory index: the last cycle it cannot be taken (a sabotage's result), 0 for none."""
    wasteland: list[bool]
    tired_cycle: list[int]
    """Per piece: the last cycle through which the soul cannot move, retreat or attack (a
    card's effect: Oly's potion, the cats, the mutant)."""
    exchange: list[str]
    winner: int | None
    finished_by: str
    starter: int
    _index: Index | None = None
    """The pieces on the map, indexed (``_where``; None until asked, dropped by ``moved``):
    derived from the fields above, shared by a clone (never changed in place but for the
    grounds a listing caches in it, which hold for every state of the same position)."""

    def __init__(self, game: Kipukas | None = None, seed: int = 0, num_players: int = 2, *,
                 setup: bool = True) -> None:
        self._index = None
        if game is None:
            return  # a bare state: the caller sets every field (see the class docstring)
        super().__init__(game, seed, num_players)
        self.board, self.tables = game.board, game.tables
        if setup:
            setup_game(self)

    def _legal_actions(self) -> Sequence[Action]:
        return _LEGAL_ACTIONS(self)

    def _apply(self, action: Action) -> None:
        _APPLY(self, action)

    # -- the contract ---------------------------------------------------------------
    @property
    def current_player(self) -> Seat | None:
        return None if self.phase == OVER else self.active

    @property
    def is_over(self) -> bool:
        """``current_player is None``, read from the phase (twice per move of a playout)."""
        return self.phase == OVER

    @property
    def first_player(self) -> Seat | None:
        return self.starter if self.starter >= 0 else None

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        if self.dual_defeat:
            return [-1.0] * self.num_players
        if self.winner is None:
            return [-1.0 if beaten >= 0 else 0.0 for beaten in self.beaten_by]
        return [1.0 if seat == self.winner else -1.0 for seat in range(self.num_players)]

    def describe(self, action: Action) -> str:
        """The action in the deciding seat's words: its cards and the souls it knows by name
        (``labels.py``), not by hand slot and piece number."""
        return labels.describe(self, action)

    def outcome(self) -> str:
        if not self.is_over:
            return ""
        return self.finished_by

    def _view(self, player: Seat | None) -> JsonDict:
        return view.build(self, player)

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        hidden.resample(self, player, rng)

    def prompt(self) -> str:
        return prompt(self)

    # -- helpers the rules share ------------------------------------------------------
    def card_of(self, piece: int) -> Card:
        return self.tables.cards[self.card[piece]]

    def capital_of(self, territory: int) -> int:
        """The seat whose capital the territory is, -1 for none."""
        for seat, capitals in enumerate(self.capital):
            if territory in capitals:
                return seat
        return -1

    def first_capital(self, seat: Seat) -> int:
        """The seat's first capital (where its freed souls go...), -1 when it holds none."""
        return self.capital[seat][0] if self.capital[seat] else -1

    def knows(self, seat: Seat | None, piece: int) -> bool:
        mask = PUBLIC if seat is None else PUBLIC | (1 << seat)
        return bool(self.known[piece] & mask)

    def seat_name(self, seat: Seat) -> str:
        return words.seat_name(seat)

    def piece_name(self, piece: int) -> str:
        """A piece in public words: its card's name once revealed, else 'an unrevealed card'."""
        return words.piece_name(words.who(self, piece))

    def _where(self) -> Index:
        """The pieces on the map by territory, and all of them (see ``Index``), built once per
        position (``moved`` drops it whenever a piece enters, leaves or changes stand)."""
        index = self._index  # set below, dropped by ``moved``
        if index is not None:
            return index
        territories: dict[int, list[int]] = {}
        features: dict[int, list[int]] = {}
        souls: dict[str, list[int]] = {}
        kinds: dict[str, list[int]] = {}
        owners: dict[int, list[int]] = {}
        live = [p for p, on in enumerate(self.on_map) if on]
        # The lists read into locals once (built at nearly every move); ``Card.soul`` asked as
        # its card-type test, with no property call per piece.
        cards, stand_of, territory_of, card_of, prisoner, owner = (
            self.tables.cards, self.stand, self.territory, self.card, self.prisoner, self.owner
        )
        # Each list made at its key's first piece (``_add``), not by ``setdefault``: compiled,
        # a ``setdefault`` with a new list costs several times a lookup (the index is built at
        # nearly every move).
        for p in live:
            territory, kind = territory_of[p], cards[card_of[p]].card_type
            _add(territories, territory, p)
            _add(kinds, kind, p)
            _add(owners, owner[p], p)
            if kind == "terrain_feature":
                _add(features, territory, p)
            if kind in SOUL_TYPES and not prisoner[p]:
                _add(souls, stand_of[p], p)
        index = Index(territories, live, features, {}, souls, kinds, owners)
        self._index = index
        return index

    def grounds(self) -> dict[int, Any]:
        """Per seat, the movement's view of the ground (``movement.ground``), cached here."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.grounds

    def moved(self) -> None:
        """A piece entered, left, moved, was revealed or imprisoned: the index of ``_where``
        is rebuilt when next asked."""
        self._index = None

    def holds_changed(self) -> None:
        """A territory's holder or a seat's capitals changed: the kept grounds read them (a soul
        lodged in an enemy capital is no enemy there, ``cards.lodged``), so the index and its
        grounds are rebuilt when next asked. Rare (a claim, a capital lost): not patched."""
        self._index = None

    def unveiled(self, piece: int) -> None:
        """Piece ``piece`` was revealed, and nothing else changed: where pieces are holds (the
        index reads no one's knowledge), and of the grounds only what the seats see on its
        stand, when it is a soul listed there (``movement.regrounded``; a feature, a trap or a
        prisoner leaves them as they are)."""
        index = self._index
        if index is None or not index.grounds or not self.on_map[piece]:
            return
        stand = self.stand[piece]
        if piece not in index.souls.get(stand, ()):
            return
        grounds = movement.regrounded(self, index.grounds, (stand,), self.owner[piece], ())
        self._index = Index(index.territories, index.live, index.features, grounds, index.souls,
                            index.kinds, index.owners)

    def entered(self, piece: int) -> None:
        """Piece ``piece``, the newest, entered the map (``setup.new_piece``) and nothing else
        changed: the index is patched rather than dropped, as ``relocated`` does (a new index
        sharing the parts the piece is not in; each piece filed as ``_where`` files it), and
        its grounds with it when the piece is a soul (``movement.regrounded`` of its stand)."""
        index = self._index
        if index is None:
            return
        territory, owner = self.territory[piece], self.owner[piece]
        kind = self.tables.cards[self.card[piece]].card_type
        features, souls, grounds, stand = index.features, index.souls, index.grounds, self.stand[piece]
        if kind == "terrain_feature":
            features = _joined(features, territory, piece)
        if kind in SOUL_TYPES and not self.prisoner[piece]:
            souls = _joined(souls, stand, piece)
            grounds = {}
        live = index.live.copy()
        insort(live, piece)
        patched = Index(_joined(index.territories, territory, piece), live, features, grounds, souls,
                        _joined(index.kinds, kind, piece), _joined(index.owners, owner, piece))
        self._index = patched
        if index.grounds and souls is not index.souls:  # (asked once the index holds the soul)
            self._regrounded(index, patched, piece, stand, 1)

    def left(self, piece: int, stand: str) -> None:
        """Piece ``piece`` left the map from ``stand`` (``cards.take_off``) and nothing else
        changed: the index is patched rather than dropped (``entered``, the other way), found
        by the index's own lists; a piece they do not hold where its fields say (a change made
        with no word to the index) drops it, to be rebuilt."""
        index = self._index
        if index is None:
            return
        territory, owner = self.territory[piece], self.owner[piece]
        kind = self.tables.cards[self.card[piece]].card_type
        territories = _left(index.territories, territory, piece)
        kinds = _left(index.kinds, kind, piece)
        owners = _left(index.owners, owner, piece)
        if territories is None or kinds is None or owners is None or piece not in index.live:
            self.moved()
            return
        features, souls, grounds = index.features, index.souls, index.grounds
        if piece in features.get(territory, ()):
            features = _moved_out(features, territory, piece)
        if piece in souls.get(stand, ()):
            souls = _moved_out(souls, stand, piece)
            grounds = {}
        live = index.live.copy()
        live.remove(piece)
        patched = Index(territories, live, features, grounds, souls, kinds, owners)
        self._index = patched
        if index.grounds and souls is not index.souls:  # (asked once the index lost the soul)
            self._regrounded(index, patched, piece, stand, -1)

    def _regrounded(self, old: Index, patched: Index, piece: int, stand: str, change: int) -> None:
        """``patched``'s grounds: ``old``'s, after the soul ``piece`` entered (``change`` 1) or
        left (-1) ``stand`` (``movement.regrounded`` of that stand; its seat's crowd in its
        territory by ``change`` when it takes space)."""
        spacious = not self.tables.traits[self.card[piece]].takes_space
        counts = () if spacious else ((self.territory[piece], change),)
        patched.grounds.update(movement.regrounded(self, old.grounds, (stand,), self.owner[piece], counts))

    def relocated(self, piece: int, old_stand: str, old_territory: int) -> None:
        """Piece ``piece``, on the map, changed stand (from ``old_stand`` in ``old_territory``)
        and nothing else: the index of ``_where`` is patched rather than dropped and rebuilt
        (a soul's move, step by step). The patch is a new index sharing the parts it leaves
        alone, never a change in place: a clone may share the old one. The grounds, which read
        where every soul is, are patched too (``movement.shifted``); a piece the grounds do not
        read (a prisoner, a feature) leaves them as they are. ``tests/kipukas/test_incremental.py``
        and ``test_kept_grounds.py`` prove the patched index and grounds equal to rebuilt ones
        at every position of seeded playouts."""
        index = self._index
        if index is None or not self.on_map[piece]:
            self.moved()  # (nothing to patch, or a piece the index does not hold)
            return
        territories, live, features = index.territories, index.live, index.features
        grounds, souls, kinds, owners = index.grounds, index.souls, index.kinds, index.owners
        listed = piece in souls.get(old_stand, ())  # (a soul, not a prisoner: the index's own test)
        if listed != (self.tables.traits[self.card[piece]].soul and not self.prisoner[piece]):
            self.moved()  # the piece changed more than its stand (a prisoner freed...): rebuilt
            return
        territory = self.territory[piece]
        if territory != old_territory:
            territories = _moved_in(territories, piece, old_territory, territory)
            if piece in features.get(old_territory, ()):
                features = _moved_in(features, piece, old_territory, territory)
        if not listed:  # the grounds read only the souls listed by stand: they hold
            self._index = Index(territories, live, features, grounds, souls, kinds, owners)
            return
        souls = _moved_in(souls, piece, old_stand, self.stand[piece])
        patched = Index(territories, live, features, {}, souls, kinds, owners)
        self._index = patched
        if grounds:  # patched once the index holds the soul where it stands now (they read it)
            patched.grounds.update(movement.shifted(self, grounds, piece, old_stand, old_territory))

    def souls_at(self, stand: str) -> list[int]:
        """The souls on a stand, prisoners left out (a new list)."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return list(index.souls.get(stand, ()))

    def souls_on(self, stand: str) -> list[int]:
        """``souls_at`` with no copy: read it, never change it (every enemy test asks; a list,
        which compiled code walks without the generic iteration a ``Sequence`` takes)."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.souls.get(stand, _NO_PIECES)

    def soul_stands(self) -> dict[str, list[int]]:
        """The souls on the map (no prisoners) by stand, in piece order: read it, never change it."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.souls

    def pieces_at(self, territory: int) -> list[int]:
        """``pieces_in`` with no copy: read it, never change it (asked at every day listing)."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.territories.get(territory, _NO_PIECES)

    def pieces_in(self, territory: int) -> list[int]:
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return list(index.territories.get(territory, ()))

    def features_in(self, territory: int) -> list[int]:
        """The terrain features in a territory (#terrain_features: one, but a list)."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.features.get(territory, _NO_PIECES)

    def of_type(self, card_type: str) -> list[int]:
        """The pieces on the map of a card type, in piece order: read it, never change it. The
        day's listings walk these (a handful) instead of every piece (``live``)."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.kinds.get(card_type, _NO_PIECES)

    def pieces_of(self, seat: int) -> list[int]:
        """The seat's pieces on the map, in piece order: read it, never change it. The listings
        that look at one seat's pieces walk these instead of every piece (``live``); an owner
        changes only with ``moved`` (a rogue, a tamed one, a prisoner dealt)."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.owners.get(seat, _NO_PIECES)  # (a list: walked compiled with no generic iteration)

    def live(self) -> list[int]:
        """Every piece on the map, by number."""
        index = self._index  # (``_where``'s test inlined: asked by every listing)
        if index is None:
            index = self._where()
        return index.live

    def clone(self) -> KipukasState:
        """Every field copied by its declared type, as ``soulforge.core.clone.ClonePlan``
        would (the map and immutables shared, lists copied level by level): written out,
        compiled, since search clones on every simulated move (``tests/core/test_native_states.py``
        holds it to the declared fields)."""
        twin = self._bare_copy()
        twin.board, twin.tables, twin._index = self.board, self.tables, self._index
        twin.decklists = [cards.copy() for cards in self.decklists]
        twin.deck = [cards.copy() for cards in self.deck]
        twin.hand = [cards.copy() for cards in self.hand]
        twin.discard = [cards.copy() for cards in self.discard]
        twin.mutants = [entry.copy() for entry in self.mutants]
        twin.portal = [entry.copy() for entry in self.portal]
        twin.dealing, twin.laying, twin.bs = self.dealing.copy(), self.laying.copy(), self.bs.copy()
        twin.bs_item = self.bs_item
        twin.boat_at, twin.boat_used = self.boat_at.copy(), self.boat_used.copy()
        twin.tunnels = self.tunnels.copy()
        twin.snares = [entry.copy() for entry in self.snares]
        twin.carried = self.carried.copy()
        twin.bombs = [entry.copy() for entry in self.bombs]
        twin.stuck = self.stuck.copy()
        twin.shooting, twin.lights_out = self.shooting, self.lights_out
        twin.tunnel_diggers = self.tunnel_diggers.copy()
        twin.rogues, twin.tamed, twin.tamers = self.rogues.copy(), self.tamed.copy(), self.tamers.copy()
        twin.negotiated, twin.offer = self.negotiated.copy(), self.offer.copy()
        twin.beaten_by, twin.dual_defeat = self.beaten_by.copy(), self.dual_defeat
        twin.lost, twin.kills, twin.out = self.lost.copy(), self.kills.copy(), self.out.copy()
        twin.mark = self.mark.copy()
        twin.personal, twin.personal_used = self.personal.copy(), self.personal_used.copy()
        twin.suspended = self.suspended
        twin.aside, twin.affinity = self.aside.copy(), self.affinity.copy()
        twin.capital = [territories.copy() for territories in self.capital]
        twin.breach = [entry.copy() for entry in self.breach]
        twin.holder = self.holder.copy()
        # the pieces
        twin.card, twin.owner, twin.stand = self.card.copy(), self.owner.copy(), self.stand.copy()
        twin.territory, twin.revealed = self.territory.copy(), self.revealed.copy()
        twin.known = self.known.copy()
        twin.injuries = [means.copy() for means in self.injuries]
        twin.played_cycle = self.played_cycle.copy()
        twin.played_unrevealed = self.played_unrevealed.copy()
        twin.steps_used, twin.spent_cycle = self.steps_used.copy(), self.spent_cycle.copy()
        twin.swum_cycle, twin.on_map = self.swum_cycle.copy(), self.on_map.copy()
        twin.prisoner, twin.loiter_since = self.prisoner.copy(), self.loiter_since.copy()
        twin.dropped = [stacks.copy() for stacks in self.dropped]
        twin.items = [items.copy() for items in self.items]
        twin.timers = [timers.copy() for timers in self.timers]
        # the turn
        twin.cycle, twin.diel, twin.initiative = self.cycle, self.diel, self.initiative
        twin.called, twin.active = self.called, self.active
        twin.done, twin.played = self.done.copy(), self.played.copy()
        twin.night_used = [cards.copy() for cards in self.night_used]
        twin.phase = self.phase
        twin.setup_order, twin.votes = self.setup_order.copy(), self.votes.copy()
        twin.turners = self.turners.copy()
        twin.due = [stands.copy() for stands in self.due]
        # a fight
        twin.attacker, twin.defender = self.attacker, self.defender
        twin.fight_stand, twin.means = self.fight_stand, self.means.copy()
        twin.secret, twin.keal_memory = self.secret, self.keal_memory.copy()
        twin.fought = [cards.copy() for cards in self.fought]
        twin.reroll = self.reroll.copy()
        twin.responder, twin.retreat_piece = self.responder, self.retreat_piece
        twin.retreat_to, twin.retreat_group = self.retreat_to, self.retreat_group.copy()
        twin.retreat_from, twin.may_stop = self.retreat_from, self.may_stop
        twin.mover, twin.claimant = self.mover, self.claimant
        twin.protected, twin.wasteland = self.protected.copy(), self.wasteland.copy()
        twin.tired_cycle, twin.exchange = self.tired_cycle.copy(), self.exchange.copy()
        twin.winner, twin.finished_by, twin.starter = self.winner, self.finished_by, self.starter
        return twin

def _add(table: dict[_K, list[int]], key: _K, piece: int) -> None:
    """``table.setdefault(key, []).append(piece)``, with the list made only for a new key."""
    pieces = table.get(key)
    if pieces is None:
        table[key] = [piece]
    else:
        pieces.append(piece)


def _joined(table: dict[_K, list[int]], key: _K, piece: int) -> dict[_K, list[int]]:
    """A copy of one part of the index with ``piece`` filed under ``key`` (in piece order)."""
    out: dict[_K, list[int]] = dict(table)
    _file(out, key, piece)
    return out


def _file(out: dict[_K, list[int]], key: _K, piece: int) -> None:
    """``piece`` filed under ``key`` of ``out``, a copy being made: in a new list, in piece
    order (the lists of the old index are shared, never changed)."""
    joined = out[key].copy() if key in out else []
    insort(joined, piece)
    out[key] = joined


def _moved_out(table: dict[_K, list[int]], key: _K, piece: int) -> dict[_K, list[int]]:
    """A copy of one part of the index with ``piece`` taken from under ``key`` (no key left
    with an empty list: as ``_where`` builds it)."""
    out: dict[_K, list[int]] = dict(table)
    left = out[key].copy()  # (copies: the lists of the old index are shared, never changed)
    left.remove(piece)
    if left:
        out[key] = left
    else:
        del out[key]
    return out


def _left(table: dict[_K, list[int]], key: _K, piece: int) -> dict[_K, list[int]] | None:
    """``_moved_out``, or None when ``piece`` is not filed under ``key``."""
    return _moved_out(table, key, piece) if piece in table.get(key, ()) else None


def _moved_in(table: dict[_K, list[int]], piece: int, old: _K, new: _K) -> dict[_K, list[int]]:
    """A copy of one part of the index with ``piece`` moved from key ``old`` to key ``new``
    (each list in piece order, no key left with an empty list: as ``_where`` builds it)."""
    out = _moved_out(table, old, piece)  # (a copy, changed below)
    _file(out, new, piece)
    return out
