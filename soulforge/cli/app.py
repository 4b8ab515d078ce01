"""The ``soulforge`` command: its sub-commands gathered on one typer app."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

import soulforge.games as registry
from soulforge.cli import doctor, info, lab, play, simulate, users
from soulforge.cli.common import expand_multi_value, fail

MULTI_VALUE_OPTIONS = frozenset({"--agents", "-a"})


class SoulforgeGroup(TyperGroup):
    """Lets ``simulate --agents a b`` take several values after one flag."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # ctx: typer's vendored click Context
        """Expand multi-value options of ``simulate`` before click parses them."""
        if args and args[0] in ("simulate", "sweep", "ablate", "ladder"):
            args = expand_multi_value(args, MULTI_VALUE_OPTIONS, frozenset(registry.GAMES))
        return super().parse_args(ctx, args)


app = typer.Typer(
    name="soulforge",
    cls=SoulforgeGroup,
    help="Soulforge: a digital table for tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command("games")(info.games)
app.command("play")(play.play)
app.command("replay")(play.replay)
app.command("simulate")(simulate.simulate_command)
app.command("report")(simulate.report)
app.command("cards")(lab.cards)
app.command("sweep")(lab.sweep)
app.command("ladder")(lab.ladder_command)
app.command("ablate")(lab.ablate)
app.command("rules")(info.rules)
app.add_typer(info.deck_app, name="deck")
app.command("serve")(info.serve)
app.command("doctor")(doctor.doctor)
app.add_typer(users.users_app, name="users")


@app.command("worker")
def worker(
    db: Annotated[str | None, typer.Option("--db", help="PostgreSQL URL (else env SOULFORGE_DB).")] = None,
    slots: Annotated[int, typer.Option("--slots", help="AI jobs taken at once.")] = 2,
    pool: Annotated[int | None, typer.Option("--pool", help="Processes that think (default: one per core "
                                             "but one).")] = None,
) -> None:
    """Think the AI moves that servers run with SOULFORGE_AI_QUEUE=1 queue (docs/scaling.md)."""
    from soulforge.worker import WorkerRefused  # the server's modules: only for this command
    from soulforge.worker import main as work

    try:
        work(db, slots, pool)
    except WorkerRefused as err:
        fail(str(err))


def main(argv: Sequence[str] | None = None) -> None:
    """The console script: ``soulforge …``."""
    command = typer.main.get_command(app)
    command.main(args=list(argv) if argv is not None else None, prog_name="soulforge")
