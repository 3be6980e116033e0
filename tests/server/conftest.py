"""Fixtures for the server tests: a real PostgreSQL on loopback, in-process apps and real server
processes. Nothing is mocked."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from fastapi.testclient import TestClient  # noqa: E402

from mercator.server import Settings, create_app  # noqa: E402
from mercator.server.bots import BotPool  # noqa: E402

# Debian and Ubuntu keep the server binaries off PATH, one folder per major version.
PG_DIRS = [*sorted(map(str, Path("/usr/lib/postgresql").glob("*/bin")), reverse=True), "/usr/local/pgsql/bin"]


def pytest_configure(config: pytest.Config) -> None:
    # Starlette's TestClient still runs on httpx and says so on import; nothing for us to act on.
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette.testclient`")


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in PG_DIRS:
        if Path(folder, name).exists():
            return str(Path(folder, name))
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgCluster:
    """A throwaway PostgreSQL cluster on loopback that can be stopped and started again; ``url`` has
    no database name."""

    def __init__(self, max_connections: int = 100) -> None:
        initdb, self.pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
        if not initdb or not self.pg_ctl:
            pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed")
        self.folder = Path(tempfile.mkdtemp(prefix="mercator-pg-"))
        self.data, sock = self.folder / "data", self.folder / "sock"
        sock.mkdir()
        self.prefix: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = "postgres" if _has_user("postgres") else "nobody"
            pw = pwd.getpwnam(user)
            for path in (self.folder, sock):
                os.chown(path, pw.pw_uid, pw.pw_gid)
            self.prefix = ["runuser", "-u", user, "--"]
        port = free_port()
        subprocess.run([*self.prefix, initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                        "--no-sync"], check=True, capture_output=True)
        self.options = (f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off "
                        f"-c max_connections={max_connections}")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{port}"

    def start(self) -> PgCluster:
        subprocess.run([*self.prefix, self.pg_ctl, "-D", str(self.data), "-o", self.options, "-l",
                        str(self.folder / "log"), "-w", "start"], check=True, capture_output=True)
        return self

    def stop(self) -> None:
        subprocess.run([*self.prefix, self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                       capture_output=True)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL cluster for the whole session; yields a URL without a database name."""
    cluster = PgCluster(max_connections=200).start()
    try:
        yield cluster.url
    finally:
        cluster.remove()


@pytest.fixture
def pg_cluster() -> Iterator[PgCluster]:
    """A cluster of the test's own, for tests that stop and start it."""
    cluster = PgCluster().start()
    try:
        yield cluster
    finally:
        cluster.remove()


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def new_pg_database(server: str) -> str:
    import psycopg

    name = "m_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server.replace("+psycopg", "") + "/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return new_pg_database(request.getfixturevalue("pg_server"))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


_POOL: list[BotPool] = []


def shared_bots() -> BotPool:
    """One bot worker pool for every in-process app of the session (workers take a second to start)."""
    if not _POOL:
        _POOL.append(BotPool(1))
        _POOL[0].warm()
    return _POOL[0]


@pytest.fixture(scope="session", autouse=True)
def _close_bots() -> Iterator[None]:
    yield
    for pool in _POOL:
        pool.close()


def make_client(url: str, bots: bool = True, web: bool = False, **settings: Any) -> TestClient:
    """The game server's app (``web``: with the browser client's helper routes, as ``mercator serve``)."""
    from mercator.web.app import create_web_app

    # No rate limits and no clock minimums: tests create many games and run out short clocks.
    opts: dict[str, Any] = {"rate_per_second": 10_000.0, "rate_burst": 10_000.0, "create_burst": 10_000.0,
                            "min_clock_bank_seconds": 0.0, "min_clock_increment_seconds": 0.0}
    opts.update(settings)
    make = create_web_app if web else create_app
    return TestClient(make(Settings(database_url=url, **opts), bots=shared_bots() if bots else False))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as c:
        yield c


@pytest.fixture
def sqlite_client(sqlite_url: str) -> Iterator[TestClient]:
    with make_client(sqlite_url) as c:
        yield c


class ServerProcess:
    """``python -m mercator.server`` in a subprocess on a free loopback port, with ``args`` (more
    command-line flags) and ``env``. Rate limits are lifted unless ``unlimited`` is False."""

    def __init__(self, url: str, log: Path, args: list[str] | None = None, env: dict[str, str] | None = None,
                 unlimited: bool = True) -> None:
        self.url = url
        self.log = log
        self.args = args or []
        self.env = env or {}
        self.unlimited = unlimited
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        unlimited = ["--rate", "100000", "--burst", "100000", "--create-burst", "100000"] if self.unlimited else []
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "mercator.server", "--port", str(self.port), "--database", self.url,
                 "--log-level", "warning", *unlimited, *self.args],
                stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        import httpx

        deadline = time.time() + 30
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/catalog", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL the server and its bot workers (its own process group)."""
        if self.proc and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, 9)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Any]:
    started: list[ServerProcess] = []

    def start(url: str, **options: Any) -> ServerProcess:
        server = ServerProcess(url, tmp_path / f"server{len(started)}.log", **options).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
