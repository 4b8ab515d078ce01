"""Soul of Ankiril - The Strategy Game (rulebook ``soul_of_ankiril.txt``)."""

from soulforge.games.soul_of_ankiril.game import SoulOfAnkiril

__all__ = ["SoulOfAnkiril"]
