"""uvicorn's h11 HTTP protocol with a deadline for each request to arrive (slowloris).

uvicorn bounds the size of a request head (``h11_max_incomplete_event_size``) and the life of an idle
keep-alive connection (``timeout_keep_alive``), but has no option for a request that arrives slowly:
its keep-alive timer stops at the first byte, so a client that sends half a request and then
nothing holds the socket (and its memory) for ever. This adds that one timer and nothing else.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class DeadlineH11Protocol(H11Protocol):
    """The connection is closed unless each request has fully arrived (head and body) within
    ``request_timeout`` seconds of the connection being ready for it: opened, or the previous
    answer sent. A WebSocket upgrade ends the watch."""

    request_timeout: float = 10.0
    _deadline: asyncio.TimerHandle | None = None
    _upgraded = False

    # uvicorn narrows asyncio's BaseTransport to Transport here and ignores [override] itself; we follow it.
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._upgraded = True
        self._watch()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._upgraded = True  # nothing left to watch
        self._watch()
        super().connection_lost(exc)

    def _watch(self) -> None:
        # IDLE: no request yet (or only part of its head); SEND_BODY: its body is still coming.
        waiting = (not self._upgraded and self.conn.their_state in (h11.IDLE, h11.SEND_BODY)
                   and not self.transport.is_closing())
        if waiting and self._deadline is None:
            self._deadline = self.loop.call_later(self.request_timeout, self._expired)
        elif not waiting and self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.logger.debug("closing a connection whose request did not arrive in %g s", self.request_timeout)
            self.transport.close()


def with_deadline(seconds: float) -> type[DeadlineH11Protocol]:
    """The protocol class to give uvicorn (``http=``), with its deadline."""
    return type("DeadlineH11Protocol", (DeadlineH11Protocol,), {"request_timeout": seconds})
