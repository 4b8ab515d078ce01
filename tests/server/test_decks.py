"""Issue 17, defects 3 and 6: over the web a deck is sent as its text, never as a path the
server would read; a table stores the deck itself, so it replays without any file."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from soulforge.server import create_app
from tests.server.helpers import create, get, token

EXAMPLE = Path(__file__).parents[2] / "soulforge/games/soul_of_ankiril/example_deck.toml"
VS_AI = [{"kind": "human"}, {"kind": "ai", "level": "random"}]


def test_a_deck_option_naming_a_server_file_is_refused_without_reading_it(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        for path in ("/etc/passwd", str(EXAMPLE)):
            res = client.post("/api/tables", json={"game": "soul_of_ankiril", "seats": VS_AI,
                                                   "options": {"deck0": path}})
            detail = res.json()["detail"]
            assert res.status_code == 422 and "neither a built-in deck" in detail
            assert "root" not in detail and "Barush" not in detail, "nothing of the file is told"
        huge = client.post("/api/tables", json={"game": "soul_of_ankiril", "seats": VS_AI,
                                                "options": {"deck0": "[cards]\n" + "x" * 30_000}})
        assert huge.status_code == 422 and "too long" in huge.json()["detail"]


def test_a_table_keeps_its_deck_and_replays_after_a_restart_without_any_file(db_url: str) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    with TestClient(create_app(db_url)) as client:
        made = create(client, game="soul_of_ankiril", seats=VS_AI, options={"deck0": text})
        before = get(client, made["table"], token(made, 0))
    assert before["view"]["options"]["deck0"] == text
    with TestClient(create_app(db_url)) as client:  # a restart: the table rebuilt from storage alone
        after = get(client, made["table"], token(made, 0))
    assert after["view"] == before["view"] and after["view"]["players"][0]["leader"] == "Barush"
