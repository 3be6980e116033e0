"""Spec §7 worked examples about phase 4 and the shared phase 4/6 rules: E01, E02, E06, E12,
E13, E16, E17, E24 (spec §3.4, §3.9)."""

from mercator.games.constantinopolis.frames import PREEMPT, TURN

from .scenario import (
    COMES,
    CONSUL,
    MAGISTER,
    PRETORIO,
    URBI,
    act,
    advance,
    at_activation,
    at_turn,
    bid,
    dispatch,
    fp,
    give_building,
    give_hand,
    gold,
    goods,
    legal_buildings,
    new_state,
    rejected,
    set_goods,
    set_market,
    set_offices,
    start_turns,
    top,
)

PUBLIC = 3


def test_e01_greg_and_jen_round1_purchases_and_licences():
    s = new_state(4)
    greg, jen, p3, p4 = 0, 1, 2, 3
    set_offices(s, {greg: MAGISTER, jen: PRETORIO, p3: COMES, p4: URBI})  # Consul vacant
    set_goods(s, greg, alimentary=2)
    set_goods(s, jen, alimentary=3)
    start_turns(s, 4, [greg, jen, p3, p4], round_=1)
    assert s.supply[bid("metallum")] == 2 and s.supply[bid("textrinum")] == 2

    # 1. Licence D needs an owned licence-C building.
    rejected(s, greg, "buy_building", "vinaria", False)
    # 2. Metallum (B): the Ager counts as licence A.
    act(s, greg, "buy_building", "metallum", False)
    assert gold(s, greg) == 10 and s.players[greg].prod_level == 2
    assert s.supply[bid("metallum")] == 1
    # 3. Emporium.
    act(s, greg, "buy_building", "emporium", False)
    assert gold(s, greg) == 1
    # 4. Production category already used this round (and Figlina would cost 10 > 1).
    rejected(s, greg, "buy_building", "figlina", False)
    act(s, greg, "end_turn")
    # 5. Textrinum (A).
    assert top(s) == (TURN, jen)
    act(s, jen, "buy_building", "textrinum", False)
    assert gold(s, jen) == 19 and s.players[jen].prod_level == 2
    assert s.supply[bid("textrinum")] == 1
    # 6. Caupona.
    act(s, jen, "buy_building", "caupona", False)
    assert gold(s, jen) == 10
    # 7. A second Textrinum: category used and the same id already owned.
    rejected(s, jen, "buy_building", "textrinum", False)
    # 8. Caupona: 2 alimentary -> 4 gold + 1 FP, once per round.
    act(s, jen, "use_commercial", "caupona", None)
    assert goods(s, jen) == {"alimentary": 1} and gold(s, jen) == 14 and fp(s, jen) == 1
    set_goods(s, jen, alimentary=3)  # even with enough goods the second use is refused
    rejected(s, jen, "use_commercial", "caupona", None)
    set_goods(s, jen, alimentary=1)
    act(s, jen, "end_turn")
    act(s, p3, "end_turn")
    deck = len(s.deck)
    act(s, p4, "end_turn")
    # 9. Phase 5: Greg draws level 2 + 3 (Magister) = 5, Jen level 2, the others level 1.
    assert s.phase == 6 and top(s) == (TURN, greg)
    assert [len(s.players[p].hand) for p in (greg, jen, p3, p4)] == [5, 2, 1, 1]
    assert len(s.deck) == deck - 9


def test_e02_public_building_pair_rule():
    s = new_state(2)
    kay, jen = 0, 1
    set_offices(s, {kay: MAGISTER, jen: PRETORIO})
    s.players[kay].gold = 40
    s.players[jen].gold = 45
    start_turns(s, 4, [kay, jen], round_=5)

    assert legal_buildings(s, kay, PUBLIC) == {"thermae_zeuxippi", "portus_theodosiacus"}
    rejected(s, kay, "buy_building", "nymphaeum", False)  # its 24-gold partner is still there
    rejected(s, kay, "buy_building", "hippodromus", False)  # 50 > 40
    rejected(s, kay, "buy_building", "aqueductus_valentis", False)  # pair rule
    rejected(s, kay, "buy_building", "hagia_sophia", False)  # 66 > 40
    act(s, kay, "buy_building", "thermae_zeuxippi", False)
    assert gold(s, kay) == 16 and fp(s, kay) == 3
    act(s, kay, "end_turn")

    rejected(s, jen, "buy_building", "aqueductus_valentis", False)
    rejected(s, jen, "buy_building", "cisterna_basilica", False)
    assert legal_buildings(s, jen, PUBLIC) == {"portus_theodosiacus", "nymphaeum"}
    act(s, jen, "buy_building", "nymphaeum", False)
    assert gold(s, jen) == 24 and fp(s, jen) == 3
    assert s.supply[bid("nymphaeum")] == 0 and s.supply[bid("thermae_zeuxippi")] == 0


