"""OpenSpiel: every Soulforge game registered as a Python game, ``python_soulforge_<id>``.

Importing this module registers them::

    import pyspiel
    import soulforge.interop.openspiel  # registers the games
    game = pyspiel.load_game("python_soulforge_five_realms")
    table = pyspiel.load_game("python_soulforge_kipukas", {"players": 4, "map": "grand", "seed": 7})

The games are sequential and imperfect-information. Chance comes two ways (the game
parameter ``chance``):

- ``"seeded"`` (the default): *sampled stochastic*, chance is the game's own seeded rng
  inside the state (no chance nodes), as on the web table;
- ``"explicit"``: *explicit stochastic*, every draw (the deal, each card of a shuffle, each
  die) is a chance node with its outcomes and probabilities (``soulforge.core.chance``), so
  CFR-family methods and exact expectations run; ``max_chance_outcomes`` (a parameter, 256
  by default) bounds a node's outcomes.

Other parameters: the game's options (``soulforge games`` lists them), ``players`` (the
table's size) and ``seed`` (the first of the seeds successive seeded initial states are
dealt with). A state serializes with its whole position (``pickle``, rng included); in the
explicit mode ``serialize_game_and_state`` and ``random_sim_test(serialize=True)`` work too
(a sampled-stochastic Python game cannot: pyspiel asks the game for its C++ rng state,
which a Python game cannot give). Actions are the fixed action
index of the core contract; ``max_game_length`` is the game's declared bound. Strings
and tensors hold only what the seat may know: the observation string is the seat's view as
canonical JSON, the information-state string adds the seat's log (what it saw happen); the
observation tensor is the game's structured observation
(:class:`~soulforge.interop.observation.ObservationEncoder`), the information-state tensor
adds the seat's own last actions (:class:`~soulforge.interop.observation.InformationStateEncoder`).
``resample_from_infostate`` is ``determinize``, so OpenSpiel's IS-MCTS bot plays them.
"""

from __future__ import annotations

import json
import random
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import soulforge
from soulforge.core import State
from soulforge.core.chance import ChanceState, ScriptedRandom
from soulforge.core.game import Game
from soulforge.interop.observation import (
    ActionIndex,
    InformationStateEncoder,
    Listing,
    ObservationEncoder,
    Tensor,
)

PREFIX = "python_soulforge_"
Params = dict[str, Any]


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Soulforge game."""
    return PREFIX + game_id


SEEDED, EXPLICIT = "seeded", "explicit"
"""The two values of the ``chance`` parameter (module docstring)."""
MAX_CHANCE_OUTCOMES = 256
"""The default bound on a chance node's outcomes: above every deck and die of the five games
(the largest met in playouts: a shuffle of 66 cards, Five Realms)."""


def game_type(game: Game, chance: str = SEEDED) -> pyspiel.GameType:
    """The facts OpenSpiel needs about ``game`` (its registration: seeded chance)."""
    zero_sum = game.utility == "zero_sum" and game.max_players == 2
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Soulforge {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance == EXPLICIT else mode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**option_defaults(game), "players": game.min_players, "seed": 0,
                                 "chance": SEEDED, "max_chance_outcomes": MAX_CHANCE_OUTCOMES},
    )


def option_defaults(game: Game) -> Params:
    """The game's options OpenSpiel can carry (numbers, texts, booleans), at their defaults."""
    return {spec.name: spec.default for spec in game.option_specs
            if isinstance(spec.default, bool | int | float | str)}


