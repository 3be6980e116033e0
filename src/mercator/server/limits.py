"""Protective limits as plain ASGI middleware: body size, and token buckets per token and per client address."""

from __future__ import annotations

import functools
import ipaddress
import json
import math
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from mercator.engine.i18n import LANGS, refusal

from .errors import Refused
from .tokens import hash_token

Scope = dict[str, Any]
# What a 429 counted, in its English message (its code is too_many_<kind>).
TOO_MANY = {"creates": "games and players created from this address", "token": "requests with this token",
            "address": "requests from this address"}


async def _reply(scope: Scope, send: Any, status: int, refused: Refused,
                 headers: list[tuple[bytes, bytes]] | None = None, **extra: Any) -> None:
    """The refusal as app.py answers it: in the query's ``lang`` where it asks for one."""
    lang = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[-1]
    detail = refusal(refused, lang) if lang in LANGS else str(refused)
    body = json.dumps({"detail": detail, "code": refused.code, **extra}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


def _too_large(limit: int) -> Refused:
    return Refused(f"request body over {limit} bytes", "too_large", limit=limit)


class BodyLimit:
    """Refuses bodies over ``limit`` bytes with 413, whether declared by Content-Length or streamed.
    A streamed body that grows too big is cut off (the app sees a disconnect) and whatever the app
    answers is replaced by the 413."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                return await _reply(scope, send, 413, _too_large(self.limit))
        seen = 0
        too_large = started = False

        async def counted() -> Any:
            nonlocal seen, too_large
            if too_large:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    too_large = True
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Any) -> None:
            nonlocal started
            if too_large:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, guarded_send)
        finally:
            if too_large and not started:
                await _reply(scope, send, 413, _too_large(self.limit))


def token_from_scope(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"authorization":
            kind, _, token = value.decode("latin-1").partition(" ")
            if kind.lower() == "bearer" and token:
                return token.strip()
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    tokens = query.get("token")
    return tokens[0] if tokens else None


def client_address(scope: Scope) -> str:
    """The client's address as uvicorn reports it (the proxy's X-Forwarded-For only from a trusted
    proxy). IPv6 counts by /64, the block one subscriber usually gets, so it cannot hop addresses."""
    return _address_key(str((scope.get("client") or ("?", 0))[0]))


@functools.lru_cache(maxsize=4096)
def _address_key(host: str) -> str:
    """The bucket key of an address (parsing it costs more than the rest of the rate limit)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return str(host)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class Buckets:
    """Token buckets by key: ``rate`` per second up to ``burst``."""

    def __init__(self, rate: float, burst: float, max_keys: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.state: dict[str, tuple[float, float]] = {}

    def take(self, key: str, now: float) -> float:
        """0 if allowed (and counted), else the seconds to wait."""
        tokens, last = self.state.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self.state[key] = (tokens, now)
            return (1 - tokens) / self.rate
        self.state[key] = (tokens - 1, now)
        if len(self.state) > self.max_keys:
            # Forget the buckets that have refilled (they carry no information); if many are still
            # in use, wait for twice as many before looking again rather than sweeping every time.
            self.state = {k: (t, at) for k, (t, at) in self.state.items() if t + (now - at) * self.rate < self.burst}
            self.max_keys = max(self.max_keys, 2 * len(self.state))
        return 0.0


# Requests that store something new however they are authenticated: limited per address on top.
CREATING = {("POST", "/api/games"), ("POST", "/api/players")}


class RateLimit:
    """A bucket per valid token; anonymous requests and unknown tokens share their address's bucket
    (a made-up token per request must not buy a fresh bucket). ``known`` tells whether a token's
    hash belongs to a seat, host or player (without waiting on the database). Creating games and
    players also takes from a slower per-address bucket, whatever the token."""

    def __init__(self, app: Any, rate: float, burst: float, create_per_minute: float = 6.0,
                 create_burst: float = 20.0, known: Callable[[str], bool] | None = None) -> None:
        self.app = app
        self.requests = Buckets(rate, burst)
        self.creates = Buckets(create_per_minute / 60, create_burst)
        self.known = known or (lambda _hash: False)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        now = time.monotonic()
        address = client_address(scope)
        token = token_from_scope(scope)
        digest = hash_token(token) if token else None
        wait, what = 0.0, ""
        if scope["type"] == "http" and (scope["method"], scope["path"].rstrip("/")) in CREATING:
            wait, what = self.creates.take(address, now), "creates"
        if not wait:
            if digest and self.known(digest):
                wait, what = self.requests.take("t:" + digest, now), "token"
            else:
                wait, what = self.requests.take("a:" + address, now), "address"
        if wait:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1013})
                return
            seconds = max(1, math.ceil(wait))
            refused = Refused(f"too many {TOO_MANY[what]}; retry in {seconds} s", f"too_many_{what}",
                              retry_after=seconds)
            return await _reply(scope, send, 429, refused, [(b"retry-after", str(seconds).encode())],
                                retry_after=seconds)
        await self.app(scope, receive, send)
