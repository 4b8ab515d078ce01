"""The web table's API and websocket, on SQLite and on a throwaway PostgreSQL cluster."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from soulforge.core import Action, State
from soulforge.server import create_app, tables
from soulforge.server.storage import MoveConflict, Storage
from tests.server.fakes import Passive
from tests.server.helpers import (
    act,
    assert_payload_is_view,
    claim_invite,
    create,
    expected_state,
    get,
    token,
    wait_for,
)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def play_hot_seat(client: TestClient, seed: int = 5) -> tuple[dict[str, Any], list[dict[str, Any]], State]:
    """A whole hot-seat game, every payload checked against the seat's view."""
    made = create(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=seed, hot_seat=True)
    both = f"{token(made, 0)},{token(made, 1)}"
    actions: list[dict[str, Any]] = []
    data = get(client, made["table"], both)
    while not data["is_over"]:
        choice = data["legal"][-1 if len(actions) % 3 else 0]["action"]
        res = act(client, made["table"], both, data["move"], choice)
        assert res.status_code == 200, res.text
        actions.append(choice)
        data = res.json()
        state = expected_state("tricks", {"hand": 3, "open": False}, seed, 2, actions)
        assert_payload_is_view(data, state, state.current_player if not state.is_over else data["seat"])
    return made, actions, state


def test_lobby_lists_games_and_rules_page_escapes_html(client: TestClient) -> None:
    games = client.get("/api/games").json()
    mini = next(g for g in games if g["id"] == "tricks")
    assert mini["summary"].startswith("A test game") and mini["rules_url"] == "/rules/tricks"
    assert [o["name"] for o in mini["options"]] == ["hand", "open"]
    lobby = client.get("/").text
    assert "Tricks" in lobby and 'name="opt:hand"' in lobby and "/rules/tricks" in lobby
    rules = client.get("/rules/tricks").text
    assert "<strong>play</strong>" in rules and "<script>alert" not in rules
    assert client.get("/rules/nope").status_code == 404


def test_create_table_gives_the_creator_a_token_and_the_others_one_time_invites(
        client: TestClient, db_url: str) -> None:
    made = create(client, claim=False, players=3, seats=[
        {"kind": "human"}, {"kind": "ai", "level": "random"}, {"kind": "human"}])
    assert [s["token"] is not None for s in made["seats"]] == [True, False, False]
    assert [s["invite"] is not None for s in made["seats"]] == [False, False, True]
    assert "#seat=2&invite=" in made["seats"][2]["invite"]
    row = Storage(db_url).table(made["table"])
    assert row is not None and not row.open and row.status == "playing"
    assert token(made, 0) not in repr(row) and len(row.seats[0].token_hash or "") == 64
    assert [s.claimed for s in row.seats] == [True, True, False]


def test_an_invite_works_once_and_the_creators_copy_then_gives_nothing(client: TestClient) -> None:
    """Issue 17, defect 1: the host held every seat (the invite was the seat's token)."""
    made = create(client, claim=False, seats=[{"kind": "human"}, {"kind": "human"}])
    tid, link = made["table"], made["seats"][1]["invite"]
    code = link.split("invite=")[1]
    assert client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": code}).status_code == 403, \
        "an invite code is not a seat token: it cannot read the seat's view"
    first = claim_invite(client, link)
    assert first.status_code == 200 and first.json()["seat"] == 1
    guest = first.json()["token"]
    again = claim_invite(client, link)  # the creator's copy of the link, opened later
    assert again.status_code == 403 and "not valid" in again.json()["detail"]
    assert client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": code}).status_code == 403
    assert get(client, tid, guest)["seat"] == 1 and get(client, tid, token(made, 0))["seat"] == 0
    data = get(client, tid, token(made, 0))
    as_guest = act(client, tid, token(made, 0), data["move"], data["legal"][0]["action"], seat=1)
    assert as_guest.status_code == 403


def test_a_seat_moves_to_another_browser_and_the_creator_reissues_only_unclaimed_seats(
        client: TestClient) -> None:
    made = create(client, claim=False, players=3, seats=[{"kind": "human"}] * 3)
    tid, host = made["table"], token(made, 0)
    # the creator withdraws seat 2's invite (nobody claimed it) and makes a new one
    res = client.post(f"/api/tables/{tid}/seats/2/invite", headers={"X-Seat-Token": host})
    assert res.status_code == 200
    assert claim_invite(client, made["seats"][2]["invite"]).status_code == 403, "the old link is withdrawn"
    assert claim_invite(client, res.json()["invite"]).status_code == 200
    # once claimed, the creator can no longer re-issue it
    assert client.post(f"/api/tables/{tid}/seats/2/invite", headers={"X-Seat-Token": host}).status_code == 403
    guest = claim_invite(client, made["seats"][1]["invite"]).json()["token"]
    # seat 1's player moves to another browser: a link only they can make; the old token ends
    moved = client.post(f"/api/tables/{tid}/seats/1/invite", headers={"X-Seat-Token": guest})
    assert moved.status_code == 200
    assert client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": guest}).status_code == 403
    new_token = claim_invite(client, moved.json()["invite"]).json()["token"]
    assert get(client, tid, new_token)["seat"] == 1
    assert client.post(f"/api/tables/{tid}/seats/1/invite", headers={"X-Seat-Token": host}).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/1/invite").status_code == 403


