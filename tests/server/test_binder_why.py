"""Rules help (issue 33): "why can't I ...?" answered by the engine's own refusal, naming and
linking the rulebook section, and telling nothing the asker's view does not show."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import soulforge
from soulforge.core import State
from soulforge.server import binder, create_app
from soulforge.server.binder import MAX_ANSWERS, MAX_QUESTION, Question, ask
from tests.server.helpers import create, token

HUMANS = [{"kind": "human"}, {"kind": "human"}]
EVERYTHING = Question(action=None, text="", card="")
"""A question naming no action: every candidate of the position."""
ATTACK = Question(action=None, text="attack", card="")
VS_AI = [{"kind": "human"}, {"kind": "ai", "level": "random"}]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("why") / "why.db"
    with TestClient(create_app(f"sqlite:///{db}", ai_workers=0)) as test_client:
        yield test_client


def why(client: TestClient, table: str, tok: str | None, **body: Any) -> Any:
    headers = {"X-Seat-Token": tok} if tok else {}
    return client.post(f"/api/tables/{table}/why", json=body, headers=headers)


def positions(moves: int, every: int) -> Iterator[State]:
    """Positions of a seeded random Kipukas game, every ``every`` moves."""
    state = soulforge.load("kipukas").new_game(seed=3)
    rng = random.Random(1)
    for number in range(moves):
        if state.is_over:
            return
        if number % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))


def test_an_answer_depends_only_on_the_askers_view() -> None:
    """Two positions that look the same to the asker (everything hidden from them resampled)
    get the same answers: no hidden card, hand or trap can reach an answer."""
    sections = {"day": "Day", "night": "Night", "contention": "Contention"}
    asked = refused = 0
    for state in positions(160, 8):
        for seat in range(state.num_players):
            mine = ask(state, seat, EVERYTHING, sections, "same seed")
            attack = ask(state, seat, ATTACK, sections, "same seed")  # words: the kinds not open too
            for k in (11, 12):
                twin = state.determinize(seat, random.Random(k))  # the same view, other hidden facts
                assert twin.view(seat) == state.view(seat)
                assert ask(twin, seat, EVERYTHING, sections, "same seed") == mine, (state.move_number, seat)
                assert ask(twin, seat, ATTACK, sections, "same seed") == attack, (state.move_number, seat)
            asked += 1
            refused += sum(not a["allowed"] for a in mine["answers"])
    assert asked >= 30 and refused >= 30, "positions with refusals were asked about"


def test_the_deciding_seat_is_told_allowed_exactly_for_its_legal_actions() -> None:
    for state in positions(120, 10):
        seat = state.current_player
        assert seat is not None
        legal = [a.to_json() for a in state.legal_actions()]
        answer = ask(state, seat, EVERYTHING, {}, "x")
        for a in answer["answers"]:
            assert a["allowed"] == (a["action"] in legal), a
            assert a["allowed"] or a["refusal"]


def test_a_spectator_is_told_only_that_they_hold_no_seat(client: TestClient) -> None:
    table = create(client, game="kipukas", seats=VS_AI)["table"]
    res = why(client, table, None, text="attack")
    assert res.status_code == 200
    body = res.json()
    assert body["seat"] is None and len(body["answers"]) == 1
    assert body["answers"][0]["rule"] == "seats" and body["answers"][0]["action"] is None


def test_a_refused_action_names_and_links_its_rulebook_section(client: TestClient) -> None:
    created = create(client, game="kipukas", seats=VS_AI)
    body = why(client, created["table"], token(created, 0), action={"type": "final_blow"}).json()
    (answer,) = body["answers"]
    assert body["seat"] == 0 and not answer["allowed"]
    assert answer["label"] == "strike the Final Blow" and "declare your affinity" in answer["refusal"]
    assert answer["rule"] == "affinity" and answer["link"] == "/rules/kipukas#affinity"
    assert answer["section"] == "Affinity and Loyalty"
    assert 'id="affinity"' in client.get("/rules/kipukas").text


def test_a_legal_action_is_allowed_and_words_find_the_actions(client: TestClient) -> None:
    created = create(client, game="kipukas", seats=VS_AI)
    table, tok = created["table"], token(created, 0)
    allowed = why(client, table, tok, action={"type": "affinity", "archetype": "Cenozoic"}).json()
    assert allowed["answers"][0]["allowed"] is True and allowed["answers"][0]["refusal"] == ""
    found = why(client, table, tok, text="cenozoic CRUX").json()["answers"]
    assert [a["label"] for a in found] == ["declare: the Cenozoic are my crux"]
    many = why(client, table, tok, text="").json()
    assert len(many["answers"]) <= MAX_ANSWERS and many["more"] >= 0


def test_not_your_decision_is_the_engines_turn_order_refusal(client: TestClient) -> None:
    created = create(client, game="kipukas", seats=HUMANS)
    body = why(client, created["table"], token(created, 1), text="crux").json()
    assert body["seat"] == 1
    (answer,) = body["answers"]
    assert answer["rule"] == "turn order" and "seat 0's decision" in answer["refusal"]


def test_the_card_of_a_card_page_narrows_the_answers(client: TestClient) -> None:
    created = create(client, game="kipukas", seats=VS_AI)
    body = why(client, created["table"], token(created, 0), card="liliel_healing_fairy").json()
    assert all("Liliel" in a["label"] for a in body["answers"])
    assert why(client, created["table"], token(created, 0), card="nope").status_code == 404


@pytest.mark.parametrize(("body", "status"), [
    ({"text": "x" * (MAX_QUESTION + 1)}, 422),
    ({"action": {"type": "no_such_action"}}, 422),
    ({"action": {"type": "final_blow", "a": {"b": {"c": {"d": 1}}}}}, 422),
    ({"card": "x" * 65}, 422),
    ({"question": "why"}, 422),
])
def test_bad_questions_are_refused(client: TestClient, body: dict[str, Any], status: int) -> None:
    created = create(client, game="kipukas", seats=VS_AI)
    assert why(client, created["table"], token(created, 0), **body).status_code == status


def test_unknown_tables_and_tokens(client: TestClient) -> None:
    assert why(client, "nosuchtable", None, text="x").status_code == 404
    created = create(client, game="kipukas", seats=VS_AI)
    assert why(client, created["table"], "wrong-token", text="x").status_code == 403
    assert client.get("/t/nosuchtable/why").status_code == 404


def test_the_help_pages_and_the_card_pages_form(client: TestClient) -> None:
    created = create(client, game="kipukas", seats=VS_AI)
    table = created["table"]
    page = client.get(f"/t/{table}/why", params={"card": "liliel_healing_fairy"})
    assert page.status_code == 200 and 'id="why-form"' in page.text and "Liliel" in page.text
    jump = client.get("/kipukas/ask", params={"table": table, "card": "liliel_healing_fairy"},
                      follow_redirects=False)
    assert jump.status_code == 303 and jump.headers["location"] == f"/t/{table}/why?card=liliel_healing_fairy"
    assert client.get("/kipukas/ask", params={"table": "../x"}).status_code == 422
    assert client.get("/kipukas/ask", params={"table": "x" * 33}).status_code == 422


def test_questions_are_rate_limited_per_address(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setattr(binder, "QUESTIONS", 2)
    with TestClient(create_app(f"sqlite:///{tmp_path}/limit.db", ai_workers=0)) as fresh:
        created = create(fresh, game="kipukas", seats=VS_AI)
        answers = [why(fresh, created["table"], token(created, 0), text="crux") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert int(answers[2].headers["Retry-After"]) >= 1 and "too many questions" in answers[2].json()["detail"]


def test_an_action_not_open_now_is_refused_with_what_is_decided_now(client: TestClient) -> None:
    created = create(client, game="kipukas", seats=VS_AI)
    answers = why(client, created["table"], token(created, 0), text="attack").json()["answers"]
    first = answers[0]
    assert first["label"] == "attack" and first["action"] is None and not first["allowed"]
    assert "not open at this point of the turn" in first["refusal"]
    assert "declare your affinity" in first["refusal"]
    assert first["link"] == "/rules/kipukas#game_setup"  # the step open now (#game_setup 3: affinity)
    assert first["see"]["link"] == "/rules/kipukas#ADRH" and first["about"].startswith("#ADRH")
    assert all("attack" in (a["label"] + " " + a["about"]).lower() for a in answers)
