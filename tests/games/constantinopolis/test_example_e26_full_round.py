"""Spec §7 E26: a complete 2-player round 1, played only through ``state.apply``.

Departure from the spec (the seed wins): the round-1 office auction is played normally
(seed 000 describes phase 1 without a round-1 exception), so both players act in phase 1;
here both simply stay. Office perks are granted as usual.
"""

from mercator.games.constantinopolis.frames import ACT, GOOD, TURN

from .scenario import (
    MAGISTER,
    PRETORIO,
    act,
    bid,
    card,
    cards,
    dispatch,
    fp,
    gold,
    goods,
    market_index,
    new_state,
    rejected,
    restart_auction,
    set_market,
    set_offices,
    ships,
    stack_deck,
    top,
)

ANNA, BEN = 0, 1


def test_e26_complete_two_player_round_1():
    s = new_state(2, seed=11)
    set_offices(s, {ANNA: MAGISTER, BEN: PRETORIO})
    set_market(s, "forum_tauri")
    stack_deck(s, "c005", "c013", "c029", "c047", "c061", "c002", "c033")
    restart_auction(s, round_=1)
    assert all(s.supply[bid(b)] == 1 for b in ("textrinum", "figlina", "caupona", "emporium"))
    assert len(s.future) == 4

    # Phase 1 (played normally, departure 1): both stay; Ben takes 1 alimentary as Pretorio.
    assert s.phase == 1 and top(s) == (ACT, ANNA)
    act(s, ANNA, "office_stay")
    act(s, BEN, "office_stay")
    assert top(s) == (GOOD, BEN, 0)
    act(s, BEN, "take_good", "alimentary")
    # Comes vacant: nobody gains 4 gold. Phase 2 skipped, phase 3 produced.
    assert s.phase == 4 and s.order == [ANNA, BEN]
    assert gold(s, ANNA) == 30 and gold(s, BEN) == 30
    assert goods(s, ANNA) == {"alimentary": 2} and goods(s, BEN) == {"alimentary": 3}

    # Phase 4.
    assert top(s) == (TURN, ANNA)
    act(s, ANNA, "buy_building", "textrinum", False)
    assert gold(s, ANNA) == 19
    act(s, ANNA, "buy_building", "caupona", False)
    assert gold(s, ANNA) == 10
    act(s, ANNA, "use_commercial", "caupona", None)
    assert gold(s, ANNA) == 14 and fp(s, ANNA) == 1 and goods(s, ANNA) == {}
    act(s, ANNA, "end_turn")
    rejected(s, BEN, "buy_building", "textrinum", False)  # no copy left
    act(s, BEN, "buy_building", "figlina", False)
    assert gold(s, BEN) == 20
    act(s, BEN, "buy_building", "emporium", False)
    assert gold(s, BEN) == 11
    act(s, BEN, "use_commercial", "emporium", "alimentary")
    assert gold(s, BEN) == 14 and fp(s, BEN) == 1 and goods(s, BEN) == {"alimentary": 1}
    act(s, BEN, "end_turn")

    # Phase 5: Anna 2 + 3 = 5 cards, Ben 2.
    assert s.phase == 6
    assert sorted(cards(s.players[ANNA].hand)) == ["c005", "c013", "c029", "c047", "c061"]
    assert sorted(cards(s.players[BEN].hand)) == ["c002", "c033"]

    # Phase 6.
    dispatch(s, ANNA, "small", "c029")  # 2 passengers, near -> box 1, no bonus
    assert ships(s, ANNA) == [("small", "short", ["c029"])] and fp(s, ANNA) == 1
    act(s, ANNA, "end_turn")
    assert sorted(cards(s.discard)) == ["c005", "c013", "c047", "c061"]
    dispatch(s, BEN, "small", "c033")  # 1 alimentary + 1 passenger, near -> box 1, no bonus
    assert ships(s, BEN) == [("small", "short", ["c033"])] and fp(s, BEN) == 1
    assert goods(s, BEN) == {}
    act(s, BEN, "end_turn")
    assert s.discard[-1] == card("c002")

    # Phase 7: nobody can donate (4 alimentary / 3 industrial / 2 luxury needed); phase 8: the
    # next market card comes up, nobody holds goods -> no choices; round 2 starts.
    assert s.round == 2 and s.phase == 1
    assert s.market != market_index("forum_tauri") and len(s.future) == 3
    assert s.under == [market_index("forum_tauri")]
    assert top(s) == (ACT, ANNA)

    # Round 2: both stay, Ben declines his good; phase 2 brings both ships home.
    act(s, ANNA, "office_stay")
    act(s, BEN, "office_stay")
    act(s, BEN, "take_none")
    assert s.phase == 4
    assert gold(s, ANNA) == 16 and fp(s, ANNA) == 1
    assert gold(s, BEN) == 15 and fp(s, BEN) == 2
    assert ships(s, ANNA) == [("small", "port", [])] and ships(s, BEN) == [("small", "port", [])]
