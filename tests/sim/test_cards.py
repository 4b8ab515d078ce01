"""Card statistics against numbers worked out by hand, and the summaries the games write."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

import soulforge
from soulforge.sim.cards import CardStats, card_stats, end_facts, matchups, sort_cards
from soulforge.sim.report import render_report, telling_cards
from soulforge.sim.runner import SimConfig, jobs_for, play_game, simulate
from soulforge.sim.stats import Proportion, difference_interval, wilson_interval


def seat(deck: str, cards: list[str], opening: list[str], drawn: list[str],
         played: list[str]) -> dict[str, Any]:
    return {"deck": deck, "cards": cards, "opening": opening, "drawn": drawn, "played": played}


# Four games of deck "red" (cards K and L) against deck "blue" (card M).
# K: game 1 opening+played, won; game 2 drawn, lost; game 3 never drawn, won; game 4 drawn+played, won.
ROWS: list[dict[str, Any]] = [
    {"winner": 0, "agents": ["a", "b"], "summary": {"seats": [
        seat("red", ["K", "L"], ["K"], [], ["K"]), seat("blue", ["M"], ["M"], [], ["M"])],
        "end": {"win_type": "rout"}}},
    {"winner": 1, "agents": ["b", "a"], "summary": {"seats": [
        seat("red", ["K", "L"], [], ["K", "L"], ["L"]), seat("blue", ["M"], [], [], [])],
        "end": {"win_type": "rout"}}},
    {"winner": 0, "agents": ["a", "b"], "summary": {"seats": [
        seat("red", ["K", "L"], ["L"], [], []), seat("blue", ["M"], [], ["M"], ["M"])],
        "end": {"win_type": "siege"}}},
    {"winner": None, "agents": ["b", "a"], "summary": {"seats": [
        seat("blue", ["M"], [], [], []), seat("red", ["K", "L"], [], ["K"], ["K"])],
        "end": {"win_type": "draw"}}},
]


def test_card_statistics_match_the_hand_count() -> None:
    stats = {s.card: s for s in card_stats(ROWS)}
    k = stats["K"]
    assert (k.in_deck.successes, k.in_deck.trials) == (2, 4), "red won games 1 and 3; game 4 a draw"
    assert (k.in_hand.successes, k.in_hand.trials) == (1, 3), "in hand in games 1, 2, 4: won 1"
    assert (k.opening.successes, k.opening.trials) == (1, 1)
    assert (k.drawn.successes, k.drawn.trials) == (0, 2)
    assert (k.not_drawn.successes, k.not_drawn.trials) == (1, 1)
    assert (k.played.successes, k.played.trials) == (1, 2)
    assert math.isclose(k.improvement, 1 / 3 - 1)
    assert (k.improvement_low, k.improvement_high) == difference_interval(1, 3, 1, 1)
    assert (k.in_hand.low, k.in_hand.high) == wilson_interval(1, 3)
    m = stats["M"]
    assert (m.in_deck.successes, m.in_deck.trials) == (1, 4) and m.decks == ("blue",)
    assert (m.in_hand.successes, m.in_hand.trials) == (0, 2), "M held in games 1 and 3, both lost"
    assert (m.not_drawn.successes, m.not_drawn.trials) == (1, 2)
    assert [s.card for s in sort_cards(list(stats.values()), "in_deck")] == ["K", "L", "M"]
    assert [s.card for s in sort_cards(list(stats.values()), "opening", minimum=2)] == []


def test_card_statistics_of_one_agent_count_its_seats_only() -> None:
    k = next(s for s in card_stats(ROWS, agent="a") if s.card == "K")
    assert (k.in_deck.successes, k.in_deck.trials) == (2, 3), "a played red in games 1, 3 (won), 4 (drew)"
    assert not [s for s in card_stats(ROWS, agent="b") if s.card == "K" and s.in_deck.trials != 1]


def test_matchups_and_end_facts_match_the_hand_count() -> None:
    cells = {(m.deck, m.against): (m.wins.successes, m.wins.trials) for m in matchups(ROWS)}
    assert cells == {("red", "blue"): (2, 4), ("blue", "red"): (1, 4)}
    assert end_facts(ROWS) == {"win_type": {"draw": 1, "rout": 2, "siege": 1}}


def test_the_report_shows_the_card_numbers() -> None:
    mirror = [row | {"length": 5, "seed": i, "game": "g", "agents": ["a", "a"]} for i, row in enumerate(ROWS)]
    page = render_report(mirror)
    assert "Cards, decks and endings" in page and 'class="sortable"' in page
    assert "33.3% [6.1%, 79.2%] n=3" in page, "K in hand: 1 of 3 with its Wilson interval"
    assert "50.0% [15.0%, 85.0%] n=4" in page, "red against blue: 2 of 4"
    assert page.count('class="few"') > 0, "every count is below the minimum: greyed"
    assert page.count("data:image/png") == 3, "the 3 summary plots; no card has the games to plot"
    assert "too few to tell what drawing a card changes" in page


def test_the_report_has_a_card_table_per_agent() -> None:
    """The HTML card table mixed both agents' seats (only the CLI had --agent)."""
    page = render_report([row | {"length": 5, "seed": i, "game": "g"} for i, row in enumerate(ROWS)])
    assert "Cards of a&#x27;s seats" in page and "Cards of b&#x27;s seats" in page
    a_part, b_part = page.split("Cards of b&#x27;s seats")
    assert "50.0% [9.5%, 90.5%] n=2" in a_part, "a held K in games 1 (won) and 4 (drew)"
    assert "0.0% [0.0%, 79.3%] n=1" in b_part.split("<h3>")[0], "b held K in game 2 (lost)"


