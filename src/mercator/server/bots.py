"""Server-side bots in worker processes, served by one fair queue, so a search never blocks the
event loop and no game's bots or hints can starve another's.

Jobs wait in a queue per game and the games take turns (round robin): a game that asks for a
hundred decisions gets one worker at a time while every other game still gets its turn. Each
decision has a time limit inside the search, and a hard one outside it: a worker that overruns is
killed and replaced (Pebble's process pool does both), and the decision is made again by the
greedy bot, whose work is bounded by the legal actions. Each worker keeps the states it has seen by
game id and applies only the actions that are new, so a bot turn is one small message, not a replay.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pebble import ProcessPool

from mercator.engine.state import GameState

_states: OrderedDict[str, GameState] = OrderedDict()
_MAX_STATES = 512
# The level that decides when a search overran its hard limit: its work is bounded by the legal actions.
FALLBACK_LEVEL = "easy"


def _warm(parent: int) -> None:
    """Worker start: import every game now, and leave if the server process goes away (a SIGKILL
    to the server alone must not leave its workers running)."""
    from mercator.games import all_games

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True, name="mercator-parent-watch").start()
    all_games()


def _noop() -> None:
    pass


def _state_at(key: str, game: str, players: int, seed: int, options: dict[str, Any],
              history: list[tuple[int, int]]) -> GameState:
    """In a worker: the cached state of ``key`` brought up to ``history``."""
    from mercator.games import get

    state = _states.pop(key, None)
    if state is None or len(state.history) > len(history) or state.history != history[:len(state.history)]:
        state = get(game).new(players, seed=seed, options=options)
    for s, index in history[len(state.history):]:
        state.apply(s, index)
    _states[key] = state
    while len(_states) > _MAX_STATES:
        _states.popitem(last=False)
    return state


def choose_action(key: str, game: str, players: int, seed: int, options: dict[str, Any],
                  history: list[tuple[int, int]], seat: int, level: str, bot_seed: int,
                  time_limit: float | None) -> int:
    """Runs in a worker: bring the cached state up to ``history`` and let the bot pick."""
    from mercator.bots import make_bot

    state = _state_at(key, game, players, seed, options, history)
    return make_bot(level, bot_seed, game, time_limit=time_limit, table=state.table()).act(state, seat).index


def rank_actions(key: str, game: str, players: int, seed: int, options: dict[str, Any],
                 history: list[tuple[int, int]], seat: int, level: str, bot_seed: int,
                 time_limit: float | None, top: int = 3) -> list[tuple[int, float, float | None]]:
    """Runs in a worker: the bot's ``top`` actions, best first, as (index, share of the search,
    estimated lead); a bot that does not search names only its choice (share 1, no lead)."""
    from mercator.bots import make_bot

    state = _state_at(key, game, players, seed, options, history)
    bot = make_bot(level, bot_seed, game, time_limit=time_limit, table=state.table())
    ranked = getattr(bot, "ranked", None)
    if ranked is None:
        return [(bot.act(state, seat).index, 1.0, None)]
    return [(r.action.index, round(r.share, 3), round(r.lead, 2)) for r in ranked(state, seat)[:top]]


@dataclass
class _Job:
    args: tuple[Any, ...]
    future: Future[Any] = field(default_factory=Future)
    work: Callable[..., Any] = choose_action  # what the worker runs with ``args``
    queued_at: float = field(default_factory=time.monotonic)


class BotPool:
    """``workers`` processes behind a fair queue. ``move_seconds`` bounds a search's decision;
    ``hard_seconds`` (default twice that plus 5 s) bounds a worker's whole job."""

    def __init__(self, workers: int, move_seconds: float = 5.0, hard_seconds: float | None = None) -> None:
        self.workers = max(1, workers)
        self.move_seconds = move_seconds
        self.hard_seconds = hard_seconds if hard_seconds is not None else 2 * move_seconds + 5
        # Called with each job's seconds in the queue (metrics), from a pool thread.
        self.on_wait: Callable[[float], None] | None = None
        self._lock = threading.Lock()
        self._queues: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._running = 0
        self._closed = False
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPool:
        # spawn: a fork of a process with an event loop and database threads is not safe.
        return ProcessPool(self.workers, initializer=_warm, initargs=(os.getpid(),),
                           context=multiprocessing.get_context("spawn"))

    def _heal(self) -> None:
        """Pebble replaces a worker that dies during a job, but takes one that dies idle for a broken
        pool and refuses all work: then start a new pool and stop the old one's threads and workers."""
        if self._pool.active or self._closed:
            return
        old, self._pool = self._pool, self._new_pool()
        threading.Thread(target=lambda: (old.stop(), old.join(10)), daemon=True).start()

    async def choose(self, key: str, state: GameState, seat: int, level: str, bot_seed: int,
                     group: str | None = None) -> int:
        """The bot's choice for ``seat``; ``key`` names the worker-side state cache and ``group``
        (default ``key``) the queue it waits in, one per game."""
        args = (key, state.GAME, state.seats, state.seed, dict(state.options), list(state.history), seat, level,
                bot_seed, self.move_seconds)
        return int(await self._decide(group or key, args, choose_action))

    async def rank(self, key: str, state: GameState, seat: int, level: str, bot_seed: int, top: int,
                   group: str | None = None) -> list[tuple[int, float, float | None]]:
        """The bot's ``top`` choices for ``seat``, best first (see rank_actions); the same queue and
        limits as choose()."""
        args = (key, state.GAME, state.seats, state.seed, dict(state.options), list(state.history), seat, level,
                bot_seed, self.move_seconds, top)
        return list(await self._decide(group or key, args, rank_actions))

    async def _decide(self, group: str, args: tuple[Any, ...], work: Callable[..., Any]) -> Any:
        """Run ``work``; a search that overran its hard limit is decided again at FALLBACK_LEVEL."""
        try:
            return await self._submit(group, args, work)
        except TimeoutError:
            if args[7] == FALLBACK_LEVEL:
                raise
            return await self._submit(group, (*args[:7], FALLBACK_LEVEL, *args[8:]), work)

    async def _submit(self, group: str, args: tuple[Any, ...], work: Callable[..., Any] = choose_action) -> Any:
        job = _Job(args, work=work)
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is closed")
            self._queues.setdefault(group, deque()).append(job)
        self._dispatch()
        # Cancelling the awaiting task cancels the job; a cancelled job is skipped when its turn comes.
        return await asyncio.wrap_future(job.future)

    def _dispatch(self) -> None:
        """Start queued jobs while workers are free, one game after another. The lock is held only to
        pick a job: a job can finish before its callback is attached, and the callback then runs at
        once in this thread and takes the lock itself."""
        while (job := self._next_job()) is not None:
            try:
                done = self._pool.schedule(job.work, args=job.args, timeout=self.hard_seconds)
            except Exception as exc:  # a pool stopped under us: fail this job, not the caller's request
                failed: Future[Any] = Future()
                failed.set_exception(exc)
                self._finished(job, failed)
                return
            done.add_done_callback(partial(self._finished, job))

    def _next_job(self) -> _Job | None:
        """The next job to start, counted as running, or None if no worker is free or nothing waits."""
        with self._lock:
            if self._closed:
                return None
            self._heal()
            while self._running < self.workers and self._queues:
                group, queue = next(iter(self._queues.items()))
                job = queue.popleft()
                if queue:
                    self._queues.move_to_end(group)
                else:
                    del self._queues[group]
                if not job.future.set_running_or_notify_cancel():
                    continue
                if self.on_wait is not None:
                    self.on_wait(time.monotonic() - job.queued_at)
                self._running += 1
                return job
            return None

    def _finished(self, job: _Job, result: Future[Any]) -> None:
        try:
            job.future.set_result(result.result())
        except BaseException as exc:  # a bot error, a timeout (worker killed) or a worker that died
            job.future.set_exception(exc)
        with self._lock:
            self._running -= 1
        self._dispatch()

    def queue_length(self) -> int:
        with self._lock:
            return sum(len(q) for q in self._queues.values())

    def alive(self) -> bool:
        with self._lock:
            self._heal()
            return not self._closed and self._pool.active

    def warm(self) -> None:
        """Start the workers now rather than on the first bot move (they import every game)."""
        for _ in range(self.workers):
            self._pool.schedule(_noop)

    def close(self) -> None:
        """Stop every worker (SIGTERM, then SIGKILL for one that does not stop) and fail waiting jobs."""
        with self._lock:
            self._closed = True
            waiting = [job for queue in self._queues.values() for job in queue]
            self._queues.clear()
        for job in waiting:
            if job.future.set_running_or_notify_cancel():
                job.future.set_exception(RuntimeError("the bot pool closed"))
        self._pool.stop()
        self._pool.join(timeout=10)
