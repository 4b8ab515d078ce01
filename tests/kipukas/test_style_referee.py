"""#playstyleoptions, the competition styles the engine referees (beside Find the treasure):
"Off to the rescue: A ref secretly marks a space on the board with a soul card, the first player
to claim that space and usher the survivor back to their capital wins the match and receives the
soul's card" and "Trap Springer: A ref secretly marks a space on the board with a trap card, the
first player to set off the trap in that space wins the match and receives the trap card".
"Players start with only a capital in adjacent territories". The secret space is absent from
every seat's view until the game is over."""

from __future__ import annotations

import pytest

import soulforge
from soulforge.agents import load
from soulforge.games.kipukas import cards, cycle
from soulforge.games.kipukas.cards import ability
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.kipukas.styles import PRIZE, SPACE, STYLES, SURVIVOR, TrapSpringer, hill_neighbours
from tests.kipukas.scenario import put

pytestmark = pytest.mark.usefixtures("checked_rules")  # each rule lists what its checks let through


def _played(style: str, seed: int = 0, **options: object) -> KipukasState:
    state = soulforge.load("kipukas", style=style, **options).new_game(seed=seed)
    assert isinstance(state, KipukasState)
    while state.phase in ("affinity", "capital", "camp", "set_aside", "turning"):
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("style", ["off_to_the_rescue", "trap_springer", "cradle_robber", "explorer"])
def test_the_secret_space_and_its_card_are_absent_from_every_view_and_log(style: str) -> None:
    state = _played(style, 2)
    other = state.clone()
    free = [t for t in state.board.holdable if state.holder[t - 1] < 0]
    other.mark[SPACE] = next(t for t in free if t != state.mark[SPACE])
    pool = STYLES[style].pool(state)  # type: ignore[attr-defined]
    other.mark[PRIZE] = (state.mark[PRIZE] + 1) % len(pool)
    for viewer in (0, 1, None):
        assert state.view(viewer) == other.view(viewer) and state.log(viewer) == other.log(viewer)
        assert state.view(viewer)["style"]["secret"] is None


def test_claiming_the_space_frees_the_survivor_who_wins_when_ushered_home() -> None:
    state = _played("off_to_the_rescue", 3)
    space = state.mark[SPACE]
    cycle.claim(state, put(state, 1, "brox_the_defiant", f"T{space}"))
    survivor = state.mark[SURVIVOR]
    assert survivor >= 0 and state.owner[survivor] == 1 and state.revealed[survivor]
    assert state.stand[survivor] == f"T{space}" and not state.is_over
    assert state.view(0)["style"]["survivor"] == survivor
    cycle.place(state, survivor, state.board.camp_of(state.capital[1][0]))
    cycle.end_action(state, state.active)
    assert state.is_over and state.winner == 1 and "ushered the survivor" in state.finished_by
    assert state.view(0)["style"]["secret"] == space


def test_the_trap_springs_on_its_numbers_and_its_seat_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _played("trap_springer", 4)
    style = STYLES["trap_springer"]
    assert isinstance(style, TrapSpringer)
    space, numbers = state.mark[SPACE], ability(style.prize_card(state)).trap_on
    quiet = next(n for n in range(1, 21) if n not in numbers)
    soul = put(state, 0, "brox_the_defiant", f"T{space}")
    elsewhere = next(t for t in state.board.holdable if t != space)
    logs = [state.log(viewer) for viewer in (0, 1, None)]
    monkeypatch.setattr(state.rng, "randint", lambda a, b: quiet)
    style.entered(state, soul, elsewhere)
    style.entered(state, soul, space)
    assert not state.is_over and [state.log(viewer) for viewer in (0, 1, None)] == logs  # secret rolls
    monkeypatch.setattr(state.rng, "randint", lambda a, b: min(numbers))
    style.entered(state, soul, space)
    assert state.is_over and state.winner == 0 and "sets off the referee's trap" in state.finished_by


def test_the_explorer_wins_by_defeating_an_opponent_on_the_feature_it_uncovered() -> None:
    """Explorer (#playstyleoptions: "claim that space and successfully use the card against their
    opponent"): the claim uncovers the feature for the claimant; a defeat elsewhere is no use of
    it; an opponent's soul defeated on it, the space held, wins."""
    state = _played("explorer", 6)
    space = state.mark[SPACE]
    mine = put(state, 0, "brox_the_defiant", f"T{space}")
    cycle.claim(state, mine)
    feature = state.mark[SURVIVOR]
    assert state.owner[feature] == 0 and state.card_of(feature).card_type == "terrain_feature"
    assert state.territory[feature] == space and state.view(1)["style"]["secret"] == space
    elsewhere = next(t for t in state.board.holdable if t != space)
    stranger = put(state, 1, "parched_traveler", f"T{elsewhere}")
    state.attacker, state.defender = put(state, 0, "brox_the_defiant", f"T{elsewhere}"), stranger
    cards.waste(state, stranger)
    assert not state.is_over
    foe = put(state, 1, "parched_traveler", f"T{space}")
    state.attacker, state.defender = mine, foe
    cards.waste(state, foe)
    assert state.is_over and state.winner == 0 and "on its terrain feature" in state.finished_by


def test_the_cradle_is_found_by_a_claim_then_its_surroundings_win() -> None:
    """The incubation card is the card data's Incubation Egg (no Founder's Deck holds it)."""
    state = _played("cradle_robber", 5)
    style = STYLES["cradle_robber"]
    assert style.pool(state) == ["incubation_egg"]  # type: ignore[attr-defined]
    assert all("incubation_egg" not in deck for deck in state.decklists)
    space = state.mark[SPACE]
    around = hill_neighbours(state.board, space)
    cycle.claim(state, put(state, 0, "brox_the_defiant", f"T{space}"))
    assert not state.is_over or all(state.holder[t - 1] == 0 for t in around)
    for viewer in (0, 1, None):
        assert state.view(viewer)["style"]["secret"] == space  # found: shown to all
    if state.is_over:
        return
    for t in around[:-1]:
        state.holder[t - 1] = 1
    cycle.end_action(state, state.active)
    assert not state.is_over
    state.holder[around[-1] - 1] = 1
    cycle.end_action(state, state.active)
    assert state.is_over and state.winner == 1 and "every territory around" in state.finished_by


@pytest.mark.parametrize(("style", "seed"),
                         [("off_to_the_rescue", 1), ("trap_springer", 1), ("cradle_robber", 1),
                          ("explorer", 1)])
def test_greedy_against_greedy_plays_it_to_its_end(style: str, seed: int) -> None:
    state = soulforge.load("kipukas", style=style, peace_after=10).new_game(seed=seed)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and state.view(None)["style"]["secret"] == state.mark[SPACE]
