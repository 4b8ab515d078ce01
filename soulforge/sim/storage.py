"""Results files: JSON lines (the default) or an Apache Parquet dataset (``--out X.parquet``).

Both are appended to as games finish and both resume: a game is written whole or not at all,
so a run killed half-way and started again loses and duplicates nothing.

- **JSON lines**: one row per line, flushed at once; a line cut short by a kill is skipped.
- **Parquet** (needs ``pyarrow``): ``X.parquet`` is a folder of part files
  (``part-00000.parquet``, ...), the layout Spark, DuckDB, pandas and pyarrow all read as one
  table. Finished games are buffered and written as one row group per part, every
  ``batch`` games (and at the end); each part is written under a temporary name and renamed,
  so a kill loses at most the games of the unwritten batch, which the resumed run plays again.
  Nested fields (options, summary, overrides) are typed columns: structs and lists Arrow
  infers from the values (``summary.seats[1].cards`` is a list of strings, ``options.deck0``
  a string), so SQL reads them without parsing (``docs/lab.md`` has example queries). A
  column Arrow cannot hold exactly (values of mixed types, keys that differ from row to row,
  an empty struct Parquet cannot write) falls back to JSON text, listed in the schema's
  metadata; a column that is ``{}`` in every row of a part (``overrides`` of a run without
  ``--set``) is stored as nulls and listed too. Readers of older parts, whose nested columns
  are all JSON text, read them alike.
"""

from __future__ import annotations

import importlib
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

ResultRow = dict[str, Any]

PARQUET_SUFFIX = ".parquet"
PART_GLOB = "part-*.parquet"
JSON_COLUMNS_KEY = b"soulforge.json_columns"
"""Schema metadata: the columns that hold JSON text (decoded on reading)."""
EMPTY_COLUMNS_KEY = b"soulforge.empty_columns"
"""Schema metadata: the columns that were ``{}`` in every row (stored as nulls)."""

LIST_COLUMNS = {"agents": "string", "specs": "string", "returns": "float64"}
INT_COLUMNS = ("index", "seed", "winner", "first_player", "length")
FLOAT_COLUMNS = ("duration",)
TEXT_COLUMNS = ("game", "winner_agent")


class StorageError(RuntimeError):
    """A results file that cannot be read or written (the message says why, in one line)."""


class RowWriter(Protocol):
    """Appends result rows to a results file."""

    def write(self, row: ResultRow) -> None:
        """Append one row (durable once the writer flushes it)."""

    def close(self) -> None:
        """Flush what is left and close."""


def is_parquet(path: str | Path) -> bool:
    """Whether ``path`` names a Parquet results dataset (by its suffix).

    >>> is_parquet("runs/a.parquet"), is_parquet("runs/a.jsonl")
    (True, False)
    """
    return Path(path).suffix == PARQUET_SUFFIX


def import_pyarrow() -> Any:
    """Import ``pyarrow.parquet``, or a StorageError saying how to install it."""
    try:
        importlib.import_module("pyarrow")
        return importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise StorageError("Parquet results need 'pyarrow': pip install 'soulforge[lab]'") from None


# -- JSON lines -------------------------------------------------------------------------

def load_jsonl(file: Path) -> list[ResultRow]:
    """Every result row of a JSON-lines file ([] if it does not exist).

    A line cut short by an interruption (the start of a JSON object) is skipped; any other
    line that is not a result row raises StorageError: appending to a file that holds
    something else would mix a run with garbage.
    """
    if not file.exists():
        return []
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise StorageError(f"{file} is not a results file (not text)") from None
    except IsADirectoryError:
        raise StorageError(f"{file} is a folder, not a results file (a Parquet dataset's folder "
                           f"ends in {PARQUET_SUFFIX})") from None
    return [row for number, line in enumerate(lines, 1) if (row := _jsonl_row(file, number, line))]


def _jsonl_row(file: Path, number: int, line: str) -> ResultRow | None:
    try:
        row = json.loads(line)
    except json.JSONDecodeError:
        if line.startswith("{") or not line.strip():
            return None  # cut short by an interruption, or an empty line
        row = None
    except RecursionError:  # brackets nested ~1,000 deep: no row is
        row = None
    if is_result_row(row):
        return row  # type: ignore[no-any-return]
    raise StorageError(f"{file} line {number} is not a result row")


ROW_FIELDS: dict[str, type | tuple[type, ...]] = {
    "seed": int, "agents": list, "returns": list, "length": int, "first_player": (int, type(None)),
    "summary": dict, "options": dict, "game": str}
