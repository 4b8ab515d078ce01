"""Data overrides (``--set``) and sweeps on tiny runs."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import soulforge
from soulforge.core.errors import DataError
from soulforge.core.game import Game
from soulforge.games.five_realms import FiveRealms
from soulforge.games.kipukas import combat
from soulforge.games.kipukas.actions import Play
from soulforge.games.kipukas.encoding import AFFINITY, ASIDE, CAMP, CAPITAL
from soulforge.games.kipukas.game import Kipukas
from soulforge.games.kipukas.movement import range_of
from soulforge.games.kipukas.rules.night import recipes_in_hand
from soulforge.games.kipukas.setup import new_piece
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.soul_of_ankiril import SoulOfAnkiril
from soulforge.games.soulgivers.board import HOLE
from soulforge.games.soulgivers.encoding import piece_of
from soulforge.games.soulgivers.state import SoulgiversState
from soulforge.sim.report import render_sweep, sweep_figure
from soulforge.sim.runner import SimConfig, SimulationError, check_config, load_results, simulate
from soulforge.sim.stats import Proportion, sign_test
from soulforge.sim.sweep import (
    Sweep,
    SweepPoint,
    closest_to_even,
    parse_sweep,
    run_sweep,
    value_range,
    verdict,
)

CASTLES = "five_realms.cards.setup.starting_castles"


def test_an_override_changes_the_game_and_is_recorded_in_every_row(tmp_path: Path) -> None:
    config = SimConfig("five_realms", ("random", "random"), 2, overrides={CASTLES: 7})
    rows = simulate(config, tmp_path / "r.jsonl")
    assert all(row["overrides"] == {CASTLES: 7} for row in rows)
    assert all(seat["start"] == 7 for row in rows for seat in row["summary"]["end"]["castles"])
    assert FiveRealms().rules.starting_castles == 2, "the override ends with the run"
    with pytest.raises(SimulationError, match="another setup"):
        simulate(SimConfig("five_realms", ("random", "random"), 2), tmp_path / "r.jsonl")


def _shekun_attack(game: Game) -> int:
    assert isinstance(game, SoulOfAnkiril)
    return game.cards["Shekun"].attack


def _hilbert_range(game: Game) -> int:
    """Hilbert's movement range on the map (Kipukas ``movement.range_of``)."""
    state = game.new_game(seed=0)
    assert isinstance(state, KipukasState)
    piece = new_piece(state, 0, "hilbert_king_of_avian_frogs", state.board.camp_of(1), revealed=True)
    return range_of(state, piece)


def _opening_hand(game: Game) -> int:
    """Seat 0's hand when the first day begins (#game_setup 8: drawn up to the hand's maximum)."""
    state, rng = game.new_game(seed=0), random.Random(0)
    assert isinstance(state, KipukasState)
    while state.phase in (AFFINITY, CAPITAL, CAMP, ASIDE):
        state.apply(rng.choice(state.legal_actions()))
    return len(state.hand[0])


def _t1_to_t5(game: Game) -> int:
    """Spaces from T1 to T5 on the duel map a game is played on."""
    state = game.new_game(seed=0)
    assert isinstance(state, KipukasState)
    return state.board.distance("T1", "T5")


def _spirit_final_blow(game: Game) -> int:
    """What a Final Blow adds to an Avian Spirit's attack on an Avian Possessor (#final_blow,
    #motivation: the typing chart between the genes and the motive bonus)."""
    assert isinstance(game, Kipukas)
    bonus = game.rules["motive_bonus"]
    return combat.final_blow_modifiers(game.matchups, "Avian", "Spirit", "Avian", "Possessor", bonus)[0]


def _crafts_from_cloth_and_feathers(game: Game) -> int:
    """The recipes a seat holding Cloth and Feathers may craft (#crafting; authored: Pillow)."""
    state = game.new_game(seed=0)
    assert isinstance(state, KipukasState)
    state.hand[state.active] = ["cloth", "feathers"]
    return len(recipes_in_hand(state))


