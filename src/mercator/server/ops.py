"""Operations: ``GET /healthz`` for load balancers, ``GET /metrics`` for Prometheus, and what the
OpenAPI document needs beyond the routes (links between operations, the ``token`` parameter).

/healthz and /metrics stay out of the OpenAPI document: infrastructure probes them by path, API
clients do not call them, and /metrics is Prometheus text rather than JSON.

Each app has a :class:`Metrics` of its own (``app.state.metrics``) with its own registry, so that
several apps in one process (the tests) do not share or clash over counters. The game service calls
``metrics.action(by)`` for every applied action and the bot pool ``metrics.bot_wait(seconds)``.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.routing import Match

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from .live import Hub

ACTORS = ("player", "bot", "clock")
# Seconds a health check waits for the database before calling it down.
DB_TIMEOUT = 2.0
RETRY_AFTER = "5"


class Metrics:
    """The app's Prometheus registry; gauges are read by callback when scraped."""

    def __init__(self, app: FastAPI, hub: Hub | None = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.actions = Counter("mercator_actions", "Actions applied, by who chose them (player, bot, clock)",
                               ["by"], registry=self.registry)
        for by in ACTORS:
            self.actions.labels(by=by)
        self.requests = Histogram("mercator_http_request_duration_seconds",
                                  "HTTP request latency by route template, method and status class",
                                  ["route", "method", "status"], registry=self.registry)
        self.bot_waits = Histogram("mercator_bot_queue_wait_seconds", "Time a bot turn waited for a worker",
                                   registry=self.registry,
                                   buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))

        def websockets() -> float:
            return sum(len(events) for events in hub.subs.values()) if hub is not None else 0

        def active_games() -> float:
            service = getattr(app.state, "service", None)
            return sum(e.status == "active" for e in service.cache.values()) if service is not None else 0

        def bot_queue() -> float:
            service = getattr(app.state, "service", None)
            return service.bots.queue_length() if service is not None and service.bots is not None else 0

        # The callbacks run in the event loop's thread (the /metrics route is async), never beside
        # a request changing the cache.
        for name, doc, read in (("mercator_websockets_open", "Open live WebSocket connections", websockets),
                                ("mercator_games_active", "Games in play held in memory", active_games),
                                ("mercator_bot_queue_length", "Bot turns waiting for a worker", bot_queue)):
            Gauge(name, doc, registry=self.registry).set_function(read)

    def action(self, by: str) -> None:
        """One action applied; ``by`` is player, bot or clock."""
        self.actions.labels(by=by if by in ACTORS else "other").inc()

    def bot_wait(self, seconds: float) -> None:
        """A bot turn waited ``seconds`` in the queue before a worker took it."""
        self.bot_waits.observe(max(0.0, seconds))

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class RequestMetrics:
    """Pure ASGI middleware timing HTTP requests. Labels use the route's path template (unmatched
    paths share one label), so the number of series stays bounded whatever clients request."""

    def __init__(self, app: Any, metrics: Metrics, routes: FastAPI) -> None:
        self.app = app
        self.metrics = metrics
        self.routes = routes

    def _template(self, scope: dict[str, Any]) -> str:
        route = scope.get("route")
        if route is None:  # refused before routing (rate or body limit): find the route ourselves
            for candidate in self.routes.router.routes:
                match, _ = candidate.matches(scope)
                if match is not Match.NONE:
                    route = candidate
                    break
        return getattr(route, "path", None) or "unmatched"

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        status = 500

        async def send_status(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            self.metrics.requests.labels(route=self._template(scope), method=scope["method"],
                                         status=f"{status // 100}xx").observe(time.perf_counter() - started)


class AllowHeader:
    """Pure ASGI middleware: a 405 lists every method of the path in ``Allow`` (RFC 9110). Starlette
    answers with the methods of the first route matching the path only, and GET and POST
    /api/games are two routes."""

    def __init__(self, app: Any, routes: FastAPI) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def fixed(message: Any) -> None:
            if message["type"] == "http.response.start" and message["status"] == 405:
                methods: set[str] = set()
                for route in self.routes.router.routes:
                    allowed = getattr(route, "methods", None)
                    if allowed and route.matches(scope)[0] is not Match.NONE:
                        methods.update(allowed)
                if methods:
                    headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"allow"]
                    message = {**message, "headers": [*headers, (b"allow", ", ".join(sorted(methods)).encode())]}
            await send(message)

        await self.app(scope, receive, fixed)


GAME = "/api/games/{game_id}"
_ID = {"path.game_id": "$response.body#/game_id"}
_PLAY = {"path.game_id": "$response.body#/game_id", "query.token": "$request.query.token"}
# OpenAPI links (source operation, status) -> {name: (target operation, parameters, request body)}: the
# lobby's answers carry the ids and tokens the next calls need, so clients and stateful testers
# (schemathesis) can follow create -> join -> seat -> actions without guessing.
LINKS: dict[tuple[str, str], dict[str, tuple[str, dict[str, str], dict[str, str] | None]]] = {
    ("POST /api/games", "201"): {
        "Summary": (f"GET {GAME}", {"path.game_id": "$response.body#/game/id"}, None),
        "Join": (f"POST {GAME}/join", {"path.game_id": "$response.body#/game/id"}, None),
        "Spectate": (f"GET {GAME}/public", {"path.game_id": "$response.body#/game/id"}, None),
        "Record": (f"GET {GAME}/record", {"path.game_id": "$response.body#/game/id"}, None),
        "HandToBot": (f"PUT {GAME}/seats/{{seat}}/bot", {"path.game_id": "$response.body#/game/id",
                                                        "query.token": "$response.body#/host_token"}, None),
        "TakeBack": (f"DELETE {GAME}/seats/{{seat}}/bot", {"path.game_id": "$response.body#/game/id",
                                                          "query.token": "$response.body#/host_token"}, None),
    },
    (f"POST {GAME}/join", "201"): {
        "Seat": (f"GET {GAME}/seat", {**_ID, "query.token": "$response.body#/token"}, None),
        "Summary": (f"GET {GAME}", _ID, None),
    },
    **{(source, "200"): {
        "PlayFirstLegal": (f"POST {GAME}/actions", _PLAY,
                           {"version": "$response.body#/version", "index": "$response.body#/legal/0/index"}),
        "Undo": (f"POST {GAME}/undo", _PLAY, {"version": "$response.body#/version"}),
    } for source in (f"GET {GAME}/seat", f"POST {GAME}/actions")},
    (f"PUT {GAME}/seats/{{seat}}/bot", "200"): {
        "Spectate": (f"GET {GAME}/public", {"path.game_id": "$response.body#/id"}, None),
    },
    ("POST /api/players", "201"): {
        "MyGames": ("GET /api/players/me/games", {"query.token": "$response.body#/token"}, None),
        "CreateGame": ("POST /api/games", {}, {"player_token": "$response.body#/token"}),
    },
}


