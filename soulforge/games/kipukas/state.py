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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # (mypy's own package: there wherever the build runs; pure Python needs none)

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        return lambda cls: cls


from soulforge.core import Action, JsonDict, Seat
from soulforge.core.clone import ClonePlan
from soulforge.games.kipukas import hidden, labels, movement, view, words
from soulforge.games.kipukas.data import SOUL_TYPES, Card
from soulforge.games.kipukas.encoding import OVER, PUBLIC
from soulforge.games.kipukas.fields import KipukasFields
from soulforge.games.kipukas.flow import FLOW, prompt
from soulforge.games.kipukas.setup import setup as setup_game

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas


_K = TypeVar("_K", int, str)
_T = TypeVar("_T")
Index = tuple[
    dict[int, list[int]],
    list[int],
    dict[int, list[int]],
    dict[int, Any],
    dict[str, list[int]],
    dict[str, list[int]],
    dict[int, list[int]],
]
"""``KipukasState._where``: the pieces on the map by territory, all of them, the terrain features
by territory, the grounds per seat (``grounds``), the souls (no prisoners) by stand, the pieces
by card type, the pieces by owner (a rogue's owner is ``num_players``)."""


@mypyc_attr(native_class=False)
class KipukasState(KipukasFields):
    """A game of Kipukas in progress.

    Compiled by mypyc as a non-native class (``native_class=False``): a Python class with a
    ``__dict__``, as the core's ``State`` and ``ClonePlan`` need (``_bare_copy`` makes it
    through ``type(self).__new__``), whose methods run compiled. Its fields are declared in
    ``fields.py``, left pure (why there)."""

    flow = FLOW

    def __init__(self, game: Kipukas, seed: int, num_players: int, *, setup: bool = True) -> None:
        super().__init__(game, seed, num_players)
        self.board = game.board
        if setup:
            setup_game(self)

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
        return self.game.cards[self.card[piece]]

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
        # Asked of the dict, not by ``try``: a position whose index was dropped asks here after
        # its reader's miss, and a second exception caught costs more, compiled, than the lookup.
        index: Index | None = self.__dict__.get("_index")  # set below, dropped by ``moved``
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
            self.game.cards, self.stand, self.territory, self.card, self.prisoner, self.owner
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
        self._index: Index = (territories, live, features, {}, souls, kinds, owners)
        return self._index

    def grounds(self) -> dict[int, Any]:
        """Per seat, the movement's view of the ground (``movement.ground``), cached here."""
        try:  # ``_where`` inlined, as in ``features_in``: asked by every move listed
            return self._index[3]
        except AttributeError:
            return self._where()[3]

    def moved(self) -> None:
        """A piece entered, left, moved, was revealed or imprisoned: the index of ``_where``
        is rebuilt when next asked."""
        self.__dict__.pop("_index", None)  # (a plain attribute: read without a lookup in ``_where``)

    def unveiled(self) -> None:
        """A piece was revealed, and nothing else changed: where pieces are holds (the index
        reads no one's knowledge), what each seat sees of its enemies does not, so only the
        grounds are dropped."""
        index: Index | None = self.__dict__.get("_index")
        if index is not None:
            self._index = (index[0], index[1], index[2], {}, index[4], index[5], index[6])

    def relocated(self, piece: int, old_stand: str, old_territory: int) -> None:
        """Piece ``piece``, on the map, changed stand (from ``old_stand`` in ``old_territory``)
        and nothing else: the index of ``_where`` is patched rather than dropped and rebuilt
        (a soul's move, step by step). The patch is a new index sharing the parts it leaves
        alone, never a change in place: a clone may share the old one. The grounds, which read
        where every soul is, are patched too (``movement.shifted``); a piece the grounds do not
        read (a prisoner, a feature) leaves them as they are. ``tests/kipukas/test_incremental.py``
        and ``test_kept_grounds.py`` prove the patched index and grounds equal to rebuilt ones
        at every position of seeded playouts."""
        index: Index | None = self.__dict__.get("_index")
        if index is None or not self.on_map[piece]:
            self.moved()  # (nothing to patch, or a piece the index does not hold)
            return
        territories, live, features, grounds, souls, kinds, owners = index
        listed = piece in souls.get(old_stand, ())  # (a soul, not a prisoner: the index's own test)
        if listed != (self.game.traits[self.card[piece]].soul and not self.prisoner[piece]):
            self.moved()  # the piece changed more than its stand (a prisoner freed...): rebuilt
            return
        territory = self.territory[piece]
        if territory != old_territory:
            territories = _moved_in(territories, piece, old_territory, territory)
            if piece in features.get(old_territory, ()):
                features = _moved_in(features, piece, old_territory, territory)
        if not listed:  # the grounds read only the souls listed by stand: they hold
            self._index = (territories, live, features, grounds, souls, kinds, owners)
            return
        souls = _moved_in(souls, piece, old_stand, self.stand[piece])
        self._index = (territories, live, features, {}, souls, kinds, owners)
        if grounds:  # patched once the index holds the soul where it stands now (they read it)
            self._index[3].update(movement.shifted(self, grounds, piece, old_stand, old_territory))

    def souls_at(self, stand: str) -> list[int]:
        """The souls on a stand, prisoners left out (a new list)."""
        try:  # ``_where`` inlined, as in ``features_in``: every enemy test asks
            return list(self._index[4].get(stand, ()))
        except AttributeError:
            return list(self._where()[4].get(stand, ()))

    def souls_on(self, stand: str) -> Sequence[int]:
        """``souls_at`` with no copy: read it, never change it (every enemy test asks)."""
        try:  # ``_where`` inlined, as in ``features_in``
            return self._index[4].get(stand, ())
        except AttributeError:
            return self._where()[4].get(stand, ())

    def soul_stands(self) -> dict[str, list[int]]:
        """The souls on the map (no prisoners) by stand, in piece order: read it, never change it."""
        try:  # ``_where`` inlined, as in ``features_in``: every ground and ferry listing asks
            return self._index[4]
        except AttributeError:
            return self._where()[4]

    def pieces_in(self, territory: int) -> list[int]:
        try:  # ``_where`` inlined, as in ``features_in``
            return list(self._index[0].get(territory, ()))
        except AttributeError:
            return list(self._where()[0].get(territory, ()))

    def features_in(self, territory: int) -> list[int]:
        """The terrain features in a territory (#terrain_features: one, but a list)."""
        try:  # ``_where`` inlined: the hottest reader of the index (every range and downed test)
            return self._index[2].get(territory, [])
        except AttributeError:
            return self._where()[2].get(territory, [])

    def of_type(self, card_type: str) -> list[int]:
        """The pieces on the map of a card type, in piece order: read it, never change it. The
        day's listings walk these (a handful) instead of every piece (``live``)."""
        try:  # ``_where`` inlined, as in ``features_in``: asked twice per day listing
            return self._index[5].get(card_type, [])
        except AttributeError:
            return self._where()[5].get(card_type, [])

    def pieces_of(self, seat: int) -> Sequence[int]:
        """The seat's pieces on the map, in piece order: read it, never change it. The listings
        that look at one seat's pieces walk these instead of every piece (``live``); an owner
        changes only with ``moved`` (a rogue, a tamed one, a prisoner dealt)."""
        try:  # ``_where`` inlined, as in ``features_in``: asked by every day listing
            return self._index[6].get(seat, ())
        except AttributeError:
            return self._where()[6].get(seat, ())

    def live(self) -> list[int]:
        """Every piece on the map, by number."""
        try:  # ``_where`` inlined, as in ``features_in``: the walk of many rules
            return self._index[1]
        except AttributeError:
            return self._where()[1]

    def clone(self) -> KipukasState:
        return CLONE_PLAN.clone(self)


def _add(table: dict[_K, list[int]], key: _K, piece: int) -> None:
    """``table.setdefault(key, []).append(piece)``, with the list made only for a new key."""
    pieces = table.get(key)
    if pieces is None:
        table[key] = [piece]
    else:
        pieces.append(piece)


def _moved_in(table: dict[_K, list[int]], piece: int, old: _K, new: _K) -> dict[_K, list[int]]:
    """A copy of one part of the index with ``piece`` moved from key ``old`` to key ``new``
    (each list in piece order, no key left with an empty list: as ``_where`` builds it)."""
    out: dict[_K, list[int]] = dict(table)
    left = out[old].copy()  # (copies: the lists of the old index are shared, never changed)
    left.remove(piece)
    if left:
        out[old] = left
    else:
        del out[old]
    joined = out[new].copy() if new in out else []
    insort(joined, piece)
    out[new] = joined
    return out


CLONE_PLAN = ClonePlan(KipukasState)
