"""Agents: ``load("random" | "greedy" | "ismcts:iterations=400,seed=1")``, ``for_level(level)``.

>>> load("ismcts:iterations=400,seed=1")
ISMCTSAgent(iterations=400, seed=1, exploration=1.4, rollout='random', rollout_depth=20, time_limit=0.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soulforge.agents.base import Agent, RandomAgent
from soulforge.agents.greedy import GreedyAgent
from soulforge.agents.ismcts import ISMCTSAgent
from soulforge.agents.levels import LEVELS, for_level, level_spec
from soulforge.agents.planner import TurnPlannerAgent

AgentFactory = Callable[..., Agent]

REGISTRY: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
    "planner": TurnPlannerAgent,
}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=400,seed=1"`` -> ``("ismcts", {"iterations": 400, "seed": 1})``."""
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"agent parameter {part!r} must be key=value")
        params[key.strip()] = _number(value.strip())
    return name.strip(), params


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def load(spec: str, **overrides: Any) -> Agent:
    """An agent from its spec string; unknown names or parameters raise ValueError."""
    name, params = parse_spec(spec)
    if name not in REGISTRY:
        raise ValueError(f"unknown agent {name!r}; known agents: {sorted(REGISTRY)}")
    params.update(overrides)
    try:
        return REGISTRY[name](**params)
    except TypeError as err:
        raise ValueError(f"bad parameters for agent {name!r}: {err}") from None


__all__ = [
    "LEVELS",
    "REGISTRY",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "TurnPlannerAgent",
    "for_level",
    "level_spec",
    "load",
    "parse_spec",
]
