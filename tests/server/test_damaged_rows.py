"""Issue 29, defect 4: one damaged row is quarantined, never the lobby nor start-up.

A table whose stored row holds a value no table can have (a text seed, options that are not
JSON, a missing seat, an unreadable move or chat message...) answers 409 "damaged" naming
the field; the lobby, ``/api/tables``, start-up and every other table go on; the operator
is told once in the log and ``soulforge doctor`` lists it."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from soulforge.cli import app as cli
from soulforge.server import create_app
from tests.server.helpers import act, create, get, token

VS_AI = [{"kind": "human"}, {"kind": "ai", "level": "random"}]

ANY_DATABASE = {  # damage either database can hold (PostgreSQL types refuse text in a number)
    "options": "UPDATE sf_tables SET options = '[1, 2]' WHERE id = :t",
    "clock": """UPDATE sf_tables SET clock = '{"bank": "lots", "since": 0}' WHERE id = :t""",
    "returns": "UPDATE sf_tables SET returns = '[1]' WHERE id = :t",
    "seats": "DELETE FROM sf_seats WHERE table_id = :t AND seat = 1",
    "seat 1": "UPDATE sf_seats SET kind = 'robot' WHERE table_id = :t AND seat = 1",
    "status": "UPDATE sf_tables SET status = 'paused' WHERE id = :t",
}
SQLITE_ONLY = {  # SQLite stores any value in any column: what a stray script or tool can leave
    "seed": "UPDATE sf_tables SET seed = 'forty-two' WHERE id = :t",
    "options": "UPDATE sf_tables SET options = '{not json' WHERE id = :t",
    "created": "UPDATE sf_tables SET created = 'yesterday' WHERE id = :t",
    "returns": "UPDATE sf_tables SET returns = 'a draw' WHERE id = :t",
    "players": "UPDATE sf_tables SET players = 'two' WHERE id = :t",
    "listed": "UPDATE sf_tables SET listed = 'maybe' WHERE id = :t",
    "move 0": "UPDATE sf_moves SET action = '{not json' WHERE table_id = :t",
}


def damage(url: str, statement: str, table: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(statement), {"t": table})
    engine.dispose()


def two_tables(url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table to damage and a sound one, each with a move played and a chat message."""
    with TestClient(create_app(url)) as client:
        tables = create(client, seats=VS_AI), create(client, seats=VS_AI)
        for made in tables:
            first = get(client, made["table"], token(made, 0))["legal"][0]["action"]
            assert act(client, made["table"], token(made, 0), 0, first).status_code == 200
            client.post(f"/api/tables/{made['table']}/chat", json={"text": "gl"},
                        headers={"X-Seat-Token": token(made, 0)})
    return tables


def assert_quarantined(url: str, broken: dict[str, Any], sound: dict[str, Any], field: str) -> None:
    """Start-up, the lobby and the sound table work; the broken one answers 409 naming ``field``."""
    with TestClient(create_app(url)) as client:  # start-up does not fail
        for _ in range(2):  # every time, the same way
            assert client.get("/").status_code == 200
            assert client.get("/api/tables").status_code == 200
            res = client.get(f"/api/tables/{broken['table']}")
            assert res.status_code == 409, res.text
            assert f"table {broken['table']!r} is damaged: {field}" in res.json()["detail"]
            ids = {t["table"] for t in client.get("/api/tables").json()}
            assert sound["table"] in ids and broken["table"] not in ids, "the lobby offers it no more"
        assert broken["table"] not in client.get("/").text
        assert get(client, sound["table"], token(sound, 0))["move"] >= 1
        assert client.get(f"/api/tables/{sound['table']}/chat").json()[0]["text"] == "gl"


@pytest.mark.parametrize("field", sorted(ANY_DATABASE))
def test_a_damaged_row_is_quarantined_on_either_database(db_url: str, field: str) -> None:
    broken, sound = two_tables(db_url)
    damage(db_url, ANY_DATABASE[field], broken["table"])
    assert_quarantined(db_url, broken, sound, field)


@pytest.mark.parametrize("field", sorted(SQLITE_ONLY))
def test_a_value_of_the_wrong_type_is_quarantined(tmp_path: Path, field: str) -> None:
    url = f"sqlite:///{tmp_path}/damaged.db"
    broken, sound = two_tables(url)
    damage(url, SQLITE_ONLY[field], broken["table"])
    assert_quarantined(url, broken, sound, field)


def test_a_bad_chat_row_quarantines_its_table_alone(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/chat.db"
    broken, sound = two_tables(url)
    damage(url, "UPDATE sf_chat SET at = 'noon' WHERE table_id = :t", broken["table"])
    with TestClient(create_app(url)) as client:
        res = client.get(f"/api/tables/{broken['table']}/chat")
        assert res.status_code == 409 and "is damaged: chat" in res.json()["detail"]
        said = client.post(f"/api/tables/{broken['table']}/chat", json={"text": "hi"},
                           headers={"X-Seat-Token": token(broken, 0)})
        assert said.status_code == 409
        assert client.get(f"/api/tables/{broken['table']}").status_code == 409
        assert client.get(f"/api/tables/{sound['table']}/chat").status_code == 200
        assert client.get("/").status_code == 200 and client.get("/api/tables").status_code == 200


def test_the_operator_is_told_once_and_doctor_lists_every_damaged_table(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    url = f"sqlite:///{tmp_path}/doctor.db"
    broken, sound = two_tables(url)
    result = CliRunner().invoke(cli, ["doctor", "--db", url])
    assert result.exit_code == 0 and "No damaged table." in result.output
    damage(url, SQLITE_ONLY["seed"], broken["table"])
    damage(url, "UPDATE sf_chat SET number = 'one' WHERE table_id = :t", sound["table"])
    with caplog.at_level(logging.WARNING, logger="soulforge.server"), TestClient(create_app(url)) as client:
        for _ in range(3):
            client.get("/api/tables")
            client.get(f"/api/tables/{broken['table']}")
    warned = [r.getMessage() for r in caplog.records if broken["table"] in r.getMessage()]
    assert len(warned) == 1 and "is damaged: seed" in warned[0] and "soulforge doctor" in warned[0]
    result = CliRunner().invoke(cli, ["doctor", "--db", url])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert f"{broken['table']}: seed: 'forty-two' is not a whole number" in lines
    assert any(line.startswith(f"{sound['table']}: chat:") for line in lines)


def test_doctor_replays_the_records_when_asked(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/replay.db"
    broken, _sound = two_tables(url)
    damage(url, """UPDATE sf_moves SET action = '{"type": "choose", "prize": 6}' WHERE table_id = :t""",
           broken["table"])
    assert CliRunner().invoke(cli, ["doctor", "--db", url]).exit_code == 0, "the rows themselves are sound"
    result = CliRunner().invoke(cli, ["doctor", "--db", url, "--replay"])
    assert result.exit_code == 1 and f"{broken['table']}: its record no longer replays" in result.output
