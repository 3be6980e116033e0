"""Bounded load test of the game server: many concurrent games of bot-driven clients.

Starts ``python -m mercator.server`` on loopback (``--processes`` of them on one database) with a
fresh SQLite file, a throwaway PostgreSQL cluster (``--database postgres``) or a database URL,
creates ``--games`` two-seat games and plays them all at once: every seat listens on its WebSocket
and, when it is its turn, a random bot *in the client* "thinks" for ``--think`` seconds on average,
picks a legal action and posts it over HTTP. So the server does exactly what it does for human
players, and bot thinking is not counted in the latency (``--think 0`` measures the saturated
throughput). Stops when every game is over or after ``--duration`` seconds, then reports:

* actions per second, and the latency of an action post: request sent -> acknowledged answer,
  which the server sends only after the action's transaction committed;
* the WebSocket update latency: the same request sent -> the *other* seat of the game receiving a
  live document at the new version or later (both seats live in this one client process, so one
  clock measures both ends);
* the server's own time per post (its ``Server-Timing`` header: request parsed -> commit
  acknowledged) and the CPU seconds per action of the server processes, the PostgreSQL cluster
  and this client.

The client is one Python process on the same machine as the server; ``--server-cpu`` pins the
server processes to the given cores and the client to the others.

    python benchmarks/load_test.py --games 200 --duration 60 [--think 1.0] [--server-cpu 0] [--json]
    python benchmarks/load_test.py --database postgres --processes 2 --think 0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import pwd
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

HOST = "127.0.0.1"  # loopback only
TICK = os.sysconf("SC_CLK_TCK")
# Debian and Ubuntu keep the PostgreSQL server binaries off PATH, one folder per major version.
PG_DIRS = [*sorted(map(str, Path("/usr/lib/postgresql").glob("*/bin")), reverse=True), "/usr/local/pgsql/bin"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


# ---- CPU accounting (from /proc, Linux) -----------------------------------------------------------
def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # fields from the third (state) on


def cpu_seconds(pid: int, children: bool = False) -> float:
    """User plus system CPU seconds of a process (all its threads); with ``children``, plus those of
    its children that have exited and been waited for."""
    fields = _stat(pid)
    if fields is None:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])  # utime, stime
    if children:
        ticks += int(fields[13]) + int(fields[14])  # cutime, cstime
    return ticks / TICK


def steal_seconds() -> float:
    """CPU seconds the hypervisor gave to others while this machine wanted them (all cores, /proc/stat):
    a virtual machine's neighbours load it without showing in its load average."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / TICK if len(fields) > 8 else 0.0


def tree_cpu_seconds(root: int) -> float:
    """CPU seconds of ``root`` (with its waited-for children) and of its live children."""
    total = cpu_seconds(root, children=True)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == root:
                total += cpu_seconds(int(entry.name))
    return total


# ---- a throwaway PostgreSQL ---------------------------------------------------------------------
def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in PG_DIRS:
        if Path(folder, name).exists():
            return str(Path(folder, name))
    return None


