"""The fixed action space of Constantinopolis (spec §3.10), with per-action payloads
precomputed as small integers so the rules never parse strings in their hot loops."""

from __future__ import annotations

from itertools import combinations_with_replacement

from mercator.engine.actions import Action, ActionSpace, int_arg, str_arg

from .data import GOODS, OFFICES, SIZES, content

C = content()
R = C.rules
MAX_QTY = max(m.trade_limit for m in C.markets) + sum(R.trade_limit_bonus.values())
MAX_SEATS = 5
KEEP_MAX = max(R.storage_limit, R.horreum_storage_limit)
# Every multiset of at most KEEP_MAX goods, as a count vector (phase 8 keep choices).
KEEP_SETS: list[tuple[int, ...]] = sorted(
    {tuple(combo.count(g) for g in range(5)) for n in range(KEEP_MAX + 1)
     for combo in combinations_with_replacement(range(5), n)},
    key=lambda v: (sum(v), [-x for x in v]),
)
OFFER_GOLD_STEPS = (1, 5, 10)

SPACE = ActionSpace("constantinopolis")
S = SPACE
# phase 1
S.kind("office_stay", (), closing=True)
S.kind("office_move", ("office",), [(o,) for o in OFFICES])
S.kind("office_challenge", ("office", "bid"), [(o, b) for o in OFFICES for b in range(1, R.max_bid + 1)],
       numeric="bid")
S.kind("bid_raise", ("bid",), [(b,) for b in range(1, R.max_bid + 1)], numeric="bid")
S.kind("bid_pass", (), closing=True)
S.kind("take_good", ("good",), [(g,) for g in GOODS])
S.kind("take_none", (), closing=True)
# phases 4 and 6
BUILDING_IDS = [b.id for b in C.buildings if b.id != "ager"]
S.kind("buy_building", ("building", "redemptor"), [(b, r) for b in BUILDING_IDS for r in (False, True)])
S.kind("preempt", ("accept",), [(False,), (True,)])
S.kind("market_buy", ("good", "qty"), [(g, q) for g in GOODS for q in range(1, MAX_QTY + 1)], numeric="qty")
S.kind("market_sell", ("good", "qty"), [(g, q) for g in GOODS for q in range(1, MAX_QTY + 1)], numeric="qty")
_COMMERCIAL = [(b.id, g) for b in C.buildings if b.category == 1
               for g in (GOODS if b.input_any else (None,))]
S.kind("use_commercial", ("building", "good"), _COMMERCIAL)
S.kind("use_porta_pegae", ("building", "good"), _COMMERCIAL)
S.kind("end_turn", (), closing=True)
# phase 6
CARD_IDS = [c.id for c in C.contracts]
S.kind("swap_pick", ("contract",), [(c,) for c in CARD_IDS])
S.kind("buy_trading_post", ())
S.kind("reserve_contract", ("contract",), [(c,) for c in CARD_IDS])
S.kind("release_reserved", ("contract",), [(c,) for c in CARD_IDS])
S.kind("buy_ship", ("size",), [(s,) for s in SIZES])
S.kind("dispatch_ship", ("size", "contract"), [(s, c) for s in SIZES for c in CARD_IDS])
S.kind("load_contract", ("contract",), [(c,) for c in CARD_IDS])
S.kind("sail", (), closing=True)
S.kind("trade_offer", ("target",), [(t,) for t in range(MAX_SEATS)])
S.kind("offer_gold", ("amount",), [(n,) for n in OFFER_GOLD_STEPS], numeric="amount")
S.kind("offer_good", ("good",), [(g,) for g in GOODS])
S.kind("offer_next", (), closing=True)
S.kind("trade_answer", ("accept",), [(False,), (True,)])
# phase 7
S.kind("donate", ("good",), [(g,) for g in GOODS])
S.kind("donate_none", (), closing=True)
# phase 8
S.kind("keep_goods", tuple(GOODS), KEEP_SETS)


def group(kind: str) -> list[Action]:
    return [a for a in SPACE.actions if a.kind == kind]


