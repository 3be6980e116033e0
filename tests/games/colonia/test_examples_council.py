"""Spec §7 worked examples X01-X06: turn order, the council shortage rule, votes and decree order."""

import pytest

from mercator.games.colonia.flow import D_FAMILY, D_MAYOR, D_VOTE

from .scenario import (
    B,
    G,
    P,
    R,
    Y,
    act,
    load_hold,
    money,
    new_state,
    play_cards,
    set_column,
    set_decrees,
    set_hand,
    set_harbour,
    set_members,
    set_money,
    set_votes,
    stack_decrees,
    start_day,
    start_tuesday,
    streets,
    types,
)


def _week3_tuesday(previous_order: list[int]):
    s = new_state(4)
    for seat in range(4):
        set_members(s, seat, supply=20)
        set_hand(s, seat, 3, 4, 5, 6, 7, 8)
    start_tuesday(s, 3, previous_order)
    assert s.dec == D_FAMILY and set(s.to_act()) == {Y, R, G, B}
    return s


def test_x01_turn_order_with_ties():
    s = _week3_tuesday([B, R, G, Y])
    play_cards(s, {B: 6, R: 4, G: 6, Y: 4})
    assert s.order == [G, B, Y, R]
    assert s.view(None)["mayor"] == G
    assert [s.players[x].votes for x in (G, B, Y, R)] == [6, 6, 4, 4]


def test_x01_cards_stay_hidden_until_all_are_revealed():
    s = _week3_tuesday([B, R, G, Y])
    ev = act(s, B, "play_card", 6)
    assert ev == [{"type": "committed", "seat": B, "choice": "family_card"}]
    assert s.players[B].played == 0 and 6 in s.players[B].hand
    assert s.view(R)["decision"].get("my_choice") is None
    assert s.view(B)["decision"]["my_choice"] == {"kind": "play_card", "value": 6}


def test_x02_week1_ties_use_the_week0_order():
    s = new_state(3, seed=1, free_start_good=True)
    for seat in s.week0:  # the setup choices, then Monday and Tuesday of week 1 run
        act(s, seat, "choose_good", "saddle")
    assert s.week == 1 and s.dec == D_FAMILY
    r, b, g = 0, 1, 2
    s.week0 = [r, b, g]
    s.order = [r, b, g]
    play_cards(s, {r: 5, b: 5, g: 3})
    assert s.order == [b, r, g]
    assert s.view(None)["mayor"] == b


def test_x03_card_counting_zero_with_members_from_street_fields():
    s = new_state(4)
    set_members(s, Y, supply=3, st_tue=5, st_wed=4, st_thu=2, st_harb=1)
    set_members(s, R, supply=9, st_tue=4)
    set_members(s, B, supply=6, st_tue=3)
    set_members(s, G, supply=6, st_tue=1, st_wed=3)
    for seat in range(4):
        set_hand(s, seat, 3, 5, 7, 8)
    start_tuesday(s, 4, [Y, R, B, G])
    ev = play_cards(s, {Y: 7, R: 5, B: 5, G: 8})
    placed = {e["seat"]: (e["members"], e["from_streets"], e["votes"]) for e in types(ev, "council_placed")}
    assert placed[Y] == (7, 4, 0) and placed[G] == (8, 2, 0) and placed[R] == (5, 0, 5) and placed[B] == (5, 0, 5)
    assert s.order == [B, R, G, Y]
    assert s.view(None)["mayor"] == B
    assert [s.players[x].votes for x in (B, R, G, Y)] == [5, 5, 0, 0]
    # after the street step (supply, tue, wed, thu, harbour)
    assert streets(s, Y) == (1, 7, 4, 2, 1)
    assert streets(s, G) == (0, 8, 2, 0, 0)
    assert streets(s, R) == (8, 5, 0, 0, 0)
    assert streets(s, B) == (4, 5, 0, 0, 0)