class PgCluster:
    """A PostgreSQL cluster of its own in a temporary folder on loopback, with the durability of a
    real one: fsync and synchronous_commit stay on (the defaults), so an acknowledged action is on
    disk. Run as the postgres user (or nobody) when we are root, since PostgreSQL refuses root."""

    def __init__(self, max_connections: int = 200) -> None:
        initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
        if not initdb or not pg_ctl:
            raise SystemExit("--database postgres needs the PostgreSQL server binaries (initdb, pg_ctl)")
        self.pg_ctl = pg_ctl
        # A folder of its own (the postgres user must reach it), on the same disk as the SQLite runs' file.
        self.folder = folder = Path(tempfile.mkdtemp(prefix="mercator-load-pg-"))
        self.data, sock = folder / "data", folder / "sock"
        sock.mkdir()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = "postgres"
            try:
                pw = pwd.getpwnam(user)
            except KeyError:
                user, pw = "nobody", pwd.getpwnam("nobody")
            for path in (folder, sock):
                os.chown(path, pw.pw_uid, pw.pw_gid)
            self.prefix = ["runuser", "-u", user, "--"]
        port = _free_port()
        # --no-sync only skips the fsync of initdb's own files; the running server syncs every commit.
        subprocess.run([*self.prefix, initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                        "--no-sync"], check=True, capture_output=True)
        self.options = (f"-p {port} -k {sock} -c listen_addresses={HOST} -c max_connections={max_connections} "
                        "-c fsync=on -c synchronous_commit=on -c shared_buffers=128MB")
        self.server = f"postgresql+psycopg://postgres@{HOST}:{port}"
        self.url = f"{self.server}/mercator"

    def start(self) -> PgCluster:
        subprocess.run([*self.prefix, self.pg_ctl, "-D", str(self.data), "-o", self.options, "-l",
                        str(self.folder / "log"), "-w", "start"], check=True, capture_output=True)
        import psycopg

        with psycopg.connect(self.server.replace("+psycopg", "") + "/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE mercator")
        return self

    def postmaster(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def stop(self) -> None:
        subprocess.run([*self.prefix, self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


# ---- the servers --------------------------------------------------------------------------------
def start_server(database: str, cpus: set[int] | None, log: Path, synchronous: str = "FULL",
                 http: str = "h11") -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "mercator.server", "--host", HOST, "--port", str(port), "--database", database,
           "--rate", "1000000", "--burst", "1000000", "--create-burst", "1000000", "--log-level", "warning",
           "--sqlite-synchronous", synchronous, "--http", http]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    if cpus is not None:
        os.sched_setaffinity(proc.pid, cpus)  # its bot workers inherit it
    base = f"http://{HOST}:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited:\n{log.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/catalog", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.2)
    raise SystemExit("server did not start within 60 s")


class Connection:
    """A minimal HTTP/1.1 keep-alive client: the load generator must cost far less than the server,
    and a general-purpose client's pool bookkeeping would be what we measure."""

    def __init__(self, base: str) -> None:
        host, port = base.rsplit("//", 1)[1].split(":")
        self.host, self.port = host, int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any, float]:
        """(status, JSON answer, server-side milliseconds from its Server-Timing header). The server
        closes idle keep-alive connections after a few seconds; then we reconnect and resend, which
        is safe because an action carries its version (a repeat would get 409, never apply twice)."""
        try:
            return await self._post(path, body)
        except (asyncio.IncompleteReadError, ConnectionError):
            self.close()
            self.writer = None
            return await self._post(path, body)

    async def _post(self, path: str, body: dict[str, Any]) -> tuple[int, Any, float]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode()
        self.writer.write(f"POST {path} HTTP/1.1\r\nhost: {self.host}\r\ncontent-type: application/json\r\n"
                          f"content-length: {len(data)}\r\n\r\n".encode() + data)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length, server_ms = 0, float("nan")
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"server-timing" and b"dur=" in value:
                server_ms = float(value.split(b"dur=")[1])
        return status, json.loads(await self.reader.readexactly(length)), server_ms

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


# ---- measurements -------------------------------------------------------------------------------
@dataclass
class Posted:
    """One action post: when it was sent, the version it makes, by which seat; acknowledged (200)
    or not yet; when the other seat saw that version live."""

    start: float
    version: int
    seat: int
    acked: bool = False
    seen: float | None = None


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    server_ms: list[float] = field(default_factory=list)
    ws_latencies: list[float] = field(default_factory=list)
    ws_missing: int = 0  # acknowledged, but the other seat never saw that version before the end
    conflicts: int = 0
    errors: int = 0
    reconnects: int = 0
    finished: int = 0


class GameTrack:
    """A game's posts still waiting to be acknowledged or seen by the other seat."""

    def __init__(self, stats: Stats) -> None:
        self.stats = stats
        self.open: list[Posted] = []

    def sent(self, seat: int, version: int) -> Posted:
        posted = Posted(time.perf_counter(), version, seat)
        self.open.append(posted)
        return posted

    def acknowledged(self, posted: Posted, ok: bool) -> None:
        if not ok:
            self.open.remove(posted)
            return
        posted.acked = True
        self._settle()

    def live(self, seat: int, version: int, at: float) -> None:
        """``seat`` received a live document at ``version`` at time ``at``."""
        for posted in self.open:
            if posted.seat != seat and posted.seen is None and posted.version <= version:
                posted.seen = at
        self._settle()

    def _settle(self) -> None:
        keep = []
        for posted in self.open:
            if posted.acked and posted.seen is not None:
                self.stats.ws_latencies.append(posted.seen - posted.start)
            else:
                keep.append(posted)
        self.open = keep

    def close(self) -> None:
        self.stats.ws_missing += sum(p.acked for p in self.open)
        self.open = []


