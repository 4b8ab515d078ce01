"""Setup (rulebook, "Setup") and the battlefield and deck data ("Play Area", "Deck List")."""

from __future__ import annotations

from collections import Counter

import pytest

from soulforge.core.errors import DataError
from soulforge.core.registry import Registry
from soulforge.games.soul_of_ankiril.actions import EndTurn, PlaceLeader
from soulforge.games.soul_of_ankiril.board import load_board, parse_board
from soulforge.games.soul_of_ankiril.cards import KEYWORDS, PIECES
from soulforge.games.soul_of_ankiril.data import builtin_decks, load_cards, parse_card

from .helpers import new_game, started

WATER = {
    "Kashiri": 1, "Shekun": 2, "Nirush": 2, "Kintur": 2, "Ganuri": 2, "Mullub": 2, "Urghira": 2,
    "A'abak": 1, "Suresad": 2, "New springs": 3, "Drain energy": 2, "Sciame inarrestabile": 2,
    "Venomous touch": 1, "Empathic bond": 2, "Unah": 3,
}
FIRE = {
    "Barush": 1, "Damsha": 2, "Ighirish": 3, "Murduna": 2, "Ardug": 2, "Irsang": 2, "Diridal": 2,
    "Urom": 2, "Mushank": 2, "Burning claws": 3, "Biting blaze": 1, "Sprint": 1, "Ravenous pack": 2,
    "Blazing inferno": 1, "Unah": 3,
}


def test_base_decks_match_the_deck_lists() -> None:
    """Rulebook, "Deck List": both decks exactly as listed, 26 cards plus 3 Emanations each."""
    decks = builtin_decks()
    assert Counter(decks["water"]) == Counter(WATER)
    assert Counter(decks["fire"]) == Counter(FIRE)
    for deck in decks.values():
        assert len(deck) == 29
        assert sum(1 for n in deck if n != "Unah") == 26


def test_water_offspring_are_tokens_not_cards() -> None:
    """CLARIFICATIONS.md, Soul of Ankiril: "Offspring x 3" are Water's Offspring tokens."""
    assert load_cards()["Offspring"].type == "token"
    assert "Offspring" not in builtin_decks()["water"]
    assert started().offspring == (3, 3)


def test_every_card_has_sourced_statistics() -> None:
    """CLARIFICATIONS.md: attack, health, class, ability and sync points are authored as data."""
    for card in load_cards().values():
        if card.creature:
            assert (card.attack >= 1 and card.health >= 1 and card.klass) or card.type == "token"
        assert card.sync >= 0 and card.text


def test_a_card_without_sources_is_refused() -> None:
    """CONTRIBUTING.md: every value says where it comes from."""
    with pytest.raises(DataError, match="source"):
        parse_card("cards.toml", "X", {"type": "ally", "attack": 1, "health": 1, "sync": 1, "text": "x"})


def test_abilities_refer_to_registered_pieces() -> None:
    """Glossary: abilities are built from keywords; an unknown piece is a data error."""
    table = {"type": "ally", "attack": 1, "health": 1, "sync": 1, "text": "x", "active": [["Fly", 1]],
             "source": dict.fromkeys(["name", "type", "element", "class", "attack", "health", "sync",
                                      "abilities"], "authored")}
    with pytest.raises(DataError, match="'Fly' is not in Soul of Ankiril ability pieces"):
        parse_card("cards.toml", "X", table)
    with pytest.raises(DataError, match="Throw takes 2 parameter"):
        parse_card("cards.toml", "X", {**table, "active": [["Throw", 1]]})
    with pytest.raises(DataError, match="'rich' is not in Soul of Ankiril requirements"):
        parse_card("cards.toml", "X", {**table, "active": [["Meditate"]], "requires": ["rich"]})


def test_every_glossary_keyword_is_on_some_card() -> None:
    """Glossary: each keyword is playable in the base decks."""
    cards = [load_cards()[n] for deck in builtin_decks().values() for n in set(deck)]
    used = {k for c in cards for k in c.keywords}
    used |= {name for c in cards for refs in (c.active, c.summon, c.legacy, c.persist, c.upkeep, c.effects)
             for name, _ in refs}
    assert set(KEYWORDS) <= used
    assert isinstance(PIECES, Registry) and isinstance(KEYWORDS, Registry)  # core registries, not dicts
    for piece in ("Challenge", "Draw", "Generate", "Meditate", "Project", "Reinforce", "Swap", "Throw"):
        assert piece in used and piece in PIECES
    assert any(c.legacy for c in cards) and any(c.persist for c in cards)


