"""A learned evaluation per game: each seat's final score predicted from its view of a position.

Features (``features``): the seat's observation vector (the game's encoder, normalised into [0, 1] by its
field bounds), the hand-made evaluation's own value for the seat and a constant, each also multiplied by
the game's progress (0 at the start, 1 at the end): a linear model whose weights slide with the clock, since a
coin, a card or a member is worth much more early than late. The hand-made value is a feature (unpenalised)
so the model starts as a calibrated heuristic and only learns corrections where the data ask for them.

Model: ridge regression in numpy (closed form on the normal equations, the penalty chosen on games held out
from the training games). It is the right first model here: a few thousand weights fit in seconds from a
few minutes of self-play, prediction is one dot product (the search calls it at every leaf, for every seat),
and it cannot do worse than the hand-made value on the training distribution, which it contains.

Target: the seat's final score, in the game's points, not its margin. The search turns values into leads
itself (``base.seat_leads``: a seat's value minus the best other seat's), so a predicted score per seat is
what it needs; a predicted margin would be compared with other seats' margins, which means nothing.

The weights file (``games/<game>/learned.npz``) holds the format version, the feature layout's hash, the
kept columns and the weights; loading needs numpy only, and a file made for another layout is refused.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from mercator.engine.state import GameState
from mercator.interop.encoders import encoder_for
from mercator.interop.encoding import field_bounds

FORMAT = 1  # the weights file's version: raise it when the features or the file change meaning
EXTRA = ("heuristic", "bias")  # appended after the observation vector
LAMBDAS = (1.0, 10.0, 100.0, 1e3, 1e4, 1e5)  # ridge penalties tried on the held-out training games
Evaluate = Callable[[GameState, int], float]


class LayoutMismatch(ValueError):
    """A weights file that does not fit this build's features (another version or encoder layout)."""


def weights_path(game: str) -> Path:
    return Path(__file__).resolve().parent.parent / "games" / game / "learned.npz"


class Features:
    """The feature vector of one game at one table size and set of options (its encoder's layout)."""

    def __init__(self, state: GameState) -> None:
        from mercator.games import get

        from .base import heuristic

        info = get(state.GAME)
        self.game = state.GAME
        self.encoder = encoder_for(info, state.seats, dict(state.options), kind="game")
        self.heuristic = heuristic(state.GAME)
        self.progress = info.plugin("heuristics").progress  # how far the game is, 0 to 1, by its own clock
        low, high = field_bounds(self.encoder)
        span = high - low
        self.low = low
        self.scale = np.divide(1.0, span, out=np.zeros_like(span), where=span > 0).astype(np.float32)
        self.size = self.encoder.size + len(EXTRA)
        layout = [self.game, FORMAT, [(f.name, f.offset, f.size) for f in self.encoder.fields], EXTRA]
        self.layout = hashlib.sha256(json.dumps(layout).encode()).hexdigest()[:16]

    def __call__(self, state: GameState, seat: int) -> np.ndarray:
        """The seat's features (observation normalised, hand-made value, 1)."""
        x = np.empty(self.size, np.float32)
        obs = self.encoder.encode_state(state, seat)
        n = obs.shape[0]
        np.subtract(obs, self.low, out=x[:n])
        x[:n] *= self.scale
        np.clip(x[:n], 0.0, 1.0, out=x[:n])
        x[n] = self.heuristic(state, seat)
        x[n + 1] = 1.0
        return x


def features_for(state: GameState) -> Features:
    """The (cached) feature maker for this state's game, table size and options."""
    key = (state.GAME, state.seats, tuple(sorted((k, json.dumps(v)) for k, v in state.options.items())))
    cached = _BY_TABLE.get(key)
    if cached is None:
        cached = _BY_TABLE[key] = Features(state)
    return cached


_BY_TABLE: dict[tuple[str, int, tuple[tuple[str, str], ...]], Features] = {}


