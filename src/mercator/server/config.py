"""Server settings: where the database lives and the limits that protect the service."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

ENV_DATABASE = "MERCATOR_DATABASE_URL"


def default_database_url() -> str:
    """A SQLite file in the user's data folder (XDG on Linux), created on first use."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("mercator", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'mercator.sqlite3'}"


def resolve_database_url(url: str | None) -> str:
    return url or os.environ.get(ENV_DATABASE) or default_database_url()


@dataclass
class Settings:
    database_url: str
    max_body_bytes: int = 64 * 1024
    # Token bucket per valid token; anonymous requests and unknown tokens share one per client address
    # (the address uvicorn reports: see forwarded_allow_ips). Steady rate and burst.
    rate_per_second: float = 50.0
    rate_burst: float = 100.0
    # Games and players created per client address, whatever the token: a burst, then a few a minute.
    create_burst: float = 20.0
    create_per_minute: float = 6.0
    # Largest WebSocket message a client may send (the live channel only needs a few bytes from it).
    max_ws_message_bytes: int = 4 * 1024
    # uvicorn's HTTP parser. h11 (the default) bounds request heads (max_header_bytes) and takes the
    # request deadline below; httptools is faster (about 20-40% less server CPU per request) but
    # bounds neither, so use it only behind a proxy that does (docs/hosting.md).
    http: str = "h11"
    # Largest request line plus headers (uvicorn's h11_max_incomplete_event_size).
    max_header_bytes: int = 16 * 1024
    # Seconds a client has to send a whole request once the connection is ready for one (slowloris),
    # and seconds an idle keep-alive connection stays open.
    request_timeout_seconds: float = 10.0
    keep_alive_seconds: int = 5
    # Addresses of the reverse proxies whose X-Forwarded-For uvicorn believes; None: uvicorn's default
    # ($FORWARDED_ALLOW_IPS, else 127.0.0.1 and ::1).
    forwarded_allow_ips: str | None = None
    # Seconds a request waits for a locked SQLite file or to connect to PostgreSQL before a 503.
    db_wait_seconds: float = 5.0
    # Smallest time bank and nonzero increment a game's clock may have.
    min_clock_bank_seconds: float = 10.0
    min_clock_increment_seconds: float = 1.0
    # Bot worker processes behind the fair queue (default one per core), the seconds a search may
    # think about one decision, and the hints a seat may ask for a minute (one at a time).
    bot_workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    bot_move_seconds: float = 5.0
    hints_per_minute: int = 5
    cache_size: int = 5000
    # Tune the garbage collector for a long-running server (the cyclic collector finds next to no
    # garbage here, but its pauses stall every request): move everything loaded at startup out of its
    # sight (gc.freeze), and collect the young generation every GC_YOUNG_THRESHOLD net allocations
    # instead of Python's 700 (app.py says why).
    freeze_gc: bool = False
    # FULL: every acknowledged action is on disk (fsync per group commit). NORMAL: safe against a
    # killed server, not against power loss; much cheaper on slow disks.
    sqlite_synchronous: str = "FULL"

    @classmethod
    def from_env(cls, database_url: str | None = None, **overrides: object) -> Settings:
        settings = cls(database_url=resolve_database_url(database_url))
        for key, value in overrides.items():
            setattr(settings, key, value)
        return settings
