"""Issue 16, hosting among strangers: a real server process attacked over HTTP and WebSocket the way
an outsider could (made-up tokens, floods of new games, huge frames and headers, slow requests,
values JSON should not carry, a locked or stopped database). Each test runs the server with its
own defaults (or flags the server has always had), so that it shows the old behaviour failing."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .conftest import PgCluster, ServerProcess, free_port, make_client, new_pg_database
from .helpers import auth, create

BOT_GAME: dict[str, Any] = {"game": "constantinopolis", "seats": [{"kind": "human"}, {"kind": "bot"}]}


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def open_games(base: str) -> list[str]:
    r = httpx.get(base + "/api/games", params={"limit": 200}, timeout=10)
    assert r.status_code == 200, r.text
    return [g["id"] for g in r.json()["games"]]


def count_rows(url: str, table: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())
    finally:
        engine.dispose()


def assert_problem(r: httpx.Response, status: int | tuple[int, ...], *words: str) -> dict[str, Any]:
    """A JSON problem answer whose detail says what was wrong."""
    assert r.status_code in ((status,) if isinstance(status, int) else status), (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json"), r.text
    body = r.json()
    assert isinstance(body["detail"], str), body
    for word in words:
        assert word.lower() in body["detail"].lower(), body
    return body


# ---- 1. rate limits ---------------------------------------------------------------------------------

def test_made_up_tokens_share_the_address_bucket(server_factory: Any, sqlite_url: str) -> None:
    server = server_factory(sqlite_url, unlimited=False, args=["--rate", "1", "--burst", "30"])
    with httpx.Client(base_url=server.base, timeout=10) as c:
        made = create(c, "constantinopolis", BOT_GAME["seats"], join=0)
        gid, seat_token = made["game"]["id"], made["seat"]["token"]
        codes = [c.get("/api/games", params={"token": secrets.token_urlsafe(32)}).status_code for _ in range(100)]
        assert codes.count(200) <= 32 and codes.count(429) >= 65, {k: codes.count(k) for k in set(codes)}
        r = c.get("/api/games", headers=auth(secrets.token_urlsafe(32)))
        body = assert_problem(r, 429, "address")
        assert int(r.headers["retry-after"]) >= 1 and body["retry_after"] == int(r.headers["retry-after"])
        # A token the server issued has a bucket of its own, untouched by the flood...
        for _ in range(10):
            assert c.get(f"/api/games/{gid}/seat", headers=auth(seat_token)).status_code == 200
        # ... while anonymous requests from the flooding address still wait.
        assert c.get("/api/games").status_code == 429


def test_creating_is_limited_per_client_address(server_factory: Any, sqlite_url: str, tmp_path: Path) -> None:
    # Our loopback address is not a proxy this server trusts, so X-Forwarded-For must change nothing.
    server = server_factory(sqlite_url, unlimited=False, env={"FORWARDED_ALLOW_IPS": "10.255.255.1"})
    with httpx.Client(base_url=server.base, timeout=10) as c:
        player = c.post("/api/players", json={"name": "p"}).json()
        codes = []
        for n in range(30):
            headers = {"X-Forwarded-For": f"203.0.113.{n}", **auth(player["token"])}
            r = c.post("/api/games", params={"token": secrets.token_urlsafe(8)}, json=BOT_GAME, headers=headers)
            codes.append(r.status_code)
        # A burst of 20 (the player took one), then a few a minute, valid token or not.
        assert 19 <= codes.count(201) <= 20 and codes.count(429) >= 10, codes
        body = assert_problem(r, 429, "created from this address")
        assert int(r.headers["retry-after"]) >= 1 and body["retry_after"] >= 1
        assert c.post("/api/players", json={"name": "q"}).status_code == 429
        assert c.get("/api/games").status_code == 200  # reading is another, larger bucket
    # Behind a trusted proxy the address is the one it forwards: each client has a bucket of its own.
    proxied = ServerProcess(f"sqlite:///{tmp_path / 'proxied.sqlite3'}", tmp_path / "proxied.log", unlimited=False,
                            env={"FORWARDED_ALLOW_IPS": "127.0.0.1"}).start()
    try:
        with httpx.Client(base_url=proxied.base, timeout=10) as c:
            many = [c.post("/api/games", json=BOT_GAME, headers={"X-Forwarded-For": f"198.51.100.{n}"}).status_code
                    for n in range(25)]
            one = [c.post("/api/games", json=BOT_GAME, headers={"X-Forwarded-For": "198.51.100.200"}).status_code
                   for _ in range(25)]
        assert many == [201] * 25, many
        assert one.count(201) <= 21 and one[-1] == 429, one
    finally:
        proxied.stop()


# ---- 2. WebSocket messages ----------------------------------------------------------------------------

def test_oversized_websocket_messages_close_the_socket(server_factory: Any, sqlite_url: str) -> None:
    server = server_factory(sqlite_url, unlimited=False)
    gid = create(httpx.Client(base_url=server.base, timeout=10), "constantinopolis", BOT_GAME["seats"])["game"]["id"]
    url = server.base.replace("http", "ws", 1) + f"/api/games/{gid}/live"
    before = rss_kb(server.proc.pid)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(url, max_size=None, open_timeout=10)) for _ in range(20)]
        codes: list[Any] = []
        for ws in sockets:
            ws.recv(timeout=10)  # the public state
            # The server may close on the frame's header, while the client is still sending it.
            with contextlib.suppress(ConnectionClosed):
                ws.send("x" * (1 << 20))
        time.sleep(0.5)
        grown = rss_kb(server.proc.pid) - before
        for ws in sockets:
            try:
                ws.recv(timeout=2)
                codes.append(None)
            except ConnectionClosed as closed:
                codes.append(closed.rcvd.code if closed.rcvd else None)
            except TimeoutError:
                codes.append("open")
    assert grown < 16 * 1024, f"the server grew by {grown} kB taking 20 MiB of frames"
    # Every socket is closed; where the client read the close frame before its own send broke the
    # pipe (websockets 17 reports that as no received frame), it says 1009, message too big.
    assert "open" not in codes and set(codes) <= {1009, None} and codes.count(1009) >= 10, codes
    assert httpx.get(server.base + "/api/catalog", timeout=10).status_code == 200


def test_the_app_itself_closes_on_oversized_messages(tmp_path: Path) -> None:
    """Served by plain uvicorn (16 MiB frames allowed), the app still refuses big client messages."""
    port = free_port()
    env = {**os.environ, "MERCATOR_DATABASE_URL": f"sqlite:///{tmp_path / 'plain.sqlite3'}"}
    with open(tmp_path / "plain.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "mercator.web.app:create_web_app",
                                 "--port", str(port), "--log-level", "warning"], stdout=log, stderr=subprocess.STDOUT,
                                env=env, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 30
        while True:
            try:
                if httpx.get(base + "/api/catalog", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.time() < deadline and proc.poll() is None, (tmp_path / "plain.log").read_text()[-2000:]
            time.sleep(0.1)
        gid = create(httpx.Client(base_url=base, timeout=10), "constantinopolis", BOT_GAME["seats"])["game"]["id"]
        with connect(f"ws://127.0.0.1:{port}/api/games/{gid}/live", max_size=None, open_timeout=10) as ws:
            ws.recv(timeout=10)
            ws.send("x" * 64 * 1024)
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(10)


# ---- 3. headers and slow requests --------------------------------------------------------------------

def _raw(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send ``data`` on a fresh connection and return what the server answers before closing."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(data)
            return s.recv(200)
        except (ConnectionResetError, BrokenPipeError):
            return b""


def test_a_huge_header_is_refused(server_factory: Any, sqlite_url: str) -> None:
    server = server_factory(sqlite_url, unlimited=False)
    answer = _raw(server.port, b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1 << 20) + b"\r\n\r\n")
    assert answer == b"" or answer.startswith((b"HTTP/1.1 400", b"HTTP/1.1 431")), answer[:80]
    assert _raw(server.port, b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Small: " + b"a" * 4000 + b"\r\n\r\n"
                ).startswith(b"HTTP/1.1 200")


def _seconds_until_closed(port: int, chunks: list[bytes], gap: float, limit: float = 16) -> float | None:
    """Send ``chunks`` ``gap`` seconds apart (then nothing); seconds until the server closes, or None."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=limit) as s:
        s.settimeout(gap or limit)
        for chunk in chunks:
            try:
                s.sendall(chunk)
                if s.recv(100) == b"":
                    return time.monotonic() - started
            except TimeoutError:
                continue
            except (ConnectionResetError, BrokenPipeError):
                return time.monotonic() - started
        s.settimeout(max(0.1, limit - (time.monotonic() - started)))
        try:
            data = s.recv(100)
        except TimeoutError:
            return None
        except ConnectionResetError:
            data = b""
        return time.monotonic() - started if data == b"" else None


