"""The engine's own promises: generator, action space, records, undo, errors."""

from __future__ import annotations

import json

import pytest

from mercator.engine import GameRecord, IllegalAction, Rng
from mercator.engine.actions import ActionSpace
from mercator.games import get


def test_rng_is_deterministic_and_clones_continue_identically():
    a = Rng(42)
    seq = [a.below(1000) for _ in range(5)]
    assert len(set(seq)) > 1 and all(0 <= x < 1000 for x in seq)
    b = Rng(42)
    assert [b.below(1000) for _ in range(5)] == seq
    c = b.copy()
    assert [b.next64() for _ in range(3)] == [c.next64() for _ in range(3)]
    assert b.draws == c.draws == 8


def test_rng_shuffle_is_a_permutation_and_depends_on_seed():
    items = list(range(50))
    x, y = items[:], items[:]
    Rng(1).shuffle(x)
    Rng(2).shuffle(y)
    assert sorted(x) == items and sorted(y) == items and x != y


def test_action_space_indices_and_json_are_stable():
    space = ActionSpace("demo")
    space.kind("pass", ())
    space.kind("take", ("good", "qty"), [("wood", 1), ("wood", 2)])
    take2 = space.get("take", "wood", 2)
    assert take2.index == 2 and take2.to_json() == {"kind": "take", "good": "wood", "qty": 2}
    assert space.from_json(json.loads(json.dumps(take2.to_json()))) is take2
    assert space.from_index(0).kind == "pass"


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"kind": "steal"}, "unknown action kind 'steal'"),
        ({"kind": "take", "good": "wood"}, "missing ['qty']"),
        ({"kind": "take", "good": "wood", "qty": 1, "extra": 0}, "unexpected ['extra']"),
        ({"kind": "take", "good": "gold", "qty": 1}, "is not an action of demo"),
        ("take", "must be a JSON object"),
    ],
)
def test_malformed_actions_say_what_is_wrong(data, fragment):
    space = ActionSpace("demo")
    space.kind("take", ("good", "qty"), [("wood", 1)])
    with pytest.raises(IllegalAction, match=None) as info:
        space.from_json(data)
    assert fragment in str(info.value)


def test_registry_validates_players_and_options():
    info = get("constantinopolis")
    with pytest.raises(IllegalAction, match="2-5 players"):
        info.new(6)
    with pytest.raises(IllegalAction, match="no option"):
        info.new(3, options={"turbo": True})
    with pytest.raises(IllegalAction, match="not allowed"):
        info.new(3, options={"free_trade": "maybe"})
    with pytest.raises(IllegalAction, match="unknown game"):
        get("monopoly")


def _play(state, steps):
    for _ in range(steps):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])


def test_record_json_round_trip_and_replay_hash():
    state = get("constantinopolis").new(3, seed=5)
    _play(state, 60)
    rec = state.record()
    again = GameRecord.loads(rec.dumps())
    assert again == rec
    assert again.replay().state_hash() == state.state_hash()


def test_replay_of_a_tampered_record_names_the_bad_action():
    state = get("constantinopolis").new(2, seed=3)
    _play(state, 10)
    rec = state.record()
    rec.actions[4] = (rec.actions[4][0], {"kind": "buy_building", "building": "hagia_sophia", "redemptor": False})
    with pytest.raises(IllegalAction, match="record action #4"):
        rec.replay()


def test_wrong_seat_is_refused_without_change():
    state = get("constantinopolis").new(4, seed=9)
    seat = state.to_act()[0]
    other = (seat + 1) % 4
    before = state.state_hash()
    with pytest.raises(IllegalAction, match=f"seat {other} may not act now"):
        state.apply(other, state.legal_actions(seat)[0])
    assert state.state_hash() == before


def test_undo_own_action_but_not_across_another_seat_or_randomness():
    state = get("constantinopolis").new(2, seed=11)
    # Phase 1: the first activated player challenges (no randomness): undo is allowed.
    seat = state.to_act()[0]
    before = state.state_hash()
    challenge = next(a for a in state.legal_actions(seat) if a.kind == "office_challenge")
    state.apply(seat, challenge)
    assert state.can_undo(seat)
    assert state.undo(seat).state_hash() == before
    # The holder answers: the challenger can no longer take anything back.
    holder = state.to_act()[0]
    state.apply(holder, state.legal_actions(holder)[0])
    assert not state.can_undo(seat)
    with pytest.raises(IllegalAction, match="another seat"):
        state.undo(seat)


def test_undo_is_refused_after_a_random_draw():
    state = get("constantinopolis").new(2, seed=2)
    # Play to the last end_turn of phase 4, whose follow-up (phase 5) draws contracts.
    while not (state.phase == 4 and state.turn_pos == len(state.order)):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a.kind in ("office_stay", "take_none", "end_turn")), legal[0]))
    seat = state.to_act()[0]
    state.apply(seat, next(a for a in state.legal_actions(seat) if a.kind == "end_turn"))
    assert state.phase == 6 and not state.can_undo(seat)
    with pytest.raises(IllegalAction, match="randomness"):
        state.undo(seat)


def test_search_rng_is_reproducible_and_copies_exactly():
    from mercator.engine.rng import SearchRng

    a, b = SearchRng(5), SearchRng(5)
    xs, ys = list(range(50)), list(range(50))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys and xs != list(range(50))
    c = a.copy()
    assert [a.below(1000) for _ in range(5)] == [c.below(1000) for _ in range(5)]
    assert a.draws == c.draws
