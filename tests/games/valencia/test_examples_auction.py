"""Spec §7 E03-E09: ranking, tie by distance, rewards of every auction type, deferral, returns."""

from .scenario import (
    P1,
    P2,
    P3,
    P4,
    act,
    advance,
    cid,
    coins,
    council,
    events_of,
    goods,
    is_legal,
    kinds,
    new_state,
    pile,
    put_members,
    rejected,
    set_council,
    set_goods,
    set_goods_supply,
    start_step,
)


def _ranking(events):
    return events_of(events, "ranking")[0]["order"]


def test_e03_guild_auction_ranking_tie_by_distance_rewards_of_ranks_1_to_3():
    s = new_state(4)
    start_step(s, "v1", "B", figure=P2, stacks={P1: [[5]], P2: [[3, 4]], P3: [[2]], P4: [[6, 1]]})
    set_council(s, {"nobility": P1, "church": P4, "guild_bakers": P3})
    supply_p3 = s.players[P3].supply
    assert s.goods_supply[0] == 8 and s.queue == [P2, P3, P4, P1]
    ev = act(s, P2, "reveal", stack=1)
    ev += act(s, P3, "pass")
    ev += act(s, P4, "reveal", stack=1)
    ev += act(s, P1, "reveal", stack=1)
    assert _ranking(ev) == [P2, P4, P1] and s.figure == P2
    act(s, P2, "take_seat")
    assert council(s)["guild_bakers"] == P2 and s.players[P3].supply == supply_p3 + 1
    assert goods(s, P2) == {"bakers": 1} and s.goods_supply[0] == 7
    act(s, P2, "place", space="r2c1")
    assert coins(s, P2) == 3 and s.city[cid("r2c1")] == P2
    assert goods(s, P4) == {"bakers": 1} and s.goods_supply[0] == 6
    act(s, P4, "decline")
    assert coins(s, P4) == 5
    assert kinds(s, P1) == {"take_good", "place", "nothing"}
    ev = act(s, P1, "place", space="r6c1")
    assert coins(s, P1) == 3 and goods(s, P1) == {} and s.goods_supply[0] == 6
    assert not events_of(ev, "card_returned")
    assert s.players[P2].discard == [3, 4] and s.players[P4].discard == [6, 1] and s.players[P1].discard == [5]


def test_e04_goods_exhausted_rank3_places_rank2_gets_nothing_and_may_not_return():
    s = new_state(4)
    start_step(s, "v1", "F", figure=P3, stacks={P1: [[3, 3]], P2: [[3]], P3: [[6, 4]], P4: [[5]]})
    set_council(s, {"nobility": P1, "church": P2, "guild_smiths": P4})
    set_goods_supply(s, "smiths", 1)
    s.players[P3].coins, s.players[P1].coins, s.players[P4].coins = 8, 4, 7
    supply_p4 = s.players[P4].supply
    ev = act(s, P3, "reveal", stack=1)
    ev += act(s, P4, "reveal", stack=1)
    ev += act(s, P1, "reveal", stack=1)
    ev += act(s, P2, "reveal", stack=1)
    assert _ranking(ev) == [P3, P1, P4, P2]
    act(s, P3, "take_seat")
    assert council(s)["guild_smiths"] == P3 and s.players[P4].supply == supply_p4 + 1
    assert goods(s, P3) == {"smiths": 1} and s.goods_supply[4] == 0
    ev = act(s, P3, "place", space="r1c2")
    assert coins(s, P3) == 2
    # P1 (rank 2): no good left and 4 < 6 coins -> nothing; P4 (rank 3) is asked next.
    assert events_of(ev, "goods_exhausted")[0]["seat"] == P1
    assert s.to_act() == (P4,) and "take_good" not in kinds(s, P4)
    rejected(s, P4, "take_good")
    act(s, P4, "place", space="r6c4")
    assert coins(s, P4) == 1
    assert s.to_act() == (P2,) and kinds(s, P2) == {"return_card", "no_return"}
    act(s, P2, "return_card", value=3)
    assert pile(s, P2)[-1] == 3
    assert s.players[P1].discard == [3, 3] and s.players[P3].discard == [6, 4]
    assert s.players[P4].discard == [5] and s.players[P2].discard == [] and s.figure == P3


