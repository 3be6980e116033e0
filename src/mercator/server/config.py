"""Server settings: where the database lives and the limits that protect the service."""

from __future__ import annotations

import os
from dataclasses import dataclass
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
    # Token bucket per token (or per client address without one): steady rate and burst.
    rate_per_second: float = 50.0
    rate_burst: float = 100.0
    bot_workers: int = 1
    cache_size: int = 5000
    # Level of the bot that plays a seat whose clock ran out.
    clock_bot_level: str = "easy"
    # Move everything loaded at startup out of the garbage collector's sight (gc.freeze): a full
    # collection over the imported libraries would otherwise stall every request for 20-200 ms.
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
