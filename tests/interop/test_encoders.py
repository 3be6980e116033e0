"""Observation encoders: fixed layouts, documented fields, seat-relative values."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from mercator.games import all_games, get
from mercator.interop.encoders import encoder_for, has_encoder
from mercator.interop.encoders.generic import HashedViewEncoder
from mercator.interop.encoding import describe

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def _random_states(game: str, players: int, steps: int, seed: int = 0):
    state = get(game).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        yield state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    yield state


@pytest.mark.parametrize("game", [i.name for i in all_games()])
@pytest.mark.parametrize("kind", ["auto", "generic"])
def test_every_view_encodes_to_the_layout(game, kind):
    info = get(game)
    for players in (info.counts_for()[0], info.counts_for()[-1]):
        enc = encoder_for(info, players, None, kind)
        names = [f.name for f in enc.fields]
        assert len(names) == len(set(names)) and sum(f.size for f in enc.fields) == enc.size
        for state in _random_states(game, players, 300):
            for seat in range(players):
                x = enc.encode(state.view(seat))
                assert x.shape == (enc.size,) and x.dtype == np.float32 and np.isfinite(x).all()
                assert np.abs(x).max() < 2**24


@pytest.mark.parametrize("game", [i.name for i in all_games() if has_encoder(i.name)])
def test_docs_hold_the_field_table(game):
    """docs/interop.md embeds describe() of each written encoder; regenerate it when fields change."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"<!-- fields:{game} -->\n(.*?)\n<!-- end fields -->", text, re.S)
    assert match, f"docs/interop.md has no field table for {game}"
    assert match.group(1) == describe(encoder_for(get(game), 4))


def test_constantinopolis_is_seat_relative():
    enc = encoder_for(get("constantinopolis"), 3)
    field = {f.name: f for f in enc.fields}
    state = list(_random_states("constantinopolis", 3, 120, seed=3))[-1]
    for seat in range(3):
        x = enc.encode(state.view(seat))
        for k in range(3):
            other = (seat + k) % 3
            gold = field[f"p{k}.gold"]
            assert x[gold.offset] == state.view(None)["players"][other]["gold"]
        assert x[field["p3.present"].offset] == 0  # padding beyond the table
        hand = field["p0.hand"]
        assert x[hand.offset:hand.offset + hand.size].sum() == len(state.view(seat)["players"][seat]["hand"])
        for k in (1, 2):
            h = field[f"p{k}.hand"]
            assert not x[h.offset:h.offset + h.size].any()  # never another seat's hand


def test_generic_encoder_is_stable_and_deterministic():
    enc = HashedViewEncoder(get("valencia"), 3)
    view = get("valencia").new(3, seed=4).view(1)
    a, b = enc.encode(view), HashedViewEncoder(get("valencia"), 3).encode(view)
    np.testing.assert_array_equal(a, b)
    assert a.any()
