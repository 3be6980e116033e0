"""How bots spend their influence cards over Valencia's five rounds (issue 19): cards drawn per
round, auctions of the last round that nobody bids in, and the winner's score; and, given a second
heuristics file, how a greedy bot using it fares against today's greedy bot, seat for seat.

    python benchmarks/experiments/valencia_cards.py --games 40 --players 4
    python benchmarks/experiments/valencia_cards.py --games 100 --players 3 --against OLD_HEURISTICS.py
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
from collections import Counter
from typing import Any

from mercator.bots.base import GreedyBot
from mercator.games import get


class FileGreedy(GreedyBot):
    """The greedy bot with the evaluation of another heuristics module (e.g. an older version)."""

    def __init__(self, seed: int, evaluate: Any) -> None:
        super().__init__(seed)
        self.evaluate = evaluate

    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = state.determinize(seat, self.rng)
        scored = []
        for action in legal:
            child = world.clone()
            child.apply(seat, action)
            scored.append((self.evaluate(child, seat), action))
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v > top - 1e-9]
        return best[self.rng.below(len(best))]


def play(players: int, seed: int, bots: list[Any], edition: str) -> dict[str, Any]:
    state = get("valencia").new(players, seed=seed, options={"edition": edition})
    drawn: Counter[int] = Counter()
    empty_last = 0
    while not state.is_over():
        for seat in state.to_act():
            if state.is_over() or seat not in state.to_act():
                continue
            for e in state.apply(seat, bots[seat].act(state, seat)):
                if e["type"] == "drew":
                    drawn[state.round] += 1
                elif e["type"] == "no_bids" and state.round == state.ed.rules.rounds:
                    empty_last += 1
            break
    return {"drawn": drawn, "empty_last": empty_last, "scores": state.scores(), "ranking": state.ranking()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--edition", default="valencia")
    ap.add_argument("--against", help="a heuristics .py file: its greedy bot takes seat 0, rotating")
    args = ap.parse_args()
    other = None
    if args.against:
        spec = importlib.util.spec_from_file_location("mercator.games.valencia._other", args.against)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        other = module.evaluate
    rounds: Counter[int] = Counter()
    empty, winners, wins, margin = [], [], 0.0, []
    for g in range(args.games):
        bots: list[Any] = [GreedyBot(seed=1000 * g + s) for s in range(args.players)]
        theirs = g % args.players
        if other is not None:
            bots[theirs] = FileGreedy(1000 * g + theirs, other)
        out = play(args.players, g, bots, args.edition)
        for r, n in out["drawn"].items():
            rounds[r] += n
        empty.append(out["empty_last"])
        winners.append(max(out["scores"]))
        if other is not None:
            ours = [s for s in range(args.players) if s != theirs]
            wins += out["ranking"][theirs] == 1
            margin.append(statistics.mean(out["scores"][s] for s in ours) - out["scores"][theirs])
    per = args.games * args.players
    print(f"{args.games} games, {args.players} players, {args.edition}")
    print("cards drawn per player and round:", {r: round(rounds[r] / per, 2) for r in sorted(rounds)})
    print(f"last-round auctions without a bid: {statistics.mean(empty):.2f} per game")
    print(f"winner's score: mean {statistics.mean(winners):.1f}")
    if other is not None:
        print(f"the other file's greedy (one seat, rotating) won {wins / args.games:.3f} of the games (fair share "
              f"{1 / args.players:.3f}); today's greedy seats scored {statistics.mean(margin):+.2f} VP more on average")


if __name__ == "__main__":
    main()
