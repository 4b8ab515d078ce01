"""HTML reports: plots embedded as base64 PNG, tables, the A/B section."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from soulforge.sim.report import render_report, write_report
from soulforge.sim.runner import SimConfig, simulate
from soulforge.sim.stats import sign_test

PNG = re.compile(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def rows(first_seat_wins: int, games: int) -> list[dict[str, object]]:
    return [
        {"game": "g", "agents": ["a", "b"] if i % 2 == 0 else ["b", "a"], "options": {"x": 1},
         "winner": 0 if i < first_seat_wins else 1, "length": 10 + i, "duration": 0.1, "seed": i}
        for i in range(games)
    ]


def test_report_embeds_three_plots_and_the_tables() -> None:
    page = render_report(rows(6, 10))
    images = PNG.findall(page)
    assert len(images) == 3
    assert all(base64.b64decode(data).startswith(b"\x89PNG") for data in images)
    assert "Win rates" in page and "Seat advantage" in page and "Game length" in page
    assert "60.0%" in page, "first seat won 6 of 10"
    assert "A/B" not in page


def test_report_with_comparison_has_ab_section() -> None:
    other = [row | {"seed": 100 + int(str(row["seed"]))} for row in rows(10, 20)]
    page = render_report(rows(8, 20), other)
    assert "A/B comparison" in page and "first seat" in page
    assert len(PNG.findall(page)) == 7
    assert "two-proportion z test" in page and "McNemar" not in page, "no seed in common: unpaired"


def test_a_comparison_on_the_same_seeds_is_paired() -> None:
    """``report --compare`` used an unpaired z test on runs that played the same deals."""
    page = render_report(rows(16, 20), rows(10, 20))
    assert "exact McNemar" in page and "two-proportion z test" not in page
    # seat 0 won games 0-15 under A and 0-9 under B: 6 games only under A, none only under B
    assert "<td>first seat</td><td>80.0% [58.4%, 91.9%]</td><td>50.0% [29.9%, 70.1%]</td>" in page
    assert f"<td>6 / 0</td><td>{sign_test(6, 0):.4f}</td>" in page


def test_report_escapes_labels() -> None:
    data = rows(1, 2)
    for row in data:
        row["agents"] = ["<b>x</b>", "y"]
    page = render_report(data)
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


@pytest.mark.usefixtures("toy_games")
def test_write_report_from_a_results_file(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    simulate(SimConfig("tricks", ("random", "random"), 4), results)
    out = write_report(results, tmp_path / "report.html")
    assert len(PNG.findall(out.read_text())) == 3
    with pytest.raises(ValueError, match="no results"):
        write_report(tmp_path / "missing.jsonl", tmp_path / "x.html")


def test_report_shows_paired_deals_only_for_paired_runs() -> None:
    paired = [row | {"seed": int(str(row["seed"])) // 2} for row in rows(6, 10)]
    page = render_report(paired)
    assert "Paired deals" in page and "5 deals played from every seat" in page
    assert "Paired deals" not in render_report(rows(6, 10))


def test_report_shows_the_starting_player_where_rows_name_it() -> None:
    named = [row | {"first_player": 1} for row in rows(6, 10)]
    page = render_report(named)
    assert "<td>starting player</td><td>4</td><td>10</td>" in page, "seat 1 started all, won 4"
    assert "<td>starting player</td>" not in render_report(rows(6, 10))