def test_slow_and_idle_connections_are_closed(server_factory: Any, sqlite_url: str) -> None:
    """The default deadline is 10 s for a whole request; slowloris tricks all get cut off by then,
    while a WebSocket lives on and a normal keep-alive client is served."""
    server = server_factory(sqlite_url, unlimited=False)
    port = server.port
    head = b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n"
    attacks = {
        "half a head, then nothing": ([head], 0.0),
        "nothing at all": ([], 0.0),
        "a byte every half second": ([bytes([b]) for b in head + b"X-Slow: " + b"a" * 60], 0.5),
        "a head and half a body": ([b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                    b"Content-Length: 100\r\n\r\n{\"name\":"], 0.0),
    }
    gid = create(httpx.Client(base_url=server.base, timeout=10), "constantinopolis", BOT_GAME["seats"])["game"]["id"]

    def websocket_outlives_the_deadline() -> bool:
        with connect(server.base.replace("http", "ws", 1) + f"/api/games/{gid}/live", open_timeout=10) as ws:
            ws.recv(timeout=10)
            time.sleep(12)
            ws.ping().wait(5)
            return True

    with ThreadPoolExecutor(len(attacks) + 1) as pool:
        ws = pool.submit(websocket_outlives_the_deadline)
        times = {name: pool.submit(_seconds_until_closed, port, chunks, gap) for name, (chunks, gap) in attacks.items()}
        with httpx.Client(base_url=server.base, timeout=10) as c:  # an honest client meanwhile
            for _ in range(3):
                assert c.get("/api/catalog").status_code == 200
                time.sleep(1)
        closed = {name: f.result() for name, f in times.items()}
        assert ws.result() is True
    assert all(t is not None and t < 13 for t in closed.values()), closed


