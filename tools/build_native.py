"""Compile chosen Soulforge modules to native code with mypyc, in place (``make install``).

The package is pure Python: this script only adds, next to a chosen ``module.py``, a compiled
``module.cpython-*.so`` that Python then imports instead (one shared ``*__mypyc*.so`` per
package holds the code of all of them), and ``soulforge/_native.json``, the manifest that
names the sources the build was made from (``soulforge/_pure.py`` checks it at import and
runs pure Python, with a warning, when a source changed since). ``--clean`` removes every
such file, which restores the pure package. The figures that chose the modules are in
``docs/native.md``.

A build is kept under ``build/native/cache/<key>``, the key a hash of every source the
compiled code was built from (and of the compiler settings): the same sources again (a
second ``make install``, a branch switched back) copy the cached modules in instead of
compiling them.

    python tools/build_native.py            # build if the sources changed, else nothing
    python tools/build_native.py --force    # compile again
    python tools/build_native.py --check    # exit 0: compiled and current; 1: stale; 2: none
    python tools/build_native.py --clean    # the pure package again
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import shutil
import sys
import sysconfig
import time
from fnmatch import fnmatch
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "native"
CACHE = BUILD / "cache"
CACHE_KEPT = 4
"""Builds kept in the cache (about 20 MB each): the oldest are removed beyond that."""

OPT_LEVEL = os.environ.get("MYPYC_OPT_LEVEL", "3")
"""The C compiler's optimisation level for the compiled modules (mypyc's ``opt_level``)."""
DEBUG_LEVEL = os.environ.get("MYPYC_DEBUG_LEVEL", "0")
"""Debug information in the compiled modules (mypyc's ``debug_level``; 0 builds fastest)."""
MULTI_FILE = os.environ.get("MYPYC_MULTI_FILE", "1")
"""``1``: mypyc's ``multi_file``, one C file per module (``0``: one C file per library). gcc
then works on many small units instead of one of 16 MB (Kipukas); see ``docs/native.md``, stop 50."""
JOBS = int(os.environ.get("SOULFORGE_NATIVE_JOBS", str(os.cpu_count() or 2)))
"""Libraries compiled at once (one per package: the core and each game)."""

CANDIDATES: tuple[str, ...] = ("soulforge/core/*.py", "soulforge/games/*/*.py",
                               "soulforge/games/*/rules/*.py", "soulforge/games/kipukas/styles/*.py",
                               "soulforge/agents/*.py")
"""Where the compiled modules are chosen from; :data:`EXCLUDED` takes out those that do not
compile, do not work compiled, or do not pay (see ``docs/native.md``)."""

EXCLUDED: dict[str, str] = {
    "soulforge/*/__init__.py": "a compiled package __init__ hides the package's pure submodules",
    "soulforge/*/*/__init__.py": "same",
    "soulforge/*/*/*/__init__.py": "same",
    "soulforge/core/clone.py": "reads State.__annotations__ and compiles clone code with exec",
    "soulforge/core/flow.py": "Check is a slotted generic dataclass (fails at import compiled); "
                              "Rule is subclassed by every game's rules",
    "soulforge/core/action.py": "Action is the dataclass base of every game's actions: compiled, "
                                "their dataclass fields break",
    "soulforge/core/game.py": "Game is subclassed by every game and keeps a cache in __dict__",
    "soulforge/core/cards.py": "CardBook, generic base of every game's cards (and edited elsewhere)",
    "soulforge/core/options.py": "frozen dataclass set through object.__setattr__",
    "soulforge/core/record.py": "off the playout path",
    "soulforge/core/rng.py": "GameRandom subclasses random.Random (a C type): compiled, it crashes "
                             "(segmentation fault in Random.seed)",
    "soulforge/core/chance.py": "ScriptedRandom subclasses GameRandom (pure, random.Random): "
                                "mypyc does not build it (no attribute 'draws')",
    "soulforge/core/snapshot.py": "its picklers subclass pickle.Pickler (a C type): compiled, "
                                  "pickling a state crashes (segmentation fault)",
    "soulforge/games/*/actions.py": "a compiled dataclass takes the inherited ClassVar ``kind = ...`` "
                                    "for a field with a default (the class fails at import)",
    "soulforge/games/[!kf]*/cards.py": "card declarations (load time); Kipukas' compiles (its "
                                       "Ability dataclass, read by annotation, is kept pure below), and "
                                       "Five Realms' (its requirement checks run in its search: 16% "
                                       "of an ismcts-against-greedy match, docs/native.md stop 52)",
    "soulforge/games/kipukas/ability.py": "abilities._register_pieces reads Ability's annotations as "
                                          "text: compiled, an optional field's reads as ``type``",
    "soulforge/games/*/render_*.py": "off the playout path (renderers of a view)",
    "soulforge/games/*/summary.py": "off the playout path",
    "soulforge/games/soulgivers/data.py": "mypyc crashes on a star expression (line 193)",
    "soulforge/games/soulgivers/rules/inline.py": "a nested class (mypyc refuses it); rewrites "
                                                  "rule code with ast at load time",
    "soulforge/games/soulshards/frames.py": "defines replace() in the else of ``if TYPE_CHECKING``: "
                                            "mypyc takes that branch as unreachable (RuntimeError)",
    "soulforge/games/five_realms/data.py": "a dataclass field typed with a name imported only for "
                                           "the type checker (KeyError 'Book' at import)",
    "soulforge/games/soulshards/game.py": "mypyc emits C that does not compile (result_summary)",
}
"""Modules left pure, each with the reason. Modules that name one of :data:`PURE_MARKERS` are
left pure too (each marker's reason beside it)."""

PURE_MARKERS: dict[str, str] = {
    "__file__": "compiled, it is the path relative to the build, and data files are not found",
    "cached_property": "mypyc compiles functools.cached_property as a plain property, native "
                       "class or not: the value is worked out again on every read and a cache "
                       "it holds is lost (Kipukas' KipukaMap.spans, an all-pairs search, read "
                       "at every greedy evaluation: test_style_referee 2 s pure, over 400 s "
                       "compiled)",
}
"""Text whose presence in a module keeps it pure, with the reason."""

HOT: dict[str, tuple[str, ...]] = {
    "soulforge/agents": ("evaluators", "greedy", "ismcts"),
    "soulforge/core": ("draws", "listers", "log", "memo", "state"),
    "soulforge/games/five_realms": ("cards", "flow", "heuristic", "hidden", "resolution", "square", "state",
                                    "view"),
    "soulforge/games/kipukas": ("cards", "cycle", "fight", "heuristic", "movement", "state", "view",
                                "rules/card_moves", "rules/crafted", "rules/day", "rules/listing",
                                "rules/night"),
    "soulforge/games/soul_of_ankiril": ("consequences", "flow", "heuristic", "labels", "listing", "model",
                                        "pieces", "sequence", "state", "view"),
    "soulforge/games/soulgivers": ("board", "consequences", "encoding", "heuristic", "movement",
                                   "rules/listing", "rules/movement", "rules/special", "rules/tribute",
                                   "sequence", "state", "view"),
    "soulforge/games/soulshards": ("conditions", "heuristic", "listing", "rules/engage", "rules/setup",
                                   "sequence", "state", "view"),
}
"""The modules compiled at :data:`OPT_LEVEL` (``-O3``), by package: each took at least 2% of the
self time of one workload, pure, under cProfile (random playouts, golden fingerprints, a
``greedy-ismcts`` and an ``easy-normal`` seeded AI game, each game: ``benchmarks/hot_modules.py``;
docs/native.md, stop 52),
and two added with them: Five Realms' ``cards`` (its requirement checks run in its search) and
the core's ``memo`` (the views' memos, hot in every view).
The other modules compile at :data:`COLD_OPT_LEVEL`, as does any module added later until a
profile puts it here."""
COLD_OPT_LEVEL = os.environ.get("SOULFORGE_COLD_OPT_LEVEL", "1")
"""The C compiler's optimisation level for the modules not in :data:`HOT`: at ``-O1`` gcc took
0.55-0.6 of its ``-O3`` time on them, and all modules at ``-O1`` ran playouts 2-9% slower."""

WEAKREF_PATCH = 1
"""The version of :func:`patch_weakrefs` (part of the cache key)."""
RUN_ONCE_PATCH = 1
"""The version of :func:`patch_run_once` (part of the cache key)."""
EXPORTS_PATCH = 1
"""The version of :func:`patch_exports` and :func:`gather_module_files` (part of the cache key)."""
RUN_ONCE_ATTRIBUTE = os.environ.get("SOULFORGE_RUN_ONCE_ATTRIBUTE", '__attribute__((cold, optimize("O1")))')
"""What :func:`patch_run_once` puts before the definition of each function that runs once, at
import (empty: nothing; part of the cache key)."""


def _pure() -> ModuleType:
    """``soulforge/_pure.py`` (the manifest's reader), loaded from its file: importing the
    ``soulforge`` package here would load the compiled modules this script replaces."""
    spec = importlib.util.spec_from_file_location("soulforge_pure", ROOT / "soulforge" / "_pure.py")
    if spec is None or spec.loader is None:
        raise ImportError("soulforge/_pure.py not found")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def native_modules() -> list[str]:
    """The candidates minus the exclusions, as paths relative to the repository root."""
    chosen = {str(p.relative_to(ROOT)) for pattern in CANDIDATES for p in ROOT.glob(pattern)}
    return sorted(m for m in chosen if not any(fnmatch(m, pattern) for pattern in EXCLUDED)
                  and not any(marker in (ROOT / m).read_text(encoding="utf-8") for marker in PURE_MARKERS))


def compiled_files() -> list[Path]:
    """Every native artefact built in place under ``soulforge/`` (and the shared library)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    found = [p for p in (ROOT / "soulforge").rglob(f"*{suffix}")]
    found += [p for p in ROOT.glob(f"*__mypyc*{suffix}")]
    return sorted(found)


def clean(quiet: bool = False) -> None:
    """Remove every compiled module and the manifest: the pure package again (the cache of
    builds under ``build/native/cache`` stays; ``make clean`` removes ``build/``)."""
    manifest = ROOT / _pure().MANIFEST
    for path in [*compiled_files(), *([manifest] if manifest.exists() else [])]:
        path.unlink()
        if not quiet:
            sys.stdout.write(f"removed {path.relative_to(ROOT)}\n")


def group_of(module: str) -> str:
    """The package whose shared library holds ``module``: the core, or a game with every
    subpackage (``rules/``) of it, so that the game's import cycles (``cards`` -> ``crafted``
    -> ``cycle`` -> ``cards``, ``game`` <-> ``rules``) stay inside one library, where mypyc
    supports them; across libraries a cycle fails at import."""
    parts = Path(module).parent.parts
    return "/".join(parts[:3] if parts[:2] == ("soulforge", "games") else parts)


def groups(modules: list[str]) -> list[tuple[list[str], str | None]]:
    """One shared library per package (the core, each game): smaller C units, built in
    parallel, and a game's library rebuilt alone."""
    by_package: dict[str, list[str]] = {}
    for module in modules:
        by_package.setdefault(group_of(module), []).append(module)
    return [([str(ROOT / p) for p in paths], package.replace("/", ".") + "._native")
            for package, paths in sorted(by_package.items())]


