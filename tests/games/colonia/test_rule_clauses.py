"""One focused scenario per rule clause of spec §2-§5 that the worked examples do not cover
(or cover only in passing)."""

import json

import pytest

from mercator.engine.errors import IllegalAction
from mercator.engine.rng import Rng
from mercator.games.colonia.data import GOODS
from mercator.games.colonia.flow import D_FAMILY, D_GOOD, D_MAYOR, D_SEQ, D_VOTE, PHASES
from mercator.games.colonia.player import EMPTY_SHRINE

from .scenario import (
    B,
    G,
    R,
    Y,
    act,
    active,
    advance,
    at,
    card,
    display,
    give_relics,
    harbour,
    hold_owner,
    is_legal,
    legal,
    load_hold,
    locations,
    money,
    new_state,
    play_cards,
    quiet,
    raws,
    raws_vec,
    rejected,
    set_bag,
    set_column,
    set_decrees,
    set_display,
    set_goods,
    set_hand,
    set_harbour,
    set_members,
    set_money,
    set_raws,
    set_sticks,
    set_votes,
    stack_decrees,
    stack_relic_deck,
    stack_week,
    start_day,
    start_monday,
    start_tuesday,
    types,
)

ALL = (Y, R, G, B)


def _mayor_day(s, day: int, *decrees: str, week: int = 2, order=(Y, R, G, B)):
    """Start ``day`` with these decrees and no votes, so the mayor (first in ``order``) settles each."""
    set_votes(s, {x: 0 for x in range(s.n)})
    set_decrees(s, *decrees)
    return start_day(s, day, week=week, order=list(order))


# ---- §1.3 / §2 setup ------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "members"), [(3, 38), (4, 30), (5, 25), (6, 21)])
def test_members_per_player_count(players, members):
    s = new_state(players, seed=2, free_start_good=True)
    assert all(p.supply == members for p in s.players)
    assert sum(s.bag) == 90 - 4 * players


def test_start_good_die_roll_and_free_choice_on_a_six():
    for seed in range(40):
        s = new_state(4, seed=seed)
        rolls = {e["seat"]: e for e in s.opening_events if e["type"] in ("start_good", "start_good_free")}
        if any(e["face"] == 6 for e in rolls.values()):
            break
    else:
        pytest.fail("no seed rolled a six")
    for seat, e in rolls.items():
        if e["face"] <= 5:
            assert e["good"] == GOODS[e["face"] - 1] and sum(s.players[seat].goods) == 1
    sixes = [seat for seat in s.week0 if rolls[seat]["face"] == 6]
    assert s.dec == D_GOOD and s.to_act() == (sixes[0],)
    assert len(legal(s, sixes[0], "choose_good")) == 5
    for seat in sixes:
        act(s, seat, "choose_good", "shoes")
        assert s.players[seat].goods[4] >= 1
    assert s.week_card >= 0


def test_free_start_good_option_every_player_chooses_in_week0_order():
    s = new_state(5, seed=4, free_start_good=True)
    for seat in s.week0:
        assert s.to_act() == (seat,)
        act(s, seat, "choose_good", "picture")
    assert [sum(p.goods) for p in s.players] == [1] * 5 and s.gsupply[2] == 12 - 5


def test_five_week_option_ends_after_week_five_with_final_week_rules():
    s = new_state(3, seed=6, weeks=5, free_start_good=True)
    for seat in s.week0:
        act(s, seat, "choose_good", "wheel")
    log: list[dict] = []
    advance(s, lambda st: st.week == 5 and st.day >= 2, log=log)
    assert s.departing == 6 and s.dec == D_FAMILY  # two cards left: still a choice in the last week
    advance(s, lambda st: st.is_over(), log=log)
    assert s.week == 5 and all(len(p.hand) == 1 for p in s.players)
    assert types(log, "game_over")


