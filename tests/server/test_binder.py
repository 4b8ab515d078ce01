"""The Kipukas binder (issue 33): a page for every card, by id and by QR short code, the
searchable binder, the recipe lookup, the damage tracker of an account, and their bounds."""

from __future__ import annotations

import html
import re
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from soulforge.core.data import read_json
from soulforge.games.kipukas import data as kipukas_data
from soulforge.server import binder, binder_data, create_app
from tests.server.browsers import Browser

RAW = read_json(kipukas_data.DATA / "cards.json")
RECIPES = read_json(kipukas_data.DATA / "recipes.json")["recipes"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("binder") / "binder.db"
    with TestClient(create_app(f"sqlite:///{db}", ai_workers=0)) as test_client:
        yield test_client


def listed(page: str) -> list[str]:
    """The card ids a binder page lists, in order."""
    return re.findall(r'<li class="binder-card"><a href="/kipukas/cards/([^"]+)"', page)


# -- a page for every card ----------------------------------------------------------------------------
def test_every_card_of_the_data_has_its_page_with_its_play_data(client: TestClient) -> None:
    assert len(RAW) == 56
    for raw in RAW:
        page = client.get(f"/kipukas/cards/{raw['id']}")
        assert page.status_code == 200, raw["id"]
        text = html.unescape(page.text)
        assert raw["name"] in text and (raw["short_code"] or "") in text
        for field in ("archetypal_gene", "motivation", "habitat", "scarcity", "die_attack"):
            if raw[field]:
                assert str(raw[field]) in text, (raw["id"], field)
        if raw["game_effects"]:
            assert raw["game_effects"].split("\n")[0] in text, raw["id"]
        for means in raw["keal_means"] or ():
            assert means["name"] in text
        boxes = text.count('class="injury"')
        assert boxes == (raw["keal_means_total_tolerance"] or 0), raw["id"]  # one box per injury tolerated
        assert ('id="final-blows"' in text) == bool(raw["keal_means"]), raw["id"]


def test_every_short_code_leads_to_its_card(client: TestClient) -> None:
    codes = [r for r in RAW if r["short_code"]]
    assert len(codes) == 56
    for raw in codes:
        res = client.get(f"/kipukas/c/{raw['short_code']}", follow_redirects=False)
        assert res.status_code == 307 and res.headers["location"] == f"/kipukas/cards/{raw['id']}"


@pytest.mark.parametrize("path", ["/kipukas/c/nope", "/kipukas/c/" + "x" * 500, "/kipukas/c/H8WJ"])
def test_an_unknown_code_is_a_404_page_that_says_so(client: TestClient, path: str) -> None:
    res = client.get(path)
    assert res.status_code == 404 and "text/html" in res.headers["content-type"]
    assert "No card of our data has the code" in html.unescape(res.text)
    assert len(res.text) < 10_000, "the code is cut, not echoed whole"


def test_an_unknown_card_is_a_404_page(client: TestClient) -> None:
    res = client.get("/kipukas/cards/no_such_card")
    assert res.status_code == 404 and "No card has the id" in html.unescape(res.text)


def test_the_code_form_goes_to_the_short_code(client: TestClient) -> None:
    res = client.get("/kipukas/code", params={"code": " H8wj "}, follow_redirects=False)
    assert res.status_code == 303 and res.headers["location"] == "/kipukas/c/H8wj"
    assert client.get("/kipukas/code", params={"code": "x" * 17}).status_code == 422


def test_a_card_page_names_the_engines_reading_and_links_the_rulebook(client: TestClient) -> None:
    page = html.unescape(client.get("/kipukas/cards/liliel_healing_fairy").text)
    assert binder_data.by_id()["liliel_healing_fairy"].reading in page
    for section in ("character_species", "ADRH", "final_blow", "keal_means_DHT"):
        assert f'href="/rules/kipukas#{section}"' in page, section
    rules = client.get("/rules/kipukas").text
    assert 'id="ADRH"' in rules and 'id="final_blow"' in rules  # the links land on a heading


# -- the binder: search and filters -------------------------------------------------------------------
def test_the_binder_lists_every_card_without_a_filter(client: TestClient) -> None:
    assert listed(client.get("/kipukas/cards").text) == [r["id"] for r in RAW]


@pytest.mark.parametrize(("param", "value", "keep"), [
    ("type", "trap", lambda r: r["card_type"] == "trap"),
    ("type", "species", lambda r: r["card_type"] == "species"),
    ("habitat", "Water", lambda r: r["habitat"] == "Water"),
    ("motive", "Duty", lambda r: r["motivation"] == "Duty"),
    ("archetype", "Avian", lambda r: r["archetypal_gene"] == "Avian"
     or any("Avian" in m["archetypes"] for m in r["keal_means"] or ())),
])
def test_each_filter_keeps_the_cards_the_data_says(client: TestClient, param: str, value: str,
                                                   keep: object) -> None:
    wanted = [r["id"] for r in RAW if keep(r)]  # type: ignore[operator]
    assert wanted, "the filter is tried on a value some card has"
    assert listed(client.get("/kipukas/cards", params={param: value}).text) == wanted


def test_search_finds_by_name_code_and_text_and_filters_combine(client: TestClient) -> None:
    hilbert = listed(client.get("/kipukas/cards", params={"q": "hilbert"}).text)
    assert hilbert == ["hilbert_king_of_avian_frogs"]
    assert listed(client.get("/kipukas/cards", params={"q": "H8wj"}).text) == ["liliel_healing_fairy"]
    healing = listed(client.get("/kipukas/cards", params={"q": "heal", "type": "character"}).text)
    assert "liliel_healing_fairy" in healing
    assert all(binder_data.by_id()[c].card_type == "character" for c in healing)
    assert listed(client.get("/kipukas/cards", params={"q": "zzzqqq"}).text) == []


@pytest.mark.parametrize("params", [{"type": "dragon"}, {"habitat": "Moon"}, {"motive": "x"},
                                    {"archetype": "avian"}, {"q": "x" * (binder_data.MAX_QUERY + 1)},
                                    {"type": "x" * 100}])
def test_bad_or_oversized_filters_are_refused(client: TestClient, params: dict[str, str]) -> None:
    assert client.get("/kipukas/cards", params=params).status_code == 422


# -- recipes ---------------------------------------------------------------------------------------------
def recipe_names(page: str) -> list[str]:
    return [html.unescape(n) for n in re.findall(r'<li class="recipe"><strong>(.*?)</strong>', page)]


def test_the_recipe_lookup_lists_every_entry_and_narrows_by_items_and_words(client: TestClient) -> None:
    assert recipe_names(client.get("/kipukas/recipes").text) == [r["result_name"] for r in RECIPES]
    both = recipe_names(client.get("/kipukas/recipes", params=[("item", "honey"), ("item", "sticks")]).text)
    assert both == [r["result_name"] for r in RECIPES if {"honey", "sticks"} <= set(r["ingredient_ids"])]
    exact = client.get("/kipukas/recipes", params=[("item", "cloth"), ("item", "sticks"), ("item", "string")])
    assert recipe_names(exact.text) == ["Hammock"]
    assert recipe_names(client.get("/kipukas/recipes", params={"q": "atlatl"}).text) == ["Atlatl"]


@pytest.mark.parametrize("params", [
    [("item", "gold")], [("item", i) for i in ("cloth", "honey", "sticks", "string")],
    [("item", "cloth")] * 5, [("q", "x" * 81)]])
def test_the_recipe_lookup_refuses_unknown_or_too_many_items(client: TestClient,
                                                             params: list[tuple[str, str]]) -> None:
    assert client.get("/kipukas/recipes", params=params).status_code == 422


# -- the damage tracker of an account ------------------------------------------------------------------
def test_damage_needs_an_account(client: TestClient) -> None:
    assert client.get("/api/kipukas/damage").status_code == 401
    assert client.put("/api/kipukas/damage/liliel_healing_fairy",
                      json={"injuries": [1, 0], "wasted": False}).status_code == 401
    assert client.delete("/api/kipukas/damage").status_code == 401


def test_an_accounts_damage_is_kept_checked_and_reset(site: TestClient) -> None:
    ada, bo = Browser(site), Browser(site)
    ada.register("Ada")
    bo.register("Boris")
    put = ada.request("PUT", "/api/kipukas/damage/liliel_healing_fairy",
                      json={"injuries": [1, 1], "wasted": True})
    assert put.status_code == 200, put.text
    ada.request("PUT", "/api/kipukas/damage/hilbert_king_of_avian_frogs",
                json={"injuries": [0] * len(binder_data.by_id()["hilbert_king_of_avian_frogs"].means)})
    kept = ada.get("/api/kipukas/damage").json()["cards"]
    assert kept["liliel_healing_fairy"] == {"injuries": [1, 1], "wasted": True}
    assert len(kept) == 2
    assert bo.get("/api/kipukas/damage").json() == {"cards": {}}, "kept per account"
    again = ada.request("PUT", "/api/kipukas/damage/liliel_healing_fairy", json={"injuries": [0, 1]})
    assert again.status_code == 200
    kept = ada.get("/api/kipukas/damage").json()["cards"]
    assert kept["liliel_healing_fairy"] == {"injuries": [0, 1], "wasted": False}
    assert ada.request("DELETE", "/api/kipukas/damage").json() == {"cleared": 2}
    assert ada.get("/api/kipukas/damage").json() == {"cards": {}}


@pytest.mark.parametrize(("card", "body", "status"), [
    ("liliel_healing_fairy", {"injuries": [2, 0]}, 422),       # over a means' tolerance
    ("liliel_healing_fairy", {"injuries": [-1, 0]}, 422),
    ("liliel_healing_fairy", {"injuries": [1]}, 422),          # not one number per KEAL means
    ("liliel_healing_fairy", {"injuries": [0] * 9}, 422),      # over the list's bound
    ("liliel_healing_fairy", {"injuries": [0, 0], "extra": 1}, 422),
    ("meteor_shower", {"injuries": []}, 404),                  # not a soul
    ("no_such_card", {"injuries": [0]}, 404),
])
def test_damage_records_are_checked_against_the_card(site: TestClient, card: str, body: dict[str, object],
                                                     status: int) -> None:
    ada = Browser(site)
    ada.register("Ada")
    assert ada.request("PUT", f"/api/kipukas/damage/{card}", json=body).status_code == status
    assert ada.get("/api/kipukas/damage").json() == {"cards": {}}


def test_a_damage_write_without_the_csrf_token_is_refused(site: TestClient) -> None:
    ada = Browser(site)
    ada.register("Ada")
    forger = Browser(site, csrf=False)
    forger.cookies = ada.cookies
    res = forger.request("PUT", "/api/kipukas/damage/liliel_healing_fairy", json={"injuries": [1, 1]})
    assert res.status_code == 403
    assert ada.get("/api/kipukas/damage").json() == {"cards": {}}


def test_a_damage_record_is_small() -> None:
    biggest = max(binder_data.binder(), key=lambda c: len(c.means))
    marks = binder.checked_marks(biggest.id, binder.Marks(injuries=[m.tolerance for m in biggest.means],
                                                           wasted=True))
    assert len(str(marks)) < binder.MAX_DAMAGE_JSON


# -- whatever a stranger sends -----------------------------------------------------------------------------
TEXT = st.one_of(st.text(max_size=120),
                 st.sampled_from(["", "../../etc/passwd", "%00", "Water", "trap", "x" * 81]))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/kipukas/cards", "/kipukas/recipes", "/kipukas/cards/{x}", "/kipukas/c/{x}",
                             "/kipukas/code", "/kipukas/ask"]),
       value=TEXT, params=st.lists(st.tuples(st.sampled_from(["q", "type", "archetype", "habitat", "motive",
                                                              "item", "code", "table", "card"]), TEXT),
                                   max_size=6))