async def seat_loop(base: str, ws_base: str, gid: str, seat: int, token: str, track: GameTrack,
                    rng: random.Random, stop: asyncio.Event, think: float) -> bool:
    """One client seat: follow the live channel; on our turn post a random legal action."""
    http = Connection(base)
    posted = [-1]
    try:
        while not stop.is_set():
            try:
                return await _follow(http, ws_base, gid, seat, token, track, rng, stop, think, posted)
            except (OSError, TimeoutError, websockets.ConnectionClosed):
                # A refused or dropped live channel: reconnect, and the server sends the current state at once.
                track.stats.reconnects += 1
                await asyncio.sleep(0.2)
        return False
    finally:
        http.close()


async def _follow(http: Connection, ws_base: str, gid: str, seat: int, token: str, track: GameTrack,
                  rng: random.Random, stop: asyncio.Event, think: float, last: list[int]) -> bool:
    stats = track.stats
    latest: list[Any] = [None]
    arrived = asyncio.Event()

    async def read(ws: Any) -> None:
        # A reader of its own, so a live document is timed when it arrives, even while this seat
        # thinks or posts.
        try:
            async for message in ws:
                at = time.perf_counter()
                doc = json.loads(message)
                track.live(seat, doc["version"], at)
                latest[0] = doc
                arrived.set()
        finally:
            arrived.set()  # wake the player: the channel closed

    async with websockets.connect(f"{ws_base}/api/games/{gid}/live?token={token}", max_size=2**24,
                                  open_timeout=30) as ws:
        reader = asyncio.create_task(read(ws))
        try:
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(arrived.wait(), 5)
                if reader.done():
                    reader.result()  # raises ConnectionClosed and the like: reconnect
                    raise ConnectionError("the live channel closed")
                if not arrived.is_set():
                    continue
                arrived.clear()
                doc = latest[0]
                while doc["status"] != "over" and doc["my_turn"] and doc["version"] > last[0] and not stop.is_set():
                    last[0] = doc["version"]
                    if think:  # the bot's thinking time: part of a real game, not of the server's latency
                        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    choice = rng.choice(doc["legal"])
                    posted = track.sent(seat, doc["version"] + 1)
                    status, answer, server_ms = await http.post(f"/api/games/{gid}/actions?token={token}",
                                                                {"version": doc["version"], "index": choice["index"]})
                    elapsed = time.perf_counter() - posted.start
                    track.acknowledged(posted, status == 200)
                    if status == 200:
                        stats.latencies.append(elapsed)
                        stats.server_ms.append(server_ms)
                        doc = answer  # the answer is our new state: keep playing a compound turn at once
                    elif status == 409:
                        stats.conflicts += 1
                        break
                    else:
                        stats.errors += 1
                        break
                if doc["status"] == "over":
                    return True
        finally:
            reader.cancel()
    return False


def _percentiles(values: list[float], scale: float = 1.0) -> dict[str, float]:
    v = sorted(x * scale for x in values if x == x)
    if not v:
        return {}
    out = {f"p{p}": round(v[min(len(v) - 1, int(p / 100 * len(v)))], 2) for p in (50, 90, 99)}
    out["max"] = round(v[-1], 2)
    out["mean"] = round(statistics.fmean(v), 2)
    return out


