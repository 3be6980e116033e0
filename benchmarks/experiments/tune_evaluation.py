"""CMA-ES over a game's evaluation constants (``games/<game>/heuristics.py``, its ``Weights`` record), by greedy
self-play: each candidate plays greedy against greedy with the base constants (hand-set, or with
``--against tuned`` the ones already in ``tuned.toml``) on the generation's deals, once in each seat, and is
scored by its mean margin over the other seats. Prints each generation and, at the end, the distribution's mean
checked on fresh deals; the result goes into the game's ``tuned.toml`` as the table ``[edition.players]``
(``[colonia.3]``, ``[strasbourg.3]``) by hand, with the command that made it.

    python benchmarks/experiments/tune_evaluation.py valencia --players 2 --deals 100 --generations 30 --workers 2
    python benchmarks/experiments/tune_evaluation.py valencia --edition strasbourg --players 3 --deals 60
    python benchmarks/experiments/tune_evaluation.py colonia --players 3 --deals 60
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import asdict, fields, replace
from functools import partial
from multiprocessing import Pool
from types import ModuleType
from typing import Any

import cma
import numpy as np

from mercator.bots.base import greedy_action, heuristics, lead_over_rivals
from mercator.engine.rng import SearchRng
from mercator.games import get
from mercator.games.tuned import tuned_constants

SHARE_CAP = 0.97  # shares and chances (a module's SHARES) stay below 1: they mean a probability


def tunable(module: ModuleType, players: int) -> list[str]:
    """The constants the evaluation reads at this table (a module's ``tunable`` where some are table-specific)."""
    return module.tunable(players) if hasattr(module, "tunable") else [f.name for f in fields(module.Weights)]


def weights(module: ModuleType, x: np.ndarray, keys: list[str], base: Any) -> Any:
    """The base constants, each tuned one times exp(x): a multiplicative step keeps signs and scales."""
    values = {}
    for k, xi in zip(keys, x, strict=True):
        v = getattr(base, k) * math.exp(float(xi))
        values[k] = min(v, SHARE_CAP) if k in module.SHARES else v
    return replace(base, **values)


def play(task: tuple[str, Any, Any, int, int, dict[str, str], bool, Any]) -> float:
    """One deal with the candidate in each seat in turn (the others play ``base``): its mean margin over
    those games, a seat's margin taken over the mean of the others. With ``lead`` the candidate judges a move
    by its lead over the best other seat (``greedy:lead=true``), as the searches judge theirs. Every seat reads
    ``odds`` (Valencia's task odds, ``evaluation=steered``) if given."""
    game, w, base, players, seed, options, lead, odds = task
    info, evaluate = get(game), heuristics(game).evaluate
    margins = []
    for a in range(players):
        state = info.new(players, seed=seed, options=options)
        rngs = [SearchRng(seed * 7 + s) for s in range(players)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                world = state.determinize(seat, rngs[seat])
                wt = w if seat == a else base
                judge = partial(evaluate, w=wt, odds=odds) if odds else partial(evaluate, w=wt)
                action = greedy_action(world, seat, legal, lead_over_rivals(judge) if lead and seat == a else judge,
                                       rngs[seat])
            state.apply(seat, action)
        scores = state.scores()
        margins.append(scores[a] - statistics.fmean(scores[o] for o in range(players) if o != a))
    return statistics.fmean(margins)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--edition", default=None, help="the edition (Valencia: valencia or strasbourg)")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--generations", type=int, default=25)
    ap.add_argument("--sigma", type=float, default=0.3)
    ap.add_argument("--check", type=int, default=500, help="fresh deals to check the final mean on")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--against", choices=("hand", "tuned"), default="hand",
                    help="the opponents' constants and the search's start: hand-set, or tuned.toml's for the edition")
    ap.add_argument("--start", choices=("against", "tuned"), default="against",
                    help="start the search at the opponents' constants, or at tuned.toml's (to go on tuning a "
                         "table against the hand-set opponents)")
    ap.add_argument("--lead", action="store_true",
                    help="the candidate plays greedy:lead=true (its lead over the best other seat, as the searches)")
    ap.add_argument("--odds", action="store_true",
                    help="Valencia: every seat reads the table's fitted task odds (evaluation=steered); the plain "
                         "task chances are then not tuned")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    module = heuristics(args.game)
    options = {"edition": args.edition} if args.edition else {}
    table = args.edition or args.game
    odds = module.task_odds(f"{table}.{args.players}") if args.odds else None
    if args.odds and odds is None:
        raise SystemExit(f"no task odds for {table} at {args.players} players (task_odds.toml)")
    keys = [k for k in tunable(module, args.players) if not (odds and k in module.ODDS_REPLACE)]
    tuned = tuned_constants(module.TUNED_FILE, module.HAND_MADE, f"{table}.{args.players}")
    base = module.HAND_MADE if args.against == "hand" else tuned
    start = tuned if args.start == "tuned" else base
    es = cma.CMAEvolutionStrategy(np.zeros(len(keys)), args.sigma,
                                  {"seed": args.seed, "verbose": -9, "bounds": [-2.5, 2.5]})
    log = []
    with Pool(args.workers) as pool:
        for gen in range(args.generations):
            t0 = time.time()
            xs = es.ask()
            deals = 1_000_000 * args.seed + gen * args.deals
            tasks = [(args.game, weights(module, x, keys, start), base, args.players, deals + d, options, args.lead,
                      odds) for x in xs for d in range(args.deals)]
            results = pool.map(play, tasks, chunksize=8)
            scores = [statistics.fmean(results[i * args.deals:(i + 1) * args.deals]) for i in range(len(xs))]
            es.tell(xs, [-s for s in scores])
            mean_w = weights(module, es.mean, keys, start)
            row = {"gen": gen, "best": max(scores), "pop_mean": statistics.fmean(scores), "sigma": es.sigma,
                   "seconds": round(time.time() - t0, 1), "mean": {k: round(getattr(mean_w, k), 4) for k in keys}}
            log.append(row)
            print(json.dumps(row), flush=True)
        final = weights(module, es.mean, keys, start)
        check = pool.map(play, [(args.game, final, base, args.players, 99_000_000 + d, options, args.lead, odds)
                                for d in range(args.check)],
                         chunksize=8)
    m, se = statistics.fmean(check), statistics.stdev(check) / len(check) ** 0.5
    print(f"final mean on {args.check} fresh deals (x{args.players} seats): margin {m:+.2f} ± {se:.2f}")
    print(json.dumps(asdict(final)))
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"log": log, "final": asdict(final), "check": [m, se], "args": vars(args)}, f, indent=1)


if __name__ == "__main__":
    main()
