"""Invariants the conformance kit checks after every step (spec §3.12): members, cards, goods and
privileges are conserved, one member per seat and space, and VP move only through events."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from mercator.engine.state import Event

if TYPE_CHECKING:
    from .state import ValenciaState

BLOCKED = 9


def violations(state: ValenciaState, before: ValenciaState, events: list[Event]) -> list[str]:
    out: list[str] = []
    er = state.ed.rules
    deck = Counter(v for v in er.deck_values for _ in range(er.deck_copies))
    for s, p in enumerate(state.players):
        members = p.supply + state.council.count(s) + state.city.count(s)
        if members != er.family_members:
            out.append(f"seat {s} has {members} family members, not {er.family_members}")
        if p.coins < 0 or min(p.goods) < 0 or p.privileges < 0 or p.supply < 0:
            out.append(f"seat {s} has a negative amount")
        unstacked = p.cards_in_play() if not p.stacks else [v for k in p.open_stacks() for v in p.stacks[k]]
        cards = Counter(p.pile + unstacked + state.bid_cards[s] + p.discard + p.hidden)
        if cards != deck:
            out.append(f"seat {s}: influence cards are not conserved: {sorted(cards.elements())}")
        if not 0 <= p.known_bottom <= len(p.pile):
            out.append(f"seat {s}: known bottom {p.known_bottom} outside the pile")
        gained = sum(e.get("vp", 0) for e in events if e.get("seat") == s)
        if p.vp - before.players[s].vp != gained:
            out.append(f"seat {s} VP moved by {p.vp - before.players[s].vp} but events say {gained}")
    for g in range(5):
        held = state.goods_supply[g] + sum(p.goods[g] for p in state.players)
        if held != state.ed.goods_per_guild or state.goods_supply[g] < 0:
            out.append(f"goods of guild {g} are not conserved ({held})")
    if state.privilege_supply + sum(p.privileges for p in state.players) != er.privileges:
        out.append("privileges are not conserved")
    if state.bonus_supply + sum(state.bonus_at) != er.bonus_pieces:
        out.append("bonus pieces are not conserved")
    for c, who in enumerate(state.city):
        if who != -1 and state.map.kind[c] not in range(5):
            out.append(f"a member or blocker stands on cell {c}, which is not a guild space")
        if who == BLOCKED and (state.n != 2 or c not in state.map.blocked_2p):
            out.append(f"a blocker on cell {c} outside the two-player setup")
    if any(state.lm_at[c] >= 0 and state.map.kind[c] != 5 for c in range(len(state.lm_at))):
        out.append("a landmark stands off a site")
    return out
