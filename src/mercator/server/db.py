"""Event-sourced storage: a games row, its seats and an append-only actions table.

Every function here is synchronous and is called from a small thread pool, so the event loop
never waits on the database. Actions are written in batches (group commit): one transaction locks
the games involved, checks that each is still at the version its action was chosen at, and appends
the actions and advances the versions together. The UNIQUE(game_id, seq) key is the last line of
defence when several processes share one database.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError

metadata = MetaData()

players = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("name", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
)

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Text, nullable=False),  # text: seeds may exceed a signed 64-bit column
    Column("seed_from_client", Boolean, nullable=False, server_default=text("false")),  # practice tables only
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("host_token_hash", String(64), nullable=False),
    Column("clock_bank_ms", Integer, nullable=True),
    Column("clock_increment_ms", Integer, nullable=True),
    Column("final_hash", String(64), nullable=True),
    # A private table is not listed; its free seats are joined only through their invitation links.
    Column("private", Boolean, nullable=False, server_default=text("false")),
    # A rated table changes its players' ratings when it ends (once: rated_at says when it did).
    Column("rated", Boolean, nullable=False, server_default=text("true")),
    Column("rated_at", Float, nullable=True),
    # Whether people without a seat may watch while it is played (a finished game's replay is open).
    Column("spectators", Boolean, nullable=False, server_default=text("true")),
    # Whether the table's chat is open (the host may close it; what was said stays).
    Column("chat", Boolean, nullable=False, server_default=text("true")),
    # The game that replays this finished one with the same players, once someone asked for it.
    Column("rematch_id", String(32), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_games_status", "status"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("human", Boolean, nullable=False),
    Column("controller", String(8), nullable=False),
    Column("bot_level", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("player_id", String(32), nullable=True),
    Column("name", String(64), nullable=False),
    Column("clock_ms", Integer, nullable=True),
    Column("clock_since", Float, nullable=True),
    Column("invite_hash", String(64), nullable=True),  # a private table's seat: its invitation code, hashed
    # The seat's clock ran out: "ran_out" while the others choose, "waited" once they chose to wait.
    Column("timeout", String(8), nullable=True),
    Index("ix_seats_token_hash", "token_hash"),
    Index("ix_seats_player_id", "player_id"),
)

actions = Table(
    "actions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # "action" or "undo"
    Column("action", Integer, nullable=True),  # index in the game's action space
    Column("payload", Text, nullable=True),  # the action's JSON form, for humans reading the table
    Column("created_at", Float, nullable=False),
    UniqueConstraint("game_id", "seq", name="uq_actions_game_seq"),
)

# What was said at a table and what happened to its seats, in order: chat lines and the seat events
# people should read beside the game's own log (a clock ran out, the others waited, a bot took a
# seat over or gave it back). ``seat`` is who spoke or whose seat it is, ``by_seat`` who decided.
talk = Table(
    "talk", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("by_seat", Integer, nullable=True),
    Column("text", Text, nullable=True),
    Column("created_at", Float, nullable=False),
    Index("ix_talk_game", "game_id", "id"),
)

ratings = Table(
    "ratings", metadata,
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),  # ratings are kept per player count
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_board", "game", "players"),
)

NOTIFY_CHANNEL = "mercator"


def parse_notification(payload: str) -> tuple[str, int | None, tuple[int, int] | None]:
    """A NOTIFY payload: ``game:version`` (an action, an undo or a game's end: read the game to catch
    up), ``game:version:seat:index`` (one plain action, nothing else changed: a process one version
    behind may apply it without reading) or ``game:seats``. Returns (game id, version or None, the
    (seat, index) of a plain action or None)."""
    game_id, *rest = payload.split(":")
    if not rest or not rest[0].isdigit():
        return game_id, None, None
    if len(rest) == 3 and rest[1].isdigit() and rest[2].isdigit():
        return game_id, int(rest[0]), (int(rest[1]), int(rest[2]))
    return game_id, int(rest[0]), None


AppendJob = tuple[str, int, "ActionRow", dict[str, Any] | None, dict[str, Any], dict[int, dict[str, Any]]]


class StaleWrite(Exception):
    """Another writer advanced the game first."""


@dataclass
class ActionRow:
    seq: int
    seat: int
    kind: str
    action: int | None


# A table keeps its latest talk lines in memory and sends them with every state document.
TALK_KEPT = 200


@dataclass
class TalkRow:
    id: int | None  # None until stored
    kind: str  # one of schemas.TalkKind
    seat: int | None
    by_seat: int | None
    text: str | None
    created_at: float


@dataclass
class Loaded:
    game: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[ActionRow]
    talk: list[TalkRow]


def is_postgres(url: str) -> bool:
    return url.startswith("postgresql")


def make_engine(url: str, sqlite_synchronous: str = "FULL", wait_seconds: float = 5.0) -> Engine:
    """An engine for ``url``. SQLite runs in WAL mode; ``sqlite_synchronous`` FULL (the default) puts
    each commit on disk before it is acknowledged, NORMAL survives a killed server but may lose the
    last commits on power loss, in exchange for no fsync per commit. ``wait_seconds`` bounds how long
    a statement waits for another process's lock on SQLite, and a connection attempt to PostgreSQL:
    a request then fails (503) rather than hang while every other request queues behind it."""
    if sqlite_synchronous not in ("FULL", "NORMAL"):
        raise ValueError(f"sqlite_synchronous must be FULL or NORMAL, not {sqlite_synchronous!r}")
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": wait_seconds})

        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (SQLAlchemy's pysqlite recipe)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sqlite_synchronous}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={round(wait_seconds * 1000)}")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # IMMEDIATE takes the write lock up front, so two processes never deadlock upgrading.
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    # libpq takes whole seconds and treats anything under 2 as 2.
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True,
                         connect_args={"connect_timeout": max(2, math.ceil(wait_seconds))})


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic), safe to run from several processes."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(726172)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"

    def _notify(self, conn: Any, payload: str) -> None:
        if self.postgres:  # delivered to listeners only when the transaction commits
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": NOTIFY_CHANNEL, "p": payload})

    # ---- players ------------------------------------------------------------------------------
    def create_player(self, player_id: str, token_hash: str, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(players.insert().values(id=player_id, token_hash=token_hash, name=name,
                                                 created_at=time.time()))

    def rename_player(self, player_id: str, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(players.update().where(players.c.id == player_id).values(name=name))

    def player_by_token(self, token_hash: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            row = conn.execute(select(players).where(players.c.token_hash == token_hash)).mappings().first()
            return dict(row) if row else None

    def seats_of_player(self, player_id: str, finished: int = 20) -> list[dict[str, Any]]:
        """The player's seats in unfinished games (latest first), then in the ``finished`` most
        recently finished ones (for their replays)."""
        query = (select(seats.c.game_id, seats.c.seat, games.c.status).join(games, games.c.id == seats.c.game_id)
                 .order_by(games.c.updated_at.desc()))
        with self.engine.begin() as conn:
            running = conn.execute(query.where(seats.c.player_id == player_id, games.c.status != "over")).mappings()
            out = [dict(r) for r in running]
            over = conn.execute(query.where(seats.c.player_id == player_id, games.c.status == "over")
                                .limit(finished)).mappings()
            return out + [dict(r) for r in over]

    def finished_of_player(self, player_id: str, game: str | None, limit: int) -> list[dict[str, Any]]:
        """The player's finished games, latest first (optionally of one game): id, seat, game, when."""
        query = (select(seats.c.game_id, seats.c.seat, games.c.game, games.c.updated_at)
                 .join(games, games.c.id == seats.c.game_id)
                 .where(seats.c.player_id == player_id, games.c.status == "over"))
        if game is not None:
            query = query.where(games.c.game == game)
        with self.engine.begin() as conn:
            order = (games.c.updated_at.desc(), seats.c.game_id, seats.c.seat)  # a game's seats side by side
            return [dict(r) for r in conn.execute(query.order_by(*order).limit(limit)).mappings()]

    # ---- ratings ------------------------------------------------------------------------------
    def rate_game(self, game_id: str, game: str, count: int, player_ids: list[str],
                  update: Callable[[dict[str, tuple[float, float]]], dict[str, tuple[float, float]]]) -> bool:
        """Apply a finished game to its players' ratings exactly once: in one transaction, mark it
        rated (only if it was not), read the players' ratings (absent: not rated yet), and store what
        ``update`` makes of them. False if the game was rated already (by this or another process)."""
        now = time.time()
        with self.engine.begin() as conn:
            marked = conn.execute(games.update().where(games.c.id == game_id, games.c.rated_at.is_(None))
                                  .values(rated_at=now))
            if marked.rowcount == 0:
                return False
            query = select(ratings).where(ratings.c.game == game, ratings.c.players == count,
                                          ratings.c.player_id.in_(player_ids))
            rows = {r["player_id"]: r for r in conn.execute(query.with_for_update() if self.postgres else query)
                    .mappings()}
            for pid, (mu, sigma) in update({p: (r["mu"], r["sigma"]) for p, r in rows.items()}).items():
                if pid in rows:
                    conn.execute(ratings.update().where(ratings.c.player_id == pid, ratings.c.game == game,
                                                        ratings.c.players == count)
                                 .values(mu=mu, sigma=sigma, games=rows[pid]["games"] + 1, updated_at=now))
                else:
                    conn.execute(ratings.insert().values(player_id=pid, game=game, players=count, mu=mu,
                                                         sigma=sigma, games=1, updated_at=now))
            return True

    def ratings_of(self, game: str, count: int, player_ids: list[str]) -> dict[str, dict[str, Any]]:
        with self.engine.begin() as conn:
            rows = conn.execute(select(ratings).where(ratings.c.game == game, ratings.c.players == count,
                                                      ratings.c.player_id.in_(player_ids))).mappings()
            return {r["player_id"]: dict(r) for r in rows}

    def leaderboard(self, game: str, count: int, limit: int) -> list[dict[str, Any]]:
        """The rated players of a game and player count with their names, by conservative rating."""
        with self.engine.begin() as conn:
            rows = conn.execute(select(ratings, players.c.name).join(players, players.c.id == ratings.c.player_id)
                                .where(ratings.c.game == game, ratings.c.players == count)
                                .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc()).limit(limit)).mappings()
            return [dict(r) for r in rows]

    def unrated_games(self, limit: int) -> list[str]:
        """Finished rated games whose ratings were not applied yet (the server stopped in between)."""
        with self.engine.begin() as conn:
            return list(conn.execute(select(games.c.id).where(games.c.status == "over", games.c.rated.is_(True),
                                                              games.c.rated_at.is_(None)).limit(limit)).scalars())

    # ---- games --------------------------------------------------------------------------------
    def create_game(self, game: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(games.insert().values(**game, created_at=now, updated_at=now))
            conn.execute(seats.insert(), [{**s, "game_id": game["id"]} for s in seat_rows])

    def load_game(self, game_id: str, seq: int = 0, talk_after: int = 0) -> Loaded | None:
        """The game's row, its seats, its actions after ``seq`` and its latest talk after
        ``talk_after`` (at most TALK_KEPT lines), in one transaction: loading a game, or catching up
        with another process's writes in one connection checkout and commit."""
        with self.engine.begin() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = conn.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat))
            acts = conn.execute(select(actions.c.seq, actions.c.seat, actions.c.kind, actions.c.action)
                                .where(actions.c.game_id == game_id, actions.c.seq > seq).order_by(actions.c.seq))
            said = conn.execute(select(talk.c.id, talk.c.kind, talk.c.seat, talk.c.by_seat, talk.c.text,
                                       talk.c.created_at)
                                .where(talk.c.game_id == game_id, talk.c.id > talk_after)
                                .order_by(talk.c.id.desc()).limit(TALK_KEPT))
            return Loaded(dict(row), [dict(s) for s in seat_rows.mappings()], [ActionRow(*a) for a in acts],
                          [TalkRow(*t) for t in reversed(list(said))])

    def set_rematch(self, game_id: str, rematch_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(rematch_id=rematch_id))
            self._notify(conn, f"{game_id}:seats")

    def add_talk(self, game_id: str, line: TalkRow, game_values: dict[str, Any] | None = None) -> int:
        """Store one talk line (with the change to the game that it reports, in the same transaction)
        and return its id."""
        with self.engine.begin() as conn:
            if game_values:
                conn.execute(update(games).where(games.c.id == game_id).values(**game_values))
            said = self._say(conn, game_id, line)
            self._notify(conn, f"{game_id}:seats")
            return said

    def _say(self, conn: Any, game_id: str, line: TalkRow) -> int:
        done = conn.execute(talk.insert().values(game_id=game_id, kind=line.kind, seat=line.seat,
                                                 by_seat=line.by_seat, text=line.text, created_at=line.created_at))
        key = done.inserted_primary_key
        assert key is not None
        return int(key[0])

    def list_games(self, status: str, limit: int) -> list[str]:
        with self.engine.begin() as conn:
            return list(conn.execute(select(games.c.id).where(games.c.status == status, games.c.private.is_(False))
                                     .order_by(games.c.created_at.desc()).limit(limit)).scalars())

    def append_many(self, jobs: list[AppendJob]) -> list[bool]:
        """Append several games' actions in one transaction (one fsync for all: group commit).
        True where the action was written, False where its game had moved on (nothing written)."""
        with self._driver_errors():
            return self._append_many_pg(jobs) if self.postgres else self._append_many_sqlite(jobs)

    @contextlib.contextmanager
    def _driver_errors(self) -> Iterator[None]:
        """The batches use the driver directly; raise its errors as SQLAlchemy's, as every other path
        of the store does, so a database that is away or locked answers 503 here too, not 500."""
        dbapi = self.engine.dialect.loaded_dbapi
        try:
            yield
        except dbapi.Error as exc:
            raise DBAPIError.instance(None, None, exc, dbapi.Error) from exc

    def _append_many_sqlite(self, jobs: list[AppendJob]) -> list[bool]:
        """The SQLite batch, in plain driver calls: BEGIN IMMEDIATE holds the only write lock, so the
        version check needs no savepoints, and executemany keeps a batch of hundreds cheap."""
        now = time.time()
        raw = self.engine.raw_connection()
        try:
            cur = raw.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                ids = sorted({job[0] for job in jobs})
                current = dict(cur.execute(f"SELECT id, version FROM games WHERE id IN ({','.join('?' * len(ids))})",
                                           ids).fetchall())
                done: list[bool] = []
                inserts, bumps = [], []
                for game_id, version, row, payload, game_changes, seat_changes in jobs:
                    if current.get(game_id) != version:
                        done.append(False)
                        continue
                    current[game_id] = version + 1
                    done.append(True)
                    inserts.append((game_id, row.seq, row.seat, row.kind, row.action,
                                    json.dumps(payload) if payload is not None else None, now))
                    bumps.append((version + 1, now, game_id))
                    if game_changes:
                        names = ", ".join(f"{k} = ?" for k in game_changes)
                        cur.execute(f"UPDATE games SET {names} WHERE id = ?", [*game_changes.values(), game_id])
                    for seat, values in seat_changes.items():
                        names = ", ".join(f"{k} = ?" for k in values)
                        cur.execute(f"UPDATE seats SET {names} WHERE game_id = ? AND seat = ?",
                                    [*values.values(), game_id, seat])
                cur.executemany("INSERT INTO actions (game_id, seq, seat, kind, action, payload, created_at) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?)", inserts)
                cur.executemany("UPDATE games SET version = ?, updated_at = ? WHERE id = ?", bumps)
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            return done
        finally:
            raw.close()

    def _append_many_pg(self, jobs: list[AppendJob]) -> list[bool]:
        """The PostgreSQL batch, in plain driver calls like SQLite's (SQLAlchemy's statement building
        cost more CPU than the database): lock the games' rows in id order (so two processes' batches
        can never deadlock), check their versions, then write everything with a few statements."""
        now = time.time()
        with self._raw() as raw:
            cur = raw.cursor()
            ids = sorted({job[0] for job in jobs})
            cur.execute("SELECT id, version FROM games WHERE id = ANY(%s) ORDER BY id FOR UPDATE", (ids,))
            current = dict(cur.fetchall())
            done: list[bool] = []
            inserts, bumped, versions, notes = [], [], [], []
            for game_id, version, row, payload, game_changes, seat_changes in jobs:
                if current.get(game_id) != version:
                    done.append(False)
                    continue
                current[game_id] = version + 1
                done.append(True)
                inserts.append((game_id, row.seq, row.seat, row.kind, row.action,
                                json.dumps(payload) if payload is not None else None, now))
                bumped.append(game_id)
                versions.append(version + 1)
                plain = row.kind == "action" and not game_changes and not seat_changes
                notes.append(f"{game_id}:{version + 1}" + (f":{row.seat}:{row.action}" if plain else ""))
                # Column names come from this module's callers, never from clients.
                if game_changes:
                    names = ", ".join(f"{k} = %s" for k in game_changes)
                    cur.execute(f"UPDATE games SET {names} WHERE id = %s", [*game_changes.values(), game_id])
                for seat, values in seat_changes.items():
                    names = ", ".join(f"{k} = %s" for k in values)
                    cur.execute(f"UPDATE seats SET {names} WHERE game_id = %s AND seat = %s",
                                [*values.values(), game_id, seat])
            if inserts:
                cur.executemany("INSERT INTO actions (game_id, seq, seat, kind, action, payload, created_at) "
                                "VALUES (%s, %s, %s, %s, %s, %s, %s)", inserts)
                cur.execute("UPDATE games SET version = u.v, updated_at = %s "
                            "FROM unnest(%s::text[], %s::int[]) AS u(id, v) WHERE games.id = u.id",
                            (now, bumped, versions))
                # Delivered when the transaction commits, so listeners never see an uncommitted version.
                cur.execute("SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p", (NOTIFY_CHANNEL, notes))
        return done

    @contextlib.contextmanager
    def _raw(self) -> Iterator[Any]:
        """A pooled driver connection in a transaction: committed if the block ends normally, rolled
        back otherwise; a connection found broken is dropped from the pool."""
        raw = self.engine.raw_connection()
        try:
            yield raw
            raw.commit()
        except BaseException:
            if getattr(raw.dbapi_connection, "closed", False):
                raw.invalidate()  # the pool opens a fresh one next time
            else:
                with contextlib.suppress(self.engine.dialect.loaded_dbapi.Error):
                    raw.rollback()
            raise
        finally:
            raw.close()

    def take_seat(self, game_id: str, seat: int, token_hash: str, player_id: str | None, name: str) -> str | None:
        """Claim a free human seat; returns the game's new status, or None if the seat was taken."""
        with self.engine.begin() as conn:
            done = conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                    seats.c.human.is_(True), seats.c.token_hash.is_(None))
                                .values(token_hash=token_hash, player_id=player_id, name=name))
            if done.rowcount != 1:
                return None
            free = conn.execute(select(seats.c.seat).where(seats.c.game_id == game_id, seats.c.human.is_(True),
                                                           seats.c.token_hash.is_(None),
                                                           seats.c.controller == "human")).first()
            conn.execute(update(games).where(games.c.id == game_id, games.c.status == "open")
                         .values(status="open" if free else "active", updated_at=time.time()))
            self._notify(conn, f"{game_id}:seats")
            # A game in play keeps its status: the seat was reopened after its bot was taken back.
            return str(conn.execute(select(games.c.status).where(games.c.id == game_id)).scalar_one())

    def set_seat(self, game_id: str, seat: int, values: dict[str, Any], start: bool = False,
                 line: TalkRow | None = None) -> int | None:
        """Change a seat; ``start`` also moves an open game into play (its last free seat went to a bot).
        ``line`` reports the change at the table, in the same transaction; its new id is returned."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(**values))
            if start:
                conn.execute(update(games).where(games.c.id == game_id, games.c.status == "open")
                             .values(status="active", updated_at=time.time()))
            said = self._say(conn, game_id, line) if line is not None else None
            self._notify(conn, f"{game_id}:seats")
            return said


class GroupCommitter:
    """Collects the appends that arrive while a commit is in flight and writes them together.

    With SQLite every commit waits for an fsync (milliseconds); one writer committing a batch per
    fsync keeps latency flat under load, and each caller is still answered only after the commit."""

    def __init__(self, store: Store, run: Any, max_batch: int = 256) -> None:
        self.store = store
        self.run = run  # awaitable runner: run(fn, *args) executes fn in the database thread
        self.max_batch = max_batch
        self.pending: list[tuple[AppendJob, Any]] = []
        self.flushing = False

    async def append(self, job: AppendJob) -> None:
        import asyncio

        future = asyncio.get_running_loop().create_future()
        self.pending.append((job, future))
        if not self.flushing:
            self.flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        if not await future:
            raise StaleWrite()

    async def _flush(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending[:self.max_batch], self.pending[self.max_batch:]
                try:
                    results = await self.run(self.store.append_many, [job for job, _ in batch])
                except BaseException as exc:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                for (_, future), ok in zip(batch, results, strict=True):
                    if not future.done():
                        future.set_result(ok)
        finally:
            self.flushing = False