# ---- 4 and 5. values the server cannot keep ----------------------------------------------------------

def test_a_clock_below_the_minimum_is_refused(db_url: str, server_factory: Any) -> None:
    server = server_factory(db_url, unlimited=False)
    post = httpx.Client(base_url=server.base, timeout=10).post
    assert_problem(post("/api/games", json={**BOT_GAME, "clock": {"bank_seconds": 0.0004}}), 422,
                   "bank_seconds", "at least 10 seconds")
    assert_problem(post("/api/games", json={**BOT_GAME, "clock": {"bank_seconds": 9.9}}), 422, "at least 10 seconds")
    assert_problem(post("/api/games", json={**BOT_GAME, "clock": {"bank_seconds": 60, "increment_seconds": 0.0004}}),
                   422, "increment_seconds", "0 or at least 1 seconds")
    assert open_games(server.base) == []  # nothing was stored
    ok = post("/api/games", json={**BOT_GAME, "clock": {"bank_seconds": 10, "increment_seconds": 0}})
    assert ok.status_code == 201, ok.text
    ok = post("/api/games", json={**BOT_GAME, "clock": {"bank_seconds": 60.5, "increment_seconds": 2}})
    assert ok.status_code == 201 and ok.json()["game"]["clock"] == {"bank_seconds": 60.5, "increment_seconds": 2.0}
    assert len(open_games(server.base)) == 2


