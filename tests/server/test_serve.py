"""`mercator serve` starts the real service; without a URL it keeps a SQLite file in the data folder."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time

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


def test_mercator_serve_uses_the_data_folder(tmp_path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != ENV_DATABASE}
    env["XDG_DATA_HOME"] = str(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "mercator.cli", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.time() + 30
        spec = None
        while time.time() < deadline and spec is None:
            with contextlib.suppress(httpx.HTTPError):
                spec = httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=1).json()
            time.sleep(0.1)
        assert spec and "/api/games" in spec["paths"]
        assert (tmp_path / "mercator" / "mercator.sqlite3").exists()
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(10)