def build_key(modules: list[str]) -> str:
    """What a build depends on, hashed: every source the compiled code was type-checked
    against (the core and the games), the modules chosen, mypyc's version, the Python ABI,
    the compiler settings and the version of the patch applied to mypyc's C."""
    import mypy.version

    digest = hashlib.sha256()
    for part in (mypy.version.__version__, sysconfig.get_config_var("EXT_SUFFIX") or "", sys.version,
                 OPT_LEVEL, DEBUG_LEVEL, MULTI_FILE, str(WEAKREF_PATCH), str(RUN_ONCE_PATCH),
                 RUN_ONCE_ATTRIBUTE, str(EXPORTS_PATCH), COLD_OPT_LEVEL, *sorted(hot_modules()),
                 *modules):
        digest.update(part.encode() + b"\0")
    for source in _pure().native_sources(ROOT):
        digest.update(source.encode() + b"\0" + (ROOT / source).read_bytes())
    return digest.hexdigest()[:24]


_WEAKREF_SLOT = re.compile(
    r"^[ \t]*Py_(?:VISIT|CLEAR)\(\*\(\(PyObject \*\*\)\(\(char \*\)self \+ sizeof\(PyObject \*\) "
    r"\+ sizeof\(\w+\)\)\)\);\n", re.MULTILINE)
