"""Actions in the deciding seat's words (issue 30, item 9): a trade offer read "give card 1 of
your hand to seat 1" while the hand on the board has no numbers; it names the card. A label
goes to the seat deciding only, and names only what that seat sees (the hidden information
rule): its own hand, and the souls whose cards it knows."""

from __future__ import annotations

import random
from typing import Any

import soulforge
from soulforge.games.kipukas.actions import AcceptTrade, Attack, Gift, OfferTrade
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import PUBLIC
from soulforge.games.kipukas.state import KipukasState

from .scenario import fresh, put


def test_a_trade_offer_names_the_card_of_the_hand() -> None:
    """#rouge: 'Trading or gifting cards in hand is acceptable for these negotiations'."""
    s = fresh()
    seat = s.current_player
    assert seat is not None and s.hand[seat]
    first = CARDS[s.hand[seat][0]].name
    assert s.describe(OfferTrade(0, 1 - seat)) == f"offer your {first} to seat {1 - seat} in trade"
    assert s.describe(Gift(0, 1 - seat)) == f"give your {first} to seat {1 - seat}"
    assert s.describe(AcceptTrade(0)) == f"accept the trade, giving your {first}"


def test_a_soul_is_named_only_when_the_seat_deciding_knows_it() -> None:
    """#day 3: a card played unrevealed is face down to the other seat: an action of that
    seat's naming the soul keeps its number (the board draws it on the face-down card)."""
    s = fresh()
    seat = s.current_player
    assert seat is not None
    hidden = put(s, 1 - seat, "brox_the_defiant", "T5", revealed=False)
    mine = put(s, seat, "tears_for_oly", "T1")
    words = s.describe(Attack(mine, hidden))
    assert words == f"attack soul #{hidden} with your Tears for Oly" and "Brox" not in words
    s.known[hidden] |= PUBLIC  # revealed: now named, as the board draws it
    named = f"attack seat {1 - seat}'s Brox The Defiant with your Tears for Oly"
    assert s.describe(Attack(mine, hidden)) == named


def _visible_names(view: dict[str, Any], seat: int) -> set[str]:
    me = view["players"][seat]
    ids = [c for c in me["hand"] if c] + ([me["aside"]] if isinstance(me.get("aside"), str) else [])
    ids += [p["card"] for p in view["pieces"] if p["card"]]
    ids += [c for p in view["players"] for c in p["discard"]] + list(me.get("deck_cards") or ())
    return {CARDS[c].name for c in ids if c in CARDS}


def test_no_label_names_a_card_its_seat_cannot_see() -> None:
    """Over seeded random games, every label of the seat deciding names only cards that its
    own view shows (its hand, the card it set aside, its deck while it picks one to set
    aside, the pieces it sees, the discards)."""
    names = sorted({card.name for card in CARDS.values()}, key=len, reverse=True)
    for seed in (4, 5):
        state = soulforge.load("kipukas").new_game(seed=seed)
        assert isinstance(state, KipukasState)
        rng = random.Random(seed)
        while not state.is_over and state.move_number < 300:
            seat = state.current_player
            assert seat is not None
            seen = _visible_names(state.view(seat), seat)
            for action in state.legal_actions():
                words = state.describe(action)
                assert "of your hand" not in words
                for name in names:
                    if name in words:
                        assert any(name in shown for shown in seen), (words, name)
                        words = words.replace(name, "")
            state.apply(rng.choice(state.legal_actions()))

