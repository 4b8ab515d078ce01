"""The pure/compiled switch and the data paths that work compiled (docs/native.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import soulforge
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