def test_e06_city_walls_purchase_right_one_per_round_and_no_swap():
    s = new_state(4)
    a, b, urbi, d = 0, 1, 2, 3
    set_offices(s, {a: MAGISTER, b: PRETORIO, d: COMES, urbi: URBI})  # Consul vacant
    s.players[urbi].gold = 25
    start_turns(s, 4, [a, b, d, urbi], round_=3)

    # Not the Praefectus Urbi (30 gold, so money is not the reason).
    rejected(s, a, "buy_building", "porta_aurea", False)
    for p in (a, b, d):
        act(s, p, "end_turn")
    assert top(s) == (TURN, urbi)
    act(s, urbi, "buy_building", "porta_aurea", False)
    assert gold(s, urbi) == 17  # 25 - 10 + 2 immediate
    rejected(s, urbi, "buy_building", "porta_rhegii", False)  # one wall per round
    act(s, urbi, "end_turn")
    # Phase 6: the Urbi bought a wall, so no contract swap.
    advance(s, at_turn(3, 6, urbi))
    give_hand(s, urbi, "c029", "c030")
    rejected(s, urbi, "swap_pick", "c029")

    # Next round he leaves his office for the vacant Consul office (2 gold) and still gets +2.
    advance(s, at_activation(4, urbi))
    before = gold(s, urbi)
    others = [gold(s, p) for p in (a, b)]
    ev = act(s, urbi, "office_move", CONSUL)  # he acts last: this also ends the auction
    assert {"type": "office_move", "seat": urbi, "office": CONSUL, "gold": 2} in ev
    assert {"type": "wall_income", "seat": urbi, "building": "porta_aurea", "gold": 2} in ev
    advance(s, lambda st: st.phase == 4)
    assert s.players[urbi].office == 4
    assert gold(s, urbi) == before - 2 + 2
    assert [gold(s, p) for p in (a, b)] == others  # nobody else has the wall


def test_e12_consul_preempts_a_production_building_redemptor_unused():
    s = new_state(3)
    anna, ben, cleo = 0, 1, 2
    set_offices(s, {anna: MAGISTER, ben: COMES, cleo: CONSUL})
    give_building(s, ben, "pistrinum")
    give_building(s, ben, "redemptor")
    give_building(s, cleo, "metallum")
    s.players[cleo].gold = 25
    start_turns(s, 4, [anna, ben, cleo], round_=4)
    assert s.supply[bid("fabrica")] == 2
    act(s, anna, "end_turn")

    act(s, ben, "buy_building", "fabrica", True)
    assert s.to_act() == (cleo,) and top(s) == (PREEMPT, cleo, ben, bid("fabrica"), 1)
    act(s, cleo, "preempt", True)
    assert gold(s, cleo) == 6  # printed price 19, no discount
    assert s.players[cleo].owns(bid("fabrica")) and s.players[cleo].prod_level == 3
    assert s.players[cleo].preempted
    # Ben's declaration is void: no gold paid, category and Redemptor unused; his turn goes on.
    assert top(s) == (TURN, ben)
    assert gold(s, ben) == 30 and s.players[ben].cats == 0 and not s.players[ben].redemptor_used
    assert not s.players[ben].owns(bid("fabrica"))

    # The last copy: Cleo's production category is used -> she is not asked.
    act(s, ben, "buy_building", "fabrica", True)
    assert top(s) == (TURN, ben)
    assert gold(s, ben) == 14 and s.players[ben].prod_level == 3
    assert s.supply[bid("fabrica")] == 0


def test_e13_consul_preempts_a_public_building_then_partner_is_legal():
    s = new_state(4)
    anna, ben, cleo, dan = 0, 1, 2, 3
    set_offices(s, {anna: MAGISTER, ben: PRETORIO, cleo: COMES, dan: CONSUL})
    s.players[anna].gold = 55
    s.players[dan].gold = 55
    start_turns(s, 4, [anna, ben, cleo, dan], round_=6)

    rejected(s, anna, "buy_building", "aqueductus_valentis", False)
    act(s, anna, "buy_building", "hippodromus", False)
    assert s.to_act() == (dan,)
    act(s, dan, "preempt", True)
    assert gold(s, dan) == 5 and fp(s, dan) == 5 and s.players[dan].owns(bid("hippodromus"))
    assert gold(s, anna) == 55 and fp(s, anna) == 0
    act(s, anna, "buy_building", "aqueductus_valentis", False)
    assert top(s) == (TURN, anna)  # Dan: public category used, 5 gold -> not asked
    assert gold(s, anna) == 10 and fp(s, anna) == 5


