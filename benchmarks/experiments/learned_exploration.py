"""Learned weights fitted on self-play with more random moves (RESULTS.md, "A learned evaluation").

The committed weights come from greedy self-play with 5% random moves; the search then steers into positions
that data never showed (in Valencia it empties its pile early, every game). This fits weights on 2-player games
with a larger share of random moves, so the data show where bad moves lead, and writes them to OUT; play them by
copying OUT over games/<game>/learned.npz in a scratch checkout.

    python benchmarks/experiments/learned_exploration.py valencia 800 0.25 /tmp/v25.npz
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from mercator.bots.learned import Data, fit, plan, self_play


def main(game: str, games: int, epsilon: float, out: Path) -> None:
    tasks = [dataclasses.replace(t, epsilon=epsilon) for t in plan(game, games, seed=11, players=[2])]
    data = Data.join(self_play(t) for t in tasks)
    model, report = fit(data, game)
    model.info = {"trained": {"games": games, "epsilon": epsilon, "players": 2}, "report": report}
    model.save(out)
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), Path(sys.argv[4]))
