"""Spec §7 worked examples X15-X19 and X21: relics, reservations, the display, shrines, church
windows, the final ranking, and fixed fees at the craftsmen."""

from mercator.games.colonia.player import EMPTY_SHRINE
from mercator.games.colonia.space import CARD_IDS

from .scenario import (
    B,
    G,
    R,
    Y,
    act,
    active,
    card,
    display,
    give_relics,
    is_legal,
    new_state,
    rejected,
    set_column,
    set_decrees,
    set_display,
    set_goods,
    set_members,
    set_money,
    set_raws,
    set_votes,
    start_day,
    types,
)

X15_DISPLAY = ("relic_lon_08", "relic_bru_05", "relic_ber_09", "relic_nov_01", "relic_nov_04", "relic_lon_02",
               "relic_ber_01", "relic_bru_11", "shrine_bru", "relic_lon_10")


def test_x15_purchase_reservations_expiry_discard_and_refill():
    s = new_state(4)
    for seat in range(4):
        set_members(s, seat, supply=10)
    set_display(s, *X15_DISPLAY, reserved={"relic_lon_08": R, "relic_bru_05": G, "relic_ber_09": Y})
    set_money(s, B, pfund=14)
    set_money(s, R, grivna=6, pfund=3)
    set_money(s, G, gulden=8)
    set_money(s, Y, mark=16)
    set_decrees(s)
    start_day(s, 7, week=3, order=[B, R, G, Y])
    supply0 = {x: s.players[x].supply for x in range(4)}
    ev = act(s, B, "buy", "relic_lon_08")
    assert s.players[B].money[0] == 2
    assert types(ev, "reservation_returned")[0]["seat"] == R and s.players[R].supply == supply0[R] + 1
    ev = act(s, R, "buy", "relic_nov_01")
    assert s.players[R].money[1] == 1
    assert [e["seat"] for e in types(ev, "passed")] == [G]
    ev = act(s, Y, "buy", "relic_ber_09")
    assert s.players[Y].money[2] == 2 and s.players[Y].supply == supply0[Y] + 1
    assert [e["seat"] for e in types(ev, "passed")] == [B, R, Y]
    expired = types(ev, "reservation_expired")
    assert [(e["seat"], e["card"]) for e in expired] == [(G, "relic_bru_05")]
    assert s.reserver[card("relic_bru_05")] == -1
    # reservation phase: B passes; R reserves bru_11; G reserves bru_05 again; Y passes; R and G pass
    assert active(s) == B
    act(s, B, "pass")
    act(s, R, "reserve", "relic_bru_11")
    act(s, G, "reserve", "relic_bru_05")
    act(s, Y, "pass")
    act(s, R, "pass")
    discarded_before = len(s.relic_discard)
    ev = act(s, G, "pass")
    assert types(ev, "relics_discarded")[0]["count"] == 5
    assert len(s.relic_discard) - discarded_before == 5
    assert {CARD_IDS[x] for x in s.relic_discard[-5:]} == {
        "relic_nov_04", "relic_lon_02", "relic_ber_01", "shrine_bru", "relic_lon_10"}
    assert len(types(ev, "relics_drawn")[0]["cards"]) == 8
    assert len(s.display) == 10 and display(s)[:2] == ["relic_bru_05", "relic_bru_11"]
    net = {x: s.players[x].supply - supply0[x] for x in range(4)}
    assert net == {R: 0, G: 0, Y: 1, B: 0}


def test_x16_relic_deck_reshuffle_during_refill():
    s = new_state(4)
    for seat in range(4):
        set_members(s, seat, supply=10)
        set_money(s, seat)
    cards = list(s.relic_deck) + list(s.display) + list(s.relic_discard)
    s.display, s.relic_deck, s.relic_discard = cards[:7], cards[7:10], cards[10:27]  # the rest is out of play
    s.reserver = [-1] * 48
    set_decrees(s)
    start_day(s, 7, week=4, order=[Y, R, G, B])  # nobody can buy: straight to reservations
    assert active(s) == Y
    act(s, Y, "reserve", s.view(Y)["display"][0]["card"])
    act(s, R, "reserve", s.view(R)["display"][1]["card"])
    act(s, G, "pass")
    act(s, B, "pass")
    act(s, Y, "pass")
    ev = act(s, R, "pass")
    assert types(ev, "relics_discarded")[0]["count"] == 5
    assert types(ev, "relics_reshuffled")[0]["count"] == 22
    assert len(s.display) == 10 and len(s.relic_deck) == 17 and len(s.relic_discard) == 0


