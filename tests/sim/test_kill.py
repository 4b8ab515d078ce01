"""A simulation killed half-way (SIGKILL, no clean-up) and started again loses and duplicates
nothing, in JSON lines and in Parquet."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from soulforge.sim.runner import load_results

GAMES = 60
COMMAND = ["simulate", "five_realms", "--agents", "random", "greedy", "-n", str(GAMES), "--seed", "5"]


def start(out: Path, niceness: int = 0) -> subprocess.Popen[bytes]:
    """``soulforge simulate`` in a process of its own, at ``niceness``."""
    code = "from soulforge.cli import main; main()"
    command = [sys.executable, "-c", code, *COMMAND, "--out", str(out), "--parquet-batch", "4"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=lambda: os.nice(niceness))


def written(out: Path) -> int:
    """Games readable in the results file now."""
    try:
        return len(load_results(out))
    except Exception:
        return 0


@pytest.mark.parametrize("name", ["r.jsonl", "r.parquet"])
def test_a_killed_run_resumes_without_loss_or_duplicates(tmp_path: Path, name: str) -> None:
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    out = tmp_path / name
    # The run to kill yields the CPU to this test: on a busy machine the compiled engine
    # finished all 60 games between two looks at the file (seen once), so nothing was killed.
    process = start(out, niceness=19)
    deadline = time.monotonic() + 120
    while written(out) < 1 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    before = written(out)
    assert 0 < before < GAMES, "killed half-way"
    again = start(out)
    assert again.wait(timeout=300) == 0
    seeds = sorted(row["seed"] for row in load_results(out))
    assert seeds == list(range(5, 5 + GAMES)), "every game once"
