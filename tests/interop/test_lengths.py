"""OpenSpiel's max_game_length is a real bound: random and easy-bot games of every game, table and
edition stay within it, and the loaded game declares it."""

from __future__ import annotations

import random

import pytest

from mercator.bots import make_bot
from mercator.games import get
from mercator.interop.lengths import max_game_length

from .cases import CASES

RANDOM_GAMES = 200
BOT_GAMES = 1  # easy bots draw deep into Valencia's piles: its longest games


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_games_stay_within_max_game_length(game, players, options):
    info = get(game)
    limit = max_game_length(info, players, info.validate_options(options))
    longest = 0
    for seed in range(RANDOM_GAMES + BOT_GAMES):
        state, rng = info.new(players, seed=seed, options=options), random.Random(seed)
        bots = [make_bot("easy", seed=seed + s, game=game) for s in range(players)] if seed >= RANDOM_GAMES else None
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, bots[seat].act(state, seat) if bots else legal[rng.randrange(len(legal))])
            assert len(state.history) <= limit
        longest = max(longest, len(state.history))
    assert limit <= 4 * longest  # a bound with a margin, not the engine's safety limit


def test_openspiel_declares_it():
    pytest.importorskip("pyspiel")
    from mercator.interop.openspiel import load

    g = load("valencia", players=3, edition="strasbourg")
    assert g.max_game_length() == max_game_length(get("valencia"), 3, {"edition": "strasbourg"}) == 1050
