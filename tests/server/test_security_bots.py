"""Hosting among strangers, tried from outside against a real server process: bot work is bounded
and fair, seeds stay secret, host powers cannot strand a seat, a failed bot turn is retried, and
the bot workers live and die with the server."""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from mercator.engine.record import GameRecord

from .conftest import ServerProcess, new_pg_database
from .helpers import auth

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    else:
        url = new_pg_database(request.getfixturevalue("pg_server"))
    proc = ServerProcess(url, tmp_path / "server.log", ["--bot-workers", "2"]).start()
    yield proc
    proc.stop()


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Any:
    proc = ServerProcess(f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "server.log",
                         ["--bot-workers", "2"]).start()
    yield proc
    proc.stop()


class WebServerProcess(ServerProcess):
    """The web app (the API plus the browser's routes, hints among them) in a subprocess."""

    def start(self) -> WebServerProcess:
        import subprocess
        import sys

        code = ("from mercator.web.app import run; "
                f"run(port={self.port}, database={self.url!r}, log_level='warning', bot_workers=2, "
                "create_burst=1e5)")
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen([sys.executable, "-c", code], stdout=out, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        _wait(lambda: _up(self.base), 30, "web app up")
        return self


def _up(base: str) -> bool:
    with contextlib.suppress(httpx.HTTPError):
        return httpx.get(f"{base}/api/catalog", timeout=1).status_code == 200
    return False


def _version(base: str, gid: str) -> int:
    return int(httpx.get(f"{base}/api/games/{gid}", timeout=10).json()["version"])


def _moves_in(base: str, gid: str, seconds: float) -> int:
    start = _version(base, gid)
    time.sleep(seconds)
    return _version(base, gid) - start


def _bot_game(base: str, level: str = "easy", players: int = 3) -> str:
    r = httpx.post(f"{base}/api/games", json={"game": "constantinopolis",
                                              "seats": [{"kind": "bot", "level": level}] * players}, timeout=10)
    assert r.status_code == 201, r.text
    return str(r.json()["game"]["id"])


def _children(pid: int) -> set[int]:
    """The bot workers of the server ``pid``: its live children started by multiprocessing's spawn."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid and fields[0] != "Z" and b"spawn_main" in (entry / "cmdline").read_bytes():
                    out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


def _wait(predicate: Any, seconds: float, what: str) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")


# ---- bot work bounded and fair ------------------------------------------------------------------
def test_only_named_bot_levels_are_accepted(sqlite_server: ServerProcess) -> None:
    base = sqlite_server.base
    made = httpx.post(f"{base}/api/games", json={"game": "constantinopolis", "join": 0, "seats": HUMANS}).json()
    gid, host = made["game"]["id"], made["host_token"]
    for level in ["ismcts:2000000000", "ismcts:abc", "ismcts:0", "x" * 200, "hard:1", "", None, 3]:
        r = httpx.post(f"{base}/api/games", json={"game": "constantinopolis", "join": 0,
                                                  "seats": [{"kind": "human"}, {"kind": "bot", "level": level}]})
        if level is None:  # no level: the easy bot
            assert r.status_code == 201 and r.json()["game"]["seats"][1]["name"] == "easy", r.text
            continue
        assert r.status_code == 422, r.text
        assert "'random', 'easy', 'normal' or 'hard'" in r.json()["detail"]
        # The host cannot set such a level on a running game either.
        r = httpx.put(f"{base}/api/games/{gid}/seats/1/bot", json={"level": level}, headers=auth(host))
        assert r.status_code == 422, r.text
    assert _stored_count(sqlite_server.url) == 2  # the first game and the one with the default level
    assert httpx.get(f"{base}/api/games/{gid}").json()["seats"][1]["controller"] == "human"


def test_a_stored_raw_level_cannot_freeze_the_bots_after_a_restart(tmp_path: Path) -> None:
    """A seat written with an unbounded search setting (as the API once allowed) is played at a
    player level after a restart, and other games' bots keep moving."""
    path = tmp_path / "games.sqlite3"
    server = ServerProcess(f"sqlite:///{path}", tmp_path / "server.log", ["--bot-workers", "1"]).start()
    try:
        stuck, other = _bot_game(server.base, players=2), _bot_game(server.base, players=2)
        server.kill()
        with sqlite3.connect(path) as db:
            db.execute("UPDATE seats SET bot_level = 'ismcts:2000000000' WHERE game_id = ?", (stuck,))
            versions = dict(db.execute("SELECT id, version FROM games").fetchall())
        server.start()
        _wait(lambda: all(_version(server.base, g) > versions[g] + 10 for g in (stuck, other)), 30,
              "both games moving")
    finally:
        server.stop()


def test_hints_are_limited_per_seat_and_cannot_starve_other_games(tmp_path: Path) -> None:
    web = WebServerProcess(f"sqlite:///{tmp_path / 'g.sqlite3'}", tmp_path / "web.log").start()
    try:
        _hint_flood(web.base)
    finally:
        web.stop()


def _hint_flood(base: str) -> None:
    # Greedy bots: a decision costs about the same in every phase, so the two spans compare the queue,
    # not the game (a search's cost varies several-fold between phases: with searching bots this test
    # once saw 15 moves in 4 s, then 1.3). Each span watches a new game near its start, and the first
    # game ends before the second begins.
    calm = _bot_game(base, level="easy", players=4)
    _wait(lambda: _version(base, calm) > 0, 60, "bot workers started")
    baseline = _moves_in(base, calm, 2.0)
    assert baseline > 20, baseline
    _wait(lambda: httpx.get(f"{base}/api/games/{calm}").json()["status"] == "over", 60, "the first game over")
    made = httpx.post(f"{base}/api/games", json={"game": "constantinopolis", "join": 0,
                                                 "seats": [{"kind": "human"}] * 4}).json()
    gid, tokens = made["game"]["id"], [made["seat"]["token"]]
    for seat in (1, 2, 3):
        tokens.append(httpx.post(f"{base}/api/games/{gid}/join", json={"seat": seat}).json()["token"])
    # 160 hints at once from the game's 4 seats (those not to act get 409) while another game's bots
    # play: the bots' first 2 s against another game's first 2 s alone. One client for all threads: a
    # client each would cost this 2-core machine's bot workers more CPU than the server spends.
    with httpx.Client(base_url=base, timeout=60, limits=httpx.Limits(max_connections=40)) as http:
        def ask(token: str) -> httpx.Response:
            return http.post(f"/web/api/games/{gid}/hint", headers=auth(token))

        with concurrent.futures.ThreadPoolExecutor(40) as pool:
            busy = _bot_game(base, level="easy", players=4)
            asking = pool.map(ask, [tokens[n % 4] for n in range(160)])
            flooded = _moves_in(base, busy, 2.0)
            answers = list(asking)
    codes = [r.status_code for r in answers]
    assert 1 <= codes.count(200) <= 5, codes  # the seat to act: one at a time, 5 a minute
    refused = [r for r in answers if r.status_code == 429]
    assert len(refused) >= 35 - 5, codes
    assert all(int(r.headers["retry-after"]) >= 1 and "hint" in r.json()["detail"] for r in refused)
    assert flooded >= baseline * 0.5, (baseline, flooded)


def test_a_search_setting_cannot_outlast_the_move_time_limit(tmp_path: Path) -> None:
    """The time limit holds inside every level: a hard bot with a 0.2 s limit moves at least a few
    times a second, which its 10,000-call budget alone would not (about 0.2-0.5 s a decision)."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'g.sqlite3'}", tmp_path / "server.log",
                           ["--bot-workers", "1", "--bot-move-seconds", "0.05"]).start()
    try:
        gid = _bot_game(server.base, level="hard", players=2)
        moved = _moves_in(server.base, gid, 5.0)
        assert moved >= 20, moved
    finally:
        server.stop()


# ---- secret randomness --------------------------------------------------------------------------
def test_seeds_are_secret_where_several_humans_play(server: ServerProcess, tmp_path: Path) -> None:
    base = server.base
    r = httpx.post(f"{base}/api/games", json={"game": "valencia", "seed": 123456789, "join": 0, "seats": HUMANS})
    assert r.status_code == 400 and "one human seat" in r.json()["detail"]
    made = httpx.post(f"{base}/api/games", json={"game": "valencia", "join": 0, "seats": HUMANS}).json()
    gid, token = made["game"]["id"], made["seat"]["token"]
    joined = httpx.post(f"{base}/api/games/{gid}/join", json={}).json()
    seed = _stored(server.url, "seed", gid)
    assert seed not in (0, 123456789)
    answers = [json.dumps(made), json.dumps(joined), httpx.get(f"{base}/api/games/{gid}").text,
               httpx.get(f"{base}/api/games/{gid}/public").text,
               httpx.get(f"{base}/api/games/{gid}/seat", headers=auth(token)).text,
               httpx.get(f"{base}/api/games", params={"limit": 200}).text,
               httpx.get(f"{base}/web/api/games/{gid}/log", headers=auth(token)).text]
    assert httpx.get(f"{base}/api/games/{gid}/record").status_code == 409
    for answer in answers:
        assert str(seed) not in answer
    # Practice against bots may choose its seed; the finished record says it was chosen.
    practice = httpx.post(f"{base}/api/games", json={"game": "constantinopolis", "seed": 77, "join": 0,
                                                     "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert practice.status_code == 201, practice.text
    bots = _bot_game(base, players=2)
    _wait(lambda: httpx.get(f"{base}/api/games/{bots}").json()["status"] == "over", 60, "bot game over")
    record = httpx.get(f"{base}/api/games/{bots}/record").json()["record"]
    assert "seed_from_client" not in record
    assert GameRecord.from_json(record).replay().state_hash() == record["final_hash"]


def test_server_seeds_are_not_predictable(sqlite_server: ServerProcess, tmp_path: Path) -> None:
    """Seeds come from the operating system's secret generator: two servers started alike (same
    Python hash seed, same start) still draw different seeds, which a seeded ``random`` would not."""
    seeds = set()
    for _ in range(20):
        gid = httpx.post(f"{sqlite_server.base}/api/games", json={"game": "constantinopolis", "join": 0,
                                                                  "seats": HUMANS}).json()["game"]["id"]
        seeds.add(_stored(sqlite_server.url, "seed", gid))
    assert len(seeds) == 20 and all(0 <= s < 2**63 for s in seeds)


def _stored_count(url: str) -> int:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])


def _stored(url: str, column: str, gid: str) -> int:
    """A game's column as stored (the seed, the version), read straight from the database."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text(f"SELECT {column} FROM games WHERE id = :g"), {"g": gid}).scalar_one())
    finally:
        engine.dispose()


