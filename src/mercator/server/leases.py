"""Which process drives a game's bots, when several share one PostgreSQL database: the one holding
the game's advisory lock.

Session-level advisory locks live as long as the connection that took them, so when a process
dies its games are free at once, and every few seconds each survivor claims the active games with
a bot seat that nobody holds. One connection holds all of a process's locks; if it breaks (the
database restarted), the locks are gone with it, and the next sweep connects again and claims anew.
Two processes may briefly drive the same game after such a loss; the version check on every write
keeps a move from being played twice.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger("mercator.server")
# The first key of every lock (the second is the game id's hash), so these locks never meet another
# application's, nor the migration lock.
NAMESPACE = 726173
CLAIM = "SELECT id FROM unnest(%s::text[]) AS id WHERE pg_try_advisory_lock(%s, hashtext(id))"
# The subquery's LIMIT keeps PostgreSQL from trying the lock on rows the filter would drop.
SWEEP = """SELECT id FROM (
    SELECT g.id FROM games g
    WHERE g.status = 'active' AND NOT g.id = ANY(%s)
      AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.controller = 'bot')
    ORDER BY g.updated_at LIMIT 1000) AS free
WHERE pg_try_advisory_lock(%s, hashtext(free.id))"""


class BotLeases:
    def __init__(self, url: str) -> None:
        from .live import psycopg_conninfo

        self.conninfo = psycopg_conninfo(url)
        self.held: set[str] = set()
        self._conn: Any = None
        # One thread: the locks belong to one connection, which must not be used from two threads.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mercator-leases")

    def _run(self, sql: str, *params: Any) -> list[str]:
        import psycopg

        try:
            if self._conn is None or self._conn.closed:
                self._conn = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5)
            return [row[0] for row in self._conn.execute(sql, params).fetchall()]
        except psycopg.Error:
            if self._conn is not None:
                self._conn.close()
            self._conn = None
            self.held.clear()  # the connection's locks went with it
            raise

    async def _call(self, sql: str, *params: Any) -> list[str]:
        return await asyncio.get_running_loop().run_in_executor(self._thread, self._run, sql, *params)

    async def claim(self, game_id: str) -> bool:
        """Take the game's lock if nobody holds it; True if this process holds it now."""
        if game_id in self.held:
            return True
        if await self._call(CLAIM, [game_id], NAMESPACE):
            self.held.add(game_id)
        return game_id in self.held

    async def sweep(self) -> list[str]:
        """Claim every active game with a bot seat that no process holds; the ids claimed."""
        got = await self._call(SWEEP, sorted(self.held), NAMESPACE)
        self.held.update(got)
        return got

    async def release(self, game_id: str) -> None:
        if game_id in self.held:
            self.held.discard(game_id)
            await self._call("SELECT pg_advisory_unlock(%s, hashtext(%s))::text", NAMESPACE, game_id)

    def close(self) -> None:
        def shut() -> None:
            if self._conn is not None:
                self._conn.close()

        self._thread.submit(shut).result(timeout=10)
        self._thread.shutdown(wait=True)
