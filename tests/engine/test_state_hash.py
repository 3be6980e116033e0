"""The state hash (rule 2) covers the state's own fields and nothing a view adds: changing what
players see leaves every hash alone, and changing any field of the position changes it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from mercator.engine.canonical import slots_of
from mercator.engine.state import GameState
from mercator.games import all_games

GAMES = [info.name for info in all_games()]


def _midgame(name: str, moves: int = 60) -> GameState:
    info = next(i for i in all_games() if i.name == name)
    state = info.new(info.player_counts[0], seed=7)
    rng = random.Random(3)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _changed(value: Any) -> Any:
    """A different value of the same shape (or None where none can be made)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return 0
    if isinstance(value, list):
        return [*value, 0] if not value else [_changed(value[0]), *value[1:]]
    if isinstance(value, tuple):
        return (*value, 0) if not value else (_changed(value[0]), *value[1:])
    if isinstance(value, dict):
        return {**value, "__changed__": 1}
    if isinstance(value, (set, frozenset)):
        return type(value)([*value, "__changed__"])
    return None


@pytest.mark.parametrize("name", GAMES)
def test_a_view_change_leaves_the_hash_alone(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _midgame(name)
    rule1, rule2 = state.state_hash(1), state.state_hash(2)
    shown = type(state).view

    def view(self: GameState, seat: int | None) -> dict[str, Any]:
        return {**shown(self, seat), "a_new_display_key": 1}

    monkeypatch.setattr(type(state), "view", view)
    assert state.state_hash(2) == rule2
    assert state.state_hash(1) != rule1  # what rule 2 fixes: rule 1 followed the spectator view


@pytest.mark.parametrize("name", GAMES)
def test_changing_any_field_of_the_position_changes_the_hash(name: str) -> None:
    state = _midgame(name)
    before = state.state_hash()
    checked = []
    for field in slots_of(type(state)):
        if field in state.NOT_STATE or not hasattr(state, field):
            continue
        other = _changed(getattr(state, field))
        if field == "rng":
            other = copy.copy(state.rng)
            other.state += 1
        if other is None:
            continue
        changed = state.clone()
        setattr(changed, field, other)
        assert changed.state_hash() != before, f"{name}: the hash ignores {field}"
        checked.append(field)
    player = state.players[0]  # type: ignore[attr-defined]
    for field in slots_of(type(player)):
        other = _changed(getattr(player, field))
        if other is None:
            continue
        changed = state.clone()
        setattr(changed.players[0], field, other)  # type: ignore[attr-defined]
        assert changed.state_hash() != before, f"{name}: the hash ignores players[0].{field}"
        checked.append(f"players.{field}")
    assert len(checked) >= 20, checked
    assert state.state_hash() == before  # the clones were changed, not the state


def test_the_hash_covers_the_state_rules_not_the_path_or_caches() -> None:
    """Two routes to one position: a clone whose legal-action cache is empty hashes the same."""
    state = _midgame("colonia")
    clone = state.clone()
    clone._legal_cache = None
    assert clone.state_hash() == state.state_hash()
