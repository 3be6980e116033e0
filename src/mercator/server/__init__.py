"""The Mercator game server: lobby, seats, bots, live updates and event-sourced storage."""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app", "run"]


def run(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, log_level: str = "info",
        **settings_overrides: object) -> None:
    """Serve until interrupted (``mercator serve``); keyword overrides set :class:`Settings` fields."""
    import sys

    import uvicorn

    # The database thread hands the GIL back and forth on every driver call; with the default 5 ms
    # switch interval a busy event loop would make each of those calls wait, so switch sooner.
    sys.setswitchinterval(0.0005)
    settings = Settings.from_env(database, **{"freeze_gc": True, **settings_overrides})
    # No per-message deflate: views are a few kB and compressing each one costs more CPU than it saves.
    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level, access_log=False,
                ws_per_message_deflate=False)
