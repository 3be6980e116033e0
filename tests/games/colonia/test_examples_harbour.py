"""Spec §7 worked examples X12-X14, X22-X24: loading, payday, close-up, refill, early departure,
the final week, harbour fees, the ship deck running out and the week-1 harbour."""

from mercator.games.colonia.data import GOODS

from .scenario import (
    B,
    G,
    R,
    Y,
    act,
    active,
    advance,
    at,
    harbour,
    hold_owner,
    is_legal,
    load_hold,
    money,
    new_state,
    quiet,
    rejected,
    set_decrees,
    set_goods,
    set_hand,
    set_harbour,
    set_members,
    set_money,
    set_votes,
    stack_decrees,
    stack_ship_deck,
    stack_week,
    start_day,
    start_monday,
    types,
)


def _x12():
    s = new_state(4)
    quiet(s)
    set_harbour(s, "ship_lon_2", "ship_nov_1", "ship_ber_3", "ship_bru_2", "ship_lon_4", "ship_nov_3")
    stack_ship_deck(s, "ship_bru_1", "ship_lon_1")
    set_goods(s, Y, saddle=2, wheel=1, clothing=2)
    set_goods(s, R, shoes=1)
    set_goods(s, G, clothing=1, wheel=1)
    set_goods(s, B, picture=1)
    set_members(s, Y, supply=10, st_harb=3)  # last week's street_harbour
    s.departing = 2
    set_decrees(s)
    start_day(s, 5, week=2, order=[Y, R, G, B])
    return s


def _x12_friday(s) -> list[dict]:
    ev = act(s, Y, "load", "ship_lon_2", 3)
    ev += act(s, R, "load", "ship_nov_1", 1)
    ev += act(s, G, "load", "ship_ber_3", 2)
    ev += act(s, B, "load", "ship_lon_2", 1)
    ev += act(s, Y, "load", "ship_nov_1", 2)
    return ev


def test_x12_loading_payday_close_up_and_refill():
    s = _x12()
    assert s.players[Y].supply == 10
    ev = _x12_friday(s)
    assert [e["seat"] for e in types(ev, "passed")] == [R, G, B, Y]  # nothing fits any more
    street = next(e for e in types(ev, "street_step") if e["street"] == "street_harbour")
    assert street["returned"] == 3
    payouts = [(e["seat"], e["ship"], e["amount"], e["currency"]) for e in types(ev, "payout")]
    assert payouts == [(B, "ship_lon_2", 5, "pfund"), (Y, "ship_lon_2", 14, "pfund"),
                       (R, "ship_nov_1", 5, "grivna"), (Y, "ship_nov_1", 9, "grivna")]
    assert money(s, Y)["pfund"] == 14 and money(s, Y)["grivna"] == 9
    assert money(s, B)["pfund"] == 5 and money(s, R)["grivna"] == 5
    assert [s.players[x].st_harb for x in (Y, B, R, G)] == [2, 1, 1, 0]
    assert s.players[Y].supply == 10 - 2 + 3
    assert harbour(s) == ["ship_ber_3", "ship_bru_2", "ship_lon_4", "ship_nov_3", "ship_bru_1", "ship_lon_1"]
    assert hold_owner(s, "ship_ber_3", 2) == G
    # goods back in the general supply: everything but G's clothing + wheel on ship_ber_3
    assert s.gsupply == [12, 11, 12, 11, 12]
    assert [GOODS[g] for g in range(5) if s.gsupply[g] < 12] == ["wheel", "clothing"]


def test_x12_berth3_is_loadable_though_it_does_not_depart():
    s = _x12()
    act(s, Y, "load", "ship_lon_2", 3)
    act(s, R, "load", "ship_nov_1", 1)
    assert is_legal(s, G, "load", "ship_ber_3", 2)
    assert not is_legal(s, G, "load", "ship_ber_3", 1)  # saddle is not G's
    rejected(s, G, "load", "ship_lon_2", 3)  # taken by Y


def test_x13_early_departure():
    s = new_state(4)
    quiet(s)
    set_harbour(s, "ship_ber_3", "ship_bru_2", "ship_lon_4", "ship_nov_3", "ship_bru_1", "ship_lon_1")
    load_hold(s, G, "ship_ber_3", 2)
    set_members(s, G, supply=9)
    set_goods(s, Y, wheel=1)  # Y can load ship_lon_4 hold 1 on berth III
    s.departing = 2
    set_votes(s, {Y: 0, R: 0, G: 0, B: 0})
    set_decrees(s, "dcr_early_departure")
    start_day(s, 5, week=3, order=[Y, R, G, B])
    ev = act(s, Y, "adopt")
    departed = types(ev, "ship_departed")[0]
    assert (departed["ship"], departed["berth"]) == ("ship_ber_3", 1)
    assert money(s, G)["mark"] == 9
    assert s.gsupply[1] == 12 - 1 and s.gsupply[3] == 12  # clothing + wheel back; Y still holds a wheel
    assert harbour(s)[0] is None
    assert s.players[G].st_harb == 1
    assert active(s) == Y
    assert {a.args for a in s.legal_actions(Y) if a.kind == "load"} == {("ship_bru_2", 1), ("ship_lon_4", 1)}
    ev = act(s, Y, "pass")
    assert s.players[G].supply == 10 and s.players[G].st_harb == 0  # back tonight
    departed = [e["ship"] for e in types(ev, "ship_departed")]
    assert departed == ["ship_bru_2"]
    assert harbour(s)[:4] == ["ship_lon_4", "ship_nov_3", "ship_bru_1", "ship_lon_1"]
    assert None not in harbour(s)  # V and VI refilled from the deck


