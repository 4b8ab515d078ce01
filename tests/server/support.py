"""Helpers shared by the server, browser and benchmark code: PostgreSQL and uvicorn."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    def __init__(self, port: int) -> None:
        self.port = port
        self._template: str | None = None

    def new_database(self, template: str | None = None) -> str:
        """A new empty database, or with ``template`` a copy of that database (see
        :meth:`migrated_template`): its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        copy = f" TEMPLATE {template}" if template else ""
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}{copy}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def migrated_template(self) -> str:
        """The name of a database migrated to the newest schema, made once per cluster:
        copying it (``new_database(template=...)``, a file copy) is several times cheaper
        than running every migration again for each test. Nothing may stay connected to it."""
        if self._template is None:
            from soulforge.server.storage import Storage

            url = self.new_database()
            Storage(url).close()  # closing disposes the engine: no connection left to the template
            self._template = url.rsplit("/", 1)[1]
        return self._template


MEMORY_DIR = Path("/dev/shm")
MEMORY_NEEDED = 4 << 30
"""Free bytes wanted in :data:`MEMORY_DIR` before a cluster goes there (each test's database
is a copy of about 11 MB, kept until the cluster stops: some 60 per test worker)."""


def _memory_dir() -> str | None:
    """Where a throwaway cluster goes: a memory file system when there is one with room (60
    databases copied in 2.7 s there against 23.7 s on this machine's shared disk, the cluster
    removed in 0.3 s against 3.5 s), else the usual temporary directory."""
    with contextlib.suppress(OSError):
        if os.access(MEMORY_DIR, os.W_OK) and shutil.disk_usage(MEMORY_DIR).free > MEMORY_NEEDED:
            return str(MEMORY_DIR)
    return None


@contextlib.contextmanager
def postgres_cluster(in_memory: bool = False) -> Iterator[PgServer | str]:
    """A throwaway PostgreSQL cluster on a free loopback port, or the reason it cannot start;
    ``in_memory`` puts it on a memory file system when there is one (the tests: the
    benchmarks keep the disk they measured on)."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    runner = shutil.which("runuser")
    if not bins:
        yield "PostgreSQL is not installed (apt-get install postgresql)"
        return
    try:
        import psycopg  # noqa: F401
    except ImportError:
        yield "psycopg is not installed (pip install 'psycopg[binary]')"
        return
    bindir = Path(bins[-1]).parent
    as_root = os.geteuid() == 0
    if as_root and not runner:
        yield "running as root without runuser: cannot start PostgreSQL"
        return
    tmp = Path(tempfile.mkdtemp(prefix="sf-pg-", dir=_memory_dir() if in_memory else None))
    data, port = tmp / "data", free_port()

    def run(*args: str) -> None:
        cmd = [runner, "-u", "postgres", "--", *args] if as_root and runner else list(args)
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    try:
        if as_root:
            shutil.chown(tmp, "postgres")
        run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        run(str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(tmp / "log"), "-o",
            f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    except (subprocess.SubprocessError, OSError, LookupError) as err:
        shutil.rmtree(tmp, ignore_errors=True)
        detail = getattr(err, "stderr", b"") or b""
        yield f"PostgreSQL did not start: {err} {detail.decode(errors='replace')[:300]}"
        return
    try:
        yield PgServer(port)
    finally:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(tmp, ignore_errors=True)


def migrated_sqlite(path: Path) -> Path:
    """An SQLite file at ``path`` migrated to the newest schema (once: the tests copy it)."""
    if not path.exists():
        from soulforge.server.storage import Storage

        Storage(f"sqlite:///{path}").close()  # the last connection closed checkpoints the WAL
    return path


class ServerThread:
    """A real uvicorn server on a free loopback port, in a thread."""

    def __init__(self, app: Any, port: int | None = None) -> None:
        import uvicorn

        self.app = app
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
