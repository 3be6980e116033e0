"""Every Constantinopolis action in words: ``words`` gives the template key of
``messages.toml`` [<lang>.actions] and the fields that fill it, read only from the acting
seat's view and the game's content (prices, costs, contracts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .data import CATEGORIES, GOODS, SIZES, content

C = content()
R = C.rules
CONTRACTS = {c.id: c for c in C.contracts}
VOYAGES = ("", "short", "long")  # a contract's voyage per ship size: 1 short, 2 long

Json = dict[str, Any]
Words = tuple[str, Json]


def words(view: Json, seat: int, action: Json) -> Words:
    """The template key and its fields for ``action`` of ``seat``, seen in ``view`` (its own)."""
    return _KINDS[action["kind"]](action, view["players"][seat], view.get("decision") or {}, view)


def _goods(vector: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {g: n for g, n in zip(GOODS, vector, strict=True) if n}


def _contract(key: str, cid: str, me: Json, size: str | None = None) -> Words:
    """A contract as its card reads: destination, cargo and passengers, then the reward (with
    the owner's Hospitium bonus); with ``size``, also the voyage that size of ship makes."""
    c = CONTRACTS[cid]
    cargo = _goods(c.cargo)
    gold = c.gold + (c.passengers if "hospitium" in me["buildings"] else 0)
    fields: Json = {"contract": cid, "destination": c.destination, "cargo": cargo, "passengers": c.passengers,
                    "reward": gold, "fame": c.fp}
    if size is not None:
        fields.update(size=size, voyage=VOYAGES[c.voyage[SIZES.index(size)]])
    return key + ("" if not c.passengers else "_pax" if cargo else "_pax_only"), fields


def card_words(cid: str, me: Json) -> Words:
    """A contract in a hand as its card reads (key ``card``, ``card_pax`` or ``card_pax_only``, for
    the terminal client's catalog) with the owner's reward."""
    return _contract("card", cid, me)


def _office_move(a: Json, me: Json, d: Json, view: Json) -> Words:
    limit = R.vacant_office_cost
    free = me["office"] is None and me["gold"] < limit  # rule D09: an officeless seat short of gold moves free
    return ("office_move_free" if free else "office_move"), {"office": a["office"], "cost": 0 if free else limit,
                                                            "limit": limit}


def _challenge(a: Json, me: Json, d: Json, view: Json) -> Words:
    holder = next(o["holder"] for o in view["offices"] if o["office"] == a["office"])
    return "office_challenge", {"holder": holder, "office": a["office"], "bid": a["bid"]}


def _bid_pass(a: Json, me: Json, d: Json, view: Json) -> Words:
    # The leader wins: the challenger takes the office, or the holder keeps it.
    key = "bid_pass_yield" if me["seat"] == d["holder"] else "bid_pass_withdraw"
    return key, {"leader": d["leader"], "office": d["office"], "bid": d["bid"]}


def _buy(a: Json, me: Json, d: Json, view: Json) -> Words:
    b = C.by_id[a["building"]]
    category = CATEGORIES[b.category]
    fields: Json = {"building": b.id, "category": category, "cost": b.cost, "full": b.cost,
                    "output": _goods(b.output), "fp": b.fp}
    key = {"production": "buy_production", "public": "buy_public"}.get(category, "buy_building")
    if a["redemptor"]:
        fields["cost"] = max(0, b.cost - R.redemptor_discount)
        key += "_redemptor"
    return key, fields


def _preempt(a: Json, me: Json, d: Json, view: Json) -> Words:
    fields = {"building": d["building"], "buyer": d["buyer"], "cost": C.by_id[d["building"]].cost}
    return ("preempt_yes" if a["accept"] else "preempt_no"), fields


def _market(a: Json, me: Json, d: Json, view: Json) -> Words:
    price = view["market"]["buy" if a["kind"] == "market_buy" else "sell"][a["good"]]
    return a["kind"], {"qty": a["qty"], "good": a["good"], "ware": a["good"], "price": price,
                       "total": a["qty"] * price}


def _commercial(a: Json, me: Json, d: Json, view: Json) -> Words:
    b = C.by_id[a["building"]]
    pay = {a["good"]: b.input_any} if b.input_any else _goods(b.input)
    return a["kind"], {"building": b.id, "pay": pay, "gold": b.gold, "fp": b.fp}


def _end_turn(a: Json, me: Json, d: Json, view: Json) -> Words:
    hand = len(me.get("hand", [])) if view["phase"] == 6 else 0
    return ("end_turn_discard" if hand else "end_turn"), {"n": hand}


def _swap(a: Json, me: Json, d: Json, view: Json) -> Words:
    return _contract("swap_pick_second" if d.get("kind") == "contract swap" else "swap_pick", a["contract"], me)


def _trading_post(a: Json, me: Json, d: Json, view: Json) -> Words:
    return "buy_trading_post", {"cost": R.trading_post_cost[me["trading_posts"]]}


def _buy_ship(a: Json, me: Json, d: Json, view: Json) -> Words:
    z = SIZES.index(a["size"])
    return "buy_ship", {"size": a["size"], "cost": C.ship_cost[z], "capacity": C.ship_capacity[z]}


def _sail(a: Json, me: Json, d: Json, view: Json) -> Words:
    z = SIZES.index(d["size"])
    voyage = max(CONTRACTS[c].voyage[z] for c in d["contracts"])  # the longest card sets the voyage
    fp = 0
    if sum(d["goods"].values()):  # the bonus needs goods aboard; passengers alone earn none
        fp = (R.long_voyage_bonus_fp if voyage == 2 else 0) + (R.large_ship_bonus_fp if z == 2 else 0)
    return "sail", {"size": d["size"], "n": len(d["contracts"]), "voyage": VOYAGES[voyage], "fp": fp}


def _offer(a: Json, me: Json, d: Json, view: Json) -> Words:
    part = a["kind"].removeprefix("offer_")
    fields = {k: v for k, v in a.items() if k != "kind"}
    return f"offer_{part}_{d['stage']}", {**fields, "target": d["target"], "give": d["give"], "get": d["get"]}


def _answer(a: Json, me: Json, d: Json, view: Json) -> Words:
    # The answering seat receives what the offerer gives and pays what he asks for.
    fields = {"offerer": d["seat"], "give": d["give"], "get": d["get"]}
    return ("trade_accept" if a["accept"] else "trade_reject"), fields


def _donate(a: Json, me: Json, d: Json, view: Json) -> Words:
    row = next(x for x in view["market"]["donations"] if x["good"] == a["good"])
    bonus = R.porta_xylokerkou_fp if "porta_xylokerkou" in me["buildings"] else 0
    return "donate", {"qty": row["qty"], "good": a["good"], "fp": row["fp"] + bonus}


def _keep(a: Json, me: Json, d: Json, view: Json) -> Words:
    kept = {g: a[g] for g in GOODS if a[g]}
    lost = sum(me["goods"].values()) - sum(kept.values())
    return ("keep_goods" if kept else "keep_nothing"), {"kept": kept, "n": lost}


def _plain(key: str) -> Callable[[Json, Json, Json, Json], Words]:
    return lambda a, me, d, view: (key, {})


_KINDS: dict[str, Callable[[Json, Json, Json, Json], Words]] = {
    "office_stay": lambda a, me, d, view: ("office_stay", {"office": me["office"]}),
    "office_move": _office_move,
    "office_challenge": _challenge,
    "bid_raise": lambda a, me, d, view: ("bid_raise", {"office": d["office"], "bid": a["bid"]}),
    "bid_pass": _bid_pass,
    "take_good": lambda a, me, d, view: ("take_good", {"good": a["good"], "source": d["source"]}),
    "take_none": lambda a, me, d, view: ("take_none", {"source": d["source"]}),
    "buy_building": _buy,
    "preempt": _preempt,
    "market_buy": _market,
    "market_sell": _market,
    "use_commercial": _commercial,
    "use_porta_pegae": _commercial,
    "end_turn": _end_turn,
    "swap_pick": _swap,
    "buy_trading_post": _trading_post,
    "reserve_contract": lambda a, me, d, view: _contract("reserve_contract", a["contract"], me),
    "release_reserved": lambda a, me, d, view: _contract("release_reserved", a["contract"], me),
    "buy_ship": _buy_ship,
    "dispatch_ship": lambda a, me, d, view: _contract("dispatch_ship", a["contract"], me, a["size"]),
    "load_contract": lambda a, me, d, view: _contract("load_contract", a["contract"], me, d["size"]),
    "sail": _sail,
    "trade_offer": lambda a, me, d, view: ("trade_offer", {"target": a["target"]}),
    "offer_gold": _offer,
    "offer_good": _offer,
    "offer_next": _offer,
    "trade_answer": _answer,
    "donate": _donate,
    "donate_none": _plain("donate_none"),
    "keep_goods": _keep,
}