# ---- §3.1 Monday --------------------------------------------------------------------------------------
def test_monday_discards_last_weeks_family_cards_and_sets_the_week():
    s = new_state(4)
    for seat in ALL:
        s.players[seat].played = 5
    stack_week(s, "week_04")  # orders 2, 2, 3, 2, 1; dice 1; ships 3; stalls 1, 2, 2, 3, 4, 5
    start_monday(s, 3)
    assert all(p.played == 0 for p in s.players) and s.dec == D_FAMILY
    assert s.view(None)["players"][0]["played"] is None
    assert s.sticks == [2, 2, 3, 2, 1] and s.dice_count == 1 and s.departing == 3
    assert [sum(x) for x in s.stalls] == [1, 2, 2, 3, 4, 5]


# ---- §3.2 Tuesday ---------------------------------------------------------------------------------------
def test_equal_day_decrees_keep_their_draw_order():
    s = new_state(4)
    stack_decrees(s, "dcr_bonus_pay", "dcr_new_relics", "dcr_customs")
    ev = start_tuesday(s, 2, [Y, R, G, B])
    assert types(ev, "decrees_revealed")[0]["decrees"] == ["dcr_bonus_pay", "dcr_customs", "dcr_new_relics"]


def _tuesday_with(hand: tuple[int, ...], supply: int):
    """Tuesday of week 5 after the order Y, R, G, B; every seat holds ``hand`` and ``supply`` members."""
    s = new_state(4)
    for seat in ALL:
        set_hand(s, seat, *hand)
        set_members(s, seat, supply=supply)
    start_tuesday(s, 5, [Y, R, G, B])
    return s


def test_a_card_is_played_once_per_game():
    s = _tuesday_with((3, 4), 20)
    rejected(s, Y, "play_card", 8)
    assert sorted(legal(s, Y, "play_card")) == [(3,), (4,)]
    play_cards(s, {Y: 3, R: 4, G: 4, B: 3})
    assert s.players[Y].hand == (4,) and s.players[Y].played == 3


def test_ties_at_zero_follow_the_reverse_previous_order():
    s = _tuesday_with((7, 8), 1)
    play_cards(s, {Y: 7, R: 8, G: 7, B: 8})
    assert all(s.players[x].votes == 0 for x in ALL)
    assert s.order == [B, G, R, Y]


# ---- §3.3 votes ------------------------------------------------------------------------------------------
def test_no_votes_at_all_the_mayor_decides_directly():
    s = new_state(4)
    _mayor_day(s, 3, "dcr_market_limit", order=(G, Y, R, B))
    assert s.dec == D_MAYOR and s.to_act() == (G,)
    ev = act(s, G, "adopt")
    assert types(ev, "decree_adopted") and s.adopted("dcr_market_limit")


def test_votes_are_hidden_until_all_are_in():
    s = new_state(4)
    set_votes(s, {Y: 3, R: 4, G: 5, B: 6})
    set_decrees(s, "dcr_market_toll")
    start_day(s, 3, week=2, order=[B, G, R, Y])
    assert s.dec == D_VOTE and set(s.to_act()) == set(ALL)
    act(s, Y, "vote", True)
    assert s.to_act() == (B, G, R) and "my_choice" not in s.view(R)["decision"]
    assert s.view(Y)["decision"]["my_choice"] == {"kind": "vote", "yes": True}
    assert {"kind": "vote", "yes": True} in s.secrets(Y)


def test_decree_voted_on_its_own_day_only():
    s = new_state(4)
    quiet(s)
    set_votes(s, {x: 0 for x in ALL})
    set_decrees(s, "dcr_market_toll", "dcr_relic_discount")
    ev = start_day(s, 3, week=2, order=[Y, R, G, B])
    assert [e["decree"] for e in types(ev, "decree_vote")] == ["dcr_market_toll"]
    act(s, Y, "reject")
    assert s.dstate == [2, 0]


# ---- §3.4 market ------------------------------------------------------------------------------------------
def _market(s, *decrees: str, adopt=True):
    quiet(s)
    for i, stall in enumerate(s.stalls):
        s.bag = [b + n for b, n in zip(s.bag, stall, strict=True)]
        s.stalls[i] = [0] * 5
    for i in range(6):  # one raw per stall
        t = i % 5
        s.stalls[i][t] = 1
        s.bag[t] -= 1
    _mayor_day(s, 3, *decrees)
    for _ in decrees:
        act(s, Y, "adopt" if adopt else "reject")


