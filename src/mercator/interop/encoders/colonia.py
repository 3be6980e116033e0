"""Colonia observation encoder: ``write`` reads ``view(seat)``; ``fill``, the fast path, reads the state
and writes the same vector (of another seat it reads the raws only as known and unknown counts, of the
simultaneous choices only who committed and the observer's own).

Seats are relative: ``p0`` is the observing seat, ``p1`` the next seat, and so on, padded to 6 seats
(the game's maximum); every seat-valued field is a one-hot over relative seats. Relic fields are
vectors over the 48 relic cards in content order (``relic_lon_01`` ...; shrines included), raw
materials in the order leather, iron, wood, linen, fur, goods saddle, wheel, picture, clothing, shoes,
currencies pfund, grivna, mark, gulden. The field table is in docs/interop.md.
"""

from __future__ import annotations

from typing import Any

from mercator.games.colonia.data import CITIES, CURRENCIES, GOODS, RAWS
from mercator.games.colonia.flow import (
    D_FAMILY,
    D_MAYOR,
    D_NONE,
    D_SEQ,
    D_VOTE,
    DECISION_NAMES,
    MOD_NAMES,
    PHASES,
    STREET_NAMES,
)
from mercator.games.colonia.player import NO_SHRINE
from mercator.games.colonia.scoring import relic_vp
from mercator.games.colonia.space import CARD_IDS, HOLDS, SHIP_IDS, C, R
from mercator.games.colonia.state import ColoniaState

from ..encoding import FLAG, Bounds, Writer, WriterEncoder, bits, mark_seats

KINDS = DECISION_NAMES[1:]  # "none" never reaches a view
DECREES = [d.id for d in C.decrees]
WEEKS = [w.id for w in C.weeks]
VALUES = list(C.card_values)
CARD = {c: i for i, c in enumerate(CARD_IDS)}
DECREE = {d: i for i, d in enumerate(DECREES)}
STATES = ("pending", "adopted", "rejected")
SLOTS = R.decrees_per_week
FIELDS = R.craft_column_fields
NSTALLS = R.stalls
NBERTHS = R.berths
VALUE = {x: i for i, x in enumerate(VALUES)}
MONEY = 100.0  # soft ceiling of one currency (the rules set none): random and bot games stay near 30
PLAYER_FIELDS = ("present", "supply", "streets", "money", "goods", "raws_known", "raws_unknown", "hand", "played",
                 "votes", "relics", "shrines", "shrined", "relic_vp", "stalls_bought", "holds_loaded", "reserved")


def _index(seq: Any, value: Any) -> int | None:
    return seq.index(value) if value in seq else None


