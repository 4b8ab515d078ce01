"""ISMCTS's reply rollouts with greedy follow-ups, turn-start leaf values and kept plans."""

from __future__ import annotations

import pytest

import soulforge
from soulforge.agents import GreedyAgent, ISMCTSAgent, load
from soulforge.agents.evaluators import ReplyEvaluator
from soulforge.agents.ismcts import Edge, Node, own_moves
from soulforge.agents.plans import PlannedStep
from soulforge.agents.rollouts import (
    Chooser,
    leaf_values,
    one_step,
    prior_value,
    reply_rollout,
    turn_start_values,
)
from soulforge.core import Action, Seat, State
from tests.toy import Play, Tricks


def test_reply_rollout_lets_own_choose_the_turn_and_answer_the_reply(toy: Tricks) -> None:
    state = toy.new_game(seed=5)
    searcher = state.current_player
    assert searcher is not None
    asked: list[tuple[str, Seat]] = []

    def chooser(name: str) -> Chooser:
        def choose(world: State, mover: Seat) -> Action:
            asked.append((name, mover))
            return one_step(world, mover)
        return choose

    turn: list[Action] = []
    leaf = reply_rollout(state.clone(), searcher, False, -1, chooser("own"), chooser("answer"), turn)
    assert asked[0] == ("own", searcher) and all(name == "answer" for name, _ in asked[len(turn):])
    assert all(mover != searcher for name, mover in asked if name == "answer")
    assert len(turn) == sum(1 for name, _ in asked if name == "own") >= 1
    assert leaf.is_over or leaf.current_player == searcher


def test_turn_start_values_are_the_searchers_turn_value_and_its_opposite() -> None:
    state = Tricks().new_game(seed=0, players=3)
    values = turn_start_values(state, 0)
    mine = state.game.turn_value(state, 0)
    assert values == [mine, -mine / 2, -mine / 2]
    # Not the searcher's turn (a capped rollout): every seat's own heuristic.
    assert turn_start_values(state, 1) == leaf_values(state)


def test_own_moves_are_the_searchers_moves_from_the_root_until_another_seat_moves() -> None:
    first, second, answer = Edge(action=Play(1)), Edge(action=Play(2)), Edge(action=Play(3))
    assert own_moves([(0, first), (0, second)], 0) == [Play(1), Play(2)]
    assert own_moves([(0, first), (1, answer)], 0) is None


def test_reply_options_show_in_the_spec_and_negative_ones_are_refused() -> None:
    agent = load("ismcts:rollout=reply,rollout_follow=1,answer_follow=4,keep_plan=1")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.rollout_follow, agent.answer_follow, agent.keep_plan) == (1, 4, True)
    assert "answer_follow=4" in repr(agent) and "keep_plan=1" in repr(agent)
    plain = load("ismcts")
    assert isinstance(plain, ISMCTSAgent) and not plain.keep_plan and "answer_follow" not in repr(plain)
    for bad in ("ismcts:rollout_follow=-1", "ismcts:answer_follow=-1"):
        with pytest.raises(ValueError):
            load(bad)


class NoSearchISMCTS(ISMCTSAgent):
    """ISMCTS whose search fails the test: an override, which the compiled agent calls (a
    patched attribute of a compiled instance is read-only, and its own calls would not see
    it)."""

    def search(self, state: State, player: Seat) -> Node:
        raise AssertionError("searched while the plan held")


def test_a_kept_plan_is_played_without_a_search_while_the_view_is_the_foreseen_one(toy: Tricks) -> None:
    state = toy.new_game(seed=3)
    agent = NoSearchISMCTS(iterations=4, seed=1, keep_plan=1)
    planned = state.legal_actions()[-1]
    agent.plan = [PlannedStep(state.view(0), planned)]
    assert agent.act(state, 0) == planned and agent.plan == []


def test_a_plan_whose_view_differs_is_dropped_and_the_search_decides(toy: Tricks) -> None:
    state, other = toy.new_game(seed=3), toy.new_game(seed=4)
    agent = ISMCTSAgent(iterations=4, seed=1, keep_plan=1)
    stale = Play(max(other.hands[0]))
    agent.plan = [PlannedStep(other.view(0), stale)]
    assert agent.act(state, 0) in state.legal_actions()
    assert agent.plan == []


