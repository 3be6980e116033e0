"""Spec §7 worked examples E09-E11: the phase-1 office auction (spec §3.1).

Departure from the spec (the seed wins): moving to a vacant office ALWAYS costs 2 gold
(seed 000: "Freies Amt ... legt 2 Münzen"); there is no free "swap" back to the office the
winner left. Only an officeless player with fewer than 2 gold moves for free (D09).
"""

from mercator.games.constantinopolis.frames import ACT, GOOD, TURN

from .scenario import (
    COMES,
    CONSUL,
    MAGISTER,
    PRETORIO,
    URBI,
    act,
    fp,
    gold,
    goods,
    is_legal,
    legal,
    new_state,
    rejected,
    restart_auction,
    set_offices,
    top,
)

ANNA, BEN, CLEO, DAN = 0, 1, 2, 3


def test_e09_vacant_office_challenge_displacement_always_pays_2():
    s = new_state(4)
    set_offices(s, {ANNA: MAGISTER, BEN: PRETORIO, CLEO: COMES, DAN: URBI})
    for seat, g in ((ANNA, 12), (BEN, 10), (CLEO, 15), (DAN, 8)):
        s.players[seat].gold = g
    restart_auction(s, round_=2)
    assert s.base_order == [ANNA, BEN, CLEO, DAN]
    assert s.to_act() == (ANNA,)

    # 1. Anna moves to the vacant Consul office for 2.
    act(s, ANNA, "office_move", CONSUL)
    assert gold(s, ANNA) == 10 and s.stake[4] == 2
    assert s.holder == [-1, BEN, CLEO, DAN, ANNA]
    # 2. Ben stays.
    act(s, BEN, "office_stay")
    # 3. Cleo challenges the Consul: the minimum is stake 2 + 1.
    assert s.to_act() == (CLEO,)
    rejected(s, CLEO, "office_challenge", CONSUL, 2)
    act(s, CLEO, "office_challenge", CONSUL, 3)
    assert s.to_act() == (ANNA,)
    # Anna's 2 already on the office count: she may raise to 10 + 2 = 12, not 13.
    assert max(b for (b,) in legal(s, ANNA, "bid_raise")) == 12
    rejected(s, ANNA, "bid_raise", 13)
    act(s, ANNA, "bid_raise", 4)
    act(s, CLEO, "bid_raise", 5)
    act(s, ANNA, "bid_pass")
    assert gold(s, CLEO) == 10 and s.stake[4] == 5
    assert gold(s, ANNA) == 12  # her 2 came back
    assert s.holder == [-1, BEN, -1, DAN, CLEO]
    assert s.banned[ANNA] >> 4 & 1
    # Anna is activated at once; she is banned from the Consul office.
    assert top(s) == (ACT, ANNA)
    assert not any(a[0] == CONSUL for a in legal(s, ANNA, "office_challenge"))
    # 4. Departure 2: moving back to comes_thesaurorum costs 2 like any vacant office.
    act(s, ANNA, "office_move", COMES)
    assert gold(s, ANNA) == 10 and s.stake[2] == 2
    # 5. Dan stays; the phase ends.
    assert s.to_act() == (DAN,)
    act(s, DAN, "office_stay")

    # Ben (Pretorio) chooses his good; he produces only alimentary.
    assert top(s) == (GOOD, BEN, 0)
    assert legal(s, BEN, "take_good") == [("alimentary",)]
    act(s, BEN, "take_good", "alimentary")
    # Stakes went to the bank, Comes +4, nobody is Magister.
    assert s.stake == [0] * 5
    assert [gold(s, p) for p in (ANNA, BEN, CLEO, DAN)] == [14, 10, 10, 8]
    assert s.order == [BEN, ANNA, DAN, CLEO]
    assert s.phase == 4 and top(s) == (TURN, BEN)
    # Ben: 1 good from the Pretorio perk + 2 alimentary produced in phase 3.
    assert goods(s, BEN) == {"alimentary": 3}
    assert s.holder[0] == -1


