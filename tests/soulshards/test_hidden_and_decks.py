"""Hidden information and deckbuilding (rulebook: "Hand", "Arsenal", "Support", "Before the
game", copy limits; DESIGN.md, hidden information)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from soulforge.cli import app
from soulforge.games.soulshards import data
from soulforge.games.soulshards.render_svg import render
from tests.soulshards.helpers import new_game, table


def test_hands_arsenals_and_reserves_are_absent_from_the_other_seat() -> None:
    """Hand: do not reveal them; Arsenal face down; Reserves private; views, logs and SVG."""
    for seed in range(4):
        s = new_game(seed)
        rng = random.Random(seed)
        while not s.is_over and s.move_number < 150:
            s.apply(rng.choice(s.legal_actions()))
            for viewer in (0, 1, None):
                for p in (0, 1):
                    if viewer == p:
                        continue
                    v = s.view(viewer)["players"][p]
                    assert v["hand"] is None and "reserves" not in v and "unseen" not in v
                    assert len(json.dumps(v)) < 20_000
            drawn = [line for line in s.log(1) if line.startswith("you draw")]
            assert not any(line.startswith("you ") for line in s.log(0) if line in drawn)


def test_log_and_svg_of_a_seat_never_name_the_other_hand() -> None:
    """A drawn card's name reaches only its owner (log lines and the web board)."""
    s = table()
    s.arsenal[1].append("Archmage Ilsen")
    s.draw(1, 1)
    assert any("Archmage Ilsen" in line for line in s.log(1))
    assert not any("Archmage Ilsen" in line for line in s.log(0) + s.log(None))
    svg0 = render(s.view(0), [])
    assert 'data-handle="hand:Archmage Ilsen"' not in svg0
    assert 'data-handle="hand:Archmage Ilsen"' in render(s.view(1), [])


def test_determinize_resamples_the_opponents_hand_and_keeps_the_view() -> None:
    """determinize(p): the opponent's hand and both deck orders are redrawn from what p knows."""
    s = new_game(3)
    rng = random.Random(3)
    while s.move_number < 60:
        s.apply(rng.choice(s.legal_actions()))
    hands = set()
    for k in range(6):
        world = s.determinize(0, random.Random(k))
        assert world.view(0) == s.view(0)
        hands.add(tuple(sorted(world.hand[1])))
    assert len(hands) > 1


def test_starter_decks_are_legal_and_use_every_keyword() -> None:
    """Before the game: 40 cards, 1 City, up to 12 Reserves; 3 copies, 1 for a Hero."""
    game = table().game
    used: set[str] = set()
    for deck in data.builtin_decks().values():
        assert data.deck_problems(deck, game.cards, game.cities) == []
        assert len(deck.cards) == 40 and len(deck.reserves) == 12
        for name in deck.cards + deck.reserves:
            card = game.cards[name]
            used |= card.keywords | card.equip_keywords
    assert used >= {"airborne", "guard", "hero", "mountable", "overrun", "provoke", "stealthy", "undead",
                    "zealous"}


def test_copy_limits_count_the_reserves() -> None:
    """Reserves count as part of your deck for how many copies of each card you can use."""
    game = table().game
    cards = "\n".join(f'"{n}" = 3' for n in ["Militia Spearman", "Shieldwall Sergeant", "Ironhold Charger",
                                             "Pit Berserker", "Warhound Pack", "Gate Archer", "Skyhawk Rider",
                                             "Battle Cry", "Rally the Guard", "Shatter", "War Banner",
                                             "Iron Shield", "Supply Wagon"])
    text = f'city = "Ironhold"\n[cards]\n{cards}\n"Captain Varra" = 1\n[reserves]\n"Shatter" = 1\n'
    problems = game.validate_deck(text)
    assert problems == ["line 12: at most 3 copies of the card Shatter, this deck has 4 (Reserves count)"]
    assert game.validate_deck(text.replace('"Shatter" = 1', '"Siege Ogre" = 3')) == []


def test_deck_validate_command(tmp_path: Path) -> None:
    """``soulforge deck validate soulshards FILE``."""
    good = tmp_path / "good.toml"
    bad = tmp_path / "bad.toml"
    counts = Counter(data.builtin_decks()["ironhold"].cards)
    good.write_text('city = "Ironhold"\n[cards]\n' + "\n".join(f'"{n}" = {c}' for n, c in counts.items()))
    bad.write_text('city = "Nowhere"\n[cards]\n"Captain Varra" = 2\n')
    runner = CliRunner()
    assert runner.invoke(app, ["deck", "validate", "soulshards", str(good)]).exit_code == 0
    result = runner.invoke(app, ["deck", "validate", "soulshards", str(bad)])
    assert result.exit_code == 1 and "Nowhere" in result.output and "Hero" in result.output
