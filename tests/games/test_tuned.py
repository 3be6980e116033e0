"""Tuned evaluation constants (games/tuned.py): a game's tuned.toml table, per edition and player count, put
over the hand-set Weights; tables elsewhere, and a missing file, leave the hand-set evaluation."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from mercator.bots.base import heuristics
from mercator.games import all_games
from mercator.games.tuned import tuned_constants

TUNED = [pytest.param(info, id=info.name) for info in all_games() if hasattr(heuristics(info.name), "Weights")]


def _midgame(info, players: int):
    rng, state = random.Random(3), info.new(players, seed=3)
    for _ in range(40):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert not state.is_over()
    return state


@pytest.mark.parametrize("info", TUNED)
def test_a_table_changes_the_evaluation_only_at_its_own_table(info, tmp_path, monkeypatch):
    module = heuristics(info.name)
    players = info.counts_for()[0]
    state = _midgame(info, players)
    first = fields(module.Weights)[0].name
    changed = replace(module.HAND_MADE, **{first: getattr(module.HAND_MADE, first) * 2})
    path = tmp_path / "tuned.toml"
    path.write_text(f"[{state.table()}]\n{first} = {getattr(changed, first)}\n", encoding="utf-8")
    monkeypatch.setattr(module, "TUNED_FILE", path)
    tuned_constants.cache_clear()
    try:
        values = [module.tuned(state)(state, s) for s in range(state.seats)]
        assert values == [module.evaluate(state, s, changed) for s in range(state.seats)]
        assert values != [module.evaluate(state, s) for s in range(state.seats)]  # the constant is read
        other = _midgame(info, players + 1)  # no table for this player count: the hand-set evaluation
        assert module.tuned(other)(other, 0) == module.evaluate(other, 0)
        path.write_text(f"[{state.table()}]\nno_such_constant = 1.0\n", encoding="utf-8")
        tuned_constants.cache_clear()
        with pytest.raises(ValueError, match="no evaluation constant named no_such_constant"):
            module.tuned(state)
        monkeypatch.setattr(module, "TUNED_FILE", tmp_path / "missing.toml")
        assert module.tuned(state)(state, 0) == module.evaluate(state, 0)
    finally:
        tuned_constants.cache_clear()
