"""The pure/compiled switch and the data paths that work compiled (docs/native.md)."""

from __future__ import annotations

import gc
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import weakref
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import soulforge
import soulforge.core.errors
from soulforge import _pure
from soulforge.core.data import package_dir

ROOT = Path(soulforge.__file__).resolve().parent.parent


def test_package_dir_is_the_folder_of_the_games_data() -> None:
    for game_id, data_file in [("kipukas", "rules.toml"), ("soul_of_ankiril", "board.toml"),
                               ("five_realms", "cards.toml")]:
        folder = package_dir(f"soulforge.games.{game_id}")
        assert folder.is_absolute()
        assert (folder / data_file).is_file()


def test_soulforge_pure_loads_every_module_from_its_source() -> None:
    # With SOULFORGE_PURE=1 a module's compiled .so beside its .py (make native) is skipped;
    # in a pure tree this holds trivially, in a compiled one it is the pure run of CI.
    script = ("import json, sys, soulforge; soulforge.load('kipukas'); soulforge.load('soulgivers');"
              "print(json.dumps({n: getattr(m, '__file__', None) for n, m in sys.modules.items()"
              " if n.startswith('soulforge')}))")
    env = {**os.environ, "SOULFORGE_PURE": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=120).stdout
    files = json.loads(out.splitlines()[-1])
    assert "soulforge.games.kipukas.rules.day" in files
    assert all(f is None or f.endswith(".py") for f in files.values()), files


# -- a native build never runs code older than its sources (soulforge/_pure.py) ----------------
SO = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(root: Path) -> Path:
    """A tree with one source, its "compiled" file and the manifest a build writes."""
    core = root / "soulforge" / "core"
    core.mkdir(parents=True)
    source = core / "rules.py"
    source.write_text("X = 1\n")
    (core / f"rules{SO}").write_bytes(b"")
    manifest = {"sources": {name: _pure.fingerprint(root / name) for name in _pure.native_sources(root)}}
    (root / _pure.MANIFEST).write_text(json.dumps(manifest))
    return source


def test_a_build_is_current_until_a_source_changes(tmp_path: Path) -> None:
    source = fake_build(tmp_path)
    assert _pure.stale_sources(tmp_path) == []
    source.write_text("X = 1\n")  # rewritten, same content (a checkout): still current
    os.utime(source, ns=(1, 1))
    assert _pure.stale_sources(tmp_path) == []
    source.write_text("X = 2\n")
    assert _pure.stale_sources(tmp_path) == ["soulforge/core/rules.py"]


def test_an_added_or_removed_source_makes_the_build_stale(tmp_path: Path) -> None:
    source = fake_build(tmp_path)
    (source.parent / "new.py").write_text("")
    assert _pure.stale_sources(tmp_path) == ["soulforge/core/new.py"]
    (source.parent / "new.py").unlink()
    source.unlink()
    assert _pure.stale_sources(tmp_path) == ["soulforge/core/rules.py"]


def test_compiled_files_without_a_manifest_are_stale_and_no_build_is_none(tmp_path: Path) -> None:
    fake_build(tmp_path)
    (tmp_path / _pure.MANIFEST).unlink()
    assert _pure.stale_sources(tmp_path) == [f"{_pure.MANIFEST} (missing or unreadable)"]
    (tmp_path / "soulforge" / "core" / f"rules{SO}").unlink()
    assert _pure.stale_sources(tmp_path) is None


def test_a_stale_build_runs_pure_with_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = fake_build(tmp_path)
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path if not isinstance(f, _pure.SourceFirst)])
    assert _pure.fall_back_if_stale(tmp_path) == []
    assert not any(isinstance(f, _pure.SourceFirst) for f in sys.meta_path)
    source.write_text("X = 2\n")
    with pytest.warns(RuntimeWarning, match=r"older than soulforge/core/rules\.py: running pure"):
        assert _pure.fall_back_if_stale(tmp_path) == ["soulforge/core/rules.py"]
    assert isinstance(sys.meta_path[0], _pure.SourceFirst)


