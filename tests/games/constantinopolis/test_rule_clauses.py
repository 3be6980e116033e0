"""One focused scenario per rule clause of spec §3-§5 that the worked examples do not cover
(or cover only in passing). Departures from the spec that the seed texts impose are marked."""

import pytest

from mercator.games.constantinopolis.frames import ACT, ANSWER, BID, GOOD, OFFER, PREEMPT, TURN
from mercator.games.constantinopolis.space import C

from .scenario import (
    COMES,
    CONSUL,
    LARGE,
    LONG,
    MAGISTER,
    PRETORIO,
    URBI,
    act,
    advance,
    at_turn,
    bid,
    card,
    cards,
    fp,
    give_building,
    give_hand,
    gold,
    goods,
    is_legal,
    legal,
    legal_buildings,
    new_state,
    rejected,
    reserve_directly,
    restart_auction,
    set_goods,
    set_market,
    set_offices,
    set_ships,
    start_donations,
    start_turns,
    top,
)

# ---- §3.1 phase 1 -----------------------------------------------------------------------------------


def test_round1_office_auction_is_played():
    """Departure 1: the seed has no round-1 exception, so offices are contested in round 1 too."""
    s = new_state(3, seed=3)
    assert s.round == 1 and s.phase == 1
    first, second, third = s.base_order
    assert top(s) == (ACT, first) and s.players[first].office == 0
    act(s, first, "office_stay")
    assert is_legal(s, second, "office_challenge", MAGISTER, 1)
    act(s, second, "office_challenge", MAGISTER, 1)
    act(s, first, "bid_pass")
    assert s.holder[0] == second and gold(s, second) == 29
    assert top(s) == (ACT, first)  # the displaced player chooses at once
    act(s, first, "office_move", CONSUL)
    assert gold(s, first) == 28
    act(s, third, "office_stay")  # comes_thesaurorum
    assert s.phase == 4 and s.order == [second, third, first]
    assert gold(s, third) == 34  # Comes +4 in round 1 as well


def test_comes_thesaurorum_gains_4_and_nobody_else():
    s = new_state(3)
    set_offices(s, {0: MAGISTER, 1: COMES, 2: CONSUL})
    restart_auction(s, round_=3)
    for seat in (0, 1, 2):
        act(s, seat, "office_stay")
    assert s.phase == 4  # Pretorio vacant: no good choice
    assert [gold(s, p) for p in range(3)] == [30, 34, 30]


def test_pretorio_takes_one_good_of_a_type_he_produces():
    s = new_state(2)
    set_offices(s, {0: MAGISTER, 1: PRETORIO})
    give_building(s, 1, "metallum")  # industrial 1, military 2
    restart_auction(s, round_=2)
    act(s, 0, "office_stay")
    act(s, 1, "office_stay")
    assert top(s) == (GOOD, 1, 0)
    assert {g for (g,) in legal(s, 1, "take_good")} == {"alimentary", "industrial", "military"}
    assert is_legal(s, 1, "take_none")
    rejected(s, 1, "take_good", "luxury")
    act(s, 1, "take_good", "military")
    assert s.phase == 4
    # 1 military from the perk, then phase 3: Ager 2 alimentary, Metallum 1 industrial + 2 military.
    assert goods(s, 1) == {"alimentary": 2, "industrial": 1, "military": 3}
    assert goods(s, 0) == {"alimentary": 2}


def test_moving_to_a_vacant_office_always_costs_2_and_needs_2_gold():
    """Departure 2 (seed: 'Freies Amt ... legt 2 Münzen'): no free move back to the office left."""
    s = new_state(3)
    a, b, c = 0, 1, 2
    set_offices(s, {a: MAGISTER, b: PRETORIO, c: COMES})
    s.players[a].gold = 1
    s.players[b].gold = 10
    restart_auction(s, round_=2)
    # A holds an office and has 1 gold: no move at all (cost 2), only stay or a challenge.
    assert legal(s, a, "office_move") == []
    rejected(s, a, "office_move", CONSUL)
    act(s, a, "office_stay")
    act(s, b, "office_move", URBI)
    assert gold(s, b) == 8 and s.stake[3] == 2 and s.holder[1] == -1
    act(s, c, "office_challenge", URBI, 3)
    act(s, b, "bid_pass")
    # B gets his stake back and is displaced; going back to his old office costs 2 as well.
    assert gold(s, b) == 10 and top(s) == (ACT, b)
    assert {o for (o,) in legal(s, b, "office_move")} == {PRETORIO, COMES, CONSUL}
    act(s, b, "office_move", PRETORIO)
    assert gold(s, b) == 8


