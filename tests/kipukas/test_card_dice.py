"""Every soul's dice as the engine throws them, against the dice its card prints.

``cards.json`` keeps each card's printed dice (``die_attack``, ``die_defense``) and a parse of
the plain ones (``die_attack_parsed``, ``die_defense_parsed``: ``D6-D6`` is 2 D6, #attack
"dice based"; ``Base N`` a fixed N). The texts the data leaves unparsed are read by the card's
ability (``abilities.py``). Tira Marvelous Myriad's "D6-D6 (Option to Re-roll)" was left with
no dice: she could not attack and defended with the fallback D6. These tests read every card's
printed text here, independently of the engine, so that no card silently loses a roll.
"""

from __future__ import annotations

import json
import re

import pytest

from soulforge.games.kipukas import cards, data
from soulforge.games.kipukas.actions import KeepRoll, Reroll
from soulforge.games.kipukas.data import CARDS, Dice

from .scenario import act, fresh, put
from .test_cards import Loaded, attack_on_t6, moves_of, name, said

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

RAW = {card["id"]: card for card in json.loads((data.DATA / "cards.json").read_text(encoding="utf-8"))}
SOULS = sorted(card_id for card_id, card in CARDS.items() if card.soul)

PLAIN = re.compile(r"^D\d+(-D\d+)*$")
BASE = re.compile(r"^Base (\d+)(?: \+ (D\d+))?$")


def plain_dice(text: str) -> Dice | None:
    """The printed forms the data parses: ``D20-D6-D6`` (dice joined by a dash), ``Base N``,
    ``Base N + D6``; None for any other text."""
    if PLAIN.match(text):
        return Dice(tuple(text.split("-")), 0)
    based = BASE.match(text)
    if based:
        return Dice((based[2],) if based[2] else (), int(based[1]))
    return None


D6, TWO_D6 = Dice(("D6",), 0), Dice(("D6", "D6"), 0)
READ: dict[str, tuple[Dice | None, Dice | None]] = {
    "D6-D6 (Option to Re-roll)": (TWO_D6, TWO_D6),  # Tira: 2 D6, her owner may re-roll (``reroll``)
    "(without bear) D6-D6, (with bear) D20": (TWO_D6, TWO_D6),  # Sprite of Wilds' Spirit: D20 in form
    "D6-(+6)": (Dice(("D6",), 6), Dice(("D6",), 6)),  # Little Charm
    "Mini Game or D6": (D6, D6),  # Allele Sect Explorer: the slaps read as their D6
    "n/a ( D6 in capital )": (None, D6),  # Balanced Inline Processing Colony: no attack
    "Does not attack": (None, None),  # Rooster: Calling of Light (printed for the attack only)
}
"""The printed texts the data leaves unparsed, and the (attack, defence) dice the engine must
throw for them (each card's ``reading`` in ``abilities.py``; NOTES.md)."""


def printed(text: str, side: str) -> Dice | None:
    """The dice a printed text asks for on ``side`` (attack, defense): a plain form, else its
    reading; a text neither parses nor reads fails the test (a new card's new form must be
    read, not dropped)."""
    found = plain_dice(text)
    if found is not None:
        return found
    assert text in READ, f"printed dice {text!r} are neither plain nor read in READ"
    return READ[text][side == "defense"]


@pytest.mark.parametrize("card_id", SOULS)
def test_every_souls_dice_are_its_printed_dice(card_id: str) -> None:
    """#attack, #defense ("dice based"): the soul's attack and defence dice, as the engine
    throws them, are the ones its card prints; the data's parse, where it has one, agrees
    with the text; the option to re-roll is played exactly where it is printed."""
    raw, card = RAW[card_id], CARDS[card_id]
    for side, engine, loaded in (
        ("attack", cards.attack_dice(card), card.attack),
        ("defense", cards.defense_dice(card), card.defense),
    ):
        text = raw[f"die_{side}"]
        assert isinstance(text, str) and text, f"{card_id} prints no {side} dice"
        assert engine == printed(text, side), f"{card_id} {side}: {text!r}"
        parsed = raw[f"die_{side}_parsed"]
        if parsed is not None:
            assert Dice(tuple(parsed["dice"]), parsed["base"]) == plain_dice(text) == loaded
    texts = (raw["die_attack"], raw["die_defense"])
    assert cards.ability(card_id).reroll == any("Re-roll" in text for text in texts)
    if any("with bear" in text for text in texts):
        assert cards.ability(card_id).form_dice == Dice(("D20",), 0)


def test_every_soul_is_checked_and_only_souls_print_dice() -> None:
    """The check above covers all 30 souls (60 printed dice, 10 of them unparsed texts of 6
    kinds, read by their cards' abilities); the other 26 cards print none."""
    assert len(SOULS) == 30
    texts = [RAW[c][f"die_{side}"] for c in SOULS for side in ("attack", "defense")]
    assert len(texts) == 60 and sum(plain_dice(t) is None for t in texts) == 10
    assert {t for t in texts if plain_dice(t) is None} == set(READ)
    others = [c for c in CARDS if c not in SOULS]
    assert len(others) == 26
    assert all(RAW[c]["die_attack"] is None and RAW[c]["die_defense"] is None for c in others)


def test_tira_attacks_with_both_dice_and_may_keep_her_throw() -> None:
    """Tira Marvelous Myriad attacks (#movement: moving onto an enemy's stand, you must attack;
    #attack): 2 D6 (11); the option to re-roll is her owner's to take or not (here kept:
    ``test_reroll.py`` plays the choice)."""
    s = fresh()
    tira = put(s, 0, "tira_marvelous_myriad", "m6")
    hilbert = put(s, 1, "hilbert_king_of_avian_frogs", "T6")
    act(s, 0)
    assert "T6" in moves_of(s, tira), "she may move onto the enemy's stand: she can attack"
    s.rng = Loaded(5, 6, 1, 2)  # Tira's 2 D6: 11; Hilbert's 2 D6: 3
    attack_on_t6(s, tira, hilbert)
    assert s.legal_actions() == [Reroll(), KeepRoll()], "her owner sees the throw and decides"
    s.apply(KeepRoll())
    assert isinstance(s.rng, Loaded) and s.rng.rolls == [], "four D6: Tira's two, Hilbert's two"
    assert said(s, f"{name('tira_marvelous_myriad')} (Mechanized Swiftness): 11 thrown")
    assert sum(s.injuries[hilbert]) == 1 and s.injuries[tira] == [0, 0], "her 11 (+2 typing) beats his 3 (+2)"
