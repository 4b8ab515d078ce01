"""``soulforge play`` and ``soulforge replay``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from soulforge.agents import Agent
from soulforge.cli.common import FAILURE, INTERRUPTED, USAGE, console, fail, load_game, output_file, read_text
from soulforge.cli.render import log_lines, render_view, result_text
from soulforge.cli.session import Session
from soulforge.core import Record, RecordError, State
from soulforge.games import load
from soulforge.sim.runner import agent_seed, make_agent
from soulforge.sim.stats import winner_of

HUMAN = "human"
MAX_SEED = 2**63 - 1
"""The largest seed a record holds (``Record.from_json`` refuses others): ``play`` takes no
seed its own record could not replay."""

VsOption = Annotated[
    str,
    typer.Option(
        "--vs", help="Opponent: ismcts, greedy, random, a level (easy, normal, hard) or human (hot-seat)."
    ),
]
SeatOption = Annotated[int, typer.Option("--seat", help="Your seat (0 is the first).")]
SpecOption = Annotated[
    str | None, typer.Option("--agent-spec", help='Full agent spec, e.g. "ismcts:iterations=400".')
]
SaveOption = Annotated[
    Path | None, typer.Option("--save", help="Record file (JSON), written on save, game end and exit.")
]


def make_opponents(state: State, vs: str, seat: int, agent_spec: str | None) -> dict[int, Agent]:
    """The AI agents of every seat but ``seat`` ({} for a hot-seat game); exits 2 on bad input."""
    if not 0 <= seat < state.num_players:
        fail(f"--seat must be between 0 and {state.num_players - 1}, got {seat}", USAGE)
    if vs == HUMAN:
        if agent_spec is not None:
            fail("--agent-spec does not apply to a hot-seat game (--vs human)", USAGE)
        return {}
    spec = agent_spec or vs
    try:
        return {
            other: make_agent(spec, agent_seed(state.seed, other), state.game)
            for other in range(state.num_players)
            if other != seat
        }
    except ValueError as err:
        fail(str(err), USAGE)


def run_session(out: Console, state: State, agents: dict[int, Agent], save: Path | None) -> None:
    """Play ``state`` at this terminal; Ctrl-C exits 130 and end of input exits 0, both cleanly."""
    session = Session(out, state, agents, save)
    try:
        session.run()
    except KeyboardInterrupt:
        session.save_on_exit("Interrupted")
        raise typer.Exit(INTERRUPTED) from None
    except EOFError:
        session.save_on_exit("Input ended")
        raise typer.Exit(0) from None


def play(
    game: Annotated[str, typer.Argument(help="Game id (see `soulforge games`).")],
    vs: VsOption = "ismcts",
    seat: SeatOption = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (random if omitted).")] = None,
    agent_spec: SpecOption = None,
    save: SaveOption = None,
    players: Annotated[int | None, typer.Option("--players", help="Seats at the table.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", help="Game option name=value.")] = None,
) -> None:
    """Play a game at the terminal against an AI, or hot-seat with --vs human."""
    out = console()
    if seed is not None and not 0 <= seed <= MAX_SEED:
        fail(f"--seed must be an integer from 0 to {MAX_SEED} (a record keeps no other), got {seed}", USAGE)
    table = load_game(game, option)
    if save is not None:
        output_file(save, "--save")
    try:
        state = table.new_game(seed=seed, players=players)
    except ValueError as err:
        fail(str(err), USAGE)
    agents = make_opponents(state, vs, seat, agent_spec)
    out.print(Text(f"{table.title} · seed {state.seed} · {_seating(state, agents)}", style="bold"))
    run_session(out, state, agents, save)


def _seating(state: State, agents: dict[int, Agent]) -> str:
    """``seat 0: you, seat 1: ismcts``."""
    names = [agents[s].name if s in agents else ("you" if len(agents) else "human")
             for s in range(state.num_players)]
    return ", ".join(f"seat {s}: {name}" for s, name in enumerate(names))


def load_record(file: Path) -> Record:
    """A record from a JSON file; exits 2 with one line if it cannot be read."""
    try:
        return Record.from_json(json.loads(read_text(file, "a record")))
    except json.JSONDecodeError as err:
        fail(f"{file}: not a Soulforge record: not JSON ({err})", USAGE)
    except RecursionError:
        fail(f"{file}: not a Soulforge record: JSON nested too deep", USAGE)
    except RecordError as err:
        fail(f"{file}: not a Soulforge record: {err}", USAGE)


def replay_state(record: Record, upto: int | None = None) -> State:
    """The state the record replays to; exits 1 with one line if it does not replay."""
    try:
        return record.replay(upto, load)
    except (ImportError, AttributeError) as err:
        fail(f"the game {record.game!r} cannot be loaded: {err}")
    except ValueError as err:
        fail(f"the record does not replay: {err}")


def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by play (JSON).")],
    seat: Annotated[int | None, typer.Option("--seat", help="See the game as this seat.")] = None,
    step: Annotated[bool, typer.Option("--step", help="Step through the game move by move.")] = False,
    continue_: Annotated[
        bool, typer.Option("--continue", help="Resume play from the record (with --vs, --seat).")
    ] = False,
    vs: VsOption = "ismcts",
    agent_spec: SpecOption = None,
    save: SaveOption = None,
) -> None:
    """Show a recorded game (its final view, or step through it), or continue playing it."""
    out = console()
    if save is not None:
        output_file(save, "--save")
    record = load_record(file)
    if continue_:
        state = replay_state(record)
        if state.is_over:
            fail("the recorded game is over: nothing to continue", USAGE)
        agents = make_opponents(state, vs, seat or 0, agent_spec)
        out.print(Text(f"Continuing {state.game.title} at move {state.move_number} · "
                       f"{_seating(state, agents)}", style="bold"))
        run_session(out, state, agents, save)
        return
    start = replay_state(record, 0)
    if seat is not None and not 0 <= seat < start.num_players:
        fail(f"--seat must be between 0 and {start.num_players - 1}, got {seat}", USAGE)
    if step:
        _step_through(out, record, start, seat)
    else:
        _show_final(out, replay_state(record), seat)


def _show_final(out: Console, state: State, seat: int | None) -> None:
    """The record's last position as ``seat`` sees it, with the whole log."""
    who = "spectator" if seat is None else f"seat {seat}"
    out.print(Rule(Text(f"{state.game.title} · seed {state.seed} · {state.move_number} moves · {who}")))
    out.print(render_view(state.game.id, state.view(seat)))
    lines = state.log(seat)
    if lines:
        out.print(log_lines(lines))
    _show_result(out, state, seat)


