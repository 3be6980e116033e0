"""Spec §7 worked examples X07-X11: the market, the bag running short, craftsmen, dice and goods."""

from .scenario import (
    B,
    G,
    R,
    Y,
    act,
    active,
    advance,
    at,
    column,
    goods,
    legal,
    new_state,
    quiet,
    raws,
    raws_vec,
    rig_dice,
    set_bag,
    set_column,
    set_decrees,
    set_goods,
    set_members,
    set_raws,
    set_sticks,
    set_votes,
    stack_week,
    start_day,
    start_monday,
    streets,
    types,
)

X07_STALLS = [raws_vec(leather=1, iron=1), raws_vec(wood=2, linen=1), raws_vec(fur=1),
              raws_vec(iron=1, linen=1, fur=1, leather=1), raws_vec(wood=1, iron=1, fur=1),
              raws_vec(leather=2, linen=1, wood=1, iron=1)]


def _x07(toll: bool):
    s = new_state(4)
    for seat in range(4):
        set_raws(s, seat)
    for i, stall in enumerate(X07_STALLS):  # the stalls take their raws from the bag
        s.stalls[i] = list(stall)
        s.bag = [b - n for b, n in zip(s.bag, stall, strict=True)]
    for seat, (supply, wed) in {G: (9, 4), B: (5, 2), Y: (12, 6), R: (3, 3)}.items():
        set_members(s, seat, supply=supply, st_wed=wed)
    set_votes(s, {Y: 0, R: 0, G: 0, B: 0})
    set_decrees(s, "dcr_market_toll")
    start_day(s, 3, week=2, order=[G, B, Y, R])
    act(s, G, "adopt" if toll else "reject")
    return s


def test_x07_market_with_toll():
    s = _x07(toll=True)
    assert [s.stall_cost(i) for i in range(6)] == [3, 4, 2, 5, 4, 6]
    assert active(s) == G
    act(s, G, "buy_stall", 6)
    assert s.players[G].supply == 3
    act(s, B, "buy_stall", 2)
    act(s, Y, "buy_stall", 4)
    act(s, R, "buy_stall", 3)
    assert [s.players[x].supply for x in (G, B, Y, R)] == [3, 1, 7, 1]
    act(s, G, "buy_stall", 1)
    assert active(s) == Y  # B is auto-passed: s5 costs 4 > 1
    ev = act(s, Y, "buy_stall", 5)
    assert [e["seat"] for e in types(ev, "passed")] == [R, G, Y]  # nothing left: all auto-passed
    assert raws(s, G) == {"leather": 3, "iron": 2, "linen": 1, "wood": 1}
    assert raws(s, B) == {"wood": 2, "linen": 1}
    assert raws(s, Y) == {"iron": 2, "linen": 1, "fur": 2, "leather": 1, "wood": 1}
    assert raws(s, R) == {"fur": 1}
    assert not types(ev, "leftovers_returned")
    assert [streets(s, x)[0] for x in (G, B, Y, R)] == [4, 3, 9, 4]
    assert [streets(s, x)[2] for x in (G, B, Y, R)] == [9, 4, 9, 2]


def test_x07_variant_without_toll():
    s = _x07(toll=False)
    assert [s.stall_cost(i) for i in range(6)] == [2, 3, 1, 4, 3, 5]
    act(s, G, "buy_stall", 6)
    assert s.players[G].supply == 4


def test_x08_bag_shortage_on_monday():
    s = new_state(4)
    set_bag(s, Y, leather=2, iron=2, wood=1, linen=1, fur=1)
    assert sum(s.bag) == 7
    stack_week(s, "week_01")  # stalls 2, 2, 3, 3, 4, 4
    start_monday(s, 2)
    assert [sum(st) for st in s.stalls] == [2, 2, 3, 0, 0, 0]
    assert sum(s.bag) == 0
    # Wednesday: stalls 4-6 cannot be bought; Extra supply finds an empty bag
    set_votes(s, {Y: 0, R: 0, G: 0, B: 0})
    set_decrees(s, "dcr_market_surplus")
    for seat in range(4):
        set_members(s, seat, supply=10)
    start_day(s, 3, order=[Y, R, G, B])
    ev = act(s, Y, "adopt")
    assert not types(ev, "stall_filled")
    assert [sum(st) for st in s.stalls] == [2, 2, 3, 0, 0, 0]
    assert legal(s, active(s), "buy_stall") == [(1,), (2,), (3,)]


def _x09():
    s = new_state(4)
    for seat in range(4):
        set_raws(s, seat)
        set_members(s, seat, supply=10)
    set_raws(s, Y, leather=1, iron=1)
    set_raws(s, R, leather=1, iron=1)
    set_raws(s, G, iron=1, wood=1)
    set_raws(s, B, leather=1, iron=1)
    set_members(s, Y, supply=10, st_thu=2)  # last week's street_thu: returns this Thursday
    set_column(s, "saddler", (B, 2), (R, 1))
    set_column(s, "wheelwright")
    set_sticks(s, 2, 2, 0, 0, 0)
    s.dice_count = 1
    set_decrees(s)
    start_day(s, 4, week=3, order=[Y, R, G, B])
    return s


def _x09_commissions(s) -> list[dict]:
    ev = act(s, Y, "commission", "saddler")
    assert types(ev, "commissioned")[0]["members"] == 1 and types(ev, "commissioned")[0]["field"] == 3
    ev = act(s, R, "commission", "saddler")
    assert types(ev, "commissioned")[0]["members"] == 2 and types(ev, "commissioned")[0]["field"] == 4
    ev = act(s, G, "commission", "wheelwright")
    assert types(ev, "commissioned")[0]["members"] == 1 and types(ev, "commissioned")[0]["field"] == 1
    bag_before = sum(s.bag)
    return act(s, B, "commission", "saddler"), bag_before