# ---- host powers ----------------------------------------------------------------------------------
def test_a_seat_taken_back_reopens_and_a_finished_game_keeps_its_seats(server: ServerProcess) -> None:
    base = server.base
    made = httpx.post(f"{base}/api/games", json={"game": "constantinopolis", "join": 0,
                                                 "seats": [{"kind": "human"}] * 3}).json()
    gid, host = made["game"]["id"], made["host_token"]
    old = [httpx.post(f"{base}/api/games/{gid}/join", json={"seat": n}).json()["token"] for n in (1, 2)]
    for seat in (1, 2):
        r = httpx.put(f"{base}/api/games/{gid}/seats/{seat}/bot", json={"level": "easy"}, headers=auth(host))
        assert r.status_code == 200, r.text
    r = httpx.delete(f"{base}/api/games/{gid}/seats/2/bot", headers=auth(host))
    assert r.status_code == 200, r.text
    seat2 = r.json()["seats"][2]
    assert seat2["controller"] == "human" and not seat2["taken"]
    assert httpx.get(f"{base}/api/games/{gid}/seat", headers=auth(old[1])).status_code == 403
    joined = httpx.post(f"{base}/api/games/{gid}/join", json={"seat": 2})
    assert joined.status_code == 201, joined.text
    doc = httpx.get(f"{base}/api/games/{gid}/seat", headers=auth(joined.json()["token"])).json()
    assert doc["seat"] == 2 and doc["controller"] == "human"
    # The seat's own player takes seat 1 back and keeps its token.
    assert httpx.delete(f"{base}/api/games/{gid}/seats/1/bot", headers=auth(old[0])).status_code == 200
    assert httpx.get(f"{base}/api/games/{gid}/seat", headers=auth(old[0])).status_code == 200

    bots = httpx.post(f"{base}/api/games", json={"game": "constantinopolis", "join": 0,
                                                 "seats": [{"kind": "human"}, {"kind": "bot"}]}).json()
    bid, bhost = bots["game"]["id"], bots["host_token"]
    assert httpx.put(f"{base}/api/games/{bid}/seats/0/bot", json={"level": "random"},
                     headers=auth(bhost)).status_code == 200
    _wait(lambda: httpx.get(f"{base}/api/games/{bid}").json()["status"] == "over", 60, "game over")
    before = httpx.get(f"{base}/api/games/{bid}").json()
    for method in ("DELETE", "PUT"):
        r = httpx.request(method, f"{base}/api/games/{bid}/seats/0/bot", headers=auth(bhost),
                          json={"level": "easy"} if method == "PUT" else None)
        assert r.status_code == 409 and "over" in r.json()["detail"], r.text
    assert httpx.get(f"{base}/api/games/{bid}").json() == before


