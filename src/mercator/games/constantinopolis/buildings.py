"""Phase 4 and the shared rules of phases 4 and 6: buying buildings with licences and the
one-per-category rule, Consul pre-emption, the public pair rule, city walls (spec §3.4),
market trading and commercial buildings (spec §3.9)."""

from __future__ import annotations

from collections.abc import Mapping

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import GOODS, Building
from .fields import StateFields
from .frames import GOOD, PREEMPT, Good, Preempt
from .player import Player
from .space import BUY, COMMERCIAL, MBUY, MSELL, PAYLOAD, PEGAE, C, R

URBI, CONSUL = 3, 4
PRODUCTION, COMMERCIAL_CAT, UTILITY, PUBLIC, WALL = range(5)
B = C.buildings
BY = C.by_id
REDEMPTOR = BY["redemptor"].bid
TELONIUM = BY["telonium"].bid
RHEGII = BY["porta_rhegii"].bid
PEGAE_WALL = BY["porta_pegae"].bid
AUREA = BY["porta_aurea"].bid
CHARISIANA = BY["porta_charisiana"].bid
TILES = [b for b in B if b.id != "ager"]
# Licence masks: bits of the production buildings of each licence (the Ager counts as A).
LICENCE_MASK = [sum(1 << b.bid for b in B if b.category == PRODUCTION and b.licence == lic) for lic in range(4)]
# Pair rule: the public tiles that must be gone before this one can be bought.
DEARER = {b.bid: [o.bid for o in B if o.category == PUBLIC and o.fp == b.fp and o.cost > b.cost]
          for b in B if b.category == PUBLIC}
COMMERCIALS = [b for b in B if b.category == COMMERCIAL_CAT]
INPUT_MASK = {b.bid: sum(1 << g for g in range(5) if b.input[g]) for b in COMMERCIALS}
OUT_MASK = {b.bid: sum(1 << g for g in range(5) if b.output[g]) for b in B if b.category == PRODUCTION}
MARKET_BUY = [tuple(m.buy) for m in C.markets]
MARKET_LIMIT = [m.trade_limit for m in C.markets]
TELONIUM_BONUS = R.trade_limit_bonus["telonium"]
RHEGII_BONUS = R.trade_limit_bonus["porta_rhegii"]


