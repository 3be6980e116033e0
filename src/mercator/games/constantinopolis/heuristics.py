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
WALL_TILES = [b for b in C.buildings if b.category == 4]
WALLS = [b.bid for b in WALL_TILES]
MAGISTER, PRETORIO, COMES, URBI, CONSUL = range(5)  # office slots (spec §3.1.1)
SWAP_FP = 0.3  # the Urbi's and the Consul's contract swap in phase 6
OFFICES = True  # off: each office a fixed worth all round (the first version)
CLOCK = True  # off: the flat 3.5 gold per FP of the first version (for A/B, benchmarks/experiments)
# Rough worth of holding each office for a round, in FP (Magister: 3 cards; Comes: 4 gold; ...).
OFFICE_VALUE = (1.0, 0.8, 1.1, 0.6, 0.7)
# Utility buildings (spec §6.7) by what their ability saves or earns in a building phase, in gold. Before,
# every one was worth 0.25 FP a round, under any price, so no bot ever bought one.
#   build_discount_3: the discount, on the purchase made in most phases;
#   passenger_bonus: a gold per passenger on the contracts fulfilled, about one a round;
#   storage_limit_4: the goods kept beyond the limit in some rounds, at their design value;
#   trade_limit_plus_2: two more trades, each worth about one gold over the market's price.
PURCHASE_SHARE = 0.7
MEAN_PASSENGERS = sum(c.passengers for c in CARDS) / len(CARDS)
UTILITY_GOLD = {
    "build_discount_3": R.redemptor_discount * PURCHASE_SHARE,
    "passenger_bonus": MEAN_PASSENGERS * 1.0,
    "storage_limit_4": (R.horreum_storage_limit - R.storage_limit) * 0.35 * sum(DESIGN) / len(DESIGN),
    "trade_limit_plus_2": 2 * 1.0,
}
UTILITY_SCALE = 0.6
CONTEST = True  # off: a challenger's standing bid counts its price without its prize (the first version)
UTILITY = True  # off: the flat 0.25 FP a round (for A/B, benchmarks/experiments/eval_ab.py)


def _building_value(b: Building, rounds_left: int) -> float:
    if b.category == 0:  # production: output each round, sold or shipped at about design value
        return sum(o * v for o, v in zip(b.output, DESIGN, strict=True)) / GOLD_PER_FP * 0.6 * rounds_left + 0.4
    if b.category == 1:  # commercial: one use a round
        return (b.gold / GOLD_PER_FP + b.fp) * 0.45 * rounds_left
    if b.category == 2:
        return UTILITY_SCALE * UTILITY_GOLD[b.ability] / GOLD_PER_FP * rounds_left if UTILITY else 0.25 * rounds_left
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


def _office_value(state: ConstantinopolisState, seat: int, o: int, rate: float, rounds_left: int) -> float:
    """What holding office ``o`` is still worth to ``seat`` this round, in FP: each perk until it is
    used (spec §6.2). Before phase 4 the Praefectus Urbi's is also the best wall he can afford, as the
    evaluation will count it once bought, so the office is worth most to a player who can use it."""
    if not OFFICES:
        return OFFICE_VALUE[o]
    ph, p = state.phase, state.players[seat]
    auction = ph == 1 and not state.p1_done
    if o == MAGISTER:  # three more contracts to choose from in phase 5
        return OFFICE_VALUE[o] if ph <= 4 else 0.0
    if o == PRETORIO:  # a good he produces, the best one
        return max((DESIGN[g] for g in range(5) if p.pmask >> g & 1), default=0) * 0.7 / rate if auction else 0.0
    if o == COMES:
        return R.comes_thesaurorum_gold / rate if auction else 0.0
    swap = SWAP_FP if ph <= 6 else 0.0
    if o == CONSUL:
        return (OFFICE_VALUE[o] if ph <= 4 else 0.0) + swap
    if ph >= 4:  # from phase 4 on, a wall bought is counted as a wall (counting it here too would cancel it)
        return 0.0 if p.cats >> 4 & 1 else swap
    owned = sum(p.bmask >> w & 1 for w in WALLS)
    best = max((R.wall_fp[owned + 1] - R.wall_fp[owned] + 0.3 * rounds_left - b.cost / rate
                for b in WALL_TILES if state.supply[b.bid] > 0 and b.cost <= p.gold), default=0.0)
    return swap + max(0.0, best)


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
        value += _office_value(state, seat, p.office, rate, rounds_left)
    if CONTEST and isinstance(top, Bid) and top.leader == seat == top.challenger:
        # ... and, unless the holder raises, buys the office (leaving the one held): counting the price
        # without the prize made every challenge look like a loss, so no bot ever contested an office.
        value += _office_value(state, seat, top.office, rate, rounds_left)
        if p.office >= 0:
            value -= _office_value(state, seat, p.office, rate, rounds_left)
    if isinstance(top, Load) and top.seat == seat:  # count a ship being loaded as if sailed
        value += sum(CARDS[c].fp + CARDS[c].gold / rate for c in top.cards)
        value -= sum(n * v for n, v in zip(top.need, DESIGN, strict=True)) / rate * 0.7
    value += 0.6 * len(p.ships) * min(rounds_left, 4)
    value += 0.4 * p.posts * min(rounds_left, 4)
    value += sum(0.5 for _ in p.reserved)
    return value


def progress(state: ConstantinopolisState) -> float:
    """How far the game is, from 0 at the start to 1 at the end (the learned evaluation's clock)."""
    return (state.round - 1) / MAX_ROUNDS
