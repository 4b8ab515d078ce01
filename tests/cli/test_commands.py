"""``soulforge games``, ``rules``, ``deck validate``, ``serve``, ``simulate`` and ``report``."""

from __future__ import annotations

import json
import re
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

import soulforge.cli.info as info
from soulforge.cli import main
from soulforge.sim.runner import load_results

Invoke = Callable[..., Result]
"""The ``invoke`` fixture of conftest.py: run ``soulforge ARGS`` with scripted input."""


def test_games_lists_titles_summaries_and_options(invoke: Invoke, toy_games: None) -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert "five_realms" in result.output and "Five Realms" in result.output
    assert "tricks" in result.output
    assert "hand=3 (int, 1..6): cards dealt to each seat, and tricks" in result.output


def test_rules_prints_the_shared_rulebook(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOULFORGE_RULES_DIR", raising=False)
    result = invoke("rules", "five_realms")
    assert result.exit_code == 0, result.output
    assert "GAME GOAL" in result.output and "Banner" in result.output


def test_rules_from_the_env_folder_as_markdown(
    invoke: Invoke, toy_games: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "tricks.md").write_text("# Tricks\n\nPlay **one** card or pass.\n")
    monkeypatch.setenv("SOULFORGE_RULES_DIR", str(tmp_path))
    result = invoke("rules", "tricks")
    assert result.exit_code == 0
    assert "Tricks" in result.output and "Play one card or pass." in result.output
    paged = invoke("rules", "tricks", "--pager")
    assert paged.exit_code == 0 and "Play one card or pass." in paged.output


def test_rules_missing_or_undeclared(
    invoke: Invoke, toy_games: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOULFORGE_RULES_DIR", str(tmp_path))
    missing = invoke("rules", "tricks")
    assert missing.exit_code == 1 and "rulebook 'tricks.md' of tricks not found" in missing.output
    assert "SOULFORGE_RULES_DIR" in missing.output
    assert invoke("rules", "tricks_plain").exit_code == 1
    assert invoke("rules", "nope").exit_code == 2


def test_deck_validate(invoke: Invoke, toy_games: None, tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("Dragon 2\nElf 3\n")
    result = invoke("deck", "validate", "tricks", str(good))
    assert result.exit_code == 0 and "valid" in result.output
    bad = tmp_path / "bad.txt"
    bad.write_text("Dragon 5\nElf\nOrc 4\n")
    result = invoke("deck", "validate", "tricks", str(bad))
    assert result.exit_code == 1
    assert "3 violations" in result.output
    assert "line 1: at most 3 copies of Dragon, got 5" in result.output
    assert "line 2" in result.output and "line 3" in result.output


def test_deck_validate_without_deckbuilding(invoke: Invoke, toy_games: None, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("x 1\n")
    for game in ("five_realms", "tricks_plain"):
        result = invoke("deck", "validate", game, str(deck))
        assert result.exit_code == 2 and "has no deckbuilding" in result.output
    assert invoke("deck", "validate", "tricks", str(tmp_path / "none.txt")).exit_code == 2


def test_serve_starts_uvicorn_with_the_app(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` runs the app through ``app.run``, which bounds websocket messages (issue 29)."""
    from soulforge.server import api as server_api
    from soulforge.server import app as server_app

    module = types.ModuleType("soulforge.server.app")
    module.create_app = lambda db: "the app"  # type: ignore[attr-defined]
    module.run = server_app.run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "soulforge.server.app", module)
    calls: list[tuple[Any, ...]] = []
    uvicorn = types.ModuleType("uvicorn")
    uvicorn.run = lambda app, host, port, **settings: calls.append((app, host, port, settings))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "uvicorn", uvicorn)
    result = invoke("serve", "--port", "8123")
    bounded = {"ws_max_size": server_api.MAX_WS_MESSAGE, "timeout_graceful_shutdown": server_app.STOP_GRACE}
    assert result.exit_code == 0 and calls == [("the app", "127.0.0.1", 8123, bounded)]


def test_serve_falls_back_to_a_terminal_game(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(info, "SERVER_MODULE", "soulforge.server.not_written_yet")
    played: list[bool] = []
    monkeypatch.setattr(info, "_fallback_play", lambda: played.append(True))
    result = invoke("serve")
    assert result.exit_code == 0 and played == [True]
    assert "web table is not available" in result.output


def test_simulate_writes_lines_resumes_and_summarizes(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    args = ["simulate", "five_realms", "--agents", "greedy", "random", "-n", "6", "--workers", "2",
            "--seed", "100", "--out", str(out)]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 6 and sorted(r["seed"] for r in rows) == list(range(100, 106))
    for row in rows:
        assert {"game", "seed", "agents", "returns", "winner", "length", "duration", "options"} <= set(row)
        expected = ["greedy", "random"] if (row["seed"] - 100) % 2 == 0 else ["random", "greedy"]
        assert row["agents"] == expected
    assert "6 games in" in result.output
    assert "win rate" in result.output and "95% CI" in result.output and "first seat" in result.output
    assert re.search(r"greedy\s+│\s+6\s+│", result.output)

    again = invoke(*args[:5], "-n", "7", *args[7:])
    assert again.exit_code == 0, again.output
    seeds = [row["seed"] for row in load_results(out)]
    assert sorted(seeds) == list(range(100, 107)), "resumed without repeating a game"
    assert "7 games in" in again.output


def test_simulate_paired_plays_each_seed_from_both_seats(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "paired.jsonl"
    result = invoke("simulate", "five_realms", "--agents", "greedy", "random", "-n", "4", "--seed", "7",
                    "--paired", "--out", str(out))
    assert result.exit_code == 0, result.output
    games = sorted((row["seed"], row["agents"]) for row in load_results(out))
    assert games == [(7, ["greedy", "random"]), (7, ["random", "greedy"]),
                     (8, ["greedy", "random"]), (8, ["random", "greedy"])]
    assert "2 deals played from every seat" in result.output
    assert "starting player" in result.output, "Five Realms draws who starts"


def test_simulate_bad_input_exits_2(invoke: Invoke, tmp_path: Path) -> None:
    out = str(tmp_path / "r.jsonl")
    bad_agent = invoke("simulate", "five_realms", "--agents", "random", "nobody", "-n", "1", "--out", out)
    assert bad_agent.exit_code == 2 and "unknown agent 'nobody'" in bad_agent.output
    bad_option = invoke("simulate", "five_realms", "--agents", "random", "random", "--option", "x=1")
    assert bad_option.exit_code == 2 and "unknown option 'x'" in bad_option.output
    one_agent = invoke("simulate", "five_realms", "--agents", "random", "-n", "1", "--out", out)
    assert one_agent.exit_code == 2 and "players" in one_agent.output


def test_simulate_ray_without_ray(invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    result = invoke("simulate", "five_realms", "--agents", "random", "random", "-n", "1",
                    "--out", str(tmp_path / "r.jsonl"), "--backend", "ray")
    assert result.exit_code == 1 and "needs the 'ray' package" in result.output


def test_simulate_ctrl_c_exits_130(invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import soulforge.cli.simulate as command

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "simulate", interrupted)
    result = invoke("simulate", "five_realms", "--agents", "random", "random", "-n", "1",
                    "--out", str(tmp_path / "r.jsonl"))
    assert result.exit_code == 130 and "run the same command again to resume" in result.output


def test_report_writes_html_with_images(invoke: Invoke, tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path, seed in ((a, 0), (b, 50)):
        result = invoke("simulate", "five_realms", "--agents", "random", "random", "-n", "4",
                        "--seed", str(seed), "--out", str(path))
        assert result.exit_code == 0, result.output
    html = tmp_path / "report.html"
    result = invoke("report", str(a), "--compare", str(b), "--out", str(html))
    assert result.exit_code == 0 and f"Report written to {html}" in result.output
    page = html.read_text()
    assert page.count("data:image/png;base64,") == 7 and "A/B comparison" in page, "4 games: no card plot"
    assert "too few to tell what drawing a card changes" in page
    missing = invoke("report", str(tmp_path / "none.jsonl"), "--out", str(html))
    assert missing.exit_code == 2 and "no results" in missing.output


def test_main_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["games"])
    assert exit_info.value.code == 0
    assert "five_realms" in capsys.readouterr().out


def test_simulate_agents_may_come_before_the_game_and_levels_work(
    invoke: Invoke, toy_games: None, tmp_path: Path
) -> None:
    out = tmp_path / "r.jsonl"
    result = invoke("simulate", "--agents", "easy", "random", "tricks", "-n", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert {tuple(row["agents"]) for row in load_results(out)} == {("easy", "random"), ("random", "easy")}
    other = tmp_path / "s.jsonl"
    result = invoke("simulate", "tricks", "--agents=random", "greedy", "-n", "1", "--out", str(other))
    assert result.exit_code == 0, result.output
    assert load_results(other)[0]["agents"] == ["random", "greedy"]


def test_cards_prints_the_card_table(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke("simulate", "soul_of_ankiril", "--agents", "random", "random", "-n", "2",
                  "--out", str(out)).exit_code == 0
    result = invoke("cards", str(out), "--sort", "improvement", "--top", "3", "--min", "0")
    assert result.exit_code == 0, result.output
    assert "2 games" in result.output and "in hand" in result.output and "improvement" in result.output
    few = invoke("cards", str(out))
    assert few.exit_code == 0 and "no card has 30 games of in_hand (the most: 2)" in few.output, few.output
    assert invoke("cards", str(out), "--sort", "nonsense").exit_code == 2


@pytest.mark.parametrize(("game", "in_file", "on_line"), [
    ("five_realms", ("five_realms.cards.setup.starting_castles", 4),
     ("five_realms.cards.throne_room.castles", 3)),
    ("kipukas", ("kipukas.cards.hilbert_king_of_avian_frogs.movement", 4),
     ("kipukas.rules.final_blow.motive_bonus", 8)),
    ("soulgivers", ("soulgivers.rules.rules.hand_limit", 4),
     ("soulgivers.soulgivers.soulgiver.runner.move", 3)),
    ("soulshards", ("soulshards.rules.numbers.opening_hand", 5),
     ("soulshards.cards.city.Lorespire.resolve", 13)),
])
def test_simulate_set_and_set_file_are_recorded(invoke: Invoke, tmp_path: Path, game: str,
                                                in_file: tuple[str, int], on_line: tuple[str, int]) -> None:
    overrides = tmp_path / "o.txt"
    overrides.write_text(f"# a designer's change\n{in_file[0]} = {in_file[1]}\n")
    out = tmp_path / "r.jsonl"
    result = invoke("simulate", game, "--agents", "random", "random", "-n", "2", "--out", str(out),
                    "--set-file", str(overrides), "--set", f"{on_line[0]}={on_line[1]}")
    assert result.exit_code == 0, result.output
    expected = dict([in_file, on_line])
    assert all(row["overrides"] == expected for row in load_results(out))
    html = tmp_path / "r.html"
    assert invoke("report", str(out), "--out", str(html)).exit_code == 0
    assert f"--set {min(expected)}={expected[min(expected)]}" in html.read_text()
    bad = invoke("simulate", game, "--agents", "random", "random", "-n", "1",
                 "--out", str(tmp_path / "b.jsonl"), "--set", "castles")
    assert bad.exit_code == 2 and "game.file.entry.field=value" in bad.output


def test_sweep_writes_a_results_file_per_value_and_a_page(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("sweep", "five_realms", "--agents", "random", "greedy", "--set",
                    "five_realms.cards.setup.starting_castles=1..2", "-n", "2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "measure: random's win rate; higher: random wins more" in result.output
    assert "closest to even" not in result.output, "a skill measure has no even value"
    assert len(list(tmp_path.glob("*.jsonl"))) == 2 and (tmp_path / "sweep.html").exists()
    again = invoke("sweep", "five_realms", "--agents", "random", "greedy", "--set",
                   "five_realms.cards.setup.starting_castles=1..2", "-n", "2", "--out", str(tmp_path),
                   "--baseline", "2")
    assert again.exit_code == 0 and "vs 2" in again.output, again.output
    assert invoke("sweep", "five_realms", "--agents", "random", "greedy", "--set",
                  "five_realms.cards.setup.starting_castles=1..2", "-n", "2", "--out", str(tmp_path),
                  "--baseline", "7").exit_code == 2
    assert invoke("sweep", "five_realms", "--agents", "random", "greedy", "-n", "2",
                  "--out", str(tmp_path)).exit_code == 2


def test_ladder_prints_ratings_and_writes_its_page(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("ladder", "five_realms", "--agents", "random", "greedy", "-n", "2",
                    "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output and "greedy" in result.output and "head to head" in result.output
    assert "Head to head" in (tmp_path / "ladder.html").read_text()


def test_ablate_prints_the_effect_and_the_sign_test(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("ablate", "soul_of_ankiril", "--agents", "random", "random", "--card", "Shekun",
                    "--with", "Venomous touch", "-n", "2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "effect of the card" in result.output and "p " in result.output
    bad = invoke("ablate", "soul_of_ankiril", "--agents", "random", "random", "--card", "Shekun",
                 "--with", "Nirush", "-n", "2", "--out", str(tmp_path))
    assert bad.exit_code == 2 and "at most 3 copies" in bad.output


def test_ablate_kipukas_with_the_first_legal_replacement(invoke: Invoke, tmp_path: Path) -> None:
    """ablate refused Kipukas ("has no decks whose cards can be replaced")."""
    result = invoke("ablate", "kipukas", "--agents", "random", "random", "--card", "pyrostegia_dragon",
                    "-n", "2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "pyrostegia_dragon replaced by avian_keepers_den: the first legal card" in result.output
    assert "effect of the card" in result.output
