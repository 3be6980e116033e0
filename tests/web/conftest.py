"""Browser tests: a real web server in a subprocess (temp SQLite database, loopback port) and
Debian's headless Chromium driven by Playwright. Nothing is mocked."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("MERCATOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The web app on a free loopback port; yields its base URL."""
    pytest.importorskip("fastapi", reason="the server extras (fastapi, uvicorn, sqlalchemy) are not installed")
    folder = Path(tempfile.mkdtemp(prefix="mercator-web-"))
    port = _free_port()
    # SIGUSR1 makes the server print every thread's stack: a hung server says where it hangs.
    code = ("import faulthandler, signal; faulthandler.register(signal.SIGUSR1, all_threads=True); "
            "from mercator.web.app import run; "
            f"run(port={port}, database='sqlite:///{folder / 'web.sqlite3'}', log_level='warning', "
            "rate_per_second=1000.0, rate_burst=5000.0, create_burst=5000.0)")
    log = (folder / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _get(f"{base}/api/catalog")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("web server did not start:\n" + (folder / "server.log").read_text()) from None
                time.sleep(0.2)
        yield base
        try:
            _get(f"{base}/api/catalog")
        except OSError as exc:
            proc.send_signal(signal.SIGUSR1)
            time.sleep(1)
            log.flush()
            tail = (folder / "server.log").read_text()[-20_000:]
            raise RuntimeError(f"the web server stopped answering ({exc}); its log ends:\n{tail}") from None
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    ignore = ARTIFACTS / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*\n")
    return ARTIFACTS