def test_d09_officeless_player_moves_free_only_below_2_gold():
    s = new_state(3)
    a, b, c = 0, 1, 2
    set_offices(s, {a: MAGISTER, b: PRETORIO, c: COMES})
    s.players[a].gold = 10
    s.players[b].gold = 2
    s.players[c].gold = 1
    restart_auction(s, round_=2)
    act(s, a, "office_challenge", PRETORIO, 1)
    act(s, b, "bid_pass")  # could raise to 2, prefers to pass
    # B: officeless with exactly 2 gold -> he pays 2.
    act(s, b, "office_move", URBI)
    assert gold(s, b) == 0 and s.stake[3] == 2
    act(s, c, "office_stay")
    act(s, a, "take_none")  # A is the Pretorio now
    assert s.phase == 4
    assert gold(s, c) == 1 + 4 and gold(s, a) == 9

    s2 = new_state(3)
    set_offices(s2, {a: MAGISTER, b: PRETORIO, c: COMES})
    s2.players[b].gold = 1
    restart_auction(s2, round_=2)
    act(s2, a, "office_challenge", PRETORIO, 1)
    act(s2, b, "bid_pass")
    # B: officeless with 1 gold -> free.
    act(s2, b, "office_move", URBI)
    assert gold(s2, b) == 1 and s2.stake[3] == 0


def test_bid_limits_holder_gold_plus_stake_challenger_gold_minimum_stake_plus_1():
    s = new_state(3)
    a, b, c = 0, 1, 2
    set_offices(s, {a: MAGISTER, b: PRETORIO, c: COMES})
    s.players[a].gold = 6
    s.players[b].gold = 10
    restart_auction(s, round_=2)
    # Own office can never be challenged.
    assert all(o != MAGISTER for o, _ in legal(s, a, "office_challenge"))
    act(s, a, "office_move", URBI)
    assert gold(s, a) == 4 and s.stake[3] == 2
    # Challenger: from stake + 1 = 3 up to his gold 10.
    assert sorted(bd for o, bd in legal(s, b, "office_challenge") if o == URBI) == list(range(3, 11))
    rejected(s, b, "office_challenge", URBI, 2)
    rejected(s, b, "office_challenge", URBI, 11)
    act(s, b, "office_challenge", URBI, 3)
    assert top(s) == (BID, b, a, 3, 3, b)
    # Holder: up to his gold 4 + his stake 2 = 6.
    assert [x for (x,) in legal(s, a, "bid_raise")] == [4, 5, 6]
    rejected(s, a, "bid_raise", 7)
    act(s, a, "bid_raise", 6)
    assert [x for (x,) in legal(s, b, "bid_raise")] == [7, 8, 9, 10]
    act(s, b, "bid_raise", 10)
    assert legal(s, a, "bid_raise") == []  # must pass
    act(s, a, "bid_pass")
    assert gold(s, b) == 0 and s.stake[3] == 10
    assert gold(s, a) == 6  # stake 2 returned; the raises cost nothing
    assert top(s) == (ACT, a) and s.players[a].office == -1


def test_holder_who_defends_pays_the_difference_only():
    s = new_state(3)
    a, b, c = 0, 1, 2
    set_offices(s, {a: MAGISTER, b: PRETORIO, c: COMES})
    restart_auction(s, round_=2)
    act(s, a, "office_move", URBI)  # stake 2, gold 28
    act(s, b, "office_challenge", URBI, 5)
    act(s, a, "bid_raise", 7)
    act(s, b, "bid_pass")
    assert gold(s, a) == 30 - 7 and s.stake[3] == 7 and gold(s, b) == 30
    assert s.banned[b] >> 3 & 1 and top(s) == (ACT, b)