def test_e10_challenger_loses_and_chooses_again():
    s = new_state(3)
    dan = 2  # 3 players: seats 0..2
    set_offices(s, {BEN: MAGISTER, ANNA: PRETORIO, dan: COMES})
    for seat, g in ((BEN, 6), (ANNA, 9), (dan, 5)):
        s.players[seat].gold = g
    restart_auction(s, round_=4)
    assert s.base_order == [BEN, ANNA, dan]

    act(s, BEN, "office_stay")
    # The stake on comes is 0, so 1 is the minimum challenge.
    act(s, ANNA, "office_challenge", COMES, 1)
    assert s.to_act() == (dan,)
    act(s, dan, "bid_raise", 2)
    act(s, ANNA, "bid_pass")
    assert s.holder[2] == dan and s.stake[2] == 2 and gold(s, dan) == 3
    assert gold(s, ANNA) == 9 and s.holder[1] == ANNA
    # Anna must choose again within the same activation; she is banned from comes.
    assert top(s) == (ACT, ANNA)
    rejected(s, ANNA, "office_challenge", COMES, 3)
    act(s, ANNA, "office_stay")
    # Dan's own turn (he had not acted).
    assert top(s) == (ACT, dan)
    act(s, dan, "office_stay")
    assert top(s) == (GOOD, ANNA, 0)
    act(s, ANNA, "take_good", "alimentary")
    assert [gold(s, p) for p in (BEN, ANNA, dan)] == [6, 9, 7]
    assert s.order == [BEN, ANNA, dan]
    assert goods(s, ANNA) == {"alimentary": 3}  # Pretorio good + 2 produced


def test_e11_displaced_without_money_moves_for_free():
    s = new_state(3)
    eva, finn, gia = 0, 1, 2
    set_offices(s, {eva: MAGISTER, finn: PRETORIO, gia: COMES})
    for seat, g in ((eva, 0), (finn, 4), (gia, 1)):
        s.players[seat].gold = g
    restart_auction(s, round_=6)

    act(s, eva, "office_stay")
    act(s, finn, "office_challenge", COMES, 1)
    # Gia could bid at most 1 + 0 = 1 < 2: passing is her only choice.
    assert s.to_act() == (gia,)
    assert legal(s, gia, "bid_raise") == []
    rejected(s, gia, "bid_raise", 2)
    act(s, gia, "bid_pass")
    assert gold(s, finn) == 3 and s.stake[2] == 1 and s.holder[1] == -1
    # Gia is displaced (this activation is her turn).
    assert top(s) == (ACT, gia) and s.players[gia].office == -1
    act(s, gia, "office_challenge", MAGISTER, 1)
    assert s.to_act() == (eva,)
    assert legal(s, eva, "bid_raise") == []  # 0 gold, 0 stake
    act(s, eva, "bid_pass")
    assert gold(s, gia) == 0 and s.stake[0] == 1 and s.holder[0] == gia
    assert top(s) == (ACT, eva) and s.banned[eva] & 1
    # D09: no office and fewer than 2 gold -> every vacant office is free.
    assert {o for (o,) in legal(s, eva, "office_move")} == {PRETORIO, URBI, CONSUL}
    assert not is_legal(s, eva, "office_stay")
    act(s, eva, "office_move", CONSUL)
    assert gold(s, eva) == 0 and s.stake[4] == 0
    # Everybody has acted: the phase ends. Comes +4; Pretorio vacant -> no good choice.
    assert s.phase == 4
    assert [gold(s, p) for p in (gia, finn, eva)] == [0, 7, 0]
    assert s.holder == [gia, -1, finn, -1, eva]
    assert s.order == [gia, finn, eva]
    assert [fp(s, p) for p in (eva, finn, gia)] == [0, 0, 0]
