"""The Valencia evaluation: finite through whole games and ordered on clearly better positions."""

from __future__ import annotations

import math
import random

import pytest

from mercator.games import get
from mercator.games.valencia.data import GUILD_SEAT
from mercator.games.valencia.heuristics import evaluate


def _game(players: int, seed: int):
    return get("valencia").new(players=players, seed=seed, options={"edition": "valencia"})


def test_finite_over_random_games() -> None:
    for players in (2, 4):
        state = _game(players, 3)
        rng = random.Random(players)
        while not state.is_over():
            seat = state.to_act()[0]
            for s in range(players):
                assert math.isfinite(evaluate(state, s))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        for s in range(players):
            assert abs(evaluate(state, s) - state.scores()[s]) < 1.0


def test_more_assets_evaluate_higher() -> None:
    state = _game(2, 5)
    base = evaluate(state, 0)
    richer = state.clone()
    richer.players[0].coins += 6
    assert evaluate(richer, 0) > base
    seated = state.clone()
    x = next(x for x in GUILD_SEAT if seated.council[x] < 0)
    seated.council[x] = 0
    seated.players[0].supply -= 1
    assert evaluate(seated, 0) > base
    member = state.clone()
    c = next(c for c in member.map.spaces if member.city[c] == -1)
    member.city[c] = 0
    member.players[0].supply -= 1
    assert evaluate(member, 0) > base + 1.0


def test_tuned_constants_load_per_edition_and_table_and_a_bad_name_is_refused(tmp_path, monkeypatch) -> None:
    from mercator.games.tuned import tuned_constants
    from mercator.games.valencia import heuristics as H

    state = _game(2, 5)
    shipped = tuned_constants(H.TUNED_FILE, H.HAND_MADE, "valencia.2")
    for table in ("valencia.3", "valencia.4", "valencia.5", "strasbourg.3", "strasbourg.4", "strasbourg.5"):
        # every table the README and GAME_LEVELS name is in the committed file and changes something
        assert tuned_constants(H.TUNED_FILE, H.HAND_MADE, table) not in (H.HAND_MADE, shipped), table
    assert shipped != H.HAND_MADE
    assert H.tuned(state)(state, 0) == evaluate(state, 0, shipped)
    bad = tmp_path / "tuned.toml"
    bad.write_text("[valencia.2]\ncoin_vp = 0.5\ncoins_vp = 0.4\n", encoding="utf-8")
    monkeypatch.setattr(H, "TUNED_FILE", bad)
    tuned_constants.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"\[valencia.2\]: no evaluation constant named coins_vp"):
            tuned_constants(H.TUNED_FILE, H.HAND_MADE, "valencia.2")
        bad.write_text("[valencia.2]\ncoin_vp = 0.5\n", encoding="utf-8")
        tuned_constants.cache_clear()
        assert tuned_constants(H.TUNED_FILE, H.HAND_MADE, "valencia.2") == H.Weights(coin_vp=0.5)
        # a table the file leaves out (another player count, another edition) keeps the hand-set constants
        assert tuned_constants(bad, H.HAND_MADE, "valencia.3") == tuned_constants(bad, H.HAND_MADE, "strasbourg.2") \
            == H.HAND_MADE
        three = _game(3, 5)
        assert H.tuned(three)(three, 0) == evaluate(three, 0, H.HAND_MADE)
    finally:
        tuned_constants.cache_clear()