def _x17(fill: str):
    s = new_state(4)
    for seat in range(4):
        set_money(s, seat)
        set_members(s, seat, supply=10)
    give_relics(s, Y, "relic_bru_01", "relic_bru_07", "relic_bru_11", "shrine_bru", "relic_lon_09", "shrine_lon",
                "relic_nov_04", fills={"shrine_bru": fill})
    set_decrees(s)
    return s


def test_x17_shrine_doubling_and_auto_fill_at_the_end():
    s = _x17("relic_bru_07")
    start_day(s, 7, week=6, order=[Y, R, G, B])
    assert active(s) == Y  # the London shrine can still be filled
    assert not is_legal(s, Y, "fill_shrine", "shrine_bru", "relic_bru_11")  # a filled shrine stays as it is
    rejected(s, Y, "fill_shrine", "shrine_bru", "relic_lon_09")  # wrong city: not even an action
    ev = act(s, Y, "pass")
    assert s.is_over()
    fills = types(ev, "shrine_filled")
    assert [(e["card"], e["relic"]) for e in fills] == [("shrine_lon", "relic_lon_09")]
    score = next(e for e in types(ev, "final_score") if e["seat"] == Y)
    assert score["relic_vp"] == 22 and s.scores()[Y] == 22


def test_x17_filling_with_the_best_relic_instead():
    s = _x17("relic_bru_11")
    start_day(s, 7, week=6, order=[Y, R, G, B])
    ev = act(s, Y, "fill_shrine", "shrine_lon", "relic_lon_09")
    # a free action: the turn stays with Y, who now can only pass (and is passed for)
    assert [e["seat"] for e in types(ev, "passed")][0] == Y
    assert s.is_over() and s.scores()[Y] == 24


def _x18():
    s = new_state(4)
    table = {Y: (12, 3, 0, 7), R: (12, 8, 0, 2), G: (4, 8, 0, 7), B: (9, 8, 0, 1)}
    for seat, (pf, gr, mk, gu) in table.items():
        set_money(s, seat, pfund=pf, grivna=gr, mark=mk, gulden=gu)
        set_goods(s, seat)
    return s


def test_x18_church_windows():
    s = _x18()
    assert s.scores() == [4, 3, 3, 1]  # Y, R, G, B


def test_x18_variant_sole_majority():
    s = _x18()
    set_money(s, B, pfund=13, grivna=8, gulden=1)
    assert s.scores()[B] == 1 + 5 and s.scores()[Y] == 2 and s.scores()[R] == 1


def _x19(y_goods: int):
    s = _x18()
    cities = {"lon": R, "nov": G}
    for city, seat in cities.items():
        give_relics(s, seat, *[f"relic_{city}_{i:02d}" for i in range(1, 12)])  # 28 VP
    give_relics(s, Y, *[f"relic_ber_{i:02d}" for i in range(2, 12)])  # 27 VP
    give_relics(s, B, *[f"relic_bru_{i:02d}" for i in range(1, 12) if i != 9])  # 24 VP
    set_goods(s, Y, saddle=y_goods)
    set_goods(s, R, wheel=3)
    set_goods(s, B, shoes=2)
    return s


def test_x19_ranking_and_tie_breakers():
    s = _x19(1)
    assert s.scores() == [31, 31, 31, 25]
    assert s.ranking() == [2, 1, 3, 4]


def test_x19_variant_shared_first_place():
    s = _x19(3)
    assert s.ranking() == [1, 1, 3, 4]


def test_x21_fixed_fees():
    s = new_state(4)
    for seat in range(4):
        set_raws(s, seat)
        set_members(s, seat, supply=10)
    for seat in (Y, R, G):
        set_raws(s, seat, linen=1, fur=1)
    set_column(s, "tailor")
    set_votes(s, {Y: 0, R: 0, G: 0, B: 0})
    set_decrees(s, "dcr_fixed_fees")
    start_day(s, 4, week=2, order=[Y, R, G, B])
    act(s, Y, "adopt")
    fields = []
    for seat in (Y, R, G):
        ev = act(s, seat, "commission", "tailor")
        done = types(ev, "commissioned")[0]
        fields.append(done["field"])
        assert done["members"] == 1 and s.players[seat].supply == 9
    assert fields == [1, 2, 3]


def test_shrine_bought_lies_in_front_of_the_screen():
    s = new_state(4)
    set_display(s, "shrine_lon", "relic_lon_01")
    set_money(s, Y, pfund=20)
    for seat in (R, G, B):
        set_money(s, seat)
    set_decrees(s)
    start_day(s, 7, week=2, order=[Y, R, G, B])
    act(s, Y, "buy", "shrine_lon")
    assert s.players[Y].shrines[0] == EMPTY_SHRINE
    assert s.view(R)["players"][Y]["shrines"]["london"] == "empty"
