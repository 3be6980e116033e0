"""How much the sampled worlds disagree, against how much the moves differ (RESULTS.md, "Why more search
buys little"). For positions sampled from an arena results file: the spread (sd) of the acting seat's lead
over 60 worlds it cannot tell apart, and the mean gap between its best and worst move at one ply.

    python world_noise.py ../arena/val2_hard_normal.jsonl   (run from this folder)
"""

from __future__ import annotations

import json
import random
import statistics
import sys

from mercator.bots.base import heuristic, seat_leads
from mercator.engine.record import GameRecord
from mercator.engine.rng import SearchRng
from mercator.engine.state import GameState


def positions(path: str, games: int, share: float, seed: int, choices: int = 2) -> list[tuple[GameState, int]]:
    """Decision points (at least ``choices`` legal actions) from ``games`` stored games, each kept with
    probability ``share``."""
    rng = random.Random(seed)
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    out = []
    for line in rng.sample(lines, min(games, len(lines))):
        record = GameRecord.from_json(json.loads(line)["record"])
        state = record.new_state()
        for seat, action in record.actions:
            if len(state.legal_actions(seat)) >= choices and rng.random() < share:
                out.append((state.clone(), seat))
            state.apply(seat, action)
    return out


def main(path: str, worlds: int = 60) -> None:
    found = positions(path, games=8, share=0.05, seed=3, choices=3)
    evaluate = heuristic(found[0][0].GAME)
    sds, spreads = [], []
    for state, seat in found:
        rng = SearchRng(5)
        legal = state.legal_actions(seat)
        leads, gaps = [], []
        for _ in range(worlds):
            world = state.determinize(seat, rng)
            leads.append(seat_leads(world, evaluate)[seat])
            after = []
            for action in legal:
                child = world.clone()
                child.apply(seat, action)
                after.append(seat_leads(child, evaluate)[seat])
            gaps.append(max(after) - min(after))
        sds.append(statistics.pstdev(leads))
        spreads.append(statistics.mean(gaps))
        print(f"{legal[0].to_json()['kind']:<18} world sd {sds[-1]:5.2f}   best - worst move {spreads[-1]:5.2f}")
    print(f"{len(found)} positions: median world sd {statistics.median(sds):.2f}, "
          f"median best - worst move {statistics.median(spreads):.2f}, "
          f"positions where the worlds disagree: {sum(sd > 0 for sd in sds)}")


if __name__ == "__main__":
    main(sys.argv[1])
