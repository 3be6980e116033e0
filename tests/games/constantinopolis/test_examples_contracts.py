"""Spec §7 worked examples about ships and contracts: E03, E04, E05, E18, E19, E20, E25
(spec §3.2, §3.5, §3.6).

Engine protocol: ``dispatch_ship(size, first contract)`` opens a loading frame, further cards
are added with ``load_contract`` and ``sail`` dispatches. Contract swaps are exactly 2 cards
(seed 000 "zwei ihrer Auftragskarten", departing from the spec's "1 or 2"): two ``swap_pick``.
"""

from mercator.games.constantinopolis.frames import SWAP, TURN

from .scenario import (
    COMES,
    CONSUL,
    LARGE,
    LONG,
    MAGISTER,
    MEDIUM,
    PORT,
    PRETORIO,
    SHORT,
    SMALL,
    URBI,
    act,
    advance,
    at_turn,
    card,
    cards,
    dispatch,
    fp,
    fulfilled,
    give_building,
    give_hand,
    gold,
    goods,
    is_legal,
    legal,
    new_state,
    rejected,
    reserve_directly,
    restart_auction,
    set_goods,
    set_offices,
    set_ships,
    ships,
    stack_deck,
    start_turns,
    top,
)


def _two_players(p_office=MAGISTER):
    s = new_state(2)
    p, q = 0, 1
    set_offices(s, {p: p_office, q: PRETORIO if p_office != PRETORIO else MAGISTER})
    return s, p, q


def test_e03_ship_movement_in_phase_2():
    s, p, q = _two_players()
    s.players[p].gold = 10
    s.players[p].fp = 20
    set_ships(s, p, (SMALL, SHORT, ("c001",)), (MEDIUM, LONG, ("c068",)), (SMALL, PORT, ()))
    restart_auction(s, round_=5)
    advance(s, lambda st: st.phase == 4)  # phase 1 (everyone stays), phase 2, phase 3

    assert gold(s, p) == 13 and fp(s, p) == 21
    assert ships(s, p) == [("small", "port", []), ("medium", "short", ["c068"]), ("small", "port", [])]
    assert s.discard[-1] == card("c001")

    # Phase 6 of round 5: both small ships can be dispatched, the medium one cannot.
    advance(s, at_turn(5, 6, p))
    give_hand(s, p, "c003", "c029")  # 2 alimentary (all sizes) / 2 passengers (all sizes)
    set_goods(s, p, alimentary=2)
    assert {z for z, _ in legal(s, p, "dispatch_ship")} == {"small"}
    rejected(s, p, "dispatch_ship", "medium", "c003")
    both = s.clone()
    dispatch(both, p, "small", "c003")
    dispatch(both, p, "small", "c029")
    assert [loc for _, loc, _ in ships(both, p)] == ["short", "short", "short"]

    # Round 6 phase 2: the medium ship arrives.
    g, f = gold(s, p), fp(s, p)
    log: list[dict] = []
    advance(s, lambda st: st.round == 6 and st.phase == 4, log=log)
    assert fulfilled(log, p) == {"c068": (9, 3)}
    assert gold(s, p) == g + 9 and fp(s, p) == f + 3
    assert [loc for _, loc, _ in ships(s, p)] == ["port", "port", "port"]


def test_e04_dispatch_with_long_voyage_and_large_ship_bonuses():
    s, p, q = _two_players()
    set_ships(s, p, (LARGE, PORT, ()), (MEDIUM, PORT, ()), (SMALL, PORT, ()))
    set_goods(s, p, military=4, consumer=3, alimentary=5)
    s.players[p].fp = 30
    start_turns(s, 6, [p, q], round_=4)
    give_hand(s, p, "c091", "c068", "c035", "c001")

    # Rejected alternatives first.
    rejected(s, p, "dispatch_ship", "small", "c068")  # small not allowed for c068
    trial = s.clone()
    act(trial, p, "dispatch_ship", "medium", "c091")
    rejected(trial, p, "load_contract", "c001")  # load 4 + 2 = 6 > 5

    dispatch(s, p, "large", "c091", "c068")  # load 7 <= 7, voyage max(2, 1) = 2
    assert fp(s, p) == 32
    assert goods(s, p) == {"alimentary": 5}
    dispatch(s, p, "small", "c035")
    assert fp(s, p) == 33
    dispatch(s, p, "medium", "c001")
    assert fp(s, p) == 33 and goods(s, p) == {}
    assert ships(s, p) == [("large", "long", ["c091", "c068"]), ("medium", "short", ["c001"]),
                           ("small", "long", ["c035"])]
    act(s, p, "end_turn")

    g, f = gold(s, p), fp(s, p)
    log: list[dict] = []
    advance(s, lambda st: st.round == 5 and st.phase == 4, log=log)
    assert fulfilled(log, p) == {"c001": (3, 1)}
    assert gold(s, p) == g + 3 and fp(s, p) == f + 1
    assert ships(s, p) == [("large", "short", ["c091", "c068"]), ("medium", "port", []),
                           ("small", "short", ["c035"])]
    g, f = gold(s, p), fp(s, p)
    log = []
    advance(s, lambda st: st.round == 6 and st.phase == 4, log=log)
    got = fulfilled(log, p)
    assert got == {"c091": (16, 7), "c068": (9, 3), "c035": (4, 2)}
    assert gold(s, p) == g + 25 + 4 and fp(s, p) == f + 10 + 2


