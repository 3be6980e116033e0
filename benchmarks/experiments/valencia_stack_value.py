"""Greedy A/B for Valencia's planning (RESULTS.md, "Why more search buys little"): the evaluation plus each
face-down stack's chance to outbid the rival's stacks, worth ``share`` of a council seat, against the plain
evaluation. Seats alternate; prints the new bot's win rate, mean margin and how often each bot joined a card
to an existing stack.

    python benchmarks/experiments/valencia_stack_value.py 0.5 300
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import mercator.games.valencia.heuristics as H
from mercator.engine.actions import Action
from mercator.engine.rng import SearchRng
from mercator.games import get
from mercator.games.valencia.frames import PLANNING
from mercator.games.valencia.player import DRAWING, Player
from mercator.games.valencia.state import ValenciaState

Evaluate = Callable[[ValenciaState, int], float]
plain_cards = H._cards


def bids(st: ValenciaState, p: Player) -> list[int]:
    """Sums of the bids this seat can still make this round (unassigned cards count as stacks of one)."""
    if st.phase != PLANNING:
        return [sum(p.stacks[k]) for k in p.open_stacks()]
    if p.stage == DRAWING or not p.assign:
        out = sorted(p.drawn, reverse=True)
    else:
        sums = [0] * p.nstacks
        for v, k in zip(p.hand, p.assign, strict=False):
            sums[k] += v
        out = sums + p.hand[len(p.assign):]
    limit = st.ed.rules.max_stacks
    if len(out) > limit:
        out = sorted(out, reverse=True)
        out = out[:limit - 1] + [sum(out[limit - 1:])]
    return out


def stack_aware(share: float) -> Callable[[H._Ctx], float]:
    def cards(cx: H._Ctx) -> float:
        value = plain_cards(cx)
        st = cx.state
        mine = bids(st, st.players[cx.seat])
        if not mine:
            return value
        rivals = [bids(st, st.players[o]) for o in range(st.n) if o != cx.seat]
        chance = 0.0
        for s in mine:
            q = 1.0
            for b in rivals:
                if b:
                    q *= (sum(1 for x in b if x < s) + 0.5 * sum(1 for x in b if x == s)) / len(b)
            chance += q
        if st.phase != PLANNING:
            later = sum(1 for k in st.card_steps()[st.step + 1:] if k[1] in H.POSITIONS)
            chance *= min(1.0, later / len(mine))
        return value + share * H._seat_worth(cx) * chance
    return cards


def evaluate_with(cards: Callable[[H._Ctx], float]) -> Evaluate:
    def evaluate(state: ValenciaState, seat: int) -> float:
        H._cards = cards
        try:
            return H.evaluate(state, seat)
        finally:
            H._cards = plain_cards
    return evaluate


class Greedy:
    def __init__(self, seed: int, evaluate: Evaluate) -> None:
        self.rng, self.evaluate = SearchRng(seed), evaluate

    def act(self, state: ValenciaState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = state.determinize(seat, self.rng)
        best, best_value = legal[0], float("-inf")
        for a in legal:
            child = world.clone()
            child.apply(seat, a)
            value = self.evaluate(child, seat)
            if value > best_value + 1e-9:
                best, best_value = a, value
        return best


def main(share: float, games: int) -> None:
    wins = margin = 0.0
    joins = [0, 0]  # plain, stack-aware
    info = get("valencia")
    for g in range(games):
        new = g % 2
        state = info.new(2, seed=9000 + g)
        bots = {new: Greedy(g, evaluate_with(stack_aware(share))), 1 - new: Greedy(g + 7, evaluate_with(plain_cards))}
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].act(state, seat)
            joins[seat == new] += action.to_json()["kind"] == "assign"
            state.apply(seat, action)
        ranking = state.ranking()
        wins += (1.0 / ranking.count(1)) if ranking[new] == 1 else 0.0
        scores = state.scores()
        margin += scores[new] - scores[1 - new]
    print(f"share {share}: the stack-aware greedy won {wins}/{games} = {wins / games:.3f}, "
          f"margin {margin / games:+.2f}; cards joined to a stack: plain {joins[0]}, stack-aware {joins[1]}")


if __name__ == "__main__":
    main(float(sys.argv[1]), int(sys.argv[2]))
