"""Renderers: text for the terminal, SVG for the browser (CONTRIBUTING.md, renderers)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from rich.console import Console

from soulforge.games.soulgivers import render_svg, render_text

from .helpers import GAME


def test_text_and_svg_render_through_a_game() -> None:
    rng = random.Random(2)
    s = GAME.new_game(seed=2)
    console = Console(file=open("/dev/null", "w"), width=140)  # noqa: SIM115
    while not s.is_over:
        seat = s.current_player
        view = s.view(seat)
        console.print(render_text.render(view))
        legal = [a.to_json() for a in s.legal_actions()]
        svg = render_svg.render(view, legal)
        root = ET.fromstring(svg)
        drawn = {e.get("data-handle") for e in root.iter() if e.get("data-handle")}
        for action in s.legal_actions():
            assert set(s.click_path(action)) <= drawn, action
        assert not [e for e in root.iter() if e.get("data-action")]
        s.apply(rng.choice(s.legal_actions()))
    assert s.is_over


def test_buttons_are_few_and_paths_tell_actions_apart() -> None:
    """Issue 16: the actions with no place on the board (end the turn, draw an Anomaly,
    decline, the Population Ability, keep the tiles) are the only buttons, at most a few at
    a time; every other action is clicked on the board, no two by the same path."""
    buttons = {"end_turn", "draw", "decline", "population", "skip_swap"}
    rng = random.Random(4)
    s = GAME.new_game(seed=4)
    while not s.is_over and s.move_number < 300:
        actions = s.legal_actions()
        paths = [s.click_path(a) for a in actions]
        assert len([p for p in paths if p]) == len({p for p in paths if p})
        assert all(bool(p) or a.kind in buttons for p, a in zip(paths, actions, strict=True))
        s.apply(rng.choice(actions))


def test_svg_names_things_on_hover_and_highlights_last_move() -> None:
    s = GAME.new_game(seed=3)
    s.apply(s.legal_actions()[1])
    svg = render_svg.render(s.view(1), [a.to_json() for a in s.legal_actions()])
    assert "<title>cell 0:" in svg and "<title>tile 0</title>" in svg
    assert "last" in svg and 'class="cell' in svg
    spectator = render_svg.render(s.view(None), [])
    assert "hand:" not in spectator and "soulgiver:" not in spectator
