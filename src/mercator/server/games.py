"""The game service: cached live games rebuilt from storage, and the one path every change takes.

A game's state is its record replayed; the service keeps recent games in memory and writes each
action (by a player, a bot or a clock) through ``submit``: under the game's lock it checks the
version, applies the action to a clone, commits, and only then swaps the clone in and tells the
live subscribers and the bot scheduler.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from mercator.bots.base import LEVELS
from mercator.engine.errors import IllegalAction
from mercator.engine.state import GameState
from mercator.games import get

from . import clocks
from .bots import BotPool
from .db import TALK_KEPT, ActionRow, GroupCommitter, StaleWrite, Store, TalkRow
from .errors import Conflict, Forbidden, NotFound, TooMany
from .leases import BotLeases
from .ratings import bot_rating, new_ratings, ordinal, rated_players
from .schemas import GameStatus, game_status
from .tokens import hash_token, matches, new_id, new_token

log = logging.getLogger("mercator.server")
T = TypeVar("T")
# With several processes on one SQLite file, how long a game may wait on a bot run by another process
# before this one runs it too (the compare-and-set keeps a double move out). On PostgreSQL the
# holder of the game's advisory lock drives its bots (leases.py), and every process looks for games
# nobody holds every few seconds.
BOT_TAKEOVER_SECONDS = 2.0
BOT_SWEEP_SECONDS = 2.0
# A bot turn that failed (database away, worker died) is tried again after 0.5, 1, then every 2 s,
# so bots move again within moments of the database coming back.
BOT_RETRY_FIRST, BOT_RETRY_MAX = 0.5, 2.0
KNOWN_TOKENS_MAX = 100_000
# A seat may say at most CHAT_BURST chat lines in any CHAT_WINDOW seconds.
CHAT_BURST, CHAT_WINDOW = 5, 10.0


def check_level(level: str) -> str:
    """A player level; raw search settings (``ismcts:N``) stay for the CLI and the arena, since
    they can ask for unbounded work."""
    if level not in LEVELS:
        raise IllegalAction(f"unknown bot level {level[:40]!r}; choose one of {', '.join(LEVELS)}", "unknown_level")
    return level


@dataclass
class Seat(clocks.ClockSeat):
    human: bool = True
    controller: str = "human"
    bot_level: str | None = None
    token_hash: str | None = None
    player_id: str | None = None
    name: str = ""
    invite_hash: str | None = None  # a private table's free seat: only its invitation code joins it
    timeout: str | None = None  # "ran_out" (the others choose what happens) or "waited" (see _timeout)


@dataclass
class GameEntry:
    id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    status: GameStatus
    host_hash: str
    clock: tuple[int, int] | None  # (bank ms, increment ms)
    seats: list[Seat]
    state: GameState
    version: int
    seed_from_client: bool = False  # a practice table's chosen seed, marked in its record
    private: bool = False  # not listed; free seats joined only through their invitation links
    rated: bool = True  # its end changes its players' ratings (server/ratings.py)
    spectators: bool = True  # people without a seat may watch while it is played
    chat: bool = True  # the table's chat is open (the host may close it)
    rematch: str | None = None  # the id of the game that replays this finished one with the same players
    # The latest talk lines (chat and seat events), oldest first, at most TALK_KEPT.
    talk: list[TalkRow] = field(default_factory=list)
    # When each seat's latest chat lines were said (this process's rate limit).
    said: dict[int, list[float]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Bumped on every change a client should see (actions, seats, status).
    revision: int = 0
    # The version this process is committing: its own NOTIFY may arrive before the commit returns.
    writing: int = 0
    rendered: dict[Any, bytes] = field(default_factory=dict)
    subscribers: int = 0
    timer: asyncio.TimerHandle | None = None
    # Seats whose bot turn failed and waits to be tried again (shown to clients), with the failure count.
    bot_retries: dict[int, int] = field(default_factory=dict)
    # Another process changed the game while nothing here needed to know at once (see notified):
    # the next request for it catches up first.
    stale: bool = False

    def to_act(self) -> tuple[int, ...]:
        return self.state.to_act() if self.status == "active" else ()

    def changed(self) -> None:
        self.revision += 1
        self.rendered.clear()


def _seat_from_row(r: dict[str, Any]) -> Seat:
    return Seat(seat=r["seat"], clock_ms=r["clock_ms"], clock_since=r["clock_since"], human=bool(r["human"]),
                controller=r["controller"], bot_level=r["bot_level"], token_hash=r["token_hash"],
                player_id=r["player_id"], name=r["name"], invite_hash=r.get("invite_hash"), timeout=r.get("timeout"))


def _effective(rows: list[ActionRow], start: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The actions in force after the rows: an undo row takes back the latest action."""
    history = list(start)
    for row in rows:
        if row.kind == "undo":
            history.pop()
        else:
            assert row.action is not None
            history.append((row.seat, row.action))
    return history