def test_market_limit_two_stalls_per_player():
    s = new_state(4)
    _market(s, "dcr_market_limit")
    act(s, Y, "buy_stall", 1)
    for seat in (R, G, B):
        act(s, seat, "pass")
    ev = act(s, Y, "buy_stall", 2)
    assert [e["seat"] for e in types(ev, "passed")] == [Y]  # four stalls left, members enough: the limit
    assert s.players[Y].stalls_bought == 2 and types(ev, "leftovers_returned")[0]["count"] == 4


def test_market_discount_never_below_one_member():
    s = new_state(4)
    _market(s, "dcr_market_discount")
    assert [s.stall_cost(i) for i in range(6)] == [1] * 6


def test_market_surplus_adds_one_raw_to_every_stall():
    s = new_state(4)
    _market(s, "dcr_market_surplus")
    assert [sum(x) for x in s.stalls] == [2] * 6


def test_unbought_raws_go_back_to_the_bag():
    s = new_state(4)
    _market(s)
    bag = sum(s.bag)
    act(s, Y, "buy_stall", 1)
    for seat in (R, G, B, Y):
        act(s, seat, "pass")
    assert sum(s.bag) == bag + 5 and all(sum(x) == 0 for x in s.stalls)


def test_pass_is_final_and_a_bought_stall_is_gone():
    s = new_state(4)
    _market(s)
    act(s, Y, "pass")
    act(s, R, "buy_stall", 1)
    assert not is_legal(s, G, "buy_stall", 1)
    act(s, G, "pass")
    act(s, B, "pass")
    assert active(s) == R  # Y passed for good
    act(s, R, "buy_stall", 2)
    assert active(s) == R


def test_auto_pass_is_logged_like_a_voluntary_pass():
    s = new_state(4)
    _market(s)
    set_members(s, R, supply=0)
    ev = act(s, Y, "pass")
    assert ev[0] == {"type": "passed", "seat": Y, "phase": "market"}
    assert ev[1] == {"type": "passed", "seat": R, "phase": "market"}  # R cannot buy: same event


# ---- §3.5 craftsmen ---------------------------------------------------------------------------------------
def _thursday(s, *decrees: str):
    s.dice_count = 0
    return _mayor_day(s, 4, *decrees)


def test_commission_needs_the_recipe_and_a_free_field():
    s = new_state(4)
    quiet(s)
    set_raws(s, Y, leather=1, iron=1, wood=1)
    set_column(s, "wheelwright", *[(B, 1)] * 8)
    _thursday(s)
    assert [c for (c,) in legal(s, Y, "commission")] == ["saddler"]


def test_commission_needs_enough_members():
    s = new_state(4)
    quiet(s)
    set_raws(s, Y, leather=2, iron=2)
    set_raws(s, R, leather=1, iron=1)
    set_members(s, Y, supply=2)
    _thursday(s)
    act(s, Y, "commission", "saddler")
    ev = act(s, R, "commission", "saddler")
    assert Y in [e["seat"] for e in types(ev, "passed")]  # the third commission costs 3 > 1 member
    assert raws(s, Y) == {"leather": 1, "iron": 1}


def test_overtime_moves_every_stick_before_commissioning():
    s = new_state(4)
    quiet(s)
    set_sticks(s, 1, 8, 0, 2, 3)
    ev = _thursday(s, "dcr_overtime")
    ev += act(s, Y, "adopt")
    assert types(ev, "sticks_moved")[0]["orders"] == [2, 8, 1, 3, 4]


