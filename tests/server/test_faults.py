"""Issue 17, defect 8: faults of the database and of the records stay contained and are told
in one sentence: a damaged table, a locked database, a file that is not a database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from soulforge.cli import app as cli
from soulforge.server import create_app
from soulforge.server.app import database_problem
from tests.server.helpers import act, create, get, token

VS_AI = [{"kind": "human"}, {"kind": "ai", "level": "random"}]


def test_a_table_whose_record_no_longer_replays_is_damaged_and_the_rest_serves(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/faults.db"
    with TestClient(create_app(url)) as client:
        broken, sound = create(client, seats=VS_AI), create(client, seats=VS_AI)
        first = get(client, broken["table"], token(broken, 0))["legal"][0]["action"]
        assert act(client, broken["table"], token(broken, 0), 0, first).status_code == 200
    with sqlite3.connect(tmp_path / "faults.db") as conn:  # a rule change would do the same
        conn.execute("UPDATE sf_moves SET action = ? WHERE table_id = ?",
                     ('{"type": "choose", "prize": 6}', broken["table"]))
    with TestClient(create_app(url)) as client:
        for _ in range(2):  # every time, quickly, and the same way
            res = client.get(f"/api/tables/{broken['table']}")
            assert res.status_code == 409
            assert "is damaged: its record no longer replays" in res.json()["detail"]
        assert get(client, sound["table"], token(sound, 0))["seat"] == 0
        assert client.get("/").status_code == 200 and client.get("/api/tables").status_code == 200


@pytest.mark.usefixtures("production_write_wait")
def test_a_locked_database_answers_503_with_a_retry_hint_and_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/locked.db"
    with TestClient(create_app(url)) as client:
        made = create(client, seats=VS_AI)
        tid, tok = made["table"], token(made, 0)
        data = get(client, tid, tok)
        other = sqlite3.connect(tmp_path / "locked.db", isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
        try:
            res = act(client, tid, tok, 0, data["legal"][0]["action"])
            assert res.status_code == 503 and res.headers["Retry-After"] == "2"
            assert "nothing was changed" in res.json()["detail"]
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert get(client, tid, tok)["move"] == 0
        assert act(client, tid, tok, 0, data["legal"][0]["action"]).status_code == 200


def test_a_file_that_is_not_a_database_stops_start_up_with_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not SQLite at all\n" * 200)
    problem = database_problem(f"sqlite:///{junk}")
    assert problem is not None and "cannot be used" in problem and str(junk) in problem
    assert "\n" not in problem
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{junk}"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert [line for line in result.output.splitlines() if line.strip()] == [f"error: {problem}"]