def _runner_range(game: Game) -> int:
    """The Runner's movement this activation (Soulgivers ``move_range``)."""
    state = game.new_game(seed=0)
    assert isinstance(state, SoulgiversState)
    return state.move_range(piece_of(0, 0))


def _holes_dealt(game: Game) -> int:
    """Printed Black Hole cells on the board dealt from seed 0 (Soulgivers setup, chapter 1)."""
    state = game.new_game(seed=0)
    assert isinstance(state, SoulgiversState)
    return sum(code == HOLE for code in state.printed)


def _first_portal_front(game: Game) -> int:
    """The first cell of the first Portal's front, as the view shows it."""
    return int(game.new_game(seed=0).view(0)["portals"][0]["front"][0])


def _ironhold_resolve(game: Game) -> int:
    """Seat 0's Resolve at the start (its City, Ironhold), as its view shows it."""
    players = game.new_game(seed=0).view(0)["players"]
    return int(players[0]["resolve"])


@pytest.mark.parametrize(("key", "value", "authored", "changed", "played"), [
    ("soul_of_ankiril.cards.Shekun.attack", 5, 2, 5, _shekun_attack),
    ("kipukas.cards.hilbert_king_of_avian_frogs.movement", 4, 2, 4, _hilbert_range),
    ("kipukas.rules.play.hand", 4, 3, 4, _opening_hand),
    ("kipukas.maps.maps.duel.paths.17", ["m8", "T5"], 4, 2, _t1_to_t5),  # a shortcut past the water
    ("kipukas.typing_chart.matrix.10.10", 5, 10, 15, _spirit_final_blow),  # Avian on Avian
    ("kipukas.motives.beats.0.defender", "Conscience", 10, 0, _spirit_final_blow),  # Spirit > Possessor
    ("kipukas.recipes.recipes.8.ingredients", ["Cloth", "Feathers"], 1, 2, _crafts_from_cloth_and_feathers),
    ("soulgivers.soulgivers.soulgiver.runner.move", 3, 5, 3, _runner_range),
    ("soulgivers.tiles.tile.0.cells", "H...", 11, 17, _holes_dealt),  # 6 Wall tiles become Holes
    ("soulgivers.rules.portal.0.tile", 0, 2, 0, _first_portal_front),  # the corner tile A1-B1
    ("soulshards.cards.city.Ironhold.resolve", 13, 16, 13, _ironhold_resolve),
])
def test_an_override_reaches_the_game_and_its_play(key: str, value: object, authored: int, changed: int,
                                                   played: Callable[[Game], int]) -> None:
    game_id = key.partition(".")[0]
    game = check_config(SimConfig(game_id, ("random", "random"), 1, overrides={key: value}))
    assert played(game) == changed
    assert played(soulforge.load(game_id)) == authored, "the override ends with the run"


def test_the_kipukas_diel_die_is_authored_data_a_run_can_change() -> None:
    """#diel_cycle: the die's mix of day, night and storm is authored (rules.toml); a run with
    a die of nights only rolls nothing else after the opening cycles (#game_setup 9)."""
    game = check_config(SimConfig("kipukas", ("random", "random"), 1,
                                  overrides={"kipukas.rules.diel.faces": ["night"]}))
    state = game.new_game(seed=3)
    rng = random.Random(3)
    while not state.is_over and state.move_number < 400:
        state.apply(rng.choice(state.legal_actions()))
    rolled = [line.rsplit(": ", 1)[1] for line in state.log(None) if line.endswith(" is rolled")]
    assert rolled and set(rolled) == {"night is rolled"}
    authored = soulforge.load("kipukas")
    assert isinstance(authored, Kipukas)
    assert authored.diel_faces == ("day", "day", "day", "night", "night", "storm")


