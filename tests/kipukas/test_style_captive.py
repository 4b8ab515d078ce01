"""#playstyleoptions, Captive: "Each player gives the other a soul card, which they shuffle into
their deck. Once drawn, the player must play the card unrevealed. The first player to reveal and
lead their soul back to their capital wins". The captive is hidden from everyone but its holder
until revealed."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

import soulforge
from soulforge.agents import load
from soulforge.core.errors import IllegalAction
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.actions import Play
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import PUBLIC
from soulforge.games.kipukas.render_svg import render as render_svg
from soulforge.games.kipukas.render_text import render as render_text
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.kipukas.styles import Captive
from soulforge.interop.observation import ObservationEncoder
from tests.kipukas.scenario import act, fresh, give

pytestmark = pytest.mark.usefixtures("checked_rules")  # each rule lists what its checks let through


def _captive(seed: int = 0) -> tuple[KipukasState, str]:
    """A game on its first day; seat 1 holds seat 0's soul in hand."""
    state = fresh(seed, style="captive")
    card = Captive.captive_of(state.decklists, 0)
    assert card is not None
    give(state, 1, card)
    act(state, 1)
    return state, card


def test_each_soul_is_shuffled_into_the_other_deck() -> None:
    state = fresh(style="captive")
    for giver in range(2):
        card = Captive.captive_of(state.decklists, giver)
        assert card is not None and card not in state.decklists[1 - giver]
        mine = state.deck[giver] + state.hand[giver] + [state.aside[giver]]
        theirs = state.deck[1 - giver] + state.hand[1 - giver] + [state.aside[1 - giver]]
        assert mine.count(card) == state.decklists[giver].count(card) - 1 and theirs.count(card) == 1


def test_once_drawn_it_is_played_unrevealed_only() -> None:
    state, _ = _captive()
    plays = [a for a in state.legal_actions() if isinstance(a, Play) and a.slot == 0]
    assert plays and not any(a.revealed for a in plays)
    with pytest.raises(IllegalAction):
        state.apply(Play(0, plays[0].stand, True))


def test_the_captive_is_hidden_from_everyone_but_its_holder() -> None:
    """In seat 1's hand and then played face down, seat 0's soul shows in no view but seat 1's
    (nor in seat 0's log or a spectator's)."""
    state, card = _captive()
    _hidden_but_from_seat_1(state, card)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Play) and a.slot == 0))
    piece = next(p for p in state.live() if state.card[p] == card)
    assert state.owner[piece] == 1 and not state.revealed[piece]
    _hidden_but_from_seat_1(state, card)


def _hidden_but_from_seat_1(state: KipukasState, card: str) -> None:
    for viewer in (0, None):
        assert card not in json.dumps(state.view(viewer)) and card not in json.dumps(state.log(viewer))
    assert card in json.dumps(state.view(1))


def test_revealed_it_follows_its_giver_who_wins_by_leading_it_home() -> None:
    state, card = _captive()
    play = next(a for a in state.legal_actions() if isinstance(a, Play) and a.slot == 0)
    state.apply(play)
    piece = next(p for p in state.live() if state.card[p] == card)
    assert state.owner[piece] == 1
    cycle.reveal(state, piece)
    assert state.owner[piece] == 0 and state.view(None)["style"]["freed"] == [piece, None]
    assert not state.is_over
    cycle.place(state, piece, state.board.camp_of(state.capital[0][0]))
    cycle.end_action(state, state.active)
    assert state.is_over and state.winner == 0 and "led its soul" in state.finished_by


def test_greedy_against_greedy_plays_it_to_its_end() -> None:
    state = soulforge.load("kipukas", style="captive", peace_after=8).new_game(seed=2)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and state.finished_by


def _to_face_down_captive(seed: int) -> tuple[KipukasState, random.Random, int, str]:
    """The seeded random game (``random.Random(seed)`` choosing among the legal actions, as the
    golden games do) played until seat 0's soul, given to seat 1, lies face down on the board."""
    state = soulforge.load("kipukas", style="captive").new_game(seed=seed)
    assert isinstance(state, KipukasState)
    chooser = random.Random(seed)
    card = Captive.captive_of(state.decklists, 0)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
        placed = [p for p in state.live() if state.card[p] == card and state.owner[p] == 1]
        if placed:
            assert card is not None and not state.known[placed[0]] & PUBLIC
            return state, chooser, placed[0], card
    raise AssertionError("the seeded game never played the captive")


def _seen_by_others(state: KipukasState, encoder: ObservationEncoder) -> list[object]:
    """All that seat 0 and a spectator get of the position: views, logs, the web's SVG and the
    terminal's rendering of their views, seat 0's observation tensor and, when seat 0 decides,
    its choices as its payload words them."""
    seen: list[object] = []
    for viewer in (0, None):
        view = state.view(viewer)
        console = Console(record=True, width=140, file=io.StringIO())
        console.print(render_text(view))
        seen += [json.dumps(view, sort_keys=True), json.dumps(state.log(viewer)), render_svg(view, []),
                 console.export_text()]
    seen.append(encoder.observe(state, 0).tobytes())
    if state.current_player == 0:  # the choices seat 0's payload lists, in its words
        seen.append([(a.to_json(), state.describe(a)) for a in state.legal_actions()])
    return seen


def test_a_seeded_game_keeps_the_face_down_captive_hidden_until_revealed_per_the_rule() -> None:
    """Seeded game 0 of Captive: seat 1 plays seat 0's soul (Liliel) face down (#playstyleoptions:
    "Once drawn, the player must play the card unrevealed"). On the board, what seat 0 and a
    spectator see (views, logs, SVG, terminal text, seat 0's observation) is the same, to the
    byte, as if that face-down card were another soul: nothing tells it is the captive. It stays
    so at every move until it is revealed; then it is shown to all and follows its giver, seat 0
    ("The first player to reveal and lead their soul back to their capital wins")."""
    state, chooser, piece, card = _to_face_down_captive(0)
    assert card == "liliel_healing_fairy" and state.stand[piece]
    encoder = ObservationEncoder(state.game)
    other = next(c for c in state.deck[1] if CARDS[c].soul and c != card)
    twin = state.clone()
    twin.card[piece], twin.injuries[piece] = other, [0] * len(CARDS[other].keal_means)
    twin.moved()
    assert _seen_by_others(twin, encoder) == _seen_by_others(state, encoder)
    name = CARDS[card].name
    moves = 0
    while not state.known[piece] & PUBLIC:
        for viewer in (0, None):
            shown = next(p for p in state.view(viewer)["pieces"] if p["piece"] == piece)
            assert shown["card"] is None and shown["kind"] == "card"
            assert not [line for line in state.log(viewer) if name in str(line)]
        assert state.view(None)["style"]["freed"] == [None, None]
        state.apply(chooser.choice(state.legal_actions()))
        moves += 1
    assert moves == 10 and state.owner[piece] == 0, "revealed, it follows its giver"
    assert state.view(None)["style"]["freed"] == [piece, None]
    for viewer in (0, 1, None):
        assert next(p for p in state.view(viewer)["pieces"] if p["piece"] == piece)["card"] == card
    assert any(f"{name} is seat 0's captive soul" in str(line) for line in state.log(None))
