"""The Five Realms state: where every card is, who knows its character, whose decision.

Cards are ids ``0..deck_size-1``; ``card_type[id]`` is the card's type (banner and
character) and ``known[id]`` a bit mask of the seats that know its character (bit
``PUBLIC`` for everyone: recruited, dismissed and destroyed characters). Banners are
always public; characters only as the rules reveal them. Determinization rewrites
``card_type`` of the cards the seat does not know (see ``hidden.py``).

View keys (``view(player)``, JSON; built in ``view.py``), beside the core's common keys:

- ``frame``: 5, the square's coordinate frame (rows/cols 0..4); ``spots`` names cells
  like "b2" (column letter, row number).
- ``square``: list of cards ``{"row", "col", "spot", "banner", "character", "known_to"}``;
  ``character`` is None unless the viewer knows it; ``known_to`` lists the seats that do.
- ``ring``: the six refill spots A..F as ``{"label", "row", "col"}``.
- ``deck``: ``{"size", "top_banner"}`` (the top card's banner is public).
- ``discard``: cards (same shape without row/col), bottom first.
- ``players``: per seat ``{"seat", "castles", "throne_room": {"realm", "used",
  "threshold", "castles"}, "council": [cards], "titans": [cards], "columns": [{"realm",
  "height", "imperial", "cards"}], "lines"}``.
- ``active_player``, ``phase`` (one of ``phases.PHASES``), ``extra_turns``, ``winner``.
- ``pending``: details of the decision in progress (``collected`` cards during a
  recruit or influence choice, ``banners`` to choose from, ``newcomer`` waiting for a
  council place, ``imperial_left``, the Warrior/Witch ``source``...).
- ``last_move``: ``{"player", "placed": {"row", "col"} | None, "collected": [{"row",
  "col"}]}`` in the current frame (collected cells may lie outside 0..4 after a shift).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action, JsonDict, Seat, State
from soulforge.core.text import winner_first
from soulforge.games.five_realms import hidden, resolution, view, words
from soulforge.games.five_realms.actions import ActionTable
from soulforge.games.five_realms.data import Rules
from soulforge.games.five_realms.encoding import OVER, PHASES, PUBLIC
from soulforge.games.five_realms.flow import FLOW, prompt
from soulforge.games.five_realms.setup import setup as setup_game
from soulforge.games.five_realms.square import Square

if TYPE_CHECKING:
    from soulforge.games.five_realms.game import FiveRealms

__all__ = ["PHASES", "FiveRealmsState"]

Task = tuple[str, int, int]
"""Pending work (kind, source card type or -1, amount), resolved last-in first-out."""


_LEGAL_ACTIONS, _APPLY = FLOW.state_hooks()
"""The flow's listing and move, as the core sets them on a pure state class (called from the
state's own methods: a native class's methods cannot be set after it is made)."""


class FiveRealmsState(State):
    """A game of Five Realms in progress.

    Compiled (``make native``), a native class, as the core's ``State``: its fields live in
    the object and compiled rules read them without a dictionary lookup. It declares every
    field below, and :meth:`clone` copies each (``tests/core/test_native_states.py``,
    this game's case declared in ``tests/five_realms/test_state_native.py``, checks none is
    left out). ``FiveRealmsState()``, with no game, is a bare state whose fields are set next
    (the core's ``_bare_copy``, a restore): a native class's ``__new__`` calls ``__init__``.
    (``mypyc_attr(allow_interpreted_subclasses=True)`` would skip it, but then mypyc's C
    for this game's library names glue functions of the core's library that it does not
    export: the build fails; ``serializable=True`` skips ``__init__`` on every call,
    ``FiveRealmsState(game, ...)`` from Python too.) Its game is ``self.game`` typed as the
    core's ``Game`` (a native class cannot narrow a field's type); the rules read ``rules``
    and ``table``, this game's, from fields of their own.
    """

    flow = FLOW

    rules: Rules
    table: ActionTable
    """The game's action table (``FiveRealms.table``): shared, never changed."""
    card_type: list[int]
    known: list[int]
    deck: list[int]
    """Card ids, the top card last."""
    square: Square
    discard: list[int]
    council: list[list[int]]
    titans: list[list[int]]
    columns: list[list[list[int]]]
    """Per seat, per realm: the influence column (card ids, Imperial banners included)."""
    castles: list[int]
    throne: list[int]
    throne_used: list[bool]
    active: int
    phase: str
    choices: list[int]
    """CHOOSE: the banners next to the placed card."""
    collected: list[int]
    imperial: list[int]
    """IMPERIAL: the collected Imperial banners still to allocate."""
    heights_before: list[int]
    newcomer: int
    source: int
    amount: int
    tasks: list[Task]
    extra_turns: int
    winner: int | None
    last_player: int
    starter: int
    """The seat drawn to play first."""
    last_spot: tuple[int, int] | None
    last_cells: list[tuple[int, int]]

    def __init__(self, game: FiveRealms | None = None, seed: int = 0, num_players: int = 2, *,
                 setup: bool = True) -> None:
        if game is None:
            return  # a bare state: the caller sets every field (see the class docstring)
        super().__init__(game, seed, num_players)
        self.rules = game.rules
        self.table = game.table
        if setup:
            setup_game(self)

    # -- the contract -----------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        return _LEGAL_ACTIONS(self)

    def _apply(self, action: Action) -> None:
        _APPLY(self, action)

    @property
    def current_player(self) -> Seat | None:
        return None if self.phase == OVER else self.active

    @property
    def is_over(self) -> bool:
        """The contract's ``current_player is None``, read straight from the phase (only OVER
        has no seat to decide): a playout asks it twice a move, one property call fewer each."""
        return self.phase == OVER

    @property
    def first_player(self) -> Seat | None:
        return self.starter

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner is None:
            return [0.0] * self.num_players
        return [1.0 if seat == self.winner else -1.0 for seat in range(self.num_players)]

    def outcome(self) -> str:
        """END OF THE GAME in words: a fifth different Titan, or the castles counted."""
        if not self.is_over:
            return ""
        titans = self.rules.titans_to_win
        for seat in range(self.num_players):
            if len({self.card_type[c] for c in self.titans[seat]}) >= titans:
                return f"Seat {seat} wins: {titans} different Titans recruited."
        score = winner_first(self.castles, self.winner)
        if self.winner is None:
            return f"A draw: {score} castles, no one has more."
        return f"Seat {self.winner} wins with the most castles ({score})."

    def _view(self, player: Seat | None) -> JsonDict:
        return view.build(self, player)

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        hidden.resample(self, player, rng)

    def prompt(self) -> str:
        return prompt(self)

    # -- helpers the rules share ------------------------------------------------------
    def banner(self, card: int) -> int:
        return self.rules.types[self.card_type[card]].banner

    def knows(self, seat: Seat | None, card: int) -> bool:
        mask = PUBLIC if seat is None else PUBLIC | (1 << seat)
        return bool(self.known[card] & mask)

    def heights(self, seat: Seat) -> list[int]:
        return list(map(len, self.columns[seat]))  # in C: asked at every influence

    def owned_types(self, seat: Seat) -> set[int]:
        return {self.card_type[c] for c in self.council[seat] + self.titans[seat]}

    def opponent(self, seat: Seat) -> Seat:
        return (seat + 1) % self.num_players

    def seat_name(self, seat: Seat) -> str:
        return words.seat_name(seat)

    def card_name(self, card: int) -> str:
        return self.rules.types[self.card_type[card]].name

    def banner_name(self, card: int) -> str:
        return self.rules.banners[self.banner(card)]

    def resolve(self) -> None:
        """Run pending tasks until one needs a decision (or the game ends)."""
        resolution.advance(self)

    # -- copies -------------------------------------------------------------------
    def clone(self) -> FiveRealmsState:
        """Every field copied by its declared type, as ``soulforge.core.clone.ClonePlan``
        would (rules data shared, lists copied level by level): written out, compiled, since
        search clones on every simulated move (``tests/core/test_native_states.py`` holds it to the plan)."""
        twin = self._bare_copy()
        twin.rules, twin.table = self.rules, self.table
        twin.card_type, twin.known = self.card_type.copy(), self.known.copy()
        twin.deck, twin.square, twin.discard = self.deck.copy(), self.square.copy(), self.discard.copy()
        twin.council = [cards.copy() for cards in self.council]
        twin.titans = [cards.copy() for cards in self.titans]
        twin.columns = [[column.copy() for column in realms] for realms in self.columns]
        twin.castles, twin.throne = self.castles.copy(), self.throne.copy()
        twin.throne_used = self.throne_used.copy()
        twin.active, twin.phase = self.active, self.phase
        twin.choices, twin.collected = self.choices.copy(), self.collected.copy()
        twin.imperial, twin.heights_before = self.imperial.copy(), self.heights_before.copy()
        twin.newcomer, twin.source, twin.amount = self.newcomer, self.source, self.amount
        twin.tasks = self.tasks.copy()
        twin.extra_turns, twin.winner = self.extra_turns, self.winner
        twin.last_player, twin.starter = self.last_player, self.starter
        twin.last_spot, twin.last_cells = self.last_spot, self.last_cells.copy()
        return twin
