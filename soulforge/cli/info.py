"""``soulforge games``, ``rules``, ``deck validate`` and ``serve``."""

from __future__ import annotations

import importlib
import os
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import RenderableType
from rich.text import Text

import soulforge
import soulforge.games as registry
from soulforge.cli.common import FAILURE, USAGE, console, fail, load_game, read_text
from soulforge.core import Game, Option, OptionError
from soulforge.games import game_class

RULES_ENV = "SOULFORGE_RULES_DIR"


# -- games -------------------------------------------------------------------------------

def describe_option(spec: Option) -> str:
    """``copies=2 (int, 1..2): copies of each card``."""
    kind = spec.type.__name__
    if spec.choices is not None:
        kind += ", one of " + "/".join(str(c) for c in spec.choices)
    elif spec.minimum is not None or spec.maximum is not None:
        low = "" if spec.minimum is None else spec.minimum
        high = "" if spec.maximum is None else spec.maximum
        kind += f", {low}..{high}"
    text = f"{spec.name}={spec.default} ({kind})"
    return f"{text}: {spec.help}" if spec.help else text


def games() -> None:
    """List the registered games with their summaries and options."""
    out = console()
    for game_id in registry.GAMES:
        out.print(game_entry(game_id))


def game_entry(game_id: str) -> Text:
    """One game: id, title and player count; its summary; its options, one per line."""
    try:
        cls = game_class(game_id)
    except Exception as err:  # a game being written must not break the listing
        return Text.assemble((game_id, "bold cyan"), "  ", (f"unavailable: {err}", "red"), "\n")
    players = (str(cls.min_players) if cls.min_players == cls.max_players
               else f"{cls.min_players}-{cls.max_players}")
    entry = Text.assemble((game_id, "bold cyan"), "  ", (cls.title, "bold"), f"  ({players} players)\n")
    if cls.summary:
        entry.append(f"  {cls.summary}\n")
    if not cls.option_specs:
        entry.append("  options: none\n", style="dim")
    for spec in cls.option_specs:
        entry.append(f"  --option {describe_option(spec)}\n")
    return entry


# -- rules -------------------------------------------------------------------------------

def rules_dirs() -> list[Path]:
    """Where rulebooks are looked for, in order: $SOULFORGE_RULES_DIR, the shared folder
    beside the repository, the copy packaged with soulforge."""
    dirs = []
    if os.environ.get(RULES_ENV):
        dirs.append(Path(os.environ[RULES_ENV]))
    dirs.append(Path(soulforge.__file__).resolve().parents[2] / "shared" / "rules")
    dirs.append(Path(str(resources.files("soulforge") / "rules")))
    return dirs


def find_rulebook(name: str) -> Path | None:
    """The first rulebook file called ``name`` in :func:`rules_dirs`, if any."""
    for folder in rules_dirs():
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


def rules(
    game: Annotated[str, typer.Argument(help="Game id.")],
    pager: Annotated[bool, typer.Option("--pager", help="Show the rulebook in a pager.")] = False,
) -> None:
    """Print a game's rulebook."""
    try:
        cls = game_class(game)
    except OptionError as err:
        fail(str(err), USAGE)
    except (ImportError, AttributeError) as err:
        fail(f"the game {game!r} cannot be loaded: {err}")
    if not cls.rulebook:
        fail(f"{game} declares no rulebook")
    path = find_rulebook(cls.rulebook)
    if path is None:
        places = ", ".join(str(d) for d in rules_dirs())
        fail(f"rulebook {cls.rulebook!r} of {game} not found (looked in {places}; set {RULES_ENV})")
    text = path.read_text(encoding="utf-8")
    body: RenderableType = Text(text)
    if path.suffix.lower() == ".md":
        from rich.markdown import Markdown  # slow to import: only when needed

        body = Markdown(text)
    out = console()
    if pager:
        with out.pager(styles=True):
            out.print(body)
    else:
        out.print(body)


# -- deck validate -------------------------------------------------------------------------

deck_app = typer.Typer(help="Deckbuilding tools.", no_args_is_help=True)


@deck_app.command("validate")
def deck_validate(
    game: Annotated[str, typer.Argument(help="Game id.")],
    file: Annotated[Path, typer.Argument(help="Deck list (TOML text).")],
    option: Annotated[list[str] | None, typer.Option("--option", help="Game option name=value.")] = None,
) -> None:
    """Check a deck list against the game's deckbuilding rules (exit 1 if it breaks any)."""
    table = load_game(game, option)
    if type(table).validate_deck is Game.validate_deck:
        fail(f"{game} has no deckbuilding: there are no decks to validate", USAGE)
    text = read_text(file, "a deck list")
    try:
        problems = table.validate_deck(text)
    except OptionError as err:
        fail(str(err), USAGE)
    out = console()
    if not problems:
        out.print(Text(f"{file}: valid", style="green"))
        return
    out.print(Text(f"{file}: {len(problems)} violation{'s' if len(problems) > 1 else ''}", style="red"))
    for problem in problems:
        out.print(Text.assemble(("  ✗ ", "red"), problem))
    raise typer.Exit(FAILURE)


# -- serve ---------------------------------------------------------------------------------

SERVER_MODULE = "soulforge.server.app"


def _server_app(db: str | None = None) -> Any:
    """``soulforge.server.app.create_app(db)``, or None when the server is not installed;
    a database that cannot be used ends the command with one line (exit 1)."""
    try:
        module = importlib.import_module(SERVER_MODULE)
    except ModuleNotFoundError as err:
        if err.name not in ("soulforge.server", SERVER_MODULE):
            raise
        return None
    problem = getattr(module, "database_problem", lambda url: None)(db)
    if problem:
        fail(problem)
    return module.create_app(db)


def _fallback_play() -> None:
    """The temporary stand-in for the web table: a terminal game against ISMCTS."""
    from soulforge.cli.play import play

    play("five_realms", vs="ismcts")


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="SQLAlchemy URL of the database "
                                           "(default: env SOULFORGE_DB, else ./var/soulforge.db).")] = None,
) -> None:
    """Start the web table (FastAPI + uvicorn)."""
    if not 1 <= port <= MAX_PORT:
        fail(f"--port must be from 1 to {MAX_PORT}, got {port}", USAGE)
    app = _server_app(db)
    out = console()
    if app is None:
        out.print(Text("The web table is not available yet (no soulforge.server.app); "
                       "starting a terminal game instead: play five_realms --vs ismcts", style="yellow"))
        _fallback_play()
        return
    out.print(Text(f"Soulforge web table on http://{host}:{port}/", style="bold"))
    importlib.import_module(SERVER_MODULE).run(host=host, port=port, app=app)


MAX_PORT = 65_535
"""The highest TCP port (uvicorn would take a bigger number modulo 65,536: 70000 is 4464)."""
