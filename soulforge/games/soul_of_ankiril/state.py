"""The state of a Soul of Ankiril game: data, copies, views and resampling."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from soulforge.core.action import Action, JsonDict
from soulforge.core.errors import IllegalAction
from soulforge.core.log import Seat
from soulforge.core.state import State, outcome_from_returns
from soulforge.core.text import winner_first
from soulforge.games.soul_of_ankiril import hidden, labels, setup, view, words
from soulforge.games.soul_of_ankiril.board import Board
from soulforge.games.soul_of_ankiril.flow import FLOW, why_illegal
from soulforge.games.soul_of_ankiril.flow import apply as apply_action
from soulforge.games.soul_of_ankiril.model import EMPTY, OVER, CardDef, Creature

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.game import SoulOfAnkiril


_LEGAL_ACTIONS, _ = FLOW.state_hooks()
"""The flow's listing, as the core sets it on a pure state class (called from the state's own
method: a native class's methods cannot be set after it is made). The move is the flow's own
``apply``, which logs and remembers each action."""


class AnkirilState(State["SoulOfAnkiril"]):
    """Decks are tuples with the top card last; ``known_top`` cards on top are public (Project).
    The per-seat values (hands, decks, discard piles, Energy, Emanation Health...) are tuples,
    shared by clones and replaced by the rules that change them (``model.replaced``).

    Compiled (``make native``), a native class, as Five Realms' and Kipukas' states: its fields
    live in the object and the compiled rules read them without a dictionary lookup. It
    declares every field below, and :meth:`clone` copies each
    (``tests/core/test_native_states.py``, this game's case declared in
    ``tests/soul_of_ankiril/test_state_native.py``, checks none is left out, and that a clone
    shares none that changes). ``AnkirilState()``, with no game, is a bare state whose fields
    are set next (the core's ``_bare_copy``, a restore): a native class's ``__new__`` calls
    ``__init__``. Its game, ``self.game``, is typed ``SoulOfAnkiril`` through the core's
    ``State[GameT]``.
    """

    flow = FLOW

    board: Board
    cards: Mapping[str, CardDef]
    decklists: tuple[tuple[str, ...], tuple[str, ...]]
    decks: tuple[tuple[str, ...], ...]
    known_top: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    discard: tuple[tuple[str, ...], ...]
    energy: tuple[int, ...]
    bonus: tuple[int, ...]
    """Emanations lost since the player's last Energy restoration (1 bonus Energy each)."""
    units: dict[int, Creature]
    """The Creatures by uid, shared with clones (copy-on-write): read them here, but change
    one only through :meth:`unit` (or :meth:`unit_at`), which gives this state's own copy."""
    mark: object
    """This state's ownership mark: the Creatures whose ``home`` it is are this state's alone
    (a fresh mark for both sides of every clone, so neither changes what they share)."""
    occ: list[int]
    """The battlefield's cells: a list, copied by each clone (a move changes it: the one
    per-cell or per-seat value not kept in a tuple)."""
    ema_hp: tuple[int, ...]
    leader_uid: tuple[int, ...]
    arrow: tuple[int, ...]
    """A defeated Leader's arrow indicator (Energy to resummon); -1 while not defeated."""
    offspring: tuple[int, ...]
    next_uid: int
    turn: int
    player: int
    starter: int
    """The seat drawn to start (-1 until both Leaders are placed)."""
    stage: str
    winner: int | None
    end_reason: str
    last: Action | None
    """The last action (views highlight the cells it touched)."""
    last_seat: int
    """The seat that made the last action (-1 before any)."""
    last_line: tuple[Any, ...]
    """The last action's words function and arguments (``labels.line``); () before any."""

    def __init__(self, game: SoulOfAnkiril | None = None, seed: int = 0, num_players: int = 2) -> None:
        if game is None:
            return  # a bare state: the caller sets every field (see the class docstring)
        super().__init__(game, seed, num_players)
        self.mark = object()
        setup.setup(self)

    def _legal_actions(self) -> Sequence[Action]:
        return _LEGAL_ACTIONS(self)

    # -- the contract ------------------------------------------------------------------
    @property
    def current_player(self) -> Seat | None:
        return None if self.stage == OVER else self.player

    @property
    def first_player(self) -> Seat | None:
        return self.starter if self.starter >= 0 else None

    @property
    def over(self) -> bool:
        return self.stage == OVER

    @property
    def is_over(self) -> bool:
        # The same as the core's (current_player is None), without a second property call:
        # a playout asks it about three times a move.
        return self.stage == OVER

    def _apply(self, action: Action) -> None:
        # The flow's own apply, wrapped: every action is logged and remembered for the views.
        # A method, not ``_apply = apply_action``: compiled (mypyc), a module function does
        # not bind as a method.
        apply_action(self, action)

    def why_illegal(self, action: Action) -> IllegalAction:
        return why_illegal(self, action)

    def prompt(self) -> str:
        return view.prompt(self)

    def returns(self) -> list[float]:
        if self.stage != OVER or self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def describe(self, action: Action) -> str:
        """The action with its pieces by name and its terrains by the board's coordinates
        (``labels.py``), not by cell number."""
        return labels.describe(self, action)

    def outcome(self) -> str:
        """Who won and how ("End of the Game"): a third Emanation deactivated, or the turn limit."""
        if not self.is_over:
            return ""
        left = winner_first([self.emanations_left(p) for p in range(2)], self.winner)
        return f"{outcome_from_returns(self.returns())[:-1]}: {self.end_reason} (Emanations left: {left})."

    @property
    def last_text(self) -> str:
        """The last action's log line ("seat 0: move Damsha (C4) to D5"), made when a view
        asks: a playout never does."""
        return words.said(self.last_seat, self.last_line) if self.last_line else ""

    def finish(self, winner: int | None, reason: str) -> None:
        self.stage, self.winner, self.end_reason = OVER, winner, reason
        self.add_log(f"game over: {reason}; " + ("a draw" if winner is None else f"seat {winner} wins"))

    def _view(self, player: Seat | None) -> JsonDict:
        return view.view(self, player)

    # -- hidden information -------------------------------------------------------------
    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        hidden.resample(self, player, rng)

    # -- copies ------------------------------------------------------------------------------
    def clone(self) -> AnkirilState:
        """Every field copied by its declared type, as ``soulforge.core.clone.ClonePlan``
        would (the board, the cards and the decklists shared, the tuples of per-seat values
        shared, ``occ`` copied), but the Creatures: copy-on-write, the dict copied and the
        Creatures shared, each copied by :meth:`unit` when a move changes it (a move changes
        one to three of some twenty; copying all was half of a clone). Written out, compiled,
        since search clones on every simulated move (``tests/core/test_native_states.py``
        holds it to the declared fields)."""
        twin = self._bare_copy()
        twin.board, twin.cards, twin.decklists = self.board, self.cards, self.decklists
        # Tuples, never changed in place: shared (16 list copies a clone when they were lists).
        twin.decks, twin.known_top, twin.hands = self.decks, self.known_top, self.hands
        twin.discard, twin.energy, twin.bonus = self.discard, self.energy, self.bonus
        twin.units = self.units.copy()
        # Both sides take a fresh mark: the Creatures they now share are neither's to change.
        self.mark, twin.mark = object(), object()
        twin.occ, twin.ema_hp = self.occ.copy(), self.ema_hp
        twin.leader_uid, twin.arrow, twin.offspring = self.leader_uid, self.arrow, self.offspring
        twin.next_uid, twin.turn, twin.player = self.next_uid, self.turn, self.player
        twin.starter, twin.stage, twin.winner = self.starter, self.stage, self.winner
        twin.end_reason, twin.last = self.end_reason, self.last
        twin.last_seat, twin.last_line = self.last_seat, self.last_line
        return twin

    # -- helpers for rules -----------------------------------------------------------------
    def unit(self, uid: int) -> Creature:
        """The Creature ``uid`` to change: this state's own object, copied first if it is
        shared with a clone (copy-on-write). Rules that change a Creature reach it only
        through here (or :meth:`unit_at`), and once here: an object read from ``units``
        before may be the shared one, which this state must never change."""
        c = self.units[uid]
        if c.home is not self.mark:
            c = c.copy()
            c.home = self.mark
            self.units[uid] = c
        return c

    def unit_at(self, cell: int) -> Creature | None:
        """The Creature on ``cell`` to change (:meth:`unit`); None for no Creature there."""
        uid = self.occ[cell]
        return self.unit(uid) if uid >= 0 else None

    def leader(self, p: int) -> Creature | None:
        uid = self.leader_uid[p]
        return self.units[uid] if uid >= 0 else None

    def emanations_left(self, p: int) -> int:
        return sum(1 for k in range(3) if self.ema_hp[p * 3 + k] > 0)

    def empty(self, cell: int) -> bool:
        return self.occ[cell] == EMPTY
