"""Kipukas renderers: SVG for the web table, text for the terminal (CONTRIBUTING.md, renderers)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from rich.console import Console

import soulforge
from soulforge.games.kipukas import render_svg, render_text
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.state import KipukasState


def playout(seed: int, players: int = 2, steps: int = 400, **options: Any) -> list[KipukasState]:
    """The states of a random game, one after each action."""
    game = soulforge.load("kipukas", **options)
    s = game.new_game(seed=seed, players=players)
    assert isinstance(s, KipukasState)
    rng, seen = random.Random(seed), [s.clone()]
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
        seen.append(s.clone())
    return seen


def assert_board_draws_click_paths(s: KipukasState) -> None:
    """Every thing clicked to make a legal move is drawn on the current player's board."""
    seat = s.current_player
    if seat is None:
        return
    actions = s.legal_actions()
    drawn = handles(render_svg.render(s.view(seat), [a.to_json() for a in actions]))
    for action in actions:
        assert set(s.click_path(action)) <= drawn, (action, s.click_path(action))


def handles(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {str(e.get("data-handle")) for e in root.iter() if e.get("data-handle")}


def known_names(s: KipukasState, viewer: int | None) -> set[str]:
    """The card names a viewer may see, from the state: the cards it knows on the map, its own
    hand and card set aside, every discard pile, and names in public lines (a trap card carried
    by a soul counts as on the map)."""
    ids = [card for p, card in enumerate(s.card) if (s.on_map[p] or p in s.carried) and s.knows(viewer, p)]
    ids += [card for pile in s.discard for card in pile]
    if viewer is not None:
        ids += [*s.hand[viewer], s.aside[viewer]]
    lines = " ".join([*s.exchange, s.prompt()])
    return {CARDS[c].name for c in ids if c} | {c.name for c in CARDS.values() if c.name in lines}


@pytest.mark.parametrize(("seed", "players", "options"), [
    (1, 2, {}), (2, 2, {}), (5, 2, {}), (3, 3, {"map": "grand"}), (4, 4, {"map": "grand"}),
])
def test_the_current_players_board_draws_every_click_path(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    for s in playout(seed, players, **options):
        assert_board_draws_click_paths(s)


@pytest.mark.parametrize(("seed", "players", "options"), [(6, 2, {}), (7, 3, {"map": "grand"})])
def test_every_seat_and_a_spectator_see_no_hidden_name(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    hidden_seen = 0
    for s in playout(seed, players, **options):
        for viewer in [*range(players), None]:
            view = s.view(viewer)
            root = ET.fromstring(render_svg.render(view, []))
            text = " ".join(root.itertext())
            known = known_names(s, viewer)
            for p, on_map in enumerate(s.on_map):  # on the map, or carried face down (#traps)
                if not (on_map or p in s.carried) or s.knows(viewer, p):
                    continue
                hidden_seen += 1
                name = CARDS[s.card[p]].name
                assert name in known or name not in text, (viewer, p, name)
    assert hidden_seen > 20, "the playouts had unrevealed cards to hide"


def test_the_board_shows_names_hover_data_and_the_hand() -> None:
    states = playout(8)
    s = next(st for st in states if st.phase == "day" and st.hand[st.active])
    seat = s.active
    svg = render_svg.render(s.view(seat), [a.to_json() for a in s.legal_actions()])
    root = ET.fromstring(svg)
    drawn = handles(svg)
    assert {f"hand:{slot}" for slot in range(len(s.hand[seat]))} <= drawn
    assert {"face:up", "face:down"} <= drawn
    assert {f"territory:{t}" for t in s.board.territories} <= drawn
    assert {f"stand:{st}" for st in s.board.stands} <= drawn
    titles = [str(t.text) for t in root.iter("{http://www.w3.org/2000/svg}title")]
    card = CARDS[s.hand[seat][0]]
    assert any(t.startswith(card.name) and card.card_type.replace("_", " ") in t for t in titles)
    text = " ".join(root.itertext())
    assert "Diel cycle" in text and card.name.split(":")[0] in text


def test_no_internal_card_id_is_shown_as_text() -> None:
    for s in playout(9)[::3]:
        for viewer in (0, 1, None):
            text = " ".join(ET.fromstring(render_svg.render(s.view(viewer), [])).itertext())
            assert not [cid for cid in CARDS if cid in text and "_" in cid]


def test_a_keal_choice_shows_the_means_of_the_deciding_soul() -> None:
    for seed in range(10, 30):
        for s in playout(seed, steps=600):
            if s.phase != "keal":
                continue
            seat = s.current_player
            actions = s.legal_actions()
            svg = render_svg.render(s.view(seat), [a.to_json() for a in actions])
            assert {f"means:{a.to_json()['means']}" for a in actions} <= handles(svg)
            assert "KEAL means of" in svg
            return
    pytest.fail("no KEAL choice in the playouts")


def test_the_last_exchange_is_listed_step_by_step() -> None:
    for seed in range(10, 30):
        s = playout(seed, steps=600)[-1]
        if s.exchange:
            text = " ".join(ET.fromstring(render_svg.render(s.view(None), [])).itertext())
            last = s.exchange[-1].split()[0]
            assert "Last combat exchange" in text and f"{len(s.exchange)}. {last}" in text
            return
    pytest.fail("no combat exchange in the playouts")


def test_text_rendering_shows_the_territories() -> None:
    console = Console(record=True, width=160)
    for s in playout(11)[::10]:
        for viewer in (0, 1, None):
            console.print(render_text.render(s.view(viewer)))
    out = console.export_text()
    assert "The kipuka (duel)" in out and "Plains" in out and "Underground" in out
    assert "Players" in out


def test_the_diel_heading_says_setting_up_once() -> None:
    """Issue 30, item 11: before the first cycle the middle read "Setting up" over "setup"."""
    s = playout(3, steps=0)[0]
    assert s.cycle == 0
    root = ET.fromstring(render_svg.render(s.view(0), []))
    diel = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "diel")
    texts = ["".join(t.itertext()).strip() for t in diel.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[0] == "Setting up" and "setup" not in " ".join(texts[1:]), texts
