"""Page routes: every page is one small HTML shell that loads its ES module; the rules page is
generated on the server from the content files, the how-to-play page from each game's Markdown."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from mercator.engine.i18n import LANGS

from .howto import render_howto
from .rules import render_rules

STATIC = Path(__file__).with_name("static")
# Shells change with the code; never let a browser keep an old one.
NO_CACHE = {"Cache-Control": "no-cache"}
# Page path -> the module under static/js/ that draws it (also the body's class).
SHELLS = {"/": "start", "/play/{game_id}": "game", "/replay/{game_id}": "replay", "/signin": "signin",
          "/history": "history", "/leaderboard": "leaderboard"}
SHELL = ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
         '<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Mercator</title>\n'
         '<link rel="stylesheet" href="/static/css/app.css">\n'
         '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">\n</head>\n'
         '<body class="{module}">\n<div id="app" aria-live="polite"></div>\n'
         '<script type="module" src="/static/js/{module}.js"></script>\n</body>\n</html>\n')


def _shell(module: str) -> Callable[[], Awaitable[HTMLResponse]]:
    page = SHELL.format(module=module)

    async def shell() -> HTMLResponse:
        return HTMLResponse(page, headers=NO_CACHE)

    return shell


def add_pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # One shell for every page: its body class and the ES module that draws it.
    for path, module in SHELLS.items():
        app.add_api_route(path, _shell(module), methods=["GET"], include_in_schema=False,
                          response_class=HTMLResponse)

    @app.get("/howto/{game}/{lang}", include_in_schema=False, response_class=HTMLResponse)
    async def howto(game: str, lang: str) -> HTMLResponse:
        from mercator.engine.registry import registry

        page = render_howto(game, lang) if game in registry() else None
        if page is None:
            return HTMLResponse("<!doctype html><title>404</title><p>No such how-to-play page.</p>", 404)
        return HTMLResponse(page)

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_default(game: str) -> RedirectResponse:
        return RedirectResponse(f"/rules/{game}/en")

    @app.get("/rules/{game}/{lang}", include_in_schema=False, response_class=HTMLResponse)
    async def rules(game: str, lang: str) -> HTMLResponse:
        from mercator.engine.registry import registry

        if game not in registry() or lang not in LANGS:
            return HTMLResponse("<!doctype html><title>404</title><p>No such rules page.</p>", 404)
        return HTMLResponse(render_rules(game, lang))