_DEALLOC_START = re.compile(r"(_dealloc\(\w+ \*self\)\n[ \t]*\{\n(?:[ \t]*PyObject_GC_UnTrack\(self\);\n)?)")


def patch_weakrefs(c_dir: Path) -> int:
    """Make the generated C of classes with a ``__weakref__`` slot keep CPython's rules.

    mypyc (1.20) gives a native class whose base is an interpreted class (every game's
    ``Game``, ``Rule`` and ``State`` subclass) the base's ``__dict__`` and ``__weakref__``
    slots, but treats the weak reference list like an owned attribute: its GC traversal
    visits it, its clear function drops a reference it never held, and its dealloc never
    clears the weak references. A weak reference to such an object (``snapshot``'s table of a
    game's objects, a ``WeakKeyDictionary`` keyed by games) then outlives it: use after free,
    a segmentation fault at a later garbage collection. The patch removes the two lines on the
    slot and clears the weak references first thing in dealloc, as ``subtype_dealloc`` does.
    Returns the number of files changed."""
    changed = 0
    for path in sorted(c_dir.rglob("*.c")):
        text = path.read_text(encoding="utf-8")
        patched = _WEAKREF_SLOT.sub("", text)
        patched = _DEALLOC_START.sub(
            r"\1    if (Py_TYPE(self)->tp_weaklistoffset != 0) PyObject_ClearWeakRefs((PyObject *)self);\n",
            patched)
        if patched != text:
            path.write_text(patched, encoding="utf-8")
            changed += 1
    return changed


