"""Five Realms: card drafting on the floating Alkane square (rulebook ``five_realms.txt``)."""

from soulforge.games.five_realms.game import FiveRealms
from soulforge.games.five_realms.state import FiveRealmsState

__all__ = ["FiveRealms", "FiveRealmsState"]