def test_e05_merchants_with_seat_selling_and_two_losers_return():
    s = new_state(4)
    start_step(s, "v1", "G", figure=P4, stacks={P1: [[2]], P2: [[4, 1]], P3: [[6]], P4: [[1]]})
    set_council(s, {"nobility": P2, "church": P4, "merchants": P1})
    set_goods(s, P3, smiths=1, bakers=2, vintners=1)
    s.players[P3].coins = 1
    supply = list(s.goods_supply)
    ev = act(s, P4, "pass")
    ev += act(s, P1, "reveal", stack=1)
    ev += act(s, P2, "reveal", stack=1)
    ev += act(s, P3, "reveal", stack=1)
    assert _ranking(ev) == [P3, P2, P1] and s.figure == P3
    act(s, P3, "take_seat")
    assert council(s)["merchants"] == P3
    for g in ("smiths", "bakers", "bakers"):
        act(s, P3, "sell", guild=g)
    act(s, P3, "sell_done")
    assert coins(s, P3) == 11 and goods(s, P3) == {"vintners": 1}
    assert s.goods_supply[4] == supply[4] + 1 and s.goods_supply[0] == supply[0] + 2
    act(s, P2, "return_card", value=4)
    act(s, P1, "return_card", value=2)
    assert pile(s, P2)[-1] == 4 and pile(s, P1)[-1] == 2
    assert s.players[P2].discard == [1] and s.players[P1].discard == [] and s.players[P3].discard == [6]


def test_e06_privilege_deferral_turns_a_tie_into_a_win():
    s = new_state(4)
    start_step(s, "v1", "C", figure=P1, stacks={P1: [[4, 4]], P2: [[6]], P3: [[1]], P4: [[5, 3]]})
    s.players[P1].privileges = 1
    s.players[P2].privileges = 3
    s.privilege_supply = 6
    set_goods(s, P1, bakers=1)
    act(s, P1, "defer")
    assert s.players[P1].privileges == 0 and s.privilege_supply == 7 and s.queue == [P2, P3, P4, P1]
    act(s, P2, "reveal", stack=1)
    act(s, P3, "pass")
    at_p4 = s.clone()
    at_p4.players[P4].privileges = 1
    at_p4._legal_cache = None
    assert is_legal(at_p4, P4, "defer")  # P1 is still waiting in the queue
    ev = act(s, P4, "reveal", stack=1)
    assert s.to_act() == (P1,) and not is_legal(s, P1, "defer")  # no second deferral (and alone)
    ev += act(s, P1, "reveal", stack=1)
    assert _ranking(ev) == [P1, P4, P2] and s.figure == P1
    assert kinds(s, P1) == {"sell", "sell_done"}
    act(s, P1, "sell", guild="bakers")  # nothing left to sell: the reward ends by itself
    assert s.to_act() == (P4,) and "return_card" in kinds(s, P4)
    act(s, P4, "no_return")
    assert s.to_act() == (P2,) and "return_card" in kinds(s, P2)


def test_e06_a_player_alone_in_the_queue_cannot_defer():
    s = new_state(4)
    start_step(s, "v1", "C", figure=P1, stacks={P1: [[4]], P2: [[6]], P3: [[1]], P4: [[5]]})
    s.players[P4].privileges = 1
    for seat in (P1, P2, P3):
        act(s, seat, "pass")
    assert s.queue == [P4] and not is_legal(s, P4, "defer")
    rejected(s, P4, "defer")


def test_e07_two_deferrals_resolve_in_deferral_order():
    s = new_state(4)
    start_step(s, "v1", "I", figure=P3, stacks={P1: [[4]], P2: [[1]], P3: [[5]], P4: [[2, 3]]})
    s.players[P3].privileges, s.players[P4].privileges = 2, 1
    s.privilege_supply = 7
    put_members(s, P3, "r3c2")
    act(s, P3, "defer")
    assert s.queue == [P4, P1, P2, P3]
    act(s, P4, "defer")
    assert s.queue == [P1, P2, P3, P4]
    ev = act(s, P1, "reveal", stack=1)
    ev += act(s, P2, "pass")
    ev += act(s, P3, "reveal", stack=1)
    ev += act(s, P4, "reveal", stack=1)
    assert _ranking(ev) == [P3, P4, P1]
    assert s.to_act() == (P3,) and is_legal(s, P3, "move", **{"from": "r3c2", "to": "r3c3"})
    act(s, P3, "decline")
    assert s.to_act() == (P4,) and "return_card" in kinds(s, P4)
    act(s, P4, "no_return")
    assert s.to_act() == (P1,) and "return_card" in kinds(s, P1)
    assert s.players[P3].privileges == 1 and s.players[P4].privileges == 0 and s.privilege_supply == 9


