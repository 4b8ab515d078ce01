"""The state of a Soul of Ankiril game: data, copies, views and resampling."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from soulforge.core.action import Action, JsonDict
from soulforge.core.errors import IllegalAction
from soulforge.core.log import Seat
from soulforge.core.state import State
from soulforge.games.soul_of_ankiril import legal, refusals, setup, views
from soulforge.games.soul_of_ankiril.board import Board
from soulforge.games.soul_of_ankiril.model import EMPTY, CardDef, Creature
from soulforge.games.soul_of_ankiril.turn import apply as apply_action

if TYPE_CHECKING:
    from soulforge.games.soul_of_ankiril.game import SoulOfAnkiril

SETUP, PLAY, OVER = "setup", "play", "over"


class AnkirilState(State):
    """Decks are lists with the top card last; ``known_top`` cards on top are public (Project)."""

    game: SoulOfAnkiril
    board: Board
    cards: dict[str, CardDef]
    decklists: tuple[tuple[str, ...], tuple[str, ...]]
    decks: list[list[str]]
    known_top: list[int]
    hands: list[list[str]]
    discard: list[list[str]]
    energy: list[int]
    bonus: list[int]
    """Emanations lost since the player's last Energy restoration (1 bonus Energy each)."""
    units: dict[int, Creature]
    occ: list[int]
    ema_hp: list[int]
    leader_uid: list[int]
    arrow: list[int]
    """A defeated Leader's arrow indicator (Energy to resummon); -1 while not defeated."""
    offspring: list[int]
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
    last_text: str

    def __init__(self, game: SoulOfAnkiril, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        setup.setup(self)

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

    # The hooks are the rule modules' functions themselves (no forwarding call per move);
    # turn.apply by another name: ``turn`` is a field of the state.
    _legal_actions = legal.legal_actions
    _apply = apply_action

    def why_illegal(self, action: Action) -> IllegalAction:
        rule, message = refusals.why_illegal(self, action)
        return IllegalAction(message, rule=rule)

    def prompt(self) -> str:
        return views.prompt(self)

    def returns(self) -> list[float]:
        if self.stage != OVER or self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def finish(self, winner: int | None, reason: str) -> None:
        self.stage, self.winner, self.end_reason = OVER, winner, reason
        self.add_log(f"game over: {reason}; " + ("a draw" if winner is None else f"seat {winner} wins"))

    def _view(self, player: Seat | None) -> JsonDict:
        return views.view(self, player)

    # -- hidden information -------------------------------------------------------------
    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        """Shuffle the unknown part of ``player``'s deck; redeal the opponent's hand and deck.

        Deck lists are public, so the opponent's unseen cards (hand plus unknown deck) are a
        known multiset (``view["players"][q]["unseen"]``); only their split and order are hidden.
        """
        mine = self.decks[player]
        known = self.known_top[player]
        unknown = sorted(mine[: len(mine) - known])
        rng.shuffle(unknown)
        self.decks[player] = unknown + mine[len(mine) - known:]
        other = 1 - player
        deck, hand = self.decks[other], self.hands[other]
        known = self.known_top[other]
        pool = sorted(hand + deck[: len(deck) - known])
        rng.shuffle(pool)
        self.hands[other] = pool[: len(hand)]
        self.decks[other] = pool[len(hand):] + deck[len(deck) - known:]

    def determinize(self, player: Seat, rng: random.Random) -> AnkirilState:
        twin = super().determinize(player, rng)
        assert isinstance(twin, AnkirilState)
        return twin

    # -- copies ------------------------------------------------------------------------------
    def clone(self) -> AnkirilState:
        twin = self._bare_copy()
        twin.board, twin.cards, twin.decklists = self.board, self.cards, self.decklists
        twin.decks = [list(self.decks[0]), list(self.decks[1])]
        twin.hands = [list(self.hands[0]), list(self.hands[1])]
        twin.discard = [list(self.discard[0]), list(self.discard[1])]
        twin.known_top, twin.energy, twin.bonus = list(self.known_top), list(self.energy), list(self.bonus)
        twin.units = {uid: c.copy() for uid, c in self.units.items()}
        twin.occ, twin.ema_hp = list(self.occ), list(self.ema_hp)
        twin.leader_uid, twin.arrow = list(self.leader_uid), list(self.arrow)
        twin.offspring = list(self.offspring)
        twin.next_uid, twin.turn, twin.player, twin.stage = self.next_uid, self.turn, self.player, self.stage
        twin.winner, twin.end_reason, twin.starter = self.winner, self.end_reason, self.starter
        twin.last, twin.last_text = self.last, self.last_text
        return twin

    # -- helpers for rules -----------------------------------------------------------------
    def leader(self, p: int) -> Creature | None:
        uid = self.leader_uid[p]
        return self.units[uid] if uid >= 0 else None

    def emanations_left(self, p: int) -> int:
        return sum(1 for k in range(3) if self.ema_hp[p * 3 + k] > 0)

    def empty(self, cell: int) -> bool:
        return self.occ[cell] == EMPTY
