"""Constantinopolis observation encoder: ``write`` reads ``view(seat)``; ``fill``, the fast path, reads
the state and writes the same vector (it reads another seat's hand only for its size, the swap pick
and a simultaneous choice only when they are the observer's own).

Seats are relative: ``p0`` is the observing seat, ``p1`` the next seat clockwise, and so on; every
seat-valued field is a one-hot over relative seats (padded to 5 seats, the game's maximum).
Contract fields are vectors over the 106 contract cards in content order (``c001`` ...),
building fields over the 33 buildings in content order (``ager`` first), goods in the order
alimentary, consumer, industrial, military, luxury. The field table is in docs/interop.md.
"""

from __future__ import annotations

from typing import Any

from mercator.games.constantinopolis import frames as F
from mercator.games.constantinopolis.data import GOODS, OFFICES, SIZES
from mercator.games.constantinopolis.frames import NAMES, SOURCES
from mercator.games.constantinopolis.space import CARD_IDS, KEEP_MAX, MAX_QTY, C, R
from mercator.games.constantinopolis.state import ConstantinopolisState

from ..encoding import FLAG, Bounds, Writer, WriterEncoder, bit_bytes, mark_seats

PHASES = (1, 4, 6, 7, 8)
BUILDINGS = [b.id for b in C.buildings]
SUPPLY = [b for b in BUILDINGS if b != "ager"]
MARKETS = [m.id for m in C.markets]
LOCATIONS = ("port", "short", "long")
CATEGORIES = ("production", "commercial", "utility", "public", "wall")
CARD = {c: i for i, c in enumerate(CARD_IDS)}
BUILDING = {b: i for i, b in enumerate(BUILDINGS)}
NB = len(BUILDINGS)
GOOD = {g: i for i, g in enumerate(GOODS)}
KIND = {n: i for i, n in enumerate(NAMES)}
FAME = 100  # soft ceiling of fame points: random and bot games end far below (docs/interop.md)
FLAGS = ("redemptor_used", "porta_pegae_used", "trading_post_bought", "swapped", "preempted")


assert BUILDINGS[0] == "ager" and all(b.bid == i for i, b in enumerate(C.buildings))  # the fast path relies on it
PLAYER_FIELDS = ("present", "gold", "fp", "goods", "buildings", "production_level", "office", "ships", "shipped",
                 "trading_posts", "unused_trading_posts", "reserved", "hand_size", "categories_bought", "trades",
                 "trade_limit", "bought", "sold", "commercial_used", "flags", "offers", "hand")


def _index(seq: Any, value: Any) -> int | None:
    return seq.index(value) if value in seq else None


