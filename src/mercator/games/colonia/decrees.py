"""Decree votes at the start of days 3-7 (spec §3.3) and each decree's effect (§6.7)."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .fields import StateFields
from .flow import (
    D_MAYOR,
    D_NONE,
    D_VOTE,
    M_DEPART,
    M_DICE_EXTRA,
    M_DICE_NONE,
    M_FLAT,
    M_LOAD_FEE,
    M_LOAD_LIMIT,
    M_NO_RESERVE,
    M_PAY,
    M_RELIC,
    M_STALL,
    M_STALL_LIMIT,
    PC_PHASE,
)
from .space import ADOPT, PAYLOAD, C, R

ADOPTED, REJECTED = 1, 2


class DecreeRules(StateFields):
    __slots__ = ()

    def _next_decree(self, ev: list[Event]) -> None:
        """Open the vote on the leftmost unresolved decree of today, or start the day's phase."""
        for i, d in enumerate(self.decrees):
            if self.dstate[i] == 0 and C.decrees[d].day == self.day:
                self.vslot = i
                voters = tuple(s for s in self.order if self.players[s].votes > 0)
                ev.append({"type": "decree_vote", "decree": C.decrees[d].id, "voters": len(voters)})
                if self.open_choices(voters):
                    self.dec = D_VOTE
                else:  # nobody holds votes: 0 : 0, the mayor decides
                    self.dec = D_MAYOR
                return
        self.pc = PC_PHASE

    def _commit_vote(self, seat: int, a: Action, ev: list[Event]) -> None:
        ev.append({"type": "committed", "seat": seat, "choice": "vote"})
        chosen = self.commit_choice(seat, a)
        if chosen is None:
            return
        self.reveal = True
        self.dec = D_NONE
        decree = C.decrees[self.decrees[self.vslot]].id
        yes = no = 0
        for s, choice in chosen:
            said_yes = bool(PAYLOAD[choice.index][0])
            weight = self.players[s].votes
            if said_yes:
                yes += weight
            else:
                no += weight
            ev.append({"type": "voted", "seat": s, "decree": decree, "yes": said_yes, "votes": weight})
        ev.append({"type": "vote_result", "decree": decree, "yes_votes": yes, "no_votes": no})
        if yes == no:
            self.dec = D_MAYOR
        else:
            self._settle(yes > no, ev)

    def _mayor_decides(self, seat: int, a: Action, ev: list[Event]) -> None:
        adopt = a is ADOPT
        ev.append({"type": "mayor_decides", "seat": seat, "decree": C.decrees[self.decrees[self.vslot]].id,
                   "adopt": adopt})
        self._settle(adopt, ev)

    def _settle(self, adopt: bool, ev: list[Event]) -> None:
        d = C.decrees[self.decrees[self.vslot]]
        self.dstate[self.vslot] = ADOPTED if adopt else REJECTED
        ev.append({"type": "decree_adopted" if adopt else "decree_rejected", "decree": d.id})
        if adopt:
            self._effect(d.effect, d.params, ev)

    def adopted(self, decree_id: str) -> bool:
        return any(C.decrees[d].id == decree_id and st == ADOPTED for d, st in zip(self.decrees, self.dstate,
                                                                                 strict=True))

    def _effect(self, effect: str, p: dict[str, int], ev: list[Event]) -> None:
        """Numeric modifiers add up (clamped where used); board effects happen now (spec §3.3 step 5)."""
        m = self.mods
        if effect == "stall_cost_delta":
            m[M_STALL] += p.get("toll", 0) - p.get("discount", 0)
        elif effect == "stall_limit":
            m[M_STALL_LIMIT] = min(m[M_STALL_LIMIT] or p["max"], p["max"])
        elif effect == "dice_none":
            m[M_DICE_NONE] = 1
        elif effect == "dice_extra":
            m[M_DICE_EXTRA] += p["rolls"]
        elif effect == "commission_flat":
            m[M_FLAT] = p["members"]
        elif effect == "load_limit":
            m[M_LOAD_LIMIT] = min(m[M_LOAD_LIMIT] or p["max"], p["max"])
        elif effect == "load_fee":
            m[M_LOAD_FEE] += p["coins"]
        elif effect == "departures_delta":
            m[M_DEPART] += p.get("extra", 0) - p.get("held", 0)
        elif effect == "payout_delta":
            m[M_PAY] += p.get("bonus", 0) - p.get("customs", 0)
        elif effect == "relic_price_delta":
            m[M_RELIC] += p["discount"]
        elif effect == "reservation_ban":
            m[M_NO_RESERVE] = 1
        elif effect == "market_add_raws":
            for i in range(len(self.stalls)):
                drawn = self._draw_raws(p["per_stall"])
                if any(drawn):
                    for t in range(5):
                        self.stalls[i][t] += drawn[t]
                    ev.append({"type": "stall_filled", "stall": i + 1, "raws": self._raw_dict(drawn)})
        elif effect == "sticks_advance":
            self.sticks = [min(R.craft_column_fields, s + p["fields"]) for s in self.sticks]
            ev.append({"type": "sticks_moved", "orders": list(self.sticks)})
        elif effect == "depart_now":
            self._depart_berth(p["berth"] - 1, 0, ev)
        elif effect == "display_add":
            self._draw_into_display(p["cards"], ev)
