"""Spec §7 X20: the member lock cycle over one whole week, played through every day, with the
conservation of B's 30 members checked at the end (and the week-3 market that cannot use them)."""

from mercator.games.colonia.flow import D_FAMILY

from .scenario import (
    A,
    B,
    G,
    R,
    Y,
    active,
    at,
    locations,
    new_state,
    passive_choice,
    play_cards,
    raws_vec,
    refresh,
    rig_dice,
    set_display,
    set_goods,
    set_harbour,
    set_members,
    set_raws,
    stack_decrees,
    stack_week,
    start_monday,
    streets,
)


def drive(state, script: dict[int, list], stop) -> None:
    """Scripted actions for some seats (in order, each as soon as it is legal), passive choices otherwise."""
    for _ in range(2000):
        if stop(state):
            return
        seat = state.to_act()[0]
        todo = script.get(seat)
        scripted = bool(todo) and todo[0] in state.legal_actions(seat)  # decree votes come in between
        state.apply(seat, todo.pop(0) if scripted else passive_choice(state, seat))
    raise AssertionError("stop condition never reached")


def test_x20_member_lock_cycle_over_one_week():
    s = new_state(4, seed=11)
    for seat in range(4):
        set_raws(s, seat)
        set_goods(s, seat)
        set_members(s, seat, supply=30)
    set_members(s, B, supply=14, st_tue=5, st_wed=6, st_thu=3, st_harb=2)
    assert sum(locations(s, B).values()) == 30
    set_goods(s, B, saddle=1)
    set_raws(s, Y, wood=1, linen=1)
    set_harbour(s, "ship_lon_1", "ship_nov_1", "ship_ber_1", "ship_ber_3", "ship_bru_1", "ship_bru_2")
    set_display(s, "relic_lon_01", "relic_lon_02", "relic_nov_01", "relic_nov_02", "relic_ber_01", "relic_ber_02",
                "relic_bru_01", "relic_bru_02", "relic_lon_04", "relic_nov_04")
    stack_week(s, "week_03")  # saddler 2, painter 1, dice 2, ships 1
    stack_decrees(s, "dcr_market_toll", "dcr_guild_holiday", "dcr_customs")  # all rejected below
    start_monday(s, 2)
    assert s.dec == D_FAMILY

    # Tuesday: B plays 6
    play_cards(s, {B: 6, Y: 3, R: 3, G: 3})
    assert s.order[0] == B
    assert streets(s, B)[:2] == (13, 6)

    # Wednesday: a 4-stall and a 3-stall
    drive(s, {}, at(2, 3, "market"))
    for i, stall in enumerate(s.stalls):
        s.bag = [b + n for b, n in zip(s.bag, stall, strict=True)]
        s.stalls[i] = [0] * 5
    for i, stall in ((0, raws_vec(leather=1, iron=1, wood=1, linen=1)), (1, raws_vec(fur=3))):
        s.stalls[i] = stall
        s.bag = [b - n for b, n in zip(s.bag, stall, strict=True)]
    refresh(s)
    assert active(s) == B
    drive(s, {B: [A("buy_stall", 1), A("buy_stall", 2)]}, lambda st: st.day == 4 and st.dec)
    assert s.players[B].st_wed == 7 and s.players[B].supply == 12

    # Thursday: saddler (1st there, 1 member), painter (2nd there, 2 members); Y commissions the painter first
    rig_dice(s, 1, 2)
    drive(s, {B: [A("commission", "saddler"), A("commission", "painter")], Y: [A("commission", "painter")]},
          lambda st: st.day == 5 and st.dec)
    assert s.cols[2] == [(B, 2)]  # the painter stack waits; Y's painter order was served
    assert streets(s, B) == (12, 6, 7, 1, 2)

    # Friday: a hold on berth I (departs) and one on berth IV (stays)
    drive(s, {B: [A("load", "ship_lon_1", 1), A("load", "ship_ber_3", 1)]}, lambda st: st.day == 7 and st.dec)
    # Saturday has paid berth I: B's member is on the harbour street
    assert streets(s, B) == (12, 6, 7, 1, 1)
    assert s.players[B].money[0] == 10

    # Sunday: buy a relic (no member), reserve one card
    drive(s, {B: [A("buy", "relic_lon_01"), A("pass"), A("reserve", "relic_nov_01")]},
          lambda st: st.week == 3 and st.dec == D_FAMILY)
    where = locations(s, B)
    assert where == {"supply": 11, "street_tue": 6, "street_wed": 7, "street_thu": 1, "street_harbour": 1,
                     "stalls": 0, "columns": 2, "holds": 1, "reservations": 1}
    assert sum(where.values()) == 30

    # Week 3: the 7 members on street_wed cannot be used in Wednesday's market; they return at its end
    play_cards(s, {B: 3, Y: 4, R: 4, G: 4})
    drive(s, {}, lambda st: st.day == 3 and st.dec)
    assert s.players[B].st_wed == 7
    supply_in_market = s.players[B].supply
    drive(s, {}, lambda st: st.day >= 4)
    assert s.players[B].supply == supply_in_market + 7 and s.players[B].st_wed == 0
