"""The HTTP and WebSocket API (FastAPI). Routes stay thin: the game service does the work."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import Body, FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from mercator.engine.errors import IllegalAction
from mercator.engine.i18n import LANGS, refusal
from mercator.engine.record import sealed
from mercator.games import all_games
from mercator.games import get as get_game

from . import render
from .bots import BotPool
from .config import Settings
from .db import Store, is_postgres, make_engine, migrate, parse_notification
from .errors import Conflict, Forbidden, NotFound, Refused, TooMany, Unavailable
from .games import GameEntry, GameService
from .limits import BodyLimit, RateLimit
from .live import Hub, listen
from .ops import add_ops_routes
from .ratings import BOT_RATINGS, ordinal
from .schemas import (
    ERRORS,
    BotRequest,
    CatalogEntry,
    ChatRequest,
    ChatSwitch,
    CreatedGame,
    CreateGame,
    CreatePlayer,
    FinishedGame,
    GameList,
    GameSummary,
    History,
    JoinGame,
    Lang,
    Leaderboard,
    LeaderRow,
    MyGame,
    MyGames,
    PlayerInfo,
    PlayerOut,
    PublicState,
    RecordOut,
    Rematch,
    RenamePlayer,
    SeatLink,
    SeatRating,
    SeatRatings,
    SeatState,
    TimeoutChoice,
    UndoRequest,
)
from .schemas import ActionRequest as ActionBody

log = logging.getLogger("mercator.server")
# How long a live client asking for a seat may take to send its token.
WS_AUTH_SECONDS = 10.0
API = "/api"
DESCRIPTION = """Lobby, seats with capability tokens, play, spectate, replays and live updates.

