"""Results storage: JSON lines and Parquet, both resumable, read back alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from soulforge.sim.runner import SimConfig, SimulationError, jobs_for, load_results, play_game, simulate
from soulforge.sim.storage import ParquetWriter, load_rows, rows_to_table, table_to_rows

pytest.importorskip("pyarrow")
pytestmark = pytest.mark.usefixtures("toy_games")

CONFIG = SimConfig("tricks", ("random", "greedy"), 10, seed=40)


def without_duration(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """Rows sorted by game, their timing left out (the only field a replay changes)."""
    return sorted(({k: v for k, v in row.items() if k != "duration"} for row in rows),
                  key=lambda row: (row["seed"], row["agents"]))


def test_a_row_survives_the_parquet_round_trip() -> None:
    rows = [play_game(job) for job in jobs_for(CONFIG)[:3]]
    rows[0]["winner"], rows[0]["winner_agent"] = None, None
    rows[1]["extra"] = {"nested": [1, 2], "x": "y"}
    back = table_to_rows(rows_to_table(rows))
    assert back[0] == rows[0] and back[1] == rows[1] and back[2] == rows[2]


def test_parquet_and_json_lines_hold_the_same_rows(tmp_path: Path) -> None:
    jsonl = simulate(CONFIG, tmp_path / "r.jsonl")
    parquet = simulate(CONFIG, tmp_path / "r.parquet")
    assert (tmp_path / "r.parquet").is_dir()
    stored = load_results(tmp_path / "r.parquet")
    assert without_duration(stored) == without_duration(load_results(tmp_path / "r.jsonl"))
    assert without_duration(parquet) == without_duration(jsonl)


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_an_interrupted_run_resumes_losing_and_duplicating_nothing(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"r{suffix}"
    seen: list[int] = []

    def stop_after_four(row: dict[str, object]) -> None:
        seen.append(1)
        if len(seen) == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(CONFIG, out, on_result=stop_after_four)
    assert len(load_rows(out)) == 4
    started: list[tuple[int, int]] = []
    rows = simulate(CONFIG, out, on_start=lambda done, total: started.append((done, total)))
    assert started == [(4, 10)]
    assert without_duration(load_rows(out)) == without_duration(rows)
    assert sorted(row["seed"] for row in load_rows(out)) == list(range(40, 50))
    complete = simulate(CONFIG, tmp_path / f"whole{suffix}")
    assert without_duration(rows) == without_duration(complete)


def test_a_killed_parquet_writer_loses_only_its_unwritten_batch(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    rows = [play_game(job) for job in jobs_for(CONFIG)]
    writer = ParquetWriter(out, batch=4)
    for row in rows[:7]:
        writer.write(row)
    (out / ".part-00002.parquet.tmp").write_bytes(b"PAR1 half a file")  # killed while writing
    assert len(load_rows(out)) == 4, "one batch of 4 written; 3 buffered rows lost with the process"
    again = simulate(CONFIG, out)
    assert sorted(row["seed"] for row in load_rows(out)) == list(range(40, 50))
    assert len(again) == 10


def test_a_file_that_is_not_a_parquet_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    out.write_text("not parquet")
    with pytest.raises(SimulationError, match="not a Parquet results folder"):
        simulate(CONFIG, out)