def test_defended_holder_who_later_leaves_gets_his_stake_back():
    """§3.1.3 move: 'any stake p had on [his previous office] is returned to p' (D34)."""
    s = new_state(3)
    a, b, c = 0, 1, 2
    set_offices(s, {a: MAGISTER, b: PRETORIO, c: COMES})
    restart_auction(s, round_=2)
    act(s, a, "office_challenge", COMES, 1)
    act(s, c, "bid_raise", 3)
    act(s, a, "bid_pass")
    assert gold(s, c) == 27 and s.stake[2] == 3
    act(s, a, "office_stay")
    act(s, b, "office_stay")
    # C's own turn: he leaves comes_thesaurorum for the Consul office.
    ev = act(s, c, "office_move", CONSUL)  # (this also ends the phase: stakes go to the bank)
    assert {"type": "office_move", "seat": c, "office": CONSUL, "gold": 2} in ev
    assert gold(s, c) == 27 + 3 - 2
    assert s.holder[2] == -1 and s.holder[4] == c


# ---- §3.3, §3.4 phase 4 -----------------------------------------------------------------------------


def test_new_production_building_produces_from_the_next_phase_3():
    s = new_state(2)
    set_offices(s, {0: MAGISTER, 1: COMES})
    start_turns(s, 4, [0, 1], round_=2)
    act(s, 0, "buy_building", "textrinum", False)
    assert goods(s, 0) == {}
    advance(s, at_turn(3, 4, 0))
    assert goods(s, 0) == {"alimentary": 2, "consumer": 2}


CATEGORY_CASES = [
    ("production", "figlina", "textrinum"),
    ("commercial", "caupona", "emporium"),
    ("utility", "redemptor", "horreum"),
    ("public", "thermae_zeuxippi", "portus_theodosiacus"),
    ("wall", "porta_aurea", "porta_rhegii"),
]


@pytest.mark.parametrize("category, first, second", CATEGORY_CASES)
def test_one_building_per_category_per_round_walls_included(category, first, second):
    s = new_state(2)
    q, p = 0, 1
    set_offices(s, {q: MAGISTER, p: URBI})
    s.players[p].gold = 200
    start_turns(s, 4, [q, p], first=p, round_=2)
    assert is_legal(s, p, "buy_building", second, False)
    act(s, p, "buy_building", first, False)
    rejected(s, p, "buy_building", second, False)
    act(s, p, "end_turn")
    advance(s, at_turn(3, 4, p))
    act(s, p, "buy_building", second, False)  # a new round, a new purchase
    assert s.players[p].owns(bid(first)) and s.players[p].owns(bid(second))


def test_no_two_buildings_with_the_same_id():
    s = new_state(4)
    set_offices(s, {0: MAGISTER, 1: PRETORIO})
    give_building(s, 0, "caupona")
    start_turns(s, 4, [0, 1], round_=3)
    assert s.supply[bid("caupona")] == 1
    rejected(s, 0, "buy_building", "caupona", False)
    act(s, 0, "end_turn")
    act(s, 1, "buy_building", "caupona", False)


def test_redemptor_once_per_round_usable_in_the_turn_it_was_bought():
    s = new_state(2)
    set_offices(s, {0: MAGISTER, 1: PRETORIO})
    start_turns(s, 4, [0, 1], round_=2)
    assert not is_legal(s, 0, "buy_building", "figlina", True)  # no Redemptor yet
    act(s, 0, "buy_building", "redemptor", False)
    assert gold(s, 0) == 20
    act(s, 0, "buy_building", "figlina", True)
    assert gold(s, 0) == 13 and s.players[0].redemptor_used
    rejected(s, 0, "buy_building", "caupona", True)  # once per round
    act(s, 0, "buy_building", "caupona", False)
    assert gold(s, 0) == 4


