"""The web app: the game server's API with the browser client's pages, assets and helper routes.

``mercator serve`` and ``make run`` serve ``create_web_app(Settings.from_env(...))`` with uvicorn.
"""

from __future__ import annotations

from fastapi import FastAPI

from mercator.server import Settings, create_app, uvicorn_options
from mercator.server.bots import BotPool

from .api import add_web_api
from .pages import add_pages


def create_web_app(settings: Settings | None = None, bots: bool | BotPool = True) -> FastAPI:
    """The server's app (same arguments as :func:`mercator.server.create_app`) plus the client.

    Without settings the database comes from the environment or the user's data folder."""
    app = create_app(settings or Settings.from_env(), bots=bots)
    app.title = "Mercator"
    add_web_api(app)
    add_pages(app)
    return app


def run(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, log_level: str = "info",
        **settings_overrides: object) -> None:
    """Serve the web app until interrupted, printing the address to open; keyword overrides set
    :class:`Settings` fields (as in :func:`mercator.server.run`)."""
    import sys

    import uvicorn

    sys.setswitchinterval(0.0005)  # as mercator.server.run: the database thread hands the GIL back often
    settings = Settings.from_env(database, **{"freeze_gc": True, **settings_overrides})
    app = create_web_app(settings)
    print(f"Mercator is running: open http://{host}:{port}/ in a browser (Ctrl+C stops it)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, **uvicorn_options(settings))
