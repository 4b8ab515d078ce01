"""The balance lab's summary of a finished Soulshards game (``summary.py``): a seeded random
game played to the end, the summary's invariants, and the ``simulate``/``cards`` commands."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

import soulforge
from soulforge.cli import app
from soulforge.games.soulshards.actions import Mulligan
from soulforge.games.soulshards.state import ShardsState


def finished(seed: int) -> tuple[ShardsState, ShardsState, list[int]]:
    """A random game of ``seed`` played to the end, the game as ``new_game`` made it, and
    the mulligans each seat took."""
    game = soulforge.load("soulshards")
    state = game.new_game(seed=seed)
    assert isinstance(state, ShardsState)
    start = state.clone()
    rng = random.Random(seed)
    mulligans = [0, 0]
    while not state.is_over:
        seat, action = state.current_player, rng.choice(state.legal_actions())
        assert seat is not None
        mulligans[seat] += isinstance(action, Mulligan)
        state.apply(action, seat)
    return state, start, mulligans


def test_the_summary_of_a_random_game_holds_its_invariants() -> None:
    for seed in (1, 2):
        state, start, mulligans = finished(seed)
        summary = state.game.result_summary(state, start)
        assert json.loads(json.dumps(summary)) == summary, "JSON-ready"
        assert summary["end"] == {
            "winner": state.winner,
            "resolve": [max(r, 0) for r in state.resolve],
            "reason": state.end_reason,
            "turns": state.turn,
            "cities": [city.name for city in state.cities],
            "mulligans": mulligans,
        }
        assert summary["end"]["reason"] and summary["end"]["turns"] > 0
        for p, entry in enumerate(summary["seats"]):
            deck = state.game.decks[p]
            assert entry["deck"] == ["ironhold", "lorespire"][p]
            pool = Counter(deck.cards + deck.reserves)
            forty = pool - Counter(state.reserves[p])
            assert entry["cards"] == sorted(forty) and forty.total() == 40
            assert entry["reserves"] == sorted(set(state.reserves[p]))
            cards, opening, drawn = set(entry["cards"]), set(entry["opening"]), set(entry["drawn"])
            assert len(entry["opening"]) >= 1 and opening <= cards and drawn <= cards
            assert drawn, "every turn draws"
            spells = {name for name in cards if state.cards[name].spell is not None}
            assert set(entry["played"]) <= cards
            assert set(entry["played"]) - spells <= opening | drawn, "Spells alone are cast from Home"
            assert set(state.hand[p]) <= opening | drawn, "a card in hand was dealt or drawn"


def test_simulate_rows_carry_the_summary_and_cards_prints_a_table(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "soulshards", "--agents", "random", "random", "-n", "4",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 4
    for row in rows:
        seats = row["summary"]["seats"]
        assert len(seats) == 2 and {s["deck"] for s in seats} == {"ironhold", "lorespire"}
        assert row["summary"]["end"]["winner"] == row["winner"]
    result = runner.invoke(app, ["cards", str(out), "--top", "5", "--min", "0"])
    assert result.exit_code == 0, result.output
    assert "4 games" in result.output and "in hand" in result.output
