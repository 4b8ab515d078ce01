"""Kipukas data (issue 18, "Data"): every published card loaded and checked, the typing chart
and motives as the rulebook's worked examples read them, deckbuilding and the starter decks."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from soulforge.core.errors import DataError
from soulforge.games.kipukas import data


def test_every_card_of_the_shared_data_loads() -> None:
    kinds = Counter(card.card_type for card in data.CARDS.values())
    assert len(data.CARDS) == 56 and kinds["character"] == 12 and kinds["species"] == 18
    assert sum(card.founders for card in data.CARDS.values()) == 55, "all but the Incubation Egg"
    hilbert = data.CARDS["hilbert_king_of_avian_frogs"]
    assert hilbert.soul and hilbert.archetypal_gene and hilbert.keal_means and hilbert.brawl_sequence


@pytest.mark.parametrize(("change", "named"), [
    ({"card_type": "dragon"}, "card_type"),
    ({"archetypal_gene": "Wooden"}, "archetypal_gene"),
    ({"movement": -1}, "movement"),
    ({"die_attack_parsed": {"dice": ["X9"], "base": 0}}, "die_attack_parsed"),
    ({"keal_means": [{"name": "Bite", "archetypes": ["Nope"], "tolerance": 1}]}, "keal_means"),
])
def test_a_bad_field_names_the_card_and_the_field(change: dict[str, object], named: str) -> None:
    raw = json.loads((data.DATA / "cards.json").read_text(encoding="utf-8"))
    hilbert = next(card for card in raw if card["id"] == "hilbert_king_of_avian_frogs")
    hilbert.update(change)
    with pytest.raises(DataError, match=rf"cards.json: hilbert_king_of_avian_frogs: {named}"):
        data.load_cards(raw)


def test_typing_chart_reads_the_rulebook_examples() -> None:
    """#ce_defense_action: Symbiont Barrage (Decrepit-Arboreal) against King's Mojo
    (Energetic-Angelic-Avian) "decreases the raven's attack roll by 6"; the second example -13."""
    chart = data.load_matchups()
    assert chart.typing(("Decrepit", "Arboreal"), ("Energetic", "Angelic", "Avian")) == -6
    assert chart.typing(("Cenozoic", "Decrepit", "Angelic"), ("Decrepit", "Angelic", "Brutal")) == -13


def test_motives_give_ten_only_to_the_one_that_beats_the_other() -> None:
    """#motivation: Survival > Duty > Sacrifice > Passion > Service > Satisfaction > Survival;
    Spirit > Possessor > Conscience > Spirit; no bonus between planes or for Passion/Satisfaction."""
    motives, bonus = data.load_matchups(), data.load_rules()["motive_bonus"]
    assert motives.motive_bonus("Survival", "Duty", bonus) == 10
    assert motives.motive_bonus("Duty", "Survival", bonus) == 0
    assert motives.motive_bonus("Satisfaction", "Survival", bonus) == 10
    assert motives.motive_bonus("Passion", "Satisfaction", bonus) == 0
    assert motives.motive_bonus("Spirit", "Duty", bonus) == 0
    assert set(motives.preservation.values()) == {"Self", "Support", "Society"}


def test_the_authored_starter_decks_keep_every_deckbuilding_rule() -> None:
    decks = data.starter_decks()
    assert set(decks) == {"ember", "tide"}
    for deck in decks.values():
        assert len(deck.cards) == 30 and data.deck_problems(deck) == []
        assert sum(data.CARDS[c].soul for c in deck.cards) == 16


def deck_text(counts: dict[str, int], personal: str | None = None) -> str:
    head = [f'personal_effect = "{personal}"'] if personal else []
    return "\n".join([*head, "[cards]", *(f"{card} = {n}" for card, n in counts.items())]) + "\n"


def test_deck_validation_names_each_broken_rule_and_its_line() -> None:
    """#deck_structure: 30 cards + 1 optional Personal Effect; copy limits by card type."""
    ember = Counter(data.starter_decks()["ember"].cards)
    assert data.validate_deck(deck_text(dict(ember))) == []
    personal = next(c.id for c in data.CARDS.values() if c.card_type == "personal_effect")
    assert data.validate_deck(deck_text(dict(ember), personal)) == [], "a Personal Effect beside the deck"
    character = next(card for card in ember if data.CARDS[card].card_type == "character")
    doubled = dict(ember) | {character: 2}
    problems = data.validate_deck(deck_text(doubled))
    line = 2 + list(doubled).index(character)
    name = data.CARDS[character].name
    assert f"line {line}: {name}: at most 1 in a deck (character), this one has 2" in problems
    assert "a deck has exactly 30 cards, this one has 31" in problems
    in_deck = data.validate_deck(deck_text(dict(ember) | {personal: 1}))
    assert any(p.endswith("at most 0 in a deck (personal effect), this one has 1") for p in in_deck)
    assert data.validate_deck(deck_text({"no_such_card": 1}))[0] == "line 2: unknown card 'no_such_card'"
    assert data.validate_deck(deck_text(dict(ember), character)) == [
        f"line 1: personal_effect {character!r} is not a Personal Effect card"]
    assert data.validate_deck("[cards\n") and data.validate_deck("x = 1") == [
        "the deck list needs a [cards] table of card id = copies"]


def test_the_authored_maps_are_whole_and_sized_by_players() -> None:
    """#maps: 8 territories for 2 players, 12 for up to 4; #transit_territories have no base
    camp stand; every stand can be reached."""
    from soulforge.games.kipukas.board import load_maps

    duel, grand = load_maps()["duel"], load_maps()["grand"]
    assert (len(duel.territories), duel.players, len(grand.territories), grand.players) == (8, 2, 12, 4)
    assert duel.base_camp(4) is None and duel.base_camp(1) == "T1" and "Water" in duel.geography
    assert any(tunnel for *_, tunnel in duel.paths) and any(s.dock for s in duel.stands.values())
    assert all(duel.distance("T1", stand) < 99 for stand in duel.stands)


def test_a_broken_map_names_what_is_wrong(tmp_path: Path) -> None:
    from soulforge.games.kipukas.board import load_maps

    path = tmp_path / "maps.toml"
    path.write_text('[maps.x]\nsource = "authored"\nplayers = 2\ntransit = []\n'
                    'geography = ["Plains"]\nstands = []\npaths = []\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"maps\.toml: x: geography: a map has 8 to 12 territories"):
        load_maps(path)
