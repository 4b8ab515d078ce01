"""Taming rogue species (#taming, #tameability, #affinity "Tameability interaction"): scenario
tests in the style of ``test_cards.py`` (the table laid out by ``scenario.py``, dice loaded)."""

from __future__ import annotations

import pytest

from soulforge.core import IllegalAction
from soulforge.games.kipukas import cards, cycle, render_svg, rogue, taming
from soulforge.games.kipukas.actions import KeepDiel, LetRoguesBe, Move, Tame
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.rules import day
from soulforge.games.kipukas.state import KipukasState

from .scenario import fresh, put
from .test_cards import Loaded, next_turn, said
from .test_render import handles

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

OTTER = "frost_tipped_arctic_otter"  # a species of tameability 1, archetypal gene Endothermic


def _rogue_otter_in_territory_3(s: KipukasState) -> int:
    """A rogue otter on T3 that the day's D6 walks to m3 (it stays in territory 3, so it
    attacks no one); a soul of each seat already in territory 3 (seat 1 holds it)."""
    otter = put(s, 1, OTTER, "T3")
    rogue.make_rogue(s, otter)
    put(s, 0, "brox_the_defiant", "m3")
    put(s, 1, "tears_for_oly", "T3")
    ways = [there for there, _ in s.board.exits["T3"]]
    s.rng = Loaded(ways.index("m3") + 1)
    return otter


def _to_day_3(s: KipukasState) -> None:
    next_turn(s)  # day 1 -> night 2
    while s.phase == "turning":
        s.apply(KeepDiel())
    next_turn(s)  # night 2 -> day 3: the rogue moves first, then taming
    while s.phase == "turning":
        s.apply(KeepDiel())


def test_a_rogue_is_tamed_at_the_days_start_initiative_holder_first() -> None:
    """#taming: 'Either player can attempt to tame a rouge soul ... Taming will occur at the
    begining of the day before contention is resolved. It is first avaliable to the player with
    initiative. The player who attempts taming must have a fully controlled soul already in the
    same territory.' #tameability: tame 'once player affinity and card effects stack equally with
    the species tameability'; #affinity: +1 for the declared archetypal adaptation."""
    s = fresh(affinities=("Endothermic", "Endothermic"))
    otter = _rogue_otter_in_territory_3(s)
    _to_day_3(s)
    assert s.diel == "day" and s.stand[otter] == "m3"  # the rogue moved before anyone acted
    first = s.initiative
    assert s.phase == "taming" and s.active == first
    assert s.legal_actions() == [Tame(otter), LetRoguesBe()]
    drawn = handles(render_svg.render(s.view(first), [a.to_json() for a in s.legal_actions()]))
    assert set(s.click_path(Tame(otter))) <= drawn  # the rogue is clicked to tame it
    s.apply(LetRoguesBe())  # the initiative holder lets it be: the other seat may tame it
    second = 1 - first
    assert s.phase == "taming" and s.active == second
    s.apply(Tame(otter))
    assert said(s, f"seat {second} tames the rogue {CARDS[OTTER].name} on territory 3")
    assert otter not in s.rogues and s.owner[otter] == second
    assert s.phase == "day" and s.active == first  # then the day's actions, contention owed first
    shown = {p["piece"]: p for p in s.view(first)["pieces"]}[otter]
    assert shown["owner"] == second and not shown["rogue"]
    s.active = second
    s._legal = None
    assert not any(isinstance(a, Move) and a.piece == otter for a in s.legal_actions())  # moved as a rogue


def test_taming_is_refused_without_the_control_or_a_soul_already_there() -> None:
    """#taming: 'boosting player affinity higher than the tameability ... must have a fully
    controlled soul already in the same territory'; no item of the Founder's Deck raises control,
    so a seat whose affinity is not the rogue's gene has control 0 < 1."""
    s = fresh(affinities=("Avian", "Endothermic"))  # seat 0: control 0 over the otter
    otter = put(s, 1, OTTER, "T3")
    rogue.make_rogue(s, otter)
    put(s, 0, "brox_the_defiant", "m3")
    ways = [there for there, _ in s.board.exits["T3"]]
    s.rng = Loaded(ways.index("m3") + 1)
    _to_day_3(s)
    assert s.phase == "day"  # seat 0 lacks the control, seat 1 has no soul there: no taming
    with pytest.raises(IllegalAction, match="beginning of the day") as refused:
        s.apply(Tame(otter))
    assert refused.value.rule == "taming"
    s.phase, s.tamers, s.active = "taming", [0, 1], 0  # as if the step were open
    s._legal = None
    with pytest.raises(IllegalAction, match="tameability 1 and your control is 0") as refused:
        s.apply(Tame(otter))
    assert refused.value.rule == "taming"
    s.active = 1
    s._legal = None
    with pytest.raises(IllegalAction, match="no soul of yours is already in territory 3"):
        s.apply(Tame(otter))