def test_x14_final_week_every_ship_departs():
    s = new_state(4)
    quiet(s)
    for seat in range(4):
        set_hand(s, seat, 3)
    set_harbour(s, "ship_lon_2", "ship_nov_1", "ship_ber_3", "ship_nov_3", "ship_bru_1", "ship_lon_1")
    load_hold(s, R, "ship_nov_3", 3)
    load_hold(s, R, "ship_lon_1", 1)
    set_members(s, R, supply=8)
    stack_week(s, "week_03")  # ships 1
    stack_decrees(s, "dcr_ship_held", "dcr_customs", "dcr_bonus_pay")
    deck_before = len(s.ship_deck)
    start_monday(s, 6)
    assert s.departing == 6
    log: list[dict] = []
    advance(s, lambda st: st.day == 6 and st.dec != 0, log=log)
    for _ in range(3):  # everyone adopts ship_held and customs, rejects bonus pay
        d = s.view(None)["decision"]["decree"]
        seats = s.to_act()
        for seat in seats:
            log += act(s, seat, "vote", d != "dcr_bonus_pay")
        if d == "dcr_bonus_pay":
            break
    assert s.adopted("dcr_ship_held") and s.adopted("dcr_customs") and not s.adopted("dcr_bonus_pay")
    assert len(types(log, "ship_departed")) == 6 and all(x is None for x in harbour(s))
    assert money(s, R)["grivna"] == 13 and money(s, R)["pfund"] == 3
    assert len(s.ship_deck) == deck_before and not types(log, "ship_arrived")


def test_x22_harbour_fee_with_loading_limit():
    s = new_state(4)
    quiet(s)
    set_goods(s, R, clothing=1, saddle=2)
    set_money(s, R, pfund=2)
    set_harbour(s, "ship_lon_3", "ship_lon_1", "ship_nov_2", "ship_ber_4")
    set_votes(s, {Y: 0, R: 0, G: 0, B: 0})
    set_decrees(s, "dcr_loading_limit", "dcr_harbour_fee")
    start_day(s, 5, week=2, order=[R, Y, G, B])
    act(s, R, "adopt")
    act(s, R, "adopt")
    assert active(s) == R
    ev = act(s, R, "load", "ship_lon_3", 1)
    assert types(ev, "hold_loaded")[0]["fee"] == 1 and money(s, R)["pfund"] == 1
    assert active(s) == R  # the others cannot load: auto-passed
    ev = act(s, R, "load", "ship_lon_1", 1)
    assert money(s, R)["pfund"] == 0
    # nov_2 hold 1 is illegal twice over (limit reached, no grivna): R is auto-passed
    assert [e["seat"] for e in types(ev, "passed") if e["phase"] == "load"] == [R]


def test_x22_fee_alone_blocks_a_ship_of_an_unheld_currency():
    s = new_state(4)
    for seat in range(4):
        set_goods(s, seat)
        set_money(s, seat)
        set_members(s, seat, supply=10)
    set_goods(s, R, saddle=2)
    set_money(s, R, pfund=2)
    set_harbour(s, "ship_lon_1", "ship_nov_2")
    set_votes(s, {Y: 0, R: 0, G: 0, B: 0})
    set_decrees(s, "dcr_harbour_fee")
    start_day(s, 5, week=2, order=[R, Y, G, B])
    act(s, R, "adopt")
    assert is_legal(s, R, "load", "ship_lon_1", 1) and not is_legal(s, R, "load", "ship_nov_2", 1)


def test_x23_ship_deck_runs_out():
    s = new_state(4)
    set_harbour(s, "ship_lon_1", "ship_lon_2", "ship_lon_3", "ship_lon_4", "ship_nov_1", "ship_nov_2")
    stack_ship_deck(s, "ship_nov_3", only=True)
    s.departing = 3
    set_decrees(s)
    start_day(s, 6, week=4, order=[Y, R, G, B])
    assert harbour(s) == ["ship_lon_4", "ship_nov_1", "ship_nov_2", "ship_nov_3", None, None]
    s.departing = 2
    set_decrees(s)
    start_day(s, 6, week=5, order=[Y, R, G, B])
    assert harbour(s) == ["ship_nov_2", "ship_nov_3", None, None, None, None]


def test_x24_setup_and_the_week1_harbour():
    s = new_state(4, seed=3, free_start_good=True)
    assert s.week == 1 and s.day == 1 and s.week_card == -1  # waiting for the start goods
    for seat in range(4):
        p = s.players[seat]
        assert p.supply == 30 and p.money == [5, 5, 5, 5] and sum(p.raws) == 4 and sum(p.goods) == 0
    assert sum(s.bag) == 74 and len(s.display) == 10
    assert [b >= 0 for b in s.berths] == [True] * 4 + [False] * 2
    assert s.sticks == [0] * 5
    for seat in s.week0:
        act(s, seat, "choose_good", "wheel")
    assert all(sum(p.goods) == 1 for p in s.players)
    assert s.week_card >= 0  # Monday has run


def test_x24_week1_ships_then_six_from_week2_on():
    s = new_state(4, seed=5, free_start_good=True)
    stack_week(s, "week_01")  # ships 2
    first = harbour(s)
    for seat in s.week0:
        act(s, seat, "choose_good", "wheel")
    assert s.departing == 2
    advance(s, at(1, 7))
    assert harbour(s)[:2] == first[2:4] and None not in harbour(s)
