"""Invariants the conformance kit checks after every step: every family member is somewhere
(spec §3.0.3), nothing is negative, and raws, goods, ships and relic cards are conserved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mercator.engine.state import Event

from .flow import D_NONE
from .space import HOLDS, C, R

if TYPE_CHECKING:
    from .state import ColoniaState


def member_locations(state: ColoniaState, seat: int) -> dict[str, int]:
    """Where ``seat``'s members are, by location (the council is empty between steps)."""
    p = state.players[seat]
    return {
        "supply": p.supply, "street_tue": p.st_tue, "street_wed": p.st_wed, "street_thu": p.st_thu,
        "street_harbour": p.st_harb,
        "stalls": sum(n for o, n in zip(state.stall_owner, state.stall_members, strict=True) if o == seat),
        "columns": sum(k for col in state.cols for o, k in col if o == seat),
        "holds": sum(1 for o in state.hold_owner if o == seat),
        "reservations": sum(1 for o in state.reserver if o == seat),
    }


def violations(state: ColoniaState, before: ColoniaState, events: list[Event]) -> list[str]:
    out: list[str] = []
    members = R.members_per_player[str(state.n)]
    raws = list(state.bag)
    goods = list(state.gsupply)
    for s, p in enumerate(state.players):
        where = member_locations(state, s)
        if sum(where.values()) != members or min(where.values()) < 0:
            out.append(f"seat {s} members not conserved: {where}")
        if min(p.money) < 0 or min(p.goods) < 0 or min(p.raws) < 0 or min(p.unk) < 0:
            out.append(f"seat {s} has a negative amount")
        if any(u > r for u, r in zip(p.unk, p.raws, strict=True)):
            out.append(f"seat {s} has more unknown than actual raws")
        for t in range(5):
            raws[t] += p.raws[t]
            goods[t] += p.goods[t]
    for stall in state.stalls:
        for t in range(5):
            raws[t] += stall[t]
    for ship, sh in enumerate(C.ships):
        for h, need in enumerate(sh.holds):
            if state.hold_owner[ship * HOLDS + h] >= 0:
                for t in range(5):
                    goods[t] += need[t]
    if raws != list(C.raw_counts):
        out.append(f"raw materials not conserved: {raws}")
    if goods != list(C.goods_supply):
        out.append(f"goods not conserved: {goods}")
    owned = [r for p in state.players for r in p.relics]
    owned += [C.shrine_of_city[c] for p in state.players for c, x in enumerate(p.shrines) if x != -2]
    cards = state.relic_deck + state.relic_discard + state.display + owned
    if sorted(cards) != list(range(len(C.relics))):
        out.append("relic cards not conserved")
    fills = [x for p in state.players for x in p.shrines if x >= 0]
    if len(set(fills)) != len(fills) or any(x not in p.relics for p in state.players for x in p.shrines if x >= 0):
        out.append("a shrine holds a relic its owner does not own")
    ships = [s for s in state.berths if s >= 0] + state.ship_deck
    if len(set(ships)) != len(ships) or len(ships) > len(before.berths) + len(C.ships):
        out.append("ships duplicated")
    if any(o >= 0 and ship not in state.berths for ship in range(len(C.ships))
           for o in state.hold_owner[ship * HOLDS:(ship + 1) * HOLDS]):
        out.append("a hold is loaded on a ship that is not in the harbour")
    for c, col in enumerate(state.cols):
        if len(col) > R.craft_column_fields or state.sticks[c] > R.craft_column_fields:
            out.append(f"craftsman column {c} overfull")
    if not state.over and state.dec == D_NONE:
        out.append("no decision open although the game is not over")
    return out