_RUN_ONCE = re.compile(
    r"^((?:static )?(?:char|int|bool|PyObject \*)\s*)"
    r"(CPyDef_\w+_____top_level__|CPyExec_\w+|CPyGlobalsInit|exec__native__mypyc|CPyDef_\w+_trait_vtable_setup)"
    r"(\((?:void|PyObject \*module)\)\s*\{)", re.MULTILINE)
_INDENTATION = re.compile(r"^[ \t]+", re.MULTILINE)


def patch_run_once(c_dir: Path, attribute: str = RUN_ONCE_ATTRIBUTE) -> int:
    """Have gcc compile the code that runs once, at import, cheaply; and drop mypyc's indentation.

    Each module's top level (``CPyDef_<module>_____top_level__``: its classes made, its rules
    and cards declared), its exec function, the library's globals and exec, and each class's
    trait vtable setup run once per process, but are about 15% of mypyc's C (Kipukas' rule
    modules' top levels are 100-200 KB of C each). ``attribute`` (by default ``cold`` and
    ``optimize("O1")``) goes before each of their definitions. A few percent of gcc's time
    (the core's library compiled alone, side by side: 15.8 -> 15.1 CPU-s; gcc spends little
    on a top level for its size, straight-line calls): free, as only import-time code changes.
    The figures are in ``docs/native.md`` (stop 48).

    The generated C is also indented deeper at each module of a library (a bug of mypyc's
    emitter): Kipukas' 28.6 MB of C held 12.5 MB of leading blanks. They are removed (no line
    of mypyc's C continues a string literal on the next line, so no literal changes, and the
    lines keep their numbers). Returns the number of files changed."""
    changed = 0
    for path in sorted(c_dir.rglob("*.c")):
        text = path.read_text(encoding="utf-8")
        patched = _INDENTATION.sub("", text)
        if attribute:
            patched = _RUN_ONCE.sub(lambda m: f"{attribute} {m[1]}{m[2]}{m[3]}", patched)
        if patched != text:
            path.write_text(patched, encoding="utf-8")
            changed += 1
    return changed


_EXPORTS = re.compile(r"^struct (export_table_\w+) (exports_\w+);$", re.MULTILINE)


def patch_exports(c_dir: Path) -> int:
    """Define each imported export table once per library, not once per C file.

    A library's internal header (``__native_internal*.h``) holds, for every library it calls
    into (each game's calls the core's), the table of that library's functions, filled at
    import: ``struct export_table_X exports_X;``, a definition. With one C file per library
    it is defined once; with ``multi_file`` every module's C file includes the header, and the
    link fails (``multiple definition of exports_soulforge___core____native``: gcc 10 and
    later put such globals in one section each, ``-fno-common``). The header gets an
    ``extern`` declaration instead, and the library's own C file (``__native*.c``, which fills
    the table at import) the one definition. Returns the number of headers changed."""
    changed = 0
    for header in sorted(c_dir.rglob("__native_internal*.h")):
        text = header.read_text(encoding="utf-8")
        tables = _EXPORTS.findall(text)
        if not tables:
            continue
        header.write_text(_EXPORTS.sub(r"extern struct \1 \2;", text), encoding="utf-8")
        library = header.with_name(header.name.replace("__native_internal", "__native").replace(".h", ".c"))
        with library.open("a", encoding="utf-8") as c_file:
            c_file.write("".join(f"struct {table} {name};\n" for table, name in tables))
        changed += 1
    return changed


