"""The registry of games: id -> the module and class that implement it.

A game is registered here once it passes the conformance suite. Modules are imported
only when a game is loaded, so one game's import cost is not paid by another.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from soulforge.core import record
from soulforge.core.errors import OptionError
from soulforge.core.game import Game
from soulforge.core.registry import import_reference, split_reference

REGISTRY: dict[str, str] = {
    "five_realms": "soulforge.games.five_realms:FiveRealms",
    "soul_of_ankiril": "soulforge.games.soul_of_ankiril:SoulOfAnkiril",
    "soulgivers": "soulforge.games.soulgivers:Soulgivers",
    "kipukas": "soulforge.games.kipukas:Kipukas",
    "soulshards": "soulforge.games.soulshards:Soulshards",
}

GAMES: tuple[str, ...] = tuple(sorted(REGISTRY))


def game_class(game_id: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``game_id``."""
    if game_id not in REGISTRY:
        raise OptionError(f"unknown game {game_id!r}; known games: {list(GAMES)}")
    cls: type[Game] = import_reference(REGISTRY[game_id])
    return cls


def load(game_id: str, /, **options: Any) -> Game:
    """A game with its options validated (a bad option raises ``ValueError`` naming it)."""
    return game_class(game_id)(**options)


record.use_loader(load)  # a record replays through the registry; the core never imports it


def game_module(game_id: str, name: str) -> ModuleType | None:
    """A game's optional module by convention (``render_text``, ``render_svg``), or None.

    Renderers live beside the rules, in the package that holds the game's class
    (``soulforge/games/<id>/<name>.py`` for the registered games).
    """
    game_class(game_id)
    home = importlib.import_module(split_reference(REGISTRY[game_id])[0])
    package = home.__name__ if hasattr(home, "__path__") else home.__name__.rpartition(".")[0]
    target = f"{package}.{name}"
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as err:
        if err.name and target.startswith(err.name):
            return None
        raise
