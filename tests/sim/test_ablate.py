"""Ablations: one card replaced on the same deals, its effect with a paired sign test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import soulforge
from soulforge.core.errors import OptionError
from soulforge.games import game_class
from soulforge.games.soul_of_ankiril import SoulOfAnkiril
from soulforge.games.soulshards import Soulshards
from soulforge.sim.ablate import compare_runs, run_ablation
from soulforge.sim.decks import deck_text, document_of, replace_card
from soulforge.sim.runner import SimConfig, load_results
from soulforge.sim.stats import sign_test


def row(seed: int, winner: int | None, holders: tuple[int, ...] = (0,)) -> dict[str, object]:
    seats = [{"cards": ["K"] if seat in holders else ["M"]} for seat in (0, 1)]
    return {"seed": seed, "agents": ["a", "b"], "winner": winner, "summary": {"seats": seats}}


def test_the_paired_comparison_matches_a_hand_count() -> None:
    base = [row(1, 0), row(2, 0), row(3, 1), row(4, 0), row(5, None), row(6, 0, holders=(0, 1))]
    ablated = [row(1, 1), row(2, 0), row(3, 0), row(4, 1), row(5, 1), row(6, 1, holders=(0, 1))]
    result = compare_runs(base, ablated, "K", "Q")
    # seat-games with K: 1..5 seat 0, 6 seats 0 and 1 -> 7; won with K: 1, 2, 4, 6/0 = 4
    assert (result.with_card.successes, result.with_card.trials) == (4, 7)
    # won without K (the same seats): 2, 3, 6/1 = 3
    assert (result.without.successes, result.without.trials) == (3, 7)
    # only with: 1, 4, 6/0; only without: 3, 6/1; the rest tied: 2, 5
    assert (result.better, result.worse, result.ties) == (3, 2, 2)
    assert result.p_value == sign_test(3, 2) == 1.0
    assert result.effect == pytest.approx(1 / 7)


def test_replace_card_builds_legal_decks_or_names_the_problem() -> None:
    game = soulforge.load("soul_of_ankiril")
    options = game.replace_card("Shekun", "Venomous touch")
    changed = SoulOfAnkiril(**options)
    assert "Shekun" not in changed.decks[0] and changed.decks[0].count("Venomous touch") == 3
    assert options["deck1"] == "fire"
    with pytest.raises(OptionError, match="no deck"):
        game.replace_card("Offspring", "Shekun")
    with pytest.raises(OptionError, match="not a card"):
        game.replace_card("Shekun", "Nobody")
    with pytest.raises(OptionError, match="no decks"):
        soulforge.load("five_realms").replace_card("King", "Queen")


def test_an_ablation_plays_the_same_deals_twice(tmp_path: Path) -> None:
    base = SimConfig("soul_of_ankiril", ("random", "random"), 4, seed=8)
    result = run_ablation(base, "Shekun", "Venomous touch", tmp_path)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert [f.name for f in files] == ["Venomous_touch-for-Shekun.jsonl", "base.jsonl"]
    deals = [sorted((r["seed"], tuple(r["agents"])) for r in load_results(f)) for f in files]
    assert deals[0] == deals[1] and len(deals[0]) == 4
    assert result.with_card.trials == 4, "the water deck (seat 0) held Shekun in each game"
    assert result.better + result.worse + result.ties == 4


@pytest.mark.parametrize(("game", "card", "replacement"), [
    ("kipukas", "pyrostegia_dragon", "myrthvither_raven"),
    ("soulshards", "Pit Berserker", "Bone Thrall"),
])
def test_every_game_with_decks_can_be_ablated(tmp_path: Path, game: str, card: str, replacement: str) -> None:
    """Kipukas and Soulshards were refused ("has no decks whose cards can be replaced")."""
    base = SimConfig(game, ("random", "random"), 2, seed=3)
    result = run_ablation(base, card, replacement, tmp_path)
    assert result.with_card.trials == result.without.trials == 2, "seat 0's deck held the card in both games"
    assert result.better + result.worse + result.ties == 2
    deals = [sorted((r["seed"], tuple(r["agents"])) for r in load_results(f))
             for f in sorted(tmp_path.glob("*.jsonl"))]
    assert deals[0] == deals[1] and len(deals[0]) == 2


@pytest.mark.parametrize(("game", "card", "replacement"), [
    ("kipukas", "pyrostegia_dragon", "myrthvither_raven"),
    ("soulshards", "Pit Berserker", "Bone Thrall"),
])
def test_the_replacement_takes_the_cards_place_in_the_deck(game: str, card: str, replacement: str) -> None:
    """The same shuffle then puts the replacement where the card was: the deals differ by it alone."""
    before: Any = soulforge.load(game)
    options = replace_card(before, card, replacement)
    after: Any = game_class(game)(**options)
    cards = [getattr(deck, "cards", deck) for deck in (before.decks[0], after.decks[0])]
    assert list(cards[1]) == [replacement if c == card else c for c in cards[0]]
    assert options["deck1"] == before.options["deck1"], "the other deck is left as it was"


def test_an_illegal_replacement_is_refused_naming_legal_ones() -> None:
    game = soulforge.load("soulshards")
    with pytest.raises(OptionError, match=r"at most 3 copies of the card Militia Spearman.*legal in its "
                                          r"place: Arc Bolt"):
        replace_card(game, "Pit Berserker", "Militia Spearman")
    with pytest.raises(OptionError, match="no deck of this game holds 'Nobody'"):
        replace_card(game, "Nobody", "Arc Bolt")
    with pytest.raises(OptionError, match="five_realms has no decks"):
        replace_card(soulforge.load("five_realms"), "King", "Queen")


def test_a_deck_list_option_is_ablated_from_its_own_text() -> None:
    """A custom deck (a deck list) keeps its other fields (the City) and sections (Reserves)."""
    text = deck_text(document_of(Soulshards().decks[0]))
    game = Soulshards(deck0=text)
    options = replace_card(game, "Pit Berserker", "Bone Thrall")
    changed = Soulshards(**options).decks[0]
    assert changed.city == "Ironhold" and "Pit Berserker" not in changed.cards
    assert changed.reserves == game.decks[0].reserves