def gather_module_files(extensions: list[Any], c_dir: Path) -> int:
    """Move each module's C file (``multi_file``) beside its library's, where it is included from.

    mypyc (1.20) writes a module's C file at the top of the build directory, but it includes
    its library's headers by bare name (``#include "__native__native.h"``), and every library
    has its own headers of that name in its own folder (``soulforge/core/``, each game's): from
    the top, none is found. Each library's extension lists its C files, its own
    ``__native*.c`` in its folder last: the others move into that folder, and the list
    follows. Returns the number of files moved."""
    moved = 0
    for extension in extensions:
        folders = {Path(source).parent for source in extension.sources
                   if Path(source).name.startswith("__native") and Path(source).parent != c_dir}
        if len(folders) != 1:
            continue  # a module's shim, or a library without module files of its own
        folder = folders.pop()
        sources = []
        for source in map(Path, extension.sources):
            if source.parent == c_dir and source.name.startswith("__native_"):
                source = source.rename(folder / source.name)
                moved += 1
            sources.append(str(source))
        extension.sources = sources
    return moved


def hot_modules() -> set[str]:
    """The paths of the modules in :data:`HOT`."""
    return {f"{package}/{name}.py" for package, names in HOT.items() for name in names}


def c_file_name(module: str) -> str:
    """The name of the C file mypyc's ``multi_file`` writes for ``module`` (a path).

    >>> c_file_name("soulforge/games/kipukas/rules/day.py")
    '__native_soulforge___games___kipukas___rules___day.c'
    """
    return "__native_" + module.removesuffix(".py").replace("/", "___") + ".c"


def cold_flags(modules: list[str]) -> dict[str, list[str]]:
    """The flags added to the compiler's command of each cold module's C file, by file name
    (gcc takes the last ``-O``). A library's own ``__native__native.c`` (mypyc's runtime
    functions, which every module calls) and the hot modules keep :data:`OPT_LEVEL`."""
    hot = hot_modules()
    return {c_file_name(m): [f"-O{COLD_OPT_LEVEL}"] for m in modules if m not in hot}


def per_source_build_ext(flags: dict[str, list[str]]) -> type:
    """setuptools' ``build_ext`` that adds ``flags[name]`` to the compile of the source
    ``name`` (setuptools gives one set of flags to all the sources of an extension)."""
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

    class BuildExt(build_ext):  # type: ignore[misc]
        def build_extensions(self) -> None:
            compile_one = self.compiler._compile

            def _compile(obj: str, src: str, ext: str, cc_args: list[str],
                         extra_postargs: list[str], pp_opts: list[str]) -> None:
                added = flags.get(os.path.basename(src), [])
                compile_one(obj, src, ext, cc_args, [*extra_postargs, *added], pp_opts)

            self.compiler._compile = _compile
            super().build_extensions()

    return BuildExt


def largest_first(extensions: list[Any]) -> list[Any]:
    """``extensions`` by the size of their C sources, the largest first: ``build_ext
    --parallel`` starts them in this order, one per job. By name Kipukas' library (25 MB of
    the 49 MB of C, 2026-11-28) started fourth, behind the agents' and the core's, and its
    worker ended last; started first, the other libraries fill the other job meanwhile."""
    def size(extension: Any) -> int:
        return sum(os.path.getsize(source) for source in extension.sources if os.path.exists(source))

    return sorted(extensions, key=size, reverse=True)


