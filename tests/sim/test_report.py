"""HTML reports: plots embedded as base64 PNG, tables, the A/B section."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from soulforge.sim.report import render_report, write_report
from soulforge.sim.runner import SimConfig, simulate

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
    page = render_report(rows(8, 20), rows(10, 20))
    assert "A/B comparison" in page and "first seat" in page
    assert len(PNG.findall(page)) == 7
    assert "two-proportion z test" in page


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