def test_a_kipukas_hand_of_four_plays_its_fourth_card_and_keeps_the_card_set_aside() -> None:
    """``rules.play.hand=4``: the 4th card is played from slot 4 (slot 3 stays the card set
    aside, ``actions.play_index``) and every action offered has its index."""
    four = {"kipukas.rules.play.hand": 4}
    game = check_config(SimConfig("kipukas", ("random", "random"), 1, overrides=four))
    played = set()
    for seed in range(4):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over and state.move_number < 600:
            legal = state.legal_actions()
            assert all(game.action_at(game.action_index(action)) == action for action in legal)
            action = rng.choice(legal)
            if isinstance(action, Play):
                played.add(str(action).split(" revealed")[0].split(" unrevealed")[0])
            state.apply(action)
    assert {"play card 4 of your hand", "play the card set aside"} <= played


def test_soulgivers_plays_whole_games_with_its_portals_moved(tmp_path: Path) -> None:
    """Portals on the west and east edges (authored: north and south): setup's swaps, the
    entries, the heuristic's way home and the end all read the moved layout."""
    moved = {"soulgivers.rules.portal.0.tile": 5, "soulgivers.rules.portal.0.side": "W",
             "soulgivers.rules.portal.1.tile": 15, "soulgivers.rules.portal.1.side": "W",
             "soulgivers.rules.portal.2.tile": 9, "soulgivers.rules.portal.2.side": "E",
             "soulgivers.rules.portal.3.tile": 19, "soulgivers.rules.portal.3.side": "E"}
    game = check_config(SimConfig("soulgivers", ("random", "random"), 1, overrides=moved))
    assert [p["tile"] for p in game.new_game(seed=0).view(0)["portals"]] == [5, 15, 9, 19]
    out = tmp_path / "moved.jsonl"
    simulate(SimConfig("soulgivers", ("easy", "random"), 2, seed=3, overrides=moved), out)
    assert len(load_results(out)) == 2


