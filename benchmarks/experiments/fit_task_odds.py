"""Fit Valencia's task odds (games/valencia/task_odds.py) to the outcome of replayed arena games.

Every twelfth position of every game, for each seat and each of its kept tasks, is a sample: the steps the
seat still needs (tasks.STEPS) and the rounds left, and whether the task was met at the end. One logistic
model per task (a constant, met now, steps per round left, steps; a little ridge), fitted by Newton's method
on 80 % of the games and scored on the rest against the chances the tuned evaluation gives. Prints the
table for task_odds.toml; the weight it is read with is chosen in the arena (RESULTS.md).

    mercator arena valencia --players 2 --bots greedy:evaluation=tuned --games 2000 --seed 31 --workers 2 \\
        --out val2_greedy.jsonl
    python benchmarks/experiments/fit_task_odds.py val2_greedy.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

from mercator.engine.record import GameRecord
from mercator.games.tuned import tuned_constants
from mercator.games.valencia.heuristics import HAND_MADE, TUNED_FILE, plain_chance
from mercator.games.valencia.space import C
from mercator.games.valencia.task_odds import features
from mercator.games.valencia.tasks import FAR, STEPS, fulfilled

EVERY = 12  # actions between two sampled positions of a game


def samples(paths: list[str]) -> tuple[str, int, list[tuple[int, int, int, int, int]]]:
    """The table, its rounds, and (game index, task, steps, rounds left, met at the end) for every kept task
    at the sampled positions."""
    rows: list[tuple[int, int, int, int, int]] = []
    tables = set()
    game = rounds = 0
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            record = GameRecord.from_json(json.loads(line)["record"])
            state = record.new_state()
            tables.add(state.table())
            rounds = state.ed.rules.rounds
            seen = []
            for k, (seat, action) in enumerate(record.actions):
                state.apply(seat, action)
                if k % EVERY or state.is_over() or not any(p.kept for p in state.players):
                    continue
                left = rounds - state.round + 1
                seen += [(s, t, STEPS[C.tasks[t].predicate](state, s, C.tasks[t]), left)
                         for s, p in enumerate(state.players) for t in p.kept]
            rows += [(game, t, steps, left, int(fulfilled(state, s, C.tasks[t]))) for s, t, steps, left in seen]
            game += 1
    if len(tables) != 1:
        raise SystemExit(f"the games come from {len(tables)} tables ({', '.join(sorted(tables))}); fit one at a time")
    return tables.pop(), rounds, rows


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method with an L2 penalty."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p) + 1e-6)[:, None]) + ridge * np.eye(len(w))
        w -= np.linalg.solve(hessian, x.T @ (p - y) + ridge * w)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).sum())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="arena JSON lines of one table")
    ap.add_argument("--seed", type=int, default=1, help="draws the held-out games")
    args = ap.parse_args()
    table, rounds, rows = samples(args.files)
    data = np.array(rows, dtype=np.int64)
    data = data[data[:, 2] < FAR]  # a task out of reach has chance 0, no fit needed
    games = int(data[:, 0].max()) + 1
    held = np.random.default_rng(args.seed).random(games) < 0.2
    test = held[data[:, 0]]
    w = tuned_constants(TUNED_FILE, HAND_MADE, table)
    fitted_loss = tuned_loss = 0.0
    lines = []
    for t, task in enumerate(C.tasks):
        mine = data[:, 1] == t
        if not mine.any():
            continue
        x = np.array([features(int(s), int(left)) for s, left in data[mine][:, 2:4]])
        y = data[mine, 4].astype(float)
        coefficients = fit(x[~test[mine]], y[~test[mine]])
        fitted_loss += log_loss(1 / (1 + np.exp(-x[test[mine]] @ coefficients)), y[test[mine]])
        s, left = data[mine][test[mine], 2], data[mine][test[mine], 3]
        hand = np.array([plain_chance(w, steps == 0, int(r), rounds) for steps, r in zip(s, left, strict=True)])
        tuned_loss += log_loss(hand, y[test[mine]])
        lines.append(f"{task.id} = [{', '.join(f'{c:.4f}' for c in coefficients)}]  "
                     f"# met in {y.mean():.2f} of {len(y)} samples")
    n = int(test.sum())
    print(f"# {table}: {games} games, {len(data)} samples; held-out log loss a sample "
          f"{fitted_loss / n:.3f} fitted, {tuned_loss / n:.3f} the tuned evaluation's chances")
    print(f"[{table}]\nweight = 1.0\n\n[{table}.chances]")
    print("\n".join(lines))
    if not math.isfinite(fitted_loss):
        raise SystemExit("the fit did not converge")


if __name__ == "__main__":
    main()