class ColoniaEncoder(WriterEncoder):
    name = "colonia"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.p_offsets = self.player_offsets(PLAYER_FIELDS)
        # per (berth, ship): the (offset, value) pairs of the ship's printed holds (goods and payouts)
        self.ship_pairs: dict[tuple[int, int], list[tuple[int, int]]] = {}
        at = self.at
        for b in range(NBERTHS):
            for ship, sh in enumerate(C.ships):
                pairs = [(at["berths.ship"] + b * len(SHIP_IDS) + ship, 1),
                         (at["berths.city"] + b * len(CITIES) + sh.city, 1)]
                for h, (need, pay) in enumerate(zip(sh.holds[:HOLDS], sh.payouts, strict=False)):
                    pairs += [(at["berths.goods"] + (b * HOLDS + h) * 5 + g, x) for g, x in enumerate(need)]
                    pairs.append((at["berths.payout"] + b * HOLDS + h, pay))
                self.ship_pairs[b, ship] = [(i, x) for i, x in pairs if x]

    def bounds(self) -> Bounds:
        # Decree effects add at most their largest parameter per adopted decree, SLOTS decrees a week.
        decree = SLOTS * max(x for d in C.decrees for x in d.params.values())
        stall = max(max(wk.stalls) for wk in C.weeks) + decree  # raws drawn per stall, plus added ones
        members = float(max(R.members_per_player.values()))
        weeks = [int(x) for x in self.info.options["weeks"]]
        raws = float(max(C.raw_counts))
        relics = float(sum(r.vp for r in C.relics))
        return {
            "week": (1.0, float(max(weeks))), "weeks": (float(min(weeks)), float(max(weeks))), "over": FLAG,
            "dec.my_committed": FLAG, "dice": (0.0, float(max(wk.dice for wk in C.weeks))),
            "departing": (0.0, float(NBERTHS)), "modifiers": (-decree, decree),
            "stalls.raws": (0.0, stall), "stalls.cost": (0.0, stall + decree), "stalls.members": (0.0, stall + decree),
            "craft.stick": (0.0, FIELDS), "craft.commissions": (0.0, FIELDS), "craft.next_cost": (0.0, FIELDS + 1),
            "craft.members": (0.0, FIELDS + 1),  # a commission costs one more member than the last (or flat)
            "berths.goods": (0.0, float(max(x for sh in C.ships for h in sh.holds for x in h))),
            "berths.payout": (0.0, float(max(x for sh in C.ships for x in sh.payouts) + decree)),
            "display_price": (0.0, float(max(r.price for r in C.relics))),
            "decks": (0.0, [float(len(x)) for x in (C.weeks, C.decrees, C.ships, C.relics)]),
            "bag": (0.0, float(sum(C.raw_counts))), "goods_supply": (0.0, float(max(C.goods_supply))),
            "p.present": FLAG, "p.supply": (0.0, members), "p.streets": (0.0, members), "p.money": (0.0, MONEY),
            "p.goods": (0.0, float(max(C.goods_supply))), "p.raws_known": (0.0, raws),
            "p.raws_unknown": (0.0, float(R.start_raws)), "p.votes": (0.0, float(max(C.card_values))),
            "p.shrines": FLAG, "p.relic_vp": (0.0, relics), "p.stalls_bought": (0.0, float(NSTALLS)),
            "p.holds_loaded": (0.0, float(NBERTHS * HOLDS)), "own.raws": (0.0, raws),
            **self.result_bounds((0.0, relics + sum(C.window_vp))),
        }

    def write(self, w: Writer, v: dict[str, Any]) -> None:
        seats, rel, ncard = self.max_seats, self.rel, len(CARD_IDS)
        me = v["seat"] or 0

        def at(s: int) -> int:  # relative seat of an absolute one
            return (s - me) % self.players

        w.scalar("week", v["week"], "current week (1-based)")
        w.scalar("weeks", v["weeks"], "weeks in this game (option weeks)")
        w.onehot("day", v["day"] - 1, 7, "day of the week, Monday to Sunday")
        w.scalar("over", v["over"], "1 once the game has ended")
        w.multihot("to_act", [rel(v, s) for s in v["to_act"]], seats, "relative seats that must decide now")
        self._decision(w, v)
        w.onehot("week_card", _index(WEEKS, v["week_card"]), len(WEEKS), "this week's card (zero before Monday)")
        w.scalar("dice", v["dice"], "craftsman dice this week")
        w.scalar("departing", v["departing"], "ships departing this week")
        decrees = v["decrees"]
        w.multihot("decrees.card", [i * len(DECREES) + DECREE[d["decree"]] for i, d in enumerate(decrees)],
                   SLOTS * len(DECREES), f"this week's decrees by slot, sorted by day (slot x {len(DECREES)} decrees)")
        w.multihot("decrees.state", [i * 3 + STATES.index(d["state"]) for i, d in enumerate(decrees)], SLOTS * 3,
                   "state of each slot's decree (slot x pending, adopted, rejected)")
        mods = v["modifiers"]
        w.vector("modifiers", [mods[m] for m in MOD_NAMES],
                 "week modifiers of adopted decrees: " + ", ".join(MOD_NAMES))
        for name, what in (("turn_order", "turn order"), ("week0_order", "week 0 order (week 1 ties)")):
            order = v[name]
            w.multihot(name, [i * seats + at(s) for i, s in enumerate(order)], seats * seats,
                       f"{what}: relative seat at each position (position x seat)")
        w.onehot("mayor", rel(v, v["mayor"]), seats, "relative seat of the mayor (zero before the first council)")
        stalls = v["stalls"]
        w.vector("stalls.raws", [st["raws"][r] for st in stalls for r in RAWS],
                 "raw materials on each stall (stall x raw)")
        w.vector("stalls.cost", [st["cost"] for st in stalls], "member cost of each stall")
        w.multihot("stalls.buyer", [i * seats + at(st["bought_by"]) for i, st in enumerate(stalls)
                                    if st["bought_by"] is not None], NSTALLS * seats,
                   "relative seat that bought each stall (stall x seat)")
        w.vector("stalls.members", [st["members"] for st in stalls], "members paid for each stall")
        crafts = v["craftsmen"]
        w.vector("craft.stick", [cm["stick"] for cm in crafts], "stick position (orders served) per craftsman")
        w.vector("craft.commissions", [cm["commissions"] for cm in crafts], "commissions this week per craftsman")
        w.vector("craft.next_cost", [cm["next_cost"] for cm in crafts], "member cost of the next commission")
        sizes = [0] * (5 * FIELDS)
        owners: list[int] = []
        for c, cm in enumerate(crafts):
            for f, st in enumerate(cm["stacks"]):
                sizes[c * FIELDS + f] = st["members"]
                owners.append((c * FIELDS + f) * seats + at(st["seat"]))
        w.vector("craft.members", sizes, f"members of the order stack on each field (craftsman x fields 1-{FIELDS})")
        w.multihot("craft.owners", owners, 5 * FIELDS * seats,
                   "relative owner of each order stack (craftsman x field x seat)")
        ships: list[int] = []
        cities: list[int] = []
        need: list[int] = []
        pay: list[int] = []
        loaded: list[int] = []
        for b, berth in enumerate(v["berths"]):
            berth = berth or {}
            if berth:
                ships.append(b * len(SHIP_IDS) + SHIP_IDS.index(berth["ship"]))
                cities.append(b * len(CITIES) + CITIES.index(berth["city"]))
            holds = berth.get("holds", ())
            for h in range(HOLDS):
                hold = holds[h] if h < len(holds) else {}
                need += [hold.get("goods", {}).get(g, 0) for g in GOODS]
                pay.append(hold.get("payout", 0))
                if hold.get("seat") is not None:
                    loaded.append((b * HOLDS + h) * seats + at(hold["seat"]))
        w.multihot("berths.ship", ships, NBERTHS * len(SHIP_IDS),
                   f"ship card on each berth (berth x {len(SHIP_IDS)} ships)")
        w.multihot("berths.city", cities, NBERTHS * len(CITIES), "destination of each berth's ship (berth x city)")
        w.vector("berths.goods", need, "goods each hold needs (berth x hold x good)")
        w.vector("berths.payout", pay, "payout of each hold (berth x hold)")
        w.multihot("berths.loaded", loaded, NBERTHS * HOLDS * seats,
                   "relative seat that loaded each hold (berth x hold x seat)")
        display = v["display"]
        w.multihot("display", [CARD[d["card"]] for d in display], ncard, "relic cards in the display")
        w.multihot("display_price", [CARD[d["card"]] for d in display], ncard, "price of each displayed card",
                   values=[d["price"] for d in display])
        w.multihot("relic_discard", [CARD[c] for c in v["relic_discard"]], ncard, "relic discard pile")
        decks = v["decks"]
        w.vector("decks", [decks[k] for k in ("week", "decree", "ship", "relic")],
                 "cards left in the week, decree, ship and relic decks")
        w.scalar("bag", v["bag"], "raw materials in the bag")
        w.vector("goods_supply", [v["goods_supply"][g] for g in GOODS], "goods tiles left in the supply")
        reserved: dict[int, list[int]] = {}
        for d in display:
            k = rel(v, d["reserved_by"])
            if k is not None:
                reserved.setdefault(k, []).append(CARD[d["card"]])
        players = {rel(v, p["seat"]): p for p in v["players"]}
        for k in range(seats):
            self._player(w, f"p{k}.", players.get(k), reserved.get(k, []))
        w.vector("own.raws", [v["players"][v["seat"]]["screen"]["raws"][r] for r in RAWS]
                 if v["seat"] is not None else [0] * 5, "own raw materials behind the screen, exact (own seat only)")
        self.final_result(w, v)

    def _player(self, w: Writer, pre: str, p: dict[str, Any] | None, reserved: list[int]) -> None:
        ncard = len(CARD_IDS)
        w.scalar(pre + "present", p is not None, "1 if this relative seat is in the game")
        p = p or {}
        w.scalar(pre + "supply", p.get("supply"), "members behind the screen")
        streets = p.get("streets", {})
        w.vector(pre + "streets", [streets.get(s, 0) for s in STREET_NAMES],
                 "members on the street fields: Tuesday, Wednesday, Thursday, harbour")
        money = p.get("money", {})
        w.vector(pre + "money", [money.get(c, 0) for c in CURRENCIES], "money per currency")
        goods = p.get("goods", {})
        w.vector(pre + "goods", [goods.get(g, 0) for g in GOODS], "goods tiles")
        raws = p.get("raws_known", {})
        w.vector(pre + "raws_known", [raws.get(r, 0) for r in RAWS], "raw materials of known type")
        w.scalar(pre + "raws_unknown", p.get("raws_unknown"), "starting raw materials of unrevealed type")
        w.multihot(pre + "hand", [VALUES.index(x) for x in p.get("hand", ())], len(VALUES),
                   "family cards left in hand (values 3-8)")
        w.onehot(pre + "played", _index(VALUES, p.get("played")), len(VALUES), "family card played this week")
        w.scalar(pre + "votes", p.get("votes"), "votes this week")
        w.multihot(pre + "relics", [CARD[c] for c in p.get("relics", ())], ncard, "relic cards owned (not shrines)")
        shrines = p.get("shrines", {})
        w.vector(pre + "shrines", [shrines.get(c) is not None for c in CITIES], "shrines owned, per city")
        w.multihot(pre + "shrined", [CARD[x] for x in shrines.values() if x in CARD], ncard, "relics inside shrines")
        w.scalar(pre + "relic_vp", p.get("relic_vp"), "relic points so far")
        w.scalar(pre + "stalls_bought", p.get("stalls_bought"), "stalls bought this week")
        w.scalar(pre + "holds_loaded", p.get("holds_loaded"), "holds loaded this week")
        w.multihot(pre + "reserved", reserved, ncard, "displayed relic cards this seat has reserved")

    def _decision(self, w: Writer, v: dict[str, Any]) -> None:
        seats, rel = self.max_seats, self.rel
        d: dict[str, Any] = v["decision"] or {}
        w.onehot("dec.kind", _index(KINDS, d.get("kind")), len(KINDS), "open decision: " + ", ".join(KINDS))
        w.onehot("dec.phase", _index(PHASES, d.get("phase")), len(PHASES), "sequential phase: " + ", ".join(PHASES))
        w.onehot("dec.seat", rel(v, d.get("seat")), seats, "deciding seat (sequential, mayor, start good)")
        w.multihot("dec.passed", [rel(v, s) for s in d.get("passed", ())], seats, "sequential: seats that passed")
        w.onehot("dec.decree", DECREE.get(d.get("decree", "")), len(DECREES), "vote or tie-break: the decree")
        w.multihot("dec.waiting", [rel(v, s) for s in d.get("waiting", ())], seats, "simultaneous: seats choosing")
        w.multihot("dec.committed", [rel(v, s) for s in d.get("committed", ())], seats,
                   "simultaneous: seats that have committed (choices stay hidden)")
        mine = d.get("my_choice") or {}
        w.onehot("dec.my_card", _index(VALUES, mine.get("value")), len(VALUES), "own committed family card")
        vote = None if mine.get("kind") != "vote" else int(mine["yes"])
        w.onehot("dec.my_vote", vote, 2, "own committed vote: no, yes")
        w.scalar("dec.my_committed", bool(mine), "1 once the own simultaneous choice is committed")

    # ---- the fast path: the state read directly -----------------------------------------------------------
    def fill(self, buf: bytearray, wide: list[tuple[int, int]], st: Any, me: int) -> bool:
        if not isinstance(st, ColoniaState):
            return False
        at, n, seats = self.at, self.players, self.max_seats
        buf[at["week"]] = st.week
        buf[at["weeks"]] = st.last_week
        if 1 <= st.day <= 7:
            buf[at["day"] + st.day - 1] = 1
        buf[at["over"]] = st.over
        o = at["to_act"]
        for s in st.to_act():
            buf[o + (s - me) % n] = 1
        if not st.over and st.dec != D_NONE:
            self._fill_decision(buf, st, me)
        if st.week_card >= 0:
            buf[at["week_card"] + st.week_card] = 1
        buf[at["dice"]] = st.dice_count
        buf[at["departing"]] = st.departing
        o, o2, nd = at["decrees.card"], at["decrees.state"], len(DECREES)
        for i, (d, state) in enumerate(zip(st.decrees, st.dstate, strict=True)):
            if i < SLOTS:
                buf[o + i * nd + d] = 1
                buf[o2 + i * 3 + state] = 1
        o = at["modifiers"]
        wide += [(o + i, x) for i, x in enumerate(st.mods) if x]  # deltas may be negative
        for name, order in (("turn_order", st.order), ("week0_order", st.week0)):
            o = at[name]
            for i, s in enumerate(order):
                buf[o + i * seats + (s - me) % n] = 1
        if st.week > 1 or st.day >= 3:
            buf[at["mayor"] + (st.order[0] - me) % n] = 1
        mods = tuple(st.mods)
        block = self.cached_block
        block(buf, "stalls.raws", "stalls.members", 0,
              (me, mods, tuple(st.stall_owner), tuple(st.stall_members), tuple(map(tuple, st.stalls))),
              self._fill_stalls, st, me)
        block(buf, "craft.stick", "craft.owners", 0,
              (me, mods, tuple(st.sticks), tuple(st.commissions), tuple(map(tuple, st.cols))), self._fill_craft, st, me)
        block(buf, "berths.ship", "berths.loaded", 0, (me, *st.berths, *st.hold_owner), self._fill_berths, st, me)
        display = tuple(st.display)
        block(buf, "display", "display_price", 0, (mods, display), self._fill_display, st)
        o, stride, reserver = at["p0.reserved"], self.stride, st.reserver
        for c in display:
            if reserver[c] >= 0:
                buf[o + ((reserver[c] - me) % n) * stride + c] += 1
        block(buf, "relic_discard", "relic_discard", 0, tuple(st.relic_discard), self._fill_discard, st)
        o = at["decks"]
        buf[o:o + 4] = (len(st.week_deck), len(st.decree_deck), len(st.ship_deck), len(st.relic_deck))
        buf[at["bag"]] = sum(st.bag)
        o = at["goods_supply"]
        buf[o:o + 5] = st.gsupply
        for s, p in enumerate(st.players):  # a seat's block changes only when that seat acts
            key = (p.supply, p.st_tue, p.st_wed, p.st_thu, p.st_harb, *p.money, *p.goods, *p.raws, *p.unk, p.hand,
                   p.played, p.votes, p.relics, *p.shrines, p.stalls_bought, p.holds_loaded)
            block(buf, "p0.present", "p0.holds_loaded", ((s - me) % n) * stride, key, self._fill_player, p, 0)
        o = at["own.raws"]
        buf[o:o + 5] = st.players[me].raws
        self.fill_result(wide, st, me)
        return True

    # the blocks below depend on a few lists only, and go through cached_block
    def _fill_stalls(self, buf: bytearray, st: Any, me: int) -> None:
        at, n, seats = self.at, self.players, self.max_seats
        o = at["stalls.raws"]
        for i, raws in enumerate(st.stalls):
            buf[o + i * 5:o + i * 5 + 5] = raws
        o, o2, o3 = at["stalls.cost"], at["stalls.buyer"], at["stalls.members"]
        for i, owner in enumerate(st.stall_owner):
            buf[o + i] = st.stall_cost(i)
            if owner >= 0:
                buf[o2 + i * seats + (owner - me) % n] = 1
        buf[o3:o3 + NSTALLS] = st.stall_members

    def _fill_craft(self, buf: bytearray, st: Any, me: int) -> None:
        at, n, seats = self.at, self.players, self.max_seats
        o = at["craft.stick"]
        buf[o:o + 5] = st.sticks
        o = at["craft.commissions"]
        buf[o:o + 5] = st.commissions
        o, o2, o3 = at["craft.next_cost"], at["craft.members"], at["craft.owners"]
        for c, col in enumerate(st.cols):
            buf[o + c] = st.commission_cost(c)
            for f, (owner, k) in enumerate(col):
                buf[o2 + c * FIELDS + f] = k
                buf[o3 + (c * FIELDS + f) * seats + (owner - me) % n] = 1

    def _fill_berths(self, buf: bytearray, st: Any, me: int) -> None:
        n, seats = self.players, self.max_seats
        o, pairs = self.at["berths.loaded"], self.ship_pairs
        for b, ship in enumerate(st.berths):
            if ship >= 0:
                for i, x in pairs[b, ship]:
                    buf[i] = x
                for h in range(HOLDS):
                    owner = st.hold_owner[ship * HOLDS + h]
                    if owner >= 0:
                        buf[o + (b * HOLDS + h) * seats + (owner - me) % n] = 1

    def _fill_display(self, buf: bytearray, st: Any) -> None:
        o, o2 = self.at["display"], self.at["display_price"]
        for c in st.display:
            buf[o + c] += 1
            buf[o2 + c] = st.relic_price(c)

    def _fill_discard(self, buf: bytearray, st: Any) -> None:
        o = self.at["relic_discard"]
        for c in st.relic_discard:
            buf[o + c] += 1

    def _fill_player(self, buf: bytearray, p: Any, k: int) -> None:
        (present, supply, streets, money, goods, known, unknown, hand, played, votes, relics, shrines, shrined,
         vp, stalls, holds, _) = self.p_offsets
        buf[present + k] = 1
        buf[supply + k] = p.supply
        o = streets + k
        buf[o:o + 4] = (p.st_tue, p.st_wed, p.st_thu, p.st_harb)
        o = money + k
        buf[o:o + 4] = p.money
        o = goods + k
        buf[o:o + 5] = p.goods
        o = known + k
        buf[o:o + 5] = [r - u for r, u in zip(p.raws, p.unk, strict=True)]
        buf[unknown + k] = sum(p.unk)
        o = hand + k
        for x in p.hand:
            buf[o + VALUE[x]] += 1
        if p.played in VALUE:
            buf[played + k + VALUE[p.played]] = 1
        buf[votes + k] = p.votes
        o = relics + k
        for c in p.relics:
            buf[o + c] += 1
        o, o2 = shrines + k, shrined + k
        for city, x in enumerate(p.shrines):
            if x != NO_SHRINE:
                buf[o + city] = 1
                if x >= 0:
                    buf[o2 + x] += 1
        buf[vp + k] = relic_vp(p)
        buf[stalls + k] = p.stalls_bought
        buf[holds + k] = p.holds_loaded

    def _fill_decision(self, buf: bytearray, st: Any, me: int) -> None:
        at, n, dec = self.at, self.players, st.dec
        buf[at["dec.kind"] + dec - 1] = 1  # KINDS skips "none"
        seat = -1
        if dec == D_SEQ:
            buf[at["dec.phase"] + st.seq] = 1
            seat = st.order[st.cur]
            o = at["dec.passed"]
            for s in bits(st.passed):
                if s < n:
                    buf[o + (s - me) % n] = 1
        elif dec in (D_FAMILY, D_VOTE):
            mark_seats(buf, at["dec.waiting"], st.waiting, me, n)
            mark_seats(buf, at["dec.committed"], st.commits, me, n)
            mine = st.commits.get(me)
            if mine is not None:
                choice = mine.to_json()
                buf[at["dec.my_committed"]] = 1
                if choice.get("value") in VALUE:
                    buf[at["dec.my_card"] + VALUE[choice["value"]]] = 1
                if choice.get("kind") == "vote":
                    buf[at["dec.my_vote"] + int(choice["yes"])] = 1
        elif dec == D_MAYOR:
            seat = st.order[0]
        else:
            seat = st.good_queue[0]
        if seat >= 0:
            buf[at["dec.seat"] + (seat - me) % n] = 1
        if dec in (D_VOTE, D_MAYOR):
            buf[at["dec.decree"] + st.decrees[st.vslot]] = 1


ENCODER = ColoniaEncoder
