"""Issue 34, a player's page: games in progress and finished (with replay links), the rating
per game and its history as a plot, opponents, win rates by game and seat; names escaped."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.browsers import Browser
from tests.server.test_ratings import play_out, seated_pair


def test_the_page_lists_games_ratings_opponents_and_win_rates(site: TestClient) -> None:
    ada, _bob, table, ada_token, bob_token = seated_pair(site)
    returns = play_out(site, table, ada_token, bob_token)
    waiting = ada.post("/api/tables", json={"game": "tricks", "seats": [{"kind": "human"}] * 2}).json()
    player = site.get("/api/players/ada").json()
    assert player["name"] == "Ada"
    assert [g["table"] for g in player["playing"]] == [waiting["table"]]
    assert [(g["table"], g["seat"], g["opponents"]) for g in player["finished"]] == [(table, 0, {"1": "Bob"})]
    won = int(returns[0] > returns[1])
    assert player["win_rates"] == {"tricks": {"0": {"played": 1, "won": won, "rate": float(won)}}}
    assert player["opponents"] == [{"name": "Bob", "games": 1, "won": won}]
    history = player["history"]["tricks"]
    assert len(history) == 1 and history[0]["rating"] == player["ratings"]["tricks"]["rating"]
    page = site.get("/u/Ada").text
    assert f'href="/t/{table}/replay"' in page and f'href="/t/{waiting["table"]}"' in page
    assert '<svg class="rating-plot"' in page and 'href="/u/Bob"' in page
    assert "secret" not in str(player) and "token" not in str(player)  # no seat secret on a public page


def test_a_name_is_escaped_and_an_unknown_player_is_a_404(site: TestClient) -> None:
    Browser(site).register("<b>Eve")
    page = site.get("/u/<b>Eve").text
    assert "<b>Eve" not in page and "&lt;b&gt;Eve" in page
    slash = Browser(site).post("/api/account/register", json={"name": "a/b/c", "password": "x" * 8})
    assert slash.status_code == 422
    assert site.get("/api/players/nobody").status_code == 404
    assert site.get("/u/nobody").status_code == 404