def _e16_state(telonium: bool):
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    set_market(s, "forum_bovis")
    s.players[p].gold = 20
    set_goods(s, p, industrial=2)
    if telonium:
        give_building(s, p, "telonium")
    start_turns(s, 4, [p, q], round_=3)
    return s, p, q


def test_e16_market_trade_limit_and_direction_lock():
    s, p, q = _e16_state(telonium=False)
    act(s, p, "market_buy", "consumer", 2)
    assert gold(s, p) == 10 and s.players[p].trades == 2
    act(s, p, "market_sell", "industrial", 1)
    assert gold(s, p) == 12 and s.players[p].trades == 3
    rejected(s, p, "market_sell", "industrial", 1)  # counter would be 4 > 3
    act(s, p, "end_turn")
    advance(s, at_turn(3, 6, p))
    # Phase 6 of the same round: the counter is shared with phase 4.
    rejected(s, p, "market_buy", "alimentary", 1)


def test_e16_market_with_telonium_limit_5():
    s, p, q = _e16_state(telonium=True)
    act(s, p, "market_buy", "consumer", 2)
    act(s, p, "market_sell", "industrial", 1)
    act(s, p, "market_sell", "industrial", 1)
    assert gold(s, p) == 14 and s.players[p].trades == 4
    rejected(s, p, "market_sell", "consumer", 1)  # consumer bought this round
    rejected(s, p, "market_buy", "industrial", 1)  # industrial sold this round
    act(s, p, "market_buy", "military", 1)
    assert gold(s, p) == 9 and s.players[p].trades == 5
    assert goods(s, p) == {"consumer": 2, "military": 1}
    rejected(s, p, "market_buy", "alimentary", 1)  # limit 3 + 2 reached


def test_e17_commercial_buildings_need_produced_goods():
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: MAGISTER, q: PRETORIO})
    set_market(s, "forum_costantinum")
    for b in ("metallum", "emporium", "armamentarium", "argentarium"):
        give_building(s, p, b)
    set_goods(s, p, military=2, alimentary=3)
    s.players[p].gold = 5 + 2 * 9
    s.players[p].fp = 12
    start_turns(s, 4, [p, q], round_=4)
    # The 2 luxury are bought at the market this round (phase 4), 9 gold each.
    act(s, p, "market_buy", "luxury", 2)
    assert gold(s, p) == 5 and goods(s, p) == {"alimentary": 3, "military": 2, "luxury": 2}
    act(s, p, "end_turn")
    advance(s, at_turn(4, 6, p))

    rejected(s, p, "use_commercial", "argentarium", None)  # P produces no luxury
    rejected(s, p, "use_commercial", "emporium", "luxury")
    act(s, p, "use_commercial", "armamentarium", None)
    assert "military" not in goods(s, p)
    assert gold(s, p) == 9 and fp(s, p) == 14
    act(s, p, "use_commercial", "emporium", "alimentary")
    assert goods(s, p) == {"alimentary": 1, "luxury": 2} and gold(s, p) == 12 and fp(s, p) == 15
    set_goods(s, p, alimentary=1, military=2, luxury=2)
    rejected(s, p, "use_commercial", "armamentarium", None)  # used; no Porta Pegae
    # The luxury cannot be sold this round (bought this round) but may go on a contract.
    rejected(s, p, "market_sell", "luxury", 1)
    give_hand(s, p, "c022")  # 1 luxury, near
    dispatch(s, p, "small", "c022")
    assert goods(s, p)["luxury"] == 1


def test_e24_licence_chain_over_several_rounds():
    s = new_state(3)
    greg, jen, x = 0, 1, 2
    set_offices(s, {jen: MAGISTER, greg: PRETORIO, x: COMES})
    give_building(s, greg, "metallum")
    give_building(s, jen, "textrinum")
    s.players[greg].gold = 60
    start_turns(s, 4, [jen, greg, x], round_=2)

    rejected(s, jen, "buy_building", "fabrica", False)  # C needs an owned B
    act(s, jen, "buy_building", "pistrinum", False)  # B: Textrinum is licence A
    assert s.players[jen].owns(bid("pistrinum"))
    act(s, jen, "end_turn")
    act(s, greg, "buy_building", "fabrica", False)  # C: Metallum is licence B
    assert gold(s, greg) == 41 and s.players[greg].prod_level == 3
    rejected(s, greg, "buy_building", "vinaria", False)  # licence met, category used this round
    act(s, greg, "end_turn")
    advance(s, at_turn(3, 4, greg))
    g = gold(s, greg)
    act(s, greg, "buy_building", "vinaria", False)  # D: Fabrica is licence C
    assert gold(s, greg) == g - 21 and s.players[greg].prod_level == 4
