"""The simulation runner: seating, results file, resume, backends (on the toy game)."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import soulforge.agents
from soulforge.core import Action, State
from soulforge.sim.runner import (
    GameJob,
    SimConfig,
    SimulationError,
    agent_labels,
    jobs_for,
    load_results,
    play_game,
    run_games,
    seating,
    simulate,
)

pytestmark = pytest.mark.usefixtures("toy_games")

CONFIG = SimConfig("tricks", ("random", "random"), 6, seed=10)


def seeds(path: Path) -> list[int]:
    """Seeds of the complete lines of a results file."""
    return [row["seed"] for row in load_results(path)]


def test_seats_rotate_game_by_game() -> None:
    jobs = jobs_for(SimConfig("tricks", ("a", "b", "c"), 4, seed=5))
    assert [job.seed for job in jobs] == [5, 6, 7, 8]
    assert [job.specs for job in jobs] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"), ("a", "b", "c")]
    assert seating(["x", "y"], 3) == ["y", "x"]
    assert agent_labels(["r", "g", "r"]) == ("r#1", "g", "r#3")


def test_paired_runs_play_each_seed_from_every_seat() -> None:
    jobs = jobs_for(SimConfig("tricks", ("a", "b"), 5, seed=5, paired=True))
    assert [job.seed for job in jobs] == [5, 5, 6, 6, 7]
    assert [job.specs for job in jobs] == [("a", "b"), ("b", "a")] * 2 + [("a", "b")]
    three = jobs_for(SimConfig("tricks", ("a", "b", "c"), 3, seed=0, paired=True))
    assert {job.seed for job in three} == {0} and len({job.specs for job in three}) == 3


def test_paired_run_resumes_by_seed_and_seating(tmp_path: Path) -> None:
    out = tmp_path / "paired.jsonl"
    simulate(SimConfig("tricks", ("random", "greedy"), 3, seed=10, paired=True), out)
    started: list[tuple[int, int]] = []
    rows = simulate(SimConfig("tricks", ("random", "greedy"), 6, seed=10, paired=True), out,
                    on_start=lambda done, total: started.append((done, total)))
    assert started == [(3, 6)] and len(rows) == 6
    games = sorted((row["seed"], tuple(row["agents"])) for row in load_results(out))
    assert games == [(seed, seats) for seed in (10, 11, 12) for seats in
                     (("greedy", "random"), ("random", "greedy"))]


def test_play_game_row_has_every_field() -> None:
    job = jobs_for(CONFIG)[1]
    row = play_game(job)
    assert row["game"] == "tricks" and row["seed"] == 11 and row["index"] == 1
    assert row["agents"] == ["random#2", "random#1"] and row["specs"] == ["random", "random"]
    assert row["options"] == {"hand": 3, "open": False}
    assert sorted(row["returns"]) == [-1.0, 1.0]
    assert row["winner_agent"] == row["agents"][row["winner"]]
    assert row["first_player"] is None, "the toy game does not say who starts"
    assert 9 <= row["length"] <= 11, "3 prizes chosen, 6 cards played or passed, up to 2 draws"
    assert row["duration"] >= 0
    assert play_game(job) | {"duration": 0} == row | {"duration": 0}, "same seed, same game"


def test_simulate_writes_one_line_per_game_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    started: list[tuple[int, int]] = []
    rows = simulate(CONFIG, out, on_start=lambda done, total: started.append((done, total)))
    assert len(rows) == 6 and sorted(seeds(out)) == list(range(10, 16))
    assert started == [(0, 6)]
    again = simulate(SimConfig("tricks", ("random", "random"), 8, seed=10), out,
                     on_start=lambda done, total: started.append((done, total)))
    assert started[-1] == (6, 8)
    assert len(again) == 8 and sorted(seeds(out)) == list(range(10, 18))


def test_resume_after_an_interrupted_write(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(SimConfig("tricks", ("random", "random"), 3, seed=10), out)
    with out.open("a") as handle:
        handle.write('{"seed": 13, "agen')  # cut short by an interruption
    assert len(load_results(out)) == 3
    rows = simulate(CONFIG, out)
    assert len(rows) == 6 and sorted(seeds(out)) == list(range(10, 16))
    assert len(out.read_text().splitlines()) == 7, "the cut line stays, on its own line"
    assert json.loads(out.read_text().splitlines()[-1])["seed"] in range(13, 16)


def test_a_file_of_another_setup_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(SimConfig("tricks", ("random", "random"), 2), out)
    with pytest.raises(SimulationError, match="another setup"):
        simulate(SimConfig("tricks", ("random", "random"), 2, options={"hand": 4}), out)


def test_bad_configs_raise_value_errors(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    with pytest.raises(ValueError, match="unknown agent"):
        simulate(SimConfig("tricks", ("random", "nobody"), 2), out)
    with pytest.raises(ValueError, match="players"):
        simulate(SimConfig("tricks", ("random",) * 5, 2), out)
    with pytest.raises(ValueError, match="hand"):
        simulate(SimConfig("tricks", ("random", "random"), 2, options={"hand": 0}), out)
    assert not out.exists()


class Broken:
    name = "broken"

    def __init__(self, seed: int = 0) -> None:
        pass

    def act(self, state: State, player: int) -> Action:
        raise RuntimeError("no idea")


def test_a_failing_game_names_its_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(soulforge.agents.REGISTRY, "broken", Broken)
    with pytest.raises(SimulationError, match=r"game seed 0 failed: RuntimeError: no idea"):
        simulate(SimConfig("tricks", ("broken", "random"), 2), tmp_path / "r.jsonl")


def test_process_backend_with_two_workers(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    rows = simulate(CONFIG, out, workers=2)
    assert len(rows) == 6 and sorted(seeds(out)) == list(range(10, 16))
    inline = {row["seed"]: row["returns"] for row in simulate(CONFIG, tmp_path / "inline.jsonl")}
    assert {row["seed"]: row["returns"] for row in rows} == inline, "workers do not change results"


def test_unknown_backend_and_bad_workers() -> None:
    with pytest.raises(SimulationError, match="unknown backend"):
        run_games([], backend="dask")
    with pytest.raises(SimulationError, match="workers"):
        run_games([], workers=0)


def test_ray_backend_without_ray_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(SimulationError, match=r"pip install 'soulforge\[ray\]'"):
        simulate(CONFIG, tmp_path / "r.jsonl", backend="ray")
    assert not (tmp_path / "r.jsonl").exists()


class FakeRef:
    def __init__(self, value: Any) -> None:
        self.value = value


def fake_ray() -> types.ModuleType:
    """Just enough of Ray's API, running tasks at once in this process."""
    ray = types.ModuleType("ray")
    state = {"init": False}

    def remote(fn: Any) -> Any:
        return types.SimpleNamespace(remote=lambda job: FakeRef(fn(job)))

    ray.is_initialized = lambda: state["init"]  # type: ignore[attr-defined]
    ray.init = lambda **kw: state.update(init=True, kwargs=kw)  # type: ignore[attr-defined]
    ray.state = state  # type: ignore[attr-defined]
    ray.remote = remote  # type: ignore[attr-defined]
    ray.wait = lambda refs, num_returns: (refs[:num_returns], refs[num_returns:])  # type: ignore[attr-defined]
    ray.get = lambda ref: ref.value  # type: ignore[attr-defined]
    ray.cancel = lambda ref, force: None  # type: ignore[attr-defined]
    return ray


def test_ray_backend_uses_ray_remote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ray = fake_ray()
    monkeypatch.setitem(sys.modules, "ray", ray)
    rows = simulate(CONFIG, tmp_path / "r.jsonl", workers=2, backend="ray")
    assert sorted(row["seed"] for row in rows) == list(range(10, 16))
    assert ray.state["kwargs"]["num_cpus"] == 2, "a local Ray gets --workers CPUs"


def test_ray_address_joins_a_cluster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ray = fake_ray()
    monkeypatch.setitem(sys.modules, "ray", ray)
    simulate(CONFIG, tmp_path / "r.jsonl", backend="ray", address="10.0.0.5:6379")
    kwargs = ray.state["kwargs"]
    assert kwargs["address"] == "10.0.0.5:6379" and "num_cpus" not in kwargs, "the cluster has its own CPUs"
    with pytest.raises(SimulationError, match="use it with --backend ray"):
        simulate(CONFIG, tmp_path / "p.jsonl", address="auto")


def test_jobs_are_picklable() -> None:
    import pickle

    job = jobs_for(CONFIG)[0]
    assert isinstance(pickle.loads(pickle.dumps(job)), GameJob)
