"""Declared observation bounds: every value seen in many random games of every game (smallest and largest
table, Strasbourg) lies inside the per-field bounds the encoders take from content and rules, and the
``normalize`` option maps into [0, 1] by exactly those bounds."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mercator.bots import make_bot
from mercator.games import get
from mercator.interop import pettingzoo, single_agent
from mercator.interop.encoders import encoder_for
from mercator.interop.encoding import block_name, field_bounds

from .cases import EXTREMES

RANDOM_GAMES = 40
BOT_GAMES = 2  # the easy bot plays to win, so it reaches scores and hoards random play does not


@pytest.mark.parametrize(("game", "players", "options"), EXTREMES)
def test_random_games_stay_inside_the_declared_bounds(game, players, options):
    info = get(game)
    enc = encoder_for(info, players, options)
    low, high = field_bounds(enc)
    assert (low <= high).all() and np.abs(np.concatenate([low, high])).max() <= 1000  # tight, not 2**24
    seen_low, seen_high = np.full(enc.size, np.inf), np.full(enc.size, -np.inf)
    for seed in range(RANDOM_GAMES + BOT_GAMES):
        state, rng = info.new(players, seed=seed, options=options), random.Random(seed)
        bot = make_bot("easy", seed=seed, game=game) if seed >= RANDOM_GAMES else None
        while True:
            for seat in range(players):
                x = enc.encode_state(state, seat)
                seen_low, seen_high = np.minimum(seen_low, x), np.maximum(seen_high, x)
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, bot.act(state, seat) if bot else legal[rng.randrange(len(legal))])
    outside = {f.name for f in enc.fields
               if (seen_low[f.offset:f.offset + f.size] < low[f.offset:f.offset + f.size]).any()
               or (seen_high[f.offset:f.offset + f.size] > high[f.offset:f.offset + f.size]).any()}
    assert not outside, f"values outside the declared bounds in {sorted(outside)}"


@pytest.mark.parametrize("game", ["constantinopolis", "colonia", "valencia"])
def test_every_bound_names_a_field(game):
    """A renamed field cannot leave a stale bound behind (nor, see field_bounds, go without one)."""
    enc = encoder_for(get(game), 4)
    names = {block_name(f.name) for f in enc.fields}
    assert set(enc.bounds()) <= names, set(enc.bounds()) - names


@pytest.mark.parametrize("game", ["constantinopolis", "colonia", "valencia"])
def test_normalize_maps_into_the_unit_box_by_the_bounds(game):
    raw, norm = pettingzoo.env(game, 3, seed=5), pettingzoo.env(game, 3, seed=5, normalize=True)
    low, high = field_bounds(raw.core.encoder)
    space = norm.observation_space("player_0")["observation"]
    assert (space.low == 0).all() and (space.high == 1).all()
    assert (raw.observation_space("player_0")["observation"].low == low).all()
    raw.reset()
    norm.reset()
    rng = random.Random(5)
    for _ in range(60):
        a = raw.agent_selection
        x, y = raw.observe(a)["observation"], norm.observe(a)["observation"]
        assert space.contains(y)
        span = np.where(high > low, high - low, 1)
        assert np.allclose(y, np.where(high > low, (x - low) / span, 0), atol=1e-6)
        legal = np.flatnonzero(raw.observe(a)["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        raw.step(action)
        norm.step(action)
    single = single_agent.env(game, 3, seed=5, normalize=True)
    obs, _ = single.reset()
    assert single.observation_space.contains(obs) and obs.max() <= 1 and obs.min() >= 0
    assert (pettingzoo.parallel_env(game, 3, normalize=True).state_space.high == 1).all()
