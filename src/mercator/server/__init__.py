"""The Mercator game server: lobby, seats, bots, live updates and event-sourced storage."""

from typing import Any

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app", "run", "uvicorn_options"]


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for a server open to strangers (docs/hosting.md): small request heads and
    WebSocket messages, a deadline for each request to arrive, X-Forwarded-For only from the
    proxies named in ``forwarded_allow_ips``."""
    from .protocol import with_deadline

    if settings.http not in ("h11", "httptools"):
        raise ValueError(f"http must be h11 or httptools, not {settings.http!r}")
    # h11 by default: only with it can uvicorn bound a request head; the deadline is ours (protocol.py).
    http: dict[str, Any] = {"http": "httptools"} if settings.http == "httptools" else {
        "http": with_deadline(settings.request_timeout_seconds),
        "h11_max_incomplete_event_size": settings.max_header_bytes}
    return {
        **http,
        "timeout_keep_alive": settings.keep_alive_seconds,
        "ws_max_size": settings.max_ws_message_bytes,
        # No per-message deflate: views are a few kB and compressing each one costs more CPU than it saves.
        "ws_per_message_deflate": False,
        "proxy_headers": True,
        "forwarded_allow_ips": settings.forwarded_allow_ips,
        "access_log": False,
    }


def run(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, log_level: str = "info",
        **settings_overrides: object) -> None:
    """Serve until interrupted (``mercator serve``); keyword overrides set :class:`Settings` fields."""
    import sys

    import uvicorn

    # The database thread hands the GIL back and forth on every driver call; with the default 5 ms
    # switch interval a busy event loop would make each of those calls wait, so switch sooner.
    sys.setswitchinterval(0.0005)
    settings = Settings.from_env(database, **{"freeze_gc": True, **settings_overrides})
    from .logs import log_config

    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level, log_config=log_config(),
                **uvicorn_options(settings))
