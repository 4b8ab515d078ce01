"""Issue 29, defect 9: every command of ``soulforge`` answers a bad invocation with one line
``error: ...`` and exit code 2 (the command line's refusal), never a traceback: options named
like Python parameters, deep-nested deck files and override files, huge counts, files that
are not what they should be, a server address or port that cannot be.

``test_every_command_is_covered`` keeps the list whole: a new command needs bad cases here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from soulforge.cli import app
from soulforge.cli.common import FAILURE, USAGE
from tests.registered import GAMES

from .conftest import Invoke
from .test_bad_invocations import one_line_error

HUGE = "999999999999999999"
DEEP = "[" * 1000 + "]" * 1000


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """Bad inputs as files: {name: path}."""
    made = {
        "huge_deck": f'city = "Ironhold"\n[cards]\nGanuri = {HUGE}\n',
        "deep_deck": f"x = {DEEP}\n[cards]\nGanuri = 1\n",
        "deep_set": f"five_realms.rules.deck.copies = {DEEP}\n",
        "garbage_results": "these are my notes\n",
        "odd_results": json.dumps({"seed": 1, "agents": 5, "returns": "x"}) + "\n",
        "deep_results": DEEP + "\n",
        "deep_record": DEEP,
        "self_record": json.dumps({"format": "soulforge-record/1", "game": "five_realms", "seed": 1,
                                   "players": 2, "options": {"self": 1}, "actions": []}),
    }
    paths = {}
    for name, text in made.items():
        path = tmp_path / f"{name}.{'toml' if 'deck' in name else 'json'}"
        path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    paths["folder"] = str(tmp_path)
    paths["missing_folder"] = str(tmp_path / "no" / "such")
    return paths


RANDOM = ["--agents", "random", "random"]
CASES: list[tuple[str, list[str], str] | tuple[str, list[str], str, int]] = [
    ("games", ["games", "--nope"], "No such option"),
    ("rules", ["rules", "nope"], "unknown game 'nope'"),
    ("play", ["play", "five_realms", "--option", "self=1", "--vs", "random"], "unknown option 'self'"),
    ("play", ["play", "kipukas", "--option", "deck0={huge_deck}", "--vs", "random"], "at most 100"),
    ("play", ["play", "soul_of_ankiril", "--option", "deck0={deep_deck}", "--vs", "random"],
     "nested too deep"),
    ("play", ["play", "five_realms", "--seed", "-1", "--vs", "random"], "--seed must be an integer from 0"),
    ("play", ["play", "five_realms", "--seed", str(2**63), "--vs", "random"], "--seed must be an integer"),
    ("play", ["play", "five_realms", "--players", HUGE, "--vs", "random"], "players must be between"),
    ("replay", ["replay", "{deep_record}"], "nested too deep"),
    ("replay", ["replay", "{self_record}"], "does not replay: unknown option 'self'", FAILURE),
    ("simulate", ["simulate", "five_realms", *RANDOM, "--option", "self=1"], "unknown option 'self'"),
    ("simulate", ["simulate", "five_realms", *RANDOM, "-n", HUGE], "from 0 to"),
    ("simulate", ["simulate", "five_realms", *RANDOM, "-n", "3", "--workers", HUGE, "--out",
                  "{folder}/w.jsonl"], "workers must be from 1", FAILURE),
    ("simulate", ["simulate", "five_realms", *RANDOM, "--set-file", "{deep_set}"], "nested too deep"),
    ("simulate", ["simulate", "five_realms", *RANDOM, "--set", f"five_realms.rules.deck.copies={DEEP}"],
     "nested too deep"),
    ("simulate", ["simulate", "kipukas", *RANDOM, "--option", "deck0={huge_deck}"], "at most 100"),
    ("report", ["report", "{garbage_results}", "--out", "{folder}/r.html"], "is not a result row"),
    ("report", ["report", "{odd_results}", "--out", "{folder}/r.html"], "is not a result row"),
    ("report", ["report", "{deep_results}", "--out", "{folder}/r.html"], "is not a result row"),
    ("cards", ["cards", "{deep_results}"], "is not a result row"),
    ("cards", ["cards", "{garbage_results}"], "is not a result row"),
    ("sweep", ["sweep", "five_realms", *RANDOM, "--option", "self=1,2"], "unknown option 'self'"),
    ("sweep", ["sweep", "five_realms", *RANDOM, "--option", "copies=1,2", "--out", "{garbage_results}"],
     "is a file; give a folder"),
    ("sweep", ["sweep", "five_realms", *RANDOM, "--option", "copies=1..99999999999"], "at most 200"),
    ("ladder", ["ladder", "five_realms", "--agents", "random", "greedy", "--option", "self=1"],
     "unknown option 'self'"),
    ("ladder", ["ladder", "five_realms", "--agents", "random", "greedy", "--out", "{garbage_results}"],
     "is a file; give a folder"),
    ("ladder", ["ladder", "five_realms", "--agents", "random", "greedy", "-n", HUGE, "--out", "{folder}/l"],
     "from 0 to"),
    ("ablate", ["ablate", "soul_of_ankiril", *RANDOM, "--card", "Shekun", "--with", "Ganuri", "--option",
                "deck0={huge_deck}"], "at most 100"),
    ("ablate", ["ablate", "soul_of_ankiril", *RANDOM, "--card", "Shekun", "--with", "Ganuri", "--out",
                "{missing_folder}/x/y", "--option", "self=1"], "unknown option 'self'"),
    ("deck validate", ["deck", "validate", "kipukas", "{missing_folder}"], "cannot read"),
    ("deck validate", ["deck", "validate", "kipukas", "{huge_deck}", "--option", "self=1"],
     "unknown option 'self'"),
    ("serve", ["serve", "--port", "70000"], "--port must be from 1 to 65535, got 70000"),
    ("serve", ["serve", "--port", "0"], "--port must be from 1 to 65535"),
    ("serve", ["serve", "--db", "sqlite:///{missing_folder}/x.db"], "cannot be used", FAILURE),
    ("serve", ["serve", "--db", "not a url"], "not a database URL", FAILURE),
    ("worker", ["worker", "--db", "not a url"], "not a database URL", FAILURE),
    ("worker", ["worker", "--db", "sqlite:///{folder}/w.db"], "needs PostgreSQL", FAILURE),
    ("doctor", ["doctor", "--db", "sqlite:///{missing_folder}/x.db"], "cannot be used", FAILURE),
    ("doctor", ["doctor", "--db", "not a url"], "not a database URL", FAILURE),
    ("doctor", ["doctor", "--nope"], "No such option"),
    ("users list", ["users", "list", "--db", "not a url"], "not a database URL", FAILURE),
    ("users disable", ["users", "disable", "nobody", "--db", "sqlite:///{folder}/u.db"], "no account named",
     FAILURE),
    ("users enable", ["users", "enable", "--nope"], "No such option"),
    ("users reset-password", ["users", "reset-password", "nobody", "--password-stdin", "--db",
                              "sqlite:///{folder}/u.db"], "no password on standard input"),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_a_bad_invocation_is_one_line_and_exit_2(invoke: Invoke, files: dict[str, str], case: tuple[
        str, list[str], str] | tuple[str, list[str], str, int], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Exit 2 for a bad command line; 1 where the CLI's convention says the work could not be
    done (a record that does not replay, a database that cannot be opened)."""
    monkeypatch.chdir(tmp_path)  # default --out files and folders land here
    args, says, code = case[1], case[2], (case[3] if len(case) == 4 else USAGE)
    result = invoke(*[arg.format(**files) for arg in args])
    if says == "No such option":  # click's own usage error: exit 2, its box, no traceback
        assert result.exit_code == USAGE and says in result.output and "Traceback" not in result.output
        return
    assert says in one_line_error(result, code=code)


