"""Protective limits as plain ASGI middleware: body size, and a token bucket per token."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs

from .tokens import hash_token

Scope = dict[str, Any]


async def _reply(send: Any, status: int, detail: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


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
                return await _reply(send, 413, f"request body over {self.limit} bytes")
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
                await _reply(send, 413, f"request body over {self.limit} bytes")


def token_from_scope(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"authorization":
            kind, _, token = value.decode("latin-1").partition(" ")
            if kind.lower() == "bearer" and token:
                return token.strip()
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    tokens = query.get("token")
    return tokens[0] if tokens else None


class RateLimit:
    """A token bucket per capability token (per client address for anonymous requests)."""

    def __init__(self, app: Any, rate: float, burst: float) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str, now: float) -> float:
        """0 if allowed, else the seconds to wait."""
        tokens, last = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 100_000:  # forget idle buckets (full ones carry no information)
            self.buckets = {k: v for k, v in self.buckets.items() if v[0] < self.burst - 1}
        return 0.0

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        token = token_from_scope(scope)
        client = scope.get("client") or ("?", 0)
        key = "t:" + hash_token(token) if token else "a:" + str(client[0])
        wait = self.allow(key, time.monotonic())
        if wait:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1013})
                return
            return await _reply(send, 429, "too many requests for this token; slow down",
                                [(b"retry-after", str(max(1, round(wait))).encode())])
        await self.app(scope, receive, send)
