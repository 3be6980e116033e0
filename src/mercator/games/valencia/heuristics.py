"""An evaluation of a Valencia / Strasbourg position for one seat, in VP, used by the greedy bot:
VP so far plus what the city, council, coins, goods and influence cards are worth. Planning is
steered by a target: about an equal share of the remaining pile per remaining round."""

from __future__ import annotations

from .frames import PLANNING
from .space import C
from .state import ValenciaState
from .tasks import fulfilled, own

COIN_VP = 0.3  # a placement (~4 coins) earns about 1 VP plus landmark / palm prospects
PILE_VP = 0.15  # an influence point still in the pile
STACK_VP = 0.1  # an influence point in an unrevealed stack (lost at round end if unused)
BID_VP = 0.3  # an influence point already bid in the running auction (the reward is still to come)
SHORT_DRAW_VP = 0.8  # per card drawn below the planning target
STACK_COUNT_VP = 0.3
MET_CHANCE = 0.9  # a task met now is likely still met at the end
OPEN_CHANCE = 0.4  # an unmet task's chance, shrinking as the rounds run out


def evaluate(state: ValenciaState, seat: int) -> float:
    p = state.players[seat]
    if state.is_over():
        return p.vp + len(own(state, seat)) / 100 + p.coins / 1000
    rounds_left = state.ed.rules.rounds - state.round + 1
    cells = own(state, seat)
    lms = state.ed.landmarks
    value = float(p.vp) + len(cells) * 1.0
    for c in cells:
        for x in state.map.adj_sites[c]:
            value += lms[state.lm_at[x]].value if state.lm_at[x] >= 0 else 0.8
    value += state.council.count(seat) * (rounds_left * 0.9)
    value += p.privileges * 1.0 + p.coins * COIN_VP
    value += sum(n * v for n, v in zip(p.goods, C.good_value, strict=True)) * COIN_VP * 0.9
    value += sum(p.pile) * PILE_VP
    value += _tasks(state, seat, rounds_left)
    if state.phase == PLANNING:
        value += sum(p.drawn) * PILE_VP
        target = (len(p.pile) + len(p.drawn)) / rounds_left
        value -= SHORT_DRAW_VP * max(0.0, target - len(p.drawn)) + 0.3 * max(0.0, len(p.drawn) - target)
        value += STACK_COUNT_VP * p.nstacks  # more stacks: more auctions to take part in
    else:
        value += sum(sum(p.stacks[k]) for k in p.open_stacks()) * STACK_VP
        value += max(state.bid[seat], 0) * BID_VP
    return value


def _tasks(state: ValenciaState, seat: int, rounds_left: int) -> float:
    """Kept tasks at their expected worth: reward if met, printed (or fixed) penalty if not."""
    rules = state.ed.rules
    fixed = rules.task_penalty_mode == "fixed"
    open_chance = OPEN_CHANCE * rounds_left / rules.rounds
    total = 0.0
    for t in state.players[seat].kept:
        task = C.tasks[t]
        penalty = rules.task_fixed_penalty if fixed else task.penalty_valencia
        chance = MET_CHANCE if fulfilled(state, seat, task) else open_chance
        total += chance * task.reward - (1 - chance) * penalty
    return total
