"""Spec §7 E10, E11, E14, E19, E23: relocation, fountain arrival bonuses, round-end builds, an
empty member supply, a fountain built next to standing members."""

from .scenario import (
    P1,
    P2,
    P3,
    P4,
    act,
    build_landmark,
    coins,
    council,
    events_of,
    goods,
    kinds,
    legal,
    new_state,
    put_bonus,
    put_members,
    rejected,
    set_council,
    set_goods_supply,
    start_step,
)


def _move(frm, to):
    return {"from": frm, "to": to}


def _win_relocation(s, round_):
    start_step(s, "v1", "I", figure=P3, stacks={P3: [[6]]}, round_=round_)
    act(s, P3, "reveal", stack=1)
    assert s.to_act() == (P3,) and "move" in kinds(s, P3)


def test_e10_relocation_legality_and_a_fountain_bonus():
    s = new_state(4)
    build_landmark(s, "fountain_2", "r5c2")
    build_landmark(s, "fountain_5", "r6c3")
    put_members(s, P3, "r4c3")
    put_members(s, P1, "r4c2")
    s.players[P3].coins = 0
    _win_relocation(s, 1)
    targets = {a["to"] for a in legal(s, P3) if a["kind"] == "move"}
    assert targets == {"r3c3", "r4c4", "r5c3"}
    for to in ("r4c2", "r5c4", "r5c2", "r6c3", "r4c5"):
        rejected(s, P3, "move", **_move("r4c3", to))
    rejected(s, P3, "move", **_move("r4c2", "r3c2"))  # P1's member
    ev = act(s, P3, "move", **_move("r4c3", "r5c3"))
    assert coins(s, P3) == 2 and [e["landmark"] for e in events_of(ev, "bonus_coins")] == ["fountain_2"]
    b = s.score_breakdown(P3)
    assert (b["city"], b["landmarks"], b["bonus_pieces"]) == (1, 7, 0)
    put_bonus(s, "dot_r4c3")
    assert s.score_breakdown(P3)["bonus_pieces"] == 1


def test_e10_follow_up_bonus_again_after_leaving_and_nothing_for_leaving():
    s = new_state(4)
    build_landmark(s, "fountain_2", "r5c2")
    put_members(s, P3, "r5c3")
    s.players[P3].coins = 0
    _win_relocation(s, 1)
    act(s, P3, "move", **_move("r5c3", "r5c4"))
    assert coins(s, P3) == 0
    _win_relocation(s, 2)
    act(s, P3, "move", **_move("r5c4", "r5c3"))
    assert coins(s, P3) == 2
    _win_relocation(s, 3)
    act(s, P3, "move", **_move("r5c3", "r4c3"))
    assert coins(s, P3) == 2


def test_e11_two_arrival_bonuses_on_one_guild_placement():
    s = new_state(4)
    build_landmark(s, "fountain_3", "r6c6")
    build_landmark(s, "fountain_4", "r5c7")
    start_step(s, "v1", "F", figure=P1, stacks={P1: [[6]], P4: [[5]]})
    set_goods_supply(s, "smiths", 4)
    s.players[P4].coins = 9
    vp = s.players[P4].vp
    act(s, P1, "reveal", stack=1)
    act(s, P4, "reveal", stack=1)
    s.players[P1].coins = 0  # rank 1 cannot afford a placement
    act(s, P1, "decline")  # the guild seat
    assert goods(s, P4) == {"smiths": 1} and s.goods_supply[4] == 2  # P1 took one, P4 one
    ev = act(s, P4, "place", space="r5c6")
    assert coins(s, P4) == 3 and goods(s, P4) == {"smiths": 2} and s.goods_supply[4] == 1
    assert [e["type"] for e in ev if e["type"].startswith("bonus_")] == ["bonus_good", "bonus_vp"]
    assert s.players[P4].vp == vp + 1
    b = s.score_breakdown(P4)
    assert b["city"] + b["landmarks"] == 8
    put_bonus(s, "dot_r4c5")
    assert s.score_breakdown(P4)["bonus_pieces"] == 1


