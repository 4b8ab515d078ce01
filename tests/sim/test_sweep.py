"""Data overrides (``--set``) and sweeps on tiny runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from soulforge.core.errors import DataError
from soulforge.games.five_realms import FiveRealms
from soulforge.games.soul_of_ankiril import SoulOfAnkiril
from soulforge.sim.report import render_sweep
from soulforge.sim.runner import SimConfig, SimulationError, check_config, load_results, simulate
from soulforge.sim.sweep import Sweep, closest_to_even, parse_sweep, run_sweep, value_range

CASTLES = "five_realms.cards.setup.starting_castles"


def test_an_override_changes_the_game_and_is_recorded_in_every_row(tmp_path: Path) -> None:
    config = SimConfig("five_realms", ("random", "random"), 2, overrides={CASTLES: 7})
    rows = simulate(config, tmp_path / "r.jsonl")
    assert all(row["overrides"] == {CASTLES: 7} for row in rows)
    assert all(seat["start"] == 7 for row in rows for seat in row["summary"]["end"]["castles"])
    assert FiveRealms().rules.starting_castles == 2, "the override ends with the run"
    with pytest.raises(SimulationError, match="another setup"):
        simulate(SimConfig("five_realms", ("random", "random"), 2), tmp_path / "r.jsonl")


def test_a_card_field_override_reaches_the_cards() -> None:
    config = SimConfig("soul_of_ankiril", ("random", "random"), 1,
                       overrides={"soul_of_ankiril.cards.Shekun.attack": 5})
    game = check_config(config)
    assert isinstance(game, SoulOfAnkiril) and game.cards["Shekun"].attack == 5
    assert SoulOfAnkiril().cards["Shekun"].attack == 2


@pytest.mark.parametrize(("overrides", "error", "match"), [
    ({"five_realms.cards.setup.starting_castle": 3}, DataError, "no such entry"),
    ({CASTLES: "many"}, DataError, "must be int"),
    ({"soul_of_ankiril.cards.Shekun.attack": 3}, ValueError, "not data of five_realms"),
])
def test_bad_overrides_name_the_problem(overrides: dict[str, object], error: type[Exception], match: str,
                                        tmp_path: Path) -> None:
    with pytest.raises(error, match=match):
        simulate(SimConfig("five_realms", ("random", "random"), 1, overrides=overrides), tmp_path / "r.jsonl")
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
    page = render_sweep(points, CASTLES, "random's win rate", "five_realms")
    assert page.count("data:image/png;base64,") == 1 and "closest to even" in page
    assert closest_to_even(points) in points


@pytest.mark.usefixtures("toy_games")
def test_an_option_sweep(tmp_path: Path) -> None:
    base = SimConfig("tricks", ("random", "greedy"), 4, seed=1)
    points = run_sweep(base, Sweep("option", "hand", (2, 3)), tmp_path, "first_seat")
    assert [p.value for p in points] == [2, 3]
    assert {row["options"]["hand"] for f in tmp_path.glob("*.jsonl") for row in load_results(f)} == {2, 3}