class ConstantinopolisEncoder(WriterEncoder):
    name = "constantinopolis"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.p_offsets = self.player_offsets(PLAYER_FIELDS)
        self.office_offsets = [(self.at[f"office{o}.holder"], self.at[f"office{o}.stake"]) for o in range(5)]
        self._markets: dict[int, bytes] = {}

    def bounds(self) -> Bounds:
        # The rules leave gold, goods and fame unlimited [SEED]: gold's soft ceiling is the largest bid the
        # action space offers (rules.max_bid), goods' the box's cubes of a kind, fame's FAME (final scores).
        gold, fame = (0.0, float(R.max_bid)), (0.0, float(FAME))
        cubes = (0.0, float(max(g.cubes for g in C.goods)))
        # The market pile runs out twice before the final round; each round turns one market card.
        rounds = float(len(C.markets) * R.market_exhaustions_to_final_round + 1)
        prod = 1 + sum(1 for b in C.buildings if b.category == 0)  # level 1, +1 per production building
        draw = prod + len(R.trading_post_cost) + R.magister_officiorum_extra_contracts + R.turris_marmorea_contracts
        capacity = float(max(C.ship_capacity))

        def market(values: list[int]) -> tuple[float, float]:
            return float(min(values)), float(max(values))

        return {
            "round": (1.0, rounds), "final_round": (0.0, rounds), "over": FLAG,
            "dec.bid": gold, "dec.redemptor": FLAG, "dec.load": (0.0, capacity), "dec.goods": (0.0, capacity),
            "dec.give": gold, "dec.get": gold,  # gold first; goods traded stay far below the max bid
            "dec.my_keep": (0.0, float(KEEP_MAX)), "dec.my_committed": FLAG,
            **{f"office{o}.stake": gold for o in range(len(OFFICES))},
            "market.future_cards": (0.0, float(len(C.markets))),
            "market.exhaustions": (0.0, float(R.market_exhaustions_to_final_round)),
            "market.buy": market([x for m in C.markets for x in m.buy]),
            "market.sell": market([x for m in C.markets for x in m.sell]),
            "market.trade_limit": market([m.trade_limit for m in C.markets]),
            "market.donation_qty": (0.0, float(max(d[1] for m in C.markets for d in m.donations))),
            "market.donation_fp": (0.0, float(max(d[2] for m in C.markets for d in m.donations))),
            "building_supply": (0.0, float(max(R.copies_per_type.values()))),
            "ship_supply": (0.0, float(max(C.ship_copies))), "deck_size": (0.0, float(len(CARD_IDS))),
            "p.present": FLAG, "p.gold": gold, "p.fp": fame, "p.goods": cubes, "p.production_level": (0.0, prod),
            "p.ships": (0.0, float(max(C.ship_copies))), "p.shipped": (0.0, float(len(LOCATIONS))),
            "p.trading_posts": (0.0, float(len(R.trading_post_cost))),
            "p.unused_trading_posts": (0.0, float(len(R.trading_post_cost))),
            "p.reserved": (0.0, rounds), "p.hand_size": (0.0, float(draw)),
            "p.trades": (0.0, float(MAX_QTY)), "p.trade_limit": (0.0, float(MAX_QTY)), "p.flags": FLAG,
            "p.offers": (0.0, float(R.free_trade_offers_per_round)),
            **self.result_bounds(fame),
        }

    def write(self, w: Writer, v: dict[str, Any]) -> None:
        seats, ncard, nb = self.max_seats, len(CARD_IDS), len(BUILDINGS)
        rel = self.rel
        w.scalar("round", v["round"], "current round (1-based)")
        w.scalar("final_round", v["final_round"], "announced final round, 0 while unknown")
        w.onehot("phase", _index(PHASES, v["phase"]), len(PHASES), "phase 1, 4, 6, 7 or 8")
        w.scalar("over", v["over"], "1 once the game has ended")
        w.multihot("to_act", [rel(v, s) for s in v["to_act"]], seats, "relative seats that must decide now")
        self._decision(w, v)
        order = v["player_order"]
        for i in range(seats):
            w.onehot(f"order{i}", rel(v, order[i]) if i < len(order) else None, seats,
                     f"relative seat at position {i} of the player order")
        for o, office in enumerate(v["offices"]):
            w.onehot(f"office{o}.holder", rel(v, office["holder"]), seats,
                     f"relative seat holding {OFFICES[o]} (all zero when vacant)")
            w.scalar(f"office{o}.stake", office["stake"], f"gold staked on {OFFICES[o]}")
        m = v["market"]
        w.onehot("market.current", _index(MARKETS, m["current"]), len(MARKETS), "current market card")
        w.scalar("market.future_cards", m["future_cards"], "cards left in the market pile")
        w.scalar("market.exhaustions", m["exhaustions"], "market pile exhaustions so far")
        w.vector("market.buy", [m["buy"][g] for g in GOODS], "buy price per good")
        w.vector("market.sell", [m["sell"][g] for g in GOODS], "sell price per good")
        w.scalar("market.trade_limit", m["trade_limit"], "market trade limit")
        don = {d["good"]: d for d in m["donations"]}
        w.vector("market.donation_qty", [don[g]["qty"] if g in don else 0 for g in GOODS],
                 "goods asked per donation (0 = not asked)")
        w.vector("market.donation_fp", [don[g]["fp"] if g in don else 0 for g in GOODS], "fame per donation")
        w.vector("building_supply", [v["building_supply"][b] for b in SUPPLY], "tiles left per building (no ager)")
        w.vector("ship_supply", [v["ship_supply"][z] for z in SIZES], "ships left per size")
        w.scalar("deck_size", v["deck_size"], "contracts left in the deck")
        w.multihot("discard", [CARD[c] for c in v["discard"]], ncard, "contracts in the discard pile")
        players = {rel(v, p["seat"]): p for p in v["players"]}
        for k in range(seats):
            p = players.get(k)
            pre = f"p{k}."
            w.scalar(pre + "present", p is not None, "1 if this relative seat is in the game")
            p = p or {}
            w.scalar(pre + "gold", p.get("gold"), "gold")
            w.scalar(pre + "fp", p.get("fp"), "fame points")
            goods = p.get("goods", {})
            w.vector(pre + "goods", [goods.get(g, 0) for g in GOODS], "goods held")
            w.multihot(pre + "buildings", [BUILDING[b] for b in p.get("buildings", ())], nb, "buildings owned")
            w.scalar(pre + "production_level", p.get("production_level"), "production level")
            w.onehot(pre + "office", _index(OFFICES, p.get("office")), len(OFFICES), "office held")
            ships = [0] * 9
            loaded: list[int] = []
            where: list[int] = []
            for ship in p.get("ships", ()):
                loc = LOCATIONS.index(ship["at"])
                ships[SIZES.index(ship["size"]) * 3 + loc] += 1
                loaded += [CARD[c] for c in ship["contracts"]]
                where += [loc + 1] * len(ship["contracts"])
            w.vector(pre + "ships", ships, "ships per (size, location): small/medium/large x port/short/long")
            w.multihot(pre + "shipped", loaded, ncard, "contracts on ships: 1 in port, 2 short, 3 long voyage",
                       values=where)
            w.scalar(pre + "trading_posts", p.get("trading_posts"), "trading posts")
            w.scalar(pre + "unused_trading_posts", p.get("unused_trading_posts"), "unused trading posts")
            res = p.get("reserved", ())
            w.multihot(pre + "reserved", [CARD[r["contract"]] for r in res], ncard,
                       "reserved contracts, valued by the round of reservation", values=[r["round"] for r in res])
            w.scalar(pre + "hand_size", p.get("hand_size"), "contracts in hand")
            f = p.get("round_flags", {})
            w.multihot(pre + "categories_bought", [CATEGORIES.index(c) for c in f.get("categories_bought", ())],
                       len(CATEGORIES), "building categories bought this round")
            w.scalar(pre + "trades", f.get("trades"), "market trades this round")
            w.scalar(pre + "trade_limit", f.get("trade_limit"), "own trade limit")
            w.multihot(pre + "bought", [GOOD[g] for g in f.get("bought", ())], 5, "goods bought this round")
            w.multihot(pre + "sold", [GOOD[g] for g in f.get("sold", ())], 5, "goods sold this round")
            w.multihot(pre + "commercial_used", [BUILDING[b] for b in f.get("commercial_used", ())], nb,
                       "commercial buildings used this round")
            w.vector(pre + "flags", [f.get(x) for x in FLAGS], "round flags: " + ", ".join(FLAGS))
            w.scalar(pre + "offers", f.get("offers"), "free-trade offers made this round")
            w.multihot(pre + "hand", [CARD[c] for c in p.get("hand", ())], ncard,
                       "contracts in hand (own seat only; zero for others)")
        self.final_result(w, v)

    def _decision(self, w: Writer, v: dict[str, Any]) -> None:
        seats, rel = self.max_seats, self.rel
        d: dict[str, Any] = v["decision"] or {}
        kind = d.get("kind", "")
        w.onehot("dec.kind", KIND.get(kind), len(NAMES), "current decision frame: " + ", ".join(NAMES))
        first = d.get("seat", d.get("challenger", d.get("consul")))
        other = d.get("holder", d.get("buyer", d.get("target")))
        w.onehot("dec.seat", rel(v, first), seats, "deciding/offering seat of the frame (challenger, consul)")
        w.onehot("dec.other", rel(v, other), seats, "other party: holder, buyer or trade target")
        w.onehot("dec.leader", rel(v, d.get("leader")), seats, "bidding: current leader")
        w.onehot("dec.office", _index(OFFICES, d.get("office")), len(OFFICES), "bidding: contested office")
        w.scalar("dec.bid", d.get("bid"), "bidding: current bid")
        w.onehot("dec.source", _index(SOURCES, d.get("source")), len(SOURCES), "take a good: source")
        w.onehot("dec.building", BUILDING.get(d.get("building", "")), len(BUILDINGS), "pre-emption: building")
        w.scalar("dec.redemptor", d.get("redemptor"), "pre-emption: buyer uses the redemptor")
        w.onehot("dec.size", _index(SIZES, d.get("size")), len(SIZES), "loading: ship size")
        w.multihot("dec.contracts", [CARD[c] for c in d.get("contracts", ())], len(CARD_IDS),
                   "loading: contracts on board")
        w.scalar("dec.load", d.get("load"), "loading: load counted")
        goods = d.get("goods", {})
        w.vector("dec.goods", [goods.get(g, 0) for g in GOODS], "loading: goods needed")
        w.onehot("dec.picked", CARD.get(d.get("picked", "")), len(CARD_IDS), "swap: own first pick (own seat only)")
        for side in ("give", "get"):
            t = d.get(side, {})
            w.vector(f"dec.{side}", [t.get("gold", 0)] + [t.get(g, 0) for g in GOODS],
                     f"trade offer: {side} (gold, then goods)")
        w.onehot("dec.stage", _index(("give", "get"), d.get("stage")), 2, "trade offer: stage being built")
        w.onehot("dec.choice", _index(("donate", "keep"), d.get("choice")), 2, "simultaneous: donate or keep")
        w.multihot("dec.waiting", [rel(v, s) for s in d.get("waiting", ())], seats, "simultaneous: seats choosing")
        w.multihot("dec.committed", [rel(v, s) for s in d.get("committed", ())], seats,
                   "simultaneous: seats that have committed (choices stay hidden)")
        mine = d.get("my_choice") or {}
        donate = None
        if mine.get("kind") == "donate":
            donate = GOOD[mine["good"]]
        elif mine.get("kind") == "donate_none":
            donate = 5
        w.onehot("dec.my_donation", donate, 6, "own committed donation: a good, or none (index 5)")
        keep = [mine.get(g, 0) for g in GOODS] if mine.get("kind") == "keep_goods" else [0] * 5
        w.vector("dec.my_keep", keep, "own committed keep choice (goods kept)")
        w.scalar("dec.my_committed", bool(mine), "1 once the own simultaneous choice is committed")

    # ---- the fast path: the state read directly -----------------------------------------------------------
    def fill(self, buf: bytearray, wide: list[tuple[int, int]], st: Any, me: int) -> bool:
        if not isinstance(st, ConstantinopolisState):
            return False
        at, n, seats = self.at, self.players, self.max_seats
        buf[at["round"]] = st.round
        buf[at["final_round"]] = st.final_round
        if st.phase in PHASES:
            buf[at["phase"] + PHASES.index(st.phase)] = 1
        buf[at["over"]] = st.over
        o = at["to_act"]
        for s in st.to_act():
            buf[o + (s - me) % n] = 1
        if st.stack:
            self._fill_decision(buf, st, me)
        o = at["order0"]
        for i, s in enumerate(st.order_by_slot() if st.phase == 1 else st.order):
            buf[o + i * seats + (s - me) % n] = 1
        for (holder, stake), h, x in zip(self.office_offsets, st.holder, st.stake, strict=True):
            if h >= 0:
                buf[holder + (h - me) % n] = 1
            buf[stake] = x
        buf[at["market.future_cards"]] = len(st.future)
        buf[at["market.exhaustions"]] = st.exhaustions
        o = at["building_supply"]
        buf[o:o + len(SUPPLY)] = st.supply[1:]  # every building but the ager, which comes first
        o = at["ship_supply"]
        buf[o:o + 3] = st.ship_supply
        buf[at["deck_size"]] = len(st.deck)
        self.cached_block(buf, "discard", "discard", 0, tuple(st.discard), self._fill_discard, st)
        for s, p in enumerate(st.players):
            self._fill_player(buf, st, p, ((s - me) % n) * self.stride, s == me)
        self.fill_result(wide, st, me)
        return True

    def template(self, st: Any) -> bytes:
        """Zeros with the current market card's printed fields (current, prices, limit, donations)."""
        if not isinstance(st, ConstantinopolisState):
            return self._zeros
        block = self._markets.get(st.market)
        if block is None:
            at, m = self.at, C.markets[st.market]
            buf = bytearray(self._zeros)
            buf[at["market.current"] + st.market] = 1
            buf[at["market.trade_limit"]] = m.trade_limit
            o, o2 = at["market.buy"], at["market.sell"]
            buf[o:o + 5], buf[o2:o2 + 5] = m.buy, m.sell
            for g, q, fp in m.donations:
                buf[at["market.donation_qty"] + g], buf[at["market.donation_fp"] + g] = q, fp
            block = self._markets[st.market] = bytes(buf)
        return block

    def _fill_discard(self, buf: bytearray, st: Any) -> None:  # a long list that changes seldom
        o = self.at["discard"]
        for c in st.discard:
            buf[o + c] += 1

    def _fill_player(self, buf: bytearray, st: Any, p: Any, k: int, own: bool) -> None:
        (present, gold, fp, goods, buildings, level, office, ships, shipped, posts, unused, reserved, hand_size,
         cats, trades, limit, bought, sold, com_used, flags, offers, hand) = self.p_offsets
        buf[present + k] = 1
        buf[gold + k] = p.gold
        buf[fp + k] = p.fp
        o = goods + k
        buf[o:o + 5] = p.goods
        o = buildings + k
        buf[o:o + NB] = bit_bytes(p.bmask, NB)
        buf[level + k] = p.prod_level
        if p.office >= 0:
            buf[office + k + p.office] = 1
        o, o2 = ships + k, shipped + k
        for z, loc, cs in p.ships:
            buf[o + z * 3 + loc] += 1
            for c in cs:
                buf[o2 + c] = loc + 1
        buf[posts + k] = p.posts
        buf[unused + k] = p.posts - len(p.reserved)
        o = reserved + k
        for c, r in p.reserved:
            buf[o + c] = r
        buf[hand_size + k] = len(p.hand)
        if p.cats:
            o = cats + k
            buf[o:o + 5] = bit_bytes(p.cats, 5)
        if p.bought:
            o = bought + k
            buf[o:o + 5] = bit_bytes(p.bought, 5)
        if p.sold:
            o = sold + k
            buf[o:o + 5] = bit_bytes(p.sold, 5)
        if p.com_used:
            o = com_used + k
            buf[o:o + NB] = bit_bytes(p.com_used, NB)
        buf[trades + k] = p.trades
        buf[limit + k] = st.trade_limit(p)
        o = flags + k
        buf[o:o + 5] = (p.redemptor_used, p.pegae_used, p.post_bought, p.swapped, p.preempted)
        buf[offers + k] = p.offers
        if own:
            o = hand + k
            for c in p.hand:
                buf[o + c] += 1

    def _fill_decision(self, buf: bytearray, st: Any, me: int) -> None:
        at, n = self.at, self.players
        top = st.stack[-1]
        kind = top[0]
        buf[at["dec.kind"] + kind] = 1
        first = other = -1
        if kind in (F.ACT, F.TURN, F.GOOD, F.LOAD, F.SWAP):
            first = top.seat
            if kind == F.GOOD:
                buf[at["dec.source"] + top.source] = 1
            elif kind == F.LOAD:
                buf[at["dec.size"] + top.size] = 1
                o = at["dec.contracts"]
                for c in top.cards:
                    buf[o + c] += 1
                buf[at["dec.load"]] = top.used
                o = at["dec.goods"]
                buf[o:o + 5] = top.need
            elif kind == F.SWAP and top.seat == me:
                buf[at["dec.picked"] + top.first] = 1
        elif kind == F.BID:
            first, other = top.challenger, top.holder
            if top.leader >= 0:
                buf[at["dec.leader"] + (top.leader - me) % n] = 1
            buf[at["dec.office"] + top.office] = 1
            buf[at["dec.bid"]] = top.bid
        elif kind == F.PREEMPT:
            first, other = top.consul, top.buyer
            buf[at["dec.building"] + top.building] = 1
            buf[at["dec.redemptor"]] = top.redemptor
        elif kind in (F.OFFER, F.ANSWER):
            if kind == F.OFFER:
                first, other = top.seat, top.target
                buf[at["dec.stage"] + top.stage] = 1
            else:
                first, other = top.offerer, top.target
            o = at["dec.give"]
            buf[o:o + 6] = (top.give_gold, *top.give_goods)
            o = at["dec.get"]
            buf[o:o + 6] = (top.get_gold, *top.get_goods)
        elif kind == F.SIMUL:
            buf[at["dec.choice"] + ("donate", "keep").index(top.choice)] = 1
            mark_seats(buf, at["dec.waiting"], st.waiting, me, n)
            mark_seats(buf, at["dec.committed"], st.commits, me, n)
            mine = st.commits.get(me)
            if mine is not None:
                self._fill_my_choice(buf, mine.to_json())
        if first >= 0:
            buf[at["dec.seat"] + (first - me) % n] = 1
        if other >= 0:
            buf[at["dec.other"] + (other - me) % n] = 1

    def _fill_my_choice(self, buf: bytearray, mine: dict[str, Any]) -> None:
        at = self.at
        buf[at["dec.my_committed"]] = 1
        if mine.get("kind") == "donate":
            buf[at["dec.my_donation"] + GOOD[mine["good"]]] = 1
        elif mine.get("kind") == "donate_none":
            buf[at["dec.my_donation"] + 5] = 1
        elif mine.get("kind") == "keep_goods":
            o = at["dec.my_keep"]
            buf[o:o + 5] = [mine.get(g, 0) for g in GOODS]


ENCODER = ConstantinopolisEncoder
