"""The game log as each seat may read it (engine/seen.py hides what another seat's secret shows).

The server keeps only actions; events come from replaying them.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from mercator.engine.i18n import render
from mercator.engine.seen import HIDDEN, Logged, logged, visible
from mercator.engine.state import GameState
from mercator.games import get

__all__ = ["HIDDEN", "GameLog", "LogCache", "Logged", "digest", "lines", "visible"]

MAX_GAMES = 256


@dataclass
class GameLog:
    state: GameState
    events: list[Logged] = field(default_factory=list)


def digest(history: list[tuple[int, int]], n: int) -> str:
    return hashlib.sha1(json.dumps(history[:n]).encode()).hexdigest()[:16]


class LogCache:
    """Replayed logs per game, extended action by action and rebuilt after an undo."""

    def __init__(self) -> None:
        self.games: OrderedDict[str, GameLog] = OrderedDict()
        # Logs are built in worker threads (a first replay of a long game takes a moment).
        self.lock = threading.Lock()

    def log(self, game_id: str, state: GameState) -> GameLog:
        with self.lock:
            return self._log(game_id, state)

    def _log(self, game_id: str, state: GameState) -> GameLog:
        history = list(state.history)
        log = self.games.pop(game_id, None)
        if log is None or log.state.history != history[:len(log.state.history)]:
            log = GameLog(get(state.GAME).new(state.seats, seed=state.seed, options=dict(state.options)))
        for seat, index in history[len(log.state.history):]:
            number = len(log.state.history) + 1
            log.events.extend(logged(log.state, number, log.state.apply(seat, index)))
        self.games[game_id] = log
        while len(self.games) > MAX_GAMES:
            self.games.popitem(last=False)
        return log


def lines(game: str, log: GameLog, viewer: int | None, lang: str, names: list[str],
          since: int = 0) -> list[dict[str, Any]]:
    """The log from action ``since`` on, one rendered line per event, with the seat that acted."""
    history = log.state.history
    out = []
    for item in log.events:
        if item.action <= since:
            continue
        event = visible(item, viewer)
        # ``by``: the seat whose action this line follows from (None for the setup).
        by = history[item.action - 1][0] if 0 < item.action <= len(history) else None
        out.append({"n": item.action, "type": event.get("type"), "seat": event.get("seat"), "by": by,
                    "text": render(game, event, lang, names)})
    return out
