"""Spec §7 E01, E02, E22: planning, stack limits, pile order with returns."""

from mercator.engine.errors import IllegalAction
from mercator.games.valencia.planning import form_stacks

from .scenario import (
    P1,
    P2,
    P3,
    P4,
    act,
    advance,
    is_legal,
    kinds,
    legal,
    my_turn,
    new_state,
    passive,
    pile,
    rejected,
    set_pile,
    skip_tasks,
    start_step,
)


def _draw(state, seat, k):
    for _ in range(k):
        act(state, seat, "draw")


def _planning(round_):
    return lambda s: s.round == round_ and s.phase == 1


def _one_stack(state, seat):
    """Put every drawn card of ``seat`` into one stack."""
    act(state, seat, "assign_new")
    while seat in state.to_act() and state.phase == 1:
        act(state, seat, "assign", stack=1)


def test_e01_planning_across_five_rounds_and_a_returned_card_is_drawn_again():
    s = new_state(4, seed=11)
    set_pile(s, P1, [5, 1, 3, 6, 2, 2, 4])
    for seat in (1, 2, 3):
        set_pile(s, seat, [6])
    skip_tasks(s)
    _draw(s, P1, 7)
    act(s, P1, "stop")
    private = s.view(P1)["players"][P1]["private"]
    assert private["drawn"] == [5, 1, 3, 6, 2, 2, 4] and private["hand"] == [6, 5, 4, 3, 2, 2, 1]
    for a in ("assign_new", "assign_new", "assign_new"):  # 6 -> S1, 5 -> S2, 4 -> S3
        act(s, P1, a)
    act(s, P1, "assign", stack=3)  # 3 -> S3
    act(s, P1, "assign_new")  # 2 -> S4
    act(s, P1, "assign", stack=4)  # 2 -> S4
    act(s, P1, "assign", stack=2)  # 1 -> S2
    assert s.players[P1].stacks == []  # still hidden: the others have not finished planning
    advance(s, lambda st: st.phase == 2)
    assert s.players[P1].stacks == [[6], [5, 1], [4, 3], [2, 2]]
    seen = s.view(P2)["players"][P1]
    assert seen["drawn_this_round"] == 7 and seen["pile"] == 17
    assert [x["size"] for x in seen["stacks"]] == [1, 2, 2, 2]
    assert "private" not in seen
    # Step B is the first guild auction: the others reveal their 6s, P1 reveals S4 (bid 4).
    advance(s, lambda st: st.card_steps()[st.step][1] == 1 and st.queue and st.queue[0] == st.to_act()[0])
    ev = []
    while s.ops and s.ops[-1][0] == 0:
        seat = s.to_act()[0]
        ev += act(s, seat, "reveal", stack=4 if seat == P1 else 1)
    assert [e for e in ev if e["type"] == "ranking"][0]["order"][3] == P1
    advance(s, my_turn(P1, "return_card"))
    act(s, P1, "return_card", value=2)
    assert len(s.players[P1].pile) == 18 and pile(s, P1)[-1] == 2
    assert s.players[P1].discard == [2]
    # The rest of round 1: P1 passes; S1-S3 are discarded face down at the end of the action phase.
    advance(s, _planning(2))
    assert sorted(s.players[P1].hidden) == [1, 3, 4, 5, 6]
    assert s.view(P2)["players"][P1]["face_down_discards"] == 5
    for round_, k in ((2, 6), (3, 5), (4, 5)):
        advance(s, lambda st, r=round_: _planning(r)(st) and P1 in st.to_act())
        _draw(s, P1, k)
        act(s, P1, "stop")
        _one_stack(s, P1)
    advance(s, lambda st: _planning(5)(st) and P1 in st.to_act())
    assert len(s.players[P1].pile) == 2 and pile(s, P1)[-1] == 2
    act(s, P1, "draw")
    act(s, P1, "draw")
    assert s.view(P1)["players"][P1]["private"]["drawn"][1] == 2
    assert "draw" not in kinds(s, P1)  # the pile is empty: drawing has stopped by itself
    rejected(s, P1, "draw")
    drawn_total = 7 + 6 + 5 + 5 + 2
    assert drawn_total == 24 + 1


