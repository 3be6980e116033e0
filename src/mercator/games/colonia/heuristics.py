"""An evaluation of a Colonia position for one seat: an estimate of its final VP (spec §4).

Every asset is valued at what it is expected to turn into, along the game's production chain
(§3.4-§3.8, prices from §6.8/§6.9): raw materials that pair into a recipe become an order, an
order becomes a good when its craftsman is served, goods fill a hold, a hold pays coins of its
ship's city when the ship departs, and coins buy relics at about ``coins_per_vp`` coins a VP while
Sundays remain. After the last Sunday money only counts through the church windows (§4 step 2),
so the weight moves from "spend" to "windows" as the game ends. An empty shrine doubles the best
relic of its city (§4 step 1). Members in the supply are what every action costs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mercator.games.tuned import tuned_evaluation

from .player import EMPTY_SHRINE
from .scoring import relic_vp, window_vp
from .space import HOLDS, C
from .state import ColoniaState


@dataclass(frozen=True)
class Weights:
    """The evaluation's constants, hand-set (the defaults) or tuned by self-play (``tuned.toml``)."""

    coins_per_vp: float = 4.0  # a city's 11 relics cost 109 coins for 28 VP (spec §6.9): about 4 coins a VP
    good_coins: float = 3.5  # a hold pays about 5 coins per good, but the good still needs a hold and a member
    raw_pair_coins: float = 2.0  # two raws that make a recipe: an order (commission costs members)
    raw_single_coins: float = 0.4  # a raw with no partner yet
    order_share: float = 0.8  # an order waiting in a column usually becomes a good
    member_vp: float = 0.04  # a member in the supply: one more action this week
    spend_weeks: float = 2.0  # money counts fully as relics while this many weeks remain, then moves to windows


HAND_MADE = Weights()
SHARES = frozenset({"order_share"})  # tuned below 1
TUNED_FILE = Path(__file__).with_name("tuned.toml")
RECIPES = list(C.recipes)
SCALE = 3.0  # ISMCTS: a lead of 3 VP is a clear one (winning scores are about 20-30 VP)


def _shrine_bonus(state: ColoniaState, seat: int) -> float:
    """VP an empty shrine will add at the end (it doubles the best relic of its city)."""
    p = state.players[seat]
    bonus = 0.0
    for city, fill in enumerate(p.shrines):
        if fill == EMPTY_SHRINE:
            bonus += max((C.relics[r].vp for r in p.relics if C.relics[r].city == city), default=0)
    return bonus


def raw_pairs(raws: list[int]) -> tuple[int, int]:
    """How many recipes the raws can make, and how many raws are then left over."""
    left = list(raws)
    pairs = 0
    while True:
        best, k = RECIPES[0], 0  # the first recipe with the most complete pairs (a hot loop in search)
        for r in RECIPES:
            m = min(left[r[0]], left[r[1]])
            if m > k:
                best, k = r, m
        if k <= 0:
            return pairs, sum(left)
        left[best[0]] -= 1
        left[best[1]] -= 1
        pairs += 1


def _raw_coins(raws: list[int], w: Weights) -> float:
    """Raws that can be paired into recipes count as orders to be, the rest a little."""
    pairs, singles = raw_pairs(raws)
    return pairs * w.raw_pair_coins + singles * w.raw_single_coins


def evaluate(state: ColoniaState, seat: int, w: Weights = HAND_MADE) -> float:
    """The seat's expected final VP, valued with the constants ``w``."""
    p = state.players[seat]
    if state.is_over():
        return state.scores()[seat] + sum(p.money) / 1000.0 + sum(p.goods) / 1e5
    weeks_left = state.last_week - state.week
    value = relic_vp(p) + _shrine_bonus(state, seat)
    # Money buys relics while Sundays remain; after the last one only the windows count.
    spend = 0.0 if weeks_left == 0 and state.day == 7 else min(1.0, (weeks_left + 1) / w.spend_weeks)
    windows = window_vp(state.players)[seat] if spend < 1.0 else 0  # only weighed once Sundays run out
    value += spend * sum(p.money) / w.coins_per_vp + (1 - spend) * windows
    coins = sum(p.goods) * w.good_coins + _raw_coins(p.raws, w)
    for ship in state.berths:  # loaded holds pay out when their ship departs
        if ship >= 0:
            for h in range(len(C.ships[ship].holds)):
                if state.hold_owner[ship * HOLDS + h] == seat:
                    coins += C.ships[ship].payouts[h]
    for c, col in enumerate(state.cols):  # waiting orders will probably become goods
        for f, (owner, _) in enumerate(col):
            if owner == seat:
                coins += w.order_share * w.good_coins / (1 + max(0, f - state.sticks[c]))
    value += coins * spend / w.coins_per_vp
    value += w.member_vp * p.supply
    return value


def tuned(state: ColoniaState) -> Callable[[ColoniaState, int], float]:
    """The evaluation with the constants tuned for this table (``tuned.toml``, ``[colonia.3]``)."""
    return tuned_evaluation(evaluate, TUNED_FILE, HAND_MADE, state.table())


def progress(state: ColoniaState) -> float:
    """How far the game is, from 0 at the start to 1 at the end (the learned evaluation's clock)."""
    return ((state.week - 1) * 7 + state.day - 1) / (state.last_week * 7)
