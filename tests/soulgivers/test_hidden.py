"""Hidden information (DESIGN.md): Anomaly hands, deck order and content, secret choices."""

from __future__ import annotations

import json
import random

from soulforge.core import State
from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers.actions import DrawAnomaly, EndTurn, Keep, Pick
from soulforge.games.soulgivers.cards import anomaly_name
from soulforge.games.soulgivers.state import SoulgiversState

from .helpers import ENDINGS, GAME, blank, piece, play_random


def resampled(s: SoulgiversState, player: int, seed: int) -> SoulgiversState:
    """``s.determinize(player, Random(seed))``, a state of this game."""
    world = s.determinize(player, random.Random(seed))
    assert isinstance(world, SoulgiversState)
    return world


def views(s: State) -> str:
    return json.dumps([s.view(p) for p in (0, 1, None)], sort_keys=True)


def test_drawn_anomaly_is_known_only_to_its_owner() -> None:
    """4.2 Drawing an Anomaly: do not show this card to the opponent."""
    s = blank()
    piece(s, 0, "architect", "A1")
    s.apply(DrawAnomaly())
    card = s.hand[0][0]
    assert f"you draw {anomaly_name(card)}" in s.log(0), "the owner reads its printed name"
    assert anomaly_name(card) not in " ".join(s.log(1)) and card not in json.dumps(s.view(1))
    assert s.view(1)["teams"][0]["hand_count"] == 1 and s.view(1)["anomaly_deck"] == 19


def test_determinize_ignores_the_real_opponent_hand() -> None:
    """Two states a seat cannot tell apart (different opposing hands) determinize alike."""
    s = blank()
    piece(s, 0, "architect", "A1")
    s.hand[1] = ["stasis"]
    s.pile.remove("stasis")
    t = s.clone()
    t.hand[1] = ["silence"]
    t.pile.remove("silence")
    t.pile.append("stasis")
    t.pile.sort()
    assert json.dumps(s.view(0)) == json.dumps(t.view(0))
    a = s.determinize(0, random.Random(5))
    b = t.determinize(0, random.Random(5))
    assert views(a) == views(b)


def test_replacement_cards_hidden_and_resampled() -> None:
    """Destruction step 4: the two cards drawn are seen by their owner only."""
    s = blank(turn=2, player=1)
    piece(s, 1, "blower", "C8")
    piece(s, 1, "ghost", "F8")
    piece(s, 1, "runner", "F9")
    s.apply(EndTurn())
    assert s.phase == en.KEEP
    worlds = {tuple(resampled(s, 1, i).pair[0]) for i in range(12)}
    assert len(worlds) > 1
    s.apply(Keep(s.pair[0][0]))
    v = s.view(1)
    assert v["teams"][0]["kept"] is None and v["last"]["action"] == {"type": "keep"}
    assert s.view(0)["teams"][0]["kept"] is not None


def test_determinized_world_plays_on_to_a_rulebook_ending() -> None:
    """A determinized world is a game in its own right (agents search in it): it keeps what the
    seat knows of its own cards and plays on to one of the endings of rulebook 8."""
    s = play_random(4, limit=80)
    for p in (0, 1):
        world = resampled(s, p, 1)
        assert world.hand[p] == s.hand[p] and world.deck[p] == s.deck[p]
        rng = random.Random(2)
        while not world.is_over and world.move_number < GAME.max_game_length:
            world.apply(rng.choice(world.legal_actions()))
        assert world.is_over and world.returns() in ENDINGS and world.end_reason


def test_views_hide_the_other_seats_cards() -> None:
    """Hidden information (4.2): the other seat's Anomaly hand, Soulgiver deck, chosen and drawn
    cards are counts only, all game long."""
    rng = random.Random(3)
    s = GAME.new_game(seed=3)
    while not s.is_over:
        for p in (0, 1, None):
            for t in (0, 1):
                if p != t:
                    team = s.view(p)["teams"][t]
                    assert team["hand"] is None and team["deck"] is None and team["picks"] is None
                    assert team["drawn"] is None and team["hand_count"] == len(s.hand[t])
        s.apply(rng.choice(s.legal_actions()))


def test_starting_choice_hidden_until_placed() -> None:
    """Setup step 13: each seat chooses three Soulgivers without showing them."""
    s = GAME.new_game(seed=4)
    while s.phase == en.SWAP:
        s.apply(s.legal_actions()[0])
    s.apply(Pick(3))
    v1 = s.view(1)
    assert v1["teams"][0]["picks"] is None and v1["teams"][0]["picks_count"] == 1
    assert v1["last"]["action"] == {"type": "pick"}
    assert "Volomancer" not in " ".join(s.log(1))
    assert s.view(0)["teams"][0]["picks"] == [3]


def test_determinize_resamples_the_opponent_hand() -> None:
    """4.2 Drawing an Anomaly ("do not show this card"): a seat's worlds deal the other hand anew."""
    s = play_random(1, limit=60)
    assert s.hand[1]
    hands = {tuple(resampled(s, 0, i).hand[1]) for i in range(20)}
    assert len(hands) > 1 and all(len(hand) == len(s.hand[1]) for hand in hands)
