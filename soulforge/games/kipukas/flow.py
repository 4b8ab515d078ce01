"""The flow of a Kipukas game (the skeleton's ``flow.py``): the rules live in ``rules/``, one
module per step or family of actions, and ``rules/__init__.py`` builds the flow from them."""

from soulforge.games.kipukas.rules import FLOW, PROMPTS, prompt

__all__ = ["FLOW", "PROMPTS", "prompt"]