class BuildingRules(StateFields):
    __slots__ = ()

    # ---- buying -----------------------------------------------------------------------------
    def _may_own(self, p: Player, b: Building, *, declare: bool) -> bool:
        """Category, same-id, licence, wall and pair rules (not gold) for player p and tile b."""
        if self.supply[b.bid] <= 0 or p.cats >> b.category & 1:
            return False
        cat = b.category
        if cat <= UTILITY:
            if p.bmask >> b.bid & 1:
                return False
            if cat == PRODUCTION and b.licence and not p.bmask & LICENCE_MASK[b.licence - 1]:
                return False
        elif cat == PUBLIC:
            supply = self.supply
            if any(supply[d] for d in DEARER[b.bid]):
                return False
        elif not declare or p.office != URBI:  # walls: only the Praefectus Urbi, never by pre-emption
            return False
        return True

    def _legal_buy(self, p: Player, acts: list[Action]) -> None:
        discount = p.bmask >> REDEMPTOR & 1 and not p.redemptor_used
        gold = p.gold
        affordable = gold + (R.redemptor_discount if discount else 0)
        for b in TILES:
            # The price test first: it is cheap and rules most tiles out (the profile's top entry
            # was the rule check below, run for every tile on every turn).
            if b.cost <= affordable and self._may_own(p, b, declare=True):
                if gold >= b.cost:
                    acts.append(BUY[(b.bid, False)])
                if discount and gold >= max(0, b.cost - R.redemptor_discount):
                    acts.append(BUY[(b.bid, True)])

    def _apply_buy(self, seat: int, a: Action, ev: list[Event]) -> None:
        bid, red = PAYLOAD[a.index]
        b = B[bid]
        consul = self.holder[CONSUL]
        if consul >= 0 and consul != seat:
            cp = self.players[consul]
            if cp.gold >= b.cost and self._may_own(cp, b, declare=False):
                ev.append({"type": "buy_declared", "seat": seat, "building": b.id, "consul": consul})
                self.stack.append(Preempt(PREEMPT, consul, seat, bid, red))
                return
        self._complete_buy(seat, bid, red, ev)

    def _complete_buy(self, seat: int, bid: int, red: int, ev: list[Event]) -> None:
        p = self.players[seat]
        b = B[bid]
        price = b.cost
        if red:
            price = max(0, price - R.redemptor_discount)
            p.redemptor_used = True
        self._gain(seat, b, price, ev)

    def _apply_preempt(self, f: Preempt, a: Action, ev: list[Event]) -> None:
        """The Consul answers ``f`` (already popped)."""
        _, consul, buyer, bid, red = f
        if PAYLOAD[a.index][0]:
            self.players[consul].preempted = True
            ev.append({"type": "preempted", "seat": consul, "buyer": buyer, "building": B[bid].id})
            self._gain(consul, B[bid], B[bid].cost, ev)
        else:
            ev.append({"type": "preempt_declined", "seat": consul, "buyer": buyer, "building": B[bid].id})
            self._complete_buy(buyer, bid, red, ev)

    def _gain(self, seat: int, b: Building, price: int, ev: list[Event]) -> None:
        p = self.players[seat]
        p.gold -= price
        self.supply[b.bid] -= 1
        p.bmask |= 1 << b.bid
        p.cats |= 1 << b.category
        ev.append({"type": "bought", "seat": seat, "building": b.id, "gold": price})
        if b.category == PRODUCTION:
            p.prod_level += 1
            p.pmask |= OUT_MASK[b.bid]
        elif b.category == PUBLIC:
            p.fp += b.fp
            ev.append({"type": "fame", "seat": seat, "fp": b.fp, "source": b.id})
        elif b.bid == AUREA:
            p.gold += R.porta_aurea_gold
            ev.append({"type": "wall_income", "seat": seat, "building": b.id, "gold": R.porta_aurea_gold})
        elif b.bid == CHARISIANA:
            self.stack.append(Good(GOOD, seat, 1))

    # ---- market (spec §3.9.1) -----------------------------------------------------------------
    def trade_limit(self, p: Player) -> int:
        bmask = p.bmask
        return (MARKET_LIMIT[self.market] + (TELONIUM_BONUS if bmask >> TELONIUM & 1 else 0)
                + (RHEGII_BONUS if bmask >> RHEGII & 1 else 0))

    def _legal_market(self, p: Player, acts: list[Action]) -> None:
        room = self.trade_limit(p) - p.trades
        if room <= 0:
            return
        buy = MARKET_BUY[self.market]
        sold, bought, gold, goods = p.sold, p.bought, p.gold, p.goods
        for g in range(5):
            if not sold >> g & 1:
                q = gold // buy[g]
                if q > 0:
                    acts.extend(MBUY[g][:q if q < room else room])
            if not bought >> g & 1:
                q = goods[g]
                if q > 0:
                    acts.extend(MSELL[g][:q if q < room else room])

    def _apply_market(self, seat: int, a: Action, ev: list[Event]) -> None:
        p = self.players[seat]
        g, q = PAYLOAD[a.index]
        m = C.markets[self.market]
        p.trades += q
        if a.kind == "market_buy":
            p.gold -= q * m.buy[g]
            p.goods[g] += q
            p.bought |= 1 << g
            ev.append({"type": "market_buy", "seat": seat, "good": GOODS[g], "qty": q, "gold": q * m.buy[g]})
        else:
            p.gold += q * m.sell[g]
            p.goods[g] -= q
            p.sold |= 1 << g
            ev.append({"type": "market_sell", "seat": seat, "good": GOODS[g], "qty": q, "gold": q * m.sell[g]})

    # ---- commercial buildings and Porta Pegae (spec §3.9.2, §3.9.3) --------------------------------
    def _uses(self, p: Player, b: Building, table: Mapping[tuple[int, int | None], Action], acts: list[Action]) -> None:
        if b.input_any:
            for g in range(5):
                if p.pmask >> g & 1 and p.goods[g] >= b.input_any:
                    acts.append(table[(b.bid, g)])
        elif INPUT_MASK[b.bid] & ~p.pmask == 0 and all(p.goods[g] >= b.input[g] for g in range(5)):
            acts.append(table[(b.bid, None)])

    def _legal_commercial(self, p: Player, acts: list[Action]) -> None:
        pegae = p.bmask >> PEGAE_WALL & 1 and not p.pegae_used
        for b in COMMERCIALS:
            if p.bmask >> b.bid & 1:
                if not p.com_used >> b.bid & 1:
                    self._uses(p, b, COMMERCIAL, acts)
                elif pegae:
                    self._uses(p, b, PEGAE, acts)

    def _apply_commercial(self, seat: int, a: Action, ev: list[Event]) -> None:
        p = self.players[seat]
        bid, g = PAYLOAD[a.index]
        b = B[bid]
        if g >= 0:
            p.goods[g] -= b.input_any
        else:
            for i in range(5):
                p.goods[i] -= b.input[i]
        if a.kind == "use_porta_pegae":
            p.pegae_used = True
        p.com_used |= 1 << bid
        p.gold += b.gold
        p.fp += b.fp
        ev.append({"type": "commercial", "seat": seat, "building": b.id, "gold": b.gold, "fp": b.fp,
                   "again": a.kind == "use_porta_pegae"})
