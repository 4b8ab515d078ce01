"""Issue 17, defect 7: AI seats think in a pool of worker processes, so the lobby and human
moves are served while they think, and an agent keeps what it learnt from move to move."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.core import Action, State
from soulforge.server import create_app, tables
from soulforge.server.thinking import QUEUE_PER_WORKER, Thinkers
from tests.server.helpers import act, create, get, token, wait_for


class SlowAgent:
    """Thinks until the file ``release`` exists (the test makes it: no timing), then plays the
    first legal action; remembers in which process it thought."""

    name = "slow"

    def __init__(self, release: Path) -> None:
        self.release = release
        self.thought_in: list[int] = []

    def act(self, state: State, player: int) -> Action:
        while not self.release.exists():
            time.sleep(0.02)
        self.thought_in.append(os.getpid())
        return state.legal_actions()[0]


def test_ai_thinks_in_another_process_while_the_server_serves_people(
        db_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    release = tmp_path / "release"
    monkeypatch.setattr(tables, "make_agent", lambda level, seed, game: SlowAgent(release))
    with TestClient(create_app(db_url, ai_workers=1)) as client:
        thinking = create(client, seats=[{"kind": "ai", "level": "random"}, {"kind": "human"}])
        people = create(client, seats=[{"kind": "human"}, {"kind": "human"}], hot_seat=True)
        both = f"{token(people, 0)},{token(people, 1)}"
        # while the AI thinks its first move, the lobby answers and a person moves
        assert client.get("/").status_code == 200 and client.get("/api/tables").status_code == 200
        first = get(client, people["table"], both)["legal"][0]["action"]
        assert act(client, people["table"], both, 0, first).status_code == 200
        assert get(client, thinking["table"], token(thinking, 1))["move"] == 0, "the AI is still thinking"
        release.touch()
        wait_for(client, thinking["table"], token(thinking, 1), lambda d: d["move"] >= 1)
        live: Any = client.app.state.service.live[thinking["table"]]  # type: ignore[attr-defined]
        agent = live.players[0]
        assert agent.thought_in and os.getpid() not in agent.thought_in, "it thought in a worker"


def test_the_pool_is_bounded_and_zero_workers_think_in_threads() -> None:
    pool = Thinkers(3)
    assert pool.cap == 3 * QUEUE_PER_WORKER
    pool.shutdown()
    assert Thinkers(0).cap == QUEUE_PER_WORKER
