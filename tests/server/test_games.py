"""Every registered game is playable at the web table, each through its own renderer."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import soulforge.games
from soulforge.server import create_app
from soulforge.server.catalog import rules_dir
from tests.server.helpers import act, assert_payload_is_view, create, expected_state, get, token

REGISTERED = [g for g in soulforge.games.GAMES if not g.startswith("tricks")]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/games.db")) as c:
        yield c


@pytest.mark.parametrize("game", REGISTERED)
def test_registered_game_plays_at_the_table_with_views_only(client: TestClient, game: str) -> None:
    assert game in {g["id"] for g in client.get("/api/games").json()}
    rules = client.get(f"/rules/{game}")
    assert rules.status_code == 200
    if rules_dir().is_dir():
        assert "not available" not in rules.text and len(rules.text) > 2000
    made = create(client, game=game, seats=[{"kind": "human"}, {"kind": "human"}], seed=3, hot_seat=True)
    both, rng, actions = f"{token(made, 0)},{token(made, 1)}", random.Random(1), list[dict[str, Any]]()
    data = get(client, made["table"], both)
    options = data["view"]["options"]
    for _ in range(25):
        if data["is_over"]:
            break
        choice = rng.choice(data["legal"])["action"]
        res = act(client, made["table"], both, data["move"], choice)
        assert res.status_code == 200, res.text
        data, actions = res.json(), [*actions, choice]
        state = expected_state(game, options, 3, 2, actions)
        assert_payload_is_view(data, state, state.current_player if not state.is_over else 0)
        assert_payload_is_view(get(client, made["table"]), state, None)
        assert data["svg"].lstrip().startswith("<svg")