def test_consul_declines_buyer_pays_with_redemptor():
    s = new_state(3)
    buyer, other, consul = 0, 1, 2
    set_offices(s, {buyer: MAGISTER, other: PRETORIO, consul: CONSUL})
    give_building(s, buyer, "redemptor")
    start_turns(s, 4, [buyer, other, consul], round_=3)
    act(s, buyer, "buy_building", "figlina", True)
    assert top(s) == (PREEMPT, consul, buyer, bid("figlina"), 1)
    rejected(s, buyer, "end_turn")  # the Consul decides first
    act(s, consul, "preempt", False)
    assert top(s) == (TURN, buyer)
    assert gold(s, buyer) == 23 and s.players[buyer].owns(bid("figlina"))
    assert gold(s, consul) == 30 and not s.players[consul].preempted


def test_consul_preemption_is_never_offered_for_walls():
    s = new_state(3)
    urbi, other, consul = 0, 1, 2
    set_offices(s, {other: MAGISTER, urbi: URBI, consul: CONSUL})
    s.players[consul].gold = 100
    start_turns(s, 4, [other, urbi, consul], first=urbi, round_=3)
    act(s, urbi, "buy_building", "porta_rhegii", False)
    assert top(s) == (TURN, urbi) and s.to_act() == (urbi,)
    assert s.players[urbi].owns(bid("porta_rhegii")) and gold(s, urbi) == 18
    # On his own turn the Consul cannot buy a wall either.
    act(s, urbi, "end_turn")
    assert top(s) == (TURN, consul)
    assert legal_buildings(s, consul, 4) == set()
    rejected(s, consul, "buy_building", "porta_aurea", False)


@pytest.mark.parametrize("reason", ["gold", "same_id", "licence", "category_used"])
def test_consul_not_asked_when_ineligible(reason):
    s = new_state(4)
    buyer, b, c, consul = 0, 1, 2, 3
    set_offices(s, {buyer: MAGISTER, b: PRETORIO, c: COMES, consul: CONSUL})
    target = "figlina"
    if reason == "gold":
        s.players[consul].gold = 9  # figlina costs 10
    elif reason == "same_id":
        give_building(s, consul, "figlina")
    elif reason == "licence":
        give_building(s, buyer, "metallum")
        target = "fabrica"  # licence C: the Consul owns no B building
    start_turns(s, 4, [buyer, b, c, consul], round_=4)
    if reason == "category_used":
        act(s, buyer, "buy_building", "textrinum", False)
        act(s, consul, "preempt", True)  # the Consul's production purchase this round
        assert s.players[consul].owns(bid("textrinum"))
    g = gold(s, buyer)
    act(s, buyer, "buy_building", target, False)
    assert top(s) == (TURN, buyer)  # no question to the Consul
    assert s.players[buyer].owns(bid(target))
    assert gold(s, buyer) == g - C.by_id[target].cost


def test_porta_aurea_pays_2_every_later_round():
    s = new_state(2)
    urbi, q = 0, 1
    set_offices(s, {q: MAGISTER, urbi: URBI})
    start_turns(s, 4, [q, urbi], first=urbi, round_=2)
    act(s, urbi, "buy_building", "porta_aurea", False)
    assert gold(s, urbi) == 30 - 10 + 2
    for r in (3, 4):
        g, gq = gold(s, urbi), gold(s, q)
        advance(s, at_turn(r, 4, q))
        assert gold(s, urbi) == g + 2 and gold(s, q) == gq


def test_porta_charisiana_good_on_purchase_and_every_later_round():
    s = new_state(2)
    urbi, q = 0, 1
    set_offices(s, {q: PRETORIO, urbi: URBI})
    give_building(s, urbi, "metallum")
    start_turns(s, 4, [q, urbi], first=urbi, round_=2)
    set_goods(s, urbi)
    act(s, urbi, "buy_building", "porta_charisiana", False)
    assert top(s) == (GOOD, urbi, 1)
    assert {g for (g,) in legal(s, urbi, "take_good")} == {"alimentary", "industrial", "military"}
    rejected(s, urbi, "take_good", "luxury")
    act(s, urbi, "take_good", "industrial")
    assert goods(s, urbi) == {"industrial": 1} and top(s) == (TURN, urbi)
    # Next round, end of phase 1: first the Pretorio's good, then the wall's.
    advance(s, lambda st: st.round == 3 and st.stack and top(st)[0] == GOOD)
    assert top(s) == (GOOD, q, 0)
    act(s, q, "take_none")
    assert top(s) == (GOOD, urbi, 1)
    before = list(s.players[urbi].goods)
    act(s, urbi, "take_good", "military")
    assert s.players[urbi].goods[3] == before[3] + 1 + 2  # + 2 military produced in phase 3


