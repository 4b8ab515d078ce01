"""The rules of Soulshards live in the ``rules`` package (one module per step or family of
actions); ``FLOW`` and the prompts are re-exported here for the state and the views."""

from soulforge.games.soulshards.rules import FLOW, PROMPTS, legal_kinds, not_now, step_prompt

__all__ = ["FLOW", "PROMPTS", "legal_kinds", "not_now", "step_prompt"]