@pytest.mark.parametrize(("body", "message"), [
    ({"game": "nope"}, "unknown game 'nope'"),
    ({"options": {"hand": 9}}, "option 'hand' must be at most 6"),
    ({"options": {"colour": 1}}, "unknown option 'colour'"),
    ({"players": 5}, "players must be between 2 and 4"),
    ({"players": 2, "seats": [{"kind": "human"}]}, "2 seats needed"),
])
def test_bad_table_requests_are_clear_422(client: TestClient, body: dict[str, Any], message: str) -> None:
    res = client.post("/api/tables", json={"game": "tricks", **body})
    assert res.status_code == 422 and message in res.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_whole_hot_seat_game_payloads_match_views_then_record_and_replay(client: TestClient) -> None:
    made, actions, final = play_hot_seat(client)
    record = client.get(f"/api/tables/{made['table']}/record").json()
    assert record["actions"] == actions and record["meta"]["returns"] == final.returns()
    step = client.get(f"/api/tables/{made['table']}/replay/3").json()
    mid = expected_state("tricks", {"hand": 3, "open": False}, 5, 2, actions[:3])
    assert step["spectator"] == mid.view(None) and step["views"] == [mid.view(0), mid.view(1)]
    assert step["log"] == mid.log(None) and step["seat_logs"] == [mid.log(0), mid.log(1)]
    assert step["label"] == str(mid.history[-1]) and step["total"] == len(actions)
    assert client.get(f"/api/tables/{made['table']}/replay/999").status_code == 404
    assert "replay.js" in client.get(f"/t/{made['table']}/replay").text
    listed = {t["table"]: t for t in client.get("/api/tables?status=over").json()}
    assert listed[made["table"]]["returns"] == final.returns()


def test_record_and_replay_are_refused_mid_game(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], hot_seat=True, seed=2)
    for path in ("record", "replay/0"):
        res = client.get(f"/api/tables/{made['table']}/{path}")
        assert res.status_code == 409 and "once the game is over" in res.json()["detail"]


