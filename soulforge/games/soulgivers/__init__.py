"""Soulgivers: two populations fight for the Fragment under the Decay (rulebook soulgivers.txt)."""

from soulforge.games.soulgivers.game import Soulgivers

__all__ = ["Soulgivers"]
