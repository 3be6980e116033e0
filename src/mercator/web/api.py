"""JSON routes only the browser client needs, beside the server's own API: interface text,
content tables, the per-seat log, hints and replays. They read the server's game service
(``app.state.service``) and never write to it."""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from collections import deque
from functools import cache
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from mercator.bots.review import costliest
from mercator.engine.explain import explanations
from mercator.engine.i18n import LANGS, catalog, describe, words
from mercator.games import all_games, get
from mercator.server import render
from mercator.server.errors import Conflict, Forbidden, NotFound, TooMany, Unavailable
from mercator.server.schemas import ERRORS

from .events import LogCache, digest, lines
from .review import Reviews
from .rules import ui_text
from .sample import sample_position

WEB_API = "/web/api"
HINT_TOP = 3  # moves a hint names, best first


def _token(request: Request) -> str | None:
    kind, _, value = request.headers.get("authorization", "").partition(" ")
    if kind.lower() == "bearer" and value.strip():
        return value.strip()
    return request.query_params.get("token")


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


@cache
def game_content(game: str) -> dict[str, Any]:
    """The content tables a board needs to name and price what it shows (empty for games without)."""
    info = get(game)
    return info.plugin("board_tables")() if info.has_plugin("board_tables") else {}


def display_names(entry: Any, lang: str | None) -> list[str]:
    return render.display_names(entry, _lang(lang))


class HintLimit:
    """Hints are searches on the shared bot workers: a seat may have one in flight and ``per_minute``
    in any minute, so a player cannot crowd other games' bots out of the queue."""

    def __init__(self) -> None:
        self.recent: dict[tuple[str, int], deque[float]] = {}
        self.busy: set[tuple[str, int]] = set()

    def refuse(self, key: tuple[str, int], per_minute: int, now: float) -> TooMany | None:
        """Why a hint is refused now, with the seconds to wait (if not, the seat's hint is started)."""
        if key in self.busy:
            return TooMany("a hint for this seat is still being worked out; wait for it", 1, "hint_busy")
        recent = self.recent.setdefault(key, deque())
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= per_minute:
            wait = max(1, math.ceil(60 - (now - recent[0])))
            hints = "hint" if per_minute == 1 else "hints"
            return TooMany(f"at most {per_minute} {hints} a minute per seat", wait, "hint_limit", n=per_minute)
        recent.append(now)
        self.busy.add(key)
        if len(self.recent) > 10_000:  # forget seats with no hint in the last minute
            self.recent = {k: v for k, v in self.recent.items() if v and v[-1] > now - 60}
        return None


