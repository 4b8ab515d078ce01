"""Agents: ``load("random" | "greedy" | "ismcts:iterations=400,seed=1")``, ``for_level(level)``.

>>> load("ismcts:iterations=400,seed=1")
ISMCTSAgent(iterations=400, seed=1, exploration=1.4, rollout='random', rollout_depth=20, time_limit=0.0)
"""

from __future__ import annotations

import inspect
import math
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
    """``"ismcts:iterations=400,seed=1"`` -> ``("ismcts", {"iterations": 400, "seed": 1})``.

    >>> parse_spec("ismcts:iterations=5,iterations=6")
    Traceback (most recent call last):
    ...
    ValueError: agent parameter 'iterations' is given twice
    >>> parse_spec("ismcts:exploration=nan")
    Traceback (most recent call last):
    ...
    ValueError: agent parameter exploration must be a finite number, got 'nan'
    """
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"agent parameter {part!r} must be key=value")
        if key.strip() in params:
            raise ValueError(f"agent parameter {key.strip()!r} is given twice")
        params[key.strip()] = _number(key.strip(), value.strip())
    return name.strip(), params


def with_params(spec: str, changes: str) -> str:
    """``spec`` with the parameters of ``changes`` (``"key=value,..."``) set: a key it has
    keeps its place with the new value, a new key is added at the end; "" changes nothing.

    >>> with_params("ismcts:iterations=6,widen=2.5", "iterations=9,answer_beam=12")
    'ismcts:iterations=9,widen=2.5,answer_beam=12'
    >>> with_params("greedy", "follow=0")
    'greedy:follow=0'
    """
    parse_spec(":" + changes)  # refuses a malformed or repeated parameter
    changed = dict(_parts(changes))
    if not changed:
        return spec
    name, _, rest = spec.partition(":")
    kept = [changed.pop(key, part) for key, part in _parts(rest)]
    return f"{name.strip()}:{','.join([*kept, *changed.values()])}"


def _parts(params: str) -> list[tuple[str, str]]:
    """``"a=1, b=2"`` -> ``[("a", "a=1"), ("b", "b=2")]``: each parameter's key and text."""
    return [(part.partition("=")[0].strip(), part.strip()) for part in params.split(",") if part.strip()]


MAX_INT = 2**31 - 1
"""The largest integer parameter (iterations, seeds, depths)."""


def _number(key: str, text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return text
    if not math.isfinite(value):
        raise ValueError(f"agent parameter {key} must be a finite number, got {text!r}")
    return value


def _checked(factory: AgentFactory, name: str, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` checked against the types of the factory's defaults: an int parameter takes
    an int (at most :data:`MAX_INT`), a float one a number, a str one a text."""
    defaults = {p.name: p.default for p in inspect.signature(factory).parameters.values()
                if p.default is not inspect.Parameter.empty}
    out = dict(params)
    for key, value in params.items():
        default = defaults.get(key)
        if isinstance(default, bool) or default is None:  # unknown (the factory refuses it) or untyped
            continue
        if isinstance(default, int) and (not isinstance(value, int) or abs(value) > MAX_INT):
            raise ValueError(f"parameter {key} of agent {name!r} must be an integer up to {MAX_INT}, "
                             f"got {value!r}")
        if isinstance(default, float):
            if not isinstance(value, int | float):
                raise ValueError(f"parameter {key} of agent {name!r} must be a number, got {value!r}")
            out[key] = float(value)
        if isinstance(default, str) and not isinstance(value, str):
            out[key] = str(value)
    return out


def load(spec: str, **overrides: Any) -> Agent:
    """An agent from its spec string; unknown names or parameters, or values of the wrong
    type, raise ValueError naming them."""
    name, params = parse_spec(spec)
    if name not in REGISTRY:
        raise ValueError(f"unknown agent {name!r}; known agents: {sorted(REGISTRY)}")
    params = _checked(REGISTRY[name], name, params)
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
    "with_params",
]
