"""The Ray backend against a real local Ray (``ray.init(num_cpus=2)``), one session per module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from soulforge.sim.runner import GameJob, SimConfig, SimulationError, run_games, simulate

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.usefixtures("toy_games")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ray_session() -> Iterator[Any]:
    """One local Ray for the module; its workers import ``tests.toy`` from the checkout."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield ray
    ray.shutdown()


def games(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows by seed and seating, timing left out: what must not depend on the backend."""
    return sorted(({k: v for k, v in row.items() if k != "duration"} for row in rows),
                  key=lambda row: (row["seed"], row["agents"]))


def test_ray_and_processes_give_the_same_rows(ray_session: Any, tmp_path: Path) -> None:
    config = SimConfig("tricks", ("random", "greedy"), 12, seed=100, paired=True)
    on_ray = simulate(config, tmp_path / "ray.jsonl", workers=2, backend="ray")
    local = simulate(config, tmp_path / "local.jsonl", workers=2)
    assert len(on_ray) == 12
    assert games(on_ray) == games(local)


def test_a_ray_run_resumes_into_parquet(ray_session: Any, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    out = tmp_path / "r.parquet"
    simulate(SimConfig("tricks", ("random", "random"), 5, seed=7), out, workers=2, backend="ray")
    rows = simulate(SimConfig("tricks", ("random", "random"), 9, seed=7), out, workers=2, backend="ray")
    assert sorted(row["seed"] for row in rows) == list(range(7, 16))


def test_a_failing_game_on_ray_names_its_seed(ray_session: Any) -> None:
    job = GameJob("tricks", "tests.toy:Tricks", {"hand": 99}, 0, 3, ("random",) * 2, ("r#1", "r#2"))
    with pytest.raises(SimulationError, match=r"game seed 3 failed: OptionError: option 'hand'"):
        list(run_games([job], backend="ray"))