def compile_modules(modules: list[str]) -> None:
    """Compile ``modules`` (paths relative to the repository root) into place."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    os.chdir(ROOT)
    clean(quiet=True)
    shutil.rmtree(BUILD / "c", ignore_errors=True)
    # Absolute paths: a compiled module's ``__file__`` is the path it was given here, and the
    # games find their data files beside it (``Path(__file__).with_name(...)``).
    # The runtime's C included in each library's C file, as without multi_file: else mypyc
    # compiles its 18 files again for each of the seven libraries.
    extensions = mypycify([str(ROOT / m) for m in modules], separate=groups(modules),
                          opt_level=OPT_LEVEL, debug_level=DEBUG_LEVEL, target_dir=str(BUILD / "c"),
                          multi_file=MULTI_FILE == "1", include_runtime_files=True)
    gather_module_files(extensions, BUILD / "c")
    patch_exports(BUILD / "c")
    patch_weakrefs(BUILD / "c")
    patch_run_once(BUILD / "c")
    setup(name="soulforge-native", ext_modules=largest_first(extensions),
          cmdclass={"build_ext": per_source_build_ext(cold_flags(modules))}, script_args=[
        "-q", "build_ext", "--inplace", "--build-temp", str(BUILD / "temp"), "--parallel", str(JOBS)])


def fingerprints() -> dict[str, list[int | str]]:
    """Every source's size, time and hash, taken before a build starts: a source edited while
    it runs then reads as changed afterwards (the build may have read the old text)."""
    pure = _pure()
    return {source: pure.fingerprint(ROOT / source) for source in pure.native_sources(ROOT)}


def write_manifest(key: str, modules: list[str], sources: dict[str, list[int | str]]) -> None:
    """``soulforge/_native.json``: the build's key, the modules compiled, the files built and
    every source's size, time and hash (what ``soulforge/_pure.py`` checks at import)."""
    pure = _pure()
    manifest = {
        "key": key,
        "compiled": modules,
        "files": [str(p.relative_to(ROOT)) for p in compiled_files()],
        "sources": sources,
    }
    (ROOT / pure.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def current_key() -> str | None:
    """The key of the build in place, if it is complete."""
    try:
        manifest = json.loads((ROOT / _pure().MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not all((ROOT / name).exists() for name in manifest.get("files", ())):
        return None
    return str(manifest.get("key"))


def store(key: str) -> None:
    """Copy the build in place into the cache, under its key (the oldest beyond
    :data:`CACHE_KEPT` removed)."""
    target = CACHE / key
    shutil.rmtree(target, ignore_errors=True)
    for path in compiled_files():
        (target / path.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / path.relative_to(ROOT))
    kept = sorted(CACHE.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[CACHE_KEPT:]:
        shutil.rmtree(old, ignore_errors=True)


def restore(key: str) -> bool:
    """Copy the cached build of ``key`` into place; False when there is none."""
    source = CACHE / key
    if not source.is_dir():
        return False
    clean(quiet=True)
    for path in source.rglob("*"):
        if path.is_file():
            shutil.copy2(path, ROOT / path.relative_to(source))
    os.utime(source)  # most recently used
    return True


def compiler() -> str | None:
    """The C compiler Python's build uses, if it is installed."""
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(command)


def ensure(modules: list[str], force: bool = False) -> str:
    """Bring the compiled modules in line with the sources: nothing when they are, the
    cached build when there is one, else a build. Returns what was done."""
    sources = fingerprints()
    key = build_key(modules)
    if not force and current_key() == key:
        write_manifest(key, modules, sources)  # the sources' times may have moved (a checkout)
        return "native modules up to date"
    if not force and restore(key):
        write_manifest(key, modules, sources)
        return f"native modules restored from build/native/cache/{key}"
    start = time.perf_counter(), time.process_time()
    try:
        compile_modules(modules)
    except BaseException:
        clean(quiet=True)  # no half build: the pure package runs
        raise
    write_manifest(key, modules, sources)
    store(key)
    wall, cpu = time.perf_counter() - start[0], time.process_time() - start[1]
    return f"native modules built: {len(modules)} modules, {wall:.0f} s (this process {cpu:.0f} CPU-s)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", nargs="*", default=None,
                        help="paths of the modules to compile (default: the measured list)")
    parser.add_argument("--list", action="store_true", help="print the default list and stop")
    parser.add_argument("--clean", action="store_true", help="remove compiled modules only")
    parser.add_argument("--force", action="store_true", help="compile even when up to date")
    parser.add_argument("--check", action="store_true",
                        help="exit 0 when the compiled modules are current, 1 stale, 2 none")
    args = parser.parse_args()
    if args.clean:
        clean()
        return
    if args.list:
        sys.stdout.write("".join(f"{m}\n" for m in native_modules()))
        return
    if args.check:
        stale = _pure().stale_sources(ROOT)
        if stale is None:
            sys.stdout.write("no native build: the pure-Python package runs\n")
            sys.exit(2)
        sys.stdout.write(f"stale, running pure: {', '.join(stale)}\n" if stale
                         else "native modules up to date\n")
        sys.exit(1 if stale else 0)
    if compiler() is None:
        sys.stdout.write("no C compiler: the pure-Python package is used (docs/native.md)\n")
        return
    modules = native_modules() if args.modules is None else args.modules
    if not modules:
        sys.exit("no module to compile")
    sys.stdout.write(ensure(modules, force=args.force) + "\n")


if __name__ == "__main__":
    main()
