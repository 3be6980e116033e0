"""Wednesday's market (spec §3.4) and Thursday's craftsmen (§3.5): stalls paid with one member
per raw material, commissions with escalating member costs, the dice, delivery and move-up."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import CRAFTSMEN, GOODS, RAWS
from .fields import StateFields
from .flow import M_DICE_EXTRA, M_DICE_NONE, M_FLAT, M_STALL, M_STALL_LIMIT
from .player import Player
from .space import BUY_STALL, COMMISSION, C, R

FACE_ALL = 6


class MarketRules(StateFields):
    __slots__ = ()

    # ---- Wednesday -----------------------------------------------------------------------------
    def stall_cost(self, i: int) -> int:
        return max(1, sum(self.stalls[i]) + self.mods[M_STALL])

    def _legal_market(self, p: Player, acts: list[Action]) -> None:
        limit = self.mods[M_STALL_LIMIT]
        if limit and p.stalls_bought >= limit:
            return
        for i, raws in enumerate(self.stalls):
            if self.stall_owner[i] < 0 and any(raws) and p.supply >= self.stall_cost(i):
                acts.append(BUY_STALL[i])

    def _buy_stall(self, seat: int, i: int, ev: list[Event]) -> None:
        p = self.players[seat]
        cost = self.stall_cost(i)
        raws = self.stalls[i]
        for t in range(5):
            p.raws[t] += raws[t]
        ev.append({"type": "stall_bought", "seat": seat, "stall": i + 1, "raws": self._raw_dict(raws),
                   "members": cost})
        self.stalls[i] = [0] * 5
        p.supply -= cost
        p.stalls_bought += 1
        self.stall_owner[i] = seat
        self.stall_members[i] = cost

    def _end_market(self, ev: list[Event]) -> None:
        left = 0
        for i, raws in enumerate(self.stalls):  # unbought raws go back into the bag
            for t in range(5):
                self.bag[t] += raws[t]
                left += raws[t]
            self.stalls[i] = [0] * 5
        if left:
            ev.append({"type": "leftovers_returned", "count": left})
        returned = sum(p.st_wed for p in self.players)
        for p in self.players:
            p.supply += p.st_wed
            p.st_wed = 0
        for i, owner in enumerate(self.stall_owner):
            if owner >= 0:
                self.players[owner].st_wed += self.stall_members[i]
        ev.append({"type": "street_step", "street": "street_wed", "returned": returned,
                   "moved": sum(self.stall_members)})
        self.stall_owner = [-1] * R.stalls
        self.stall_members = [0] * R.stalls

    # ---- Thursday -----------------------------------------------------------------------------
    def commission_cost(self, c: int) -> int:
        return self.mods[M_FLAT] or self.commissions[c] + 1

    def _legal_commission(self, p: Player, acts: list[Action]) -> None:
        raws = p.raws
        for c, (a, b) in enumerate(C.recipes):
            if raws[a] and raws[b] and len(self.cols[c]) < R.craft_column_fields and \
                    p.supply >= self.commission_cost(c):
                acts.append(COMMISSION[c])

    def _commission(self, seat: int, c: int, ev: list[Event]) -> None:
        p = self.players[seat]
        k = self.commission_cost(c)
        for t in C.recipes[c]:
            if p.raws[t] == p.unk[t]:  # no known raw of this type left: an unknown starting raw shows
                p.unk[t] -= 1
                self.reveal = True
            p.raws[t] -= 1
            self.bag[t] += 1
        p.supply -= k
        self.cols[c] = self.cols[c] + [(seat, k)]
        self.commissions[c] += 1
        ev.append({"type": "commissioned", "seat": seat, "craftsman": CRAFTSMEN[c], "field": len(self.cols[c]),
                   "members": k, "raws": [RAWS[t] for t in C.recipes[c]]})

    def _end_craftsmen(self, ev: list[Event]) -> None:
        rolls = 0 if self.mods[M_DICE_NONE] else self.dice_count + self.mods[M_DICE_EXTRA]
        top = R.craft_column_fields
        for _ in range(rolls):  # the mayor's rolls: 1-5 one craftsman, 6 every craftsman
            face = self.rng.below(6) + 1
            for c in range(5) if face == FACE_ALL else (face - 1,):
                self.sticks[c] = min(top, self.sticks[c] + 1)
            ev.append({"type": "die_rolled", "face": face, "orders": list(self.sticks)})
        served: list[tuple[int, int]] = []
        for c in range(5):  # delivery, column by column, top down
            col = self.cols[c]
            n = 0
            for owner, size in col[:self.sticks[c]]:
                if not self.gsupply[c]:
                    ev.append({"type": "good_unavailable", "seat": owner, "craftsman": CRAFTSMEN[c], "good": GOODS[c]})
                    break
                self.gsupply[c] -= 1
                self.players[owner].goods[c] += 1
                served.append((owner, size))
                n += 1
                ev.append({"type": "good_delivered", "seat": owner, "craftsman": CRAFTSMEN[c], "good": GOODS[c]})
            if n:
                self.cols[c] = col[n:]  # move up: the unserved stacks keep their order
        returned = sum(p.st_thu for p in self.players)
        for p in self.players:
            p.supply += p.st_thu
            p.st_thu = 0
        for owner, size in served:
            self.players[owner].st_thu += size
        ev.append({"type": "street_step", "street": "street_thu", "returned": returned,
                   "moved": sum(size for _, size in served)})
        self.sticks = [0] * 5
