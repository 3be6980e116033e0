"""Does a reviewing bot tell random play from greedy play? For each seed, one game of greedy against random
(greedy in the other seats), reviewed by SETTING: the points each of the first two seats gave away per decision,
and their ratio (tests/bots/test_review.py asks for random above 1.5 times greedy in one game).

    python benchmarks/experiments/review_separation.py colonia ismcts:500 8,9,10,11,12,13
"""

from __future__ import annotations

import statistics
import sys

from mercator.arena.games import Job, play
from mercator.bots.review import review
from mercator.engine.record import GameRecord
from mercator.games import get


def main() -> None:
    game, setting, seeds = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3].split(",")]
    players = get(game).player_counts[0]
    ratios = []
    for seed in seeds:
        seats = ("greedy", "random", *("greedy",) * (players - 2))
        record = GameRecord.from_json(play(Job(0, game, {}, seats, seed))["record"])
        decisions = list(review(record, {0, 1}, level=setting))
        lost = [statistics.fmean(d.gain for d in decisions if d.seat == s) for s in (0, 1)]
        ratios.append(lost[1] / max(lost[0], 1e-9))
        print(f"seed {seed}: greedy {lost[0]:.3f}, random {lost[1]:.3f} a decision, ratio {ratios[-1]:.2f}", flush=True)
    print(f"random above 1.5x greedy in {sum(r > 1.5 for r in ratios)} of {len(ratios)}; "
          f"median ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