def test_this_tree_runs_compiled_exactly_when_its_build_is_current() -> None:
    # After `make install` (a C compiler present) the package runs compiled; pure when asked
    # (SOULFORGE_PURE=1, CI's second golden run), when no build exists, or when it is stale.
    compiled = str(soulforge.core.errors.__file__).endswith(SO)
    assert compiled == (_pure.stale_sources(ROOT) == [] and not os.environ.get("SOULFORGE_PURE"))


# -- the patch of mypyc's C (tools/build_native.py) ---------------------------------------------
def _build_native() -> Any:
    """``tools/build_native.py``, loaded from its file (``tools`` is not a package)."""
    spec = importlib.util.spec_from_file_location("build_native", ROOT / "tools" / "build_native.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


def test_a_dropped_game_clears_its_weak_references() -> None:
    # Compiled, a game class is a native class with a __weakref__ slot; unpatched, mypyc's
    # dealloc never cleared weak references (no callback, a dangling reference: a segmentation
    # fault at a later garbage collection, snapshot's WeakKeyDictionary of games).
    fired: list[object] = []
    game = soulforge.load("five_realms")
    ref = weakref.ref(game, fired.append)
    del game
    gc.collect()
    assert fired == [ref] and ref() is None


def test_the_weakref_patch_rewrites_dealloc_traverse_and_clear(tmp_path: Path) -> None:
    build = _build_native()
    weak = "*((PyObject **)((char *)self + sizeof(PyObject *) + sizeof(GameObject)))"
    (tmp_path / "x.c").write_text(
        "static void\nGame_dealloc(GameObject *self)\n{\n    PyObject_GC_UnTrack(self);\n"
        "    clear(self);\n}\n"
        f"static int\nGame_traverse(GameObject *self)\n{{\n    Py_VISIT({weak});\n    return 0;\n}}\n"
        f"static int\nGame_clear(GameObject *self)\n{{\n    Py_CLEAR({weak});\n    return 0;\n}}\n")
    assert build.patch_weakrefs(tmp_path) == 1
    patched = (tmp_path / "x.c").read_text()
    assert weak not in patched
    assert ("PyObject_GC_UnTrack(self);\n    if (Py_TYPE(self)->tp_weaklistoffset != 0) "
            "PyObject_ClearWeakRefs((PyObject *)self);\n    clear(self);") in patched


def test_the_run_once_patch_marks_top_levels_and_drops_indentation(tmp_path: Path) -> None:
    build = _build_native()
    (tmp_path / "x.c").write_text(
        "int CPyExec_m(PyObject *module)\n{\n    return 0;\n}\n"
        "        char CPyDef_m_____top_level__(void) {\n            return 1;\n        }\n"
        "    static bool\n    CPyDef_m___C_trait_vtable_setup(void)\n    {\n        return 1;\n    }\n"
        "    char CPyDef_m___hot(PyObject *cpy_r_s) {\n        x = CPyDef_m_____top_level__();\n"
        "        s = \"  two  \";\n    }\n")
    assert build.patch_run_once(tmp_path, "COLD") == 1
    assert (tmp_path / "x.c").read_text() == (
        "COLD int CPyExec_m(PyObject *module)\n{\nreturn 0;\n}\n"
        "COLD char CPyDef_m_____top_level__(void) {\nreturn 1;\n}\n"
        "COLD static bool\nCPyDef_m___C_trait_vtable_setup(void)\n{\nreturn 1;\n}\n"
        "char CPyDef_m___hot(PyObject *cpy_r_s) {\nx = CPyDef_m_____top_level__();\n"
        "s = \"  two  \";\n}\n")
    assert build.patch_run_once(tmp_path, "COLD") == 0  # applied once


def test_the_exports_patch_defines_each_imported_table_once(tmp_path: Path) -> None:
    # multi_file: every module's C includes the internal header; a definition there is one per
    # C file, and the link fails. One extern in the header, one definition in the library's C.
    build = _build_native()
    game = tmp_path / "soulforge" / "games" / "g"
    game.mkdir(parents=True)
    (game / "__native_internal__native.h").write_text(
        "#include <soulforge/core/__native__native.h>\n"
        "struct export_table_soulforge___core____native exports_soulforge___core____native;\n#endif\n")
    (game / "__native__native.c").write_text("int exec(void) { return 0; }\n")
    assert build.patch_exports(tmp_path) == 1
    assert (game / "__native_internal__native.h").read_text() == (
        "#include <soulforge/core/__native__native.h>\n"
        "extern struct export_table_soulforge___core____native exports_soulforge___core____native;\n#endif\n")
    assert (game / "__native__native.c").read_text() == (
        "int exec(void) { return 0; }\n"
        "struct export_table_soulforge___core____native exports_soulforge___core____native;\n")
    assert build.patch_exports(tmp_path) == 0  # applied once


def test_module_files_move_beside_their_library(tmp_path: Path) -> None:
    # mypyc writes a module's C at the top of the build directory, but it includes its
    # library's headers by bare name: it moves to the library's folder, the extension follows.
    build = _build_native()
    game = tmp_path / "soulforge" / "games" / "g"
    game.mkdir(parents=True)
    for path in (tmp_path / "__native_soulforge___games___g___state.c", game / "__native__native.c",
                 game / "state.c"):
        path.write_text("")
    library = SimpleNamespace(sources=[str(tmp_path / "__native_soulforge___games___g___state.c"),
                                       str(game / "__native__native.c")])
    shim = SimpleNamespace(sources=[str(game / "state.c")])
    assert build.gather_module_files([library, shim], tmp_path) == 1
    assert library.sources == [str(game / "__native_soulforge___games___g___state.c"),
                               str(game / "__native__native.c")]
    assert shim.sources == [str(game / "state.c")]
    assert (game / "__native_soulforge___games___g___state.c").exists()


def test_every_hot_module_is_compiled_and_the_others_compile_at_the_cold_level() -> None:
    build = _build_native()
    compiled = build.native_modules()
    assert build.hot_modules() <= set(compiled)  # a name mistyped in HOT would compile cold
    flags = build.cold_flags(compiled)
    assert build.c_file_name("soulforge/games/kipukas/rules/day.py") not in flags
    assert flags[build.c_file_name("soulforge/games/kipukas/setup.py")] == [f"-O{build.COLD_OPT_LEVEL}"]
    assert len(flags) == len(compiled) - len(build.hot_modules())


def test_the_build_adds_a_source_s_own_flags_to_its_compile() -> None:
    build = _build_native()
    calls: list[tuple[str, list[str]]] = []

    class Compiler:
        def _compile(self, obj: str, src: str, ext: str, cc_args: list[str],
                     extra_postargs: list[str], pp_opts: list[str]) -> None:
            calls.append((src, extra_postargs))

    command = build.per_source_build_ext({"cold.c": ["-O1"]})
    base = command.__mro__[1]
    original = base.build_extensions
    try:
        base.build_extensions = lambda self: [
            self.compiler._compile("o", f"lib/{name}", ".c", [], ["-O3"], []) for name in ("cold.c", "hot.c")]
        fake = command.__new__(command)
        fake.compiler = Compiler()
        fake.build_extensions()
    finally:
        base.build_extensions = original
    assert calls == [("lib/cold.c", ["-O3", "-O1"]), ("lib/hot.c", ["-O3"])]


def test_a_cached_property_is_worked_out_once() -> None:
    """mypyc compiles ``functools.cached_property`` as a plain property (native class or not):
    compiled, Kipukas' map worked out every stand's distances again at each read, and the
    greedy agents of ``tests/kipukas/test_style_referee.py`` took minutes instead of 2 s. A
    module holding one stays pure (``tools/build_native.py`` ``PURE_MARKERS``)."""
    board = soulforge.load("kipukas").new_game(seed=1).board
    assert board.spans is board.spans and board.neighbours is board.neighbours
    assert board.memo is board.memo  # a cache kept across positions


def test_no_compiled_module_holds_a_cached_property() -> None:
    build = _build_native()
    assert "soulforge/games/kipukas/board.py" in build.native_modules()  # its caches are Memos now
    assert not [m for m in build.native_modules() if "cached_property" in (ROOT / m).read_text()]