def add_web_api(app: FastAPI) -> None:
    logs = LogCache()
    hints = HintLimit()
    reviews = Reviews()

    def service() -> Any:
        return app.state.service

    async def seat_of(entry: Any, request: Request) -> int | None:
        """The seat the request's token plays (a seat token or the player's own), or None."""
        token = _token(request)
        wanted = request.query_params.get("seat")
        want = int(wanted) if wanted and wanted.isdigit() else None
        svc = service()
        try:
            return int(svc.seat_of(entry, token, wanted=want))
        except Exception:
            player = await svc.player(token)
            if player is None:
                return None
            mine = [s.seat for s in entry.seats if s.player_id == player["id"]]
            try:
                return int(svc.seat_of(entry, None, mine, want))
            except Exception:
                return None

    async def entry_or_404(game_id: str) -> Any:
        try:
            return await service().get(game_id)
        except Exception:
            return None

    @app.get(f"{WEB_API}/catalog", responses=ERRORS, tags=["web"])
    async def catalog_route(lang: str = "en") -> list[dict[str, Any]]:
        """Games with their description, player counts (per edition) and options."""
        ui = ui_text()[_lang(lang)]
        return [{"name": g.name, "title": g.title, "summary": ui.get(f"game_{g.name}", g.summary),
                 "player_counts": list(g.player_counts), "board": g.plugins.web_board, "layout": g.space.layout(),
                 "options": {k: list(v) for k, v in g.options.items()},
                 "counts_by_option": [{"option": k[0], "value": k[1], "counts": list(v)}
                                      for k, v in g.counts_by_option.items()]} for g in all_games()]

    @app.get(f"{WEB_API}/i18n/{{lang}}", responses=ERRORS, tags=["web"])
    async def i18n(lang: str, game: str | None = None) -> dict[str, Any]:
        """Interface text, and the game's names of goods, offices, buildings ... in ``lang``."""
        lang = _lang(lang)
        names: dict[str, Any] = {}
        plurals: dict[str, Any] = {}
        if game:
            get(game)
            names = {k: v for k, v in catalog(game).get(lang, {}).items()
                     if k not in ("events", "actions", "plurals", "explain")}
            plurals = catalog(game).get(lang, {}).get("plurals", {})
        return {"lang": lang, "ui": {**words()[lang], **ui_text()[lang]}, "names": names, "plurals": plurals,
                "explain": explanations(game, lang) if game else {}}

    @app.get(f"{WEB_API}/sample/{{game}}", responses=ERRORS, tags=["web"])
    async def sample_route(game: str, lang: str = "en") -> dict[str, Any]:
        """A fixed sample position (seat 1's view) that the how-to-play pages draw their pictures from."""
        get(game)
        return await asyncio.to_thread(sample_position, game, _lang(lang))

    @app.get(f"{WEB_API}/content/{{game}}", responses=ERRORS, tags=["web"])
    async def content_route(game: str) -> dict[str, Any]:
        get(game)
        return game_content(game)

    @app.get(f"{WEB_API}/games/{{game_id}}/log", responses=ERRORS, tags=["web"])
    async def log_route(game_id: str, request: Request, lang: str = "en", since: int = 0,
                        after: str = "") -> JSONResponse:
        """Log lines from action ``since`` on; ``after`` is the digest the client got last time, and
        when the history before ``since`` changed (an undo) the whole log comes back (``reset``)."""
        entry = await entry_or_404(game_id)
        if entry is None:
            raise NotFound("no such game", "no_game")
        viewer = await seat_of(entry, request)
        if viewer is None:
            service().may_watch(entry)
        history = list(entry.state.history)
        reset = since > len(history) or digest(history, since) != after
        start = 0 if reset else since
        log = await asyncio.to_thread(logs.log, entry.id, entry.state)
        names = display_names(entry, lang)
        return JSONResponse({"reset": reset, "actions": len(history), "digest": digest(history, len(history)),
                             "lines": lines(entry.game, log, viewer, _lang(lang), names, start)})

    @app.post(f"{WEB_API}/games/{{game_id}}/hint", responses=ERRORS, tags=["web"])
    async def hint(game_id: str, request: Request) -> JSONResponse:
        """The ``normal`` bot's best moves for the caller's own seat (it decides from that seat's knowledge):
        ``index`` its choice, ``top`` up to HINT_TOP moves best first, each with the share of the search
        spent on it and its estimated lead over the best other seat in the game's points."""
        entry = await entry_or_404(game_id)
        if entry is None:
            raise NotFound("no such game", "no_game")
        seat = await seat_of(entry, request)
        if seat is None:
            raise Forbidden("a valid seat or player token is required", "seat_token")
        if seat not in entry.to_act():
            raise Conflict("not your turn", None, "hint_not_your_turn")
        pool = service().bots
        if pool is None:
            raise Unavailable("this server runs no bots, so it gives no hints", "no_bots_hint")
        key = (entry.id, seat)
        refused = hints.refuse(key, app.state.settings.hints_per_minute, time.monotonic())
        if refused:
            raise refused
        state, version = entry.state, entry.version
        try:  # the game's own queue on the bot workers, so its hints wait behind its bots, not others'
            top = await pool.rank(f"hint:{entry.id}", state, seat, "normal", secrets.randbelow(2**63), HINT_TOP,
                                  group=entry.id)
        finally:
            hints.busy.discard(key)
        index = top[0][0]
        return JSONResponse({"version": version, "index": index, "action": state.SPACE.actions[index].to_json(),
                             "top": [{"index": i, "action": state.SPACE.actions[i].to_json(), "share": share,
                                      "lead": lead} for i, share, lead in top]})

    @app.get(f"{WEB_API}/games/{{game_id}}/review", responses=ERRORS, tags=["web"])
    async def review(game_id: str, lang: str = "en", top: int = 5) -> JSONResponse:
        """A finished game's review: each human decision that had a choice, re-examined by the normal
        bot from that seat's knowledge (gain: the estimated points the better move adds to the seat's
        lead; rough: estimated one ply deep), and the ``top`` (1-20) costliest."""
        entry = await entry_or_404(game_id)
        if entry is None:
            raise NotFound("no such game", "no_game")
        if entry.status != "over":
            raise Conflict("the review opens when the game is over", None, "review_not_over")
        if not 1 <= top <= 20:
            return JSONResponse({"detail": f"top must be 1-20, not {top}"}, 422)
        pool = service().bots
        if pool is None:
            raise Unavailable("this server runs no bots, so it reviews no games", "no_bots_review")
        lang = _lang(lang)
        decisions = [{**{k: v for k, v in d.items() if k != "text"}, "chosen_text": d["text"][lang][0],
                      "best_text": d["text"][lang][1]} for d in await reviews.of(entry, pool)]
        return JSONResponse({"game": entry.game, "level": "normal", "decisions": decisions,
                             "costliest": costliest(((d["n"], d["gain"]) for d in decisions), top)})

    @app.get(f"{WEB_API}/games/{{game_id}}/replay", responses=ERRORS, tags=["web"])
    async def replay(game_id: str, lang: str = "en", step: int | None = None) -> JSONResponse:
        """A finished game: its actions with log lines, and the public view after ``step`` actions."""
        entry = await entry_or_404(game_id)
        if entry is None:
            raise NotFound("no such game", "no_game")
        if entry.status != "over":
            raise Conflict("the replay opens when the game is over", None, "replay_not_over")
        history = list(entry.state.history)
        names = display_names(entry, lang)
        out: dict[str, Any] = {"game": entry.game, "names": names, "steps": len(history)}
        if step is None:
            log = await asyncio.to_thread(logs.log, entry.id, entry.state)
            out["lines"] = lines(entry.game, log, None, _lang(lang), names)
            out["actions"] = [{"seat": s, "action": entry.state.SPACE.actions[i].to_json()} for s, i in history]
            out["scores"], out["ranking"] = list(entry.state.scores()), list(entry.state.ranking())
        else:
            step = max(0, min(step, len(history)))
            view, to_act, text = await asyncio.to_thread(_public_at, entry, history[:step], _lang(lang), names)
            out.update(step=step, view=view, to_act=to_act, action_text=text)
        return JSONResponse(out)


def _public_at(entry: Any, history: list[tuple[int, int]], lang: str,
               names: list[str]) -> tuple[dict[str, Any], list[int], str | None]:
    """The public view after the first actions of a finished game's history, and the last of
    those actions in words, as its seat read it when choosing."""
    state = get(entry.game).new(entry.players, seed=entry.seed, options=entry.options)
    text = None
    for n, (seat, index) in enumerate(history, start=1):
        if n == len(history):
            action = state.SPACE.actions[index].to_json()
            text = describe(entry.game, state.view(seat), seat, action, lang, names)
        state.apply(seat, index)
    return state.view(None), list(state.to_act()), text

