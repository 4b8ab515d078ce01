"""Explicit chance: every random draw of a game as a chance node, with its outcomes and odds.

By default chance is a seed inside the state (``State.rng``, a seeded :class:`GameRandom`):
one seed, one deal, one sequence of dice. Exact methods (CFR, expectimax, exact expectations)
need the draws as nodes of the game tree instead, as OpenSpiel's own card games have them.
:class:`ChanceState` gives them without a change to any game: every game draws through its
state's rng, by ``randrange``/``randint``/``choice``/``sample``/``shuffle``, all of which
reduce to "a uniform integer below n" (``Random._randbelow``). Here the rng is a
:class:`ScriptedRandom`, which reads those integers from a script and, past its end, stops
the move with :class:`NeedChance` naming n.

- Setting up a game, or applying a player's action, runs on a copy with the script so far;
  when it stops, the :class:`ChanceState` is a chance node (``current_player == CHANCE``)
  whose outcomes are ``0..n-1``, each with probability 1/n (``chance_outcomes()``).
- Applying an outcome appends it to the script and runs again; once the script covers every
  draw, the move (or the setup) is carried out for real and the script starts anew.

So the initial state is a chance node while the deal is drawn; a shuffle of n cards is n-1
chance nodes (Fisher-Yates: the card for the last place among n, then n-1, ...), a die a node
of its faces. Outcomes are positions, not card names: two copies of one card are two
outcomes (the tree is larger than it need be, never wrong). A game that drew a float
(``random()``) or raw bits would be refused (:class:`ContinuousChance`); none does.

The seeded behaviour is unchanged and stays the default; explicit chance is opted into by
making a :class:`ChanceState` (OpenSpiel: the game parameter ``chance="explicit"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Any

from soulforge.core.action import Action, JsonDict
from soulforge.core.errors import IllegalAction, RecordError
from soulforge.core.rng import GameRandom
from soulforge.core.state import making_rng

if TYPE_CHECKING:
    from soulforge.core.game import Game
    from soulforge.core.log import Seat
    from soulforge.core.record import GameLoader
    from soulforge.core.state import State

CHANCE = -1
"""``ChanceState.current_player`` at a chance node (OpenSpiel's ``PlayerId.CHANCE``)."""

FORMAT = "soulforge-chance-record/1"


class NeedChance(BaseException):
    """A draw past the end of the script: the move waits for a chance outcome below
    ``outcomes``. A ``BaseException``, so a rule's ``except Exception`` cannot swallow it."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(outcomes)
        self.outcomes = outcomes


class ContinuousChance(ValueError):
    """A game drew a float or raw bits: no finite list of outcomes to offer."""


class ScriptedRandom(GameRandom):
    """A :class:`GameRandom` whose draws are read from ``script`` (see the module docstring).

    >>> rng = ScriptedRandom([2, 0])
    >>> rng.randrange(5), rng.choice("abc")
    (2, 'a')
    >>> rng.randint(1, 6)
    Traceback (most recent call last):
    ...
    soulforge.core.chance.NeedChance: 6
    """

    script: list[int]
    read: int
    seeded = False

    def __init__(self, script: list[int] | None = None) -> None:
        super().__init__(0)
        self.script, self.read = list(script or ()), 0

    def _randbelow(self, n: int) -> int:
        if self.read == len(self.script):
            raise NeedChance(n)
        outcome = self.script[self.read]
        if not 0 <= outcome < n:
            raise IllegalAction(f"chance outcome {outcome} is not below {n}", rule="chance")
        self.read += 1
        self.draws += 1
        return outcome

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Fisher-Yates, one uniform draw per place from the last (``random.shuffle``'s order)."""
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def random(self) -> float:
        raise ContinuousChance("explicit chance offers integer draws only; the game drew random()")

    def getrandbits(self, k: int) -> int:
        raise ContinuousChance("explicit chance offers integer draws only; the game drew raw bits")

    def restart(self, script: list[int] | None = None) -> None:
        """Read ``script`` from its start (a new move's draws)."""
        self.script, self.read = list(script or ()), 0

    def copy(self) -> ScriptedRandom:
        twin = ScriptedRandom.__new__(ScriptedRandom)
        twin.script, twin.read, twin.draws = list(self.script), self.read, self.draws
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        return _scripted, (self.script, self.read, self.draws)


def _scripted(script: list[int], read: int, draws: int) -> ScriptedRandom:
    """``pickle``'s constructor of a :class:`ScriptedRandom`."""
    rng = ScriptedRandom(script)
    rng.read, rng.draws = read, draws
    return rng


class ChanceState:
    """A game with explicit chance nodes around a :class:`State` (module docstring).

    ``state`` is the position at the last decision (None while the setup is being drawn);
    ``events`` every step so far: ``{"action": {...}}`` or ``{"chance": k}``.
    """

    def __init__(self, game: Game, players: int | None = None) -> None:
        self.game = game
        self.players = game.min_players if players is None else players
        self.state: State | None = None
        self.pending: Action | None = None
        self.script: list[int] = []
        self.outcomes = 0
        """Outcomes at this chance node (0: a decision, or the game is over)."""
        self.events: list[JsonDict] = []
        self._advance()

    # -- where the game is -------------------------------------------------------------------
    @property
    def is_chance_node(self) -> bool:
        return self.outcomes > 0

    @property
    def current_player(self) -> Seat | None:
        """:data:`CHANCE` at a chance node, else the state's (None once over)."""
        if self.outcomes:
            return CHANCE
        assert self.state is not None  # no chance pending: the setup is done (an invariant)
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return not self.outcomes and self.state is not None and self.state.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome with its probability (uniform); else empty."""
        n = self.outcomes
        return [(k, 1.0 / n) for k in range(n)]

    def legal_actions(self) -> list[Action]:
        """The deciding seat's legal actions (none at a chance node)."""
        return [] if self.outcomes or self.state is None else self.state.legal_actions()

    def returns(self) -> list[float]:
        return self.state.returns() if self.is_over and self.state else [0.0] * self.players

    def view(self, player: Seat | None) -> JsonDict:
        """The seat's view of the last decision's position (empty during the setup draws)."""
        return {} if self.state is None else self.state.view(player)

    # -- moves ---------------------------------------------------------------------------------
    def apply(self, action: Action, player: Seat | None = None) -> None:
        """A player's action; refused as the state refuses it (a chance node: no seat's turn)."""
        if self.outcomes:
            raise IllegalAction("chance decides now (apply_chance)", rule="turn order")
        assert self.state is not None  # no chance pending: the setup is done (an invariant)
        self.state.check(action, player)
        self.events.append({"action": action.to_json()})
        self.pending, self.script = action, []
        self._advance()

    def apply_chance(self, outcome: int) -> None:
        """The chance node's ``outcome`` (an integer below ``len(chance_outcomes())``)."""
        if not self.outcomes:
            raise IllegalAction("no chance node here", rule="chance")
        if type(outcome) is not int or not 0 <= outcome < self.outcomes:
            raise IllegalAction(f"chance outcome {outcome!r} is not below {self.outcomes}", rule="chance")
        self.events.append({"chance": outcome})
        self.script.append(outcome)
        self._advance()

    def _advance(self) -> None:
        """Run the setup or the pending action with the script so far: done, or a new node."""
        rng = ScriptedRandom(self.script)
        try:
            if self.state is None or self.pending is None:
                with making_rng(lambda seed: rng):
                    made = self.game.new_game(seed=0, players=self.players)
            else:
                made = self.state.clone()
                made.rng = rng  # the clone's draws: the script so far (its count carries on)
                rng.draws = self.state.rng.draws
                made.apply(self.pending)
        except NeedChance as need:
            self.outcomes = need.outcomes
            return
        rng.restart()
        self.state, self.pending, self.script, self.outcomes = made, None, [], 0

    def clone(self) -> ChanceState:
        twin = ChanceState.__new__(ChanceState)
        twin.__dict__.update(self.__dict__)
        twin.state = None if self.state is None else self.state.clone()
        twin.script, twin.events = list(self.script), list(self.events)
        return twin

    def resumed(self, state: State) -> ChanceState:
        """A chance state at a decision in ``state`` (a determinization, say: its rng must be a
        :class:`ScriptedRandom`), its events unknown (empty)."""
        if not isinstance(state.rng, ScriptedRandom):
            raise TypeError("explicit chance resumes a state drawing from a ScriptedRandom only")
        twin = ChanceState.__new__(ChanceState)
        twin.game, twin.players, twin.state = self.game, self.players, state
        twin.pending, twin.script, twin.outcomes, twin.events = None, [], 0, []
        return twin

    def record(self) -> ChanceRecord:
        """The record of every action and chance outcome so far (it replays to this state)."""
        return ChanceRecord(self.game.id, dict(self.game.options), self.players, list(self.events))


@dataclasses.dataclass
class ChanceRecord:
    """A game with explicit chance as data: its actions and chance outcomes, in order."""

    game: str
    options: dict[str, Any]
    players: int
    events: list[JsonDict] = dataclasses.field(default_factory=list)

    def to_json(self) -> JsonDict:
        return {"format": FORMAT, "game": self.game, "options": dict(self.options),
                "players": self.players, "events": [dict(e) for e in self.events]}

    @classmethod
    def from_json(cls, data: object) -> ChanceRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a {FORMAT} record")
        events = data.get("events", [])
        if not isinstance(events, list) or not all(isinstance(e, dict) and len(e) == 1 and
                                                   ("action" in e or "chance" in e) for e in events):
            raise RecordError("the record's events must be {'action': ...} or {'chance': k} objects")
        return cls(str(data["game"]), dict(data.get("options", {})), int(data["players"]), events)

    def replay(self, load: GameLoader | None = None) -> ChanceState:
        """The :class:`ChanceState` after every event (an illegal one raises, naming it)."""
        from soulforge.core.record import Record

        game = Record(self.game, self.options, 0, self.players).game_of(load)
        state = ChanceState(game, self.players)
        for number, event in enumerate(self.events):
            try:
                if "chance" in event:
                    state.apply_chance(event["chance"])
                else:
                    state.apply(game.action_from_json(event["action"]))
            except ValueError as err:
                raise type(err)(f"record event {number}: {err}") from None
        return state
