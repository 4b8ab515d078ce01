"""Renderers (CONTRIBUTING.md, "Renderers take a view, never a state")."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from rich.console import Console

from soulforge.games.soul_of_ankiril import render_svg, render_text
from soulforge.games.soul_of_ankiril.actions import Move

from .helpers import arena, new_game, put, started


def mid_game(seed: int = 3, moves: int = 80):  # type: ignore[no-untyped-def]
    state = started(seed)
    rng = random.Random(seed)
    while not state.is_over and state.move_number < moves:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_text_render_shows_board_and_hand() -> None:
    state = mid_game()
    console = Console(record=True, width=140)
    p = state.current_player or 0
    console.print(render_text.render(state.view(p)))
    text = console.export_text()
    assert "Soul of Ankiril" in text and "Energy" in text
    assert all(name in text for name in state.hands[p])


def handles(root: ET.Element) -> set[str]:
    return {e.get("data-handle", "") for e in root.iter() if e.get("data-handle")}


def test_every_legal_action_is_made_by_clicking_what_the_board_draws() -> None:
    """Issue 16: each legal action's click path names elements of the board; only the
    end of the turn, drawing and recharging are buttons, and none is drawn in the board."""
    state = mid_game()
    p = state.current_player or 0
    legal = state.legal_actions()
    root = ET.fromstring(render_svg.render(state.view(p), [a.to_json() for a in legal]))
    drawn = handles(root)
    for action in legal:
        path = state.click_path(action)
        assert set(path) <= drawn, (action, path)
        assert path or action.kind in {"end_turn", "draw", "recharge"}
    assert not [e for e in root.iter() if e.get("data-action")]


def test_placement_cells_are_hexes() -> None:
    state = new_game()
    root = ET.fromstring(render_svg.render(state.view(0), [a.to_json() for a in state.legal_actions()]))
    wanted = {state.click_path(a)[0] for a in state.legal_actions()}
    groups = [e for e in root.iter() if e.get("data-handle") in wanted]
    assert len(groups) == 2 and all(g.find("{http://www.w3.org/2000/svg}polygon") is not None for g in groups)


def test_the_hand_is_drawn_as_cards_with_their_text() -> None:
    state = mid_game()
    p = state.current_player or 0
    root = ET.fromstring(render_svg.render(state.view(p), []))
    cards = [e for e in root.iter() if e.get("data-handle", "").startswith("hand:")]
    assert sorted(e.get("data-handle", "")[5:] for e in cards) == sorted(state.hands[p])
    for card in cards:
        name = card.get("data-handle", "")[5:]
        title = card.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and state.cards[name].text in (title.text or "")


def test_svg_highlights_the_last_move() -> None:
    state = arena()
    put(state, "Shekun", 0, 27)
    state.apply(Move(27, 21))
    svg = render_svg.render(state.view(1), [])
    root = ET.fromstring(svg)
    assert len([e for e in root.iter() if e.get("data-last") == "true"]) == 2
    name = state.board.name
    assert f"last: seat 0: move Shekun ({name(27)}) to {name(21)}" in svg


def test_spectators_see_no_hand() -> None:
    state = mid_game()
    root = ET.fromstring(render_svg.render(state.view(None), []))
    assert not [h for h in handles(root) if h.startswith("hand:")]
