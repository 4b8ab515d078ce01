"""Renderers (CONTRIBUTING.md, "Renderers take a view, never a state")."""

from __future__ import annotations

import html
import json
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


def test_svg_targets_carry_actions() -> None:
    state = mid_game()
    p = state.current_player or 0
    legal = [a.to_json() for a in state.legal_actions()]
    svg = render_svg.render(state.view(p), legal)
    root = ET.fromstring(svg)
    targets = [e for e in root.iter() if e.get("class") == "target"]
    found = {json.dumps(json.loads(e.get("data-action", "")), sort_keys=True) for e in targets}
    assert found == {json.dumps(a, sort_keys=True) for a in legal}
    assert html.escape('"type"') in svg


def test_svg_placement_targets_are_hexes() -> None:
    state = new_game()
    legal = [a.to_json() for a in state.legal_actions()]
    root = ET.fromstring(render_svg.render(state.view(0), legal))
    hexes = [e for e in root.iter() if e.tag.endswith("polygon") and e.get("class") == "target"]
    assert len(hexes) == 2


def test_svg_highlights_the_last_move() -> None:
    state = arena()
    put(state, "Shekun", 0, 27)
    state.apply(Move(27, 21))
    svg = render_svg.render(state.view(1), [])
    root = ET.fromstring(svg)
    assert len([e for e in root.iter() if e.get("data-last") == "true"]) == 2
    assert "last: seat 0: move cell 27 to cell 21" in svg


def test_svg_without_legal_actions_for_spectators() -> None:
    state = mid_game()
    root = ET.fromstring(render_svg.render(state.view(None), []))
    assert not [e for e in root.iter() if e.get("class") == "target"]
