"""Spec §7 worked examples about donations, the end of the round and the end of the game:
E06 (wall scoring), E07, E08, E14, E15, E21, E22, E23 (spec §3.7, §3.8, §4)."""

import pytest

from mercator.games.constantinopolis.frames import SIMUL, TURN
from mercator.games.constantinopolis.space import C

from .scenario import (
    COMES,
    LARGE,
    LONG,
    MAGISTER,
    MEDIUM,
    PRETORIO,
    SHORT,
    act,
    advance,
    bid,
    end_phase7,
    fp,
    fulfilled,
    game_over,
    give_building,
    gold,
    goods,
    is_legal,
    legal,
    market_index,
    new_state,
    rejected,
    set_goods,
    set_market,
    set_offices,
    set_ships,
    start_donations,
    start_turns,
    top,
)

WALLS = ["porta_aurea", "porta_charisiana", "porta_rhegii", "turris_marmorea", "porta_xylokerkou", "porta_pegae"]


def make_final_round(state, round_: int = 9) -> None:
    """This round is the final one: the future market pile ran out for the second time."""
    state.round = round_
    state.final_round = round_
    state.exhaustions = 2
    state.under.extend(state.future)
    state.future = []


# ---- E06 (scoring part), E07, E08, E23: final scoring ------------------------------------------
@pytest.mark.parametrize("walls, wall_fp", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 9), (5, 12), (6, 16)])
def test_e06_final_wall_scoring(walls, wall_fp):
    s = new_state(2)
    for w in WALLS[:walls]:
        give_building(s, 0, w)
    for p in s.players:
        p.gold = 0
    make_final_round(s)
    end_phase7(s)
    assert s.is_over()
    assert fp(s, 0) == wall_fp and fp(s, 1) == 0


def test_e07_gold_to_fp_at_the_end():
    s = new_state(4)
    for seat, g in enumerate((44, 45, 14, 0)):
        s.players[seat].gold = g
    make_final_round(s)
    end_phase7(s)
    assert s.is_over()
    assert [fp(s, p) for p in range(4)] == [2, 3, 0, 0]
    assert [gold(s, p) for p in range(4)] == [44, 45, 14, 0]  # the gold is kept
    assert s.scores() == [2, 3, 0, 0]


def _e08(a_goods: int):
    s = new_state(3)
    a, b, c = 0, 1, 2
    give_building(s, c, "horreum")  # so that C can keep 4 cubes
    for seat, f, g in ((a, 60, 20), (b, 60, 20), (c, 60, 19)):
        s.players[seat].fp = f
        s.players[seat].gold = g
    set_goods(s, a, luxury=a_goods)
    set_goods(s, c, alimentary=4)
    make_final_round(s)
    end_phase7(s)  # every stock is within its limit (C: 4 with Horreum) -> no choice, game over
    assert s.is_over()
    # 60 + 1 FP for 15 gold each -> all on 61.
    assert s.scores() == [61, 61, 61]
    assert [s.players[p].goods_count() for p in (a, b, c)] == [a_goods, 0, 4]
    return s


def test_e08_tie_breaks_gold_then_goods():
    s = _e08(a_goods=1)
    assert s.ranking() == [1, 2, 3]


def test_e08_tie_breaks_shared_victory():
    s = _e08(a_goods=0)
    assert s.ranking() == [1, 1, 3]


def test_e23_final_scoring_sequence():
    s = new_state(2)
    p = 0
    s.players[p].fp = 48
    s.players[p].gold = 37
    set_goods(s, p, consumer=1)
    for w in ("porta_rhegii", "turris_marmorea", "porta_xylokerkou"):
        give_building(s, p, w)
    set_ships(s, p, (MEDIUM, SHORT, ("c068",)), (LARGE, LONG, ("c091",)))
    make_final_round(s)
    ev: list[dict] = []
    s.phase = 7
    s.stack = []
    s._advance(ev)  # end of phase 7 -> phase 8 (P keeps his 1 good without a choice) -> game end
    assert s.is_over()
    assert fulfilled(ev, p) == {"c068": (9, 3), "c091": (16, 7)}
    order = [e["type"] for e in ev if e.get("seat") == p and e["type"] in
             ("contract_fulfilled", "score_walls", "score_gold")]
    assert order == ["contract_fulfilled", "contract_fulfilled", "score_walls", "score_gold"]
    assert {"type": "score_walls", "seat": p, "walls": 3, "fp": 6} in ev
    assert {"type": "score_gold", "seat": p, "gold": 62, "fp": 4} in ev
    assert gold(s, p) == 62 and fp(s, p) == 68
    assert goods(s, p) == {"consumer": 1}
    assert [loc for _, loc, _ in s.players[p].ships] == [0, 0]


# ---- E14 storage ----------------------------------------------------------------------------------
def _e14(horreum: bool):
    s = new_state(2)
    p = 0
    if horreum:
        give_building(s, p, "horreum")
    set_goods(s, p, alimentary=2, consumer=1, military=3, luxury=1)
    s.round = 3
    end_phase7(s)
    assert s.phase == 8 and top(s) == (SIMUL, "keep") and s.waiting == (p,)
    return s, p