def test_no_binder_page_answers_500(client: TestClient, path: str, value: str,
                                    params: list[tuple[str, str]]) -> None:
    url = path.replace("{x}", urllib.parse.quote(value, safe="") or "x")
    res = client.get(url, params=params, follow_redirects=False)
    assert res.status_code in (200, 303, 307, 404, 422), (url, params, res.text[:200])
    assert len(res.content) < 200_000


def test_docs_limits_states_the_binders_bounds_as_the_code_has_them() -> None:
    page = (Path(__file__).parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    section = page.split("## Kipukas binder", 1)[1]
    expected = {
        "MAX_QUERY": f"| {binder_data.MAX_QUERY} characters | `binder_data.MAX_QUERY`",
        "MAX_ITEMS": f"| {binder_data.MAX_ITEMS} distinct",
        "MAX_ID": f"| {binder.MAX_ID} characters | `binder.MAX_ID`",
        "MAX_DAMAGE_JSON": f"at most {binder.MAX_DAMAGE_JSON} bytes stored",
        "MAX_QUESTION": f"| {binder.MAX_QUESTION} characters | `binder.MAX_QUESTION`",
        "MAX_CANDIDATES": f"| {binder.MAX_CANDIDATES:,} | `binder.MAX_CANDIDATES`",
        "MAX_ANSWERS": f"| {binder.MAX_ANSWERS} (`more`",
        "QUESTIONS": f"| {binder.QUESTIONS} in {binder.QUESTION_WINDOW:g} s",
        "souls": f"one per soul card: {sum(c.soul for c in binder_data.binder())}",
    }
    missing = {name: text for name, text in expected.items() if text not in section}
    assert not missing, missing


def test_a_card_page_shows_the_card_the_engine_plays() -> None:
    """The tracker's boxes and the soul's facts are the game package's parsed cards."""
    played = kipukas_data.game_cards()
    for card in binder_data.binder():
        engine = played[card.id]
        assert [(m.name, m.archetypes, m.tolerance) for m in card.means] == [
            (m.name, m.archetypes, m.tolerance) for m in engine.keal_means]
        assert (card.gene, card.motivation, card.habitat, card.tameability) == (
            engine.archetypal_gene, engine.motivation, engine.habitat, engine.tameability)