def test_unstorable_values_are_refused_and_nothing_is_stored(db_url: str, server_factory: Any) -> None:
    server = server_factory(db_url, unlimited=False)
    seats = '"seats":[{"kind":"human"},{"kind":"bot"}]'
    cases = [
        ("/api/games", f'{{"game":"constantinopolis",{seats},"seed":NaN}}', "NaN"),
        ("/api/games", f'{{"game":"constantinopolis",{seats},"options":{{"free_trade":Infinity}}}}', "Infinity"),
        ("/api/games", f'{{"game":"constantinopolis",{seats},"clock":{{"bank_seconds":-Infinity}}}}', "Infinity"),
        ("/api/games", f'{{"game":"constantinopolis",{seats},"clock":{{"bank_seconds":1e999}}}}', "Infinity"),
        ("/api/games", f'{{"game":"constantinopolis",{seats},"name":"a\\ud800b"}}', "surrogate"),
        ("/api/games", f'{{"game":"constantinopolis",{seats},"\\udc00":1}}', "surrogate"),
        ("/api/games", f'{{"game":"constantinopolis\\udfff",{seats}}}', "surrogate"),
        ("/api/games", f'{{"game":"constantinopolis",{seats},"name":"a\\u0000b"}}', "NUL"),
        ("/api/games", '{"game":"constantinopolis","seats":[{"kind":"human","name":"\\u0000"},{"kind":"bot"}]}',
         "NUL"),
        ("/api/games", '{"game":"constantinopolis","seats":[{"kind":"human"},{"kind":"bot","level":"' + "x" * 40
         + '"}]}', "level"),
        ("/api/games", '{"game":"constantinopolis","seats":[{"kind":"human"},{"kind":"bot","level":"ismcts:' + "9" * 40
         + '"}]}', "level"),
        ("/api/players", '{"name":"a\\u0000b"}', "NUL"),
        ("/api/players", '{"name":"\\udc00"}', "surrogate"),
        ("/api/players", '{"name":NaN}', "NaN"),
        ("/api/games/0123456789abcdef/actions", '{"version":0,"action":{"kind":NaN}}', "NaN"),
        ("/api/games/0123456789abcdef/join", '{"name":"\\ud83d"}', "surrogate"),
        ("/api/games", '{"game": "constantinopolis", ', "invalid JSON"),
    ]
    with httpx.Client(base_url=server.base, timeout=10) as c:
        for path, body, word in cases:
            r = c.post(path, content=body.encode(), headers={"content-type": "application/json"})
            assert_problem(r, (400, 422), word)
    assert open_games(server.base) == []
    assert count_rows(db_url, "games") == 0 and count_rows(db_url, "players") == 0


# ---- 6. the database away ----------------------------------------------------------------------------

HOLD_LOCK = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.read()
conn.execute("ROLLBACK")
"""


def test_a_locked_sqlite_file_answers_503_soon(server_factory: Any, sqlite_url: str) -> None:
    server = server_factory(sqlite_url, unlimited=False)
    path = sqlite_url.split("///", 1)[1]
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"locked\n"
        started = time.monotonic()
        r = httpx.post(server.base + "/api/games", json=BOT_GAME, timeout=20)
        waited = time.monotonic() - started
        body = assert_problem(r, 503, "database")
        assert waited < 8, f"answered after {waited:.1f} s"
        assert int(r.headers["retry-after"]) >= 1 and body["retry_after"] >= 1
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)
    r = httpx.post(server.base + "/api/games", json=BOT_GAME, timeout=20)
    assert r.status_code == 201, r.text
    assert sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone() == (1,)


def test_postgres_down_answers_503_and_recovers(pg_cluster: PgCluster, server_factory: Any) -> None:
    server = server_factory(new_pg_database(pg_cluster.url), unlimited=False)
    with httpx.Client(base_url=server.base, timeout=20) as c:
        assert c.post("/api/games", json=BOT_GAME).status_code == 201
        pg_cluster.stop()
        started = time.monotonic()
        for r in (c.post("/api/games", json=BOT_GAME), c.post("/api/players", json={"name": "p"}),
                  c.get("/api/games")):
            body = assert_problem(r, 503, "database")
            assert int(r.headers["retry-after"]) >= 1 and body["retry_after"] >= 1
        assert time.monotonic() - started < 10
        pg_cluster.start()
        deadline = time.monotonic() + 20
        while (r := c.post("/api/games", json=BOT_GAME)).status_code != 201 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert r.status_code == 201, r.text
        assert len(c.get("/api/games").json()["games"]) == 2


# ---- the OpenAPI document -----------------------------------------------------------------------------

def test_openapi_declares_the_limit_answers(sqlite_url: str) -> None:
    with make_client(sqlite_url, bots=False) as client:
        doc = client.get("/openapi.json").json()
    for path, methods in doc["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, op in methods.items():
            declared = set(op["responses"])
            assert {"422", "429", "503"} <= declared, (method, path, sorted(declared))
            assert op["responses"]["422"]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"}, (method, path)
            if method in ("post", "put"):
                assert "413" in declared, (method, path)
    problem = doc["components"]["schemas"]["Problem"]["properties"]
    assert {"detail", "retry_after", "errors"} <= set(problem)
    assert json.dumps(doc)  # the document itself is plain JSON
