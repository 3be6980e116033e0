"""The Colonia evaluation: finite through whole games and ordered on clearly better positions."""

from __future__ import annotations

import math
import random

from mercator.games import get
from mercator.games.colonia.heuristics import evaluate


def _game(players: int, seed: int):
    return get("colonia").new(players=players, seed=seed, options={})


def test_finite_over_a_random_game() -> None:
    state = _game(3, 4)
    rng = random.Random(4)
    while not state.is_over():
        seat = state.to_act()[0]
        for s in range(3):
            assert math.isfinite(evaluate(state, s))
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    for s in range(3):
        assert abs(evaluate(state, s) - state.scores()[s]) < 1.0


def test_more_assets_evaluate_higher() -> None:
    state = _game(3, 5)
    base = evaluate(state, 0)
    richer = state.clone()
    richer.players[0].money[0] += 8
    assert evaluate(richer, 0) > base
    goods = state.clone()
    goods.players[0].goods[1] += 2
    assert evaluate(goods, 0) > base
    relic = state.clone()
    relic.players[0].relics = (*relic.players[0].relics, relic.display[0])
    assert evaluate(relic, 0) > base