def test_battlefield_terrains() -> None:
    """Rulebook, "Play Area": Elemental, Raised, Neutral, Emanation terrains and the Anomaly."""
    board = load_board()
    kinds = Counter(board.kind)
    assert {"elemental", "raised", "neutral", "emanation", "deployment", "anomaly"} <= set(kinds)
    assert kinds["anomaly"] == 1 and board.anomaly == (22,)
    assert board.emanation_cells == ((33, 35, 37), (7, 9, 11))
    assert board.deployment_cells == ((41, 42), (2, 3))


def test_battlefield_is_symmetric() -> None:
    """Rulebook, "Play Area": the two player boards are alike; an asymmetric layout is refused."""
    with pytest.raises(DataError, match="symmetry"):
        parse_board([" @ .", ". @ .", " . ."])


def test_setup_energy_hand_and_emanations() -> None:
    """Setup steps 3, 5, 6, 7: Energy at 0, Leader aside, 3 Creatures and 2 Spells, 3 Emanations."""
    state = new_game(seed=4)
    cards = state.cards
    for p in range(2):
        assert state.energy[p] == 0
        kinds = Counter(cards[n].type for n in state.hands[p])
        assert kinds == {"ally": 3, "spell": 2}
        assert len(state.decks[p]) == 20
        assert all(cards[n].type in ("ally", "spell") for n in state.decks[p])
        assert state.emanations_left(p) == 3
    assert state.ema_hp == (5,) * 6


def test_opening_hand_reshuffles_the_rest() -> None:
    """Setup step 6: excess cards drawn go back and the deck is reshuffled (seeded)."""
    decks = {tuple(new_game(seed=s).decks[0]) for s in range(5)}
    assert len(decks) == 5


def test_leaders_are_placed_on_deployment_terrains() -> None:
    """Setup step 8: each Leader token goes on one of its Leader deployment terrains."""
    state = new_game()
    assert state.current_player == 0
    assert set(state.legal_actions()) == {PlaceLeader(41), PlaceLeader(42)}
    state.apply(PlaceLeader(42))
    assert set(state.legal_actions()) == {PlaceLeader(2), PlaceLeader(3)}
    with pytest.raises(ValueError, match="Setup"):
        state.apply(PlaceLeader(42))


def test_first_player_is_random() -> None:
    """Setup step 9: randomly decide who starts the game."""
    assert {started(seed=s).player for s in range(12)} == {0, 1}
    assert new_game().first_player is None, "drawn once both Leaders are placed"
    assert all(started(seed=s).first_player == started(seed=s).player for s in range(12))


def test_mirror_match() -> None:
    """Rulebook, "Mirror Match": both players may choose decks of the same element."""
    state = started(deck0="fire", deck1="fire")
    assert state.view(0)["mirror_match"] is True
    assert state.leader(0) is not None and state.leader(0).card.name == "Barush"  # type: ignore[union-attr]
    assert started().view(0)["mirror_match"] is False


def test_first_turn_has_no_upkeep() -> None:
    """Turn Structure, phase 2: "Starting from the second turn" - the first player has 0 Energy."""
    state = started()
    assert state.turn == 1 and state.energy == (0, 0)
    leader = state.leader(state.player)
    assert leader is not None and leader.active


def test_the_second_player_restores_energy_on_its_first_turn() -> None:
    """Turn Structure, phase 2, "Starting from the second turn": read as the game's second
    turn, the second player's first turn has Upkeep (3 Energy)."""
    state = started()
    second = 1 - state.player
    state.apply(EndTurn())
    assert state.turn == 2 and state.player == second and state.energy[second] == 3


def test_variant_first_upkeep_3_gives_each_player_a_first_turn_without_energy() -> None:
    """Option ``first_upkeep=3`` (a designer's variant of the same sentence): Upkeep starts
    on the game's third turn, so both players' first turns have 0 Energy."""
    state = started(first_upkeep=3)
    state.apply(EndTurn())
    assert state.turn == 2 and not any(state.energy)
    state.apply(EndTurn())
    assert state.turn == 3 and state.energy[state.player] == 3


def test_variant_emanation_health_sets_every_emanation_and_the_default_is_the_card() -> None:
    """Emanation Health is authored data (the rulebook prints none): by default every
    Emanation starts with its card's Health (5 in the base decks); option
    ``emanation_health`` (a designer's variant for the seat-balance A/B, NOTES "Balance")
    sets it for all six, and the view shows it."""
    assert new_game().ema_hp == (5,) * 6
    state = new_game(emanation_health=8)
    assert state.ema_hp == (8,) * 6
    assert [e["health"] for e in state.view(0)["players"][1]["emanations"]] == [8, 8, 8]


@pytest.mark.parametrize("health", [-1, 21])
def test_emanation_health_out_of_range_is_refused_naming_the_option(health: int) -> None:
    with pytest.raises(ValueError, match="emanation_health"):
        new_game(emanation_health=health)
