"""Page routes: every page is one small HTML shell that loads its ES module; the rules page is
generated on the server from the content files, the how-to-play page from each game's Markdown."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from mercator.engine.i18n import LANGS

from .howto import render_howto
from .rules import render_rules

STATIC = Path(__file__).with_name("static")
# Shells change with the code; never let a browser keep an old one.
NO_CACHE = {"Cache-Control": "no-cache"}


def add_pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def start() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=NO_CACHE)

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html", headers=NO_CACHE)

    @app.get("/signin", include_in_schema=False)
    async def signin_page() -> FileResponse:
        return FileResponse(STATIC / "signin.html", headers=NO_CACHE)

    @app.get("/history", include_in_schema=False)
    async def history_page() -> FileResponse:
        return FileResponse(STATIC / "history.html", headers=NO_CACHE)

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard() -> FileResponse:
        return FileResponse(STATIC / "leaderboard.html", headers=NO_CACHE)

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html", headers=NO_CACHE)

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
