"""The game log as each seat may read it.

The server keeps only actions; events come from replaying them. An event may name something
that is another seat's secret at that moment (a contract still in a hand): such fields are
hidden from every viewer but the owner, judged by the game's own ``secrets(seat)`` right after
the action, so the log never tells more than the views do.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from mercator.engine.i18n import render, seat_fields
from mercator.engine.state import GameState
from mercator.games import get

HIDDEN = "?"
MAX_GAMES = 256
# Who acted, and when, is never a secret; skipping them keeps a small-number secret from hiding a seat.
PUBLIC_FIELDS = frozenset({"type", "round", "phase"})


@dataclass
class Logged:
    action: int  # 1-based number of the action that caused the event
    event: dict[str, Any]
    owners: dict[str, frozenset[int]]  # field -> seats whose secret it shows


@dataclass
class GameLog:
    state: GameState
    events: list[Logged] = field(default_factory=list)


def _nodes(value: Any) -> set[str]:
    """Every sub-value of ``value`` as canonical JSON (to match against secrets)."""
    out = {json.dumps(value, sort_keys=True)}
    if isinstance(value, dict):
        for v in value.values():
            out |= _nodes(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= _nodes(v)
    return out


def _owners(state: GameState, event: dict[str, Any]) -> dict[str, frozenset[int]]:
    secrets = {s: {json.dumps(x, sort_keys=True) for x in state.secrets(s)} for s in range(state.seats)}
    out: dict[str, frozenset[int]] = {}
    public = PUBLIC_FIELDS | seat_fields(state.GAME)
    for key, value in event.items():
        if key in public:
            continue
        nodes = _nodes(value)
        owners = frozenset(s for s, sec in secrets.items() if nodes & sec)
        if owners:
            out[key] = owners
    return out


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
            for event in log.state.apply(seat, index):
                log.events.append(Logged(number, event, _owners(log.state, event)))
        self.games[game_id] = log
        while len(self.games) > MAX_GAMES:
            self.games.popitem(last=False)
        return log


def visible(item: Logged, viewer: int | None) -> dict[str, Any]:
    """The event with the fields hidden that show another seat's secret."""
    event = dict(item.event)
    for key, owners in item.owners.items():
        if viewer is None or owners - {viewer}:
            event[key] = HIDDEN
    return event


def lines(game: str, log: GameLog, viewer: int | None, lang: str, names: list[str],
          since: int = 0) -> list[dict[str, Any]]:
    """The log from action ``since`` on, one rendered line per event."""
    out = []
    for item in log.events:
        if item.action <= since:
            continue
        event = visible(item, viewer)
        out.append({"n": item.action, "type": event.get("type"), "seat": event.get("seat"),
                    "text": render(game, event, lang, names)})
    return out
