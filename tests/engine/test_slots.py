"""Game states keep their fields in slots (speed, memory, no stray attributes): each game declares
them once, in its fields.StateFields; the rule mixins and the state class add none."""

from __future__ import annotations

import pytest

from mercator.engine.canonical import slots_of
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import GameState
from mercator.games import all_games, get

GAMES = [info.name for info in all_games()]


@pytest.mark.parametrize("name", GAMES)
def test_a_state_has_no_instance_dict_and_each_slot_once(name: str) -> None:
    info = get(name)
    state = info.new(info.player_counts[0], 1)
    assert not hasattr(state, "__dict__")
    names = slots_of(type(state))
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


@pytest.mark.parametrize("name", GAMES)
def test_only_the_fields_class_and_the_engine_bases_declare_slots(name: str) -> None:
    info = get(name)
    cls = type(info.new(info.player_counts[0], 1))
    owners = [k.__qualname__ for k in cls.__mro__ if k.__dict__.get("__slots__")]
    assert owners == ["StateFields", SimultaneousChoices.__qualname__, GameState.__qualname__]
