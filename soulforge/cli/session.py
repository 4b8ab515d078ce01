"""An interactive game at the terminal: human seats answer by number, AI seats act.

The session shows each human seat only its own ``view`` and the log lines it has not
seen yet. Input: a number plays that action, ``s`` saves the record, ``v`` shows the
view again, ``q`` quits (offering to save), ``?`` lists the commands.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from soulforge.agents import Agent
from soulforge.cli.render import action_list, log_lines, render_view, result_text
from soulforge.core import Action, IllegalAction, State
from soulforge.sim.stats import winner_of

HELP = "Enter an action's number, s to save, v to show the table again, q to quit."


class Quit(Exception):
    """The player asked to leave the game."""


class Session:
    """One game played at this terminal."""

    def __init__(
        self,
        console: Console,
        state: State,
        agents: Mapping[int, Agent],
        save_path: Path | None = None,
    ) -> None:
        self.console = console
        self.state = state
        self.agents = dict(agents)
        self.save_path = save_path
        self.humans = [seat for seat in range(state.num_players) if seat not in self.agents]
        self.shown = [0] * state.num_players
        self.last_human: int | None = None

    # -- the loop ---------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or a player quits (False)."""
        try:
            while not self.state.is_over:
                seat = self.state.current_player
                assert seat is not None
                if seat in self.agents:
                    self.ai_turn(seat)
                else:
                    self.human_turn(seat)
        except Quit:
            return False
        self.finish()
        return True

    def seat_name(self, seat: int) -> str:
        """``seat 1 (ismcts)``, ``seat 0 (you)`` or ``seat 0`` at a hot-seat table."""
        if seat in self.agents:
            return f"seat {seat} ({self.agents[seat].name})"
        return f"seat {seat} (you)" if len(self.humans) == 1 else f"seat {seat}"

    # -- AI seats -------------------------------------------------------------------
    def ai_turn(self, seat: int) -> None:
        """Let the AI decide, then show its move as a log line."""
        agent = self.agents[seat]
        if self.console.is_terminal:
            with self.console.status(Text(f"AI is thinking ({self.seat_name(seat)})…")):
                action = agent.act(self.state, seat)
        else:
            self.console.print(Text(f"AI is thinking ({self.seat_name(seat)})…", style="dim"))
            action = agent.act(self.state, seat)
        self.state.apply(action, seat)
        # The move itself may be a hidden choice: people learn it from their own log.
        self.console.print(Text.assemble(("  » ", "dim"), (f"{self.seat_name(seat)} has moved", "bold")))

    # -- human seats ----------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        """Show the seat its table and apply the action it picks."""
        if len(self.humans) > 1 and seat != self.last_human:
            self.console.print(Rule(Text(f"Seat {seat}'s turn", style="bold yellow")))
            self.console.input(Text(f"Seat {seat}: press Enter when you alone can see the screen "))
            if self.console.is_terminal:
                self.console.clear()
        self.last_human = seat
        self.show(seat)
        while True:
            actions = self.state.legal_actions()
            action = self.ask(seat, actions)
            if action is None:
                continue
            try:
                self.state.apply(action, seat)
            except IllegalAction as err:
                self.console.print(Text(f"Refused: {err}", style="red"))
                continue
            return

    def show(self, seat: int) -> None:
        """The seat's view, its new log lines and its numbered legal actions."""
        view = self.state.view(seat)
        title = f"{self.state.game.title} · move {self.state.move_number} · {self.seat_name(seat)}"
        self.console.print(Rule(Text(title)))
        self.console.print(render_view(self.state.game.id, view))
        self.show_log(seat)
        if view.get("prompt"):
            self.console.print(Text(str(view["prompt"]), style="bold"))
        self.console.print(action_list(self.state.legal_actions(), self.state))

    def show_log(self, seat: int | None) -> None:
        """Log lines of ``seat`` not shown to it yet."""
        lines = self.state.log(seat)
        start = self.shown[seat] if seat is not None else 0
        if lines[start:]:
            self.console.print(log_lines(lines[start:]))
        if seat is not None:
            self.shown[seat] = len(lines)

    def ask(self, seat: int, actions: list[Action]) -> Action | None:
        """Read one answer: the chosen action, or None after a command or bad input."""
        prompt = Text(f"Seat {seat}, your choice (1-{len(actions)}, ? for help): ", style="bold")
        answer = self.console.input(prompt)
        answer = answer.strip().lower()
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        if answer == "s":
            self.save_interactively()
        elif answer == "q":
            self.quit()
        elif answer == "v":
            self.show(seat)
        elif answer in ("?", "h", "help"):
            self.console.print(HELP)
        else:
            shown = answer or "an empty line"
            self.console.print(
                Text(f"{shown!r} is not a choice: enter a number from 1 to {len(actions)}, "
                     "s to save, q to quit, ? for help.", style="red")
            )
        return None

    # -- saving and leaving --------------------------------------------------------------
    def default_path(self) -> Path:
        """Where a record goes when no ``--save`` was given."""
        return self.save_path or Path(f"{self.state.game.id}-{self.state.seed}.json")

    def save(self, path: Path) -> Path:
        """Write the game record (JSON) and say where."""
        record = self.state.record()
        record.meta["seats"] = [self.agents[s].name if s in self.agents else "human"
                                for s in range(self.state.num_players)]
        try:
            record.save(path)
        except OSError as err:  # a name typed at the prompt: say so and play on
            self.console.print(Text(f"Could not save to {path}: {err.strerror or err}", style="red"))
            return path
        self.console.print(Text(f"Record saved to {path}", style="green"))
        return path

    def save_interactively(self) -> None:
        """The ``s`` command: save to ``--save``'s file, or ask for a file name."""
        if self.save_path is not None:
            self.save(self.save_path)
            return
        default = self.default_path()
        name = self.console.input(Text(f"Save the record to [{default}]: ")).strip()
        self.save(Path(name) if name else default)

    def quit(self) -> None:
        """The ``q`` command: offer to save, then leave."""
        answer = self.console.input(Text("Save the record before quitting? [y/N] ")).strip().lower()
        if answer in ("y", "yes"):
            self.save_interactively()
        self.console.print("Left the game.")
        raise Quit

    def save_on_exit(self, reason: str) -> None:
        """After Ctrl-C or end of input: save to ``--save``'s file if given, say so."""
        self.console.print()
        if self.save_path is not None:
            self.save(self.save_path)
        left = f"{reason}; the game was left at move {self.state.move_number}."
        self.console.print(Text(left, style="yellow"))

    # -- the end -----------------------------------------------------------------------
    def finish(self) -> None:
        """Game over: the final view, the last log lines and the result."""
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.console.print(Rule(Text("Game over", style="bold")))
        self.console.print(render_view(self.state.game.id, self.state.view(viewer)))
        if viewer is not None:
            self.show_log(viewer)
        returns = self.state.returns()
        self.console.print(result_text(returns, self.humans, winner_of(returns)))
        if self.save_path is not None:
            self.save(self.save_path)
