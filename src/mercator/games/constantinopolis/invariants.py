"""Invariants the conformance kit checks after every step: nothing negative, no contract or
building from nowhere, and fame changes only through events that say so."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from mercator.engine.state import Event

from .frames import Load, Swap
from .space import C

if TYPE_CHECKING:
    from .state import ConstantinopolisState


def violations(state: ConstantinopolisState, before: ConstantinopolisState, events: list[Event]) -> list[str]:
    out = []
    for s, p in enumerate(state.players):
        if p.gold < 0 or p.fp < 0 or min(p.goods) < 0:
            out.append(f"seat {s} has negative gold, fame or goods")
        gained = sum(e.get("fp", 0) for e in events if e.get("seat") == s)
        if p.fp - before.players[s].fp != gained:
            out.append(f"seat {s} fame moved by {p.fp - before.players[s].fp} but events say {gained}")
    if min(state.supply) < 0 or min(state.ship_supply) < 0:
        out.append("a supply is negative")
    cards = list(state.deck) + list(state.discard)
    for p in state.players:
        cards += p.hand + [c for c, _ in p.reserved] + [c for _, _, cs in p.ships for c in cs]
    for f in state.stack:
        if isinstance(f, Load):
            cards += list(f.cards)
        elif isinstance(f, Swap):
            cards.append(f.first)
    counts = Counter(cards)
    if len(counts) != len(C.contracts) or max(counts.values()) != 1:
        out.append(f"contracts are not conserved: {len(cards)} cards, {len(counts)} distinct")
    for b in C.buildings:
        owned = sum(p.bmask >> b.bid & 1 for p in state.players)
        if b.id != "ager" and owned + state.supply[b.bid] != before.supply[b.bid] + sum(
                p.bmask >> b.bid & 1 for p in before.players):
            out.append(f"building {b.id} appeared or vanished")
    ships = [sum(1 for p in state.players for z, _, _ in p.ships if z == size) + state.ship_supply[size]
             for size in range(3)]
    if ships != list(C.ship_copies):
        out.append(f"ships are not conserved: {ships}")
    return out
