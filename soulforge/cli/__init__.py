"""The ``soulforge`` command line (typer + rich): play, replay, simulate, report, rules, ..."""

from soulforge.cli.app import app, main

__all__ = ["app", "main"]
