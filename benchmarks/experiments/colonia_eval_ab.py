"""A/B of Colonia's evaluation constants, for greedy or for search (RESULTS.md, "Colonia's evaluation").
Three seats: one bot A with its constants against two bots B with theirs; A takes each seat in turn. Prints
A's head-to-head rate (a finish above a B seat counts 1, a tie 1/2, averaged over both B seats) and its
mean margin over the B seats' mean. Constants are given as NAME=VALUE over the module's values, or ``-``.

    python benchmarks/experiments/colonia_eval_ab.py 800 greedy COINS_PER_VP=3,RAW_PAIR_COINS=1.0 greedy -
    python benchmarks/experiments/colonia_eval_ab.py 150 ismcts:500 COINS_PER_VP=3,... ismcts:500 -
"""

from __future__ import annotations

import math
import statistics
import sys

import mercator.games.colonia.heuristics as H
from mercator.bots import make_bot
from mercator.bots.base import Bot
from mercator.engine.actions import Action
from mercator.engine.state import GameState
from mercator.games import get

NAMES = ("COINS_PER_VP", "GOOD_COINS", "RAW_PAIR_COINS", "RAW_SINGLE_COINS", "ORDER_SHARE", "MEMBER_VP")
PLAIN = {name: getattr(H, name) for name in NAMES}


def constants(spec: str) -> dict[str, float]:
    out = dict(PLAIN)
    if spec != "-":
        for part in spec.split(","):
            name, value = part.split("=")
            if name not in PLAIN:
                raise SystemExit(f"unknown constant {name}; choose from {', '.join(NAMES)}")
            out[name] = float(value)
    return out


class WithConstants:
    """A bot that sets the evaluation's constants before each decision (the module reads them at call time)."""

    def __init__(self, bot: Bot, values: dict[str, float]) -> None:
        self.bot, self.values, self.name = bot, values, bot.name

    def act(self, state: GameState, seat: int) -> Action:
        for name, value in self.values.items():
            setattr(H, name, value)
        return self.bot.act(state, seat)


def main(games: int, a_bot: str, a_spec: str, b_bot: str, b_spec: str) -> None:
    a_values, b_values = constants(a_spec), constants(b_spec)
    info = get("colonia")
    h2h, margins = 0.0, []
    for g in range(games):
        a = g % 3
        state = info.new(3, seed=70000 + g)
        bots = {s: WithConstants(make_bot(a_bot if s == a else b_bot, 1000 + 3 * g + s, "colonia"),
                                 a_values if s == a else b_values) for s in range(3)}
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].act(state, seat))
        scores, ranking = state.scores(), state.ranking()
        others = [s for s in range(3) if s != a]
        h2h += sum(1.0 if ranking[a] < ranking[o] else 0.5 if ranking[a] == ranking[o] else 0.0 for o in others) / 2
        margins.append(scores[a] - statistics.fmean(scores[o] for o in others))
    rate = h2h / games
    print(f"A {a_bot} [{a_spec}] vs B {b_bot} [{b_spec}], {games} games: head to head {rate:.3f} "
          f"± {1.96 * math.sqrt(rate * (1 - rate) / games):.3f}, margin {statistics.fmean(margins):+.2f} "
          f"± {statistics.stdev(margins) / math.sqrt(games):.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]), *sys.argv[2:6])