def test_porta_pegae_second_use_once_per_round():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    for b in ("caupona", "emporium", "porta_pegae"):
        give_building(s, p, b)
    set_goods(s, p, alimentary=8)
    start_turns(s, 4, [p, q], round_=3)
    rejected(s, p, "use_porta_pegae", "caupona", None)  # Caupona not used yet
    act(s, p, "use_commercial", "caupona", None)
    rejected(s, p, "use_commercial", "caupona", None)
    act(s, p, "use_porta_pegae", "caupona", None)
    assert gold(s, p) == 38 and fp(s, p) == 2 and goods(s, p) == {"alimentary": 4}
    act(s, p, "use_commercial", "emporium", "alimentary")
    rejected(s, p, "use_porta_pegae", "emporium", "alimentary")  # Porta Pegae: once per round
    act(s, p, "end_turn")
    advance(s, at_turn(3, 6, p))
    set_goods(s, p, alimentary=8)
    rejected(s, p, "use_porta_pegae", "emporium", "alimentary")  # also counts over phase 6
    rejected(s, p, "use_commercial", "caupona", None)


def test_telonium_and_porta_rhegii_stack_on_the_trade_limit():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    set_market(s, "forum_bovis")  # limit 3, alimentary 3 gold
    give_building(s, p, "telonium")
    give_building(s, p, "porta_rhegii")
    start_turns(s, 4, [p, q], round_=3)
    assert max(n for g, n in legal(s, p, "market_buy") if g == "alimentary") == 7
    act(s, p, "market_buy", "alimentary", 7)
    assert gold(s, p) == 30 - 21 and s.players[p].trades == 7
    rejected(s, p, "market_buy", "consumer", 1)
    act(s, p, "end_turn")
    assert max(n for g, n in legal(s, q, "market_buy") if g == "alimentary") == 3


def test_round_flags_reset_in_phase_8():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    set_market(s, "forum_bovis")
    give_building(s, p, "caupona")
    set_goods(s, p, alimentary=2)
    start_turns(s, 4, [p, q], round_=3)
    act(s, p, "use_commercial", "caupona", None)
    act(s, p, "market_buy", "consumer", 3)
    assert legal(s, p, "market_buy") == [] and legal(s, p, "market_sell") == []
    act(s, p, "end_turn")
    advance(s, at_turn(4, 4, p))
    assert s.players[p].trades == 0 and s.players[p].com_used == 0
    assert is_legal(s, p, "use_commercial", "caupona", None)  # 2 alimentary produced in phase 3
    assert is_legal(s, p, "market_sell", "alimentary", 1)


# ---- §3.5 phase 5 -----------------------------------------------------------------------------------


def test_turris_marmorea_draws_one_more_contract():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {q: MAGISTER, p: PRETORIO})
    give_building(s, p, "turris_marmorea")
    start_turns(s, 4, [q, p], round_=3)
    act(s, q, "end_turn")
    act(s, p, "end_turn")
    assert len(s.players[p].hand) == 1 + 1  # level 1 + Turris
    assert len(s.players[q].hand) == 1 + 3  # level 1 + Magister


def test_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    start_turns(s, 4, [p, q], round_=5)
    last = s.deck[0]
    s.discard = s.deck[1:]
    s.deck = [last]
    s._legal_cache = None
    act(s, p, "end_turn")
    ev = act(s, q, "end_turn")
    assert [e["type"] for e in ev if e["type"] in ("contracts_drawn", "deck_reshuffled")] == [
        "deck_reshuffled", "contracts_drawn", "contracts_drawn"]
    hand = s.players[p].hand
    assert len(hand) == 4 and hand[0] == last
    assert len(s.players[q].hand) == 1
    assert s.discard == [] and len(s.deck) == 105 - 4