@pytest.mark.parametrize(("game", "overrides", "error", "match"), [
    ("five_realms", {"five_realms.cards.setup.starting_castle": 3}, DataError, "no such entry"),
    ("five_realms", {CASTLES: "many"}, DataError, "must be int"),
    ("five_realms", {"soul_of_ankiril.cards.Shekun.attack": 3}, ValueError, "not data of five_realms"),
    ("kipukas", {"kipukas.cards.hilbert_king_of_avian_frogs.movment": 3}, DataError, "movment: no such"),
    ("kipukas", {"kipukas.cards.hilbert_king_of_avian_frogs.movement": "far"}, DataError, "must be int"),
    ("kipukas", {"kipukas.rules.peace.cycles": 4}, ValueError, "can set kipukas.cards.*.movement"),
    ("kipukas", {"kipukas.rules.play.hnad": 4}, DataError, "hnad: no such"),
    ("kipukas", {"kipukas.rules.play.hand": "four"}, DataError, "must be int"),
    ("kipukas", {"kipukas.rules.play.hand": -1}, DataError, "must be >= 0"),
    ("kipukas", {"kipukas.rules.diel.opening": ["dawn"]}, DataError, "must be among"),
    ("kipukas", {"kipukas.maps.maps.duel.geograpy.3": "Plains"}, DataError, "geograpy: no such"),
    ("kipukas", {"kipukas.maps.maps.duel.players": "two"}, DataError, "must be int"),
    ("kipukas", {"kipukas.maps.maps.duel.geography.3": "Swamp"}, DataError, "unknown geography"),
    ("kipukas", {"kipukas.maps.maps.duel.paths.17": ["m8", "T9"]}, DataError, "unknown stands ['T9']"),
    ("kipukas", {"kipukas.typing_chart.matrix.10.15": 1}, DataError, "15: no such"),
    ("kipukas", {"kipukas.typing_chart.matrix.10.10": "x"}, DataError, "must be int"),
    ("kipukas", {"kipukas.typing_chart.archetypes.0": "Feline"}, DataError, "the cards': fixed"),
    ("kipukas", {"kipukas.motives.motives.Spirit.preservation_grup": "Self"}, DataError, "grup: no such"),
    ("kipukas", {"kipukas.motives.motives.Spirit.preservation_group": "Selfish"}, DataError, "one of"),
    ("kipukas", {"kipukas.motives.beats.0.defender": 3}, DataError, "must be str"),
    ("kipukas", {"kipukas.motives.beats.0.plane": "material"}, ValueError, "reads this field once"),
    ("kipukas", {"kipukas.recipes.recipes.8.ingredient": ["Cloth"]}, DataError, "ingredient: no such"),
    ("kipukas", {"kipukas.recipes.recipes.8.ingredients": "Cloth"}, DataError, "must be list"),
    ("kipukas", {"kipukas.recipes.recipes.8.ingredients.1": "Sword"}, DataError, "not item cards: ['sword']"),
    ("kipukas", {"kipukas.recipes.recipes.8.ingredients": ["Cloth"]}, DataError, "keeps 2 or 3 item cards"),
    ("kipukas", {"kipukas.recipes.recipes.8.effect": "none"}, ValueError, "reads this field once"),
    ("kipukas", {"kipukas.rules.diel.faces": ["dusk"]}, DataError, "must be among"),
    ("soulgivers", {"soulgivers.soulgivers.soulgiver.runner.mvoe": 3}, DataError, "mvoe: no such"),
    ("soulgivers", {"soulgivers.rules.rules.turn_limit": 50}, ValueError, "reads this field once, at import"),
    ("soulgivers", {"soulgivers.soulgivers.soulgiver.runnr.move": 3}, DataError, "runnr: no such"),
    ("soulgivers", {"soulgivers.rules.rules.hand_limit": 2.5}, DataError, "must be int"),
    ("soulgivers", {"soulgivers.rules.portal.0.tile": 12}, DataError, "but the Mother and Interference"),
    ("soulgivers", {"soulgivers.rules.portal.0.side": "S"}, DataError, "no board edge to the south"),
    ("soulgivers", {"soulgivers.rules.portal.0.tile": 3}, DataError, "two Portals stand on one tile"),
    ("soulgivers", {"soulgivers.rules.portal.0.team": 1}, ValueError, "reads this field once"),
    ("soulgivers", {"soulgivers.tiles.tile.0.copies": 5}, DataError, "add up to 19, not counts.other"),
    ("soulgivers", {"soulgivers.tiles.tile.0.cells": "W.."}, DataError, "must be 4 of"),
    ("soulshards", {"soulshards.cards.card.Militia Spearman.martail": 3}, DataError, "martail: no such"),
    ("soulshards", {"soulshards.rules.numbers.opening_hand": "six"}, DataError, "must be int"),
])
def test_bad_overrides_name_the_problem(game: str, overrides: dict[str, object], error: type[Exception],
                                        match: str, tmp_path: Path) -> None:
    with pytest.raises(error, match=re.escape(match)):
        simulate(SimConfig(game, ("random", "random"), 1, overrides=overrides), tmp_path / "r.jsonl")
    assert not (tmp_path / "r.jsonl").exists()


def test_value_ranges_and_the_swept_field() -> None:
    assert value_range("1..3") == (1, 2, 3) and value_range("0..1:0.25") == (0.0, 0.25, 0.5, 0.75, 1.0)
    assert [type(v) for v in value_range("1..2")] == [int, int]
    sweep, sets, options = parse_sweep([f"{CASTLES}=1..3", "five_realms.cards.throne_room.castles=1"],
                                       ["copies=1"])
    assert sweep == Sweep("set", CASTLES, (1, 2, 3))
    assert sets == {"five_realms.cards.throne_room.castles": 1} and options == {"copies": "1"}
    with pytest.raises(ValueError, match="exactly one"):
        parse_sweep([f"{CASTLES}=1..3"], ["copies=1,2"])


