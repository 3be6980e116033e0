"""`mercator serve` starts the real service; without a URL it keeps a SQLite file in the data folder."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx

from mercator.server.config import ENV_DATABASE, resolve_database_url

from .conftest import free_port


def test_database_url_resolution(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(ENV_DATABASE, "postgresql+psycopg://u@127.0.0.1/db")
    assert resolve_database_url(None) == "postgresql+psycopg://u@127.0.0.1/db"
    assert resolve_database_url("sqlite:///x.db") == "sqlite:///x.db"
    monkeypatch.delenv(ENV_DATABASE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert resolve_database_url(None) == f"sqlite:///{tmp_path / 'mercator' / 'mercator.sqlite3'}"


@contextlib.contextmanager
def _serve(tmp_path, *args: str) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != ENV_DATABASE}
    env["XDG_DATA_HOME"] = str(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "mercator.cli", "serve", "--port", str(port), *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.time() + 30
        spec = None
        while time.time() < deadline and spec is None:
            with contextlib.suppress(httpx.HTTPError):
                spec = httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=1).json()
            time.sleep(0.1)
        assert spec and "/api/games" in spec["paths"]
        yield f"http://127.0.0.1:{port}"
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(10)


def test_mercator_serve_uses_the_data_folder(tmp_path) -> None:
    with _serve(tmp_path):
        assert (tmp_path / "mercator" / "mercator.sqlite3").exists()


def test_mercator_serve_sets_the_hint_limit_and_the_bot_time(tmp_path) -> None:
    with _serve(tmp_path, "--hints-per-minute", "1", "--bot-move-seconds", "0.05") as base:
        made = httpx.post(f"{base}/api/games", json={"game": "constantinopolis", "join": 0,
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        gid, tokens = made["game"]["id"], [made["seat"]["token"]]
        joined = httpx.post(f"{base}/api/games/{gid}/join", json={"seat": 1})  # the game starts
        assert joined.status_code == 201
        tokens.append(joined.json()["token"])
        token = tokens[httpx.get(f"{base}/api/games/{gid}").json()["to_act"][0]]  # the first player is drawn

        def ask() -> httpx.Response:
            return httpx.post(f"{base}/web/api/games/{gid}/hint", headers={"Authorization": f"Bearer {token}"},
                              timeout=30)

        assert ask().status_code == 200
        refused = ask()
        assert refused.status_code == 429 and "at most 1 hint a minute" in refused.json()["detail"]
        # Hard bots capped at 0.05 s a decision make far more moves than their budget alone allows.
        bots = httpx.post(f"{base}/api/games", json={"game": "constantinopolis",
                                                     "seats": [{"kind": "bot", "level": "hard"}] * 2}).json()
        version = lambda: httpx.get(f"{base}/api/games/{bots['game']['id']}").json()["version"]  # noqa: E731
        time.sleep(1.0)
        start = version()
        time.sleep(5.0)
        assert version() - start >= 20