def test_e14_round_end_builds_palm_before_fountain():
    s = new_state(4)
    put_bonus(s, "dot_r1c1", "dot_r4c5")
    build_landmark(s, "fountain_2", "r1c3")
    build_landmark(s, "fountain_3", "r5c7")
    six = next(lm.lid for lm in s.ed.landmarks if lm.id == "fountain_6")
    s.round_landmark = [x for x in s.round_landmark if x != six]
    s.round_landmark.insert(2, six)
    start_step(s, "v1", "I", figure=P1, stacks={P1: [[3]]}, round_=3)
    set_council(s, {"church": P4, "nobility": P3})
    act(s, P1, "pass")
    assert s.players[P1].hidden == [3] and s.view(P2)["players"][P1]["face_down_discards"] == 1
    assert 3 not in s.view(P2)["players"][P1]["discard"]
    assert s.to_act() == (P4,)
    rejected(s, P4, "place_bonus_piece", dot="dot_r1c1")
    act(s, P4, "place_bonus_piece", dot="dot_r2c3")
    assert s.to_act() == (P3,) and s.ops[-1][2] == six
    rejected(s, P3, "place_landmark", site="r1c3")
    rejected(s, P3, "place_landmark", site="r2c3")  # a guild space, not a site
    ev = act(s, P3, "place_landmark", site="r2c2")
    assert s.view(None)["city"]["landmarks"]["r2c2"] == "fountain_6"
    assert events_of(ev, "council_vp") and s.round == 4


def test_e14_variant_one_player_holding_both_seats_builds_both_palm_first():
    s = new_state(4)
    set_council(s, {"church": P3, "nobility": P3})
    start_step(s, "v1", "I", figure=P1, stacks={}, round_=1)  # nobody bids: straight to the builds
    assert kinds(s, P3) == {"place_bonus_piece"}
    act(s, P3, "place_bonus_piece", dot="dot_r2c3")
    assert kinds(s, P3) == {"place_landmark"}


def test_e19_personal_member_supply_exhausted():
    s = new_state(4)
    start_step(s, "v1", "H", figure=P2, stacks={P2: [[6]], P1: [[1]]})
    set_council(s, {"nobility": P2, "church": P2, "merchants": P2, "guild_bakers": P2, "guild_butchers": P1})
    free = [c for c in s.map.spaces if s.city[c] == -1][:11]
    for c in free:
        s.city[c] = P2
    s.players[P2].supply = 0
    set_goods_supply(s, "butchers", 5)
    act(s, P2, "reveal", stack=1)
    act(s, P1, "reveal", stack=1)
    # P2: seat impossible (P1 keeps it), one meat, no placement, no return; P1 (rank 2) is asked now.
    assert council(s)["guild_butchers"] == P1 and goods(s, P2) == {"butchers": 1} and s.goods_supply[1] == 3
    assert s.to_act() == (P1,) and kinds(s, P1) == {"place", "decline"}
    start_step(s, "v2", "A", figure=P3, stacks={P3: [[6]]}, round_=2)
    act(s, P3, "reveal", stack=1)
    act(s, P3, "take_seat")
    assert council(s)["nobility"] == P3 and s.players[P2].supply == 1


def test_e23_fountain_built_next_to_standing_members_gives_no_bonus():
    s = new_state(4)
    put_members(s, P2, "r4c2", "r5c3")
    two = next(lm.lid for lm in s.ed.landmarks if lm.id == "fountain_2")
    s.round_landmark = [x for x in s.round_landmark if x != two]
    s.round_landmark.insert(1, two)
    set_council(s, {"church": P1, "nobility": P2})
    start_step(s, "v1", "I", figure=P1, stacks={}, round_=2)
    act(s, P1, "place_bonus_piece", dot="dot_r1c1")
    before = coins(s, P2)
    ev = act(s, P2, "place_landmark", site="r5c2")
    assert coins(s, P2) == before and not events_of(ev, "bonus_coins")
    assert s.score_breakdown(P2)["landmarks"] == 2 + 2
    build_landmark(s, "fountain_3", "r6c3")
    assert s.score_breakdown(P2)["landmarks"] == 2 + 2 + 3
