"""How often bots choose the same move in the same positions (RESULTS.md, "Why more search buys little").
Each bot gets its own seed, so one setting listed twice (``hard`` and its spelled-out name) measures its own
noise. Two moves count as different even when they lead to equal positions (two stacks of equal value), so the
figures bound the noise from above. Run from this folder, on the results of the Valencia hard-vs-normal run:

    python decision_agreement.py ../arena/val2_hard_normal.jsonl hard,ismcts:10000:prior_depth=3,normal,ismcts:2000
"""

from __future__ import annotations

import sys
from collections import Counter

from world_noise import positions

from mercator.bots import make_bot


def main(path: str, names: list[str]) -> None:
    found = positions(path, games=30, share=0.12, seed=1)
    bots = [make_bot(name, 7 + i) for i, name in enumerate(names)]
    same: Counter[tuple[int, str]] = Counter()
    total: Counter[tuple[int, str]] = Counter()
    for state, seat in found:
        moves = [bot.act(state.clone(), seat) for bot in bots]
        kind = moves[0].to_json()["kind"]
        for i in range(1, len(bots)):
            for key in ((i, "all"), (i, kind)):
                total[key] += 1
                same[key] += moves[i] == moves[0]
    for (i, kind), n in sorted(total.items()):
        print(f"{names[0]} vs {names[i]} ({kind}): {same[i, kind]} / {n}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2].split(","))
