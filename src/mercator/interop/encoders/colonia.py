"""Colonia observation encoder (read from ``view(seat)`` only).

Seats are relative: ``p0`` is the observing seat, ``p1`` the next seat, and so on, padded to 6 seats
(the game's maximum); every seat-valued field is a one-hot over relative seats. Relic fields are
vectors over the 48 relic cards in content order (``relic_lon_01`` ...; shrines included), raw
materials in the order leather, iron, wood, linen, fur, goods saddle, wheel, picture, clothing, shoes,
currencies pfund, grivna, mark, gulden. The field table is in docs/interop.md.
"""

from __future__ import annotations

from typing import Any

from mercator.games.colonia.data import CITIES, CURRENCIES, GOODS, RAWS
from mercator.games.colonia.flow import DECISION_NAMES, MOD_NAMES, PHASES, STREET_NAMES
from mercator.games.colonia.space import CARD_IDS, HOLDS, SHIP_IDS, C, R

from ..encoding import Writer, WriterEncoder

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


def _index(seq: Any, value: Any) -> int | None:
    return seq.index(value) if value in seq else None


class ColoniaEncoder(WriterEncoder):
    name = "colonia"

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


ENCODER = ColoniaEncoder