def test_draw_stops_when_deck_and_discard_are_both_empty():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    start_turns(s, 4, [p, q], round_=5)
    rest = [c for c in s.deck if c != card("c001")]
    s.deck = []
    s.discard = [card("c001")]
    # Every other card is at sea on Q's ship (cards on ships are never reshuffled).
    s.players[q].ships = [(LARGE, LONG, tuple(rest))]
    s.ship_supply[LARGE] -= 1
    s.ship_supply[0] += 1
    s._legal_cache = None
    act(s, p, "end_turn")
    act(s, q, "end_turn")
    assert cards(s.players[p].hand) == ["c001"]
    assert s.players[q].hand == [] and s.deck == [] and s.discard == []
    assert s.phase == 6


# ---- §3.6 phase 6 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ship_supply_small_is_9_minus_n(players):
    s = new_state(players)
    assert s.ship_supply == [9 - players, 8, 5]
    assert all(p.ships == [(0, 0, ())] for p in s.players)


def test_trading_post_prices_3_4_5_6_and_at_most_4():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    start_turns(s, 6, [p, q], round_=2)
    for n, (r, price) in enumerate(zip((2, 3, 4, 5), (3, 4, 5, 6), strict=True), start=1):
        if r > 2:
            advance(s, at_turn(r, 6, p))
        g, hand = gold(s, p), len(s.players[p].hand)
        act(s, p, "buy_trading_post")
        assert gold(s, p) == g - price and s.players[p].posts == n
        assert len(s.players[p].hand) == hand + 1
        rejected(s, p, "buy_trading_post")  # one per round
    advance(s, at_turn(6, 6, p))
    assert gold(s, p) >= 6
    rejected(s, p, "buy_trading_post")  # at most 4


def test_release_reserved_discards_the_card_and_frees_the_post_at_once():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    reserve_directly(s, p, "c050", 2)
    start_turns(s, 6, [p, q], round_=3)
    give_hand(s, p, "c002")
    assert s.players[p].unused_posts() == 0
    rejected(s, p, "reserve_contract", "c002")  # no unused post
    rejected(s, p, "release_reserved", "c002")  # not a reserved card
    act(s, p, "release_reserved", "c050")
    assert s.discard[-1] == card("c050") and s.players[p].reserved == []
    assert s.players[p].unused_posts() == 1
    act(s, p, "reserve_contract", "c002")
    assert s.players[p].reserved == [(card("c002"), 3)]


def test_reserved_card_is_not_dispatchable_in_the_round_it_was_reserved():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    s.players[p].posts = 1
    start_turns(s, 6, [p, q], round_=3)
    s.players[p].hand = []
    give_hand(s, p, "c002")  # 2 alimentary, near
    set_goods(s, p, alimentary=2)
    assert is_legal(s, p, "dispatch_ship", "small", "c002")
    act(s, p, "reserve_contract", "c002")
    rejected(s, p, "dispatch_ship", "small", "c002")
    act(s, p, "end_turn")
    advance(s, at_turn(4, 6, p))
    set_goods(s, p, alimentary=2)
    assert is_legal(s, p, "dispatch_ship", "small", "c002")


def test_contract_swap_needs_two_hand_cards():
    s = new_state(2)
    urbi, q = 0, 1
    set_offices(s, {q: MAGISTER, urbi: URBI})
    start_turns(s, 6, [q, urbi], first=urbi, round_=3)
    s.players[urbi].hand = []
    give_hand(s, urbi, "c029")
    rejected(s, urbi, "swap_pick", "c029")
    give_hand(s, urbi, "c030")
    assert {c for (c,) in legal(s, urbi, "swap_pick")} == {"c029", "c030"}


def test_ship_at_sea_cannot_be_dispatched_and_passenger_only_ship_gets_no_bonus():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    set_ships(s, p, (LARGE, LONG, ("c001",)))
    start_turns(s, 6, [p, q], round_=3)
    give_hand(s, p, "c029")
    rejected(s, p, "dispatch_ship", "large", "c029")
    act(s, p, "buy_ship", "large")
    act(s, p, "dispatch_ship", "large", "c029")
    act(s, p, "sail")
    assert fp(s, p) == 0  # 2 passengers on a large ship: no bonus without goods


# ---- §3.7 donations -----------------------------------------------------------------------------------


