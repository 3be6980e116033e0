"""The real web app in a subprocess (temp SQLite database, free loopback port) and the Chromium
the browser tests drive: shared by the tests' fixtures and by benchmarks/web_table.py."""

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
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("MERCATOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


@contextmanager
def running_server() -> Iterator[str]:
    """Start the server, yield its base URL; at the end, fail with its log if it stopped answering."""
    folder = Path(tempfile.mkdtemp(prefix="mercator-web-"))
    port = _free_port()
    # SIGUSR1 makes the server print every thread's stack: a hung server says where it hangs.
    code = ("import faulthandler, signal; faulthandler.register(signal.SIGUSR1, all_threads=True); "
            "from mercator.web.app import run; "
            f"run(port={port}, database='sqlite:///{folder / 'web.sqlite3'}', log_level='warning', "
            "rate_per_second=1000.0, rate_burst=5000.0, create_burst=5000.0, "
            # Short clocks, so a clock can run out within a test.
            "min_clock_bank_seconds=0.0, min_clock_increment_seconds=0.0)")
    log = (folder / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                get_json(f"{base}/api/catalog")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("web server did not start:\n" + (folder / "server.log").read_text()) from None
                time.sleep(0.2)
        yield base
        try:
            get_json(f"{base}/api/catalog")
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
