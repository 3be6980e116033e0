"""Bounded load test of the game server: many concurrent games of bot-driven clients.

Starts ``python -m mercator.server`` on loopback with a fresh SQLite file (or --database), creates
``--games`` two-seat games and plays them all at once: every seat listens on its WebSocket and,
when it is its turn, a random bot *in the client* "thinks" for ``--think`` seconds on average, picks
a legal action and posts it over HTTP. So the server does exactly what it does for human players,
and bot thinking is not counted in the latency (``--think 0`` measures the saturated throughput). Stops when
every game is over or after ``--duration`` seconds, then reports actions per second and the p50 /
p99 latency of an action post (request sent -> acknowledged answer, i.e. after the commit).

    python benchmarks/load_test.py --games 200 --duration 60 [--think 1.0] [--server-cpu 0] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

HOST = "127.0.0.1"  # loopback only


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(database: str, cpu: int | None, log: Path, synchronous: str = "FULL"
                 ) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "mercator.server", "--host", HOST, "--port", str(port), "--database", database,
           "--rate", "1000000", "--burst", "1000000", "--create-burst", "1000000", "--log-level", "warning",
           "--sqlite-synchronous", synchronous]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    if cpu is not None:
        os.sched_setaffinity(proc.pid, {cpu})  # the server on one core; its bot workers inherit it
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


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.server_ms: list[float] = []
        self.conflicts = 0
        self.errors = 0
        self.reconnects = 0
        self.finished = 0


async def seat_loop(base: str, ws_base: str, gid: str, token: str, rng: random.Random,
                    stats: Stats, stop: asyncio.Event, think: float) -> bool:
    """One client seat: follow the live channel; on our turn post a random legal action."""
    http = Connection(base)
    try:
        return await _seat_loop(http, ws_base, gid, token, rng, stats, stop, think)
    finally:
        http.close()


async def _seat_loop(http: Connection, ws_base: str, gid: str, token: str, rng: random.Random,
                     stats: Stats, stop: asyncio.Event, think: float) -> bool:
    posted = [-1]
    while not stop.is_set():
        try:
            return await _follow(http, ws_base, gid, token, rng, stats, stop, think, posted)
        except (OSError, TimeoutError, websockets.ConnectionClosed):
            # A refused or dropped live channel: reconnect, and the server sends the current state at once.
            stats.reconnects += 1
            await asyncio.sleep(0.2)
    return False


async def _follow(http: Connection, ws_base: str, gid: str, token: str, rng: random.Random,
                  stats: Stats, stop: asyncio.Event, think: float, last: list[int]) -> bool:
    posted = last[0]
    async with websockets.connect(f"{ws_base}/api/games/{gid}/live?token={token}", max_size=2**24,
                                  open_timeout=30) as ws:
        while not stop.is_set():
            try:
                doc = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                continue
            while doc["status"] != "over" and doc["my_turn"] and doc["version"] > posted and not stop.is_set():
                posted = last[0] = doc["version"]
                if think:  # the bot's thinking time: part of a real game, not of the server's latency
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                choice = rng.choice(doc["legal"])
                start = time.perf_counter()
                status, answer, server_ms = await http.post(f"/api/games/{gid}/actions?token={token}",
                                                 {"version": doc["version"], "index": choice["index"]})
                elapsed = time.perf_counter() - start
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
    return False


async def run(base: str, games: int, duration: float, seed: int, think: float = 0.0) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(seed)
    load_before = os.getloadavg()[0]
    limits = httpx.Limits(max_connections=256, max_keepalive_connections=256)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        seats: list[tuple[str, str]] = []
        for _ in range(games):
            made = (await http.post("/api/games", json={"game": "constantinopolis", "join": 0,
                                                        "seats": [{"kind": "human"}, {"kind": "human"}]})).json()
            gid = made["game"]["id"]
            joined = (await http.post(f"/api/games/{gid}/join", json={})).json()
            seats += [(gid, made["seat"]["token"]), (gid, joined["token"])]
        gc.collect()
        gc.freeze()  # the client's own collector pauses would count as server latency
        stop = asyncio.Event()
        ws_base = base.replace("http", "ws", 1)
        started = time.perf_counter()
        tasks = [asyncio.create_task(seat_loop(base, ws_base, gid, token, random.Random(rng.random()), stats, stop,
                                               think))
                 for gid, token in seats]
        done, pending = await asyncio.wait(tasks, timeout=duration)
        stop.set()
        if pending:
            await asyncio.wait(pending, timeout=10)
        elapsed = time.perf_counter() - started
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                stats.errors += 1
                if stats.errors <= 3:
                    print(f"seat task failed: {task.exception()!r}", file=sys.stderr)
            elif task.done() and not task.cancelled() and task.result():
                stats.finished += 1
            elif not task.done():
                task.cancel()
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else float("nan")

    return {
        "games": games, "concurrent_seats": len(seats), "think_seconds": think, "seconds": round(elapsed, 2),
        "games_finished": stats.finished // 2, "actions": len(lat),
        "actions_per_second": round(len(lat) / elapsed, 1),
        "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": pct(1.0),
                       "mean": round(1000 * statistics.fmean(lat), 2) if lat else None},
        "server_side_ms": _percentiles(stats.server_ms),
        "conflicts_409": stats.conflicts, "errors": stats.errors, "ws_reconnects": stats.reconnects,
        # Other work on the machine shows in the latencies; the 1-minute load average tells how much.
        "loadavg_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)], "cpus": os.cpu_count(),
    }


def _percentiles(values: list[float]) -> dict[str, float]:
    v = sorted(x for x in values if x == x)
    if not v:
        return {}
    return {f"p{p}": round(v[min(len(v) - 1, int(p / 100 * len(v)))], 2) for p in (50, 90, 99)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60.0, help="Stop after this many seconds at most")
    parser.add_argument("--database", default=None, help="Database URL (default: a fresh SQLite file)")
    parser.add_argument("--server-cpu", type=int, default=None, help="Pin the server to this CPU core")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sqlite-synchronous", choices=("FULL", "NORMAL"), default="FULL",
                        help="The server's SQLite durability (FULL: fsync before every acknowledgement)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="Mean bot thinking time per action in seconds (0: post as fast as possible)")
    parser.add_argument("--json", action="store_true", help="Print only the JSON result")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mercator-load-") as tmp:
        database = args.database or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        proc, base = start_server(database, args.server_cpu, Path(tmp) / "server.log", args.sqlite_synchronous)
        try:
            if args.server_cpu is not None and len(os.sched_getaffinity(0)) > 1:
                os.sched_setaffinity(0, os.sched_getaffinity(0) - {args.server_cpu})
            result = asyncio.run(run(base, args.games, args.duration, args.seed, args.think))
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(30)
    result["database"] = "sqlite" if database.startswith("sqlite") else database.split(":", 1)[0]
    result["server_cpu"] = args.server_cpu
    result["sqlite_synchronous"] = args.sqlite_synchronous
    if args.json:
        print(json.dumps(result))
        return
    lat = result["latency_ms"]
    print(f"{result['games']} games ({result['concurrent_seats']} seats on WebSockets), think {args.think} s, "
          f"{result['seconds']} s, {result['games_finished']} finished")
    print(f"{result['actions']} actions, {result['actions_per_second']} actions/s; action latency p50 {lat['p50']} ms, "
          f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms")
    print(f"server side (request parsed -> commit acknowledged): {result['server_side_ms']}")
    print(f"409 conflicts {result['conflicts_409']}, errors {result['errors']}, live reconnects "
          f"{result['ws_reconnects']}; machine load average "
          f"{result['loadavg_1min'][0]} -> {result['loadavg_1min'][1]} on {result['cpus']} CPUs")


if __name__ == "__main__":
    main()
