"""Hidden information (DESIGN.md): Anomaly hands, deck order and content, secret choices."""

from __future__ import annotations

import json
import random

from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.actions import DrawAnomaly, EndTurn, Keep

from .helpers import activate, blank, piece, play_random


def views(s) -> str:  # type: ignore[no-untyped-def]
    return json.dumps([s.view(p) for p in (0, 1, None)], sort_keys=True)


def test_drawn_anomaly_is_known_only_to_its_owner() -> None:
    """4.2 Drawing an Anomaly: do not show this card to the opponent."""
    s = blank()
    piece(s, 0, "architect", "A1")
    s.apply(DrawAnomaly())
    card = s.hand[0][0]
    assert card in " ".join(s.log(0))
    assert card not in " ".join(s.log(1)) and card not in json.dumps(s.view(1))
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
    assert s.phase == ph.KEEP
    worlds = {tuple(s.determinize(1, random.Random(i)).pair[0]) for i in range(12)}  # type: ignore[attr-defined]
    assert len(worlds) > 1
    s.apply(Keep(s.pair[0][0]))
    v = s.view(1)
    assert v["teams"][0]["kept"] is None and v["last"]["action"] == {"type": "keep"}
    assert s.view(0)["teams"][0]["kept"] is not None


def test_determinized_world_plays_on() -> None:
    s = play_random(4, limit=80)
    for p in (0, 1):
        world = s.determinize(p, random.Random(1))
        rng = random.Random(2)
        while not world.is_over:
            world.apply(rng.choice(world.legal_actions()))
    _ = activate
