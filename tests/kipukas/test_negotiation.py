"""Gifting and trading cards in hand in the negotiations over a rogue (#rouge): scenario tests
in the style of ``test_cards.py``, and the fast day listing with rogues about."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import soulforge
from soulforge.core import IllegalAction
from soulforge.games.kipukas import render_svg, rogue
from soulforge.games.kipukas.actions import AcceptTrade, DeclineTrade, Gift, OfferTrade
from soulforge.games.kipukas.data import starter_decks
from soulforge.games.kipukas.encoding import DAY
from soulforge.games.kipukas.state import KipukasState

from .scenario import act, fresh, give, put
from .test_cards import said
from .test_listing import checked_day_listings
from .test_render import assert_board_draws_click_paths, playout

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""


def _with_rogue(s: KipukasState) -> int:
    sboi = put(s, 1, "sboi_threat_plus_plus", "m7")
    rogue.make_rogue(s, sboi)
    return sboi


def test_a_card_in_hand_is_gifted_only_in_the_negotiations_over_a_rogue() -> None:
    """#rouge: 'Trading or gifting cards in hand is acceptable for these negotiations (Your hand
    cannot have more than 3 cards, no exceptions!)'."""
    s = fresh()
    give(s, 0, "cloth", "feathers")
    give(s, 1, "honey", "sticks")
    act(s, 0)
    assert not any(isinstance(a, Gift | OfferTrade) for a in s.legal_actions())  # no rogue: no negotiation
    with pytest.raises(IllegalAction, match="negotiations over a rogue") as refused:
        s.apply(Gift(0, 1))
    assert refused.value.rule == "rouge"
    _with_rogue(s)
    s._legal = None
    legal = s.legal_actions()
    assert Gift(0, 1) in legal and Gift(1, 1) in legal and OfferTrade(0, 1) in legal
    assert legal == s.flow.plain_legal(s)  # the fast listing is the rules' own
    s.apply(Gift(0, 1))
    assert s.hand[0] == ["feathers"] and sorted(s.hand[1]) == ["cloth", "honey", "sticks"]
    assert said(s, "seat 0 gives a card of its hand to seat 1")
    assert s.view(0)["players"][1]["hand"] == [None, None, None]  # the others' hands stay hidden
    act(s, 0)
    s.negotiated[0], s._legal = -1, None  # as on another day
    with pytest.raises(IllegalAction, match="hand is full"):
        s.apply(Gift(0, 1))  # seat 1 holds 3 cards: no exceptions
    s.negotiated[0], s._legal = s.cycle, None
    with pytest.raises(IllegalAction, match="one gift or trade offer a day"):
        s.apply(OfferTrade(0, 1))


def test_a_trade_is_offered_shown_to_the_other_seat_and_answered() -> None:
    """#rouge: trading cards in hand in the negotiations over a rogue: the offered card is shown to
    the seat offered it (no one else), which gives one of its own for it or declines."""
    s = fresh()
    _with_rogue(s)
    give(s, 0, "cloth", "feathers")
    give(s, 1, "honey", "sticks", "string")
    act(s, 0)
    s.apply(OfferTrade(1, 1))
    assert s.phase == "trade" and s.active == 1
    assert s.legal_actions() == [AcceptTrade(0), AcceptTrade(1), AcceptTrade(2), DeclineTrade()]
    assert s.view(1)["offer"] == {"from": 0, "to": 1, "slot": 1, "card": "feathers"}
    assert s.view(None)["offer"]["card"] is None
    assert "offers seat 1 Feathers" in render_svg.render(s.view(1), [])
    assert "offers seat 1 a card of its hand" in render_svg.render(s.view(None), [])
    for seed in range(5):  # the seat offered the card keeps knowing it in every world it samples
        world = s.clone()
        world._resample_hidden(1, random.Random(seed))
        assert world.view(1) == s.view(1)
    s.apply(AcceptTrade(2))
    assert s.hand[0] == ["cloth", "string"] and s.hand[1] == ["honey", "sticks", "feathers"]
    assert s.phase == DAY and "offer" not in s.view(0)
    assert said(s, "seat 1 accepts the trade")
    act(s, 1)
    s.apply(OfferTrade(0, 0))
    s.apply(DeclineTrade())
    assert s.hand[1] == ["honey", "sticks", "feathers"] and said(s, "seat 0 declines the trade")


def _sboi_deck() -> str:
    """The tide deck with Sboi: Threat++ twice for the Plane Table Joker (a failed summon goes rogue)."""
    cards = Counter(starter_decks()["tide"].cards)
    del cards["plane_table_joker"]
    cards["sboi_threat_plus_plus"] = 2
    return "[cards]\n" + "\n".join(f"{card} = {n}" for card, n in cards.items())


def test_the_fast_day_listing_is_the_rules_listing_with_rogues_about() -> None:
    """As ``test_listing.py``, with decks whose Sboi goes rogue on most summons (#rouge), so
    gifts and trade offers are listed."""
    deck = _sboi_deck()
    game = soulforge.load("kipukas", deck0=deck, deck1=deck)
    negotiated = sum(any(isinstance(a, Gift | OfferTrade) for a in legal)
                     for seed in range(12) for legal in checked_day_listings(game, seed))
    assert negotiated > 0


def test_the_board_draws_every_click_path_with_rogues_about() -> None:
    """As ``test_render.py``: the taming, gift and trade actions can be clicked (or are buttons)."""
    deck = _sboi_deck()
    traded = 0
    for s in playout(12, deck0=deck, deck1=deck):  # a game with trades offered
        traded += s.phase == "trade"
        assert_board_draws_click_paths(s)
    assert traded > 0
