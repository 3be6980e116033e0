"""The bot queue itself, with real worker processes: a job that finishes before its completion
callback is attached (the callback then runs at once, in the scheduling thread) must not hang the
event loop. That race froze a whole server during a browser test under load."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from mercator.games import get
from mercator.server.bots import BotPool


def test_a_job_finished_before_its_callback_is_attached_is_delivered() -> None:
    pool = BotPool(1)
    schedule = pool._pool.schedule

    def finish_first(*args: Any, **kwargs: Any) -> Any:
        done = schedule(*args, **kwargs)
        done.exception(timeout=60)  # the worker is done before the caller sees the future
        return done

    pool._pool.schedule = finish_first  # type: ignore[method-assign]
    state = get("valencia").new(2, seed=3)
    seat = state.to_act()[0]
    chosen: list[int] = []

    def decide() -> None:
        async def both() -> list[int]:  # two jobs: the second starts from the first one's callback
            return list(await asyncio.gather(*(pool.choose(f"k{i}", state, seat, "easy", i, group=f"g{i}")
                                               for i in range(2))))
        chosen.extend(asyncio.run(both()))

    worker = threading.Thread(target=decide, daemon=True)
    worker.start()
    worker.join(90)
    try:
        assert not worker.is_alive(), "the event loop hung on the bot queue's lock"
        legal = {a.index for a in state.legal_actions(seat)}
        assert len(chosen) == 2 and set(chosen) <= legal
        assert pool.queue_length() == 0 and pool._running == 0
    finally:
        if not worker.is_alive():
            pool.close()
