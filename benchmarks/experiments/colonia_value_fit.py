"""Is Colonia's hand-made evaluation a fair estimate of the final score? (RESULTS.md, "Colonia's evaluation").
Plays greedy games (5% random moves for variety), keeps 12% of positions, and fits each seat's final VP on the
evaluation's own features by ridge regression, one model per (week, day). Prints, for Tuesdays, Thursdays and
Sundays, the fitted VP per unit beside what the evaluation gives, and the share of variance explained.

    python benchmarks/experiments/colonia_value_fit.py 3000
"""

from __future__ import annotations

import random
import sys

import numpy as np

import mercator.games.colonia.heuristics as H
from mercator.bots.base import GreedyBot
from mercator.games import get
from mercator.games.colonia.scoring import relic_vp, window_vp
from mercator.games.colonia.space import HOLDS, C
from mercator.games.colonia.state import ColoniaState

FEATURES = ("relics", "coins", "windows", "goods", "raw pairs", "raw singles", "hold coins", "orders", "supply")


def features(state: ColoniaState, seat: int) -> list[float]:
    p = state.players[seat]
    hold_coins = sum(C.ships[ship].payouts[h] for ship in state.berths if ship >= 0
                     for h in range(len(C.ships[ship].holds)) if state.hold_owner[ship * HOLDS + h] == seat)
    orders = sum(1 / (1 + max(0, f - state.sticks[c])) for c, col in enumerate(state.cols)
                 for f, (owner, _) in enumerate(col) if owner == seat)
    pairs, singles = H.raw_pairs(p.raws)
    return [relic_vp(p) + H._shrine_bonus(state, seat), sum(p.money), window_vp(state.players)[seat],
            sum(p.goods), pairs, singles, hold_coins, orders, p.supply]


def hand_made(state: ColoniaState) -> list[float]:
    """The evaluation's VP per unit of each feature at this point of the game."""
    weeks_left = state.last_week - state.week
    w = H.HAND_MADE
    spend = 0.0 if weeks_left == 0 and state.day == 7 else min(1.0, (weeks_left + 1) / w.spend_weeks)
    coin = spend / w.coins_per_vp
    return [1.0, coin, 1 - spend, w.good_coins * coin, w.raw_pair_coins * coin, w.raw_single_coins * coin, coin,
            w.order_share * w.good_coins * coin, w.member_vp]


def main(games: int) -> None:
    rng = random.Random(1)
    rows: dict[tuple[int, int], list[list[float]]] = {}
    hand: dict[tuple[int, int], list[float]] = {}
    for g in range(games):
        state = get("colonia").new(3, seed=50000 + g)
        bots = [GreedyBot(3 * g + s) for s in range(3)]
        kept = []
        while not state.is_over():
            seat = state.to_act()[0]
            if rng.random() < 0.12:
                key = (state.week, state.day)
                hand.setdefault(key, hand_made(state))
                kept.append((key, [features(state, s) for s in range(3)]))
            legal = state.legal_actions(seat)
            move = legal[rng.randrange(len(legal))] if rng.random() < 0.05 else bots[seat].act(state, seat)
            state.apply(seat, move)
        scores = state.scores()
        for key, per_seat in kept:
            for s in range(3):
                rows.setdefault(key, []).append([*per_seat[s], 1.0, scores[s]])
    print("week,day  rows  R2   " + "  ".join(f"{name} fit/eval" for name in FEATURES))
    for key in sorted(rows):
        if key[1] not in (2, 4, 7):
            continue
        data = np.array(rows[key])
        x, y = data[:, :-1], data[:, -1]
        ridge = np.eye(x.shape[1])
        ridge[-1, -1] = 0.0  # no shrinkage on the constant
        w = np.linalg.solve(x.T @ x + ridge, x.T @ y)
        r2 = 1 - float(((x @ w - y) ** 2).mean() / y.var())
        pairs = "  ".join(f"{fit:+.2f}/{ev:.2f}" for fit, ev in zip(w[:-1], hand[key], strict=True))
        print(f"{key[0]},{key[1]}  {len(y):6d}  {r2:.2f}  {pairs}")


if __name__ == "__main__":
    main(int(sys.argv[1]))
