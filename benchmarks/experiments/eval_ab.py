"""A/B of a game's evaluation constants (``games/<game>/heuristics.py``), for greedy or for search.
One bot A with its constants against bots B with theirs; A takes each seat in turn and deals are paired
by seed, so game i has the same deal in every run. Prints A's head-to-head rate (a finish above a B
seat counts 1, a tie 1/2, averaged over the B seats) with its 95% Wilson interval, A's mean margin over
the B seats' mean, and what each side did: every mechanism's uses and every score source, per seat and
game (the arena's mechanism tally), gold or coins left, the winning score and the end conditions.
Constants are NAME=VALUE over the module's own values (True/False for switches), or ``-`` for none.

    python benchmarks/experiments/eval_ab.py constantinopolis 2 300 greedy - greedy CLOCK=False
    python benchmarks/experiments/eval_ab.py colonia 3 800 greedy coins_per_vp=3,order_share=0.9 greedy -
"""

from __future__ import annotations

import argparse
import importlib
import statistics
from collections import Counter
from dataclasses import replace
from types import ModuleType

from mercator.arena.stats import wilson
from mercator.bots import make_bot
from mercator.bots.base import Bot
from mercator.engine.actions import Action
from mercator.engine.state import GameState
from mercator.games import get


def _value(module: ModuleType, name: str) -> object:
    """A constant's value: a field of the module's ``Weights`` record where it has one, else a module constant."""
    hand_set = getattr(module, "HAND_MADE", None)
    return getattr(hand_set, name) if hand_set is not None and hasattr(hand_set, name) else getattr(module, name)


def constants(module: ModuleType, spec: str) -> dict[str, object]:
    """The module's named constants with the spec's values over them."""
    out: dict[str, object] = {}
    for part in [] if spec == "-" else spec.split(","):
        name, _, text = part.partition("=")
        try:
            _value(module, name)
        except AttributeError:
            raise SystemExit(f"{module.__name__} has no constant {name}") from None
        out[name] = text == "True" if text in ("True", "False") else float(text)
    return {**{name: _value(module, name) for name in out}, **out}


class WithConstants:
    """A bot that sets the evaluation's constants before each decision (the module reads them at call time;
    a ``Weights`` record is put in as ``evaluate``'s default)."""

    def __init__(self, bot: Bot, module: ModuleType, values: dict[str, object]) -> None:
        self.bot, self.module, self.values, self.name = bot, module, values, bot.name

    def act(self, state: GameState, seat: int) -> Action:
        hand_set = getattr(self.module, "HAND_MADE", None)
        fields = {k: v for k, v in self.values.items() if hand_set is not None and hasattr(hand_set, k)}
        if hand_set is not None:
            self.module.evaluate.__defaults__ = (replace(hand_set, **fields),)
        for name, value in self.values.items():
            if name not in fields:
                setattr(self.module, name, value)
        return self.bot.act(state, seat)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("players", type=int)
    ap.add_argument("games", type=int)
    ap.add_argument("a_bot")
    ap.add_argument("a_spec")
    ap.add_argument("b_bot")
    ap.add_argument("b_spec")
    ap.add_argument("--edition", default=None)
    ap.add_argument("--first", type=int, default=0, help="index of the first deal (to extend a run with new deals)")
    args = ap.parse_args()
    info = get(args.game)
    module = importlib.import_module(f"mercator.games.{args.game}.heuristics")
    # Every constant either side sets is reset to the module's value for the other side.
    a_values, b_values = constants(module, args.a_spec), constants(module, args.b_spec)
    a_values = {**{k: _value(module, k) for k in b_values}, **a_values}
    b_values = {**{k: _value(module, k) for k in a_values}, **b_values}
    options = info.validate_options({"edition": args.edition} if args.edition else {})
    tally = info.plugin("mechanisms")
    n, games = args.players, args.games
    h2h, margins, winners = 0.0, [], []
    did: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}
    seats: Counter[bool] = Counter()
    ends: Counter[str] = Counter()
    for g in range(args.first, args.first + games):
        a = g % n
        state = info.new(n, seed=90000 + g, options=options)
        bots = [WithConstants(make_bot(args.a_bot if s == a else args.b_bot, 1000 + n * g + s, args.game), module,
                              a_values if s == a else b_values) for s in range(n)]
        events: list[dict[str, object]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            events.extend(state.apply(seat, bots[seat].act(state, seat)))
        scores, ranking = state.scores(), state.ranking()
        others = [s for s in range(n) if s != a]
        h2h += statistics.fmean(1.0 if ranking[a] < ranking[o] else 0.5 if ranking[a] == ranking[o] else 0.0
                                for o in others)
        margins.append(scores[a] - statistics.fmean(scores[o] for o in others))
        winners.append(max(scores))
        ends[state.end_reason() or "unknown"] += 1
        t = tally(events, n)
        for s in range(n):
            seats[s == a] += 1
            did[s == a].update(t.uses[s])
            did[s == a].update({f"points: {k}": v for k, v in t.points[s].items()})
    lo, hi = wilson(h2h, games)
    se = statistics.stdev(margins) / len(margins) ** 0.5 if games > 1 else 0.0
    print(f"A {args.a_bot} [{args.a_spec}] vs B {args.b_bot} [{args.b_spec}], {args.game}, {n} players, {games} games: "
          f"head to head {h2h / games:.3f} [{lo:.3f}, {hi:.3f}], margin {statistics.fmean(margins):+.2f} ± {se:.2f}")
    keys = sorted(set(did[True]) | set(did[False]))
    for k in keys:
        print(f"  {k:32} A {did[True][k] / seats[True]:7.2f}   B {did[False][k] / seats[False]:7.2f}")
    print(f"  winning score median {statistics.median(winners)}, ends {dict(ends)}")


if __name__ == "__main__":
    main()