def test_paying_raws_reveals_unknown_starting_raws_only_when_needed():
    s = new_state(4)
    quiet(s)
    p = s.players[Y]
    set_raws(s, Y, leather=2, iron=1)
    p.unk = raws_vec(leather=1, iron=1)  # one leather and the iron are starting raws nobody has seen
    _thursday(s)
    assert s.view(R)["players"][Y]["raws_known"]["leather"] == 1 and s.view(R)["players"][Y]["raws_unknown"] == 2
    act(s, Y, "commission", "saddler")
    assert p.unk == raws_vec(leather=1)  # the known leather was used; the iron had to come from the unknowns
    assert s.view(R)["players"][Y]["raws_unknown"] == 1


def test_raws_paid_go_back_into_the_bag():
    s = new_state(4)
    quiet(s)
    set_raws(s, Y, fur=1, leather=1)
    _thursday(s)
    bag = list(s.bag)
    act(s, Y, "commission", "shoemaker")
    assert s.bag[4] == bag[4] + 1 and s.bag[0] == bag[0] + 1 and raws(s, Y) == {}


# ---- §3.6 / §3.7 harbour ---------------------------------------------------------------------------------
def test_loading_needs_the_exact_goods_and_a_member():
    s = new_state(4)
    quiet(s)
    set_harbour(s, "ship_lon_2", "ship_nov_2")
    set_goods(s, Y, shoes=1, saddle=1, wheel=1)
    set_goods(s, R, wheel=2)
    set_members(s, R, supply=0)
    _mayor_day(s, 5)
    assert legal(s, Y, "load") == [("ship_nov_2", 1)]  # shoes + shoes is not shoes + saddle
    ev = act(s, Y, "load", "ship_nov_2", 1)
    assert R in [e["seat"] for e in types(ev, "passed")]  # wheel + wheel fits, but no member to place


def test_one_player_may_load_two_holds_of_the_same_ship():
    s = new_state(4)
    quiet(s)
    set_harbour(s, "ship_lon_1")
    set_goods(s, Y, saddle=1, wheel=1, picture=1)
    _mayor_day(s, 5)
    act(s, Y, "load", "ship_lon_1", 1)
    act(s, Y, "load", "ship_lon_1", 2)
    assert hold_owner(s, "ship_lon_1", 1) == Y and hold_owner(s, "ship_lon_1", 2) == Y


@pytest.mark.parametrize(("decree", "departing", "departed"),
                         [("dcr_two_more_ships", 2, 4), ("dcr_ship_held", 2, 1), ("dcr_ship_held", 0, 0),
                          ("dcr_two_more_ships", 5, 6)])
def test_departure_count_decrees(decree, departing, departed):
    s = new_state(4)
    quiet(s)
    set_harbour(s, "ship_lon_1", "ship_lon_2", "ship_lon_3", "ship_lon_4", "ship_nov_1", "ship_nov_2")
    s.departing = departing
    _mayor_day(s, 6, decree)
    ev = act(s, Y, "adopt")
    assert len(types(ev, "ship_departed")) == departed


def test_goods_from_departed_ships_return_to_the_supply():
    s = new_state(4)
    quiet(s)
    set_harbour(s, "ship_nov_1")
    load_hold(s, R, "ship_nov_1", 3)  # picture, picture, wheel
    assert s.gsupply[2] == 10
    s.departing = 1
    _mayor_day(s, 6)
    assert s.gsupply[2] == 12 and s.gsupply[1] == 12 and money(s, R)["grivna"] == 15


# ---- §3.8 Sunday ------------------------------------------------------------------------------------------
def test_relic_discount_lowers_every_price_to_at_least_one():
    s = new_state(4)
    quiet(s)
    set_display(s, "relic_lon_01", "relic_lon_11")
    set_money(s, Y, pfund=3)
    _mayor_day(s, 7, "dcr_relic_discount")
    act(s, Y, "adopt")
    assert [d["price"] for d in s.view(None)["display"]] == [3, 13]
    assert legal(s, Y, "buy") == [("relic_lon_01",)]


