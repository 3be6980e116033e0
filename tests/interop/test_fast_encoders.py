"""The fast path of the written encoders (``encode_state``: the state read directly) gives exactly the
view-based vector, at every step of random games to their end, for every seat. With the determinize
test in test_encoders.py this is what shows the fast path leaks nothing the view hides."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mercator.games import get
from mercator.interop.encoders import encoder_for, has_encoder

from .cases import EXTREMES

GAMES_PER_CASE = 2


@pytest.mark.parametrize(("game", "players", "options"), EXTREMES)
def test_fast_path_equals_the_view_encoding(game, players, options):
    if not has_encoder(game):
        pytest.skip(f"{game} has no written encoder")
    info = get(game)
    enc = encoder_for(info, players, options)
    checked = ends = 0
    for seed in range(GAMES_PER_CASE):
        state, rng = info.new(players, seed=seed, options=options), random.Random(seed)
        while True:
            for seat in range(players):
                fast, slow = enc.encode_state(state, seat), enc.encode(state.view(seat))
                assert fast.dtype == np.float32 and fast.shape == slow.shape
                if not np.array_equal(fast, slow):
                    bad = [f.name for f in enc.fields if not np.array_equal(fast[f.offset:f.offset + f.size],
                                                                            slow[f.offset:f.offset + f.size])]
                    pytest.fail(f"seed {seed} move {state.version} seat {seat}: fields {bad} differ")
                checked += 1
            if state.is_over():
                ends += 1
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert ends == GAMES_PER_CASE and checked > 100
    assert enc.fallbacks == 0, "random games should never need the view fallback"


@pytest.mark.parametrize("game", ["constantinopolis", "colonia", "valencia"])
def test_spectator_and_out_of_byte_values_go_through_the_view(game):
    """The spectator (seat None) is encoded from its view, and a value that does not fit the fast path's
    byte (here 300 gold, members or coins) falls back to the view too, so the vector stays exact."""
    info = get(game)
    enc = encoder_for(info, 4)
    state = info.new(4, seed=1)
    assert np.array_equal(enc.encode_state(state, None), enc.encode(state.view(None)))
    setattr(state.players[2], {"constantinopolis": "gold", "colonia": "supply", "valencia": "coins"}[game], 300)
    for seat in range(4):
        assert np.array_equal(enc.encode_state(state, seat), enc.encode(state.view(seat)))
    assert enc.fallbacks == 4


@pytest.mark.parametrize(("game", "players", "options"), EXTREMES)
def test_fast_path_ignores_what_the_seat_cannot_see(game, players, options):
    """Worlds resampled by ``determinize(0, ...)`` give seat 0 the same fast observation (its caches are keyed
    on more than the view shows, so this also checks that no cached block carries another world's secrets)."""
    from mercator.engine.rng import Rng

    info = get(game)
    enc = encoder_for(info, players, options)
    state, rng = info.new(players, seed=7, options=options), random.Random(7)
    for step in range(150):
        if state.is_over():
            break
        mine = enc.encode_state(state, 0)
        for k in range(2):
            assert np.array_equal(enc.encode_state(state.determinize(0, Rng(2 * step + k)), 0), mine)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