def test_no_rogue_of_the_founders_deck_can_be_tamed() -> None:
    """#taming, #rouge: the one way a soul goes rogue in the Founder's Deck is Sboi's failed
    summon, and Sboi's tameability is 9; the most control a seat has is its affinity's +1, so
    Sboi stays rogue. Of the 18 species, those a +1 could tame (tameability 0 or 1) never go rogue."""
    assert CARDS["sboi_threat_plus_plus"].tameability == 9
    species = [c for c in CARDS.values() if c.card_type == "species"]
    could = sorted(c.id for c in species if c.tameability is not None and c.tameability <= 1)
    assert could == [
        "balanced_inline_processing_colony",
        "frost_tipped_arctic_otter",
        "neural_network_synapse_virus",
        "parched_traveler",
        "rooster_calling_of_light",
    ]
    assert CARDS["pyrostegia_dragon"].tameability is None  # no number: untameable
    s = fresh(affinities=("Energetic", "Energetic"))  # Sboi's gene: control 1 each
    sboi = put(s, 1, "sboi_threat_plus_plus", "T3")
    rogue.make_rogue(s, sboi)
    put(s, 0, "brox_the_defiant", "m3")
    put(s, 1, "tears_for_oly", "T3")
    ways = [there for there, _ in s.board.exits["T3"]]
    s.rng = Loaded(ways.index("m3") + 1)
    _to_day_3(s)
    assert s.phase == "day" and sboi in s.rogues


def test_taming_the_rogue_that_defeated_a_player_wins() -> None:
    """#rouge: 'If a rouge manages to defeat a player ... the other player must defeat or tame
    the rouge soul. Failure to do so will result in a dual defeat.'"""
    s = fresh(affinities=("Endothermic", "Avian"))
    otter = _rogue_otter_in_territory_3(s)
    s.holder[6 - 1] = s.holder[5 - 1] = s.holder[3 - 1] = -1
    s.capital[1] = []
    cycle.defeated_by_rogue(s, 1, otter)
    _to_day_3(s)
    assert s.phase == "taming" and s.active == 0
    s.apply(Tame(otter))
    assert s.is_over and s.returns() == [1.0, -1.0]
    assert s.outcome() == ("Seat 0 wins: seat 0 tamed the rogue Frost Tipped Arctic Otter that defeated "
                           "seat 1.")


def test_playing_untamed_and_taming_read_one_threshold() -> None:
    """#tameability, #taming (issue 31): the threshold was written twice, in ``day.py`` (who may
    play a species untamed) and beside ``taming.control`` (who may tame a rogue). Now one
    statement (``taming.tames``): for every species with no call of its own and every
    affinity, a seat may play it untamed exactly when it could not tame it as a rogue."""
    species = [c for c in CARDS.values() if c.card_type == "species" and c.id != "sboi_threat_plus_plus"]
    genes = sorted({c.archetypal_gene for c in species if c.archetypal_gene})
    for gene in genes:
        s = fresh(affinities=(gene, gene))
        put(s, 0, "brox_the_defiant", "T3")
        for card in species:
            if cards.ability(card.id).summon is not None:
                continue
            wild = put(s, 1, card.id, "T3")
            rogue.make_rogue(s, wild)
            uncontrolled = bool(taming.why_not(s, 0, wild))
            assert day.untameable_by(s, card.id) == uncontrolled, (gene, card.id)
            assert taming.tames(taming.control(s, 0, wild), card.tameability) != uncontrolled
            s.on_map[wild] = False  # off the kipuka: the next species is the one rogue there
            s.moved()