def _show_result(out: Console, state: State, seat: int | None) -> None:
    """The result line if the game is over, else how far it went."""
    if state.is_over:
        returns = state.returns()
        out.print(result_text(returns, [] if seat is None else [seat], winner_of(returns)))
    else:
        out.print(Text(f"The game is unfinished: {state.prompt()}.", style="yellow"))


def _step_through(out: Console, record: Record, state: State, seat: int | None) -> None:
    """Apply the record's actions one by one; Enter goes on, q stops."""
    shown = 0
    total = len(record.actions)
    for number in range(total + 1):
        out.print(Rule(Text(f"{state.game.title} · move {number} of {total}")))
        out.print(render_view(state.game.id, state.view(seat)))
        lines = state.log(seat)
        if lines[shown:]:
            out.print(log_lines(lines[shown:]))
        shown = len(lines)
        if number == total:
            break
        try:
            answer = out.input(Text("Enter: next move, q: stop ")).strip().lower()
        except (EOFError, KeyboardInterrupt):
            out.print()
            return
        if answer == "q":
            return
        mover = state.current_player
        try:
            action = state.apply_json(record.actions[number])
        except ValueError as err:
            fail(f"record action {number}: {err}", FAILURE)
        out.print(Text.assemble(("  » ", "dim"), (f"seat {mover}: ", "bold"), str(action)))
    _show_result(out, state, seat)
