"""Simulation: many seeded AI-vs-AI games (runner), their statistics and HTML reports."""

from soulforge.sim.runner import SimConfig, SimulationError, load_results, simulate
from soulforge.sim.stats import Summary, summarize, wilson_interval

__all__ = [
    "SimConfig", "SimulationError", "Summary", "load_results", "simulate", "summarize", "wilson_interval",
]
