"""Compile chosen Soulforge modules to native code with mypyc, in place.

The package is pure Python and stays so: this script only adds, next to a chosen
``module.py``, a compiled ``module.cpython-*.so`` that Python then imports instead (one
shared ``*__mypyc*.so`` holds the code of all of them). ``--clean`` removes every such file,
which restores the pure package. The figures that chose the modules are in ``docs/native.md``.

    python tools/build_native.py [--modules soulforge/core/rng.py ...] [--clean]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "native"

CANDIDATES: tuple[str, ...] = ("soulforge/core/*.py", "soulforge/games/*/*.py",
                               "soulforge/games/*/rules/*.py")
"""Where the compiled modules are chosen from; :data:`EXCLUDED` takes out those that do not
compile, do not work compiled, or do not pay (see ``docs/native.md``)."""

EXCLUDED: dict[str, str] = {
    "soulforge/*/__init__.py": "a compiled package __init__ hides the package's pure submodules",
    "soulforge/*/*/__init__.py": "same",
    "soulforge/*/*/*/__init__.py": "same",
    "soulforge/core/state.py": "State reads cls.__dict__ and is subclassed by every game's state",
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
    "soulforge/games/soul_of_ankiril/model.py": "slot_copier copies a Creature through "
                                                "object.__new__, refused for a native class",
    "soulforge/games/*/actions.py": "a compiled dataclass takes the inherited ClassVar ``kind = ...`` "
                                    "for a field with a default (the class fails at import)",
    "soulforge/games/[!k]*/cards.py": "card declarations (load time); Kipukas' compiles (its "
                                      "Ability dataclass, read by annotation, is kept pure below)",
    "soulforge/games/kipukas/fields.py": "KipukasState's fields, declared: compiled, annotations "
                                         "become runtime types (ClonePlan copies by them; "
                                         "``game: Kipukas`` is NULL mid-import: a crash)",
    "soulforge/games/kipukas/ability.py": "abilities._register_pieces reads Ability's annotations as "
                                          "text: compiled, an optional field's reads as ``type``",
    "soulforge/games/*/render_*.py": "off the playout path (renderers of a view)",
    "soulforge/games/*/summary.py": "off the playout path",
    "soulforge/games/*/view.py": "off the playout path",
    "soulforge/games/soulgivers/data.py": "mypyc crashes on a star expression (line 193)",
    "soulforge/games/[!k]*/state.py": "a compiled state cannot be cloned: State._bare_copy calls "
                                      "type(self).__new__, which a native class answers with "
                                      "__init__ (Kipukas' compiles: a non-native class, "
                                      "``mypyc_attr(native_class=False)``)",
    "soulforge/games/soulgivers/rules/inline.py": "a nested class (mypyc refuses it); rewrites "
                                                  "rule code with ast at load time",
    "soulforge/games/soulshards/frames.py": "defines replace() in the else of ``if TYPE_CHECKING``: "
                                            "mypyc takes that branch as unreachable (RuntimeError)",
    "soulforge/games/five_realms/data.py": "a dataclass field typed with a name imported only for "
                                           "the type checker (KeyError 'Book' at import)",
    "soulforge/games/soulshards/game.py": "mypyc emits C that does not compile (result_summary)",
}
"""Modules left pure, each with the reason. Modules that read ``__file__`` are left pure too:
compiled, it is the path relative to the repository, and their data files are not found."""


def native_modules() -> list[str]:
    """The candidates minus the exclusions, as paths relative to the repository root."""
    chosen = {str(p.relative_to(ROOT)) for pattern in CANDIDATES for p in ROOT.glob(pattern)}
    return sorted(m for m in chosen if not any(fnmatch(m, pattern) for pattern in EXCLUDED)
                  and "__file__" not in (ROOT / m).read_text(encoding="utf-8"))


def compiled_files() -> list[Path]:
    """Every native artefact built in place under ``soulforge/`` (and the shared library)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    found = [p for p in (ROOT / "soulforge").rglob(f"*{suffix}")]
    found += [p for p in ROOT.glob(f"*__mypyc*{suffix}")]
    return sorted(found)


def clean() -> None:
    """Remove every compiled module and the build directory: the pure package again."""
    for path in compiled_files():
        path.unlink()
        sys.stdout.write(f"removed {path.relative_to(ROOT)}\n")
    shutil.rmtree(BUILD, ignore_errors=True)


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


def build(modules: list[str]) -> None:
    """Compile ``modules`` (paths relative to the repository root) into place."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    os.chdir(ROOT)
    clean()
    # Absolute paths: a compiled module's ``__file__`` is the path it was given here, and the
    # games find their data files beside it (``Path(__file__).with_name(...)``).
    extensions = mypycify([str(ROOT / m) for m in modules], separate=groups(modules),
                          opt_level=os.environ.get("SOULFORGE_NATIVE_OPT", "3"), target_dir=str(BUILD / "c"))
    setup(name="soulforge-native", ext_modules=extensions, script_args=[
        "build_ext", "--inplace", "--build-temp", str(BUILD / "temp"), "--parallel", "2"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", nargs="*", default=None,
                        help="paths of the modules to compile (default: the measured list)")
    parser.add_argument("--list", action="store_true", help="print the default list and stop")
    parser.add_argument("--clean", action="store_true", help="remove compiled modules only")
    args = parser.parse_args()
    if args.clean:
        clean()
        return
    if args.list:
        sys.stdout.write("".join(f"{m}\n" for m in native_modules()))
        return
    modules = native_modules() if args.modules is None else args.modules
    if not modules:
        sys.exit("no module to compile")
    build(modules)


if __name__ == "__main__":
    main()