# ---- a failed bot turn is retried ---------------------------------------------------------------
def test_bots_move_again_after_the_database_was_locked(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    server = ServerProcess(f"sqlite:///{path}", tmp_path / "server.log", ["--bot-workers", "1"]).start()
    try:
        gid = _bot_game(server.base, players=3)
        _wait(lambda: _version(server.base, gid) > 3, 20, "bots moving")
        lock = sqlite3.connect(path, isolation_level=None, timeout=30)
        lock.execute("BEGIN EXCLUSIVE")
        try:
            # The write lock outlasts the server's bounded wait, so bot turns fail and wait to retry.
            _wait(lambda: any(s["bot_waiting"] for s in httpx.get(f"{server.base}/api/games/{gid}",
                                                                   timeout=10).json()["seats"]),
                  20, "a seat showing its bot waiting")
            time.sleep(3)
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        released = _version(server.base, gid)
        _wait(lambda: _version(server.base, gid) > released + 3, 5 + 30, "bots moving after the lock")
        summary = httpx.get(f"{server.base}/api/games/{gid}").json()
        assert summary["status"] == "over" or not any(s["bot_waiting"] for s in summary["seats"])
    finally:
        server.stop()


# ---- clean processes ----------------------------------------------------------------------------
@pytest.mark.parametrize("group", [True, False])
def test_sigterm_stops_every_bot_worker(tmp_path: Path, group: bool) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'g.sqlite3'}", tmp_path / "server.log",
                           ["--bot-workers", "2"]).start()
    assert server.proc is not None
    _wait(lambda: len(_children(server.proc.pid)) >= 2, 20, "two bot workers")  # type: ignore[union-attr]
    _bot_game(server.base, level="normal")
    workers = _children(server.proc.pid)
    if group:
        os.killpg(server.proc.pid, signal.SIGTERM)
    else:
        server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(20)
    _wait(lambda: not any(_alive(w) for w in workers), 10, f"workers {workers} gone")


