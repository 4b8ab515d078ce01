"""The simulation runner: many seeded AI-vs-AI games, results appended as JSON lines.

Game ``i`` of a run uses seed ``seed + i`` and rotates the agents one seat per game, so
every agent plays every seat equally often. With ``paired``, each seed (a deal) is played
once per rotation instead: where the seat or the deal decides most games, only skill can
win a deal from every seat (``stats.DealStats``). Each finished game is appended to the
results file at once (JSON lines, or Parquet: :mod:`soulforge.sim.storage`);
running the same command again skips the games already in the file
(a game is its seed and seating).

Backends: ``"processes"`` (a spawn-safe process pool on this machine) or ``"ray"`` (a local Ray, or
the cluster at ``address``; ``ray`` is imported only when chosen).
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import fnmatch
import functools
import importlib
import itertools
import json
import multiprocessing
import signal
import time
from collections.abc import Callable, Collection, Generator, Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from soulforge import agents as agent_registry
from soulforge.agents import Agent
from soulforge.core import Game, data
from soulforge.core.registry import import_reference
from soulforge.games import REGISTRY, game_class
from soulforge.sim import storage
from soulforge.sim.stats import GameKey, game_key, winner_of

BACKENDS = ("processes", "ray")
MAX_GAMES = 1_000_000
"""The most games one run plays (its jobs are listed up front: ten million would take GBs)."""
MAX_WORKERS = 256
"""The most worker processes (a typo of -w 100000 would start one process a game)."""
ResultRow = dict[str, Any]
OnResult = Callable[[ResultRow], None]


class SimulationError(RuntimeError):
    """A simulation that cannot run or failed (the message says why, in one line)."""


@dataclasses.dataclass(frozen=True)
class SimConfig:
    """What to simulate: game, options, agent specs (one per seat), games and first seed."""

    game: str
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    paired: bool = False
    """Play each seed once per seat rotation (games ``i`` share the seed ``seed + i // n``)."""
    overrides: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """Authored data changed for this run (``--set``): ``"<game>.<file>.<entry>.<field>"`` -> value."""

    def seed_of(self, index: int) -> int:
        """The seed of game ``index``.

        >>> plain, paired = SimConfig("g", ("a", "b"), 4, 10), SimConfig("g", ("a", "b"), 4, 10, paired=True)
        >>> plain.seed_of(3), paired.seed_of(3)
        (13, 11)
        """
        return self.seed + (index // len(self.agents) if self.paired else index)

    @property
    def labels(self) -> tuple[str, ...]:
        """Unique agent labels: the spec, with ``#k`` added when a spec appears twice."""
        return agent_labels(self.agents)


@dataclasses.dataclass(frozen=True)
class GameJob:
    """One game to play, self-contained and picklable (sent to worker processes)."""

    game: str
    game_ref: str
    options: dict[str, Any]
    index: int
    seed: int
    specs: tuple[str, ...]
    labels: tuple[str, ...]
    overrides: dict[str, Any] = dataclasses.field(default_factory=dict)


def agent_labels(specs: Sequence[str]) -> tuple[str, ...]:
    """Labels telling agents apart in results.

    >>> agent_labels(["ismcts", "random"]), agent_labels(["random", "random"])
    (('ismcts', 'random'), ('random#1', 'random#2'))
    """
    return tuple(
        f"{spec}#{k + 1}" if list(specs).count(spec) > 1 else spec for k, spec in enumerate(specs)
    )


def seating(agents: Sequence[str], index: int) -> list[str]:
    """Seat ``j`` of game ``index`` gets ``agents[(j + index) % n]``.

    >>> seating(["a", "b"], 0), seating(["a", "b"], 1)
    (['a', 'b'], ['b', 'a'])
    """
    n = len(agents)
    return [agents[(seat + index) % n] for seat in range(n)]


def agent_seed(game_seed: int, seat: int) -> int:
    """A per-seat agent seed derived from the game seed (reproducible runs)."""
    return (game_seed * 1_000_003 + 7_919 * (seat + 1)) % 2**63


def make_agent(spec: str, seed: int, game: Game | None = None) -> Agent:
    """Load an agent (a spec or a level name: easy, normal, hard, as ``game`` plays it),
    giving it ``seed`` unless its spec sets one or it takes none."""
    if spec in agent_registry.LEVELS:
        spec = agent_registry.level_spec(spec, game)
    _, params = agent_registry.parse_spec(spec)
    if "seed" in params:
        return agent_registry.load(spec)
    try:
        return agent_registry.load(spec, seed=seed)
    except ValueError:
        return agent_registry.load(spec)


def check_config(config: SimConfig) -> Game:
    """Validate game, options, player count and agents; raise ValueError naming the problem."""
    if not 0 <= config.games <= MAX_GAMES:
        raise ValueError(f"the number of games must be from 0 to {MAX_GAMES:,}, got {config.games}")
    game = build_game(config.game, config.options, config.overrides)
    players = len(config.agents)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{config.game} seats {game.min_players}-{game.max_players} players, got {players} agents"
        )
    for spec in config.agents:
        make_agent(spec, 0, game)
    return game


def build_game(game_id: str, options: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Game:
    """The game with its options, its data read under ``overrides``; an override that no data
    file took raises ValueError naming it."""
    foreign = sorted(key for key in overrides or {} if not key.startswith(f"{game_id}."))
    if foreign:
        raise ValueError(f"--set {foreign[0]}: not data of {game_id} "
                         f"(write {game_id}.<file>.<entry>.<field>)")
    cls = game_class(game_id)
    with data.overriding(overrides or {}):
        game = cls(**options)
    fixed = sorted(key for key in overrides or {} if cls.settable is not None and not any(
        fnmatch.fnmatchcase(key.removeprefix(f"{game_id}."), pattern) for pattern in cls.settable))
    if fixed:
        raise ValueError(f"--set {fixed[0]}: {game_id} reads this field once, at import; "
                         f"it can set {', '.join(f'{game_id}.{key}' for key in cls.settable or ())}")
    unused = data.unused_overrides(overrides or {})
    if unused:
        raise ValueError(f"--set {unused[0]}: no data file of {game_id} read at game set-up has it "
                         "(check the file and entry names; data read once at import cannot be overridden)")
    return game


def jobs_for(config: SimConfig, done: Collection[GameKey] = frozenset()) -> list[GameJob]:
    """The games of a run still to play (those in ``done`` are skipped)."""
    options = dict(game_class(config.game)(**config.options).options)
    overrides = dict(config.overrides)
    ref = REGISTRY[config.game]
    jobs = []
    for index in range(config.games):
        seed = config.seed_of(index)
        labels = tuple(seating(config.labels, index))
        if (seed, labels) in done:
            continue
        specs = tuple(seating(config.agents, index))
        jobs.append(GameJob(config.game, ref, options, index, seed, specs, labels, overrides))
    return jobs


@functools.lru_cache(maxsize=8)
def _game(ref: str, options: str, overrides: str = "{}") -> Game:
    """The game object for a registry reference, JSON options and JSON data overrides
    (cached per process)."""
    cls: type[Game] = import_reference(ref)
    with data.overriding(json.loads(overrides)):
        return cls(**json.loads(options))


def play_game(job: GameJob) -> ResultRow:
    """Play one game to its end; the result row written to the results file."""
    started = time.perf_counter()
    options, overrides = json.dumps(job.options, sort_keys=True), json.dumps(job.overrides, sort_keys=True)
    game = _game(job.game_ref, options, overrides)
    if data.unused_overrides(job.overrides):  # data this process read once, before these overrides
        raise SimulationError(f"game seed {job.seed}: --set {data.unused_overrides(job.overrides)[0]} "
                              "cannot apply in this process (its data was read at import)")
    state = game.new_game(seed=job.seed, players=len(job.specs))
    start = state.clone()
    seats = [make_agent(spec, agent_seed(job.seed, seat), game) for seat, spec in enumerate(job.specs)]
    while not state.is_over:
        if state.move_number >= game.max_game_length:
            raise SimulationError(f"game seed {job.seed} exceeded {game.max_game_length} moves")
        player = state.current_player
        assert player is not None
        state.apply(seats[player].act(state, player), player)
    returns = [float(r) for r in state.returns()]
    winner = winner_of(returns)
    return {
        "game": job.game,
        "index": job.index,
        "seed": job.seed,
        "options": job.options,
        "overrides": job.overrides,
        "agents": list(job.labels),
        "specs": list(job.specs),
        "returns": returns,
        "winner": winner,
        "winner_agent": None if winner is None else job.labels[winner],
        "first_player": state.first_player,
        "length": state.move_number,
        "duration": round(time.perf_counter() - started, 4),
        "summary": game.result_summary(state, start),
    }


# -- the results file -------------------------------------------------------------------

def load_results(path: str | Path) -> list[ResultRow]:
    """Every result row of a results file, JSON lines or Parquet ([] if it does not exist);
    a file that holds something else raises SimulationError (see :mod:`soulforge.sim.storage`)."""
    try:
        return storage.load_rows(path)
    except storage.StorageError as err:
        raise SimulationError(str(err)) from None


def matching_rows(config: SimConfig, rows: Sequence[ResultRow]) -> list[ResultRow]:
    """The rows of ``config``'s setup; raise SimulationError if the file holds another setup."""
    options = dict(game_class(config.game)(**config.options).options)
    for row in rows:
        same = (
            row.get("game") == config.game
            and row.get("options") == options
            and row.get("overrides", {}) == dict(config.overrides)
            and sorted(row.get("agents", [])) == sorted(config.labels)
        )
        if not same:
            raise SimulationError(
                f"the results file holds games of another setup (seed {row.get('seed')}: "
                f"{row.get('game')} {row.get('agents')} {row.get('options')} {row.get('overrides', {})}); "
                "choose another --out"
            )
    return list(rows)


def open_results(path: str | Path, batch: int = 64) -> storage.RowWriter:
    """A writer appending to the results file ``path`` (Parquet for a ``.parquet`` name)."""
    try:
        return storage.open_writer(path, batch)
    except storage.StorageError as err:
        raise SimulationError(str(err)) from None


ResultsWriter = storage.JsonLinesWriter
"""Appends rows to a JSON-lines results file (kept under its old name)."""


# -- backends ---------------------------------------------------------------------------

def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (no tracebacks from workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_inline(jobs: Sequence[GameJob]) -> Generator[ResultRow, None, None]:
    """Play the games one after another in this process."""
    for job in jobs:
        try:
            row = play_game(job)
        except SimulationError:
            raise
        except Exception as err:
            raise SimulationError(f"game seed {job.seed} failed: {type(err).__name__}: {err}") from err
        yield row


def play_games(jobs: Sequence[GameJob]) -> list[ResultRow]:
    """Play a batch of games in one task; a failure names its game's seed."""
    rows = []
    for job in jobs:
        try:
            rows.append(play_game(job))
        except SimulationError:
            raise
        except Exception as err:
            raise SimulationError(f"game seed {job.seed} failed: {type(err).__name__}: {err}") from err
    return rows


class Batcher:
    """How many games to send in one task: one until a few games are timed, then enough
    for about ``target`` seconds of play (fast games would spend more time in messages and
    pickling than in play), at most ``most``."""

    def __init__(self, target: float = 0.25, most: int = 32) -> None:
        self.target, self.most = target, most
        self.seconds, self.games = 0.0, 0

    def record(self, row: ResultRow) -> None:
        """Count one finished game's duration."""
        self.seconds += float(row.get("duration", 0.0))
        self.games += 1

    def size(self) -> int:
        """The next batch's number of games.

        >>> batcher = Batcher(target=0.2)
        >>> for _ in range(4): batcher.record({"duration": 0.01})
        >>> batcher.size()
        20
        """
        if self.games < 4 or self.seconds <= 0:
            return 1
        return max(1, min(self.most, int(self.target * self.games / self.seconds)))

    def take(self, queue: Iterator[GameJob]) -> list[GameJob]:
        """The next batch from ``queue`` ([] once it is empty)."""
        return list(itertools.islice(queue, self.size()))


def _run_processes(jobs: Sequence[GameJob], workers: int) -> Generator[ResultRow, None, None]:
    """Play the games in a spawn-context process pool, yielding results as they finish."""
    context = multiprocessing.get_context("spawn")
    pool = cf.ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_sigint)
    pending: dict[cf.Future[list[ResultRow]], list[GameJob]] = {}
    queue, batcher = iter(jobs), Batcher()
    finished = False
    try:
        _fill(pool, pending, queue, 2 * workers, batcher)
        while pending:
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in done:
                batch = pending.pop(future)
                for row in _result_of(future, batch):
                    batcher.record(row)
                    yield row
            _fill(pool, pending, queue, 2 * workers, batcher)
        finished = True
    finally:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=finished, cancel_futures=True)
        if not finished:
            _terminate(processes)


def _fill(
    pool: cf.ProcessPoolExecutor,
    pending: dict[cf.Future[list[ResultRow]], list[GameJob]],
    queue: Iterator[GameJob],
    size: int,
    batcher: Batcher,
) -> None:
    """Keep up to ``size`` batches submitted (a bounded window, so Ctrl-C stops quickly)."""
    while len(pending) < size:
        batch = batcher.take(queue)
        if not batch:
            return
        pending[pool.submit(play_games, batch)] = batch


def _result_of(future: cf.Future[list[ResultRow]], batch: Sequence[GameJob]) -> list[ResultRow]:
    """The future's rows, or a SimulationError naming the game that failed."""
    try:
        return future.result()
    except SimulationError:
        raise
    except BrokenProcessPool as err:
        raise SimulationError(f"a worker process died during game seed {batch[0].seed}: {err}") from err
    except Exception as err:
        raise SimulationError(f"game seed {batch[0].seed} failed: {type(err).__name__}: {err}") from err


def _terminate(processes: Sequence[Any]) -> None:
    """Stop a pool's own worker processes at once (after an interruption)."""
    for process in processes:
        if process.is_alive():
            process.terminate()


def _import_ray() -> Any:
    """Import ray, or a SimulationError saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError(
            "the ray backend needs the 'ray' package: pip install 'soulforge[ray]'"
        ) from None


def ray_session(ray: Any, workers: int, address: str | None = None) -> None:
    """Join the Ray cluster at ``address`` (``"auto"``: the one ``ray start`` began on this
    machine), or start a local one with ``workers`` CPUs; nothing if Ray is already running."""
    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)


def _ray_window(ray: Any, workers: int) -> int:
    """How many games to keep submitted: twice the cluster's CPUs (at least ``workers``)."""
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
    except Exception:  # a stand-in or an old Ray without cluster_resources
        cpus = 0
    return 2 * max(workers, cpus, 1)


def _run_ray(
    ray: Any, jobs: Sequence[GameJob], workers: int, address: str | None = None
) -> Generator[ResultRow, None, None]:
    """Play the games as Ray tasks: on the cluster at ``address``, else a local Ray."""
    ray_session(ray, workers, address)
    remote_play = ray.remote(play_games)
    window = _ray_window(ray, workers)
    pending: dict[Any, list[GameJob]] = {}
    queue, batcher = iter(jobs), Batcher()
    try:
        while True:
            while len(pending) < window and (batch := batcher.take(queue)):
                pending[remote_play.remote(batch)] = batch
            if not pending:
                return
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                batch = pending.pop(ref)
                try:
                    rows: list[ResultRow] = ray.get(ref)
                except Exception as err:
                    raise _ray_error(err, batch[0]) from err
                for row in rows:
                    batcher.record(row)
                    yield row
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def _ray_error(err: Exception, job: GameJob) -> SimulationError:
    """The SimulationError of a failed Ray task (Ray wraps the task's error in its own)."""
    cause = getattr(err, "cause", None)
    if isinstance(cause, SimulationError):
        return SimulationError(str(cause))
    if isinstance(cause, BaseException):
        return SimulationError(f"game seed {job.seed} failed: {type(cause).__name__}: {cause}")
    last = str(err).strip().splitlines()[-1] if str(err).strip() else ""
    return SimulationError(f"game seed {job.seed} failed: {type(err).__name__}: {last}")


def run_games(
    jobs: Sequence[GameJob], workers: int = 1, backend: str = "processes", address: str | None = None
) -> Generator[ResultRow, None, None]:
    """Play ``jobs`` and yield each result row as soon as its game ends (any order).

    ``address`` (Ray only) joins an existing cluster instead of starting a local Ray.
    """
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; known backends: {list(BACKENDS)}")
    if not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"workers must be from 1 to {MAX_WORKERS}, got {workers}")
    if backend == "ray":
        return _run_ray(_import_ray(), jobs, workers, address)
    if address is not None:
        raise SimulationError("--address joins a Ray cluster: use it with --backend ray")
    if workers == 1 or len(jobs) <= 1:
        return _run_inline(jobs)
    return _run_processes(jobs, min(workers, len(jobs)))


def simulate(
    config: SimConfig,
    out: str | Path,
    workers: int = 1,
    backend: str = "processes",
    on_start: Callable[[int, int], None] | None = None,
    on_result: OnResult | None = None,
    address: str | None = None,
    batch: int = 64,
) -> list[ResultRow]:
    """Run (or resume) ``config``, appending each game to ``out``; all rows of the run.

    ``on_start(already_done, total)`` is called once before playing, ``on_result(row)``
    after each game is written (a Parquet file writes a part every ``batch`` games).
    Raises ValueError for a bad config, SimulationError if the file holds another setup or
    a game fails.
    """
    check_config(config)
    try:
        existing = load_results(out)
    except SimulationError as err:  # reading is fine; appending to it would mix in garbage
        raise SimulationError(f"{err}; choose another --out") from None
    rows = matching_rows(config, existing)
    jobs = jobs_for(config, {game_key(row) for row in rows})
    if on_start is not None:
        on_start(config.games - len(jobs), config.games)
    results = run_games(jobs, workers, backend, address)
    writer = open_results(out, batch)
    try:
        for row in results:
            writer.write(row)
            rows.append(row)
            if on_result is not None:
                on_result(row)
    finally:
        results.close()
        writer.close()
    return rows
