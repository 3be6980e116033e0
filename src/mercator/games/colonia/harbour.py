"""Friday's loading (spec §3.6) and Saturday's payday, close-up and refill (§3.7)."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import CURRENCIES
from .fields import StateFields
from .flow import M_DEPART, M_LOAD_FEE, M_LOAD_LIMIT, M_PAY
from .player import Player
from .space import HOLDS, LOAD, SHIP_IDS, C, R

SHIP_HOLDS = [s.holds for s in C.ships]
SHIP_CITY = [s.city for s in C.ships]
# Per ship and hold: the (good, count) pairs it needs, for a quick check against a player's goods.
HOLD_NEEDS = [[tuple((g, n) for g, n in enumerate(need) if n) for need in s.holds] for s in C.ships]


class HarbourRules(StateFields):
    __slots__ = ()

    # ---- Friday --------------------------------------------------------------------------------
    def _legal_load(self, p: Player, acts: list[Action]) -> None:
        limit = self.mods[M_LOAD_LIMIT]
        if not p.supply or (limit and p.holds_loaded >= limit):
            return
        fee = self.mods[M_LOAD_FEE]
        goods = p.goods
        owners = self.hold_owner
        for ship in self.berths:
            if ship < 0 or (fee and p.money[SHIP_CITY[ship]] < fee):
                continue
            base = ship * HOLDS
            for h, needs in enumerate(HOLD_NEEDS[ship]):
                if owners[base + h] < 0:
                    for g, n in needs:
                        if goods[g] < n:
                            break
                    else:
                        acts.append(LOAD[(ship, h)])

    def _load(self, seat: int, ship: int, h: int, ev: list[Event]) -> None:
        p = self.players[seat]
        need = SHIP_HOLDS[ship][h]
        for g in range(5):
            p.goods[g] -= need[g]
        p.supply -= 1
        p.holds_loaded += 1
        self.hold_owner[ship * HOLDS + h] = seat
        fee = self.mods[M_LOAD_FEE]
        city = SHIP_CITY[ship]
        p.money[city] -= fee
        ev.append({"type": "hold_loaded", "seat": seat, "ship": SHIP_IDS[ship], "hold": h + 1,
                   "goods": self._goods_dict(need), "fee": fee, "currency": CURRENCIES[city]})

    def _end_loading(self, ev: list[Event]) -> None:
        returned = 0
        for p in self.players:
            returned += p.st_harb
            p.supply += p.st_harb
            p.st_harb = 0
        ev.append({"type": "street_step", "street": "street_harbour", "returned": returned, "moved": 0})

    # ---- Saturday ------------------------------------------------------------------------------
    def _depart_berth(self, b: int, delta: int, ev: list[Event]) -> None:
        """The ship on berth ``b`` (if any) departs: each loaded hold pays its owner in the ship's
        currency, its goods go back to the supply and its member to the harbour street field."""
        ship = self.berths[b]
        if ship < 0:
            return
        self.berths[b] = -1
        city = SHIP_CITY[ship]
        ev.append({"type": "ship_departed", "ship": SHIP_IDS[ship], "berth": b + 1})
        for h, need in enumerate(SHIP_HOLDS[ship]):
            owner = self.hold_owner[ship * HOLDS + h]
            if owner < 0:
                continue
            self.hold_owner[ship * HOLDS + h] = -1
            pay = max(0, C.ships[ship].payouts[h] + delta)
            p = self.players[owner]
            p.money[city] += pay
            p.st_harb += 1
            for g in range(5):
                self.gsupply[g] += need[g]
            ev.append({"type": "payout", "seat": owner, "ship": SHIP_IDS[ship], "hold": h + 1, "amount": pay,
                       "currency": CURRENCIES[city]})

    def departures(self) -> int:
        if self.week == self.last_week:
            return R.berths
        return min(max(self.departing + self.mods[M_DEPART], 0), R.berths)

    def _payday(self, ev: list[Event]) -> None:
        for b in range(self.departures()):
            self._depart_berth(b, self.mods[M_PAY], ev)
        ships = [s for s in self.berths if s >= 0]
        self.berths = ships + [-1] * (R.berths - len(ships))  # close up toward berth I
        if self.week == self.last_week:
            return
        for b in range(len(ships), R.berths):  # refill, lowest empty berth first
            if not self.ship_deck:
                break
            self.berths[b] = self.ship_deck.pop()
            self.reveal = True
            ev.append({"type": "ship_arrived", "ship": SHIP_IDS[self.berths[b]], "berth": b + 1})
