"""Live updates: in-process fan-out to WebSocket clients, and PostgreSQL LISTEN/NOTIFY so that
changes written by other server processes reach this process's clients too."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable

from .db import NOTIFY_CHANNEL

log = logging.getLogger("mercator.server")


class Hub:
    """Each subscriber is an Event set when its game changed; the subscriber then renders the
    game's current state, so a slow client skips versions instead of queueing them."""

    def __init__(self) -> None:
        self.subs: dict[str, set[asyncio.Event]] = defaultdict(set)

    def subscribe(self, game_id: str) -> asyncio.Event:
        event = asyncio.Event()
        self.subs[game_id].add(event)
        return event

    def unsubscribe(self, game_id: str, event: asyncio.Event) -> None:
        subs = self.subs.get(game_id)
        if subs is not None:
            subs.discard(event)
            if not subs:
                del self.subs[game_id]

    def publish(self, game_id: str) -> None:
        for event in self.subs.get(game_id, ()):
            event.set()


def psycopg_conninfo(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(url: str, on_payload: Callable[[str], Awaitable[None]],
                 on_reconnect: Callable[[], Awaitable[None]], ready: asyncio.Event | None = None) -> None:
    """Forward every NOTIFY payload on our channel, reconnecting after errors (and catching up,
    since notifications sent while disconnected are lost)."""
    import psycopg

    first = True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(psycopg_conninfo(url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                if ready is not None:
                    ready.set()
                if not first:
                    await on_reconnect()
                first = False
                async for note in conn.notifies():
                    try:
                        await on_payload(note.payload)
                    except Exception:
                        log.exception("handling notification %r failed", note.payload)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("LISTEN connection lost (%s); reconnecting", exc)
            await asyncio.sleep(1.0)
