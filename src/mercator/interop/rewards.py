"""Terminal rewards shared by the PettingZoo and OpenSpiel interfaces.

- ``ranking`` (default): rank positions are worth 1 (first) down to -1 (last) in equal steps,
  ``1 - 2 * i / (n - 1)`` for position ``i = 0 .. n-1``; seats tied on a rank (after the game's
  tie-breakers) share the mean of the positions they cover. A two-player win is +1/-1, a tie
  0/0; four players score 1, 1/3, -1/3, -1, and two seats sharing first place get 2/3 each.
- ``score_diff``: own final score minus the mean of the other seats' final scores.

Both sum to zero over the seats, so the games are zero-sum for OpenSpiel. Rewards are paid
once, when the game ends; every earlier step pays 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from mercator.engine.state import GameState

KINDS = ("ranking", "score_diff")


def ranking_rewards(ranking: Sequence[int]) -> list[float]:
    n = len(ranking)
    if n < 2:
        return [0.0] * n
    order = sorted(range(n), key=lambda s: ranking[s])
    out = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j < n and ranking[order[j]] == ranking[order[i]]:
            j += 1
        value = sum(1.0 - 2.0 * k / (n - 1) for k in range(i, j)) / (j - i)
        for k in range(i, j):
            out[order[k]] = value
        i = j
    return out


def score_diff_rewards(scores: Sequence[float]) -> list[float]:
    n = len(scores)
    if n < 2:
        return [0.0] * n
    total = float(sum(scores))
    return [float(s) - (total - s) / (n - 1) for s in scores]


def final_rewards(state: GameState, kind: str = "ranking") -> list[float]:
    """Each seat's terminal reward; zeros while the game runs."""
    if kind not in KINDS:
        raise ValueError(f"unknown reward {kind!r}; choose one of {', '.join(KINDS)}")
    if not state.is_over():
        return [0.0] * state.seats
    return ranking_rewards(state.ranking()) if kind == "ranking" else score_diff_rewards(state.scores())