def test_e08_nobility_and_church_double_displacement_rank3_returns_and_builders():
    s = new_state(4)
    start_step(s, "v1", "A", figure=P4, stacks={P1: [[2]], P2: [[6, 1]], P3: [[5, 4]], P4: [[3, 4]]})
    set_council(s, {"nobility": P1, "church": P2})
    sup1, sup2 = s.players[P1].supply, s.players[P2].supply
    ev = act(s, P4, "reveal", stack=1)
    ev += act(s, P1, "pass")
    ev += act(s, P2, "reveal", stack=1)
    ev += act(s, P3, "reveal", stack=1)
    assert _ranking(ev) == [P3, P4, P2] and s.figure == P3
    act(s, P3, "take_seat")
    act(s, P4, "take_seat")
    assert council(s) == {"nobility": P3, "church": P4}
    assert s.players[P1].supply == sup1 + 1 and s.players[P2].supply == sup2 + 1
    assert s.to_act() == (P2,)
    act(s, P2, "return_card", value=6)
    assert s.players[P2].discard == [1] and s.players[P3].discard == [5, 4] and s.players[P4].discard == [3, 4]
    advance(s, lambda st: "place_bonus_piece" in kinds(st, st.to_act()[0]) if st.to_act() else False)
    assert s.to_act() == (P4,)
    act(s, P4, "place_bonus_piece", dot="dot_r2c3")
    assert s.to_act() == (P3,) and "place_landmark" in kinds(s, P3)


def test_e08_variant_winning_a_seat_already_held_uses_no_member():
    s = new_state(4)
    start_step(s, "v1", "A", figure=P4, stacks={P1: [[2]], P2: [[6, 1]], P3: [[5, 4]], P4: [[3, 4]]})
    set_council(s, {"nobility": P3, "church": P2})
    supply = s.players[P3].supply
    for seat, a in ((P4, "reveal"), (P1, "pass"), (P2, "reveal"), (P3, "reveal")):
        act(s, seat, a, **({"stack": 1} if a == "reveal" else {}))
    # P3 already sits on nobility: no decision, no member used; P4 is asked about the church.
    assert s.to_act() == (P4,) and council(s)["nobility"] == P3 and s.players[P3].supply == supply


def test_e09a_nobody_bids_no_effect_and_the_figure_decides_first_again():
    s = new_state(4)
    start_step(s, "v1", "C", figure=P2, stacks={P1: [[1]], P2: [[2]], P3: [[3]]})
    before = (list(s.council), [p.coins for p in s.players], s.figure)
    ev = []
    for seat in (P2, P3, P1):  # P4 has no stacks and is skipped
        assert s.to_act() == (seat,)
        ev += act(s, seat, "pass")
    assert events_of(ev, "no_bids") and not events_of(ev, "card_returned")
    assert (list(s.council), [p.coins for p in s.players], s.figure) == before
    assert s.card_steps()[s.step][0] == "D" and s.to_act() == (P2,)


def test_e09b_single_bidder_takes_nobility_church_unchanged_no_returns():
    s = new_state(4)
    start_step(s, "v1", "A", figure=P1, stacks={P1: [[1]], P2: [[1, 2]], P3: [[4]], P4: [[5]]})
    set_council(s, {"nobility": P3, "church": P4})
    ev = act(s, P1, "pass")
    ev += act(s, P2, "reveal", stack=1)
    ev += act(s, P3, "pass")
    ev += act(s, P4, "pass")
    assert _ranking(ev) == [P2] and s.figure == P2
    act(s, P2, "take_seat")
    assert council(s) == {"nobility": P2, "church": P4}
    assert s.card_steps()[s.step][0] == "B"  # no return decisions were asked
    assert s.to_act() == (P3,)  # the figure holder P2 has no stack left and is skipped