"""The fields the statistics read, with their JSON types (a row may lack all but the first
two; one of another type is not a row, and would end a report in a TypeError)."""


def is_result_row(row: object) -> bool:
    """Whether ``row`` has a result row's shape: ``seed`` and a list of ``agents`` (names),
    and every other field the statistics read of its type.

    >>> is_result_row({"seed": 1, "agents": ["a", "b"]}), is_result_row({"seed": 1, "agents": 5})
    (True, False)
    """
    if not isinstance(row, dict) or "seed" not in row or "agents" not in row:
        return False
    typed = all(isinstance(row[name], kind) for name, kind in ROW_FIELDS.items() if name in row)
    return typed and all(isinstance(agent, str) for agent in row["agents"]) and all(
        isinstance(r, (int, float)) for r in row.get("returns", []))


class JsonLinesWriter:
    """Appends rows to a results file, one JSON line each, flushed at once."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        needs_newline = self.path.exists() and self.path.stat().st_size > 0 and not self._ends_with_newline()
        self._handle = self.path.open("a", encoding="utf-8")
        if needs_newline:
            self._handle.write("\n")

    def _ends_with_newline(self) -> bool:
        with self.path.open("rb") as handle:
            handle.seek(-1, 2)
            return handle.read(1) == b"\n"

    def write(self, row: ResultRow) -> None:
        """Append one row and flush it to the file."""
        self._handle.write(json.dumps(row, sort_keys=True) + "\n")
        self._handle.flush()

    def close(self) -> None:
        """Close the file."""
        self._handle.close()


# -- Parquet ----------------------------------------------------------------------------

def _core_fields(pa: Any) -> list[Any]:
    """The Arrow fields of the typed core columns."""
    fields = [pa.field(name, pa.string()) for name in TEXT_COLUMNS]
    fields += [pa.field(name, pa.int64()) for name in INT_COLUMNS]
    fields += [pa.field(name, pa.float64()) for name in FLOAT_COLUMNS]
    fields += [pa.field(name, pa.list_(getattr(pa, kind)())) for name, kind in LIST_COLUMNS.items()]
    return fields


TYPED_COLUMNS = frozenset((*TEXT_COLUMNS, *INT_COLUMNS, *FLOAT_COLUMNS, *LIST_COLUMNS))


def _has_empty_struct(pa: Any, kind: Any) -> bool:
    """Whether an Arrow type holds a struct without fields anywhere (Parquet cannot write one)."""
    if pa.types.is_struct(kind):
        return kind.num_fields == 0 or any(_has_empty_struct(pa, kind.field(i).type)
                                           for i in range(kind.num_fields))
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return bool(_has_empty_struct(pa, kind.value_type))
    return False


def _strings_for_nulls(pa: Any, kind: Any) -> Any:
    """``kind`` with every null type (a field no row of the batch filled: Five Realms' deck,
    an empty opening hand) read as string, so that parts agree on their schema whichever
    batch first filled the field (the summaries' names are strings)."""
    if pa.types.is_null(kind):
        return pa.string()
    if pa.types.is_struct(kind):
        return pa.struct([pa.field(kind.field(i).name, _strings_for_nulls(pa, kind.field(i).type))
                          for i in range(kind.num_fields)])
    if pa.types.is_list(kind):
        return pa.list_(_strings_for_nulls(pa, kind.value_type))
    return kind


def nested_array(pa: Any, values: list[Any]) -> Any | None:
    """The values as one Arrow array of inferred nested types (structs, lists), or None where
    Arrow would not give them back exactly: mixed types, keys that differ from row to row
    (a struct gives every row every key), an empty struct.

    >>> import pyarrow as pa
    >>> str(nested_array(pa, [{"deck": None, "cards": ["a"]}, None]).type)
    'struct<deck: string, cards: list<item: string>>'
    >>> nested_array(pa, [{"a": 1}, {"b": 2}]) is None, nested_array(pa, [{"a": 1}, {"a": "x"}]) is None
    (True, True)
    """
    try:
        array = pa.array(values)
    except (pa.ArrowException, TypeError, ValueError, OverflowError):
        return None
    if _has_empty_struct(pa, array.type):
        return None
    array = array.cast(_strings_for_nulls(pa, array.type))
    return array if array.to_pylist() == values else None


def rows_to_table(rows: Sequence[ResultRow]) -> Any:
    """An Arrow table of result rows: the typed core, then each other field as a nested typed
    column where Arrow holds it exactly, else as JSON text (see the module's docstring)."""
    pa = importlib.import_module("pyarrow")
    extra = sorted({key for row in rows for key in row} - TYPED_COLUMNS)
    fields = _core_fields(pa)
    arrays = [pa.array([row.get(field.name) for row in rows], type=field.type) for field in fields]
    json_columns, empty_columns = [], []
    for name in extra:
        values = [row.get(name) for row in rows]
        if all(value == {} for value in values):
            array = pa.nulls(len(rows))
            empty_columns.append(name)
        else:
            array = nested_array(pa, values)
        if array is None:
            array = pa.array([json.dumps(row[name], sort_keys=True) if name in row else None for row in rows],
                             type=pa.string())
            json_columns.append(name)
        fields.append(pa.field(name, array.type))
        arrays.append(array)
    metadata = {JSON_COLUMNS_KEY: json.dumps(json_columns).encode(),
                EMPTY_COLUMNS_KEY: json.dumps(empty_columns).encode()}
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields, metadata=metadata))