@dataclass
class Model:
    """Ridge weights over the kept feature columns: value = (w[0] + progress * w[1]) . x[keep]."""

    game: str
    layout: str
    keep: np.ndarray  # int32 column indices into the feature vector
    weights: np.ndarray  # float32, shape (2, len(keep))
    info: dict[str, Any] = field(default_factory=dict)  # how it was trained and how well it did

    def predict(self, x: np.ndarray, progress: np.ndarray | float) -> np.ndarray:
        """Predicted final scores for rows ``x`` (full feature vectors) at ``progress``."""
        xk = x[..., self.keep]
        return np.asarray(xk @ self.weights[0] + progress * (xk @ self.weights[1]))

    def save(self, path: Path) -> None:
        meta = {"format": FORMAT, "game": self.game, "layout": self.layout, **self.info}
        with path.open("wb") as f:
            np.savez_compressed(f, meta=np.array(json.dumps(meta)), keep=self.keep.astype(np.int32),
                                weights=self.weights.astype(np.float32))

    @staticmethod
    def load(path: Path, game: str | None = None, layout: str | None = None) -> Model:
        """Read a weights file; refuse one of another format, or (when given) another game or feature layout."""
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            keep, weights = data["keep"], data["weights"]
        retrain = f"retrain it with: mercator train {game or meta.get('game', 'GAME')}"
        if meta.get("format") != FORMAT:
            raise LayoutMismatch(f"{path} is a learned-weights file of format {meta.get('format')}, this build "
                                 f"reads format {FORMAT}; {retrain}")
        if (game, layout) != (None, None) and (meta["game"], meta["layout"]) != (game, layout):
            raise LayoutMismatch(f"{path} was trained for {meta['game']} features of layout {meta['layout']}, but "
                                 f"{game}'s features here have layout {layout} (the encoder changed); {retrain}")
        info = {k: v for k, v in meta.items() if k not in ("format", "game", "layout")}
        return Model(meta["game"], meta["layout"], keep.astype(np.intp), weights.astype(np.float32), info)


@cache
def _model(game: str, layout: str, path: Path) -> Model:
    if not path.exists():
        raise ValueError(f"no learned weights for {game} at {path}; make them with: mercator train {game}")
    return Model.load(path, game, layout)


def learned_evaluation(state: GameState, path: Path | None = None) -> Evaluate:
    """``evaluate(world, seat)`` from the game's committed weights (or ``path``), for worlds of this state's
    table (the search's determinised worlds all are): the predicted final score of the seat."""
    feats = features_for(state)
    model = _model(state.GAME, feats.layout, (path or weights_path(state.GAME)).resolve())
    keep, w0, w1 = model.keep, model.weights[0], model.weights[1]
    progress = feats.progress

    def evaluate(world: GameState, seat: int) -> float:
        xk = feats(world, seat)[keep]
        return float(xk @ w0 + progress(world) * (xk @ w1))

    return evaluate


# ---- data: self-play positions labelled with the final scores ---------------------------------------------
@dataclass(frozen=True)
class SelfPlay:
    """``games`` games of self-play by ``bot`` (a level or ``ismcts:N:...`` setting, or several separated by
    commas: a lineup seated as in the arena, rotated by one seat each game; a share ``epsilon`` of the moves
    random, for variety) from ``seed`` on, at each table in ``tables`` in turn; each position kept
    with probability ``sample``."""

    index: int
    game: str
    tables: tuple[tuple[int, tuple[tuple[str, Any], ...]], ...]  # (players, options as pairs)
    seed: int
    games: int
    sample: float = 0.03
    epsilon: float = 0.05
    bot: str = "easy"


@dataclass
class Data:
    """Rows of features, one per (position, seat), with the seat's final score and the game's progress."""

    x: np.ndarray  # float32 (rows, features)
    y: np.ndarray  # float64 final scores
    progress: np.ndarray
    game: np.ndarray  # int64: which game a row comes from (held-out splits are by game)
    position: np.ndarray  # int64: rows of one position share it (for margins)
    layout: str

    @staticmethod
    def join(parts: Iterable[Data]) -> Data:
        parts = list(parts)
        layouts = {p.layout for p in parts}
        if len(layouts) != 1:
            raise LayoutMismatch(f"self-play tables gave different feature layouts: {sorted(layouts)}")
        x, y, progress, game, position = (np.concatenate([getattr(p, k) for p in parts])
                                          for k in ("x", "y", "progress", "game", "position"))
        return Data(x, y, progress, game, position, layouts.pop())


