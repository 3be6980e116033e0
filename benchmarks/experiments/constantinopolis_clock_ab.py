"""A/B of Constantinopolis's clock-aware evaluation (RESULTS.md, "Evaluations that know the clock").
One bot A with the clock (gold worth what it can still buy) against bots B without it (a flat 3.5
gold per FP); A takes each seat in turn, deals are paired by seed. Prints A's head-to-head rate with
its 95% interval, the mean margin, and what each side did: public buildings and walls bought per
seat and game, gold left at the end, the winning score and the end conditions.

    python benchmarks/experiments/constantinopolis_clock_ab.py 200 greedy 2
    python benchmarks/experiments/constantinopolis_clock_ab.py 60 normal 4
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter

import mercator.games.constantinopolis.heuristics as H
from mercator.arena.stats import wilson
from mercator.bots import make_bot
from mercator.bots.base import Bot
from mercator.engine.actions import Action
from mercator.engine.state import GameState
from mercator.games import get


class WithClock:
    """A bot that switches the evaluation's clock on or off before each decision."""

    def __init__(self, bot: Bot, clock: bool) -> None:
        self.bot, self.clock, self.name = bot, clock, bot.name

    def act(self, state: GameState, seat: int) -> Action:
        H.CLOCK = self.clock
        return self.bot.act(state, seat)


def main(games: int, bot: str, players: int) -> None:
    info = get("constantinopolis")
    tally = info.plugin("mechanisms")
    ahead, margins, winners = 0.0, [], []
    did: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}
    seats: Counter[bool] = Counter()
    ends: Counter[str] = Counter()
    for g in range(games):
        a = g % players
        state = info.new(players, seed=90000 + g)
        bots = [WithClock(make_bot(bot, 1000 + players * g + s, "constantinopolis"), s == a) for s in range(players)]
        events: list[dict[str, object]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            events.extend(state.apply(seat, bots[seat].act(state, seat)))
        scores, ranking = state.scores(), state.ranking()
        others = [s for s in range(players) if s != a]
        ahead += statistics.fmean(1.0 if ranking[a] < ranking[s] else 0.5 if ranking[a] == ranking[s] else 0.0
                                  for s in others)
        margins.append(scores[a] - statistics.fmean(scores[s] for s in others))
        winners.append(max(scores))
        ends[state.end_reason() or "unknown"] += 1
        uses = tally(events, players).uses
        for s in range(players):
            clock = s == a
            seats[clock] += 1
            did[clock].update({"public": uses[s]["public_buildings"], "walls": uses[s]["wall_buildings"],
                               "offices_contested": uses[s]["offices_contested"],
                               "gold_left": state.players[s].gold})
    lo, hi = wilson(ahead, games)
    se = statistics.stdev(margins) / len(margins) ** 0.5
    print(f"{bot}, {players} players, {games} games: clock ahead {ahead / games:.3f} [{lo:.3f}, {hi:.3f}], "
          f"margin {statistics.fmean(margins):+.1f} ± {se:.1f} FP")
    for clock in (True, False):
        per = {k: v / seats[clock] for k, v in sorted(did[clock].items())}
        print(f"  {'clock' if clock else 'flat '}: " + ", ".join(f"{k} {v:.2f}" for k, v in per.items()))
    print(f"  winning score median {statistics.median(winners)}, ends {dict(ends)}")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
