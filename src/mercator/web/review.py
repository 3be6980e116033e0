"""Reviews of finished games for the replay viewer: the ``normal`` search (bots.review.reviewer) re-examines
every decision of the human seats (bots.review.judge) and the costliest are shown with the better move.

A game is reviewed once and kept (a finished game no longer changes). Each decision is one job on
the shared bot workers, in the review's own queue, so live games' bots keep their turns; at most
CONCURRENT reviews run at a time and later ones wait."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from mercator.bots.review import evaluation_of, judge, reviewer
from mercator.engine.i18n import LANGS, describe
from mercator.games import get

CONCURRENT = 2
KEEP = 64  # finished games whose reviews stay in memory
LEVEL = "normal"


class Reviews:
    def __init__(self) -> None:
        self.done: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()
        self.running: dict[str, asyncio.Task[list[dict[str, Any]]]] = {}
        self.slots = asyncio.Semaphore(CONCURRENT)

    async def of(self, entry: Any, pool: Any) -> list[dict[str, Any]]:
        """Every reviewed decision of the finished game ``entry``, in order, worded in every language."""
        if entry.id in self.done:
            self.done.move_to_end(entry.id)
            return self.done[entry.id]
        task = self.running.get(entry.id)
        if task is None:
            task = self.running[entry.id] = asyncio.create_task(self._run(entry, pool))
        try:
            decisions = await asyncio.shield(task)
        finally:
            if task.done():
                self.running.pop(entry.id, None)
        self.done[entry.id] = decisions
        while len(self.done) > KEEP:
            self.done.popitem(last=False)
        return decisions

    async def _run(self, entry: Any, pool: Any) -> list[dict[str, Any]]:
        async with self.slots:
            humans = {s.seat for s in entry.seats if s.human}
            state = get(entry.game).new(entry.players, seed=entry.seed, options=entry.options)
            actions = state.SPACE.actions
            setting = reviewer(entry.game, LEVEL)
            evaluation = evaluation_of(setting, entry.game)
            out = []
            for n, (seat, index) in enumerate(list(entry.state.history)):
                legal = state.legal_actions(seat)
                if seat in humans and len(legal) > 1:
                    top = await pool.rank(f"review:{entry.id}", state, seat, setting, n, len(legal))
                    moves = [(actions[i].to_json(), share, lead or 0.0) for i, share, lead in top]
                    chosen = actions[index].to_json()
                    gain, rough = await asyncio.to_thread(judge, state, seat, chosen, moves, n, evaluation)
                    view = state.view(seat)
                    out.append({"n": n, "seat": seat, "chosen": index, "best": top[0][0], "gain": gain,
                                "rough": rough, "text": {lang: [describe(entry.game, view, seat, a, lang)
                                                                for a in (chosen, moves[0][0])] for lang in LANGS}})
                state.apply(seat, index)
            return out