def _e05_state(hospitium: bool):
    s, p, q = _two_players()
    set_ships(s, p, (LARGE, PORT, ()))
    set_goods(s, p, military=4)
    s.players[p].fp = 10
    if hospitium:
        give_building(s, p, "hospitium")
    start_turns(s, 6, [p, q], round_=3)
    give_hand(s, p, "c106", "c091")
    return s, p, q


def test_e05_passenger_voyage_without_hospitium_no_bonus():
    s, p, q = _e05_state(hospitium=False)
    act(s, p, "dispatch_ship", "large", "c106")
    rejected(s, p, "load_contract", "c091")  # load 6 + 4 = 10 > 7
    act(s, p, "sail")
    assert ships(s, p) == [("large", "long", ["c106"])]
    assert fp(s, p) == 10  # only passengers aboard: no bonus
    act(s, p, "end_turn")
    g = gold(s, p)
    log: list[dict] = []
    advance(s, lambda st: st.round == 5 and st.phase == 4, log=log)
    assert fulfilled(log, p) == {"c106": (18, 0)}
    assert gold(s, p) == g + 18 and fp(s, p) == 10


def test_e05_passenger_voyage_with_hospitium():
    s, p, q = _e05_state(hospitium=True)
    # Passengers do not count: the counted load is 4 (+ 0 for the 6 passengers) <= 7.
    act(s, p, "dispatch_ship", "large", "c091")
    assert top(s)[4] == 4
    act(s, p, "load_contract", "c106")
    assert top(s)[4] == 4
    act(s, p, "sail")
    assert top(s) == (TURN, p)
    assert ships(s, p) == [("large", "long", ["c091", "c106"])]
    assert fp(s, p) == 12 and goods(s, p) == {}
    act(s, p, "end_turn")
    g = gold(s, p)
    log: list[dict] = []
    advance(s, lambda st: st.round == 5 and st.phase == 4, log=log)
    assert fulfilled(log, p) == {"c106": (18 + 6, 0), "c091": (16, 7)}
    assert gold(s, p) == g + 40 and fp(s, p) == 12 + 7


def test_e18_trading_posts_and_a_reserved_contract():
    s = new_state(4)
    p = 0
    set_offices(s, {1: MAGISTER, p: PRETORIO, 2: COMES, 3: URBI})
    give_building(s, p, "textrinum")  # production level 2
    s.players[p].gold = 10
    start_turns(s, 6, [1, p, 2, 3], first=p, round_=3)
    give_hand(s, p, "c099", "c010", "c011")
    stack_deck(s, "c012")

    # 1. First post: 3 gold, one card drawn at once.
    act(s, p, "buy_trading_post")
    assert gold(s, p) == 7 and s.players[p].posts == 1 and s.players[p].unused_posts() == 1
    assert cards(s.players[p].hand) == ["c099", "c010", "c011", "c012"]
    # 2. One post per round.
    rejected(s, p, "buy_trading_post")
    # 3. Reserve c099 on the post; the other cards are discarded at end of turn.
    act(s, p, "reserve_contract", "c099")
    assert s.players[p].reserved == [(card("c099"), 3)] and s.players[p].unused_posts() == 0
    act(s, p, "end_turn")
    assert cards(s.discard[-3:]) == ["c010", "c011", "c012"]
    assert s.players[p].hand == [] and s.players[p].reserved == [(card("c099"), 3)]

    # 4. Round 4: phase 5 draws level 2 + 0 unused posts.
    advance(s, at_turn(4, 6, p))
    assert len(s.players[p].hand) == 2
    trial = s.clone()
    set_goods(trial, p, luxury=3, consumer=2)
    set_ships(trial, p, (SMALL, PORT, ()), (MEDIUM, PORT, ()))
    assert is_legal(trial, p, "dispatch_ship", "medium", "c099")  # reserved in an earlier round
    g = gold(trial, p)
    act(trial, p, "buy_trading_post")
    assert gold(trial, p) == g - 4 and trial.players[p].posts == 2

    # 5. Round 6: dispatch c099 on a medium ship -> long voyage, +1 FP, the post is free again.
    advance(s, at_turn(6, 6, p))
    set_goods(s, p, luxury=3, consumer=2)
    set_ships(s, p, (SMALL, PORT, ()), (MEDIUM, PORT, ()))
    f = fp(s, p)
    dispatch(s, p, "medium", "c099")
    assert ships(s, p)[1] == ("medium", "long", ["c099"])
    assert fp(s, p) == f + 1 and goods(s, p) == {}
    assert s.players[p].reserved == [] and s.players[p].unused_posts() == 1
    # Round 7 phase 5: level 2 + 1 unused post.
    advance(s, at_turn(7, 6, p))
    assert len(s.players[p].hand) == 3


