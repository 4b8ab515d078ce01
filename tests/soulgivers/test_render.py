"""Renderers: text for the terminal, SVG for the browser (CONTRIBUTING.md, renderers)."""

from __future__ import annotations

import html
import json
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
        targets = [e.get("data-action") for e in root.iter() if "target" in (e.get("class") or "").split()]
        assert sorted(json.dumps(json.loads(t), sort_keys=True) for t in targets if t) == sorted(
            json.dumps(a, sort_keys=True) for a in legal)
        s.apply(rng.choice(s.legal_actions()))
    assert s.is_over


def test_svg_escapes_actions_and_highlights_last_move() -> None:
    s = GAME.new_game(seed=3)
    s.apply(s.legal_actions()[1])
    view = s.view(1)
    svg = render_svg.render(view, [a.to_json() for a in s.legal_actions()])
    assert 'class="target' in svg and html.escape('"type"', quote=True) in svg
    assert "last" in svg and 'class="cell' in svg
    assert render_svg.render(s.view(None), []).count('class="target') == 0