def test_tokens_act_only_for_their_seat(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid, data = made["table"], get(client, made["table"], token(made, 0))
    first = data["legal"][0]["action"]
    assert act(client, tid, "forged", 0, first).status_code == 403
    assert act(client, tid, "", 0, first).status_code == 403
    assert act(client, tid, token(made, 1), 0, first, seat=0).status_code == 403
    res = act(client, tid, token(made, 1), 0, first)
    assert res.status_code == 422 and "turn order" in res.json()["detail"]
    assert client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": "forged"}).status_code == 403
    assert get(client, tid)["move"] == 0


def test_stale_and_illegal_actions_change_nothing(client: TestClient, db_url: str) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid, tok = made["table"], token(made, 0)
    data = get(client, tid, tok)
    res = act(client, tid, tok, 0, {"type": "choose", "prize": 4})  # prizes are 1, 2 and 3
    assert res.status_code == 422
    assert res.json()["detail"] == "Leading: choose the prize 4: the prizes left are [1, 2, 3]"
    res = act(client, tid, tok, 0, {"type": "fly"})
    assert res.status_code == 422 and "unknown action type 'fly'" in res.json()["detail"]
    res = act(client, tid, tok, 0, {"type": "choose", "prize": "x"})
    assert res.status_code == 422 and "must be an integer" in res.json()["detail"]
    res = client.post(f"/api/tables/{tid}/actions", headers={"X-Seat-Token": tok}, json={})
    assert res.status_code == 422
    assert act(client, tid, tok, 0, data["legal"][0]["action"]).status_code == 200
    res = act(client, tid, tok, 0, data["legal"][1]["action"])  # chosen at move 0: stale now
    assert res.status_code == 409 and "stale move number 0" in res.json()["detail"]
    assert get(client, tid, tok)["move"] == 1 and len(Storage(db_url).moves(tid)) == 1
    assert act(client, "nosuch", tok, 0, {"type": "pass"}).status_code == 404
    assert client.get("/api/tables/nosuch").json() == {"detail": "no table 'nosuch'"}


def test_a_move_is_stored_at_most_once(db_url: str) -> None:
    storage = Storage(db_url)
    with TestClient(create_app(db_url)) as client:
        tid = create(client, seats=[{"kind": "human"}, {"kind": "human"}])["table"]
    storage.append_move(tid, 0, 0, {"type": "choose", "prize": 1}, "playing", None)
    with pytest.raises(MoveConflict):
        storage.append_move(tid, 0, 0, {"type": "choose", "prize": 2}, "playing", None)
    assert storage.moves(tid) == [(0, {"type": "choose", "prize": 1})]


def test_ai_plays_its_turns_off_the_event_loop(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=8)
    tid, tok = made["table"], token(made, 0)
    data = get(client, tid, tok)
    while not data["is_over"]:
        res = act(client, tid, tok, data["move"], data["legal"][0]["action"])
        assert res.status_code == 200, res.text
        data = wait_for(client, tid, tok, lambda d: d["is_over"] or d["current_player"] == 0)
        assert not data["thinking"]
    assert data["returns"] is not None and data["status"] == "over"


def test_spectator_and_seat_websockets_get_only_their_views(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid = made["table"]
    seed = client.app.state.service.live[tid].state.seed  # type: ignore[attr-defined]  # the server's own
    with client.websocket_connect(f"/ws/tables/{tid}") as spect, \
            client.websocket_connect(f"/ws/tables/{tid}") as seat1:
        spect.send_json({"tokens": []})
        seat1.send_json({"tokens": [token(made, 1)]})
        actions: list[dict[str, Any]] = []
        for _ in range(4):
            state = expected_state("tricks", {"hand": 3, "open": False}, seed, 2, actions)
            assert_payload_is_view(spect.receive_json(), state, None)
            assert_payload_is_view(seat1.receive_json(), state, 1)
            cp = state.current_player
            assert cp is not None
            legal = state.legal_actions()  # draw, then play: hidden information moves
            choice = next((a for a in legal if a.kind == "draw"), legal[0]).to_json()
            assert act(client, tid, token(made, cp), state.move_number, choice).status_code == 200
            actions.append(choice)
    with client.websocket_connect(f"/ws/tables/{tid}") as bad:
        bad.send_json({"tokens": ["forged"]})
        assert bad.receive_json()["status"] == 403


def test_a_moved_seat_is_no_longer_shown_on_the_old_browsers_open_socket(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid, guest = made["table"], token(made, 1)
    with client.websocket_connect(f"/ws/tables/{tid}") as old:
        old.send_json({"tokens": [guest], "svg": False})
        assert old.receive_json()["seat"] == 1
        moved = client.post(f"/api/tables/{tid}/seats/1/invite", headers={"X-Seat-Token": guest})
        assert moved.status_code == 200
        after = old.receive_json()
        assert after["seat"] is None and after["seats_held"] == [] and after["view"]["viewer"] is None


def test_join_from_the_lobby_claims_a_free_seat(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], listed=True)
    assert made["seats"][1]["invite"] is None, "a listed seat is offered in the lobby, not by a link"
    assert [t["table"] for t in client.get("/api/tables?status=open").json()] == [made["table"]]
    joined = client.post(f"/api/tables/{made['table']}/join").json()
    assert joined["seat"] == 1 and get(client, made["table"], joined["token"])["seat"] == 1
    assert client.post(f"/api/tables/{made['table']}/join").status_code == 409
    three = create(client, players=3, seats=[{"kind": "human"}] * 3)
    assert client.post(f"/api/tables/{three['table']}/join").status_code == 409
    hot = create(client, seats=[{"kind": "human"}] * 2, hot_seat=True, listed=True)
    assert client.post(f"/api/tables/{hot['table']}/join").status_code == 409
    assert client.get("/api/tables?status=open").json() == []


def test_a_lobby_visitor_cannot_take_an_invited_seat(client: TestClient) -> None:
    """Issue 17, defect 10: tables were listed by default, so anyone could take the seat
    meant for the invited player."""
    made = create(client, claim=False, seats=[{"kind": "human"}, {"kind": "human"}])
    assert client.get("/api/tables?status=open").json() == []
    assert client.post(f"/api/tables/{made['table']}/join").status_code == 409
    assert claim_invite(client, made["seats"][1]["invite"]).status_code == 200


def test_undo_removes_the_humans_last_decision_and_later_ai_moves(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "make_agent", lambda level, seed, game: Passive())
    made = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=9)
    tid, tok = made["table"], token(made, 0)
    data = get(client, tid, tok)
    assert not data["can_undo"]
    data = act(client, tid, tok, 0, {"type": "choose", "prize": 3}).json()
    assert data["can_undo"]
    data = act(client, tid, tok, 1, {"type": "pass"}).json()
    # the AI passes, every seat passed, so it leads: chooses the prize 1 and passes
    data = wait_for(client, tid, tok, lambda d: d["move"] == 5)
    assert data["can_undo"] and data["log"][-2:] == ["seat 1 chooses the prize 1", "seat 1 passes"]
    res = client.post(f"/api/tables/{tid}/undo", headers={"X-Seat-Token": tok}, json={"move": 5})
    assert res.status_code == 200, res.text
    state = expected_state("tricks", {"hand": 3, "open": False}, 9, 2, [{"type": "choose", "prize": 3}])
    assert_payload_is_view(res.json(), state, 0)
    # a played card reveals hidden information: no undo across it
    card = next(a for a in res.json()["legal"] if a["action"]["type"] == "play")["action"]
    data = act(client, tid, tok, 1, card).json()
    data = wait_for(client, tid, tok, lambda d: d["move"] == 3)  # the AI passed, seat 0 leads
    assert not data["can_undo"]
    res = client.post(f"/api/tables/{tid}/undo", headers={"X-Seat-Token": tok}, json={"move": 3})
    assert res.status_code == 422 and "undo is not allowed" in res.json()["detail"]


def test_an_ai_seat_keeps_its_agent_from_move_to_move(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """An agent may plan a whole turn (the ``planner``): the table asks the same one again."""
    made_for: list[int] = []

    def counted(level: str, seed: int, game: object) -> Passive:
        made_for.append(seed)
        return Passive()

    monkeypatch.setattr(tables, "make_agent", counted)
    made = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=9)
    tid, tok = made["table"], token(made, 0)
    act(client, tid, tok, 0, {"type": "choose", "prize": 3})
    act(client, tid, tok, 1, {"type": "pass"})
    wait_for(client, tid, tok, lambda d: d["move"] == 5)
    assert len(made_for) == 1


def test_no_undo_with_another_human_at_the_table(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid, tok = made["table"], token(made, 0)
    data = act(client, tid, tok, 0, {"type": "choose", "prize": 3}).json()
    assert not data["can_undo"]
    res = client.post(f"/api/tables/{tid}/undo", headers={"X-Seat-Token": tok}, json={"move": 1})
    assert res.status_code == 422


def test_restart_resumes_every_table_and_pending_ai_turns(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    class Stuck:
        name = "stuck"

        def act(self, state: State, player: int) -> Action:
            release.wait(10)
            return state.legal_actions()[0]

    monkeypatch.setattr(tables, "make_agent", lambda level, seed, game: Stuck())
    with TestClient(create_app(db_url, ai_workers=0)) as client:  # Stuck waits on an Event: threads
        made = create(client, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=11)
        tid, tok = made["table"], token(made, 0)
        first = act(client, tid, tok, 0, {"type": "choose", "prize": 2}).json()
        act(client, tid, tok, 1, {"type": "pass"})
        assert get(client, tid, tok)["thinking"]
    release.set()  # the old server's AI thread ends; its move is never stored
    monkeypatch.setattr(tables, "make_agent", lambda level, seed, game: Passive())
    with TestClient(create_app(db_url)) as client:
        data = wait_for(client, tid, tok, lambda d: d["current_player"] == 0 and d["move"] == 5)
        actions: list[dict[str, Any]] = [{"type": "choose", "prize": 2}, {"type": "pass"}, {"type": "pass"},
                                         {"type": "choose", "prize": 1}, {"type": "pass"}]
        assert_payload_is_view(data, expected_state("tricks", first["view"]["options"], 11, 2, actions), 0)


def test_page_holds_the_spectator_board_and_openapi_documents_the_api(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    page = client.get(f"/t/{made['table']}").text
    assert "<svg" in page and "table.js" in page and '"hand": null' not in page
    assert client.get("/t/nosuch").status_code == 404
    schema = client.get("/openapi.json").json()
    post = schema["paths"]["/api/tables/{table_id}/actions"]["post"]
    assert post["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("ActionRequest")
    assert {"403", "404", "409", "422"} <= set(post["responses"])
    assert "TablePayload" in schema["components"]["schemas"]


def test_ai_levels_come_from_the_agents_and_ai_only_tables_play_out(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    easy = create(client, game="tricks", seats=seats, seed=2)
    data = get(client, easy["table"], token(easy, 0))
    if data["current_player"] == 0:
        act(client, easy["table"], token(easy, 0), data["move"], data["legal"][0]["action"])
    wait_for(client, easy["table"], token(easy, 0), lambda d: d["current_player"] == 0 and not d["thinking"])
    bots = create(client, seats=[{"kind": "ai", "level": "random"}] * 2, seed=3)
    assert all(s["token"] is None for s in bots["seats"])
    done = wait_for(client, bots["table"], "", lambda d: d["is_over"])
    assert done["seat"] is None and done["legal"] == [] and done["returns"] is not None
