"""Kipukas: the Domination game on the Founder's Deck (``../shared/rules/kipukas.md``)."""

from soulforge.games.kipukas.game import Kipukas

__all__ = ["Kipukas"]