def test_e14_storage_limit_without_horreum():
    s, p = _e14(horreum=False)
    assert all(sum(a) <= 1 for a in legal(s, p, "keep_goods"))
    rejected(s, p, "keep_goods", 0, 0, 0, 1, 1)
    rejected(s, p, "keep_goods", 0, 0, 0, 0, 2)  # not a subset of the stock either
    act(s, p, "keep_goods", 0, 0, 0, 0, 1)
    assert goods(s, p) == {"luxury": 1}
    assert s.round == 4 and s.phase == 1


def test_e14_storage_limit_with_horreum():
    s, p = _e14(horreum=True)
    rejected(s, p, "keep_goods", 0, 0, 0, 3, 2)  # holds only 1 luxury
    act(s, p, "keep_goods", 0, 0, 0, 3, 1)
    assert goods(s, p) == {"military": 3, "luxury": 1}


# ---- E15 donation -----------------------------------------------------------------------------------
def test_e15_donation_at_forum_costantinum():
    s = new_state(2)
    jen = 0
    set_market(s, "forum_costantinum")
    give_building(s, jen, "textrinum")
    give_building(s, jen, "metallum")  # licence B so that Fabrica (C) is a real chain
    give_building(s, jen, "fabrica")
    set_goods(s, jen, luxury=1, consumer=2, alimentary=3, military=3)
    s.players[jen].fp = 5
    start_donations(s)
    assert s.phase == 7 and s.waiting == (jen,)  # the other player cannot donate

    rejected(s, jen, "donate", "luxury")  # not on the card
    rejected(s, jen, "donate", "consumer")  # needs 3, holds 2
    assert is_legal(s, jen, "donate", "alimentary")
    assert is_legal(s, jen, "donate", "military")
    assert {g for (g,) in legal(s, jen, "donate")} == {"alimentary", "military"}
    act(s, jen, "donate", "military")
    assert goods(s, jen) == {"alimentary": 3, "consumer": 2, "luxury": 1}
    assert fp(s, jen) == 8
    # Only one donation per round: phase 8 has started, and no donation is possible any more.
    assert s.phase == 8
    rejected(s, jen, "donate", "alimentary")


def test_e15_donation_needs_the_good_to_be_produced():
    s = new_state(2)
    jen = 0
    set_market(s, "forum_costantinum")
    set_goods(s, jen, military=3, alimentary=3)  # she produces only alimentary (Ager)
    start_donations(s)
    assert {g for (g,) in legal(s, jen, "donate")} == {"alimentary"}
    rejected(s, jen, "donate", "military")


# ---- E21 market cycle -------------------------------------------------------------------------------
def test_e21_market_cycle_and_game_length():
    s = new_state(2)
    m = [market_index(x.id) for x in C.markets]  # M1..M5
    s.market = m[0]
    s.future = [m[4], m[3], m[2], m[1]]  # top (last) first: M2, M3, M4, M5
    s.under = []
    s._legal_cache = None
    used: dict[int, int] = {}
    left: dict[int, tuple[int, int]] = {}
    while not s.is_over():
        r = s.round
        advance(s, lambda st, r=r: st.is_over() or (st.round == r and st.phase == 4))
        if s.is_over():
            break
        used[r] = s.market
        advance(s, lambda st, r=r: st.is_over() or st.round == r + 1)
        left[r] = (len(s.future), s.exhaustions)
    assert [used[r] for r in (1, 2, 3, 4, 5)] == [m[0], m[1], m[2], m[3], m[4]]
    assert sorted(used[r] for r in (6, 7, 8, 9)) == sorted(m[:4])  # the reshuffled M1-M4
    assert [left[r] for r in range(1, 9)] == [(3, 0), (2, 0), (1, 0), (4, 1), (3, 1), (2, 1), (1, 1), (0, 2)]
    assert s.final_round == 9
    assert s.round == 9 and s.is_over()


# ---- E22 the last public building -------------------------------------------------------------------
def test_e22_last_public_building_ends_the_game_after_the_round():
    s = new_state(2)
    anna, ben = 0, 1
    set_offices(s, {anna: MAGISTER, ben: PRETORIO})
    for b in C.buildings:
        if b.category == 3 and b.id != "nymphaeum":
            s.supply[b.bid] = 0  # 7 public tiles are gone
    start_turns(s, 4, [anna, ben], round_=7)
    act(s, anna, "end_turn")
    act(s, ben, "buy_building", "nymphaeum", False)
    assert fp(s, ben) == 3 and s.supply[bid("nymphaeum")] == 0
    # The round goes on: the rest of Ben's turn, phases 5-8.
    assert not s.is_over() and top(s) == (TURN, ben)
    future = len(s.future)
    log: list[dict] = []
    seen = advance(s, game_over, log=log)
    assert [e["phase"] for e in log if e["type"] == "phase"] == [6, 7, 8]
    assert [e for e in log if e["type"] == "round"] == []  # no round 8
    assert s.round == 7 and all(r == 7 for r, _ in seen)
    assert len(s.future) == future - 1  # phase 8 changed the market before the end


def test_e22_seven_public_tiles_gone_does_not_end_the_game():
    s = new_state(2)
    set_offices(s, {0: MAGISTER, 1: COMES})
    for b in C.buildings:
        if b.category == 3 and b.id not in ("nymphaeum", "thermae_zeuxippi"):
            s.supply[b.bid] = 0
    start_turns(s, 4, [0, 1], round_=7)
    act(s, 0, "buy_building", "thermae_zeuxippi", False)
    advance(s, lambda st: st.is_over() or st.round == 8)
    assert not s.is_over() and s.round == 8