def test_a_killed_worker_is_replaced_and_a_killed_server_takes_its_workers(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'g.sqlite3'}", tmp_path / "server.log",
                           ["--bot-workers", "2"]).start()
    assert server.proc is not None
    pid = server.proc.pid
    try:
        _wait(lambda: len(_children(pid)) >= 2, 20, "two bot workers")
        gid = _bot_game(server.base, level="normal")
        first = _children(pid)
        for worker in first:  # kill both workers, one after the other, mid-game (busy or idle)
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)
            time.sleep(0.5)
        _wait(lambda: len(_children(pid) - first) >= 2, 20, "two new workers")
        # No leak: the dead are reaped and exactly the pool's two workers remain.
        assert not any(_alive(w) for w in first)
        assert len(_children(pid)) == 2, _children(pid)
        moved = _version(server.base, gid)
        _wait(lambda: _version(server.base, gid) > moved + 3, 20, "bots moving with the new workers")
        workers = _children(pid)
        os.kill(pid, signal.SIGKILL)  # the server alone, not its process group
        server.proc.wait(10)
        _wait(lambda: not any(_alive(w) for w in workers), 10, f"orphaned workers {workers} gone")
    finally:
        server.stop()


# ---- several processes on PostgreSQL ------------------------------------------------------------
def test_a_survivor_drives_the_bots_of_a_dead_process(pg_server: str, tmp_path: Path) -> None:
    """Bot games created on one process, never loaded by the other: after the first is killed, the
    survivor claims them (their advisory locks died with the process) and plays them on."""
    url = new_pg_database(pg_server)
    first = ServerProcess(url, tmp_path / "first.log", ["--bot-workers", "1"]).start()
    second = ServerProcess(url, tmp_path / "second.log", ["--bot-workers", "1"]).start()
    try:
        games = [_bot_game(first.base, level="normal", players=4) for _ in range(3)]
        _wait(lambda: all(_version(first.base, g) > 5 for g in games), 20, "bots moving on the first")
        first.kill()
        # Read the database, not the survivor, which would load the games by being asked about them.
        killed = {g: _stored(url, "version", g) for g in games}
        _wait(lambda: all(_stored(url, "version", g) > killed[g] + 3 for g in games), 2 + 5,
              "every game moving on the survivor")
    finally:
        first.stop()
        second.stop()


def test_bots_move_again_soon_after_a_postgres_outage(pg_cluster: Any, tmp_path: Path) -> None:
    url = new_pg_database(pg_cluster.url)
    server = ServerProcess(url, tmp_path / "server.log", ["--bot-workers", "1"]).start()
    try:
        games = [_bot_game(server.base, level="normal", players=4) for _ in range(2)]
        _wait(lambda: all(_version(server.base, g) > 5 for g in games), 20, "bots moving")
        pg_cluster.stop()
        time.sleep(8)
        pg_cluster.start()
        back = time.time()
        _wait(lambda: _up(server.base), 10, "server answering")
        versions = {g: _version(server.base, g) for g in games}
        _wait(lambda: all(_version(server.base, g) > versions[g] + 2 for g in games), 5 - (time.time() - back) + 1,
              "bots moving within 5 s of the database's return")
    finally:
        server.stop()