def test_a_sweep_plays_every_value_on_the_same_paired_seeds(tmp_path: Path) -> None:
    base = SimConfig("five_realms", ("random", "greedy"), 4, seed=3)
    points = run_sweep(base, Sweep("set", CASTLES, (1, 4)), tmp_path, "agent")
    assert [(p.value, p.games) for p in points] == [(1, 4), (4, 4)]
    files = sorted(tmp_path.glob("*.jsonl"))
    games = [sorted((row["seed"], tuple(row["agents"])) for row in load_results(f)) for f in files]
    assert games[0] == games[1] == [(s, seats) for s in (3, 4) for seats in
                                    (("greedy", "random"), ("random", "greedy"))]
    for point, file in zip(points, files, strict=True):
        rows = load_results(file)
        assert point.rate.successes == sum(row["winner_agent"] == "random" for row in rows)
        assert all(row["overrides"] == {CASTLES: point.value} for row in rows)
    page = render_sweep(points, CASTLES, "random's win rate", "five_realms",
                        verdict(points, CASTLES, "agent", "random"), balance=False)
    assert page.count("data:image/png;base64,") == 1 and "closest to even" not in page
    assert "measure: random&#x27;s win rate; higher: random wins more" in page
    assert closest_to_even(points) in points


def test_each_swept_value_is_compared_with_the_baseline_on_the_same_games(tmp_path: Path) -> None:
    """Sweeps showed no paired difference between values."""
    base = SimConfig("five_realms", ("random", "greedy"), 6, seed=3)
    points = run_sweep(base, Sweep("set", CASTLES, (1, 3)), tmp_path, "agent", baseline=3)
    assert points[1].versus is None, "the baseline itself"
    versus = points[0].versus
    assert versus is not None
    files = {value: Sweep("set", CASTLES, ()).file(tmp_path, value) for value in (1, 3)}
    rows = {value: {(r["seed"], tuple(r["agents"])): r["winner_agent"] == "random"
                    for r in load_results(file)}
            for value, file in files.items()}
    only_1 = sum(won and not rows[3][game] for game, won in rows[1].items())
    only_3 = sum(won and not rows[1][game] for game, won in rows[3].items())
    assert (versus.pairs, versus.a_only, versus.b_only) == (6, only_1, only_3)
    assert versus.p_value == sign_test(only_1, only_3)
    assert versus.difference == pytest.approx(points[0].rate.rate - points[1].rate.rate)
    with pytest.raises(ValueError, match="baseline 5 is not a swept value"):
        run_sweep(base, Sweep("set", CASTLES, (1, 3)), tmp_path, "agent", baseline=5)


def point(value: int, wins: int, games: int = 100) -> SweepPoint:
    return SweepPoint(value, Proportion.of(wins, games), games)


def test_a_skill_measure_is_never_called_closest_to_even() -> None:
    """Every interval above 50% for an agent's win rate: the sweep named a value 'closest to even'."""
    lines = verdict([point(1, 70), point(2, 75), point(3, 80)], "k", "agent", "greedy")
    assert lines[0] == "measure: greedy's win rate; higher: greedy wins more"
    assert not any("even" in line for line in lines)
    assert lines[-1] == "greedy wins more than half at every value (every interval above 50%)"
    balance = verdict([point(1, 70), point(2, 52)], "k", "starter", "a")
    assert "above it favours the starting player" in balance[0]
    assert balance[-1] == "even within the 95% interval: k = 2"


def test_an_integer_setting_is_plotted_with_whole_ticks() -> None:
    """The sweep plotted an integer setting with 3.25 ticks."""
    figure = sweep_figure([point(v, 50) for v in (1, 2, 3, 4)], "castles", "rate", balance=True)
    ticks = figure.axes[0].get_xticks()
    assert list(ticks) == [1, 2, 3, 4]


@pytest.mark.usefixtures("toy_games")
def test_an_option_sweep(tmp_path: Path) -> None:
    base = SimConfig("tricks", ("random", "greedy"), 4, seed=1)
    points = run_sweep(base, Sweep("option", "hand", (2, 3)), tmp_path, "first_seat")
    assert [p.value for p in points] == [2, 3]
    assert {row["options"]["hand"] for f in tmp_path.glob("*.jsonl") for row in load_results(f)} == {2, 3}