def self_play(task: SelfPlay) -> Data:
    """Play the task's games and return their sampled positions (module level: a pool or Ray runs it)."""
    from mercator.arena.games import seating
    from mercator.games import get

    from .base import make_bot

    info = get(task.game)
    rows: list[np.ndarray] = []
    ys: list[float] = []
    prog: list[float] = []
    games: list[int] = []
    positions: list[int] = []
    layout = ""
    for g in range(task.games):
        seed = task.seed + g
        players, options = task.tables[seed % len(task.tables)]
        state = info.new(players, seed=seed, options=dict(options))
        feats = features_for(state)
        layout = feats.layout
        rng = random.Random(seed)
        bots = [make_bot(name, seed * 31 + s, game=task.game, table=state.table())
                for s, name in enumerate(seating(task.bot.split(","), players, seed))]
        kept: list[tuple[np.ndarray, float]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            if rng.random() < task.sample:
                kept.extend((feats(state, s), feats.progress(state)) for s in range(players))
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))] if rng.random() < task.epsilon else bots[seat].act(state, seat)
            state.apply(seat, action)
        scores = state.scores()
        for i, (x, p) in enumerate(kept):
            rows.append(x)
            ys.append(float(scores[i % players]))
            prog.append(p)
            games.append(seed)
            positions.append(seed * 10_000 + i // players)
    width = len(rows[0]) if rows else 0
    return Data(np.array(rows, np.float32).reshape(-1, width), np.array(ys), np.array(prog), np.array(games, np.int64),
                np.array(positions, np.int64), layout)


def tables(game: str, players: list[int] | None = None) -> tuple[tuple[int, tuple[tuple[str, Any], ...]], ...]:
    """Every (players, edition) table of the game, or those with the given player counts."""
    from mercator.games import get

    info = get(game)
    editions = [{"edition": e} for e in info.options.get("edition", ())] or [{}]
    out = []
    for options in editions:
        for n in info.counts_for(options):
            if players is None or n in players:
                out.append((n, tuple(sorted(options.items()))))
    if not out:
        raise ValueError(f"{info.title} is not played by {', '.join(map(str, players or []))} players")
    return tuple(out)


def plan(game: str, games: int, seed: int = 0, players: list[int] | None = None, chunk: int = 20,
         epsilon: float = 0.05, bot: str = "easy", sample: float = 0.03) -> list[SelfPlay]:
    """The self-play tasks of a training run: chunks of ``chunk`` games with consecutive seeds."""
    from mercator.arena.games import lineup

    from .base import make_bot

    # An unknown level, a bad setting or more bots than a table's seats fail here, before any worker starts.
    for one in bot.split(","):
        make_bot(one, game=game)
    at = tables(game, players)
    for n, _ in at:
        lineup(bot.split(","), n)
    base = seed * 1_000_003
    return [SelfPlay(i, game, at, base + start, min(chunk, games - start), sample, epsilon, bot)
            for i, start in enumerate(range(0, games, chunk))]


# ---- the fit -------------------------------------------------------------------------------------------
def _held_out(game: np.ndarray, share: int = 5) -> np.ndarray:
    """Rows of every ``share``-th game in seed order, the first included (so even a tiny run tests on one
    game); the tables cycle with the seeds, so the held-out games cover them all."""
    return np.unique(game, return_inverse=True)[1] % share == 0


def _centred(values: np.ndarray, position: np.ndarray) -> np.ndarray:
    """Each row minus the mean of its position's rows (rows of a position are adjacent)."""
    starts = np.flatnonzero(np.r_[True, position[1:] != position[:-1]])
    counts = np.diff(np.r_[starts, len(position)])
    means = np.add.reduceat(values.astype(np.float64), starts, axis=0) / counts.reshape(-1, *[1] * (values.ndim - 1))
    return values - np.repeat(means, counts, axis=0)


def _gram(x: np.ndarray, progress: np.ndarray, y: np.ndarray, chunk: int = 8192) -> tuple[np.ndarray, np.ndarray]:
    """A^T A and A^T y of the design A = [x, progress * x], a chunk of rows at a time (A is never whole)."""
    k = x.shape[1]
    gram, rhs = np.zeros((2 * k, 2 * k)), np.zeros(2 * k)
    for a in range(0, len(y), chunk):
        part = x[a:a + chunk].astype(np.float64)
        design = np.hstack([part, part * progress[a:a + chunk, None]])
        gram += design.T @ design
        rhs += design.T @ y[a:a + chunk]
    return gram, rhs


def fit(data: Data, game: str, lambdas: tuple[float, ...] = LAMBDAS) -> tuple[Model, dict[str, Any]]:
    """Ridge on the training games (80%), its penalty chosen on a fifth of them; returns the model and the
    held-out report: R^2 and mean absolute error of the margins (a seat's value minus the best other seat's,
    the search's lead) and of the relative scores (a seat's score minus its table's mean), learned and
    hand-made, on the same positions.

    The fit is on relative scores and features (each minus its position's mean over the seats): the search
    only compares seats, and a linear model's differences between seats are its weights times the differences
    of their features, so what every seat of a table shares (the game's pace, the board) costs no capacity."""
    test = _held_out(data.game)
    train = ~test
    if len(np.unique(data.game[train])) < 2:
        raise ValueError("too few games to fit and test a model; play more (--games)")
    n = data.x.shape[1]
    hand_col = n - len(EXTRA)
    x = _centred(data.x, data.position).astype(np.float32)
    y = _centred(data.y, data.position)
    keep = np.union1d(np.flatnonzero(x[train].std(axis=0) > 1e-6), [hand_col])
    x = x[:, keep]
    penalty = np.ones(2 * len(keep))
    j = int(np.searchsorted(keep, hand_col))
    penalty[j] = penalty[len(keep) + j] = 0.0  # the hand-made value is not shrunk: corrections are

    inner = np.zeros_like(train)
    inner[train] = _held_out(data.game[train])  # a fifth of the training games picks the penalty
    fit_rows = train & ~inner
    g_fit, r_fit = _gram(x[fit_rows], data.progress[fit_rows], y[fit_rows])
    g_in, r_in = _gram(x[inner], data.progress[inner], y[inner])
    ridge = np.diag(penalty) + 1e-6 * np.eye(len(penalty))
    best_lam, best_err = lambdas[0], np.inf
    if inner.any():
        a_in = np.hstack([x[inner], x[inner] * data.progress[inner, None]]).astype(np.float64)
        for lam in lambdas:
            err = float(np.mean((a_in @ np.linalg.solve(g_fit + lam * ridge, r_fit) - y[inner]) ** 2))
            if err < best_err:
                best_lam, best_err = lam, err
    w = np.linalg.solve(g_fit + g_in + best_lam * ridge, r_fit + r_in)
    model = Model(game, data.layout, keep.astype(np.intp), w.reshape(2, len(keep)).astype(np.float32))
    learned = model.predict(data.x[test], data.progress[test])
    hand = data.x[test, hand_col].astype(np.float64)
    report = {"rows": int(len(data.y)), "train_rows": int(train.sum()), "test_rows": int(test.sum()),
              "games": int(len(np.unique(data.game))), "kept_features": int(len(keep)), "lambda": best_lam,
              "learned": _scores(learned, data, test), "heuristic": _scores(hand, data, test)}
    return model, report


def _scores(pred: np.ndarray, data: Data, rows: np.ndarray) -> dict[str, float]:
    """R^2 and mean absolute error of the margins and of the relative scores that ``pred`` implies."""
    pos, y = data.position[rows], data.y[rows]
    pm, ym = _margins(pred, pos), _margins(y, pos)
    pc, yc = _centred(pred, pos), _centred(y, pos)
    return {"margin_r2": _r2(pm, ym), "margin_mae": float(np.mean(np.abs(pm - ym))),
            "relative_r2": _r2(pc, yc), "relative_mae": float(np.mean(np.abs(pc - yc)))}


def _r2(pred: np.ndarray, y: np.ndarray) -> float:
    total = float(np.sum((y - y.mean()) ** 2))
    return 1.0 - float(np.sum((y - pred) ** 2)) / total if total > 0 else 0.0


def _margins(values: np.ndarray, position: np.ndarray) -> np.ndarray:
    """Each row's value minus the best other row's of the same position (rows of a position are adjacent)."""
    out = np.empty_like(values, dtype=np.float64)
    starts = np.flatnonzero(np.r_[True, position[1:] != position[:-1]])
    ends = np.r_[starts[1:], len(position)]
    for a, b in zip(starts, ends, strict=True):
        v = values[a:b]
        for i in range(b - a):
            out[a + i] = v[i] - np.max(np.delete(v, i))
    return out


def train(game: str, games: int, seed: int = 0, players: list[int] | None = None, workers: int = 1,
          backend: str = "local", address: str | None = None,
          progress: Callable[[int, int], None] | None = None, epsilon: float = 0.05, bot: str = "easy",
          sample: float = 0.03) -> tuple[Model, dict[str, Any]]:
    """Self-play on the arena's local pool or Ray, then the fit; the model carries how it was made."""
    import time

    from mercator.arena.run import run_tasks

    tasks = plan(game, games, seed, players, epsilon=epsilon, bot=bot, sample=sample)
    start = time.perf_counter()
    parts: dict[int, Data] = {}
    for index, data in run_tasks(_indexed, tasks, workers, backend, address):  # in any order
        parts[index] = data
        if progress:
            progress(sum(tasks[i].games for i in parts), games)
    data = Data.join(parts[i] for i in sorted(parts))  # in task order: the same data whatever the pool did
    played = time.perf_counter() - start
    model, report = fit(data, game)
    report.update(seconds_self_play=round(played, 1), seconds_fit=round(time.perf_counter() - start - played, 1))
    model.info = {"trained": {"games": games, "seed": seed, "tables": [[n, dict(o)] for n, o in tasks[0].tables],
                              "bot": f"{_bot_name(game, bot)}, {tasks[0].epsilon:.0%} random moves",
                              "sample": tasks[0].sample}, "report": report}
    return model, report


def _bot_name(game: str, bot: str) -> str:
    """How the training record names the self-play bots: each level with the setting it stands for."""
    from .base import level_setting

    def one(name: str) -> str:
        if name in ("easy", "greedy"):
            return "greedy"
        setting = level_setting(name, game)
        return f"{name} ({setting})" if setting != name else name

    return " against ".join(one(name) for name in bot.split(","))


def _indexed(task: SelfPlay) -> tuple[int, Data]:
    return task.index, self_play(task)