def stat(card: str, wins: int, games: int, low: float, high: float) -> CardStats:
    p = Proportion.of(wins, games)
    return CardStats(card, (), p, p, p, p, p, p, low, high)


def test_cards_are_ranked_by_their_interval_not_their_point_estimate() -> None:
    """Soulshards' "changes win rate most" plot put Pit Berserker (+41, n = 9) on top."""
    few = stat("few", 8, 9, -0.05, 0.75)  # +41 observed, n = 9: the interval holds 0
    sure = stat("sure", 350, 500, 0.04, 0.12)
    small = stat("small", 10, 20, 0.10, 0.70)
    assert [s.card for s in telling_cards([few, sure, small], minimum=30)] == ["sure"]
    assert [s.card for s in telling_cards([few, sure, small], minimum=5)] == ["small", "sure", "few"]
    assert [s.card for s in sort_cards([few, sure, small], "improvement")] == ["small", "sure", "few"]
    assert [s.card for s in sort_cards([few, sure, small], "in_hand")] == ["sure", "few", "small"]


@pytest.mark.parametrize("game", soulforge.GAMES)
def test_every_game_writes_a_summary_in_its_rows(game: str) -> None:
    row = play_game(jobs_for(SimConfig(game, ("random", "random"), 1, seed=2))[0])
    seats = row["summary"]["seats"]
    assert len(seats) == 2 and row["summary"]["end"]
    for entry in seats:
        held = set(entry["opening"]) | set(entry["drawn"])
        assert held <= set(entry["cards"]), "a seat only draws what it can draw"
        assert set(entry["played"]) <= set(entry["cards"])
    assert soulforge.load(game).result_summary is not None


@pytest.mark.usefixtures("toy_games")
def test_a_game_without_cards_has_an_empty_summary(tmp_path: Path) -> None:
    rows = simulate(SimConfig("tricks", ("random", "random"), 2), tmp_path / "r.jsonl")
    assert all(row["summary"] == {"seats": [], "end": {}} for row in rows)
    assert "Cards, decks" not in render_report(rows)


def test_a_game_whose_summaries_record_no_opening_hand_says_so() -> None:
    """Kipukas' opening-hand column was empty: its summary takes the hand before the deal."""
    rows = [row | {"length": 5, "seed": i, "game": "g", "agents": ["a", "a"],
                   "summary": {"seats": [dict(seat, opening=[]) for seat in row["summary"]["seats"]]}}
            for i, row in enumerate(ROWS)]
    page = render_report(rows)
    assert "record no opening hand" in page and "<th>opening hand</th>" not in page
    assert "<th>opening hand</th>" in render_report([row | {"seed": i} for i, row in enumerate(ROWS)])
