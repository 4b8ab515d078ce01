"""Soulshards: Broken Alliance (rulebook ``soulshards_broken_alliance.txt``)."""

from soulforge.games.soulshards.game import Soulshards

__all__ = ["Soulshards"]
