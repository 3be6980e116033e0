"""Does the learned evaluation undervalue a public building? At every decision of easy bots' 4-player
Constantinopolis games where one can be bought, score each legal action one ply deep with the hand-made and the
learned evaluation, and count how often each ranks a public building first (RESULTS.md, "Why hard skips public
buildings").

    python benchmarks/experiments/public_buildings_one_ply.py [PLAYERS] [GAMES]
"""

from __future__ import annotations

import sys

from mercator.bots.base import make_bot
from mercator.bots.learned import learned_evaluation
from mercator.engine.state import Action
from mercator.games import get
from mercator.games.constantinopolis import data


def main(players: int = 4, games: int = 3) -> None:
    info = get("constantinopolis")
    public = {b.id for b in data.content().buildings if b.category == data.CATEGORIES.index("public")}

    def is_public(action: Action) -> bool:
        return action.kind == "buy_building" and action.to_json()["building"] in public

    heuristic = info.plugin("heuristics").evaluate
    decisions = by_hand = by_learned = 0
    for seed in range(games):
        state = info.new(players, seed=seed, options={})
        learned = learned_evaluation(state)
        bots = [make_bot("easy", seed=i, game="constantinopolis") for i in range(players)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if any(is_public(a) for a in legal):
                after = []
                for action in legal:
                    nxt = state.clone()
                    nxt.apply(seat, action)
                    after.append((heuristic(nxt, seat), learned(nxt, seat), action))
                decisions += 1
                by_hand += is_public(max(after, key=lambda r: r[0])[2])
                by_learned += is_public(max(after, key=lambda r: r[1])[2])
            state.apply(seat, bots[seat].act(state, seat))
    print(f"{decisions} decisions with a public building legal; ranked first by the hand-made evaluation "
          f"{by_hand}, by the learned one {by_learned}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
