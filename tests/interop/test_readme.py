"""The README's "For researchers" example runs as written (issue 20: a ten-line example)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_researchers_example_runs() -> None:
    section = README.read_text().split("## For researchers", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert code is not None
    assert len(code.group(1).splitlines()) <= 10
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), str(README), "exec"), namespace)
    env = namespace["env"]
    assert getattr(env, "agents") == []  # noqa: B009 (every agent stepped out at the end)
