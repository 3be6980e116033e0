"""How far a seat is from each task (tasks.STEPS) and the fitted chances the steered evaluation reads."""

from __future__ import annotations

import random

import pytest

from mercator.games.tuned import tuned_constants
from mercator.games.valencia import heuristics as H
from mercator.games.valencia.data import CELL_IDS, SITE
from mercator.games.valencia.space import C
from mercator.games.valencia.task_odds import task_odds
from mercator.games.valencia.tasks import FAR, STEPS, fulfilled

from .scenario import P1, P2, build_landmark, new_state, put_members, task_id


def _steps(state, seat: int, name: str) -> int:
    task = C.task_by_id[name]
    return STEPS[task.predicate](state, seat, task)


def test_steps_count_what_is_still_missing() -> None:
    s = new_state(4)
    put_members(s, P1, "r2c3", "r3c2", "r3c3")
    assert _steps(s, P1, "t_guild_vintners") == 2  # one vintner of three
    assert _steps(s, P1, "t_big_family") == 5  # three members of eight
    assert _steps(s, P1, "t_line") == 1  # r3c2 r3c3 and a free r3c4
    assert _steps(s, P1, "t_all_guilds") == 3  # vintners and shoemakers so far
    put_members(s, P1, "r2c4", "r5c3", "r3c4")
    assert _steps(s, P1, "t_guild_vintners") == 0 and _steps(s, P1, "t_line") == 0
    # a rival with eight members against six: three more to have the most
    put_members(s, P2, *[CELL_IDS[c] for c in s.map.spaces if s.city[c] == -1][:8])
    assert _steps(s, P1, "t_city_majority") == 3


def test_a_landmark_task_needs_the_landmark_there_and_is_out_of_reach_when_its_site_is_closed_in() -> None:
    s = new_state(4)
    site = s.map.sites[0]
    free = [c for c in s.map.nbr[site] if s.city[c] == -1 and s.map.kind[c] < SITE]
    s.city[free[0]] = P1
    lm = next(lm for lm in s.ed.landmarks if lm.value == 4)
    # unbuilt: one more member next to the best site, and the landmark put there
    assert _steps(s, P1, "t_landmark_4") == 2
    build_landmark(s, lm.id, CELL_IDS[site])
    assert _steps(s, P1, "t_landmark_4") == 1
    for c in free[1:]:
        s.city[c] = P2
    assert _steps(s, P1, "t_landmark_4") == FAR


@pytest.mark.parametrize("edition,players", [("valencia", 2), ("strasbourg", 3)])
def test_no_steps_left_exactly_when_the_task_is_met(edition: str, players: int) -> None:
    """Over random games, every task at every tenth position: 0 steps if and only if it is met now."""
    rng = random.Random(players)
    for seed in range(10):
        state = new_state(players, edition=edition, seed=seed)
        k = 0
        while not state.is_over():
            if k % 10 == 0:
                for seat in range(players):
                    for task in C.tasks:
                        assert (STEPS[task.predicate](state, seat, task) == 0) == fulfilled(state, seat, task), task.id
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            k += 1


def test_shipped_odds_cover_every_task_and_a_met_task_beats_a_distant_one() -> None:
    odds = task_odds("valencia.2")
    assert odds is not None and 0 < odds.weight <= 1
    assert set(odds.coefficients) == {t.id for t in C.tasks}
    s = new_state(2)
    s.players[P1].kept = [task_id("t_big_family")]
    task = C.task_by_id["t_big_family"]
    far = odds.chance(s, P1, task, rounds_left=1)  # eight members still to place in the last round
    put_members(s, P1, *[CELL_IDS[c] for c in s.map.spaces if s.city[c] == -1][:8])
    assert odds.chance(s, P1, task, rounds_left=1) > 0.8 > far


def test_steered_is_the_tuned_evaluation_with_the_task_worth_reweighed() -> None:
    s = new_state(2)
    odds = task_odds("valencia.2")
    assert odds is not None
    tuned, steered = H.tuned(s), H.steered(s)
    s.players[P1].kept = []
    assert steered(s, P1) == tuned(s, P1)  # no kept task: nothing to steer by
    s.players[P1].kept = [task_id("t_goods")]
    task = C.task_by_id["t_goods"]
    q = odds.chance(s, P1, task, rounds_left=5)
    by_tuned = H._tasks(H._Ctx(s, P1, tuned_constants(H.TUNED_FILE, H.HAND_MADE, "valencia.2")))
    assert steered(s, P1) - tuned(s, P1) == pytest.approx(
        odds.weight * (q * task.reward - (1 - q) * task.penalty_valencia) - by_tuned)
    three = new_state(3)  # a table with no fitted odds keeps the tuned evaluation
    assert task_odds(three.table()) is None
    assert H.steered(three)(three, P1) == H.tuned(three)(three, P1)
