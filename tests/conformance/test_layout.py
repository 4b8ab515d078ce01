"""Every game folder has the one skeleton of CONTRIBUTING.md ("A game: one skeleton"):
the same module for the same role, so a reader finds any rule in the same file name."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from typing import get_args

import pytest

import soulforge
from soulforge import games
from soulforge.core import Game, State
from soulforge.core.flow import Flow, Rule

SKELETON = ("__init__", "game", "state", "setup", "actions", "flow", "cards", "view", "hidden",
            "heuristic", "render_text", "render_svg", "words")
RETIRED = ("turn", "phases", "rules", "legal", "refusals", "effects", "evaluation", "views", "explain")
"""Names that held a role another module now has (dispatch, refusals, the card registry...);
a large game's rules are a ``rules/`` *package*, never a ``rules.py`` module."""


def folder(game_id: str) -> Path:
    return Path(inspect.getfile(importlib.import_module(f"soulforge.games.{game_id}"))).parent


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_the_folder_has_every_module_of_the_skeleton(game_id: str) -> None:
    here = folder(game_id)
    missing = [m for m in SKELETON if not (here / f"{m}.py").is_file()]
    assert missing == [], f"{game_id} lacks {missing}"
    assert (here / "NOTES.md").is_file()
    assert list(here.glob("*.toml")) or list(here.glob("data/*")), f"{game_id} has no data file"


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_no_module_has_a_retired_name(game_id: str) -> None:
    here = folder(game_id)
    assert [m for m in RETIRED if (here / f"{m}.py").exists()] == []


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_the_state_declares_its_flow_and_the_game_its_state(game_id: str) -> None:
    """The turn flow is the core's (one rule per action kind), and the Game is generic over
    its own State, so hooks take it without a downcast."""
    game_class = type(soulforge.load(game_id))
    state_class = type(soulforge.load(game_id).new_game(seed=0))
    assert isinstance(state_class.flow, Flow)
    assert {rule.action for rule in state_class.flow.rules} == set(game_class.action_types)
    bases = [b for b in getattr(game_class, "__orig_bases__", ()) if getattr(b, "__origin__", None) is Game]
    assert bases and get_args(bases[0]) == (state_class,), f"{game_class.__name__} is not generic"
    assert issubclass(state_class, State)


# Issue 31, "Each game's rules in one place" and "The layout test enforces it".

ROOT = Path(soulforge.__file__).parent.parent
"""The repository (the folder holding ``soulforge/`` and ``tests/``)."""
GAMES_FOLDER = Path(soulforge.__file__).parent / "games"
ADAPTER_AND_TEST_FOLDERS = ("soulforge/agents", "soulforge/cli", "soulforge/interop", "soulforge/server",
                            "soulforge/sim", "tests", "benchmarks", "examples")
"""Where no module may keep its own list of games (the game folders may name themselves)."""


def game_modules(game_id: str) -> list[str]:
    """Every module of a game's package, its subpackages' included (``rules/``)."""
    package = importlib.import_module(f"soulforge.games.{game_id}")
    inside = pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    return [package.__name__] + [info.name for info in inside]


def rule_home(game_id: str, module: str) -> bool:
    """Whether ``module`` may define rule classes: the game's ``flow`` module (a small game)
    or a module of its ``rules`` package (a large one, one module per step or family)."""
    base = f"soulforge.games.{game_id}"
    return module == f"{base}.flow" or module == f"{base}.rules" or module.startswith(f"{base}.rules.")


def misplaced_rules(game_id: str) -> list[str]:
    """``module:Class`` of every rule class (a ``core.flow.Rule``) defined outside its home."""
    found = []
    for name in game_modules(game_id):
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if (inspect.isclass(cls) and issubclass(cls, Rule) and cls.__module__ == name
                    and not rule_home(game_id, name)):
                found.append(f"{name}:{cls.__qualname__}")
    return sorted(found)


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_rule_classes_live_in_flow_or_the_rules_package(game_id: str) -> None:
    """A reader finds every rule of a game in one place: ``flow.py`` or ``rules/``."""
    assert misplaced_rules(game_id) == []