def test_deck_validate_reports_a_huge_count_as_a_violation(invoke: Invoke, files: dict[str, str]) -> None:
    """A deck list that breaks the bounds is a violation like any other (exit 1, listed)."""
    result = invoke("deck", "validate", "kipukas", files["huge_deck"])
    assert result.exit_code == 1 and "must be at most 100" in result.output
    assert "Traceback" not in result.output


def test_serve_refuses_a_port_before_it_opens_the_database(invoke: Invoke, monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    """``--port 70000`` was announced as 70000 and listened on 4464 (70000 mod 65536)."""
    monkeypatch.chdir(tmp_path)
    assert "65535" in one_line_error(invoke("serve", "--port", "70000"))
    assert not (tmp_path / "var").exists()


def command_names(group: typer.Typer) -> set[str]:
    """Every command of the app, sub-commands as ``deck validate``."""
    names = {info.name or (info.callback.__name__ if info.callback else "")
             for info in group.registered_commands}
    for sub in group.registered_groups:
        assert sub.typer_instance is not None
        names |= {f"{sub.name} {name}" for name in command_names(sub.typer_instance)}
    return names


def test_every_command_is_covered() -> None:
    assert command_names(app) == {case[0] for case in CASES}


WORDS = st.sampled_from([
    *GAMES, "nope", "--option", "self=1", "cls=1",
    "copies=" + "[" * 50, "deck0={huge_deck}", "deck0={deep_deck}", "--seed", "-1", HUGE, "--players",
    "--seat",
    "-n", "0", "--workers", "--out", "{folder}", "{garbage_results}", "{deep_results}", "{odd_results}",
    "{deep_record}", "{self_record}", "{missing_folder}/x", "--set-file", "{deep_set}", "--set",
    "five_realms.rules.deck.copies=" + DEEP, "--agents", "random", "greedy", "--port", "70000", "--db",
    "not a url", "--card", "--with", "Shekun", "--sort", "--compare", "--vs", "--save", "validate", "",
])
COMMANDS = st.sampled_from([case[1][:2] if case[0] == "deck validate" else case[1][:1] for case in CASES])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=COMMANDS, words=st.lists(WORDS, max_size=6))
def test_no_command_of_any_words_ends_in_a_traceback(files: dict[str, str], command: list[str],
                                                     words: list[str]) -> None:
    """The issue-17 fuzz, grown to every command and to issue 29's inputs. The commands that
    would work for long are held to no work (``-n 0``, ``--vs random``, a server that is never
    started), run in a scratch folder."""
    from typer.testing import CliRunner

    args = [*command, *(word.format(**files) for word in words)]
    if command[0] in ("simulate", "sweep", "ladder", "ablate"):
        args += ["-n", "0", "--out", files["folder"] + "/out"]
    if command[0] == "play":
        args += ["--vs", "random"]
    started: list[object] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(files["folder"])
        patch.setattr("soulforge.server.app.run", lambda **kwargs: started.append(kwargs))
        result = CliRunner().invoke(app, args, input="")
    ended = result.exception is None or isinstance(result.exception, SystemExit)
    assert ended, (args, repr(result.exception))
    assert "Traceback" not in result.output, args
    if result.exit_code not in (0, 1):  # a refusal: one line, or click's own usage box
        errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
        usage = "Usage:" in result.output or "─ Error ─" in result.output  # click's own, boxed by rich
        assert len(errors) == 1 or usage, (args, result.output[-500:])


def test_report_of_a_file_that_is_not_results_says_so_without_naming_out(invoke: Invoke,
                                                                         files: dict[str, str]) -> None:
    """``report`` reads, it does not append: "choose another --out" was wrong advice there
    (and the SimulationError was a traceback). ``simulate``, which appends, keeps the hint."""
    says = one_line_error(invoke("report", files["garbage_results"], "--out", files["folder"] + "/r.html"))
    assert "is not a result row" in says and "--out" not in says
    result = invoke("simulate", "five_realms", *RANDOM, "-n", "1", "--out", files["garbage_results"])
    assert "choose another --out" in one_line_error(result, code=FAILURE)