def test_new_relics_arrive_before_buying():
    s = new_state(4)
    quiet(s)
    new = [c for c in ("relic_ber_11", "relic_bru_11", "relic_lon_11", "relic_nov_11") if c not in display(s)][:2]
    stack_relic_deck(s, *new)
    set_money(s, Y, pfund=15, grivna=15, mark=15, gulden=15)
    _mayor_day(s, 7, "dcr_new_relics")
    act(s, Y, "adopt")
    assert active(s) == Y and is_legal(s, Y, "buy", new[0])
    assert len(s.display) == 12 and display(s)[-2:] == new


def test_closed_treasury_no_reservations_and_everything_discarded():
    s = new_state(4)
    quiet(s)
    cards = display(s)
    set_display(s, *cards, reserved={cards[0]: R})
    log = _mayor_day(s, 7, "dcr_no_reservation")
    log += act(s, Y, "adopt")
    assert "reserve" not in [e.get("phase") for e in types(log, "phase_started")]
    assert types(log, "reservation_expired")[0]["seat"] == R
    assert types(log, "relics_discarded")[0]["count"] == 10
    assert all(s.reserver[c] < 0 for c in s.display)


def test_several_reservations_and_the_expired_member_may_reserve_again():
    s = new_state(4)
    quiet(s)
    cards = display(s)
    set_display(s, *cards, reserved={cards[0]: Y})
    set_members(s, Y, supply=1)
    log = _mayor_day(s, 7)
    assert s.players[Y].supply == 2 and types(log, "reservation_expired")  # the member came back
    act(s, Y, "reserve", cards[0])
    act(s, R, "pass")
    act(s, G, "pass")
    act(s, B, "pass")
    act(s, Y, "reserve", cards[1])
    assert [s.reserver[card(c)] for c in cards[:2]] == [Y, Y]
    assert s.players[Y].supply == 0


def test_last_week_has_no_reservation_discard_or_refill():
    s = new_state(4)
    quiet(s)
    for seat in ALL:
        set_hand(s, seat, 3)
    before = display(s)
    log = _mayor_day(s, 7, week=6)
    assert s.is_over()
    assert not types(log, "relics_discarded") and not types(log, "relics_drawn")
    assert display(s) == before
    assert [e["phase"] for e in types(log, "phase_started")] == ["relic_buy"]


def test_empty_deck_and_discard_draw_nothing():
    s = new_state(4)
    quiet(s)
    s.relic_discard = []
    s.relic_deck = []
    cards = display(s)
    set_display(s, *cards[:3])
    s.relic_deck = []
    log = _mayor_day(s, 7, "dcr_new_relics")
    log += act(s, Y, "adopt")
    assert types(log, "decree_adopted") and not types(log, "relics_drawn")
    assert len(s.display) == 3 and s.dec == D_SEQ  # the reservation phase is open


def test_fill_shrine_needs_an_owned_relic_of_the_same_city():
    s = new_state(4)
    quiet(s)
    give_relics(s, Y, "shrine_ber", "relic_lon_11", "relic_ber_01", "relic_ber_04")
    _mayor_day(s, 7)
    assert sorted(legal(s, Y, "fill_shrine")) == [("shrine_ber", "relic_ber_01"), ("shrine_ber", "relic_ber_04")]
    act(s, Y, "fill_shrine", "shrine_ber", "relic_ber_04")
    assert s.players[Y].shrines[2] == card("relic_ber_04")


# ---- §4 scoring -------------------------------------------------------------------------------------------
def test_six_way_window_tie_scores_nothing():
    s = new_state(6)
    for seat in range(6):
        set_money(s, seat, pfund=4)
    assert s.scores() == [0] * 6


def test_empty_shrine_and_shrine_itself_score_nothing():
    s = new_state(4)
    for seat in ALL:
        set_money(s, seat)
    give_relics(s, Y, "shrine_nov", "relic_lon_11")
    assert s.players[Y].shrines[1] == EMPTY_SHRINE
    assert s.scores()[Y] == 5


