"""Views and the terminal renderer (DESIGN.md, Hidden information; CONTRIBUTING.md, Renderers)."""

from __future__ import annotations

import json

from rich.console import Console

from soulforge.games.five_realms.render_text import render

from .helpers import act, new_game, put_column, put_square, put_top, table


def test_view_holds_what_a_renderer_needs() -> None:
    """state.py docstring: square, deck, discard, players, pending decision, last move."""
    s = table()
    put_column(s, 0, "Ursid", "Ursid King")
    put_square(s, {"c2": "Ursid Queen", "b3": "Raptor King", "d4": "Raptor Queen"})
    put_top(s, "Feline King")
    act(s, "place at c3")
    view = s.view(1)
    assert json.loads(json.dumps(view)) == view
    assert {"square", "ring", "deck", "discard", "players", "phase", "pending", "last_move"} <= set(view)
    assert view["last_move"]["placed"] == {"row": 2, "col": 2}
    assert view["pending"]["banners"] == ["Raptor", "Ursid"]
    act(s, "collect Raptor")
    view = s.view(1)
    assert view["last_move"]["collected"] == [{"row": 2, "col": 1}, {"row": 3, "col": 3}]
    assert [c["banner"] for c in view["pending"]["collected"]] == ["Raptor", "Raptor"]
    player = view["players"][0]
    assert player["columns"][3] == {
        "realm": "Ursid", "height": 1, "imperial": 0,
        "cards": [{"banner": "Ursid", "character": None, "known_to": []}],
    }
    assert set(player) >= {"castles", "throne_room", "council", "titans", "lines"}


def test_text_renderer_shows_square_players_and_turn() -> None:
    """CONTRIBUTING.md, Renderers: render_text.render(view) -> a rich renderable."""
    s = new_game(seed=5)
    console = Console(width=120, record=True)
    console.print(render(s.view(0)))
    text = console.export_text()
    assert "Alkane square" in text and "seat 0 (you)" in text and "castles: 2" in text
    assert f"top banner: {s.banner_name(s.deck[-1])}" in text
    assert "place the drawn" in text


def test_every_card_says_its_data_on_hover_and_hidden_ones_nothing_more() -> None:
    """Issue 16: a card's hover text is its character's data in words (cards.toml); a
    card whose character the viewer does not know says its banner only."""
    import random
    import xml.etree.ElementTree as ET

    from soulforge.games.five_realms import FiveRealms, render_svg
    from soulforge.games.five_realms.cards import card_text

    game = FiveRealms()
    texts = {card.name: card_text(card) for card in game.rules.types}
    state = game.new_game(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player or 0
    root = ET.fromstring(render_svg.render(state.view(seat), []))
    titles = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert any(t.startswith("spot ") for t in titles)  # an empty spot names itself
    titles = [t for t in titles if not t.startswith("spot ")]
    known = [t for t in titles if "is hidden" not in t]
    assert known and all(any(t.endswith(text) for text in texts.values()) for t in known)
    hidden = [t for t in titles if "is hidden" in t]
    assert hidden and not any(name in t for t in hidden for name in texts)


def test_the_board_draws_a_key_of_its_colours_and_outlines() -> None:
    """Issue 16: each board has a key: every banner colour and what the outlines mean."""
    import xml.etree.ElementTree as ET

    from soulforge.games.five_realms import FiveRealms, render_svg

    state = FiveRealms().new_game(seed=1)
    root = ET.fromstring(render_svg.render(state.view(0), []))
    words = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Key" in words and all(realm in words for realm in render_svg.COLOURS)
    assert "purple outline: you can click it" in words and "gold outline: the last move" in words
