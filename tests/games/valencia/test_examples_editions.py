"""Spec §7 E20 (a Strasbourg round) and E21 (two-player Valencia)."""

from mercator.engine.errors import IllegalAction
from mercator.games import get

from .scenario import (
    P1,
    P2,
    P3,
    act,
    advance,
    build_landmark,
    coins,
    council,
    events_of,
    goods,
    kinds,
    legal,
    new_state,
    passive,
    set_council,
    set_goods_supply,
    skip_tasks,
    start_step,
)


def test_e20_a_strasbourg_round_on_card_s1():
    s = new_state(4, edition="strasbourg")
    skip_tasks(s)
    s.card_order = [0, 1, 2, 3, 4]  # s1 in round 1
    ev = []
    for seat in range(4):  # every seat draws 8 cards: at most 7 stacks
        act(s, seat, "draw")
        for _ in range(7):
            act(s, seat, "draw")
        act(s, seat, "stop")
        for _ in range(7):
            act(s, seat, "assign_new")
        assert "assign_new" not in kinds(s, seat)
        ev += act(s, seat, "assign", stack=1)
    steps = []
    ev += advance(s, lambda st: "place_bonus_piece" in kinds(st, st.to_act()[0]),
                 chooser=lambda st, seat: _bid_first(st, seat, steps))
    auctions = [(e["step"], e.get("auction") or e.get("guild") or e["with_seat"]) for e in ev
                 if e["type"] in ("auction", "guild_auction", "merchants_auction")]
    assert auctions == [("A", "nobility_church"), ("B", "bakers"), ("C", False), ("D", "butchers"), ("E", False),
                        ("F", "smiths"), ("G", True)]
    assert not any(e["type"].startswith("bonus_") for e in ev)  # edifices carry no arrival bonus
    assert s.to_act() == (s.council[1],) and s.view(None)["round_cards"][0]["card"] == "s1"
    edifice = s.ed.landmarks[s.round_landmark[0]].id
    act(s, s.council[1], "place_bonus_piece", dot="dot_r1c3")
    assert s.to_act() == (s.council[0],) and s.ops[-1][2] == s.round_landmark[0]
    ev = act(s, s.council[0], "place_landmark", site="r2c5")
    assert edifice.startswith("edifice_") and events_of(ev, "council_vp") and s.round == 2


def _bid_first(state, seat, log):
    """Reveal the first stack in every auction, take every reward offered (placements included)."""
    acts = state.legal_actions(seat)
    for k in ("reveal", "take_seat", "place", "take_good", "sell"):
        for a in acts:
            if a.kind == k:
                log.append(a.to_json())
                return a
    return passive(state, seat)


def test_e20_strasbourg_has_no_relocation_and_no_arrival_bonus_and_smiths_cost_6():
    s = new_state(4, edition="strasbourg")
    assert all(t < 3 for _, steps in s.ed.cards for _, t, _, _ in steps[:7])
    build_landmark(s, "edifice_2", "r4c7")
    start_step(s, "s1", "F", figure=P1, stacks={P1: [[6]]})
    set_council(s, {"nobility": P2, "church": P3})
    set_goods_supply(s, "smiths", 6)
    s.players[P1].coins = 6
    act(s, P1, "reveal", stack=1)
    act(s, P1, "decline")
    ev = act(s, P1, "place", space="r3c7")  # next to the edifice on r4c7
    assert coins(s, P1) == 0 and goods(s, P1) == {"smiths": 1}
    assert not any(e["type"].startswith("bonus_") for e in ev)


def test_e20_strasbourg_is_for_three_to_five_players():
    info = get("valencia")
    assert info.counts_for({"edition": "strasbourg"}) == (3, 4, 5)
    try:
        info.new(2, options={"edition": "strasbourg"})
    except IllegalAction as exc:
        assert "3-5" in str(exc)
    else:
        raise AssertionError("a two-player Strasbourg game was created")


BLOCKED_2P = ["r1c1", "r2c5", "r3c1", "r3c3", "r3c5", "r3c7", "r4c1", "r4c3", "r4c5", "r4c8"]


def test_e21_two_player_setup_blockers_and_start_seats():
    s = new_state(2, seed=4)
    assert sorted(s.view(None)["city"]["blocked"]) == sorted(BLOCKED_2P)
    assert s.council[0] == s.figure and s.council[1] == 1 - s.figure
    assert not get("valencia").new(3, seed=4).view(None)["city"]["blocked"]


def test_e21a_figure_wins_the_tie_and_keeps_nobility_without_a_member():
    s = new_state(2, seed=4)
    start_step(s, "v1", "A", figure=P1, stacks={P1: [[4]], P2: [[1, 3]]})
    set_council(s, {"nobility": P1, "church": P2})
    supplies = (s.players[P1].supply, s.players[P2].supply)
    ev = act(s, P1, "reveal", stack=1)
    ev += act(s, P2, "reveal", stack=1)
    assert events_of(ev, "ranking")[0]["order"] == [P1, P2]
    assert council(s) == {"nobility": P1, "church": P2}
    assert (s.players[P1].supply, s.players[P2].supply) == supplies
    # No loser: nobody is asked about a return; no stacks are left, so the round runs to the builds.
    assert not events_of(ev, "card_returned") and s.to_act() == (P2,) and kinds(s, P2) == {"place_bonus_piece"}


def test_e21b_butchers_auction_with_blocked_spaces():
    s = new_state(2, seed=4)
    start_step(s, "v1", "H", figure=P1, stacks={P1: [[3]], P2: [[6, 2]]})
    act(s, P1, "reveal", stack=1)
    act(s, P2, "reveal", stack=1)
    act(s, P2, "decline")  # the guild seat
    act(s, P2, "decline")  # the city placement
    assert goods(s, P1) == {"butchers": 1} and s.to_act() == (P1,)
    spaces = sorted(a["space"] for a in legal(s, P1) if a["kind"] == "place")
    assert spaces == ["r1c4", "r1c8", "r2c8", "r4c6", "r4c7", "r5c1"]
    act(s, P1, "decline")
    assert s.card_steps()[s.step][0] == "I"  # nobody returned a card


def test_e21c_two_player_council_tie():
    """Seed departure (see test_e12_two_players_tie_seed_gives_both_a_privilege)."""
    s = new_state(2, seed=4)
    set_council(s, {"nobility": P1, "church": P2, "merchants": P1, "guild_bakers": P2, "guild_butchers": P1,
                    "guild_shoemakers": P2, "guild_vintners": P1, "guild_smiths": P2})
    start_step(s, "v1", "I", figure=P1, stacks={}, round_=1)
    ev = act(s, P2, "place_bonus_piece", dot="dot_r1c1")
    ev += act(s, P1, "place_landmark", site="r2c2")
    assert {e["seat"]: e["vp"] for e in events_of(ev, "council_vp")} == {P1: 4, P2: 4}
    assert sorted(e["seat"] for e in events_of(ev, "privilege")) == [P1, P2]