@pytest.mark.parametrize("worlds", [0, 2])
def test_reply_search_keeps_a_legal_guided_choice(toy: Tricks, worlds: int) -> None:
    """With greedy follow-ups in the reply rollout (fresh or pooled determinizations),
    the search still picks a legal action and leaves the position as it was."""
    agent = load(f"ismcts:iterations=12,rollout=reply,rollout_depth=-1,rollout_follow=1,"
                 f"answer_follow=2,root_follow=1,widen=2,backup=max,keep_plan=1,worlds={worlds}", seed=2)
    for seed in range(4):
        state = toy.new_game(seed=seed)
        before = state.view(0)
        assert agent.act(state, 0) in state.legal_actions()
        assert state.view(0) == before


class CountingGreedy(GreedyAgent):
    """Greedy that counts its follow-ups (each scans every legal action of a position)."""

    followed = 0

    def _followed(self, after: State, value: float, player: Seat) -> float:
        self.followed += 1
        return super()._followed(after, value, player)


def ankiril_position() -> State:
    """A Soul of Ankiril position with a wide choice whose moves are followed by more of the
    same seat's (a turn of several decisions)."""
    state: State = soulforge.load("soul_of_ankiril").new_game(seed=3)
    picker = GreedyAgent(seed=1, follow=0)
    while len(state.legal_actions()) < 20:
        seat = state.current_player
        assert seat is not None
        state.apply(picker.act(state, seat))
    return state


def test_greedy_beam_follows_up_only_its_best_moves_one_step_ahead() -> None:
    state = ankiril_position()
    seat = state.current_player
    assert seat is not None
    beam = CountingGreedy(seed=1, beam=3)
    action = beam.choice(state, seat)
    assert beam.followed == 3  # not one per legal action
    one_step_values = {a: prior_value(state, a, seat) for a in state.legal_actions()}
    best_three = sorted(one_step_values.values(), reverse=True)[2]
    assert one_step_values[action] >= best_three
    full = CountingGreedy(seed=1)
    full.choice(state, seat)
    assert full.followed == len(state.legal_actions())


def test_a_beam_of_one_plays_the_best_move_one_step_ahead() -> None:
    state = ankiril_position()
    seat = state.current_player
    assert seat is not None
    assert GreedyAgent(seed=1, beam=1).choice(state, seat) == one_step(state, seat)


def test_the_rollout_beam_reaches_both_sides_of_a_reply_rollout() -> None:
    agent = load("ismcts:rollout=reply,rollout_follow=4,answer_follow=2,rollout_beam=5", seed=1)
    assert "rollout_beam=5" in repr(agent)
    with pytest.raises(ValueError, match="rollout_beam"):
        load("ismcts:rollout=reply,rollout_beam=-1")
    with pytest.raises(ValueError, match="beam"):
        load("greedy:beam=-1")


def test_the_answer_beam_cuts_the_model_of_the_reply_alone() -> None:
    """``answer_beam`` sets the beam of the other seats' greedy only; without it both sides
    take ``rollout_beam`` (Soul of Ankiril's hard level: its own turn followed up wider than
    the opponent's answer)."""
    def beams(spec: str) -> tuple[int, int]:
        agent = load(spec, seed=1)
        assert isinstance(agent, ISMCTSAgent) and isinstance(agent.evaluator, ReplyEvaluator)
        own = getattr(agent.evaluator.own, "__self__", None)  # the bound GreedyAgent.choice
        answer = getattr(agent.evaluator.answer, "__self__", None)
        assert isinstance(own, GreedyAgent) and isinstance(answer, GreedyAgent)
        return own.beam, answer.beam

    base = "ismcts:rollout=reply,rollout_follow=4,answer_follow=4,rollout_beam=16"
    assert beams(base) == (16, 16)
    assert beams(base + ",answer_beam=8") == (16, 8)
    assert "answer_beam=8" in repr(load(base + ",answer_beam=8"))
    with pytest.raises(ValueError, match="answer_beam"):
        load(base + ",answer_beam=-2")


def test_rest_follow_searches_a_runs_first_decision_and_lets_greedy_play_on() -> None:
    """With ``rest_follow`` the search decides where the agent's run of decisions starts (the
    previous move was not its own) and greedy decides the moves that follow its own at once,
    without a search; after another seat's move it searches again."""
    state = ankiril_position()
    seat = state.current_player
    assert seat is not None
    agent = load("ismcts:iterations=3,rollout=heuristic,rest_follow=0", seed=1)
    assert isinstance(agent, ISMCTSAgent) and "rest_follow=0" in repr(agent)
    state.apply(agent.act(state, seat))
    assert agent.last_iterations == 3
    assert state.current_player == seat and len(state.legal_actions()) > 1
    state.apply(agent.act(state, seat))
    assert agent.last_iterations == 0  # greedy played on: no search
    other = ankiril_position()  # the same position, not reached by this agent's own move
    assert agent.act(other, seat) in other.legal_actions()
    assert agent.last_iterations == 3
