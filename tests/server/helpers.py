"""Assertions and small clients shared by the server tests."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient

from soulforge.core import Record, State
from soulforge.server.render import render_board
from tests.server.fakes import HANG_GUARD

PUBLIC_KEYS = {"table", "game", "title", "status", "seat", "seats_held", "seats", "move", "version",
               "current_player", "prompt", "is_over", "returns", "outcome", "verdict", "thinking", "can_undo",
               "spectators_muted", "rematch", "clock", "rated"}


def expected_state(game: str, options: dict[str, Any], seed: int, players: int,
                   actions: list[dict[str, Any]]) -> State:
    return Record(game, options, seed, players, actions).replay()


def assert_payload_is_view(payload: dict[str, Any], state: State, seat: int | None) -> None:
    """A payload holds exactly view(seat), log(seat), the seat's own legal actions and public facts."""
    assert set(payload) - {"type"} == PUBLIC_KEYS | {"view", "log", "legal", "svg"}
    assert payload["seat"] == seat
    assert payload["view"] == state.view(seat)
    assert payload["log"] == state.log(seat)
    deciding = seat is not None and state.current_player == seat
    legal: list[dict[str, Any]] = [
        {"action": a.to_json(), "label": state.describe(a), "path": list(state.click_path(a))}
             for a in state.legal_actions()] if deciding else []
    assert payload["legal"] == legal
    assert payload["outcome"] == state.outcome()
    assert payload["svg"] == render_board(state.game.id, state.view(seat), [x["action"] for x in legal])
    assert payload["move"] == state.move_number
    assert payload["current_player"] == state.current_player
    assert payload["is_over"] == state.is_over
    assert payload["prompt"] == state.view(seat)["prompt"]


def create(client: TestClient, claim: bool = True, **body: Any) -> dict[str, Any]:
    """POST /api/tables; with ``claim``, each invite is then used, as each invited player's
    browser would, and its seat's ``token`` filled in with the token the claim gave."""
    body.setdefault("game", "tricks")
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    for seat in data["seats"] if claim else []:
        if seat["invite"]:
            seat["token"] = claim_invite(client, seat["invite"]).json()["token"]
    return data


def claim_invite(client: TestClient, link: str) -> Any:
    """Open an invite link as its page does: POST the code of ``#seat=N&invite=CODE``."""
    table = link.split("/t/")[1].split("#")[0]
    fields = dict(part.split("=", 1) for part in link.split("#")[1].split("&"))
    body = {"seat": int(fields["seat"]), "invite": fields["invite"]}
    return client.post(f"/api/tables/{table}/claim", json=body)


def token(created: dict[str, Any], seat: int) -> str:
    tok: str = created["seats"][seat]["token"]
    return tok


def get(client: TestClient, table: str, *tokens: str) -> dict[str, Any]:
    res = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": ",".join(tokens)})
    assert res.status_code == 200, res.text
    data: dict[str, Any] = res.json()
    return data


def act(client: TestClient, table: str, tok: str, move: int, action: dict[str, Any],
        seat: int | None = None) -> Any:
    return client.post(f"/api/tables/{table}/actions", headers={"X-Seat-Token": tok},
                       json={"move": move, "action": action, "seat": seat})


def wait_for(client: TestClient, table: str, tok: str, done: Any,
             timeout: float = HANG_GUARD) -> dict[str, Any]:
    """The table's payload once ``done(payload)`` holds: between looks, the test awaits the
    service's change event (a move, an undo, an AI given up), not a clock; ``timeout`` only
    guards against a hang."""
    service = client.app.state.service  # type: ignore[attr-defined]
    while True:
        data = get(client, table, tok)
        if done(data):
            return data
        try:
            client.portal.call(_changed, service, table, data["version"], timeout)  # type: ignore[union-attr]
        except TimeoutError:
            raise AssertionError(f"nothing changed in {timeout} s; last payload move {data['move']}, "
                                 f"thinking {data['thinking']}") from None


async def _changed(service: Any, table: str, version: int, timeout: float) -> None:
    await asyncio.wait_for(service.changed(table, version), timeout)


def first_answer(socket: Any, hello: str | bytes) -> dict[str, Any]:
    """Send a websocket's first message as it is (text or binary); the server's answer."""
    if isinstance(hello, bytes):
        socket.send_bytes(hello)
    else:
        socket.send_text(hello)
    answer: dict[str, Any] = socket.receive_json()
    return answer
