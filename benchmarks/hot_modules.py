"""Which compiled modules run hot: the measurement behind ``tools/build_native.py``'s ``HOT``.

Each workload runs pure (``SOULFORGE_PURE=1``: cProfile sees every function) under cProfile,
in its own process, for every game: random playouts for a few CPU-seconds, five golden
fingerprints, and a ``greedy-ismcts`` and an ``easy-normal`` seeded AI game. Printed: each
Soulforge module's largest share of a workload's self time, the largest first, and which
compiled modules reach ``--line`` (percent), by package, as ``HOT`` lists them.

    python benchmarks/hot_modules.py [--line 2] [--games kipukas ...]
"""

from __future__ import annotations

import argparse
import collections
import os
import pstats
import subprocess
import sys
import tempfile
from pathlib import Path

import soulforge

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("playouts", "golden", "ai")

RUN = """
import random, sys, time
import soulforge
from tests.golden.golden import ai_record, fingerprint
kind, game_id = sys.argv[1], sys.argv[2]
game = soulforge.load(game_id)

def playouts() -> None:
    rng, start, seed = random.Random(0), time.process_time(), 0
    while time.process_time() - start < 4:
        state = game.new_game(seed=seed)
        seed += 1
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))

def golden() -> None:
    for seed in range(1, 200, 40):
        fingerprint(game_id, seed)

def ai() -> None:
    ai_record(game_id, "greedy-ismcts", 0)
    ai_record(game_id, "easy-normal", 0)

{"playouts": playouts, "golden": golden, "ai": ai}[kind]()
"""


def profile(kind: str, game_id: str, out: Path) -> None:
    """Run one workload, pure, under cProfile, its stats written to ``out``."""
    env = {**os.environ, "SOULFORGE_PURE": "1", "PYTHONPATH": str(ROOT)}
    script = out.with_suffix(".py")
    script.write_text(RUN)
    subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), str(script), kind, game_id],
                   check=True, env=env, cwd=ROOT, capture_output=True)


def shares(path: Path) -> dict[str, float]:
    """Each Soulforge module's share of the profile's self time, in percent."""
    stats = pstats.Stats(str(path)).stats  # type: ignore[attr-defined]
    per: collections.Counter[str] = collections.Counter()
    total = 0.0
    for (file, _line, _name), (_cc, _nc, self_time, _cum, _callers) in stats.items():
        total += self_time
        if "soulforge/" in file:
            per[file[file.index("soulforge/"):]] += self_time
    return {module: 100 * spent / total for module, spent in per.items()}


def compiled_modules() -> set[str]:
    """The modules ``tools/build_native.py`` compiles (others cannot be in ``HOT``)."""
    listed = subprocess.run([sys.executable, str(ROOT / "tools" / "build_native.py"), "--list"],
                            check=True, capture_output=True, text=True, cwd=ROOT)
    return set(listed.stdout.split())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--line", type=float, default=2.0, help="percent of a workload's self time")
    parser.add_argument("--games", nargs="*", default=list(soulforge.GAMES))
    args = parser.parse_args()
    largest: dict[str, float] = collections.defaultdict(float)
    with tempfile.TemporaryDirectory() as folder:
        for game_id in args.games:
            for kind in WORKLOADS:
                out = Path(folder) / f"{kind}_{game_id}.prof"
                profile(kind, game_id, out)
                for module, share in shares(out).items():
                    largest[module] = max(largest[module], share)
    compiled = compiled_modules()
    hot: dict[str, list[str]] = collections.defaultdict(list)
    for module, share in sorted(largest.items(), key=lambda item: -item[1]):
        sys.stdout.write(f"{share:6.2f}  {module}{'' if module in compiled else '  (pure)'}\n")
        if share >= args.line and module in compiled:
            parts = module.split("/")
            package = parts[:3] if module.startswith("soulforge/games/") else parts[:2]
            name = module[len("/".join(package)) + 1:].removesuffix(".py")
            hot["/".join(package)].append(name)
    sys.stdout.write(f"\nat {args.line}% or more:\n")
    for package, names in sorted(hot.items()):
        sys.stdout.write(f"    {package!r}: {tuple(sorted(names))!r},\n")


if __name__ == "__main__":
    main()
