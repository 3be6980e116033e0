"""Server-side bots in worker processes, so a search never blocks the event loop.

Each worker keeps the states it has seen by game id and only applies the actions that are new
since its last move, so a bot turn costs one small message, not a replay.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from mercator.engine.state import GameState

_states: OrderedDict[str, GameState] = OrderedDict()
_MAX_STATES = 512


def _warm() -> None:
    from mercator.games import all_games

    all_games()


def choose_action(key: str, game: str, players: int, seed: int, options: dict[str, Any],
                  history: list[tuple[int, int]], seat: int, level: str, bot_seed: int) -> int:
    """Runs in a worker: bring the cached state up to ``history`` and let the bot pick."""
    from mercator.bots import make_bot
    from mercator.games import get

    state = _states.pop(key, None)
    if state is None or len(state.history) > len(history) or state.history != history[:len(state.history)]:
        state = get(game).new(players, seed=seed, options=options)
    for s, index in history[len(state.history):]:
        state.apply(s, index)
    _states[key] = state
    while len(_states) > _MAX_STATES:
        _states.popitem(last=False)
    return make_bot(level, bot_seed, game).act(state, seat).index


class BotPool:
    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self.executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        # spawn: a fork of a process with an event loop and database threads is not safe.
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm)

    async def choose(self, key: str, state: GameState, seat: int, level: str, bot_seed: int) -> int:
        loop = asyncio.get_running_loop()
        args = (key, state.GAME, state.seats, state.seed, dict(state.options), list(state.history), seat, level,
                bot_seed)
        try:
            return await loop.run_in_executor(self.executor, choose_action, *args)
        except BrokenProcessPool:
            self.executor = self._new()  # a worker died (killed, out of memory): start afresh and retry once
            return await loop.run_in_executor(self.executor, choose_action, *args)

    def warm(self) -> None:
        """Start the workers now rather than on the first bot move (they import every game)."""
        for _ in range(self.workers):
            self.executor.submit(_warm)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
