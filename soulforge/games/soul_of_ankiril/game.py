"""The :class:`SoulOfAnkiril` game: options, the fixed action index, heuristic, deckbuilding."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from soulforge.core.action import Action
from soulforge.core.game import Game
from soulforge.core.options import Option, OptionValue
from soulforge.games.soul_of_ankiril import data, heuristic
from soulforge.games.soul_of_ankiril.actions import (
    ACTION_TYPES,
    Activate,
    Attack,
    Cast,
    DrawCard,
    EndTurn,
    Move,
    PlaceLeader,
    Recharge,
    Resummon,
    Summon,
)
from soulforge.games.soul_of_ankiril.board import Board, load_board
from soulforge.games.soul_of_ankiril.cards import PIECES
from soulforge.games.soul_of_ankiril.model import CardDef
from soulforge.games.soul_of_ankiril.state import AnkirilState

ACTIONS_PER_TURN = 80
"""An upper bound on the actions of one turn (each Creature moves and acts once, Energy <= 6)."""
MAX_TURN_LIMIT = 200
MAX_EMANATION_HEALTH = 20
_GUIDED = "ismcts:rollout=heuristic,exploration=0.1,worlds=4,backup=max,widen=1,root_follow=4"
"""The normal level's search, without its iterations (NOTES.md, "Agents")."""
_REPLY = ("ismcts:iterations=6,rollout=reply,rollout_depth=-1,rollout_follow=4,answer_follow=4,"
          "root_follow=4,widen=2.5,worlds=1,rollout_beam=16,answer_beam=8,rest_follow=4")
"""The hard level: greedy's 6 best first moves, each followed by the rest of the turn and the
opponent's answer as greedy would play them (following up its 16 moves best one step ahead
in its own turn, ``rollout_beam``, and 8 in the answer, ``answer_beam``), valued by
``turn_value`` at the next turn's start; the rest of the turn is then played by the default
greedy, step by step (``rest_follow``): one search a turn, 1-3 s, instead of 10-26 s for
rollouts by the full greedy (NOTES.md, "Agents")."""


class SoulOfAnkiril(Game[AnkirilState]):
    id: ClassVar[str] = "soul_of_ankiril"
    title: ClassVar[str] = "Soul of Ankiril - The Strategy Game"
    summary: ClassVar[str] = (
        "Two Avatars summon Creatures through their Emanations on a hex battlefield; "
        "the first to deactivate the opponent's three Emanations wins."
    )
    rulebook: ClassVar[str] = "soul_of_ankiril.txt"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("deck0", str, "water", "seat 0's deck: 'water', 'fire' or a TOML deck list ([cards] "
               "name = copies; in the terminal, the path of a .toml file)", deck=True,
               label="Seat 0's deck"),
        Option("deck1", str, "fire", "seat 1's deck (the same element as seat 0's is a Mirror Match)",
               deck=True, label="Seat 1's deck"),
        Option("turn_limit", int, 60, "authored bound: the game ends after this many turns "
               "(more Emanations deactivated wins, else a draw)", minimum=2, maximum=MAX_TURN_LIMIT,
               label="Turn limit"),
        Option("first_upkeep", int, 2, "the turn of the game whose Upkeep comes first: 2 (rulebook, "
               "'starting from the second turn': only the first player's first turn has 0 Energy) "
               "or 3 (variant: each player's own first turn has 0 Energy)", choices=(2, 3),
               label="First Upkeep on turn"),
        Option("emanation_health", int, 0, "authored variant: the Health of every Emanation "
               "(0: as the deck's Emanation card says, 5 in the base decks)",
               minimum=0, maximum=MAX_EMANATION_HEALTH, label="Emanation Health"),
    )
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    # The generic levels use random rollouts, far below greedy play here (NOTES.md, "Agents").
    # Turns are long chains of decisions: normal searches from greedy's scores of the first
    # decision (root_follow); hard also plays each candidate first move through the
    # opponent's answer, where most of a turn's worth is decided, and greedy plays on.
    agent_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy:follow=0",
        "normal": f"{_GUIDED},iterations=500",
        "hard": _REPLY,
    }
    max_game_length: ClassVar[int] = ACTIONS_PER_TURN * MAX_TURN_LIMIT + 2
    index_options: ClassVar[tuple[str, ...] | None] = ()
    """The index reads the board and every card, whatever the decks and limits."""

    board: Board
    cards: dict[str, CardDef]
    decks: tuple[tuple[str, ...], tuple[str, ...]]

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.board = load_board()
        self.cards = data.load_cards()
        self.decks = (
            data.resolve_deck("deck0", str(self.options["deck0"])),
            data.resolve_deck("deck1", str(self.options["deck1"])),
        )

    @property
    def turn_limit(self) -> int:
        return int(self.options["turn_limit"])

    @property
    def first_upkeep(self) -> int:
        return int(self.options["first_upkeep"])

    @property
    def emanation_health(self) -> int:
        """The Health every Emanation starts with by option (0: the Emanation card's)."""
        return int(self.options["emanation_health"])

    def _new_state(self, seed: int, players: int) -> AnkirilState:
        return AnkirilState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        b, n = self.board, self.board.size
        cells, targets = range(n), range(-1, n)
        out: list[Action] = [EndTurn(), DrawCard(), Recharge()]
        deploy = sorted(b.deployment_cells[0] + b.deployment_cells[1])
        out += [PlaceLeader(c) for c in deploy] + [Resummon(c) for c in deploy]
        for card in sorted(self.cards.values(), key=lambda c: c.name):
            if card.type == "ally":
                out += [Summon(card.name, c) for c in cells]
            elif card.type == "spell":
                vias = cells if PIECES[card.effects[0][0]].positional else (-1,)
                out += [Cast(card.name, v, t) for v in vias for t in targets]
        out += [Move(a, d) for a in cells for d in b.within2[a]]
        out += [Attack(a, d) for a in cells for d in b.adjacent[a]]
        out += [Activate(a, t, m) for a in cells for t in targets for m in range(3)]
        return out

    def heuristic(self, state: AnkirilState, player: int) -> float:
        """Emanation Health, Creatures (attack + health), their advance on the enemy Emanations."""
        return heuristic.evaluate(state, player)

    def turn_value(self, state: AnkirilState, player: int) -> float:
        """The fitted value of ``state`` for ``player`` about to begin a turn (``heuristic.py``)."""
        return heuristic.value_at_turn_start(state, player)

    def result_summary(self, state: AnkirilState, start: AnkirilState) -> dict[str, Any]:
        """Decks, cards drawn and played, Emanations left (``summary.py``)."""
        from soulforge.games.soul_of_ankiril.summary import summarize

        return summarize(state, start)

    def replace_card(self, card: str, replacement: str) -> dict[str, OptionValue]:
        """The options with each deck holding ``card`` given as a deck list with
        ``replacement`` instead (the deckbuilding rules still apply to it)."""
        from soulforge.games.soul_of_ankiril.summary import replaced_decks

        return {**self.options, **replaced_decks(self, card, replacement)}

    def validate_deck(self, text: str) -> list[str]:
        return data.validate_deck(text)