def test_e19_phase5_draw_count():
    s, p, q = _two_players()  # p is Magister Officiorum
    for b in ("textrinum", "pistrinum", "fabrica", "turris_marmorea"):
        give_building(s, p, b)
    assert s.players[p].prod_level == 4
    reserve_directly(s, p, "c050", 2)  # one post carries a reserved card
    s.players[p].posts = 3  # ... and two more posts are unused
    assert s.players[p].posts == 3 and s.players[p].unused_posts() == 2
    start_turns(s, 4, [p, q], round_=3)
    act(s, p, "end_turn")
    deck = len(s.deck)
    act(s, q, "end_turn")
    assert s.phase == 6
    assert len(s.players[p].hand) == 4 + 2 + 3 + 1
    assert len(s.players[q].hand) == 1
    assert len(s.deck) == deck - 11


def test_e20_contract_swap_eligibility():
    # Departure 3: a swap is exactly 2 cards (seed: "zwei ihrer Auftragskarten"), made with two
    # swap_pick actions; the spec's 1-card swap does not exist.
    s = new_state(4)
    anna, ben, cleo, dan = 0, 1, 2, 3
    set_offices(s, {anna: MAGISTER, ben: PRETORIO, dan: URBI, cleo: CONSUL})
    start_turns(s, 4, [anna, ben, dan, cleo], round_=5)
    act(s, anna, "buy_building", "figlina", False)
    act(s, cleo, "preempt", True)  # Cleo pre-empts: no swap for her this round
    advance(s, at_turn(5, 6, dan))

    reserve_directly(s, dan, "c031", 4)
    give_hand(s, dan, "c029", "c030")
    hand = len(s.players[dan].hand)
    rejected(s, dan, "swap_pick", "c031")  # a reserved card cannot be swapped
    stack_deck(s, "c040", "c041")
    act(s, dan, "swap_pick", "c029")
    assert top(s) == (SWAP, dan, card("c029"))
    rejected(s, dan, "end_turn")  # the swap is exactly 2 cards
    rejected(s, dan, "swap_pick", "c031")
    act(s, dan, "swap_pick", "c030")
    assert cards(s.discard[-2:]) == ["c029", "c030"]
    assert len(s.players[dan].hand) == hand
    assert {"c040", "c041"} <= set(cards(s.players[dan].hand))
    assert not {"c029", "c030"} & set(cards(s.players[dan].hand))
    # Once per round: neither a second swap nor a third card.
    rejected(s, dan, "swap_pick", cards(s.players[dan].hand)[0])
    act(s, dan, "end_turn")

    assert top(s) == (TURN, cleo)
    give_hand(s, cleo, "c032", "c033")
    rejected(s, cleo, "swap_pick", "c032")


def test_e25_buy_a_ship_and_use_it_at_once():
    s = new_state(5)
    assert s.ship_supply == [4, 8, 5]
    p = 0
    set_offices(s, {p: MAGISTER, 1: PRETORIO, 2: COMES, 3: URBI, 4: CONSUL})
    s.players[p].gold = 13
    set_goods(s, p, alimentary=4)
    start_turns(s, 6, [p, 1, 2, 3, 4], round_=2)
    give_hand(s, p, "c053")  # 4 alimentary; small not allowed, medium voyage 1

    rejected(s, p, "dispatch_ship", "small", "c053")
    act(s, p, "buy_ship", "medium")
    assert gold(s, p) == 4 and s.ship_supply == [4, 7, 5]
    dispatch(s, p, "medium", "c053")
    assert ships(s, p) == [("small", "port", []), ("medium", "short", ["c053"])]
    assert goods(s, p) == {} and fp(s, p) == 0


def test_e25_sold_out_large_ships():
    s = new_state(5)
    p = 0
    set_offices(s, {p: MAGISTER, 1: PRETORIO, 2: COMES, 3: URBI, 4: CONSUL})
    s.players[p].gold = 6 * 12
    start_turns(s, 6, [p, 1, 2, 3, 4], round_=2)
    for left in (4, 3, 2, 1, 0):  # no per-round limit on ship purchases
        act(s, p, "buy_ship", "large")
        assert s.ship_supply[LARGE] == left
    assert gold(s, p) == 12
    rejected(s, p, "buy_ship", "large")
