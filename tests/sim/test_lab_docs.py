"""The example queries of ``docs/lab.md`` run on a small Parquet run and agree with
``soulforge cards`` (DuckDB where it is installed; the pyarrow one always)."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from soulforge.sim.cards import card_stats
from soulforge.sim.runner import SimConfig, load_results, simulate

pa = pytest.importorskip("pyarrow")

DOC = Path(__file__).resolve().parents[2] / "docs" / "lab.md"
MINIMUM = 3
"""The queries' 30 games, lowered for a run of a few games."""


def blocks(language: str) -> list[str]:
    """The fenced code blocks of one language in docs/lab.md."""
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lab") / "results.parquet"
    simulate(SimConfig("soul_of_ankiril", ("random", "random"), 6, seed=11), out, batch=4)
    return out


def expected(results: Path) -> dict[str, tuple[int, float]]:
    """Games in hand and their win rate per card, as ``soulforge cards`` counts them."""
    return {s.card: (s.in_hand.trials, s.in_hand.rate) for s in card_stats(load_results(results))
            if s.in_hand.trials >= MINIMUM}


def test_the_parquet_columns_are_typed(results: Path) -> None:
    """Parquet stored summary, options and overrides as JSON strings."""
    schema = pa.parquet.read_schema(next(results.glob("part-*.parquet")))
    assert pa.types.is_struct(schema.field("summary").type)
    assert pa.types.is_struct(schema.field("options").type)
    seats = schema.field("summary").type.field("seats").type
    assert pa.types.is_list(seats) and pa.types.is_list(seats.value_type.field("cards").type)
    assert schema.metadata[b"soulforge.json_columns"] == b"[]"


def test_the_pyarrow_query_gives_the_card_table(results: Path) -> None:
    (code,) = blocks("python")
    code = code.replace('"results.parquet"', repr(str(results))).replace("), 30))", f"), {MINIMUM}))")
    scope: dict[str, Any] = {}
    exec(compile(code, str(DOC), "exec"), scope)  # the documented example itself
    got = {row["card"]: (row["won_count"], row["won_mean"]) for row in scope["gih"].to_pylist()}
    want = expected(results)
    assert got.keys() == want.keys() and want
    assert all(got[c][0] == want[c][0] and math.isclose(got[c][1], want[c][1]) for c in want)


def test_the_duckdb_queries_give_the_card_table(results: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    gih, one_card, options = (sql.replace("results.parquet", str(results)) for sql in blocks("sql"))
    rows = duckdb.sql(gih.replace(">= 30", f">= {MINIMUM}")).fetchall()
    want = expected(results)
    assert {row[0]: row[1] for row in rows} == {card: games for card, (games, _) in want.items()}
    assert all(math.isclose(row[2], round(want[row[0]][1], 3)) for row in rows)
    lows = [row[3] for row in rows]
    assert lows == sorted(lows, reverse=True), "ranked by the interval's lower end"
    assert duckdb.sql(one_card).fetchall() and duckdb.sql(options).fetchall()
