"""What clients receive: a seat's own state, the public state and game summaries, as JSON.

Rendered bytes are cached per game revision, so many spectators or a burst of polls cost one
``view`` call each, and the live channel and the HTTP API send exactly the same document.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic_core import to_json

from mercator.engine.i18n import describe, seat_name

from . import clocks
from .games import GameEntry


def seats_info(entry: GameEntry) -> list[dict[str, Any]]:
    now = time.time()
    return [{"seat": s.seat, "kind": "human" if s.human else "bot", "controller": s.controller,
             "bot_level": s.bot_level if s.controller == "bot" else None,
             "taken": (not s.human) or s.token_hash is not None or s.controller == "bot", "name": s.name,
             "clock_ms": clocks.remaining_ms(s, now), "bot_waiting": s.seat in entry.bot_retries,
             "timeout": s.timeout, "reserved": s.human and s.player_id is not None and s.token_hash is None}
            for s in entry.seats]


def talk(entry: GameEntry) -> list[dict[str, Any]]:
    """The table's latest chat and seat events; chat text goes out as written, for clients to show as text."""
    return [{"id": t.id, "kind": t.kind, "seat": t.seat, "by": t.by_seat, "text": t.text, "at": t.created_at}
            for t in entry.talk]


def summary(entry: GameEntry) -> dict[str, Any]:
    clock = None
    if entry.clock:
        clock = {"bank_seconds": entry.clock[0] / 1000, "increment_seconds": entry.clock[1] / 1000}
    return {"id": entry.id, "game": entry.game, "options": entry.options, "players": entry.players,
            "status": entry.status, "version": entry.version, "to_act": list(entry.to_act()),
            "seats": seats_info(entry), "clock": clock, "private": entry.private,
            "rated": entry.rated, "spectators": entry.spectators, "chat": entry.chat,
            "rematch": entry.rematch}


def _results(entry: GameEntry) -> dict[str, Any]:
    if entry.status != "over":
        return {"scores": None, "ranking": None}
    return {"scores": list(entry.state.scores()), "ranking": list(entry.state.ranking())}


def display_names(entry: GameEntry, lang: str) -> list[str]:
    """Every seat's name as the clients show it in ``lang`` ('bot 2 (easy)', 'Seat 1' for unnamed seats)."""
    return [seat_name(lang, s.seat, s.name, None if s.human else s.bot_level) for s in entry.seats]


def seat_state(entry: GameEntry, seat: int, lang: str | None = None) -> dict[str, Any]:
    """The seat's own document; with ``lang``, its legal actions in words and the players' names."""
    state = entry.state
    to_act = entry.to_act()
    s = entry.seats[seat]
    view = state.view(seat)
    legal: list[dict[str, Any]] = [{"index": a.index, "action": a.to_json()}
                                   for a in (state.legal_actions(seat) if seat in to_act else [])]
    doc: dict[str, Any] = {
        "game_id": entry.id, "seat": seat, "version": entry.version, "status": entry.status,
        "to_act": list(to_act), "my_turn": seat in to_act and s.controller == "human", "controller": s.controller,
        "can_undo": entry.status == "active" and s.controller == "human" and state.can_undo(seat),
        "view": view, "legal": legal, "clock_ms": clocks.remaining_ms(s, time.time()), **_results(entry),
        "seats": seats_info(entry), "talk": talk(entry), "chat": entry.chat, "rematch": entry.rematch,
    }
    if entry.clock:  # every seat's time is public, as on a chess clock
        doc["clocks"] = [seat_info["clock_ms"] for seat_info in doc["seats"]]
    if lang is not None:
        names = doc["names"] = display_names(entry, lang)
        choice = (view.get("decision") or {}).get("my_choice")
        if choice is not None:  # the seat's own committed secret choice, in words
            doc["my_choice_text"] = describe(entry.game, view, seat, choice, lang, names)
        numeric = state.SPACE.numeric
        for item in legal:
            item["text"] = describe(entry.game, view, seat, item["action"], lang, names)
            if item["action"]["kind"] in numeric:
                item["group"] = describe(entry.game, view, seat, item["action"], lang, names, group=True)
    return doc


def public_state(entry: GameEntry, lang: str | None = None) -> dict[str, Any]:
    doc = {"game_id": entry.id, "version": entry.version, "status": entry.status, "to_act": list(entry.to_act()),
           "view": entry.state.view(None), "seats": seats_info(entry), **_results(entry),
           "talk": talk(entry), "chat": entry.chat, "rematch": entry.rematch}
    if lang is not None:
        doc["names"] = display_names(entry, lang)
    return doc


def cached(entry: GameEntry, seat: int | None, lang: str | None = None) -> bytes:
    """The JSON document for ``seat`` (None: spectator) at the entry's current revision, its
    actions worded in ``lang`` if given."""
    key = (seat, lang)
    body = entry.rendered.get(key)
    if body is None:
        doc = public_state(entry, lang) if seat is None else seat_state(entry, seat, lang)
        # pydantic's serializer writes the same compact JSON as json.dumps, three times faster (a
        # server renders two of these per action); text outside ASCII goes out as UTF-8, not \u escapes.
        body = to_json(doc)
        # Clocks tick, so documents of clocked games are not worth keeping.
        if not entry.clock:
            entry.rendered[key] = body
    return body
