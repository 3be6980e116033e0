"""What clients receive: a seat's own state, the public state and game summaries, as JSON.

Rendered bytes are cached per game revision, so many spectators or a burst of polls cost one
``view`` call each, and the live channel and the HTTP API send exactly the same document.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic_core import to_json

from . import clocks
from .games import GameEntry


def seats_info(entry: GameEntry) -> list[dict[str, Any]]:
    now = time.time()
    return [{"seat": s.seat, "kind": "human" if s.human else "bot", "controller": s.controller,
             "bot_level": s.bot_level if s.controller == "bot" else None,
             "taken": (not s.human) or s.token_hash is not None or s.controller == "bot", "name": s.name,
             "clock_ms": clocks.remaining_ms(s, now), "bot_waiting": s.seat in entry.bot_retries}
            for s in entry.seats]


def summary(entry: GameEntry) -> dict[str, Any]:
    clock = None
    if entry.clock:
        clock = {"bank_seconds": entry.clock[0] / 1000, "increment_seconds": entry.clock[1] / 1000}
    return {"id": entry.id, "game": entry.game, "options": entry.options, "players": entry.players,
            "status": entry.status, "version": entry.version, "to_act": list(entry.to_act()),
            "seats": seats_info(entry), "clock": clock}


def _results(entry: GameEntry) -> dict[str, Any]:
    if entry.status != "over":
        return {"scores": None, "ranking": None}
    return {"scores": list(entry.state.scores()), "ranking": list(entry.state.ranking())}


def seat_state(entry: GameEntry, seat: int) -> dict[str, Any]:
    state = entry.state
    to_act = entry.to_act()
    s = entry.seats[seat]
    legal = state.legal_actions(seat) if seat in to_act else []
    return {
        "game_id": entry.id, "seat": seat, "version": entry.version, "status": entry.status,
        "to_act": list(to_act), "my_turn": seat in to_act and s.controller == "human", "controller": s.controller,
        "can_undo": entry.status == "active" and s.controller == "human" and state.can_undo(seat),
        "view": state.view(seat), "legal": [{"index": a.index, "action": a.to_json()} for a in legal],
        "clock_ms": clocks.remaining_ms(s, time.time()), **_results(entry),
    }


def public_state(entry: GameEntry) -> dict[str, Any]:
    return {"game_id": entry.id, "version": entry.version, "status": entry.status, "to_act": list(entry.to_act()),
            "view": entry.state.view(None), "seats": seats_info(entry), **_results(entry)}


def cached(entry: GameEntry, seat: int | None) -> bytes:
    """The JSON document for ``seat`` (None: spectator) at the entry's current revision."""
    body = entry.rendered.get(seat)
    if body is None:
        doc = public_state(entry) if seat is None else seat_state(entry, seat)
        # pydantic's serializer writes the same compact JSON as json.dumps, three times faster (a
        # server renders two of these per action); text outside ASCII goes out as UTF-8, not \u escapes.
        body = to_json(doc)
        # Clocks tick, so documents of clocked games are not worth keeping.
        if not entry.clock:
            entry.rendered[seat] = body
    return body