# Lookup tables: position-indexed lists of the shared Action objects.
STAY = SPACE.get("office_stay")
MOVE = group("office_move")  # [office]
CHALLENGE = [group("office_challenge")[o * R.max_bid:(o + 1) * R.max_bid] for o in range(5)]  # [office][bid-1]
RAISE = group("bid_raise")  # [bid-1]
PASS = SPACE.get("bid_pass")
TAKE = group("take_good")
TAKE_NONE = SPACE.get("take_none")
BUY = {(C.by_id[str_arg(a.args[0])].bid, a.args[1]): a for a in group("buy_building")}
PREEMPT = group("preempt")  # [no, yes]
MBUY = [group("market_buy")[g * MAX_QTY:(g + 1) * MAX_QTY] for g in range(5)]  # [good][qty-1]
MSELL = [group("market_sell")[g * MAX_QTY:(g + 1) * MAX_QTY] for g in range(5)]
COMMERCIAL = {(C.by_id[str_arg(a.args[0])].bid, None if a.args[1] is None else GOODS.index(a.args[1])): a
              for a in group("use_commercial")}
PEGAE = {(C.by_id[str_arg(a.args[0])].bid, None if a.args[1] is None else GOODS.index(a.args[1])): a
         for a in group("use_porta_pegae")}
END_TURN = SPACE.get("end_turn")
SWAP = group("swap_pick")  # [card]
BUY_POST = SPACE.get("buy_trading_post")
RESERVE = group("reserve_contract")
RELEASE = group("release_reserved")
BUY_SHIP = group("buy_ship")  # [size]
DISPATCH = [group("dispatch_ship")[z * len(CARD_IDS):(z + 1) * len(CARD_IDS)] for z in range(3)]  # [size][card]
LOAD = group("load_contract")
SAIL = SPACE.get("sail")
OFFER = group("trade_offer")  # [target]
OFFER_GOLD = group("offer_gold")
OFFER_GOOD = group("offer_good")
OFFER_NEXT = SPACE.get("offer_next")
ANSWER = group("trade_answer")  # [reject, accept]
DONATE = group("donate")
DONATE_NONE = SPACE.get("donate_none")
KEEP = group("keep_goods")  # parallel to KEEP_SETS

# Payload of every action as ints: index -> tuple, read by the rules in apply().
PAYLOAD: dict[int, tuple[int, ...]] = {}
for a in SPACE.actions:
    k, args = a.kind, a.args
    if k in ("office_move",):
        PAYLOAD[a.index] = (OFFICES.index(args[0]),)
    elif k == "office_challenge":
        PAYLOAD[a.index] = (OFFICES.index(args[0]), int_arg(args[1]))
    elif k == "bid_raise":
        PAYLOAD[a.index] = (int_arg(args[0]),)
    elif k in ("take_good", "donate", "offer_good"):
        PAYLOAD[a.index] = (GOODS.index(args[0]),)
    elif k == "buy_building":
        PAYLOAD[a.index] = (C.by_id[str_arg(args[0])].bid, int(bool(args[1])))
    elif k in ("preempt", "trade_answer"):
        PAYLOAD[a.index] = (int(bool(args[0])),)  # False / True -> 0 / 1
    elif k in ("market_buy", "market_sell"):
        PAYLOAD[a.index] = (GOODS.index(args[0]), int_arg(args[1]))
    elif k in ("use_commercial", "use_porta_pegae"):
        PAYLOAD[a.index] = (C.by_id[str_arg(args[0])].bid, -1 if args[1] is None else GOODS.index(args[1]))
    elif k in ("swap_pick", "reserve_contract", "release_reserved", "load_contract"):
        PAYLOAD[a.index] = (CARD_IDS.index(str_arg(args[0])),)
    elif k == "buy_ship":
        PAYLOAD[a.index] = (SIZES.index(args[0]),)
    elif k == "dispatch_ship":
        PAYLOAD[a.index] = (SIZES.index(args[0]), CARD_IDS.index(str_arg(args[1])))
    elif k in ("trade_offer", "offer_gold"):
        PAYLOAD[a.index] = (int_arg(args[0]),)
    elif k == "keep_goods":
        PAYLOAD[a.index] = tuple(int_arg(x) for x in args)
    else:
        PAYLOAD[a.index] = ()