def test_porta_xylokerkou_adds_one_fp_per_donation():
    s = new_state(2)
    p, q = 0, 1
    set_market(s, "forum_costantinum")  # alimentary 3 -> 2 FP
    give_building(s, p, "porta_xylokerkou")
    set_goods(s, p, alimentary=3)
    set_goods(s, q, alimentary=3)
    start_donations(s)
    assert s.waiting == (p, q)
    act(s, p, "donate", "alimentary")
    assert fp(s, p) == 0  # hidden until everybody has chosen
    act(s, q, "donate", "alimentary")
    assert fp(s, p) == 3 and fp(s, q) == 2
    assert goods(s, p) == {} and goods(s, q) == {}


# ---- §5.1 free trade ------------------------------------------------------------------------------------


# Departure 4: offers are built step by step (trade_offer(target), then offer_gold / offer_good for
# the "give" bundle, offer_next, the same for the "get" bundle, offer_next sends; the target then
# answers trade_answer(accept)). At most 3 offers per player per round, accepted or not.
def _trade_state():
    s = new_state(2, free_trade=True)
    q, p = 0, 1
    set_offices(s, {q: MAGISTER, p: PRETORIO})
    s.players[p].gold = 10
    s.players[q].gold = 5
    set_goods(s, p, alimentary=2)
    set_goods(s, q, luxury=1)
    start_turns(s, 6, [q, p], round_=3)
    act(s, q, "end_turn")  # the target's own turn is over already
    assert top(s) == (TURN, p)
    return s, p, q


def test_free_trade_is_off_by_default():
    s = new_state(2)
    set_offices(s, {0: MAGISTER, 1: PRETORIO})
    start_turns(s, 6, [0, 1], round_=3)
    assert legal(s, 0, "trade_offer") == []
    rejected(s, 0, "trade_offer", 1)


def test_free_trade_offer_built_step_by_step_and_accepted():
    s, p, q = _trade_state()
    act(s, p, "trade_offer", q)
    assert top(s)[0] == OFFER and s.players[p].offers == 1
    rejected(s, p, "offer_next")  # the give bundle is empty
    rejected(s, p, "offer_good", "luxury")  # P holds no luxury
    act(s, p, "offer_gold", 5)
    rejected(s, p, "offer_gold", 10)  # 15 > 10 gold held
    act(s, p, "offer_good", "alimentary")
    act(s, p, "offer_next")
    # The get stage reads the target's holdings.
    rejected(s, p, "offer_next")
    rejected(s, p, "offer_gold", 10)  # Q holds 5 gold
    act(s, p, "offer_good", "luxury")
    rejected(s, p, "offer_good", "luxury")  # only 1 luxury
    act(s, p, "offer_gold", 1)
    act(s, p, "offer_next")
    assert top(s)[0] == ANSWER and s.to_act() == (q,)
    rejected(s, p, "end_turn")
    act(s, q, "trade_answer", True)
    assert top(s) == (TURN, p)
    assert gold(s, p) == 10 - 5 + 1 and goods(s, p) == {"alimentary": 1, "luxury": 1}
    assert gold(s, q) == 5 + 5 - 1 and goods(s, q) == {"alimentary": 1}
    # No market counter and no direction lock.
    assert s.players[p].trades == 0 and s.players[p].bought == 0 and s.players[p].sold == 0
    assert is_legal(s, p, "market_sell", "luxury", 1)


def test_free_trade_rejected_offer_changes_nothing_and_at_most_3_offers_per_round():
    s, p, q = _trade_state()
    for n in (1, 2, 3):
        before = (gold(s, p), gold(s, q), goods(s, p), goods(s, q))
        act(s, p, "trade_offer", q)
        act(s, p, "offer_gold", 1)
        act(s, p, "offer_next")
        act(s, p, "offer_gold", 1)
        act(s, p, "offer_next")
        act(s, q, "trade_answer", False)
        assert (gold(s, p), gold(s, q), goods(s, p), goods(s, q)) == before
        assert s.players[p].offers == n
    assert legal(s, p, "trade_offer") == []
    rejected(s, p, "trade_offer", q)
    act(s, p, "end_turn")
    advance(s, at_turn(4, 6, p))
    assert is_legal(s, p, "trade_offer", q)  # reset in phase 8