def test_x04_even_the_street_fields_are_not_enough():
    s = new_state(5)
    for seat in range(5):
        set_members(s, seat, supply=15)
        set_hand(s, seat, 4 + seat % 3)
    set_members(s, P, supply=2, st_tue=1, st_wed=2, st_thu=0, st_harb=1)
    set_hand(s, P, 8)
    set_column(s, "tailor", (P, 1), (P, 3))
    set_harbour(s, "ship_lon_1", "ship_nov_1", "ship_ber_1", "ship_bru_1")
    load_hold(s, P, "ship_nov_1", 1)
    ev = start_tuesday(s, 6, [0, 1, 2, 3, 4])
    assert s.dec != D_FAMILY  # the last card is played automatically
    assert [e["value"] for e in types(ev, "family_card") if e["seat"] == P] == [8]
    placed = next(e for e in types(ev, "council_placed") if e["seat"] == P)
    assert placed["members"] == 6 and placed["votes"] == 0
    assert streets(s, P) == (0, 6, 0, 0, 0)
    assert s.cols[3] == [(P, 1), (P, 3)]
    assert s.hold_owner.count(P) == 1
    assert s.order[-1] == P


def _wednesday_vote(votes: dict[int, int], order: list[int]):
    s = new_state(4)
    set_votes(s, votes)
    set_decrees(s, "dcr_market_toll")
    start_day(s, 3, week=3, order=order)
    return s


def test_x05_weighted_tie_goes_to_the_mayor():
    s = _wednesday_vote({G: 6, B: 6, Y: 4, R: 4}, [G, B, Y, R])
    assert s.dec == D_VOTE and set(s.to_act()) == {G, B, Y, R}
    act(s, G, "vote", True)
    act(s, B, "vote", False)
    act(s, Y, "vote", False)
    ev = act(s, R, "vote", True)
    assert types(ev, "vote_result")[0]["yes_votes"] == 10 and types(ev, "vote_result")[0]["no_votes"] == 10
    assert s.dec == D_MAYOR and s.to_act() == (G,)
    ev = act(s, G, "adopt")
    assert types(ev, "decree_adopted") and s.adopted("dcr_market_toll")


def test_x05_variant_a_clear_majority_needs_no_mayor():
    s = _wednesday_vote({G: 6, B: 6, Y: 4, R: 4}, [G, B, Y, R])
    act(s, G, "vote", True)
    act(s, B, "vote", False)
    act(s, Y, "vote", True)
    ev = act(s, R, "vote", True)
    result = types(ev, "vote_result")[0]
    assert (result["yes_votes"], result["no_votes"]) == (14, 6)
    assert s.dec != D_MAYOR and s.adopted("dcr_market_toll")


def test_x05_variant_b_zero_vote_players_are_not_asked():
    s = _wednesday_vote({B: 5, R: 5, G: 0, Y: 0}, [B, R, G, Y])
    assert set(s.to_act()) == {B, R}
    act(s, B, "vote", False)
    act(s, R, "vote", True)
    assert s.dec == D_MAYOR and s.to_act() == (B,)
    ev = act(s, B, "reject")
    assert types(ev, "decree_rejected") and not s.adopted("dcr_market_toll")


def test_x06_decree_slots_sorted_by_day():
    s = new_state(4)
    stack_decrees(s, "dcr_customs", "dcr_market_limit", "dcr_bonus_pay")
    ev = start_tuesday(s, 2, [0, 1, 2, 3])
    assert types(ev, "decrees_revealed")[0]["decrees"] == ["dcr_market_limit", "dcr_customs", "dcr_bonus_pay"]


@pytest.mark.parametrize(("customs", "bonus", "pay14", "pay5"),
                         [(True, True, 14, 5), (True, False, 12, 3), (False, True, 16, 7), (False, False, 14, 5)])
def test_x06_stacked_payout_modifiers(customs, bonus, pay14, pay5):
    s = new_state(4)
    set_votes(s, {0: 0, 1: 0, 2: 0, 3: 0})  # nobody votes: the mayor settles each decree
    set_decrees(s, "dcr_market_limit", "dcr_customs", "dcr_bonus_pay")
    s.dstate[0] = 2
    set_harbour(s, "ship_lon_2", "ship_nov_1", "ship_ber_1", "ship_bru_1")
    load_hold(s, Y, "ship_lon_2", 3)  # saddle + wheel + clothing -> 14
    load_hold(s, R, "ship_lon_2", 1)  # picture -> 5
    set_money(s, Y)
    set_money(s, R)
    s.departing = 1
    start_day(s, 6, week=2, order=[B, Y, R, G])
    decided = []
    for adopt in (customs, bonus):
        assert s.dec == D_MAYOR
        decided += types(act(s, B, "adopt" if adopt else "reject"), "mayor_decides")
    assert [e["decree"] for e in decided] == ["dcr_customs", "dcr_bonus_pay"]  # customs is voted first
    assert money(s, Y)["pfund"] == pay14 and money(s, R)["pfund"] == pay5
