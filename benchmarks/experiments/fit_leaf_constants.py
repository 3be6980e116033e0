"""Fit a game's evaluation constants (``games/<game>/heuristics.py``, its ``Weights``) to predict the final lead,
the number a search reads at its leaves, rather than to choose good one-ply moves (``tune_evaluation.py``).

Colonia showed the two differ ("values that order one-ply choices well are not better leaf values",
RESULTS.md): the tuned constants play greedy well, but a search compares leads of positions several plies
deep, where a biased value is what stops more calls from helping. This plays games (greedy with the tuned
constants by default, a share of moves at random for cover), keeps a sample of positions with each seat's final
lead over the best other seat, and searches the constants (CMA-ES, one times exp(x) each, shares capped as in
the tuner) for the least squared error between the evaluation's lead and the final one. Prints the held-out
R² of the hand-set, tuned and fitted constants, and the fitted table to paste under a name of its own.

    python benchmarks/experiments/fit_leaf_constants.py valencia --players 2 --games 1500 --workers 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import asdict
from functools import partial
from multiprocessing import Pool
from typing import Any

import cma
import numpy as np
from tune_evaluation import tunable, weights

from mercator.bots.base import greedy_action, heuristics, seat_leads
from mercator.engine.rng import SearchRng
from mercator.engine.state import GameState
from mercator.games import get
from mercator.games.tuned import tuned_constants

Sample = tuple[GameState, list[float]]  # a position and each seat's final lead over the best other seat
DATA: list[Sample] = []  # the fitting positions, inherited by the forked workers


def play(task: tuple[str, Any, int, int, dict[str, str], float, float]) -> list[Sample]:
    """One game of greedy with the constants ``w`` in every seat (a move at random with chance ``noise``), and
    the positions kept with chance ``keep``."""
    game, w, players, seed, options, noise, keep = task
    info, evaluate = get(game), heuristics(game).evaluate
    state = info.new(players, seed=seed, options=options)
    rng = SearchRng(seed)
    kept: list[GameState] = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if rng.next64() % 10_000 < keep * 10_000:
            kept.append(state.clone())
        if len(legal) == 1 or rng.next64() % 10_000 < noise * 10_000:
            action = legal[rng.below(len(legal))]
        else:
            world = state.determinize(seat, rng)
            action = greedy_action(world, seat, legal, partial(evaluate, w=w), rng)
        state.apply(seat, action)
    scores = state.scores()
    final = seat_leads(state, lambda _, s: float(scores[s]))
    return [(k, final) for k in kept]


def errors(w: Any, game: str, lo: int, hi: int) -> tuple[float, float]:
    """Sum of squared errors of the evaluation's leads against the final ones over DATA[lo:hi], and the count."""
    evaluate = partial(heuristics(game).evaluate, w=w)
    total, n = 0.0, 0
    for state, final in DATA[lo:hi]:
        values = seat_leads(state, evaluate)
        total += sum((v - f) ** 2 for v, f in zip(values, final, strict=True))
        n += len(final)
    return total, n


def mse(pool: Any, w: Any, game: str, lo: int, hi: int, workers: int) -> float:
    step = -(-(hi - lo) // workers)
    parts = pool.starmap(errors, [(w, game, a, min(a + step, hi)) for a in range(lo, hi, step)])
    return sum(t for t, _ in parts) / max(1, sum(n for _, n in parts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--edition", default=None)
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--keep", type=float, default=0.05, help="chance that a decision's position is kept")
    ap.add_argument("--noise", type=float, default=0.05, help="chance that a move is random")
    ap.add_argument("--generations", type=int, default=40)
    ap.add_argument("--sigma", type=float, default=0.3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    module = heuristics(args.game)
    keys = tunable(module, args.players)
    options = {"edition": args.edition} if args.edition else {}
    table = f"{args.edition or args.game}.{args.players}"
    tuned = tuned_constants(module.TUNED_FILE, module.HAND_MADE, table)
    t0 = time.time()
    with Pool(args.workers) as pool:
        games = pool.map(play, [(args.game, tuned, args.players, 5_000_000 * args.seed + g, options, args.noise,
                                 args.keep) for g in range(args.games)], chunksize=4)
    train_games = games[: len(games) * 4 // 5]
    DATA.extend(s for g in train_games for s in g)
    split = len(DATA)
    DATA.extend(s for g in games[len(train_games):] for s in g)
    variance = statistics.pvariance([f for _, final in DATA[split:] for f in final])
    print(f"{len(DATA)} positions ({split} to fit) from {args.games} games in {time.time() - t0:.0f} s; "
          f"held-out final-lead variance {variance:.1f}", flush=True)
    with Pool(args.workers) as pool:  # forked after DATA is filled: the workers read it, nothing is pickled
        def report(name: str, w: Any) -> None:
            fit, held = mse(pool, w, args.game, 0, split, args.workers), mse(pool, w, args.game, split, len(DATA),
                                                                               args.workers)
            print(f"{name}: fit MSE {fit:.1f}, held-out MSE {held:.1f}, held-out R² {1 - held / variance:.3f}",
                  flush=True)

        report("hand-set", module.HAND_MADE)
        report("tuned", tuned)
        es = cma.CMAEvolutionStrategy(np.zeros(len(keys)), args.sigma,
                                      {"seed": args.seed, "verbose": -9, "bounds": [-2.5, 2.5]})
        for gen in range(args.generations):
            xs = es.ask()
            es.tell(xs, [mse(pool, weights(module, x, keys, tuned), args.game, 0, split, args.workers) for x in xs])
            print(json.dumps({"gen": gen, "best": round(min(es.fit.fit), 2), "sigma": round(es.sigma, 3)}),
                  flush=True)
        fitted = weights(module, es.mean, keys, tuned)
        report("fitted", fitted)
    print(json.dumps({k: round(v, 4) for k, v in asdict(fitted).items() if k in keys}))


if __name__ == "__main__":
    main()
