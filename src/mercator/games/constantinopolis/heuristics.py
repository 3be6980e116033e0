"""An evaluation of a Constantinopolis position for one seat, in fame points (FP), used by
the greedy bot and as a rollout guide. Built from the spec's economy (§6.13): gold trades at
about 3 gold per FP during play and 15 gold per FP at the end; an asset is worth what it
yields over the rounds left (the game lasts at most 9 rounds)."""

from __future__ import annotations

from .data import Building, content
from .frames import Bid, Load
from .state import ConstantinopolisState

C = content()
DESIGN = [g.design_value for g in C.goods]
CARDS = C.contracts
MAX_ROUNDS = 9
GOLD_PER_FP = 3.5
# Rough worth of holding each office for a round, in FP (Magister: 3 cards; Comes: 4 gold; ...).
OFFICE_VALUE = (1.0, 0.8, 1.1, 0.6, 0.7)


def _building_value(b: Building, rounds_left: int) -> float:
    if b.category == 0:  # production: output each round, sold or shipped at about design value
        return sum(o * v for o, v in zip(b.output, DESIGN, strict=True)) / GOLD_PER_FP * 0.6 * rounds_left + 0.4
    if b.category == 1:  # commercial: one use a round
        return (b.gold / GOLD_PER_FP + b.fp) * 0.45 * rounds_left
    if b.category == 2:
        return 0.25 * rounds_left
    if b.category == 4:
        return 0.3 * rounds_left + 2.0
    return 0.0  # public buildings pay their FP on purchase


def evaluate(state: ConstantinopolisState, seat: int) -> float:
    p = state.players[seat]
    if state.is_over():
        return p.fp + p.gold / 1000.0 + sum(p.goods) / 1e5
    rounds_left = max(0, (state.final_round or MAX_ROUNDS) - state.round)
    value = p.fp + p.gold / GOLD_PER_FP
    value += sum(n * v for n, v in zip(p.goods, DESIGN, strict=True)) / GOLD_PER_FP * 0.7
    for b in C.buildings:
        if b.id != "ager" and p.bmask >> b.bid & 1:
            value += _building_value(b, rounds_left)
    for _, _loc, cards in p.ships:
        for c in cards:
            value += CARDS[c].fp + CARDS[c].gold / GOLD_PER_FP
    top = state.stack[-1] if state.stack else None
    if isinstance(top, Bid) and top.leader == seat:  # a standing bid is money already promised
        value -= (top.bid - (state.stake[top.office] if top.holder == seat else 0)) / GOLD_PER_FP
    if p.office >= 0:
        value += OFFICE_VALUE[p.office]
    if isinstance(top, Load) and top.seat == seat:  # count a ship being loaded as if sailed
        value += sum(CARDS[c].fp + CARDS[c].gold / GOLD_PER_FP for c in top.cards)
        value -= sum(n * v for n, v in zip(top.need, DESIGN, strict=True)) / GOLD_PER_FP * 0.7
    value += 0.6 * len(p.ships) * min(rounds_left, 4)
    value += 0.4 * p.posts * min(rounds_left, 4)
    value += sum(0.5 for _ in p.reserved)
    return value