# The operations that read a token from ``?token=`` (or the Authorization header, which a query
# parameter cannot describe); FastAPI cannot see them, since the routes read the request directly.
# The last two are the web client's (mercator.web.api), present when the web app serves.
TOKEN_OPERATIONS = ("GET /api/players/me/games", f"PUT {GAME}/seats/{{seat}}/bot", f"DELETE {GAME}/seats/{{seat}}/bot",
                    f"GET {GAME}/seat", f"POST {GAME}/actions", f"POST {GAME}/undo",
                    "GET /web/api/games/{game_id}/log", "POST /web/api/games/{game_id}/hint")
TOKEN_PARAMETER = {"name": "token", "in": "query", "required": False, "schema": {"type": "string"},
                   "description": "A seat, host or player token; or send it as `Authorization: Bearer <token>`"}


def add_links(doc: dict[str, Any]) -> dict[str, Any]:
    """Add :data:`LINKS` and the ``token`` parameter of :data:`TOKEN_OPERATIONS` to an OpenAPI
    document (in place, idempotent; links whose operations are absent are left out)."""
    paths = doc.get("paths", {})

    def operation(key: str) -> dict[str, Any] | None:
        method, _, path = key.partition(" ")
        return paths.get(path, {}).get(method.lower())

    for key in TOKEN_OPERATIONS:
        op = operation(key)
        if op is not None and not any(p.get("name") == "token" for p in op.setdefault("parameters", [])):
            op["parameters"].append(dict(TOKEN_PARAMETER))

    for (source, status), links in LINKS.items():
        response = (operation(source) or {}).get("responses", {}).get(status)
        if response is None:
            continue
        out = response.setdefault("links", {})
        for name, (target, parameters, body) in links.items():
            op = operation(target)
            if op is None or "operationId" not in op:
                continue
            out[name] = {"operationId": op["operationId"], "parameters": parameters,
                         **({"requestBody": body} if body is not None else {})}
    return doc


def _ping(engine: Engine) -> None:
    """A trivial read of the migrated schema, on a raw connection: no transaction, no write lock."""
    conn = engine.raw_connection()
    try:
        cur = conn.cursor()
        cur.execute("SELECT version_num FROM alembic_version")
        cur.fetchall()
        cur.close()
    finally:
        conn.close()


def add_ops_routes(app: FastAPI, hub: Hub | None = None) -> Metrics:
    """Add /healthz, /metrics, OpenAPI links and the middleware timing requests (and completing
    ``Allow`` on 405 answers); ``app.state.metrics`` is the result."""
    metrics = Metrics(app, hub)
    app.state.metrics = metrics
    app.add_middleware(AllowHeader, routes=app)
    app.add_middleware(RequestMetrics, metrics=metrics, routes=app)
    build_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        return add_links(build_openapi())  # FastAPI caches the document; adding links again is a no-op

    # FastAPI's documented way to extend the schema is to replace app.openapi, which its types declare a method.
    app.openapi = openapi  # type: ignore[method-assign]
    probe: asyncio.Future[None] | None = None

    async def database() -> str:
        # One probe at a time: while the database hangs, checks share the probe in flight instead
        # of queueing more work in front of the requests on the database threads.
        nonlocal probe
        service = app.state.service
        if probe is None or probe.done():
            probe = asyncio.ensure_future(service.db(_ping, service.store.engine))
            probe.add_done_callback(lambda f: f.cancelled() or f.exception())
        try:
            await asyncio.wait_for(asyncio.shield(probe), DB_TIMEOUT)
        except TimeoutError:
            return "timeout"
        except Exception as exc:
            return f"error: {type(exc).__name__}"
        return "ok"

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        """200 when the database answers and the bot pool is alive, else 503 naming what failed."""
        service = getattr(app.state, "service", None)
        if service is None:
            return JSONResponse({"status": "starting"}, 503, headers={"retry-after": RETRY_AFTER})
        pool = service.bots
        checks = {"database": await database(), "bots": "off" if pool is None else "ok" if pool.alive() else "down"}
        healthy = all(v in ("ok", "off") for v in checks.values())
        body = {"status": "ok" if healthy else "fail", **checks,
                "games_active": sum(e.status == "active" for e in service.cache.values())}
        return JSONResponse(body, 200) if healthy else JSONResponse(body, 503, headers={"retry-after": RETRY_AFTER})

    @app.get("/metrics", include_in_schema=False)
    async def prometheus() -> Response:
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    return metrics
