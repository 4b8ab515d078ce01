"""Bad command lines answer one clear line and a non-zero exit, never a traceback
(issue 17, defect 9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.registered import GAMES

from .conftest import Invoke


def one_line_error(result: object, code: int = 2) -> str:
    exit_code = getattr(result, "exit_code", None)
    output: str = getattr(result, "output", "")
    exception = getattr(result, "exception", None)
    assert exception is None or isinstance(exception, SystemExit), repr(exception)
    assert exit_code == code, output
    errors = [line for line in output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "Traceback" not in output, output
    return errors[0]


def record(tmp_path: Path, data: object, name: str = "rec.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


GOOD = {"format": "soulforge-record/1", "game": "five_realms", "options": {}, "seed": 3, "players": 2,
        "actions": []}


@pytest.mark.parametrize(("data", "says"), [
    ([1, 2], "a record is a JSON object, not list"),
    ({**GOOD, "players": "Infinity"}, "players must be an integer from 1 to 64"),
    ({**GOOD, "seed": 2**70}, "seed must be an integer"),
    ({**GOOD, "actions": {"a": 1}}, "actions must be a list"),
    ({"game": "five_realms"}, "lacks the field 'seed'"),
])
def test_replay_of_a_file_that_is_not_a_record(invoke: Invoke, tmp_path: Path, data: object,
                                               says: str) -> None:
    assert says in one_line_error(invoke("replay", record(tmp_path, data)))


def test_replay_of_infinity_written_by_hand(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "inf.json"
    path.write_text(json.dumps(GOOD).replace('"players": 2', '"players": Infinity'), encoding="utf-8")
    assert "players must be an integer" in one_line_error(invoke("replay", str(path)))


def test_replay_of_a_directory_or_a_binary_file(invoke: Invoke, tmp_path: Path) -> None:
    assert "is a directory" in one_line_error(invoke("replay", str(tmp_path)))
    binary = tmp_path / "bin.json"
    binary.write_bytes(bytes(range(128, 256)))
    assert "not a text file" in one_line_error(invoke("replay", str(binary)))


def test_replay_of_a_record_with_an_impossible_move(invoke: Invoke, tmp_path: Path) -> None:
    data = {**GOOD, "actions": [{"type": "place", "row": 1, "col": 5}]}
    assert "record action 0" in one_line_error(invoke("replay", record(tmp_path, data)), code=1)


def test_play_and_replay_save_to_a_directory(invoke: Invoke, tmp_path: Path) -> None:
    says = one_line_error(invoke("play", "five_realms", "--vs", "random", "--save", str(tmp_path)))
    assert "is a directory" in says
    says = one_line_error(invoke("replay", record(tmp_path, GOOD), "--save", str(tmp_path / "no" / "x.json")))
    assert "does not exist" in says


def test_a_file_name_the_system_refuses(invoke: Invoke, tmp_path: Path) -> None:
    # A name over the file system's 255 bytes: Path.is_dir and Path.exists raise there (found
    # by the fuzz of tests/cli/test_every_command.py, with a long --save word).
    too_long = str(tmp_path / ("x" * 300))
    says = one_line_error(invoke("play", "five_realms", "--vs", "random", "--save", too_long))
    assert "cannot be a file name" in says
    result = invoke("simulate", "five_realms", "--agents", "random", "random", "-n", "1",
                    "--out", too_long + ".parquet")
    assert "cannot be a file name" in one_line_error(result)
    result = invoke("sweep", "five_realms", "--agents", "random", "random", "--set",
                    "five_realms.cards.setup.starting_castles=1..2", "-n", "1", "--out", too_long)
    assert "cannot make the folder" in one_line_error(result)


def test_simulate_out_a_directory(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("simulate", "five_realms", "--agents", "random", "random", "-n", "1",
                    "--out", str(tmp_path))
    assert "is a directory" in one_line_error(result)


def test_simulate_will_not_append_to_a_file_of_garbage(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("these are my notes\n", encoding="utf-8")
    result = invoke("simulate", "five_realms", "--agents", "random", "random", "-n", "1", "--out", str(out))
    assert "line 1 is not a result row" in one_line_error(result, code=1)
    assert out.read_text(encoding="utf-8") == "these are my notes\n"


def test_deck_validate_of_a_binary_file(invoke: Invoke, tmp_path: Path) -> None:
    binary = tmp_path / "deck.toml"
    binary.write_bytes(bytes(range(128, 256)))
    assert "not a text file" in one_line_error(invoke("deck", "validate", "soul_of_ankiril", str(binary)))


WORDS = st.sampled_from([
    *GAMES, "nope", "--option", "x=1", "stones=NaN", "deck0=/etc/passwd",
    "--seat", "9", "-1", "--seed", "1e400", "99999999999999999999999", "--save", "/", "--step",
    "--continue", "--vs", "human", "--agent-spec", "ismcts:iterations=nan", "/etc", "/dev/null", "", "ü",
    "--pager", "validate", "--help", "-n", "0"])


@settings(max_examples=60, deadline=None)
@given(command=st.sampled_from(["games", "rules", "deck", "replay", "play"]),
       words=st.lists(WORDS, max_size=6))
def test_no_command_line_ends_in_a_traceback(command: str, words: list[str]) -> None:
    """Issue 17, "Done means": a fuzz of the command line. Whatever the words, the command
    ends with an exit code and at most a one-line error, never an uncaught exception."""
    from typer.testing import CliRunner

    from soulforge.cli import app

    args = [command, *words] + (["--vs", "random"] if command == "play" else [])
    result = CliRunner().invoke(app, args, input="")
    ended = result.exception is None or isinstance(result.exception, SystemExit)
    assert ended, (args, repr(result.exception))
    assert "Traceback" not in result.output, args


def test_cards_of_a_name_too_long_for_a_file(invoke: Invoke) -> None:
    """Found by the every-command fuzz: a results name longer than any file name was an
    uncaught OSError (ENAMETOOLONG), not a one-line error."""
    assert "not a results file" in one_line_error(invoke("cards", "x" * 5000))