NAMED_FILE = re.compile(r"`([^`\s]+\.py|[A-Za-z_][\w/]*/)`")
"""A module (``state.py``, ``rules/attack.py``) or a package (``rules/``) a NOTES.md names."""


def module_table_names(notes: str) -> list[str]:
    """The modules and packages the first column of the NOTES.md module table names (the
    table whose header's first cell is "module")."""
    names: list[str] = []
    in_table = False
    for line in notes.splitlines():
        row = line.strip()
        cells = [cell.strip() for cell in row.strip("|").split("|")] if row.startswith("|") else []
        if not cells:
            in_table = False
        elif cells[0].lower() in ("module", "modules"):
            in_table = True
        elif in_table:
            names += NAMED_FILE.findall(cells[0])
    return names


def test_the_module_table_reader_finds_modules_and_packages() -> None:
    notes = ("| module | what |\n|---|---|\n| `state.py`, `cards.toml` | state |\n| `rules/` | rules |\n"
             "\ntext `x.py`\n")
    assert module_table_names(notes) == ["state.py", "rules/"]


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_every_module_the_notes_name_exists(game_id: str) -> None:
    here = folder(game_id)
    names = module_table_names((here / "NOTES.md").read_text(encoding="utf-8"))
    assert [name for name in names if not (here / name).exists()] == []


def game_named(item: ast.expr | None) -> str | None:
    """The string an entry of a literal names: itself, or a ``pytest.param``'s first argument."""
    if isinstance(item, ast.Call) and item.args and ast.unparse(item.func).endswith("param"):
        item = item.args[0]
    return item.value if isinstance(item, ast.Constant) and isinstance(item.value, str) else None


def literal_game_lists(path: Path, game_ids: frozenset[str]) -> list[str]:
    """``path:line`` of each literal list, tuple, set or dict (its keys) naming two or more
    registered games: a list of games the module keeps instead of reading the registry."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            items: list[ast.expr | None] = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        else:
            continue
        named = {name for item in items if (name := game_named(item)) in game_ids}
        if len(named) >= 2:
            found.append(f"{path}:{node.lineno} {sorted(named)}")
    return found


def test_the_literal_list_finder_finds_lists_and_dict_keys(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('A = ["a", "b"]\nB = {"a": 1, "b": 2}\nC = ("a", "z")\nD = f("a", "b")\n'
                      'E = [pytest.param("a", marks=x), "b"]\nF = load("a"), load("b")\n')
    found = literal_game_lists(module, frozenset({"a", "b"}))
    assert [line.split(" ")[0].rsplit(":", 1)[1] for line in found] == ["1", "2", "5"]


def test_no_test_or_adapter_keeps_its_own_list_of_games() -> None:
    """Tests and adapters read the registry (``soulforge.GAMES``), so a sixth game is tested,
    served and simulated without editing them."""
    game_ids = frozenset(games.REGISTRY)
    found = [hit.removeprefix(f"{ROOT}/") for top in ADAPTER_AND_TEST_FOLDERS
             for path in sorted((ROOT / top).rglob("*.py"))
             for hit in literal_game_lists(path, game_ids)]
    assert found == []


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, at the top, in a function or under TYPE_CHECKING."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return out


def test_the_core_never_imports_the_games() -> None:
    """Dependency direction core <- games: the one arrow up (a record loading its game)
    is gone; the registry hands the core its loader instead."""
    core = Path(soulforge.__file__).parent / "core"
    found = [f"{path.relative_to(ROOT)}: {name}" for path in sorted(core.rglob("*.py"))
             for name in imported_modules(path)
             if name == "soulforge.games" or name.startswith("soulforge.games.")]
    assert found == []