# ---- §3.11 hidden information -----------------------------------------------------------------------------
def test_views_hide_other_players_starting_raws():
    s = new_state(4, seed=9)
    mine = s.view(Y)["players"][Y]
    theirs = s.view(R)["players"][Y]
    assert mine["screen"]["raws"] == dict(zip(("leather", "iron", "wood", "linen", "fur"), s.players[Y].raws,
                                              strict=True))
    assert "screen" not in theirs and theirs["raws_unknown"] == 4
    assert "screen" not in json.dumps(s.view(None)["players"])


def test_determinize_resamples_other_raws_consistently_and_keeps_the_own():
    s = new_state(4, seed=9)
    total = [sum(x) for x in zip(s.bag, *(p.raws for p in s.players), strict=True)]
    seen = set()
    for n in range(20):
        d = s.determinize(Y, Rng(n))
        assert d.players[Y].raws == s.players[Y].raws and d.view(Y) == s.view(Y)
        assert [sum(x) for x in zip(d.bag, *(p.raws for p in d.players), strict=True)] == total
        assert all(sum(d.players[x].unk) == sum(s.players[x].unk) for x in ALL)
        seen.add(tuple(d.players[R].raws))
    assert len(seen) > 1


def test_determinize_resamples_other_seats_committed_cards_only():
    s = new_state(4, seed=9)
    if s.dec == D_GOOD:
        for seat in list(s.good_queue):
            act(s, seat, "choose_good", "saddle")
    assert s.dec == D_FAMILY
    act(s, Y, "play_card", 8)
    act(s, R, "play_card", 3)
    picks = set()
    for n in range(20):
        d = s.determinize(Y, Rng(n))
        assert d.commits[Y] == s.commits[Y]
        picks.add(d.commits[R].args)
        assert d.to_act() == s.to_act()
    assert len(picks) > 1


def test_refused_action_says_what_is_allowed_and_changes_nothing():
    s = new_state(4)
    _market(s)
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="allowed kinds: buy_stall, pass"):
        act(s, Y, "commission", "saddler")
    with pytest.raises(IllegalAction, match="may not act now"):
        act(s, R, "pass")
    assert s.state_hash() == before


def test_bag_shortage_leaves_later_stalls_short():
    s = new_state(4)
    set_bag(s, Y, fur=3)
    stack_week(s, "week_02")  # stalls 1, 2, 3, 3, 3, 4
    start_monday(s, 2)
    assert [sum(x) for x in s.stalls] == [1, 2, 0, 0, 0, 0]


def test_phase_names_cover_every_sequential_phase():
    assert PHASES == ("market", "commission", "load", "relic_buy", "reserve")


def test_a_whole_game_keeps_member_counts_and_ends_after_week_six():
    s = new_state(5, seed=21)
    advance(s, lambda st: st.is_over(), max_steps=20000)
    assert s.week == 6 and harbour(s) == [None] * 6  # every ship left in the last week
    assert all(sum(locations(s, seat).values()) == 25 for seat in range(5))
    assert sorted(s.ranking())[0] == 1


def test_a_secret_choice_can_be_taken_back_until_the_reveal():
    s = new_state(3, seed=2, free_start_good=True)
    for seat in s.week0:
        act(s, seat, "choose_good", "saddle")
    assert s.dec == D_FAMILY
    act(s, Y, "play_card", 8)
    assert s.can_undo(Y)
    s = s.undo(Y)
    assert Y not in s.commits and Y in s.to_act()
    act(s, Y, "play_card", 3)
    act(s, R, "play_card", 4)
    act(s, G, "play_card", 5)  # the reveal: no taking back across revealed information
    assert not s.can_undo(G)
    assert [p["played"] for p in s.view(Y)["players"]] == [3, 4, 5]


def test_determinize_depends_only_on_what_the_seat_knows():
    s = new_state(4, seed=9)
    advance(s, at(1, 4))
    one, two = s.determinize(Y, Rng(5)), s.determinize(Y, Rng(77))
    assert one.view(Y) == two.view(Y) and one.state_hash() != two.state_hash()
    assert one.determinize(Y, Rng(1)).state_hash() == two.determinize(Y, Rng(1)).state_hash()