def table_to_rows(table: Any) -> list[ResultRow]:
    """Result rows of an Arrow table written by :func:`rows_to_table` (or by an older
    version, whose nested columns are all JSON text)."""
    metadata = table.schema.metadata or {}
    json_columns = set(json.loads(metadata.get(JSON_COLUMNS_KEY, b"[]")))
    empty_columns = set(json.loads(metadata.get(EMPTY_COLUMNS_KEY, b"[]")))
    rows = []
    for record in table.to_pylist():
        row: ResultRow = {}
        for name, value in record.items():
            if name in empty_columns:
                row[name] = {}
            elif name in json_columns:
                if value is not None:
                    row[name] = json.loads(value)
            elif value is not None or name in ("winner", "winner_agent", "first_player"):
                row[name] = value
        rows.append(row)
    return rows


def load_parquet(folder: Path) -> list[ResultRow]:
    """Every result row of a Parquet results dataset ([] if it does not exist)."""
    if not folder.exists():
        return []
    if not folder.is_dir():
        raise StorageError(f"{folder} is not a Parquet results folder")
    pq = import_pyarrow()
    rows: list[ResultRow] = []
    for part in sorted(folder.glob(PART_GLOB)):
        try:
            rows.extend(table_to_rows(pq.read_table(part)))
        except Exception as err:  # pyarrow raises its own ArrowInvalid family
            raise StorageError(f"{part} is not a readable Parquet part: {err}") from err
    return rows


class ParquetWriter:
    """Appends rows to a Parquet results dataset: one part file (one row group) per batch."""

    def __init__(self, path: str | Path, batch: int = 64, seconds: float = 30.0) -> None:
        self.pq = import_pyarrow()
        self.seconds = seconds
        self._flushed = time.monotonic()
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise StorageError(f"{self.path} is not a Parquet results folder; choose another --out")
        self.path.mkdir(parents=True, exist_ok=True)
        self.batch = max(1, batch)
        self._rows: list[ResultRow] = []
        self._next = self._first_free_part()

    def _first_free_part(self) -> int:
        numbers = [p.stem.partition("-")[2] for p in self.path.glob(PART_GLOB)]
        return max((int(n) for n in numbers if n.isdigit()), default=-1) + 1

    def write(self, row: ResultRow) -> None:
        """Buffer one row; a full batch, or ``seconds`` since the last part, makes a new part."""
        self._rows.append(row)
        if len(self._rows) >= self.batch or time.monotonic() - self._flushed >= self.seconds:
            self.flush()

    def flush(self) -> None:
        """Write the buffered rows as one part: to a temporary name, then renamed (atomic)."""
        if not self._rows:
            return
        final = self.path / f"part-{self._next:05d}.parquet"
        temporary = self.path / f".{final.name}.tmp"
        self.pq.write_table(rows_to_table(self._rows), temporary)
        os.replace(temporary, final)
        self._flushed = time.monotonic()
        self._next += 1
        self._rows = []

    def close(self) -> None:
        """Write what is buffered."""
        self.flush()


# -- either -----------------------------------------------------------------------------

def load_rows(path: str | Path) -> list[ResultRow]:
    """Every row of a results file, JSON lines or Parquet (by the suffix)."""
    file = Path(path)
    return load_parquet(file) if is_parquet(file) else load_jsonl(file)


def open_writer(path: str | Path, batch: int = 64) -> RowWriter:
    """A writer appending to ``path``: Parquet for a ``.parquet`` name, else JSON lines."""
    if is_parquet(path):
        return ParquetWriter(path, batch)
    return JsonLinesWriter(path)
