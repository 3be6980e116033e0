"""Determinised rollouts with sequential halving: play each candidate out in sampled worlds, keep the best.

The tree searches lean on the evaluation one or a few edges below the root; in Valencia and Colonia most of
what a move is worth is decided after that (the stacks still to be revealed, the week's dice and votes), and
the evaluation can only guess it. This bot instead plays every seat greedily (the ``easy`` policy, in the
sampled world) from each candidate to a horizon on the game's own clock (``heuristics.progress``: to the next
round or day), then reads the evaluation there, where less is left to guess.

- Candidates: the legal actions ranked by the one-ply evaluation averaged over ``prior_worlds`` worlds; the
  best ``candidates`` go on (so greedy's top choices are always weighed).
- Sequential halving (Karnin, Koren and Somekh 2013): the budget is split over log2(candidates) rounds; each
  round plays every surviving candidate out in the same fresh worlds (common random numbers: the candidates
  are compared on identical deals, dice and hidden cards, so the world's luck cancels in the comparison) and
  keeps the better half.
- Fairness: every world comes from ``state.determinize(seat, rng)``; the bot never reads another seat's secret.
- Evaluation (``evaluation``, one of EVALUATIONS as for ISMCTS): the one the candidates are ranked, played out
  (every seat's greedy policy) and read with.
- Budget: forward-model calls (each ``apply``, each action a greedy step tries), as for ISMCTS.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from mercator.engine.rng import SearchRng
from mercator.engine.state import GameState

from .base import EVALUATIONS, evaluation_function, greedy_action, heuristics
from .ismcts import Ranked, RankingBot, _lead, _scale, squashed_rewards


class RolloutBot(RankingBot):
    name = "rollout"

    def __init__(self, seed: int = 0, budget: int = 20000, time_limit: float | None = None,
                 candidates: int = 6, prior_worlds: int = 8, horizon: float = 0.2, max_steps: int = 400,
                 temperature: float | None = None, prior_share: float = 0.0, evaluation: str = "heuristic") -> None:
        if candidates < 1 or prior_worlds < 1:
            raise ValueError("candidates and prior_worlds must be at least 1")
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {', '.join(EVALUATIONS)}, not {evaluation!r}")
        self.evaluation = evaluation
        self.rng = SearchRng(seed)
        self.budget = budget
        self.time_limit = time_limit
        self.candidates = candidates
        self.prior_worlds = prior_worlds
        self.horizon = horizon
        self.max_steps = max_steps
        self.temperature = temperature
        self.prior_share = prior_share
        self.calls = 0

    def ranked(self, state: GameState, seat: int) -> list[Ranked]:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [Ranked(legal[0], 1.0, 0.0)]
        evaluate = evaluation_function(state, self.evaluation)
        progress: Callable[[GameState], float] = heuristics(state.GAME).progress
        scale = self.temperature or _scale(state.GAME)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        self.calls = 0
        # One-ply values averaged over a few worlds rank the candidates.
        prior = [0.0] * len(legal)
        for _ in range(self.prior_worlds):
            world = state.determinize(seat, self.rng)
            for i, a in enumerate(legal):
                child = world.clone()
                child.apply(seat, a)
                prior[i] += self._reward(child, seat, evaluate, scale)
            self.calls += len(legal)
        prior = [p / self.prior_worlds for p in prior]
        lots = [self.rng.below(1 << 30) for _ in legal]
        order = sorted(range(len(legal)), key=lambda i: (-prior[i], lots[i]))
        alive = order[:self.candidates]
        total = [0.0] * len(legal)
        count = [0] * len(legal)
        end = progress(state) + self.horizon
        rounds = max(1, math.ceil(math.log2(len(alive))))
        left = self.budget - self.calls
        for r in range(rounds):
            if len(alive) == 1:
                break
            # this round's share of what is left, spread over the survivors; a rollout's cost is learnt as it goes
            share = left / (rounds - r)
            spent = 0
            while spent < share and (deadline is None or time.perf_counter() < deadline):
                world = state.determinize(seat, self.rng)
                seed = self.rng.below(1 << 62)
                for i in alive:
                    child = world.clone()
                    child.apply(seat, legal[i])
                    cost = 1 + self._playout(child, SearchRng(seed), evaluate, progress, end)
                    total[i] += self._reward(child, seat, evaluate, scale)
                    count[i] += 1
                    spent += cost
            left -= spent
            self.calls += spent
            mean = {i: total[i] / count[i] if count[i] else prior[i] for i in alive}
            alive = sorted(alive, key=lambda i: (-mean[i], -prior[i], lots[i]))[:max(1, len(alive) // 2)]
        value = [(1 - self.prior_share) * total[i] / count[i] + self.prior_share * prior[i] if count[i] else prior[i]
                 for i in range(len(legal))]
        final = alive + [i for i in sorted(range(len(legal)), key=lambda i: (-count[i], -value[i], lots[i]))
                         if i not in alive]
        runs = sum(count) or 1
        return [Ranked(legal[i], count[i] / runs, _lead(value[i], scale)) for i in final]

    def _playout(self, world: GameState, rng: SearchRng, evaluate: Callable[[GameState, int], float],
                 progress: Callable[[GameState], float], end: float) -> int:
        """Every seat plays greedily in this world until the clock reaches ``end`` or the game ends."""
        calls = 0
        for _ in range(self.max_steps):
            seats = world.to_act()
            if not seats or progress(world) >= end:
                break
            s = seats[0]
            legal = world.legal_actions(s)
            if len(legal) == 1:
                action = legal[0]
            else:
                action = greedy_action(world, s, legal, evaluate, rng)
                calls += len(legal)
            world.apply(s, action)
            calls += 1
        return calls

    @staticmethod
    def _reward(world: GameState, seat: int, evaluate: Callable[[GameState, int], float], scale: float) -> float:
        return squashed_rewards(world, evaluate, scale)[seat]