def _replay(game: str, players: int, seed: int, options: dict[str, Any], history: list[tuple[int, int]]) -> GameState:
    state = get(game).new(players, seed=seed, options=options)
    for seat, index in history:
        state.apply(seat, index)
    return state


class GameService:
    def __init__(self, store: Store, bots: BotPool | None, cache_size: int = 5000) -> None:
        self.store = store
        self.bots = bots
        self.cache_size = cache_size
        self.db_pool = ThreadPoolExecutor(max_workers=8 if store.postgres else 1, thread_name_prefix="mercator-db")
        self.cache: OrderedDict[str, GameEntry] = OrderedDict()
        self._loading: dict[str, asyncio.Future[GameEntry | None]] = {}
        self._bot_busy: set[tuple[str, int]] = set()
        # Token digests this process has seen valid (seat, host and player tokens): the rate limit
        # gives those their own bucket and counts every other request against its client address.
        self._known: OrderedDict[str, None] = OrderedDict()
        # Called with who played ("player", "bot" or "clock") after each committed action (metrics).
        self.on_action: Callable[[str], None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.listeners: list[Callable[[GameEntry], None]] = []
        self.closing = False
        self.leases = BotLeases(store.engine.url.render_as_string(hide_password=False)) if store.postgres else None
        # An fsync per commit bounds a database's commits per second: batch the appends that arrive
        # while a commit is in flight (group commit). One batch at a time per process.
        self.committer = GroupCommitter(store, self.db)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, partial(fn, *args))

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        self.closing = True
        for task in list(self._tasks):
            task.cancel()
        for entry in self.cache.values():
            if entry.timer:
                entry.timer.cancel()
        self.db_pool.shutdown(wait=True)
        if self.leases is not None:
            self.leases.close()

    # ---- loading ------------------------------------------------------------------------------
    def _load_sync(self, game_id: str) -> GameEntry | None:
        loaded = self.store.load_game(game_id)
        if loaded is None:
            return None
        row, seat_rows, rows = loaded.game, loaded.seats, loaded.actions
        options = json.loads(row["options"])
        state = _replay(row["game"], row["players"], int(row["seed"]), options, _effective(rows, []))
        clock = (row["clock_bank_ms"], row["clock_increment_ms"] or 0) if row["clock_bank_ms"] else None
        return GameEntry(id=row["id"], game=row["game"], options=options, players=row["players"],
                         seed=int(row["seed"]), status=row["status"], host_hash=row["host_token_hash"], clock=clock,
                         seats=[_seat_from_row(s) for s in seat_rows], state=state, version=row["version"],
                         seed_from_client=bool(row["seed_from_client"]), private=bool(row.get("private")),
                         rated=bool(row.get("rated", True)), spectators=bool(row.get("spectators", True)),
                         chat=bool(row.get("chat", True)), talk=loaded.talk, rematch=row.get("rematch_id"))

    async def get(self, game_id: str) -> GameEntry:
        entry = self.cache.get(game_id)
        if entry is not None:
            self.cache.move_to_end(game_id)
            if entry.stale:
                await self.refresh(entry)
            return entry
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[game_id] = pending
            try:
                entry = await self.db(self._load_sync, game_id) if len(game_id) <= 32 else None
                if entry is not None:
                    self._remember(entry)
                pending.set_result(entry)
            except Exception as exc:
                pending.set_exception(exc)
                pending.exception()  # mark retrieved: the caller below re-raises it
            finally:
                del self._loading[game_id]
                if not pending.done():  # cancelled while loading: let waiters retry
                    pending.cancel()
            if entry is not None:
                self.after_change(entry, publish=False)
        entry = await asyncio.shield(pending)
        if entry is None:
            raise NotFound(f"no game {game_id!r}", "no_game")
        return entry

    def _remember(self, entry: GameEntry) -> None:
        self.cache[entry.id] = entry
        for digest in [entry.host_hash, *(s.token_hash for s in entry.seats)]:
            self._know(digest)
        if len(self.cache) > self.cache_size:
            for gid, old in list(self.cache.items()):
                if len(self.cache) <= self.cache_size:
                    break
                if not old.subscribers and not old.lock.locked() and not any(k[0] == gid for k in self._bot_busy):
                    if old.timer:
                        old.timer.cancel()
                    del self.cache[gid]
                    self._release(gid)

    async def refresh(self, entry: GameEntry) -> None:
        """Catch up with what other processes wrote (seats, status and new actions)."""
        async with entry.lock:
            await self._catch_up(entry)
        # The process that wrote the change runs the bots; this one steps in only if the game is
        # still waiting on a bot a while later (that process may have died).
        self.after_change(entry, bots_after=0.0 if self.leases else BOT_TAKEOVER_SECONDS)

    def notified(self, entry: GameEntry, version: int | None, action: tuple[int, int] | None) -> None:
        """Another process wrote to the game (PostgreSQL NOTIFY; ``version`` and ``action`` as
        db.parse_notification gives them). Catch up now if something here depends on it: live
        clients, bots (this process may drive them), a clock. Otherwise only mark it stale: with
        several processes each would otherwise re-read every game it ever loaded (the one that
        created a game, say) on every action, for nobody."""
        if not (entry.subscribers or entry.clock or any(s.controller == "bot" for s in entry.seats)):
            entry.stale = True
        elif version is not None and action is not None:
            self.spawn(self._apply_notified(entry, version, *action))
        else:
            self.spawn(self.refresh(entry))

    async def _apply_notified(self, entry: GameEntry, version: int, seat: int, index: int) -> None:
        """Another process committed one plain action (no seat, clock or status change with it) at
        ``version``: apply it here without reading the game back if we are just before it (the
        notifications of one game arrive in commit order, and its lock is taken in arrival order);
        otherwise read what we missed."""
        async with entry.lock:
            if entry.version >= version:
                return  # caught up meanwhile (and told the clients then)
            applied = False
            if entry.version == version - 1 and entry.status == "active" and not entry.stale:
                new = entry.state.clone()
                try:
                    new.apply(seat, index)
                except IllegalAction:
                    log.warning("game %s: notified action %s of seat %s does not apply here; reading it",
                                entry.id, index, seat)
                else:
                    entry.state = new
                    entry.version = version
                    entry.changed()
                    applied = True
            if not applied:
                await self._catch_up(entry)
        self.after_change(entry, bots_after=0.0 if self.leases else BOT_TAKEOVER_SECONDS)

    async def _catch_up(self, entry: GameEntry) -> None:
        entry.stale = False  # before reading: a change notified meanwhile marks it again
        found = await self.db(self.store.load_game, entry.id, entry.version, entry.talk[-1].id if entry.talk else 0)
        if found is None:
            return
        row, seat_rows, rows = found.game, found.seats, found.actions
        if rows:
            if any(r.kind == "undo" for r in rows):
                entry.state = _replay(entry.game, entry.players, entry.seed, entry.options,
                                      _effective(rows, list(entry.state.history)))
            else:
                state = entry.state.clone()
                for r in rows:
                    assert r.action is not None  # no undo rows on this path
                    state.apply(r.seat, r.action)
                entry.state = state
            entry.version = rows[-1].seq
        seats = [_seat_from_row(s) for s in seat_rows]
        chat = bool(row.get("chat", True))
        if found.talk:
            entry.talk = (entry.talk + found.talk)[-TALK_KEPT:]
        # Our own notifications change nothing.
        changed = (chat, row.get("rematch_id")) != (entry.chat, entry.rematch)
        if rows or found.talk or seats != entry.seats or row["status"] != entry.status or changed:
            entry.status = row["status"]
            entry.chat, entry.rematch = chat, row.get("rematch_id")
            if entry.status == "over":
                self._release(entry.id)
            entry.seats = seats
            entry.changed()

    # ---- lobby --------------------------------------------------------------------------------
    async def create(self, game: str, options: dict[str, Any], seat_specs: list[dict[str, Any]], seed: int | None,
                     join: int | None, name: str | None, player_id: str | None,
                     clock: tuple[int, int] | None,
                     private: bool = False, rated: bool = True, spectators: bool = True,
                     reserved: dict[int, str] | None = None) -> tuple[GameEntry, str, str | None, dict[int, str]]:
        """A new game: (entry, host token, the joining creator's seat token, and for a private table
        each free human seat's invitation code, shown once). ``reserved`` keeps seats free for the
        players with those ids (a rematch): only they may join them."""
        info = get(game)
        options = info.validate_options(options)
        # The seed decides every hidden card, so whoever knows it can replay the open engine and read
        # every opponent's secrets: a table of several humans always gets a secret one. A chosen seed
        # is for practice alone against bots, and the record says it was chosen.
        humans = sum(spec["kind"] == "human" for spec in seat_specs)
        if seed is not None and humans > 1:
            raise IllegalAction(f"a seed may be chosen only for a table with one human seat (practice); this table "
                                f"has {humans}, so the server draws a secret seed: leave 'seed' out", "seed_practice")
        seed_from_client = seed is not None
        rated = rated and not seed_from_client  # a practice table's player knows the deal
        seed = secrets.randbelow(2**63) if seed is None else seed
        state = info.new(len(seat_specs), seed=seed, options=options)
        if join is not None and (join >= len(seat_specs) or seat_specs[join]["kind"] != "human"):
            raise IllegalAction(f"seat {join} is not a human seat of this game", "not_human_seat", n=join + 1)
        host_token = new_token()
        seat_token = new_token() if join is not None else None
        now = time.time()
        seats: list[Seat] = []
        for n, spec in enumerate(seat_specs):
            human = spec["kind"] == "human"
            level = check_level(spec.get("level") or "easy") if not human else None
            seats.append(Seat(seat=n, clock_ms=clock[0] if clock else None, clock_since=None, human=human,
                              controller="human" if human else "bot", bot_level=level,
                              token_hash=hash_token(seat_token) if n == join and seat_token else None,
                              player_id=player_id if n == join else (reserved or {}).get(n),
                              name=(name if n == join else spec.get("name")) or (f"Seat {n + 1}" if human else level)
                              or ""))
        free = any(s.human and s.token_hash is None for s in seats)
        invites: dict[int, str] = {}
        if private:
            for s in seats:
                if s.human and s.token_hash is None and s.player_id is None:
                    invites[s.seat] = new_token()
                    s.invite_hash = hash_token(invites[s.seat])
        status: GameStatus = "open" if free else "active"  # a game starts when every human seat is taken
        if status == "active" and clock:
            for s in seats:
                if s.seat in state.to_act():
                    s.clock_since = now
        entry = GameEntry(id=new_id(), game=game, options=options, players=len(seats), seed=seed, status=status,
                          host_hash=hash_token(host_token), clock=clock, seats=seats, state=state, version=0,
                          seed_from_client=seed_from_client, private=private, rated=rated,
                          spectators=spectators)
        game_row = {"id": entry.id, "game": game, "options": json.dumps(options), "players": len(seats),
                    "seed": str(seed), "seed_from_client": seed_from_client, "status": status, "version": 0,
                    "host_token_hash": entry.host_hash, "private": private, "rated": rated,
                    "spectators": spectators,
                    "clock_bank_ms": clock[0] if clock else None, "clock_increment_ms": clock[1] if clock else None}
        seat_rows = [{"seat": s.seat, "human": s.human, "controller": s.controller, "bot_level": s.bot_level,
                      "token_hash": s.token_hash, "player_id": s.player_id, "name": s.name, "clock_ms": s.clock_ms,
                      "clock_since": s.clock_since, "invite_hash": s.invite_hash} for s in seats]
        await self.db(self.store.create_game, game_row, seat_rows)
        self._remember(entry)
        self.after_change(entry)
        return entry, host_token, seat_token, invites

    async def join(self, entry: GameEntry, seat: int | None, name: str | None,
                   player_id: str | None, invite: str | None = None) -> tuple[int, str]:
        async with entry.lock:
            free = [s.seat for s in entry.seats if s.human and s.token_hash is None and s.controller == "human"
                    and s.player_id in (None, player_id)]
            kept = [n for n in free if player_id is not None and entry.seats[n].player_id == player_id]
            if seat is None and kept:  # a rematch: the player's own seat first
                seat = kept[0]
            if entry.private and seat not in kept:
                # A private table's seat opens only to its own invitation code.
                digest = hash_token(invite) if invite else None
                invited = [s.seat for s in entry.seats if digest is not None and s.invite_hash == digest]
                if not invited or (seat is not None and seat not in invited):
                    raise Forbidden("this table is private: a seat is joined only through its own invitation link",
                                    "private_table")
                seat = invited[0]
                if seat not in free:
                    raise Conflict(f"seat {seat} of this private table is already taken", None, "seat_taken",
                                   n=seat + 1)
            if seat is not None and seat not in free and 0 <= seat < entry.players and \
                    entry.seats[seat].player_id and not entry.seats[seat].token_hash:
                raise Conflict(f"seat {seat} is kept for its player of the previous game (a rematch); "
                               f"free seats: {free or 'none'}", None, "seat_kept", n=seat + 1)
            if entry.status == "over" or not free:
                raise Conflict("this game has no free seat", None, "no_free_seat")
            if seat is None:
                seat = free[0]
            if seat not in free:
                raise Conflict(f"seat {seat} is not a free human seat; free seats: {free}", None, "seat_not_free",
                               n=seat + 1, free=", ".join(str(n + 1) for n in free))
            token = new_token()
            status = await self.db(self.store.take_seat, entry.id, seat, hash_token(token), player_id,
                                   name or f"Seat {seat + 1}")
            if status is None:  # another process took it first
                await self._catch_up(entry)
                raise Conflict(f"seat {seat} was just taken", None, "seat_taken", n=seat + 1)
            s = entry.seats[seat]
            s.token_hash, s.player_id, s.name = hash_token(token), player_id, name or s.name
            self._know(s.token_hash)
            entry.status = game_status(status)
            if status == "active" and entry.clock:
                await self._start_clocks(entry)
            entry.changed()
        self.after_change(entry)
        return seat, token

    async def rematch(self, entry: GameEntry) -> tuple[GameEntry, str | None]:
        """The finished game's rematch: the same game, options, clock and table settings and the same
        bots, each human seat kept for its player (who joins it to accept; a seat whose player had no
        identity is free), a new secret seed. Made once: (the rematch, its host token for the one
        who made it, None for everyone after)."""
        async with entry.lock:
            if entry.status != "over":
                raise Conflict("a rematch is offered when the game is over", entry.version, "rematch_not_over")
            if entry.rematch is None:
                specs = [{"kind": "human", "name": s.name} if s.human else {"kind": "bot", "level": s.bot_level}
                         for s in entry.seats]
                reserved = {s.seat: s.player_id for s in entry.seats if s.human and s.player_id}
                new, host, _, _ = await self.create(entry.game, entry.options, specs, None, None, None, None,
                                                    entry.clock, entry.private, entry.rated, entry.spectators,
                                                    reserved)
                await self.db(self.store.set_rematch, entry.id, new.id)
                entry.rematch = new.id
                entry.changed()
                made: tuple[GameEntry, str | None] = (new, host)
            else:
                made = (await self.get(entry.rematch), None)
        self.after_change(entry)
        return made

    async def _start_clocks(self, entry: GameEntry) -> None:
        now = time.time()
        for s in entry.seats:
            if s.seat in entry.state.to_act() and s.clock_since is None:
                s.clock_since = now
                await self.db(self.store.set_seat, entry.id, s.seat, {"clock_since": now})

    async def set_controller(self, entry: GameEntry, seat: int, controller: str, level: str | None,
                             reopen: bool = False, by: int | None = None) -> None:
        """Hand a human seat to a bot or take it back, as seat ``by`` decided (None: the host); the
        table's talk says so. ``reopen`` (the host taking back a seat that is not its own) frees the
        seat for a new player: the old seat token stops working and the seat can be joined again, so
        a seat can never be left human with nobody able to play it."""
        if not 0 <= seat < entry.players:
            raise NotFound(f"no seat {seat}", "no_seat", n=seat + 1)
        async with entry.lock:
            s = entry.seats[seat]
            if entry.status == "over":
                raise Conflict("the game is over; its seats no longer change", entry.version, "seats_fixed")
            if not s.human:
                raise Conflict(f"seat {seat} is a bot seat; only human seats change hands", None, "bot_seat",
                               n=seat + 1)
            if s.controller == controller:
                raise Conflict(f"seat {seat} is already played by {'a bot' if controller == 'bot' else 'a player'}",
                               entry.version, f"already_{controller}", n=seat + 1)
            values: dict[str, Any] = {"controller": controller, "timeout": None}
            if controller == "bot":
                values["bot_level"] = check_level(level or "easy")
            else:
                if reopen:
                    values.update(token_hash=None, player_id=None)
                if s.clock_ms is not None and not clocks.remaining_ms(s, time.time()):
                    # Back from a timeout: a fresh increment (or half a minute) so the player can move at all.
                    values["clock_ms"] = (entry.clock[1] if entry.clock and entry.clock[1] else 30_000)
                    values["clock_since"] = time.time() if seat in entry.to_act() else None
            # A free seat given to a bot counts as filled: the host can start without waiting.
            start = entry.status == "open" and not any(
                o.human and o.token_hash is None and (o.controller if o.seat != seat else controller) == "human"
                for o in entry.seats)
            line = TalkRow(None, "bot" if controller == "bot" else "back", seat, by, values.get("bot_level"),
                           time.time())
            line.id = await self.db(self.store.set_seat, entry.id, seat, values, start, line)
            self._told(entry, line)
            for key, value in values.items():
                setattr(s, key, value)
            if start:
                entry.status = "active"
                if entry.clock:
                    await self._start_clocks(entry)
            entry.changed()
        entry.bot_retries.pop(seat, None)
        self.after_change(entry)

    # ---- tokens -------------------------------------------------------------------------------
    def _know(self, digest: str | None) -> None:
        if digest:
            self._known[digest] = None
            self._known.move_to_end(digest)
            if len(self._known) > KNOWN_TOKENS_MAX:
                self._known.popitem(last=False)

    def known_token(self, digest: str) -> bool:
        """Whether a token digest is one this process has seen valid (for the rate limit)."""
        return digest in self._known

    def seat_of(self, entry: GameEntry, token: str | None, player_seats: list[int] | None = None,
                wanted: int | None = None) -> int:
        """The seat a token (or a player's token, through ``player_seats``) may play, or Forbidden."""
        if token:
            h = hash_token(token)
            found = None
            for s in entry.seats:  # check every seat so timing does not depend on which matched
                if matches(s.token_hash, h):
                    found = s.seat
            if found is not None and (wanted is None or wanted == found):
                return found
        if player_seats:
            if wanted is not None and wanted in player_seats:
                return wanted
            if wanted is None and len(player_seats) == 1:
                return player_seats[0]
        raise Forbidden("a valid seat token is required", "seat_token")

    def may_watch(self, entry: GameEntry) -> None:
        """Raise Forbidden for a watcher without a seat at a table that allows no spectators (until it ends)."""
        if not entry.spectators and entry.status != "over":
            raise Forbidden("this table allows no spectators while it is played; its replay opens when it ends",
                            "no_spectators")

    def is_host(self, entry: GameEntry, token: str | None) -> bool:
        return bool(token) and matches(entry.host_hash, hash_token(token or ""))

    # ---- the write path -----------------------------------------------------------------------
    async def submit(self, entry: GameEntry, seat: int, version: int, action: Any, undo: bool = False,
                     by_bot: bool = False) -> None:
        """Apply and store one action (or undo) chosen at ``version``; raises Conflict on a stale
        version or a game not in play, IllegalAction if the engine refuses. Nothing changes on error."""
        async with entry.lock:
            if version > entry.version:
                await self._catch_up(entry)  # another process may be ahead of our cache
            if version != entry.version:
                raise Conflict(f"stale version {version}: the game is at version {entry.version}", entry.version,
                               "stale")
            if entry.status != "active":
                raise Conflict(f"the game is {entry.status}, not in play", entry.version, f"not_in_play_{entry.status}")
            if entry.seats[seat].controller != ("bot" if by_bot else "human"):
                who = "a player" if by_bot else "a bot; ask the host to take it back"
                raise Conflict(f"seat {seat} is being played by {who}", entry.version,
                               "played_by_human" if by_bot else "played_by_bot", n=seat + 1)
            before = entry.state.to_act()
            if undo:
                new = entry.state.undo(seat)
                row = ActionRow(seq=version + 1, seat=seat, kind="undo", action=None)
                payload = None
            else:
                new = entry.state.clone()
                new.apply(seat, action)
                index = new.history[-1][1]
                row = ActionRow(seq=version + 1, seat=seat, kind="action", action=index)
                payload = new.SPACE.actions[index].to_json()
            game_changes: dict[str, Any] = {}
            if new.is_over():
                game_changes = {"status": "over", "final_hash": new.state_hash()}
            now = time.time()
            after = () if new.is_over() else new.to_act()
            seat_changes = clocks.advance(entry.seats, before, after, now, entry.clock[1]) if entry.clock else {}
            if entry.seats[seat].timeout:  # its player is back
                seat_changes.setdefault(seat, {})["timeout"] = None
            entry.writing = version + 1
            try:
                await self.committer.append((entry.id, version, row, payload, game_changes, seat_changes))
            except StaleWrite:
                entry.writing = 0
                await self._catch_up(entry)
                # The winner's NOTIFY may arrive after this catch-up and then looks like old news,
                # so this process's live clients must hear of the new version here.
                self.after_change(entry, bots_after=0.0 if self.leases else BOT_TAKEOVER_SECONDS)
                raise Conflict(f"stale version {version}: the game is at version {entry.version}",
                               entry.version, "stale") from None
            finally:  # no await between here and the new version: a NOTIFY cannot slip in between
                entry.writing = 0
            entry.state = new
            entry.version = version + 1
            if by_bot:
                entry.bot_retries.pop(seat, None)
            if game_changes:
                entry.status = "over"
                self._release(entry.id)
                self.spawn(self.rate(entry))
            for n, values in seat_changes.items():
                for key, value in values.items():
                    setattr(entry.seats[n], key, value)
            entry.changed()
        if self.on_action is not None:
            self.on_action("bot" if by_bot else "player")
        self.after_change(entry)

    def after_change(self, entry: GameEntry, publish: bool = True, bots_after: float = 0.0) -> None:
        if publish:
            for listener in self.listeners:
                listener(entry)
        if self.closing:
            return
        if bots_after:
            self.spawn(self._bots_later(entry, entry.version, bots_after))
        else:
            self.schedule_bots(entry)
        self._arm_clock(entry)

    async def _bots_later(self, entry: GameEntry, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        if entry.version == version:
            self.schedule_bots(entry)

    # ---- bots ---------------------------------------------------------------------------------
    def schedule_bots(self, entry: GameEntry) -> None:
        if self.bots is None:
            return
        if self.leases is not None and entry.id not in self.leases.held:
            if any(entry.seats[seat].controller == "bot" for seat in entry.to_act()):
                self.spawn(self._claim(entry))
            return
        for seat in entry.to_act():
            key = (entry.id, seat)
            if entry.seats[seat].controller != "bot" or key in self._bot_busy:
                continue
            self._bot_busy.add(key)
            self.spawn(self._bot_turn(entry, seat))

    async def _bot_turn(self, entry: GameEntry, seat: int) -> None:
        """Play the seat's bot until it is no longer its turn. A failure (database away, a worker
        that died) is tried again with backoff, and the seat shows that its bot is waiting."""
        key = (entry.id, seat)
        assert self.bots is not None
        try:
            while not self.closing and self.cache.get(entry.id) is entry and self._drives(entry):
                version = entry.version
                s = entry.seats[seat]
                if seat not in entry.to_act() or s.controller != "bot":
                    break
                level = s.bot_level if s.bot_level in LEVELS else "normal"
                bot_seed = (entry.seed * 1_000_003 + version * 31 + seat) % 2**63
                try:
                    index = await self.bots.choose(entry.id, entry.state, seat, level, bot_seed, group=entry.id)
                    await self.submit(entry, seat, version, index, by_bot=True)
                except Conflict:
                    pass  # the game moved on meanwhile: look again
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    failures = entry.bot_retries.get(seat, 0) + 1
                    entry.bot_retries[seat] = failures
                    if failures == 1:
                        self._publish(entry)
                    delay = min(BOT_RETRY_MAX, BOT_RETRY_FIRST * 2 ** (failures - 1))
                    log.warning("bot for game %s seat %s failed (%s, %d in a row); again in %.1f s",
                                entry.id, seat, exc.__class__.__name__, failures, delay)
                    await asyncio.sleep(delay)
                    continue
                break
        finally:
            self._bot_busy.discard(key)
        if not self.closing and self.cache.get(entry.id) is entry:
            self.schedule_bots(entry)

    def _drives(self, entry: GameEntry) -> bool:
        return self.leases is None or entry.id in self.leases.held

    async def _claim(self, entry: GameEntry) -> None:
        """Drive the game's bots if no other process does (its advisory lock is free)."""
        assert self.leases is not None
        try:
            claimed = await self.leases.claim(entry.id)
        except Exception as exc:  # the database is away: the sweep claims it once it is back
            log.warning("could not claim game %s for its bots (%s)", entry.id, exc.__class__.__name__)
            return
        if claimed and not self.closing:
            await self._catch_up_locked(entry)  # its last holder may have moved since we looked
            self.schedule_bots(entry)

    async def _catch_up_locked(self, entry: GameEntry) -> None:
        async with entry.lock:
            await self._catch_up(entry)

    def _release(self, game_id: str) -> None:
        if self.leases is not None and game_id in self.leases.held and not self.closing:
            self.spawn(self.leases.release(game_id))

    async def drive_orphans(self) -> None:
        """PostgreSQL: every few seconds, claim the active games with bots that no process drives
        (their process died, or never loaded them) and drive their bots here."""
        assert self.leases is not None
        while not self.closing:
            try:
                for game_id in await self.leases.sweep():
                    entry = await self.get(game_id)
                    await self._catch_up_locked(entry)
                    self.schedule_bots(entry)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("looking for games without a bot driver failed (%s)", exc.__class__.__name__)
            await asyncio.sleep(BOT_SWEEP_SECONDS)

    def _publish(self, entry: GameEntry) -> None:
        """Tell live clients about a change that is not an action (a bot now waiting)."""
        entry.changed()
        for listener in self.listeners:
            listener(entry)

    # ---- clocks -------------------------------------------------------------------------------
    def _arm_clock(self, entry: GameEntry) -> None:
        if entry.timer:
            entry.timer.cancel()
            entry.timer = None
        if not entry.clock or entry.status != "active":
            return
        # A seat whose clock ran out waits for the others' choice, or for its player.
        human = {s.seat for s in entry.seats if s.controller == "human" and not s.timeout}
        deadline = clocks.next_deadline(entry.seats, human)
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, deadline[0] - time.time())
        entry.timer = loop.call_later(delay, lambda: self.spawn(self._timeout(entry, deadline[1])))

    async def _timeout(self, entry: GameEntry, seat: int) -> None:
        """A seat's clock ran out: its seat stays as it is and the other players choose to hand it
        to a bot or to wait (see decide_timeout); with nobody else at the table, the game waits."""
        s = entry.seats[seat]
        if s.controller != "human" or s.timeout or clocks.remaining_ms(s, time.time()) != 0:
            self._arm_clock(entry)
            return
        async with entry.lock:
            state = "ran_out" if self.deciders(entry, seat) else "waited"
            log.info("game %s seat %s ran out of time (%s)", entry.id, seat, state)
            line = TalkRow(None, "timeout", seat, None, None, time.time())
            line.id = await self.db(self.store.set_seat, entry.id, seat, {"timeout": state}, False, line)
            self._told(entry, line)
            s.timeout = state
        self.after_change(entry)

    def deciders(self, entry: GameEntry, seat: int) -> list[int]:
        """The seats whose players choose what happens to ``seat`` when its clock runs out: every
        other seat a person holds and plays."""
        return [o.seat for o in entry.seats
                if o.seat != seat and o.human and o.controller == "human" and o.token_hash and not o.timeout]

    async def decide_timeout(self, entry: GameEntry, seat: int, by: int | None, level: str | None) -> None:
        """Seat ``by`` (None: the host) chose for the seat whose clock ran out: a bot of ``level``
        plays it from now on (its player may take it back), or, with no level, the table waits."""
        if not 0 <= seat < entry.players:
            raise NotFound(f"no seat {seat}", "no_seat", n=seat + 1)
        if entry.seats[seat].timeout != "ran_out":
            raise Conflict(f"seat {seat} is not waiting for a choice: its clock has not run out, or the choice "
                           "was made", entry.version, "no_timeout", n=seat + 1)
        if level is not None:
            await self.set_controller(entry, seat, "bot", level, by=by)
            return
        async with entry.lock:
            line = TalkRow(None, "wait", seat, by, None, time.time())
            line.id = await self.db(self.store.set_seat, entry.id, seat, {"timeout": "waited"}, False, line)
            self._told(entry, line)
            entry.seats[seat].timeout = "waited"
        self.after_change(entry)

    # ---- talk ---------------------------------------------------------------------------------
    def _told(self, entry: GameEntry, line: TalkRow) -> None:
        """Keep a stored talk line (the caller holds the entry's lock) and show it to clients."""
        entry.talk.append(line)
        del entry.talk[:-TALK_KEPT]
        entry.changed()

    async def say(self, entry: GameEntry, seat: int, text: str) -> None:
        """A chat line from ``seat`` (text already checked by ChatRequest), at most CHAT_BURST lines
        in CHAT_WINDOW seconds per seat."""
        if not entry.chat:
            raise Forbidden("the host has closed this table's chat", "chat_closed")
        now = time.time()
        recent = [t for t in entry.said.get(seat, []) if now - t < CHAT_WINDOW]
        if len(recent) >= CHAT_BURST:
            raise TooMany(f"at most {CHAT_BURST} chat lines in {CHAT_WINDOW:g} s",
                          max(1, round(CHAT_WINDOW - (now - recent[0]))), "chat_too_fast", n=CHAT_BURST,
                          window=round(CHAT_WINDOW))
        entry.said[seat] = [*recent, now]
        async with entry.lock:
            line = TalkRow(None, "chat", seat, seat, text, now)
            line.id = await self.db(self.store.add_talk, entry.id, line)
            self._told(entry, line)
        self.after_change(entry)

    async def set_chat(self, entry: GameEntry, open_: bool) -> None:
        """The host opens or closes the table's chat (what was said stays)."""
        async with entry.lock:
            if entry.chat == open_:
                raise Conflict(f"the chat is already {'open' if open_ else 'closed'}", entry.version,
                               "chat_already_open" if open_ else "chat_already_closed")
            line = TalkRow(None, "chat_on" if open_ else "chat_off", None, None, None, time.time())
            line.id = await self.db(self.store.add_talk, entry.id, line, {"chat": open_})
            entry.chat = open_
            self._told(entry, line)
        self.after_change(entry)

    # ---- startup ------------------------------------------------------------------------------
    async def resume(self) -> int:
        """Load every game in play so its bots and clocks carry on after a restart."""
        ids = await self.db(self.store.list_games, "active", self.cache_size)
        for gid in ids:
            try:
                await self.get(gid)
            except Exception:
                log.exception("could not resume game %s", gid)
        log.info("%d games in play resumed", len(ids))
        self.spawn(self.rate_pending())
        if self.leases is not None:
            self.spawn(self.drive_orphans())
        return len(ids)

    # ---- ratings ------------------------------------------------------------------------------
    async def rate(self, entry: GameEntry) -> bool:
        """Apply the finished ``entry`` to its players' ratings, once (see Store.rate_game); a table
        that rates nobody is only marked done."""
        ids = rated_players(entry)
        applied = await self.db(self.store.rate_game, entry.id, entry.game, entry.players, ids or [],
                                lambda current: new_ratings(entry, current) if ids else {})
        if applied and ids:
            log.info("game %s rated", entry.id)
        return bool(applied)

    async def rate_pending(self) -> None:
        """Rate the finished games whose ratings a stop left unapplied."""
        for gid in await self.db(self.store.unrated_games, 1000):
            try:
                await self.rate(await self.get(gid))
            except Exception:
                log.exception("could not rate game %s", gid)

    async def seat_ratings(self, entry: GameEntry) -> list[dict[str, Any] | None]:
        """Each seat's rating for this game and player count: a bot's fixed one, a rated player's,
        None for a seat without a player or a player not rated yet."""
        ids = [s.player_id for s in entry.seats if s.human and s.player_id]
        known = await self.db(self.store.ratings_of, entry.game, entry.players, ids) if ids else {}
        out: list[dict[str, Any] | None] = []
        for s in entry.seats:
            if not s.human:
                mu, sigma = bot_rating(s.bot_level)
                out.append({"rating": round(ordinal(mu, sigma), 1), "mu": mu, "sigma": sigma, "games": None,
                            "fixed": True})
            elif s.player_id in known:
                r = known[s.player_id]
                out.append({"rating": round(ordinal(r["mu"], r["sigma"]), 1), "mu": round(r["mu"], 2),
                            "sigma": round(r["sigma"], 2), "games": r["games"], "fixed": False})
            else:
                out.append(None)
        return out

    async def open_games(self, limit: int) -> list[GameEntry]:
        ids = await self.db(self.store.list_games, "open", limit)
        out = []
        for gid in ids:
            try:
                out.append(await self.get(gid))
            except NotFound:
                continue
        return [e for e in out if e.status == "open"]

    async def player(self, token: str | None) -> dict[str, Any] | None:
        if not token or len(token) > 128:
            return None
        digest = hash_token(token)
        found = await self.db(self.store.player_by_token, digest)
        if found is not None:
            self._know(digest)
        return found

    async def create_player(self, name: str) -> tuple[str, str]:
        token, pid = new_token(), new_id()
        await self.db(self.store.create_player, pid, hash_token(token), name)
        self._know(hash_token(token))
        return pid, token