def test_x09_craftsmen_queue_dice_delivery_and_move_up():
    s = _x09()
    bag_start = sum(s.bag)
    rig_dice(s, 1)
    ev, bag_before = _x09_commissions(s)
    assert types(ev, "commissioned")[0]["members"] == 3 and types(ev, "commissioned")[0]["field"] == 5
    assert sum(s.bag) == bag_start + 8 and bag_before == bag_start + 6
    assert [e["face"] for e in types(ev, "die_rolled")] == [1]
    assert types(ev, "die_rolled")[0]["orders"][:2] == [3, 2]
    delivered = [(e["seat"], e["good"]) for e in types(ev, "good_delivered")]
    assert delivered == [(B, "saddle"), (R, "saddle"), (Y, "saddle"), (G, "wheel")]
    assert column(s, "saddler") == [(R, 2), (B, 3)]
    assert column(s, "wheelwright") == []
    assert [s.players[x].st_thu for x in (B, R, Y, G)] == [2, 1, 1, 1]
    assert s.players[Y].supply == 10 - 1 + 2
    assert s.sticks == [0, 0, 0, 0, 0]


def test_x09_next_week_first_order_below_leftovers_costs_one():
    s = _x09()
    rig_dice(s, 1)
    _x09_commissions(s)
    set_raws(s, G, leather=2, iron=2)
    stack_week(s, "week_05")  # saddler 1
    advance(s, at(4, 4, "commission"))
    assert active(s) == G and s.sticks[0] == 1
    assert column(s, "saddler") == [(R, 2), (B, 3)]  # only R's stack would be served without dice
    ev = act(s, G, "commission", "saddler")
    assert types(ev, "commissioned")[0]["field"] == 3 and types(ev, "commissioned")[0]["members"] == 1
    ev = act(s, G, "commission", "saddler")
    assert types(ev, "commissioned")[0]["field"] == 4 and types(ev, "commissioned")[0]["members"] == 2


def test_x09_variant_six_serves_the_same_orders():
    s = _x09()
    rig_dice(s, 6)
    ev, _ = _x09_commissions(s)
    assert types(ev, "die_rolled")[0]["orders"][:2] == [3, 3]
    delivered = [(e["seat"], e["good"]) for e in types(ev, "good_delivered")]
    assert delivered == [(B, "saddle"), (R, "saddle"), (Y, "saddle"), (G, "wheel")]


def _x10(*decrees: str):
    """Thursday with sticks (2, 2, 1, 2, 2), two dice and eight one-member stacks in every column."""
    s = new_state(4)
    for seat in range(4):
        set_raws(s, seat)
        set_members(s, seat, supply=10)
    for craftsman in ("saddler", "wheelwright", "painter", "tailor", "shoemaker"):
        set_column(s, craftsman, *[(i % 4, 1) for i in range(8)])
    set_sticks(s, 2, 2, 1, 2, 2)
    s.dice_count = 2
    set_votes(s, {Y: 0, R: 0, G: 0, B: 0})
    set_decrees(s, *decrees)
    return s


def _delivered_per_craftsman(ev: list[dict]) -> list[int]:
    names = ["saddler", "wheelwright", "painter", "tailor", "shoemaker"]
    return [sum(1 for e in types(ev, "good_delivered") if e["craftsman"] == c) for c in names]


def test_x10_busy_workshops_four_rolls():
    s = _x10("dcr_busy_workshops")
    rig_dice(s, 6, 3, 3, 5)
    start_day(s, 4, week=2, order=[Y, R, G, B])
    ev = act(s, Y, "adopt")  # nobody can commission (no raws): the phase passes, dice and delivery follow
    rolls = types(ev, "die_rolled")
    assert [e["face"] for e in rolls] == [6, 3, 3, 5]
    assert [e["orders"] for e in rolls] == [[3, 3, 2, 3, 3], [3, 3, 3, 3, 3], [3, 3, 4, 3, 3], [3, 3, 4, 3, 4]]
    assert _delivered_per_craftsman(ev) == [3, 3, 4, 3, 4]


def test_x10_guild_holiday_overrides_extra_rolls():
    s = _x10("dcr_guild_holiday", "dcr_busy_workshops")
    start_day(s, 4, week=2, order=[Y, R, G, B])
    act(s, Y, "adopt")
    ev = act(s, Y, "adopt")
    assert not types(ev, "die_rolled")
    assert _delivered_per_craftsman(ev) == [2, 2, 1, 2, 2]


def test_x10_sticks_cap_at_eight():
    s = _x10()
    set_sticks(s, 8, 7, 1, 2, 2)
    rig_dice(s, 6, 1)
    ev = start_day(s, 4, week=2, order=[Y, R, G, B])
    assert [e["orders"][:2] for e in types(ev, "die_rolled")] == [[8, 8], [8, 8]]


def test_x11_goods_supply_runs_out():
    s = new_state(4)
    quiet(s)
    set_goods(s, Y, wheel=11)
    assert s.gsupply[1] == 1
    set_column(s, "wheelwright", (R, 1), (G, 2))
    set_sticks(s, 0, 2, 0, 0, 0)
    s.dice_count = 0
    set_decrees(s)
    ev = start_day(s, 4, week=2, order=[Y, R, G, B])
    assert goods(s, R) == {"wheel": 1} and goods(s, G) == {}
    assert types(ev, "good_unavailable")[0]["seat"] == G
    assert column(s, "wheelwright") == [(G, 2)]
    assert s.players[R].st_thu == 1 and s.players[G].st_thu == 0