async def run(bases: list[str], games: int, duration: float, seed: int, think: float = 0.0,
              cpu: Any = None, split: str = "seats") -> dict[str, Any]:
    """Play ``games`` games. With several servers and ``split`` "seats", game i's seat 0 talks to
    server i and its seat 1 to server i + 1 (modulo their number), so every action reaches the
    other seat through another process (the worst case); with "games", both seats of game i talk
    to server i. ``cpu()`` returns the CPU seconds to account, by name."""
    stats = Stats()
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=256, max_keepalive_connections=256)
    async with httpx.AsyncClient(base_url=bases[0], timeout=60, limits=limits) as http:
        seats: list[tuple[int, str, int, str, GameTrack]] = []
        for i in range(games):
            made = (await http.post("/api/games", json={"game": "constantinopolis", "join": 0,
                                                        "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
            gid = made["game"]["id"]
            joined = (await http.post(f"/api/games/{gid}/join", json={})).json()
            track = GameTrack(stats)
            other = (i + 1 if split == "seats" else i) % len(bases)
            seats += [(i % len(bases), gid, 0, made["seat"]["token"], track), (other, gid, 1, joined["token"], track)]
    gc.collect()
    gc.freeze()  # the client's own collector pauses would count as server latency
    stop = asyncio.Event()
    load_before = os.getloadavg()[0]
    cpu_before = cpu() if cpu else {}
    client_before = resource.getrusage(resource.RUSAGE_SELF)
    steal_before = steal_seconds()
    started = time.perf_counter()
    tasks = [asyncio.create_task(seat_loop(bases[server], bases[server].replace("http", "ws", 1), gid, seat, token,
                                           track, random.Random(rng.random()), stop, think))
             for server, gid, seat, token, track in seats]
    done, pending = await asyncio.wait(tasks, timeout=duration)
    elapsed = time.perf_counter() - started
    client_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu_after = cpu() if cpu else {}
    steal = steal_seconds() - steal_before
    load_after = os.getloadavg()[0]
    stop.set()
    if pending:
        await asyncio.wait(pending, timeout=10)
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception() is not None:
            stats.errors += 1
            if stats.errors <= 3:
                print(f"seat task failed: {task.exception()!r}", file=sys.stderr)
        elif task.done() and not task.cancelled() and task.result():
            stats.finished += 1
        elif not task.done():
            task.cancel()
    for track in {id(t): t for *_, t in seats}.values():
        track.close()
    actions = len(stats.latencies)
    cpu_used = {name: cpu_after[name] - cpu_before[name] for name in cpu_before}
    cpu_used["client"] = (client_after.ru_utime + client_after.ru_stime
                          - client_before.ru_utime - client_before.ru_stime)
    return {
        "games": games, "concurrent_seats": len(seats), "think_seconds": think, "seconds": round(elapsed, 2),
        "games_finished": stats.finished // 2, "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "latency_ms": _percentiles(stats.latencies, 1000),
        "ws_latency_ms": _percentiles(stats.ws_latencies, 1000), "ws_updates": len(stats.ws_latencies),
        "ws_missing": stats.ws_missing,
        "server_side_ms": _percentiles(stats.server_ms),
        # CPU milliseconds per acknowledged action, and the share of one core each used over the run.
        "cpu_ms_per_action": {k: round(1000 * v / actions, 2) if actions else None for k, v in cpu_used.items()},
        "cpu_cores_used": {k: round(v / elapsed, 2) for k, v in cpu_used.items()},
        "conflicts_409": stats.conflicts, "errors": stats.errors, "ws_reconnects": stats.reconnects,
        # Other work on the machine shows in the latencies; the 1-minute load average tells how much.
        "loadavg_1min": [round(load_before, 2), round(load_after, 2)], "cpus": os.cpu_count(),
        "steal_seconds": round(steal, 2),
    }


@contextlib.contextmanager
def profiled(pids: list[int], folder: Path | None) -> Iterator[None]:
    """Sample the server processes with py-spy while inside: collapsed stacks of the thread holding the
    GIL (so Python CPU, not waiting), one file per process."""
    if folder is None:
        yield
        return
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    folder.mkdir(parents=True, exist_ok=True)
    spies = [subprocess.Popen([spy, "record", "--pid", str(pid), "--format", "raw", "--rate", "250", "--gil",
                               "--output", str(folder / f"server{n}.txt"), "--nonblocking"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for n, pid in enumerate(pids)]
    try:
        yield
    finally:
        for spy_proc in spies:
            spy_proc.send_signal(signal.SIGINT)
        for spy_proc in spies:
            spy_proc.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60.0, help="Stop after this many seconds at most")
    parser.add_argument("--database", default=None,
                        help="'postgres' (a throwaway cluster, fsync on), a database URL, or none: a fresh SQLite file")
    parser.add_argument("--processes", type=int, default=1,
                        help="Server processes on the one database (PostgreSQL); a game's two seats use different ones")
    parser.add_argument("--split", choices=("seats", "games"), default="seats",
                        help="With several processes: a game's two seats on different ones (seats, the worst case) "
                             "or each game on one (games)")
    parser.add_argument("--http", choices=("h11", "httptools"), default="h11", help="The servers' HTTP parser")
    parser.add_argument("--server-cpu", default=None,
                        help="Pin the servers to these cores (comma-separated) and this client to the others")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sqlite-synchronous", choices=("FULL", "NORMAL"), default="FULL",
                        help="The server's SQLite durability (FULL: fsync before every acknowledgement)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="Mean bot thinking time per action in seconds (0: post as fast as possible)")
    parser.add_argument("--profile", type=Path, default=None,
                        help="Sample the servers with py-spy into this folder (collapsed stacks)")
    parser.add_argument("--json", action="store_true", help="Print only the JSON result")
    args = parser.parse_args()
    server_cpus = {int(c) for c in args.server_cpu.split(",")} if args.server_cpu else None
    with contextlib.suppress(ImportError):
        import uvloop  # the client's own event loop costs less CPU with it (the server uses it too)

        uvloop.install()
    with tempfile.TemporaryDirectory(prefix="mercator-load-") as tmp:
        cluster = None
        if args.database == "postgres":
            cluster = PgCluster().start()
            database = cluster.url
        else:
            database = args.database or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        if args.processes > 1 and database.startswith("sqlite"):
            raise SystemExit("--processes > 1 needs PostgreSQL: processes on one SQLite file do not tell each "
                             "other's live clients about their actions")
        procs: list[subprocess.Popen[bytes]] = []
        try:
            bases = []
            for n in range(args.processes):
                proc, base = start_server(database, server_cpus, Path(tmp) / f"server{n}.log",
                                          args.sqlite_synchronous, args.http)
                procs.append(proc)
                bases.append(base)
            if server_cpus is not None and os.sched_getaffinity(0) - server_cpus:
                os.sched_setaffinity(0, os.sched_getaffinity(0) - server_cpus)

            def cpu() -> dict[str, float]:
                used = {"servers": sum(cpu_seconds(p.pid) for p in procs)}
                if cluster is not None:
                    used["postgres"] = tree_cpu_seconds(cluster.postmaster())
                return used

            with profiled([p.pid for p in procs], args.profile):
                result = asyncio.run(run(bases, args.games, args.duration, args.seed, args.think, cpu, args.split))
        finally:
            for proc in procs:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
            for proc in procs:
                proc.wait(30)
            if cluster is not None:
                cluster.stop()
        if result["errors"]:
            for n in range(len(procs)):
                print(f"--- server{n}.log (end)\n" + (Path(tmp) / f"server{n}.log").read_text()[-2000:],
                      file=sys.stderr)
    result["database"] = "sqlite" if database.startswith("sqlite") else "postgresql"
    if cluster is not None:
        result["database"] = "postgresql (throwaway cluster, fsync on)"
    result["processes"] = args.processes
    result["split"] = args.split if args.processes > 1 else None
    result["http"] = args.http
    result["server_cpu"] = args.server_cpu
    result["sqlite_synchronous"] = args.sqlite_synchronous if database.startswith("sqlite") else None
    if args.json:
        print(json.dumps(result))
        return
    lat, ws = result["latency_ms"], result["ws_latency_ms"]
    print(f"{result['games']} games ({result['concurrent_seats']} seats on WebSockets), {result['database']}, "
          f"{args.processes} server process(es), {args.http}, think {args.think} s, {result['seconds']} s, "
          f"{result['games_finished']} finished")
    print(f"{result['actions']} actions, {result['actions_per_second']} actions/s; "
          f"action post p50 {lat.get('p50')} ms, p90 {lat.get('p90')} ms, p99 {lat.get('p99')} ms, "
          f"max {lat.get('max')} ms")
    print(f"WebSocket update at the other seat: p50 {ws.get('p50')} ms, p90 {ws.get('p90')} ms, p99 {ws.get('p99')} ms "
          f"({result['ws_updates']} updates, {result['ws_missing']} not seen)")
    print(f"server side (request parsed -> commit acknowledged): {result['server_side_ms']}")
    print(f"CPU ms per action: {result['cpu_ms_per_action']}; cores used: {result['cpu_cores_used']}")
    print(f"409 conflicts {result['conflicts_409']}, errors {result['errors']}, live reconnects "
          f"{result['ws_reconnects']}; machine load average "
          f"{result['loadavg_1min'][0]} -> {result['loadavg_1min'][1]} on {result['cpus']} CPUs, "
          f"{result['steal_seconds']} s of CPU stolen by the hypervisor")


if __name__ == "__main__":
    main()
