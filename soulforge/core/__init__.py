"""The engine core: knows no game."""

from soulforge.core.action import Action, ActionCodec, JsonDict
from soulforge.core.errors import DataError, IllegalAction, OptionError, RecordError
from soulforge.core.game import Game, Heuristic
from soulforge.core.log import Seat
from soulforge.core.options import Option
from soulforge.core.record import Record
from soulforge.core.rng import GameRandom
from soulforge.core.state import State

__all__ = [
    "Action", "ActionCodec", "DataError", "Game", "GameRandom", "Heuristic", "IllegalAction",
    "JsonDict", "Option", "OptionError", "Record", "RecordError", "Seat", "State",
]