def test_e02_any_number_of_stacks_in_valencia_seven_in_strasbourg():
    """Seed 004: the drawn cards are split freely ("so kann ein Stapel ... aus schlichtweg einer Karte
    bestehen"): eleven drawn cards may make eleven stacks. Strasbourg keeps the spec's 7."""
    for edition, limit in (("valencia", 11), ("strasbourg", 7)):
        s = new_state(4, edition=edition, seed=5)
        skip_tasks(s)
        _draw(s, P3, 11)
        act(s, P3, "stop")
        for _k in range(limit):
            assert is_legal(s, P3, "assign_new")
            act(s, P3, "assign_new")
        assert not is_legal(s, P3, "assign_new")
        rejected(s, P3, "assign_new")
        if edition == "strasbourg":
            assert {a["kind"] for a in legal(s, P3)} == {"assign"}


def test_e02_form_stacks_macro_builds_eleven_stacks_and_strasbourg_rejects_eight():
    s = new_state(4, seed=5)
    skip_tasks(s)
    set_pile(s, P3, [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5])
    _draw(s, P3, 11)
    act(s, P3, "stop")
    singles = [[v] for v in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5)]
    form_stacks(s, P3, singles)
    advance(s, lambda st: st.phase == 2)
    assert sorted(s.players[P3].stacks) == sorted(singles)

    s = new_state(4, edition="strasbourg", seed=5)
    skip_tasks(s)
    set_pile(s, P3, [1, 2, 3, 4, 5, 6, 1, 2])
    _draw(s, P3, 8)
    act(s, P3, "stop")
    before = s.state_hash()
    try:
        form_stacks(s, P3, [[1], [2], [3], [4], [5], [6], [1], [2]])
    except IllegalAction as exc:
        assert "1..7" in str(exc)
    else:
        raise AssertionError("eight stacks were accepted in Strasbourg")
    assert s.state_hash() == before
    form_stacks(s, P3, [[1, 2], [2], [1], [3], [4], [5], [6]])
    advance(s, lambda st: st.phase == 2)
    assert sorted(map(sorted, s.players[P3].stacks)) == sorted([[1, 2], [2], [1], [3], [4], [5], [6]])


def test_e22_pile_order_with_two_returns():
    s = new_state(4, seed=3)
    skip_tasks(s)
    start_step(s, "v1", "A", figure=P2, stacks={P1: [[1], [4]], P2: [[6], [6]], P3: [[5], [5]], P4: [[6], [6]]},
               round_=4)
    p = s.players[P1]
    rest = list(p.pile)
    for v in (5, 2, 6):
        rest.remove(v)
    p.stacks = [[1], [4]]
    p.pile = [6, 2, 5]  # top -> bottom 5, 2, 6 (the remaining cards of the deck are out of play)
    p.discard += rest
    s._legal_cache = None
    # Step A: P2, P3, P4 outbid P1's 4 -> P1 returns the 4; step B likewise with the 1.
    advance(s, my_turn(P1, "reveal"), chooser=_outbid)
    act(s, P1, "reveal", stack=2)
    advance(s, my_turn(P1, "return_card"), chooser=lambda st, seat: _outbid(st, seat))
    act(s, P1, "return_card", value=4)
    advance(s, my_turn(P1, "reveal"), chooser=_outbid)
    act(s, P1, "reveal", stack=1)
    advance(s, my_turn(P1, "return_card"), chooser=lambda st, seat: _outbid(st, seat))
    act(s, P1, "return_card", value=1)
    assert pile(s, P1) == [5, 2, 6, 4, 1]
    advance(s, lambda st: st.round == 5 and P1 in st.to_act())
    for _ in range(4):
        act(s, P1, "draw")
    act(s, P1, "stop")
    form_stacks(s, P1, [[6, 4], [5], [2]])
    advance(s, lambda st: st.phase == 2)
    assert s.players[P1].stacks == [[6, 4], [5], [2]] and pile(s, P1) == [1]


def _outbid(state, seat):
    """Other seats reveal their first stack whenever they can; otherwise they play passively."""
    acts = state.legal_actions(seat)
    if seat != P1:
        for a in acts:
            if a.kind == "reveal":
                return a
    return passive(state, seat)
