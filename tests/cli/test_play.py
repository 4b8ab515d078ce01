"""``soulforge play`` and ``soulforge replay`` with scripted input."""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

import soulforge
from soulforge.core import IllegalAction, Record

ALWAYS_ONE = "1\n" * 400

Invoke = Callable[..., Result]
"""The ``invoke`` fixture of conftest.py: run ``soulforge ARGS`` with scripted input."""


def test_whole_five_realms_game_against_random(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "five_realms", "--vs", "random", "--seed", "1", "--save", str(save),
                    input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Five Realms · seed 1 · seat 0: you, seat 1: random" in out
    assert "AI is thinking" in out and "seat 1 (random) has moved" in out
    assert "1. " in out and "Game over" in out
    assert any(word in out for word in ("You win!", "You lose", "Draw."))
    assert f"Record saved to {save}" in out
    state = Record.load(save).replay()
    assert state.is_over and state.seed == 1


def test_same_seed_same_answers_same_game(invoke: Invoke, tmp_path: Path) -> None:
    records = []
    for name in ("a.json", "b.json"):
        invoke("play", "five_realms", "--vs", "random", "--seed", "4", "--save", str(tmp_path / name),
               input=ALWAYS_ONE)
        records.append(json.loads((tmp_path / name).read_text()))
    assert records[0] == records[1]


def test_bad_input_re_asks(invoke: Invoke) -> None:
    answers = "x\n99\n0\n\n?\n" + ALWAYS_ONE
    result = invoke("play", "five_realms", "--vs", "random", "--seed", "1", input=answers)
    assert result.exit_code == 0
    assert "'x' is not a choice: enter a number from 1 to" in result.output
    assert "'99' is not a choice" in result.output and "'0' is not a choice" in result.output
    assert "an empty line" in result.output
    assert "Enter an action's number, s to save" in result.output
    assert "Game over" in result.output


def test_illegal_action_is_shown_and_re_asked(
    invoke: Invoke, toy_games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.toy import TricksState

    refused: list[Any] = []
    original = TricksState.apply

    def apply_once_refused(self: Any, action: Any, player: Any = None) -> None:
        if not refused and player == 0:
            refused.append(action)
            raise IllegalAction("not now", rule="a house rule")
        original(self, action, player)

    monkeypatch.setattr(TricksState, "apply", apply_once_refused)
    result = invoke("play", "tricks", "--vs", "random", "--seed", "1", input=ALWAYS_ONE)
    assert "Refused: a house rule: not now" in result.output
    assert result.output.count("Game over") == 1 and result.exit_code == 0


def test_save_then_continue_reproduces_the_state(invoke: Invoke, tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    result = invoke("play", "five_realms", "--vs", "random", "--seed", "2", input="1\n1\n1\ns\n" + str(first)
                    + "\nq\nn\n")
    assert result.exit_code == 0, result.output
    assert f"Record saved to {first}" in result.output and "Left the game." in result.output
    saved = Record.load(first)
    assert len(saved.actions) >= 3
    at_save = saved.replay()

    second = tmp_path / "second.json"
    result = invoke("replay", str(first), "--continue", "--vs", "random", "--save", str(second),
                    input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert f"Continuing Five Realms at move {at_save.move_number}" in result.output
    full = Record.load(second)
    assert full.actions[: len(saved.actions)] == saved.actions
    assert full.replay(len(saved.actions)).view(0) == at_save.view(0)
    assert full.replay().is_over


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The record of a whole Five Realms game (seed 1, always the first action)."""
    save = tmp_path_factory.mktemp("finished") / "done.json"
    state = soulforge.load("five_realms").new_game(seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    state.record().save(save)
    return save


def test_continue_a_finished_game_is_refused(invoke: Invoke, finished: Path) -> None:
    result = invoke("replay", str(finished), "--continue", "--vs", "random")
    assert result.exit_code == 2 and "the recorded game is over" in result.output


def test_quit_offers_to_save(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    args = ["play", "five_realms", "--vs", "random", "--seed", "1", "--save", str(save)]
    result = invoke(*args, input="q\ny\n")
    assert result.exit_code == 0
    assert "Save the record before quitting?" in result.output and save.exists()


def test_ctrl_c_saves_and_exits_130(invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["1", "1"])

    def fake_input(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(builtins, "input", fake_input)
    save = tmp_path / "interrupted.json"
    result = invoke("play", "five_realms", "--vs", "random", "--seed", "1", "--save", str(save))
    assert result.exit_code == 130
    assert "Traceback" not in result.output
    assert f"Record saved to {save}" in result.output and "Interrupted" in result.output
    assert len(Record.load(save).actions) >= 2


def test_end_of_input_leaves_cleanly(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    result = invoke("play", "five_realms", "--vs", "random", "--seed", "1", "--save", str(save), input="1\n")
    assert result.exit_code == 0 and "Input ended" in result.output and save.exists()
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_hot_seat_shows_each_seat_only_its_own_view(invoke: Invoke, toy_games: None) -> None:
    result = invoke("play", "tricks", "--vs", "human", "--seed", "1", input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    dealt = soulforge.load("tricks").new_game(seed=1).hands
    parts = re.split(r"Seat (\d)'s turn", result.output)
    turns = list(zip(parts[1::2], parts[2::2], strict=True))
    assert {seat for seat, _ in turns} == {"0", "1"} and len(turns) >= 2
    for seat, block in turns:
        hands = re.findall(r"│ hand +\[([\d, ]*)\]", block)
        shown = [set(map(int, re.findall(r"\d+", hand))) for hand in hands]
        assert shown and all(hand <= set(dealt[int(seat)]) for hand in shown), f"seat {seat} saw {shown}"
        assert "hands       None" in block, "the other hand stays hidden"
    assert "Seat 0 wins!" in result.output or "Seat 1 wins!" in result.output or "Draw" in result.output


def test_play_against_ismcts_spec(invoke: Invoke, toy_games: None) -> None:
    result = invoke("play", "tricks", "--vs", "ismcts", "--agent-spec", "ismcts:iterations=30",
                    "--seed", "3", "--seat", "1", input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert "seat 0: ismcts, seat 1: you" in result.output and "Game over" in result.output


def test_generic_view_for_a_game_without_renderer(
    invoke: Invoke, toy_games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.toy import Pass

    monkeypatch.setattr(Pass, "__str__", lambda self: "pass [bold]now[/bold]")
    result = invoke("play", "tricks", "--vs", "random", "--seed", "1", input=ALWAYS_ONE)
    assert "prizes" in result.output and "hand_sizes" in result.output
    assert "pass [bold]now[/bold]" in result.output, "labels are not read as rich markup"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "unknown game 'nope'"),
        (["play", "five_realms", "--option", "nope=1"], "unknown option 'nope'"),
        (["play", "five_realms", "--option", "noequals"], "must look like name=value"),
        (["play", "five_realms", "--vs", "nobody"], "unknown agent 'nobody'"),
        (["play", "five_realms", "--seat", "5"], "--seat must be between 0 and 1"),
        (["play", "five_realms", "--vs", "human", "--agent-spec", "random"], "does not apply"),
        (["play", "tricks", "--option", "hand=9"], "option 'hand' must be at most 6"),
    ],
)
def test_bad_command_lines_give_one_clean_line(
    invoke: Invoke, toy_games: None, args: list[str], message: str
) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    error_lines = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(error_lines) == 1


def test_replay_shows_the_final_view(invoke: Invoke, finished: Path) -> None:
    result = invoke("replay", str(finished), "--seat", "1")
    assert result.exit_code == 0, result.output
    assert "seat 1" in result.output and ("wins" in result.output or "Draw" in result.output)


def test_replay_step_by_step(invoke: Invoke, toy_games: None, tmp_path: Path) -> None:
    save = tmp_path / "tricks.json"
    invoke("play", "tricks", "--vs", "random", "--seed", "1", "--save", str(save), input=ALWAYS_ONE)
    moves = len(Record.load(save).actions)
    result = invoke("replay", str(save), "--step", input="\n" * moves)
    assert result.exit_code == 0, result.output
    assert f"move {moves} of {moves}" in result.output
    assert result.output.count("Enter: next move") == moves
    stopped = invoke("replay", str(save), "--step", input="q\n")
    assert "move 1 of" not in stopped.output and stopped.exit_code == 0


def test_replay_of_a_bad_file(invoke: Invoke, tmp_path: Path) -> None:
    assert invoke("replay", str(tmp_path / "missing.json")).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = invoke("replay", str(bad))
    assert result.exit_code == 2 and "not a Soulforge record" in result.output


def test_play_against_a_level(invoke: Invoke, toy_games: None) -> None:
    result = invoke("play", "tricks", "--vs", "easy", "--seed", "5", input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert "seat 1: greedy" in result.output and "Game over" in result.output


def test_a_game_renderer_is_used_and_its_failure_reported(
    invoke: Invoke, toy_games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import types

    from soulforge.games import REGISTRY

    # Renderers live in the package of the game's class: here tests/ beside toy.py.
    package = REGISTRY["tricks"].partition(":")[0].rpartition(".")[0]
    module = types.ModuleType(f"{package}.render_text")
    module.render = lambda view: f"PRIZES {view['prizes']}"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, f"{package}.render_text", module)
    result = invoke("play", "tricks", "--vs", "random", "--seed", "1", input=ALWAYS_ONE)
    assert "PRIZES [1, 2, 3]" in result.output

    def broken(view: dict[str, Any]) -> str:
        raise KeyError("prizes")

    module.render = broken  # type: ignore[attr-defined]
    result = invoke("play", "tricks", "--vs", "random", "--seed", "1", input=ALWAYS_ONE)
    assert "the tricks renderer failed: KeyError" in result.output and "Game over" in result.output


def test_a_deck_file_is_read_by_the_terminal_and_the_record_keeps_its_text(
        invoke: Invoke, tmp_path: Path) -> None:
    """Issue 17, defects 3 and 6: the game takes deck texts only; the terminal reads a deck
    file named in --option, and the saved record replays after the file is gone."""
    example = Path(soulforge.__file__).parent / "games/soul_of_ankiril/example_deck.toml"
    deck, save = tmp_path / "mine.toml", tmp_path / "game.json"
    deck.write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    result = invoke("play", "soul_of_ankiril", "--option", f"deck0={deck}", "--vs", "random", "--seed", "3",
                    "--save", str(save), input="q\ny\n")
    assert result.exit_code == 0, result.output
    deck.unlink()
    record = Record.load(save)
    assert record.options["deck0"] == example.read_text(encoding="utf-8")
    assert record.replay().view(0)["players"][0]["leader"] == "Barush"


def test_whole_kipukas_game_in_the_terminal(invoke: Invoke) -> None:
    """Issue 18: Kipukas is playable in the terminal, the map and the players drawn each turn."""
    result = invoke("play", "kipukas", "--vs", "random", "--seed", "1", "--option", "peace_after=6",
                    input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "The kipuka (duel)" in result.output and "Water (transit)" in result.output
    assert "Game over" in result.output or "under the peace" in result.output
