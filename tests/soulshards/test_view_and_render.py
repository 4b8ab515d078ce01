"""Views and renderers: the seven Zones, Resolve, Fatigue, Attributes, card texts, the fight
step by step, and clickable handles (issue 19, "Done means")."""

from __future__ import annotations

import random
import re
from html import unescape

from rich.console import Console

from soulforge.games.soulshards.render_svg import render
from soulforge.games.soulshards.render_text import render as render_text
from tests.soulshards.helpers import act, hand, new_game, put, table
from tests.soulshards.test_attacks import _words, attack, block


def test_svg_shows_the_zones_resolve_fatigue_and_attributes() -> None:
    s = table()
    put(s, 0, "b", "Gate Archer", fatigue=2)
    put(s, 1, "k", "Spell Lectern")
    hand(s, 0, "Arc Bolt")
    s.stockpile[0] = [("Foresight", 3)]
    s.home[0] = ["Shatter"]
    svg = render(s.view(0), [a.to_json() for a in s.legal_actions()])
    for words in ("Battlefield", "Keep", "Arsenal", "Home", "Resolve 16", "City effect", "Might"):
        assert words in svg
    for handle in ("card:0b0", "card:1k0", "hand:Arc Bolt", "my-stockpile:0", "home:Shatter", "attr:might",
                   "my-arsenal", "their-arsenal", "attack", "tactics"):
        assert f'data-handle="{handle}"' in svg
    assert svg.count('r="5" fill="#b9483a"') == 2  # two Fatigue pips
    assert "Keywords: Ranged" in svg  # the card's text on hover


def test_every_click_path_handle_is_on_the_board() -> None:
    """Every board move can be made by clicks: each handle of each legal action is drawn."""
    for seed in range(3):
        s = new_game(seed)
        rng = random.Random(seed)
        while not s.is_over and s.move_number < 400:
            seat = s.current_player
            assert seat is not None
            svg = render(s.view(seat), [a.to_json() for a in s.legal_actions()])
            drawn = {unescape(h) for h in re.findall(r'data-handle="([^"]+)"', svg)}
            for action in s.legal_actions():
                missing = [h for h in s.click_path(action) if h not in drawn]
                assert not missing, (str(action), missing)
            s.apply(rng.choice(s.legal_actions()))


def test_the_fight_is_shown_step_by_step() -> None:
    s = table()
    a = put(s, 0, "b", "Militia Spearman")
    d = put(s, 1, "b", "Spire Acolyte")
    hand(s, 0, "Militia Spearman")
    hand(s, 1, "Shade Stalker")
    attack(s, a)
    block(s, d, a)
    assert s.view(0)["fight"]["attacker"] == "Militia Spearman"
    act(s, "support with Shade Stalker from hand")
    assert "concealed" in render(s.view(0), [])
    act(s, "support with Militia Spearman from hand")
    svg = render(s.view(0), [])
    assert "Support Shade Stalker (Trait 1)" in svg and "wins" in svg
    assert _words(s, a)


def test_terminal_rendering_shows_both_seats() -> None:
    s = table()
    put(s, 0, "b", "Gate Archer")
    console = Console(record=True, width=160)
    console.print(render_text(s.view(0)))
    text = console.export_text()
    assert "Seat 0" in text and "Gate Archer" in text and "Resolve 16" in text