class _Box:
    """The Soulforge state inside an OpenSpiel state, made on first use.

    OpenSpiel clones a Python state by making a new initial state and deep-copying its
    attributes: the box copies its state with ``State.clone()`` and never deals a game that
    a clone would throw away. With explicit chance the box holds a
    :class:`~soulforge.core.chance.ChanceState` (``chance``) and ``state`` is its position.
    It pickles as its game and position only (``serialize``: :func:`_unboxed`).
    """

    def __init__(self, game: Game, players: int, seeds: Callable[[], int] | None, index: ActionIndex,
                 state: State | None = None, chance: ChanceState | None = None) -> None:
        self.game, self.players, self.seeds, self.index, self._state = game, players, seeds, index, state
        self.chance = chance
        self.listed: Listing | None = None
        """The legal actions last listed, with their indices: applying the very object
        listed spares the engine's search of its legal list by equality."""

    def legal(self) -> Listing:
        """The current position's legal actions (listed once per position)."""
        self.listed = listed = self.index.listing(self.state, self.listed)
        return listed

    @property
    def state(self) -> State:
        if self.chance is not None:
            found = self.chance.state
            if found is None:
                raise ValueError("the setup is still being drawn (a chance node)")
            return found
        if self._state is None:
            assert self.seeds is not None  # a seeded box is made with its seeds (an invariant)
            self._state = self.game.new_game(seed=self.seeds(), players=self.players)
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        if self.chance is not None:
            return _Box(self.game, self.players, self.seeds, self.index, chance=self.chance.clone())
        return _Box(self.game, self.players, self.seeds, self.index, self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        held: State | ChanceState = self.chance if self.chance is not None else self.state
        return _unboxed, (self.game, self.players, held)


def _unboxed(game: Game, players: int, held: State | ChanceState) -> _Box:
    """``pickle``'s constructor of a :class:`_Box` (its index: the game's shared one)."""
    index = action_index(game)
    if isinstance(held, ChanceState):
        return _Box(game, players, None, index, chance=held)
    return _Box(game, players, None, index, held)


_INDEXES: weakref.WeakKeyDictionary[Game, ActionIndex] = weakref.WeakKeyDictionary()


def action_index(game: Game) -> ActionIndex:
    """One :class:`ActionIndex` per Soulforge game object (a restored box finds its game's)."""
    index = _INDEXES.get(game)
    if index is None:
        index = _INDEXES[game] = ActionIndex(game)
    return index


class SoulforgeSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A Soulforge game seen by OpenSpiel."""

    game_id = ""

    def __init__(self, params: Params | None = None) -> None:
        defaults = soulforge.load(self.game_id)
        params = {**option_defaults(defaults), "players": defaults.min_players, "seed": 0, **(params or {})}
        game = soulforge.load(self.game_id, **{name: params[name] for name in option_defaults(defaults)})
        self.sf_game, self.players = game, int(params["players"])
        self.chance = str(params.get("chance", SEEDED))
        if self.chance not in (SEEDED, EXPLICIT):
            raise ValueError(f"chance must be {SEEDED!r} or {EXPLICIT!r}, not {self.chance!r}")
        self.chance_bound = int(params.get("max_chance_outcomes", MAX_CHANCE_OUTCOMES))
        self._seeds = random.Random(int(params["seed"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=self.chance_bound if self.chance == EXPLICIT else 0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if game.utility == "zero_sum" and game.max_players == 2 else None,
            max_game_length=game.max_game_length,
        )
        super().__init__(game_type(game, self.chance), info, params)
        self.encoder = ObservationEncoder(game)
        self.history_encoder: InformationStateEncoder | None = None
        """Built on the first perfect-recall observer (it tabulates the factored actions)."""
        self.action_index = action_index(game)

    def draw_seed(self) -> int:
        """The seed of the next new game."""
        return self._seeds.getrandbits(62)

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel's own pickling asks a sampled-stochastic game for its C++ rng state, which a
        # Python game cannot give: pickled as its parameters and the seeds it will deal with.
        return _reloaded_game, (self.game_id, self.get_parameters(), self._seeds.getstate())

    def new_initial_state(self) -> SoulforgeSpielState:
        return SoulforgeSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Params | None = None) -> SoulforgeObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if not recall:
            return SoulforgeObserver(self.encoder, perfect_recall=False)
        if self.history_encoder is None:
            self.history_encoder = InformationStateEncoder(self.sf_game)
        return SoulforgeObserver(self.history_encoder, perfect_recall=True)


class SoulforgeSpielState(pyspiel.State):  # type: ignore[misc]
    """A Soulforge state seen by OpenSpiel (actions are fixed action indices; at a chance
    node of the explicit mode, outcome numbers)."""

    def __init__(self, game: SoulforgeSpielGame) -> None:
        super().__init__(game)
        if game.chance == EXPLICIT:
            self._box = _Box(game.sf_game, game.players, None, game.action_index,
                             chance=ChanceState(game.sf_game, game.players))
            self._check_outcomes()
        else:
            self._box = _Box(game.sf_game, game.players, game.draw_seed, game.action_index)

    @property
    def sf_state(self) -> State:
        """The Soulforge state (with explicit chance: the position at the last decision)."""
        return self._box.state

    def _check_outcomes(self) -> None:
        chance = self._box.chance
        bound = self.get_game().chance_bound
        if chance is not None and chance.outcomes > bound:
            raise ValueError(f"a chance node with {chance.outcomes} outcomes: more than "
                             f"max_chance_outcomes={bound} (raise the game parameter)")

    def current_player(self) -> int:
        chance = self._box.chance
        if chance is not None and chance.is_chance_node:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.sf_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node with their probabilities (explicit mode)."""
        chance = self._box.chance
        return [] if chance is None else chance.chance_outcomes()

    def _legal_actions(self, player: int) -> list[int]:
        box = self._box
        return box.legal().indices if player == box.state.current_player else []

    def legal_actions(self, player: int | None = None) -> list[int]:
        """What pyspiel's ``legal_actions`` gives (the seat to decide, or ``player``'s:
        none if it is not deciding or the game is over), for Python callers without its
        five crossings into Python (``is_terminal``, ``current_player`` thrice,
        ``_legal_actions``); C++ callers still reach :meth:`_legal_actions`."""
        box = self._box
        if box.chance is not None and box.chance.is_chance_node:
            if player is None or player == int(pyspiel.PlayerId.CHANCE):
                return list(range(box.chance.outcomes))
            return []
        if player is not None and player < 0:  # a pseudo-player: pyspiel's refusal
            found: list[int] = super().legal_actions(player)
            return found
        seat = box.state.current_player
        if seat is None or (player is not None and player != seat):
            return []
        return list(box.legal().indices)

    def _apply_action(self, action: int) -> None:
        box = self._box
        chance = box.chance
        if chance is None:
            box.state.apply(box.legal().action(action, box.game))
        elif chance.is_chance_node:
            chance.apply_chance(action)
            self._check_outcomes()
        else:
            chance.apply(box.legal().action(action, box.game))
            self._check_outcomes()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"chance outcome {action}"
        return str(self._box.game.action_at(action))

    def is_terminal(self) -> bool:
        chance = self._box.chance
        return chance.is_over if chance is not None else self.sf_state.is_over

    def returns(self) -> list[float]:
        box = self._box
        if box.chance is not None:
            return [float(value) for value in box.chance.returns()]
        state = self.sf_state
        return [float(value) for value in state.returns()] if state.is_over else [0.0] * state.num_players

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> SoulforgeSpielState:
        """A state with everything hidden from ``player_id`` resampled (``determinize``;
        with explicit chance the draws after it are chance nodes again)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        twin: SoulforgeSpielState = self.get_game().new_initial_state()
        box = self._box
        hidden = self.sf_state.determinize(player_id, rng)
        if box.chance is None:
            twin._box = _Box(box.game, box.players, box.seeds, box.index, hidden)
        else:
            hidden.rng = ScriptedRandom()
            twin._box = _Box(box.game, box.players, None, box.index, chance=box.chance.resumed(hidden))
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        # Both modes (pyspiel's pickling fails for a sampled-stochastic game: see the game's).
        return _reloaded_state, (self.get_game(), self.history(), self._box)

    def __str__(self) -> str:
        chance = self._box.chance
        if chance is None:
            return canonical(self.sf_state.view(None))
        # The events name the position exactly (the view does not show a draw's partial script).
        return canonical({"events": chance.events, "view": chance.view(None)})


def canonical(data: object) -> str:
    """JSON with sorted keys and no spaces: equal data, equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class SoulforgeObserver:
    """OpenSpiel's observer interface: tensors and strings of what the seat may know (with
    perfect recall, its own past actions too)."""

    def __init__(self, encoder: ObservationEncoder | InformationStateEncoder, perfect_recall: bool) -> None:
        self.encoder, self.perfect_recall = encoder, perfect_recall
        self.tensor: Tensor = np.zeros(encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SoulforgeSpielState, player: int) -> None:
        if _dealing(state):
            self.tensor[:] = 0.0  # nothing dealt yet to observe
            return
        if isinstance(self.encoder, InformationStateEncoder):
            own = [step.action for step in state.full_history() if step.player == player]
            self.tensor[:] = self.encoder.encode(state.sf_state, player, own)
        else:
            self.tensor[:] = self.encoder.observe(state.sf_state, player)

    def string_from(self, state: SoulforgeSpielState, player: int) -> str:
        if _dealing(state):
            return "dealing"
        sf_state = state.sf_state
        text = canonical(sf_state.view(player))
        return text + "\n" + "\n".join(sf_state.log(player)) if self.perfect_recall else text


def _reloaded_game(game_id: str, params: Params, seeds: tuple[Any, ...]) -> SoulforgeSpielGame:
    """``pickle``'s constructor of a :class:`SoulforgeSpielGame`."""
    game: SoulforgeSpielGame = pyspiel.load_game(short_name(game_id), params)
    game._seeds.setstate(seeds)
    return game


def _reloaded_state(game: SoulforgeSpielGame, history: list[int], box: _Box) -> SoulforgeSpielState:
    """``pickle``'s constructor of a :class:`SoulforgeSpielState`: pyspiel's history is
    rebuilt by replaying it from the same start, then the exact position is put in place."""
    state = game.new_initial_state()
    if history:
        held = box.chance if box.chance is not None else box.state
        if isinstance(held, ChanceState):
            fresh = ChanceState(box.game, box.players)
            state._box = _Box(box.game, box.players, None, box.index, chance=fresh)
        else:
            start = box.game.new_game(seed=held.seed, players=box.players)
            state._box = _Box(box.game, box.players, None, box.index, start)
        for action in history:
            state.apply_action(action)
    state._box = box
    return state


def _dealing(state: SoulforgeSpielState) -> bool:
    """True while an explicit-chance setup is drawn (no position yet)."""
    chance = state._box.chance
    return chance is not None and chance.state is None


def game_class(game_id: str) -> type[SoulforgeSpielGame]:
    """The OpenSpiel game class of one Soulforge game."""
    name = f"SoulforgeSpielGame_{game_id}"
    made = globals().get(name)
    if made is None:  # a module attribute, so that pickle finds the class by name
        fields = {"game_id": game_id, "__module__": __name__}
        made = globals()[name] = type(name, (SoulforgeSpielGame,), fields)
    found: type[SoulforgeSpielGame] = made
    return found


def register_all() -> None:
    """Register every game of ``soulforge.GAMES`` with OpenSpiel (once)."""
    known = set(pyspiel.registered_names())
    for game_id in soulforge.GAMES:
        if short_name(game_id) not in known:
            pyspiel.register_game(game_type(soulforge.load(game_id)), game_class(game_id))


register_all()
