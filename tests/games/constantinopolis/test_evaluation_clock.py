"""Constantinopolis's evaluation knows the clock (issue 19): a gold is worth what it can still buy.
While rounds remain it counts at the invested rate; in the last building phase at about a public
building's price per FP; after it, at the final scoring's 15 gold per FP (spec §4.2)."""

from __future__ import annotations

import pytest

import mercator.games.constantinopolis.heuristics as H
from mercator.bots.base import GreedyBot
from mercator.games.constantinopolis.data import content

from .scenario import MAGISTER, PRETORIO, new_state, set_offices, start_turns


def test_gold_is_worth_less_as_the_building_phases_run_out() -> None:
    s = new_state(2)
    s.round, s.phase = 2, 4
    assert H.gold_per_fp(s) == H.GOLD_PER_FP  # many rounds left: the invested rate
    s.round, s.final_round, s.phase = 9, 9, 2
    assert H.gold_per_fp(s) == H.LAST_PHASE_GOLD_PER_FP  # the final round's building phase is to come
    s.phase = 4
    # In it, what is not spent now only scores at the end.
    assert H.gold_per_fp(s) == content().rules.gold_per_final_fp == 15
    s.round, s.phase = 8, 4  # round 9's building phase still to come
    assert H.gold_per_fp(s) == H.LAST_PHASE_GOLD_PER_FP
    s.round, s.phase = 7, 6
    assert H.gold_per_fp(s) == H.LAST_PHASE_GOLD_PER_FP - H.PHASE_STEP


@pytest.mark.parametrize(("clock", "buys"), [(True, True), (False, False)])
def test_in_the_last_building_phase_greedy_turns_gold_into_a_public_building(clock: bool, buys: bool) -> None:
    """Final round, phase 4, 40 gold: the Thermae Zeuxippi (24 gold, 3 FP, leaving 16 gold: 1 FP at
    the end) or the Portus Theodosiacus (36 gold, 4 FP) beat keeping the gold (2 FP at the end).
    The flat evaluation of the first version, at 3.5 gold per FP, kept it."""
    s = new_state(2)
    set_offices(s, {0: MAGISTER, 1: PRETORIO})
    s.players[0].gold = 40
    s.final_round = 9
    start_turns(s, 4, [0, 1], round_=9)
    old = H.CLOCK
    H.CLOCK = clock
    try:
        bot = GreedyBot(seed=1)
        bought = []
        while s.phase == 4 and 0 in s.to_act():
            action = bot.act(s, 0)
            bought.append(action.to_json())
            s.apply(0, action)
    finally:
        H.CLOCK = old
    got = any(a["kind"] == "buy_building" and content().by_id[a["building"]].category == 3 for a in bought)
    assert got == buys, bought
    if buys:
        assert s.players[0].fp >= 3 and s.players[0].gold < 40
