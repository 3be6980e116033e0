"""An evaluation of a Colonia position for one seat, in victory points (VP), used by the greedy bot.

Built from the spec's economy (§6.8, §6.9, §6.12): a relic costs 3 to 5 coins per VP, so a coin
is worth less than that while relics can still be bought; a good in hand counts below what a hold
pays for it (so loading gains), a raw material about a third of a good, and money left after the
last Sunday only counts through the church windows."""

from __future__ import annotations

from .player import EMPTY_SHRINE
from .scoring import relic_vp, window_vp
from .space import HOLDS, C
from .state import ColoniaState

COINS_PER_VP = 6.0
GOOD_COINS = 3.0
RAW_COINS = 1.0
MEMBER_VP = 0.05


def _shrine_bonus(state: ColoniaState, seat: int) -> float:
    """VP an empty shrine will add at the end (it doubles the best relic of its city)."""
    p = state.players[seat]
    bonus = 0.0
    for city, fill in enumerate(p.shrines):
        if fill == EMPTY_SHRINE:
            bonus += max((C.relics[r].vp for r in p.relics if C.relics[r].city == city), default=0)
    return bonus


def evaluate(state: ColoniaState, seat: int) -> float:
    p = state.players[seat]
    if state.is_over():
        return state.scores()[seat] + sum(p.money) / 1000.0 + sum(p.goods) / 1e5
    weeks_left = state.last_week - state.week
    value = relic_vp(p) + _shrine_bonus(state, seat)
    # Money buys relics while Sundays remain; after the last one only the windows count.
    spend = 0.0 if weeks_left == 0 and state.day == 7 else min(1.0, (weeks_left + 1) / 2)
    value += spend * sum(p.money) / COINS_PER_VP + (1 - spend) * window_vp(state.players)[seat]
    value += sum(p.goods) * GOOD_COINS / COINS_PER_VP * spend
    value += sum(p.raws) * RAW_COINS / COINS_PER_VP * spend
    for ship in state.berths:  # loaded holds pay out when their ship departs
        if ship >= 0:
            for h in range(len(C.ships[ship].holds)):
                if state.hold_owner[ship * HOLDS + h] == seat:
                    value += C.ships[ship].payouts[h] / COINS_PER_VP * spend
    for c, col in enumerate(state.cols):  # waiting orders will probably become goods
        for f, (owner, _) in enumerate(col):
            if owner == seat:
                value += 0.8 * GOOD_COINS / COINS_PER_VP * spend / (1 + max(0, f - state.sticks[c]))
    value += MEMBER_VP * p.supply
    return value