* Tokens go in `Authorization: Bearer <token>` or `?token=`: a seat token (from creating or joining),
  the host token (hands seats to bots) or a player token (groups a player's seats across games).
* Every change has a version; post an action with the version it was chosen at. A stale version
  gets 409 with the current one; an illegal action gets 400 with the engine's reason.
* Live updates: WebSocket `/api/games/{game_id}/live?token=<seat token>` (no token: spectator).
  The current state (the `SeatState` or `PublicState` document) is sent at once and again on every
  change; a slow client skips to the newest state rather than queueing old ones.
"""
# Seconds a client is asked to wait after a 503 (database away).
DB_RETRY_SECONDS = 5
# Net allocations between young-generation collections when serving (Python's default is 700). At
# 400 games Python's default ran 45 young collections a second; objects alive across them (requests in
# flight, game states) were promoted, and a full collection over the ~190,000 objects of 800 live
# WebSockets followed every 3 s: 7-9% of the server's CPU and pauses of 100-350 ms. At 10,000 the
# young collections take a few ms each and the older generations are rarely reached; the collector
# still runs, so reference cycles are still freed.
GC_YOUNG_THRESHOLD = 10_000


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    kind, _, value = header.partition(" ")
    if kind.lower() == "bearer" and value.strip():
        return value.strip()
    return request.query_params.get("token")


def _lang(request: Request) -> str | None:
    """The language the request's ``lang`` asks its refusals in (the web pages send theirs)."""
    lang = request.query_params.get("lang")
    return lang if lang in LANGS else None


def _refused(exc: Exception, status: int, lang: str | None, **extra: Any) -> JSONResponse:
    """A refusal (the engine's or the server's): with ``lang``, its reason as a player reads it (the
    English message otherwise, for programs), and its code either way."""
    detail = refusal(exc, lang) if lang else str(exc)
    code = getattr(exc, "code", None)
    wait = getattr(exc, "retry_after", None)
    headers = {"Retry-After": str(wait)} if isinstance(exc, TooMany | Unavailable) and wait else None
    return JSONResponse({"detail": detail, **({"code": code} if code else {}), **extra}, status, headers)


def _json(body: bytes, status: int = 200) -> Response:
    return Response(content=body, status_code=status, media_type="application/json")


def create_app(settings: Settings, bots: bool | BotPool = True) -> FastAPI:
    """The application. ``bots`` may be a running :class:`BotPool` to share (tests), or False for none."""
    hub = Hub()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url, settings.sqlite_synchronous, settings.db_wait_seconds)
        await asyncio.to_thread(migrate, engine)
        own_pool = bots is True
        pool: BotPool | None = (BotPool(settings.bot_workers, settings.bot_move_seconds) if bots is True
                                else bots or None)
        if own_pool and pool:
            pool.warm()
        service = GameService(Store(engine), pool, settings.cache_size)
        service.listeners.append(lambda entry: hub.publish(entry.id))
        app.state.service = service
        app.state.settings = settings
        metrics = getattr(app.state, "metrics", None)
        if metrics is not None:
            service.on_action = metrics.action
            if own_pool and pool:
                pool.on_wait = metrics.bot_wait
        listener = None
        if is_postgres(settings.database_url):
            ready = asyncio.Event()
            listener = asyncio.create_task(listen(settings.database_url, _on_notify, _on_reconnect, ready))
            await asyncio.wait_for(ready.wait(), 30)
        if settings.freeze_gc:
            gc.collect()
            gc.freeze()
            gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
        # Games in play are loaded in the background (their bots and clocks carry on); a request for
        # one that is not loaded yet simply loads it first.
        service.spawn(service.resume())
        log.info("mercator server ready on %s", engine.url.render_as_string())
        try:
            yield
        finally:
            if listener:
                listener.cancel()
            await service.close()
            if own_pool and pool:
                pool.close()
            engine.dispose()

    async def _on_notify(payload: str) -> None:
        service: GameService = app.state.service
        game_id, version, action = parse_notification(payload)
        entry = service.cache.get(game_id)
        if entry is None or (version is not None and version <= max(entry.version, entry.writing)):
            return  # not ours to show, or our own write (perhaps still on its way back from the commit)
        service.notified(entry, version, action)

    async def _on_reconnect() -> None:
        service: GameService = app.state.service
        for entry in list(service.cache.values()):
            service.spawn(service.refresh(entry))

    app = FastAPI(title="Mercator game server", version="1", lifespan=lifespan, description=DESCRIPTION)
    def known_token(digest: str) -> bool:  # the service knows the tokens it has checked or issued
        check = getattr(getattr(app.state, "service", None), "known_token", None)
        return bool(check and check(digest))

    app.add_middleware(RateLimit, rate=settings.rate_per_second, burst=settings.rate_burst,
                       create_per_minute=settings.create_per_minute, create_burst=settings.create_burst,
                       known=known_token)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    add_ops_routes(app, hub)  # /healthz, /metrics, OpenAPI links; its request timing sees 413 and 429 too

    def svc() -> GameService:
        return app.state.service

    @app.exception_handler(NotFound)
    async def _not_found(request: Request, exc: NotFound) -> JSONResponse:
        return _refused(exc, 404, _lang(request))

    @app.exception_handler(Forbidden)
    async def _forbidden(request: Request, exc: Forbidden) -> JSONResponse:
        return _refused(exc, 403, _lang(request))

    @app.exception_handler(Conflict)
    async def _conflict(request: Request, exc: Conflict) -> JSONResponse:
        return _refused(exc, 409, _lang(request), version=exc.version)

    @app.exception_handler(TooMany)
    async def _too_many(request: Request, exc: TooMany) -> JSONResponse:
        return _refused(exc, 429, _lang(request), retry_after=exc.retry_after)

    @app.exception_handler(Unavailable)
    async def _unavailable(request: Request, exc: Unavailable) -> JSONResponse:
        return _refused(exc, 503, _lang(request), **({"retry_after": exc.retry_after} if exc.retry_after else {}))

    @app.exception_handler(IllegalAction)
    async def _illegal(request: Request, exc: IllegalAction) -> JSONResponse:
        return _refused(exc, 400, _lang(request))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        # FastAPI's own handler echoes the input, and fails (500) on what JSON cannot carry back: NaN,
        # Infinity, lone surrogates. Only locations and messages go back, ASCII-escaped.
        errors = [{"loc": [p if isinstance(p, int) else str(p) for p in e.get("loc", ())], "msg": _message(e),
                   "type": str(e.get("type", ""))} for e in exc.errors()]
        # An error type with words (refusal_text_empty) reads in the request's lang, as any refusal.
        lang = _lang(request)
        each = [Refused(f"{'.'.join(map(str, e['loc']))}: {e['msg']}", str(e["type"])) for e in errors]
        detail = "; ".join(refusal(r, lang) if lang else str(r) for r in each) or "invalid request"
        return _json(json.dumps({"detail": detail, "errors": errors}).encode(), 422)

    @app.exception_handler(DBAPIError)
    async def _database(request: Request, exc: DBAPIError) -> Response:
        if isinstance(exc, OperationalError | InterfaceError) or exc.connection_invalidated:
            # Unreachable, restarting or locked by another process: worth trying again shortly.
            log.warning("database unavailable: %s", exc.orig)
            away = Unavailable("the database is unavailable; retry in a few seconds", "database_away", DB_RETRY_SECONDS)
            return _refused(away, 503, _lang(request), retry_after=DB_RETRY_SECONDS)
        log.error("database error", exc_info=exc)
        return JSONResponse({"detail": "internal server error"}, 500)

    async def seat_for(entry: GameEntry, request: Request, wanted: int | None = None) -> int:
        token = _token(request)
        try:
            return svc().seat_of(entry, token, wanted=wanted)
        except Forbidden:
            player = await svc().player(token)
            if player is None:
                raise
            mine = [s.seat for s in entry.seats if s.player_id == player["id"]]
            return svc().seat_of(entry, None, mine, wanted)

    def make_link(request: Request, game_id: str, seat: int, token: str) -> SeatLink:
        base = str(request.base_url).rstrip("/")
        ws = base.replace("http", "ws", 1)
        # The token rides in the page link's fragment, which browsers never send: no log holds it.
        return SeatLink(game_id=game_id, seat=seat, token=token, url=f"{base}/play/{game_id}?seat={seat}#token={token}",
                        ws_url=f"{ws}{API}/games/{game_id}/live?seat={seat}")

    # ---- catalogue and players ------------------------------------------------------------------
    @app.get(f"{API}/catalog", response_model=list[CatalogEntry], responses=ERRORS, tags=["lobby"])
    async def catalog() -> list[CatalogEntry]:
        """The games this server hosts, with player counts and options (first value is the default)."""
        return [CatalogEntry(name=g.name, title=g.title, player_counts=list(g.player_counts),
                             options={k: list(v) for k, v in g.options.items()}) for g in all_games()]

    @app.post(f"{API}/players", response_model=PlayerOut, status_code=201, responses=ERRORS, tags=["players"])
    async def create_player(body: CreatePlayer) -> PlayerOut:
        """A player identity whose token groups seats across games."""
        pid, token = await svc().create_player(body.name)
        return PlayerOut(player_id=pid, name=body.name, token=token)

    @app.get(f"{API}/players/me", response_model=PlayerInfo, responses=ERRORS, tags=["players"])
    async def me(request: Request) -> PlayerInfo:
        """Who the player token (in the Authorization header) belongs to: a sign-in link on another
        device checks its token here."""
        player = await svc().player(_token(request))
        if player is None:
            raise Forbidden("a valid player token is required", "player_token")
        return PlayerInfo(player_id=player["id"], name=player["name"])

    @app.patch(f"{API}/players/me", response_model=PlayerInfo, responses=ERRORS, tags=["players"])
    async def rename(body: RenamePlayer, request: Request) -> PlayerInfo:
        """Rename the player (the name later tables show; seats already taken keep theirs)."""
        player = await svc().player(_token(request))
        if player is None:
            raise Forbidden("a valid player token is required", "player_token")
        name = body.name.strip()
        await svc().db(svc().store.rename_player, player["id"], name)
        return PlayerInfo(player_id=player["id"], name=name)

    @app.get(f"{API}/players/me/games", response_model=MyGames, responses=ERRORS, tags=["players"])
    async def my_games(request: Request, turn: bool = False) -> MyGames:
        """The player's unfinished games, then the 20 most recently finished (the lobby links their
        replays); ``turn=true`` keeps only those where it is their turn."""
        player = await svc().player(_token(request))
        if player is None:
            raise Forbidden("a valid player token is required", "player_token")
        rows = await svc().db(svc().store.seats_of_player, player["id"])
        out = []
        for row in rows[:200]:
            entry = await svc().get(row["game_id"])
            seat = entry.seats[row["seat"]]
            mine = row["seat"] in entry.to_act() and seat.controller == "human"
            if mine or not turn:
                out.append(MyGame(game_id=entry.id, seat=seat.seat, game=entry.game, status=entry.status,
                                  version=entry.version, my_turn=mine))
        return MyGames(games=out)

    @app.get(f"{API}/players/me/history", response_model=History, responses=ERRORS, tags=["players"])
    async def history(request: Request, game: str | None = None,
                      limit: Annotated[int, Query(ge=1, le=100)] = 30, lang: Lang = "en") -> History:
        """The player's finished games, latest first, with every seat's name (as shown in ``lang``),
        score and rank (``game``: only that game's)."""
        player = await svc().player(_token(request))
        if player is None:
            raise Forbidden("a valid player token is required", "player_token")
        if game is not None:
            get_game(game)  # an unknown game is a clear 400
        rows = await svc().db(svc().store.finished_of_player, player["id"], game, limit * 8)
        out: list[FinishedGame] = []
        for row in rows:
            if out and out[-1].game_id == row["game_id"]:
                out[-1].mine.append(row["seat"])  # a hotseat game: one entry, every seat of the player
                continue
            if len(out) == limit:
                break
            entry = await svc().get(row["game_id"])
            out.append(FinishedGame(game_id=entry.id, game=entry.game, seat=row["seat"], mine=[row["seat"]],
                                    ended_at=row["updated_at"], names=render.display_names(entry, lang),
                                    scores=list(entry.state.scores()), ranking=list(entry.state.ranking()),
                                    rated=entry.rated))
        return History(games=out)

    async def player_id(token: str | None) -> str | None:
        if token is None:
            return None
        player = await svc().player(token)
        if player is None:
            raise Forbidden("unknown player token", "player_token")
        return str(player["id"])

    # ---- lobby ----------------------------------------------------------------------------------
    @app.post(f"{API}/games", response_model=CreatedGame, status_code=201, responses=ERRORS, tags=["lobby"])
    async def create_game(body: CreateGame, request: Request) -> CreatedGame:
        """Create a game; each seat is human or a bot. ``join`` takes a human seat for the creator."""
        options = dict(body.options)
        if body.edition is not None:
            options["edition"] = body.edition
        clock = None
        if body.clock:
            problems = body.clock.problems(settings.min_clock_bank_seconds, settings.min_clock_increment_seconds)
            if problems:
                raise RequestValidationError(problems)
            clock = body.clock.millis()
        pid = await player_id(body.player_token)
        entry, host, seat_token, invites = await svc().create(
            body.game, options, [s.model_dump() for s in body.seats], body.seed, body.join, body.name, pid, clock,
            body.private, body.rated, body.spectators)
        seat = make_link(request, entry.id, body.join, seat_token) if seat_token and body.join is not None else None
        return CreatedGame(game=GameSummary(**render.summary(entry)), host_token=host, seat=seat,
                           invites=invites or None)

    @app.get(f"{API}/games", response_model=GameList, responses=ERRORS, tags=["lobby"])
    async def open_games(limit: Annotated[int, Query(ge=1, le=200)] = 50) -> GameList:
        """Public games waiting for players (private tables are never listed)."""
        return GameList(games=[GameSummary(**render.summary(e)) for e in await svc().open_games(limit)])

    @app.get(f"{API}/games/{{game_id}}", response_model=GameSummary, responses=ERRORS, tags=["lobby"])
    async def game_summary(game_id: str) -> GameSummary:
        return GameSummary(**render.summary(await svc().get(game_id)))

    @app.get(f"{API}/games/{{game_id}}/ratings", response_model=SeatRatings, responses=ERRORS, tags=["ratings"])
    async def seat_ratings(game_id: str) -> SeatRatings:
        """Each seat's rating for this game and player count (a bot level's is fixed)."""
        entry = await svc().get(game_id)
        seats = await svc().seat_ratings(entry)
        return SeatRatings(game=entry.game, players=entry.players,
                           seats=[SeatRating(**r) if r else None for r in seats])

    @app.get(f"{API}/ratings/{{game}}", response_model=Leaderboard, responses=ERRORS, tags=["ratings"])
    async def leaderboard(game: str, players: Annotated[int, Query(ge=1, le=8)],
                          limit: Annotated[int, Query(ge=1, le=200)] = 100) -> Leaderboard:
        """The rated players of ``game`` at ``players`` players, best first by mu - 3 sigma."""
        info = get_game(game)
        if players not in info.player_counts:
            raise IllegalAction(f"{info.title} is played by {info.player_counts[0]}-{info.player_counts[-1]} "
                                f"players, not {players}", "player_count",
                                low=info.player_counts[0], high=info.player_counts[-1])
        rows = await svc().db(svc().store.leaderboard, game, players, limit)
        return Leaderboard(game=game, players=players, bots={k: round(ordinal(*v), 1) for k, v in BOT_RATINGS.items()},
                           rows=[LeaderRow(rank=n, name=r["name"], rating=round(ordinal(r["mu"], r["sigma"]), 1),
                                           mu=round(r["mu"], 2), sigma=round(r["sigma"], 2), games=r["games"])
                                 for n, r in enumerate(rows, start=1)])

    @app.post(f"{API}/games/{{game_id}}/join", response_model=SeatLink, status_code=201, responses=ERRORS,
              tags=["lobby"])
    async def join(game_id: str, request: Request, body: Annotated[JoinGame | None, Body()] = None) -> SeatLink:
        """Take a free human seat; the answer carries the seat's secret link."""
        body = body or JoinGame()
        entry = await svc().get(game_id)
        pid = await player_id(body.player_token)
        seat, token = await svc().join(entry, body.seat, body.name, pid, body.invite)
        return make_link(request, entry.id, seat, token)

    @app.put(f"{API}/games/{{game_id}}/seats/{{seat}}/bot", response_model=GameSummary, responses=ERRORS,
             tags=["lobby"])
    async def hand_to_bot(game_id: str, seat: int, body: BotRequest, request: Request) -> GameSummary:
        """The host hands a human seat to a bot (an abandoned seat keeps the game going), or a player
        hands their own seat to one (at any level) and takes it back later with ``DELETE``."""
        entry = await svc().get(game_id)
        by = None
        if not svc().is_host(entry, _token(request)):
            try:
                by = await seat_for(entry, request, wanted=seat)
            except Forbidden:
                raise Forbidden("only the host, or the seat's own player, may hand a seat to a bot",
                                "not_host_or_owner") from None
        await svc().set_controller(entry, seat, "bot", body.level, by=by)
        return GameSummary(**render.summary(entry))

    @app.delete(f"{API}/games/{{game_id}}/seats/{{seat}}/bot", response_model=GameSummary, responses=ERRORS,
                tags=["lobby"])
    async def take_back(game_id: str, seat: int, request: Request) -> GameSummary:
        """The seat's own player, or the host, takes a seat back from its bot. Taken back by the host,
        the seat reopens for joining (its old token stops working): see ``POST …/join``."""
        entry = await svc().get(game_id)
        by: int | None = None
        try:
            by = await seat_for(entry, request, wanted=seat)
            reopen = False
        except Forbidden:
            if not svc().is_host(entry, _token(request)):
                raise
            reopen = True
        await svc().set_controller(entry, seat, "human", None, reopen=reopen, by=by)
        return GameSummary(**render.summary(entry))

    @app.post(f"{API}/games/{{game_id}}/seats/{{seat}}/timeout", response_model=GameSummary, responses=ERRORS,
              tags=["lobby"])
    async def timeout_choice(game_id: str, seat: int, body: TimeoutChoice, request: Request) -> GameSummary:
        """When a seat's clock has run out, another player at the table (or the host) chooses: a bot of
        ``level`` plays the seat (its player may take it back), or, with ``level`` null, the table
        waits for its player. 409 once the choice is made or while the clock still runs."""
        entry = await svc().get(game_id)
        by = None
        if not svc().is_host(entry, _token(request)):
            deciders = svc().deciders(entry, seat)
            try:
                by = await seat_for(entry, request)
            except Forbidden:
                by = None
            if by is None or by not in deciders:
                raise Forbidden("only another player at this table, or its host, chooses for a seat whose clock "
                                "ran out", "not_decider")
        await svc().decide_timeout(entry, seat, by, body.level)
        return GameSummary(**render.summary(entry))

    @app.post(f"{API}/games/{{game_id}}/rematch", response_model=Rematch, responses=ERRORS, tags=["lobby"])
    async def rematch(game_id: str, request: Request, body: Annotated[JoinGame | None, Body()] = None) -> Rematch:
        """A finished game's rematch, made by the first of its players (or its host) to ask: the same
        game, options, clock, bots and table settings, each human seat kept for its player, a new
        secret seed. Asking joins the asking player's seat (``name``: the name to play under); every
        other player accepts the same way, from the finished game's page. 409 while it is played."""
        body = body or JoinGame()
        entry = await svc().get(game_id)
        token = _token(request)
        player = await svc().player(body.player_token or token)
        seat = None
        if not svc().is_host(entry, token):
            try:
                seat = await seat_for(entry, request)
            except Forbidden:
                mine = [s.seat for s in entry.seats if player and s.player_id == player["id"]]
                if not mine:
                    raise Forbidden("only the players of this game, or its host, may ask for its rematch",
                                    "not_a_player") from None
                seat = mine[0]
        new, host = await svc().rematch(entry)
        link = None
        if seat is not None and new.seats[seat].human and not new.seats[seat].token_hash:
            name = body.name or entry.seats[seat].name
            n, seat_token = await svc().join(new, seat, name, player["id"] if player else None, body.invite)
            link = make_link(request, new.id, n, seat_token)
        return Rematch(game=GameSummary(**render.summary(new)), host_token=host, seat=link)

    # ---- talk -----------------------------------------------------------------------------------
    @app.post(f"{API}/games/{{game_id}}/chat", response_model=SeatState, status_code=201, responses=ERRORS,
              tags=["play"])
    async def chat(game_id: str, body: ChatRequest, request: Request, seat: int | None = None,
                   lang: Lang | None = None) -> Response:
        """Say something at the table, as the seat (its players and watchers read it with the state,
        as plain text). 403 when the host has closed the chat; 429 over 5 lines in 10 seconds."""
        entry = await svc().get(game_id)
        n = await seat_for(entry, request, seat)
        await svc().say(entry, n, body.text)
        return _json(render.cached(entry, n, lang), 201)

    @app.put(f"{API}/games/{{game_id}}/chat", response_model=GameSummary, responses=ERRORS, tags=["play"])
    async def chat_switch(game_id: str, body: ChatSwitch, request: Request) -> GameSummary:
        """The host opens or closes the table's chat; what was said stays readable."""
        entry = await svc().get(game_id)
        if not svc().is_host(entry, _token(request)):
            raise Forbidden("only the host may open or close the chat", "not_host_chat")
        await svc().set_chat(entry, body.open)
        return GameSummary(**render.summary(entry))

    # ---- play -----------------------------------------------------------------------------------
    @app.get(f"{API}/games/{{game_id}}/seat", response_model=SeatState, responses=ERRORS, tags=["play"])
    async def seat_view(game_id: str, request: Request, seat: int | None = None, lang: Lang | None = None) -> Response:
        """The seat's own view, its legal actions (JSON and index; with ``lang`` also in words), the
        version and whether undo is possible."""
        entry = await svc().get(game_id)
        return _json(render.cached(entry, await seat_for(entry, request, seat), lang))

    @app.post(f"{API}/games/{{game_id}}/actions", response_model=SeatState, responses=ERRORS, tags=["play"])
    async def act(game_id: str, body: ActionBody, request: Request, seat: int | None = None,
                  lang: Lang | None = None) -> Response:
        """Play an action chosen at ``version``. A stale version gets 409 with the current one."""
        started = time.perf_counter()
        entry = await svc().get(game_id)
        n = await seat_for(entry, request, seat)
        try:
            await svc().submit(entry, n, body.version, body.action if body.action is not None else body.index)
        except IllegalAction as exc:
            return _refused(exc, 400, lang, version=entry.version)
        response = _json(render.cached(entry, n, lang))
        # Time from the parsed request to the committed answer, for clients measuring where time goes.
        response.headers["server-timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
        return response

    @app.post(f"{API}/games/{{game_id}}/undo", response_model=SeatState, responses=ERRORS, tags=["play"])
    async def undo(game_id: str, body: UndoRequest, request: Request, seat: int | None = None,
                   lang: Lang | None = None) -> Response:
        """Take back the seat's own latest action, where the game's undo rule allows it."""
        entry = await svc().get(game_id)
        n = await seat_for(entry, request, seat)
        try:
            await svc().submit(entry, n, body.version, None, undo=True)
        except IllegalAction as exc:
            return _refused(exc, 400, lang, version=entry.version)
        return _json(render.cached(entry, n, lang))

    @app.get(f"{API}/games/{{game_id}}/public", response_model=PublicState, responses=ERRORS, tags=["play"])
    async def spectate(game_id: str, lang: Lang | None = None) -> Response:
        """What a spectator sees: the public view (with ``lang``, the players' names in that language);
        403 at a table that allows no spectators, until it ends."""
        entry = await svc().get(game_id)
        svc().may_watch(entry)
        return _json(render.cached(entry, None, lang))

    @app.get(f"{API}/games/{{game_id}}/record", response_model=RecordOut, responses=ERRORS, tags=["play"])
    async def record(game_id: str) -> Response:
        """The full record of a finished game, with its final state hash (replays bit for bit)."""
        entry = await svc().get(game_id)
        if entry.status != "over":
            await svc().refresh(entry)  # another process may have written the last action a moment ago
        if entry.status != "over":
            raise Conflict("the record is published when the game is over", entry.version, "record_not_over")
        body = entry.rendered.get("record")
        if body is None:  # a finished game never changes: render its record once
            rec = sealed(entry.state)
            rec.seed_from_client = entry.seed_from_client
            body = entry.rendered["record"] = json.dumps({"record": rec.to_json()}, separators=(",", ":")).encode()
        return _json(body)

    # ---- live -----------------------------------------------------------------------------------
    @app.websocket(f"{API}/games/{{game_id}}/live")
    async def live(ws: WebSocket, game_id: str, token: str | None = None, seat: int | None = None,
                   lang: Lang | None = None) -> None:
        """Sends the seat's state (or the public state without a token) at once and on every change;
        with ``lang``, the seat's actions in words. A client asking for a ``seat`` without a
        ``token`` in the URL sends it as its first message, ``{"token": "..."}``, within
        10 seconds: a URL ends up in logs, a message does not (the browser client does this)."""

        async def seat_of(entry: GameEntry, token: str) -> int:
            try:
                return svc().seat_of(entry, token, wanted=seat)
            except Forbidden:
                player = await svc().player(token)
                mine = [s.seat for s in entry.seats if player and s.player_id == player["id"]]
                return svc().seat_of(entry, None, mine, seat)

        later = token is None and seat is not None
        try:
            entry = await svc().get(game_id)
            n = await seat_of(entry, token) if token is not None else None
            if n is None and not later:
                svc().may_watch(entry)
        except (NotFound, Forbidden):
            await ws.close(code=1008)  # before accept: the handshake is refused with 403
            return
        except DBAPIError:
            await ws.close(code=1013)  # try again later (the database is away)
            return
        await ws.accept()
        if later:
            try:
                first = json.loads(await asyncio.wait_for(ws.receive_text(), timeout=WS_AUTH_SECONDS))
                if not isinstance(first, dict) or not isinstance(first.get("token"), str) or len(first["token"]) > 200:
                    raise ValueError("the first message must be {\"token\": \"...\"}")
                n = await seat_of(entry, first["token"])
            except (TimeoutError, ValueError, KeyError, NotFound, Forbidden, WebSocketDisconnect, RuntimeError):
                with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                    await ws.close(code=1008, reason="send {\"token\": ...} for this seat first")
                return
        changed = hub.subscribe(game_id)
        entry.subscribers += 1
        if entry.stale:  # notified between our lookup and now, while nobody here was watching
            svc().spawn(svc().refresh(entry))
        receiver = asyncio.create_task(_drain(ws, settings.max_ws_message_bytes))
        receiver.add_done_callback(lambda _: changed.set())  # the client left: wake the loop to end
        try:
            sent = -1
            while not receiver.done():
                changed.clear()
                if entry.revision != sent:
                    sent = entry.revision
                    await ws.send_text(render.cached(entry, n, lang).decode())
                await changed.wait()  # one event for both, rather than a task and a wait per update
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            receiver.cancel()
            entry.subscribers -= 1
            hub.unsubscribe(game_id, changed)

    return app


async def _drain(ws: WebSocket, limit: int) -> None:
    """Read (and ignore) client messages until the client goes away; close on one over ``limit``
    bytes (uvicorn's ws_max_size refuses those first when run by mercator.server.run)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            data = message.get("bytes") or message.get("text") or ""
            if len(data) > limit:
                await ws.close(code=1009)  # message too big
                return


def _message(error: Any) -> str:
    if error.get("type") == "json_invalid":
        return f"invalid JSON: {error.get('ctx', {}).get('error', 'cannot parse')}"
    return str(error.get("msg", "invalid"))
