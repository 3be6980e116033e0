"""An evaluation of a Constantinopolis position for one seat, in fame points (FP), used by
the greedy bot and as a rollout guide. Built from the spec's economy (§6.13) and its clock: gold
trades at about 3.5 gold per FP while there are rounds to invest it, but at the end it scores
only 1 FP per 15 (§4.2), so as the building phases run out a gold is worth what it can still buy,
a public building at 7-11 gold per FP, one a round. An asset is worth what it yields over the
rounds left (the game lasts at most 9 rounds); walls score by their final table (§4.2)."""

from __future__ import annotations

from .data import Building, content
from .frames import Bid, Load
from .state import ConstantinopolisState

C = content()
DESIGN = [g.design_value for g in C.goods]
CARDS = C.contracts
R = C.rules
MAX_ROUNDS = 9
GOLD_PER_FP = 3.5  # while gold can still be invested
# Gold per FP with one building phase left (about a public building's price per FP) and each
# further phase nearer to the invested rate; after the last building phase, the final scoring's.
LAST_PHASE_GOLD_PER_FP = 8.0
PHASE_STEP = 1.5
WALLS = [b.bid for b in C.buildings if b.category == 4]
CLOCK = True  # off: the flat 3.5 gold per FP of the first version (for A/B, benchmarks/experiments)
# Rough worth of holding each office for a round, in FP (Magister: 3 cards; Comes: 4 gold; ...).
OFFICE_VALUE = (1.0, 0.8, 1.1, 0.6, 0.7)


def _building_value(b: Building, rounds_left: int) -> float:
    if b.category == 0:  # production: output each round, sold or shipped at about design value
        return sum(o * v for o, v in zip(b.output, DESIGN, strict=True)) / GOLD_PER_FP * 0.6 * rounds_left + 0.4
    if b.category == 1:  # commercial: one use a round
        return (b.gold / GOLD_PER_FP + b.fp) * 0.45 * rounds_left
    if b.category == 2:
        return 0.25 * rounds_left
    if b.category == 4:  # its perk each round; its final FP are counted by the wall table
        return 0.3 * rounds_left + (0.0 if CLOCK else 2.0)
    return 0.0  # public buildings pay their FP on purchase


def gold_per_fp(state: ConstantinopolisState) -> float:
    """What a gold kept now is worth, in gold per FP, given the building phases still to come after
    this point (this round's phase 4 if it has not begun, and each later round's, up to the final
    round if known, else round 9): during the final building phase, what is not spent now scores
    only at the end."""
    if not CLOCK:
        return GOLD_PER_FP
    last = state.final_round or MAX_ROUNDS
    phases = last - state.round + (1 if state.phase < 4 else 0)
    if phases <= 0:
        return float(R.gold_per_final_fp)
    return max(GOLD_PER_FP, LAST_PHASE_GOLD_PER_FP - PHASE_STEP * (phases - 1))


def evaluate(state: ConstantinopolisState, seat: int) -> float:
    p = state.players[seat]
    if state.is_over():
        return p.fp + p.gold / 1000.0 + sum(p.goods) / 1e5
    rounds_left = max(0, (state.final_round or MAX_ROUNDS) - state.round)
    rate = gold_per_fp(state)
    value = p.fp + p.gold / rate
    value += sum(n * v for n, v in zip(p.goods, DESIGN, strict=True)) / rate * 0.7
    for b in C.buildings:
        if b.id != "ager" and p.bmask >> b.bid & 1:
            value += _building_value(b, rounds_left)
    if CLOCK:  # walls score at the end by how many a player owns
        value += R.wall_fp[sum(p.bmask >> w & 1 for w in WALLS)]
    for _, _loc, cards in p.ships:
        for c in cards:
            value += CARDS[c].fp + CARDS[c].gold / rate
    top = state.stack[-1] if state.stack else None
    if isinstance(top, Bid) and top.leader == seat:  # a standing bid is money already promised
        value -= (top.bid - (state.stake[top.office] if top.holder == seat else 0)) / rate
    if p.office >= 0:
        value += OFFICE_VALUE[p.office]
    if isinstance(top, Load) and top.seat == seat:  # count a ship being loaded as if sailed
        value += sum(CARDS[c].fp + CARDS[c].gold / rate for c in top.cards)
        value -= sum(n * v for n, v in zip(top.need, DESIGN, strict=True)) / rate * 0.7
    value += 0.6 * len(p.ships) * min(rounds_left, 4)
    value += 0.4 * p.posts * min(rounds_left, 4)
    value += sum(0.5 for _ in p.reserved)
    return value
