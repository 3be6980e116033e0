"""An evaluation of a Valencia / Strasbourg position for one seat: an estimate of the final VP
(spec §4) that stays consistent from phase to phase, so that a deeper search and a one-ply look
agree on what a move is worth.

Every asset is valued at what it turns into by the end of the game:

* a city member: 1 VP, plus the built landmarks next to it, plus the expected worth of the
  adjacent sites still empty (the remaining landmarks spread over the free sites), plus the palm
  it touches (or the chance of one);
* a council seat: 1 VP at each council still to come (a little less for later rounds, since a
  seat can be taken away);
* coins buy city placements, goods become coins at a merchants auction, privileges score 1 VP;
* influence cards are what wins the auctions: a stack counts as a *ticket* (one more auction to
  take part in; with two players every guild bid is rewarded), each further stack of a round a
  little less (it reaches a poorer auction), plus a little per point; the pile must last the game,
  so it is worth its cards spread evenly over the plannings still to come, and drawing stops where
  one more card now is worth less than its share of a later round; a card is worth nothing once no
  auction is left to use it in (unrevealed stacks at round end, a pile after the last planning);
* a kept task: its reward times its chance, less its penalty times the rest; the chance is one for a met task
  and another, shrinking with the rounds, for an unmet one, or (``steered``) fitted to the steps the seat
  still needs for it (task_odds.py);
* a revealed bid is worth the reward it is expected to fetch (its rank against the bids shown
  and the stacks still to come), and a decided auction the rewards still waiting for this seat —
  so revealing a stack is neither a free jump nor a loss, it is the auction's outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import partial
from pathlib import Path

from mercator.games.tuned import tuned_constants, tuned_evaluation

from .data import CHURCH, GUILD, GUILD_SEAT, MERCHANTS, MERCHANTS_STEP, NOBILITY, NOBILITY_CHURCH, RELOCATION
from .frames import PLANNING, Apprentice, Good, Move, Place, Return, Seat, Sell
from .space import C
from .state import ValenciaState
from .task_odds import TaskOdds, task_odds
from .tasks import fulfilled, own

SCALE = 8.0  # ISMCTS: final scores run 50-100 VP, so a clear lead is several VP


@dataclass(frozen=True)
class Weights:
    """The evaluation's constants, hand-set (the defaults) or tuned by self-play (``tuned.toml``)."""

    coin_vp: float = 0.35  # a placement costs 2-6 coins and brings a member worth 2-5 VP
    good_share: float = 0.8  # a good still has to be sold at a merchants auction
    point_vp: float = 0.15  # per influence point of a card still to be used
    ticket_two: float = 1.0  # per card / stack at two players: every guild bid is rewarded
    ticket: float = 0.6  # per card / stack at three or more: one more auction to bid in
    ticket_decay: float = 0.85  # each further stack of a round reaches a less rewarding auction
    later_share: float = 0.9  # a card used in a later round: fewer councils and builds left to profit from
    seat_later: float = 0.8  # a seat's worth at later councils (it may be taken away)
    builder_share: float = 0.7  # the nobility holder puts the landmark where it helps him
    prospect_share: float = 0.6  # an empty site next to a member: landmarks go where their builders like
    met_chance: float = 0.9  # a task met now is likely still met at the end
    open_chance: float = 0.4  # an unmet task's chance, shrinking as the rounds run out
    relocate_vp: float = 0.3
    win_chance: float = 0.5  # chance that a rival still to decide, holding a bigger stack, outbids


HAND_MADE = Weights()
SHARES = frozenset({"good_share", "ticket_decay", "later_share", "seat_later", "met_chance", "open_chance",
                    "win_chance", "builder_share", "prospect_share"})  # shares and chances: tuned below 1
ODDS_REPLACE = frozenset({"met_chance", "open_chance"})  # the plain task chances, unread where odds are fitted
TUNED_FILE = Path(__file__).with_name("tuned.toml")
FITTED_FILE = Path(__file__).with_name("fitted.toml")


def tunable(players: int) -> list[str]:
    """The constants the evaluation reads at this table (the tuner's dimensions)."""
    unread = "ticket" if players == 2 else "ticket_two"
    return [f.name for f in fields(Weights) if f.name != unread]


def tuned(state: ValenciaState) -> Callable[[ValenciaState, int], float]:
    """The evaluation with the tuned constants for this state's edition and table (``evaluation=tuned``)."""
    return tuned_evaluation(evaluate, TUNED_FILE, HAND_MADE, state.table())


def fitted(state: ValenciaState) -> Callable[[ValenciaState, int], float]:
    """The evaluation with the constants fitted to predict the final lead (``fitted.toml``; ``leaf=fitted``)."""
    return tuned_evaluation(evaluate, FITTED_FILE, HAND_MADE, state.table())


def steered(state: ValenciaState) -> Callable[[ValenciaState, int], float]:
    """The tuned evaluation with each kept task's chance read from the seat's steps towards it
    (``task_odds.toml``; ``evaluation=steered``); a table with no fitted odds keeps the tuned evaluation."""
    table = state.table()
    return partial(evaluate, w=tuned_constants(TUNED_FILE, HAND_MADE, table), odds=task_odds(table))


class _Ctx:
    """Per-state quantities shared by every term."""

    __slots__ = ("state", "seat", "w", "odds", "rounds_left", "site_prospect", "palm_chance", "ticket")

    def __init__(self, state: ValenciaState, seat: int, w: Weights = HAND_MADE, odds: TaskOdds | None = None) -> None:
        self.state = state
        self.seat = seat
        self.w = w
        self.odds = odds
        self.rounds_left = state.ed.rules.rounds - state.round + 1
        lms = state.ed.landmarks
        unbuilt = [lm.value for lm in lms if state.lm_site[lm.lid] < 0]
        free_sites = sum(1 for c in state.map.sites if state.lm_at[c] < 0)
        self.site_prospect = w.prospect_share * sum(unbuilt) / free_sites if free_sites and unbuilt else 0.0
        free_dots = sum(1 for d in state.map.dots if not state.bonus_at[d])
        palms = min(state.bonus_supply, free_dots)
        self.palm_chance = w.prospect_share * palms / free_dots if free_dots else 0.0
        self.ticket = w.ticket_two if state.n == 2 else w.ticket


def _member(cx: _Ctx, c: int) -> float:
    """Final VP a member on space ``c`` is expected to score."""
    st = cx.state
    lms = st.ed.landmarks
    value = 1.0
    for x in st.map.adj_sites[c]:
        value += lms[st.lm_at[x]].value if st.lm_at[x] >= 0 else cx.site_prospect
    dots = st.map.cell_dots[c]
    if any(st.bonus_at[d] for d in dots):
        value += 1.0
    else:
        value += min(1.0, cx.palm_chance * len(dots))
    return value


def _good_vp(cx: _Ctx, g: int) -> float:
    return C.good_value[g] * cx.w.coin_vp * cx.w.good_share


def _seat_worth(cx: _Ctx) -> float:
    return 1.0 + cx.w.seat_later * (cx.rounds_left - 1)


def _seat_gain(cx: _Ctx, x: int) -> float:
    st = cx.state
    if st.council[x] == cx.seat or st.players[cx.seat].supply <= 0:
        return 0.0
    return _seat_worth(cx)


def _place_gain(cx: _Ctx, g: int, coins: int | None = None) -> float:
    st = cx.state
    p = st.players[cx.seat]
    coins = p.coins if coins is None else coins
    cost = C.cost[g]
    if p.supply <= 0 or coins < cost:
        return 0.0
    best = max((_member(cx, c) for c in st.map.guild_spaces[g] if st.city[c] == -1), default=None)
    return 0.0 if best is None else max(0.0, best - cost * cx.w.coin_vp)


def _good_gain(cx: _Ctx, g: int) -> float:
    return _good_vp(cx, g) if cx.state.goods_supply[g] > 0 else 0.0


def _sell_gain(cx: _Ctx) -> float:
    p = cx.state.players[cx.seat]
    return sum(n * C.good_value[g] for g, n in enumerate(p.goods)) * cx.w.coin_vp * (1 - cx.w.good_share)


def _tickets(cx: _Ctx, stacks: float) -> float:
    """Worth of ``stacks`` stacks in one round: the first reaches the best auction, each further
    one a poorer."""
    stacks = min(stacks, cx.state.ed.auctions)  # one stack at most is revealed per auction
    return cx.ticket * (1 - float(cx.w.ticket_decay ** stacks)) / (1 - cx.w.ticket_decay)


def _pile_worth(cx: _Ctx, cards: int, points: int) -> float:
    """What a pile of ``cards`` cards (``points`` in all) brings in the plannings after this
    round's: its cards spread evenly over them."""
    later = cx.rounds_left - 1
    if later <= 0 or cards == 0:
        return 0.0
    return cx.w.later_share * (later * _tickets(cx, cards / later) + cx.w.point_vp * points)


def _returned(cx: _Ctx, cards: list[int]) -> float:
    """Worth of putting the best of ``cards`` back under the own pile (a loser's return)."""
    p = cx.state.players[cx.seat]
    n, points = len(p.pile), sum(p.pile)
    base = _pile_worth(cx, n, points)
    return max((_pile_worth(cx, n + 1, points + v) - base for v in cards), default=0.0)


def _reward(cx: _Ctx, kind: int, g: int, seat_flag: bool, rank: int, cards: list[int]) -> float:
    """VP the rank ``rank`` (0 = first) of an auction is worth to this seat."""
    if kind == NOBILITY_CHURCH:
        if rank == 0:
            return _seat_gain(cx, NOBILITY) + _builder(cx, NOBILITY, assume=True)
        if rank == 1:
            return _seat_gain(cx, CHURCH)
    elif kind == GUILD:
        if rank == 0:
            return _seat_gain(cx, GUILD_SEAT[g]) + _good_gain(cx, g) + _place_gain(cx, g)
        if rank == 1:
            return _good_gain(cx, g) + _place_gain(cx, g)
        if rank == 2:
            return max(_good_gain(cx, g), _place_gain(cx, g))
    elif kind == MERCHANTS_STEP:
        if rank == 0:
            return (_seat_gain(cx, MERCHANTS) if seat_flag else 0.0) + _sell_gain(cx)
    elif kind == RELOCATION and rank == 0:
        return cx.w.relocate_vp if own(cx.state, cx.seat) else 0.0
    # a loser returns his best card to the bottom of the pile
    return _returned(cx, cards)


POSITIONS = {NOBILITY_CHURCH: 2, GUILD: 3, MERCHANTS_STEP: 1, RELOCATION: 1}


def _bid_value(cx: _Ctx) -> float:
    """Expected reward of this seat's revealed bid while the auction is still running."""
    st = cx.state
    me = cx.seat
    mine = st.bid[me]
    f, n = st.figure_at_start, st.n

    def ahead(o: int, b: int) -> bool:
        return b > mine or (b == mine and (o - f) % n < (me - f) % n)

    sure = 0
    chances: list[float] = []
    for o in range(n):
        if o == me:
            continue
        if st.bid[o] >= 0:
            sure += ahead(o, st.bid[o])
        elif o in st.queue:
            po = st.players[o]
            top = max((sum(po.stacks[k]) for k in po.open_stacks()), default=-1)
            if top >= 0 and ahead(o, top):
                chances.append(cx.w.win_chance)
    dist = [1.0]
    for pc in chances:
        nxt = [0.0] * (len(dist) + 1)
        for i, q in enumerate(dist):
            nxt[i] += q * (1 - pc)
            nxt[i + 1] += q * pc
        dist = nxt
    _, kind, g, seat_flag = st.card_steps()[st.step]
    cards = st.bid_cards[me]
    return sum(q * _reward(cx, kind, g, seat_flag, sure + i, cards) for i, q in enumerate(dist))


def _pending(cx: _Ctx) -> float:
    """Rewards of a decided auction still waiting for this seat."""
    st = cx.state
    me = cx.seat
    value = 0.0
    coins = st.players[me].coins
    for op in st.ops:
        if op.seat != me:
            continue
        if isinstance(op, Seat):
            x = op.council_seat
            value += _seat_gain(cx, x) + (_builder(cx, x, assume=True) if x in (NOBILITY, CHURCH) else 0.0)
        elif isinstance(op, Good):
            value += _good_gain(cx, op.guild)
        elif isinstance(op, Place):
            value += _place_gain(cx, op.guild, coins)
        elif isinstance(op, Apprentice):
            value += max(_good_gain(cx, op.guild), _place_gain(cx, op.guild, coins))
        elif isinstance(op, Sell):
            value += _sell_gain(cx)
        elif isinstance(op, Move):
            value += cx.w.relocate_vp
        elif isinstance(op, Return):
            value += _returned(cx, st.bid_cards[me])
    return value


def _builder(cx: _Ctx, x: int, assume: bool = False) -> float:
    """What holding the nobility (this round's landmark) or church (a palm) seat at round end
    is worth beyond the average prospects; ``assume``: as if this seat held it."""
    st = cx.state
    if st.phase == PLANNING or (not assume and st.council[x] != cx.seat):
        return 0.0
    if x == NOBILITY:
        lid = st.round_landmark[st.round - 1]
        if st.lm_site[lid] >= 0:
            return 0.0
        value = st.ed.landmarks[lid].value
        best = max((sum(1 for c in st.map.nbr[site] if st.city[c] == cx.seat)
                    for site in st.map.sites if st.lm_at[site] < 0), default=0)
        return cx.w.builder_share * value * max(0, best - 0.5)
    if x == CHURCH and st.bonus_supply > 0:
        best = max((sum(1 for c in st.map.dot_cells[d] if st.city[c] == cx.seat) for d in st.map.dots
                    if not st.bonus_at[d]), default=0)
        return cx.w.builder_share * max(0, best - 0.5) * 0.5
    return 0.0


def _cards(cx: _Ctx) -> float:
    st = cx.state
    p = st.players[cx.seat]
    value = _pile_worth(cx, len(p.pile), sum(p.pile))
    if st.phase == PLANNING:
        tickets = p.nstacks + len(p.hand) - len(p.assign) if p.nstacks or p.assign else len(p.drawn)
        # A stack beyond the round's auctions can never be revealed: its cards are lost unseen.
        wasted = max(0, p.nstacks - st.ed.auctions) * cx.w.point_vp * max(p.drawn, default=0)
        return value + _tickets(cx, tickets) + cx.w.point_vp * sum(p.drawn) - wasted
    open_ = p.open_stacks()
    if open_:
        later = sum(1 for k in st.card_steps()[st.step + 1:] if k[1] in POSITIONS)
        if st.queue and cx.seat in st.queue and st.bid[cx.seat] < 0:
            later += 1
        use = min(1.0, later / len(open_))
        value += use * (_tickets(cx, len(open_)) + cx.w.point_vp * sum(sum(p.stacks[k]) for k in open_))
    if st.bid[cx.seat] >= 0:
        value += _bid_value(cx) if st.queue else 0.0
    value += _pending(cx)
    return value


def evaluate(state: ValenciaState, seat: int, w: Weights = HAND_MADE, odds: TaskOdds | None = None) -> float:
    """The seat's expected final VP, valued with the constants ``w`` (and the kept tasks' chances by ``odds``)."""
    p = state.players[seat]
    if state.is_over():
        return p.vp + len(own(state, seat)) / 100 + p.coins / 1000
    cx = _Ctx(state, seat, w, odds)
    value = float(p.vp) + p.privileges
    value += sum(_member(cx, c) for c in own(state, seat))
    value += state.council.count(seat) * _seat_worth(cx)
    value += _builder(cx, NOBILITY) + _builder(cx, CHURCH)
    value += p.coins * cx.w.coin_vp
    value += sum(n * _good_vp(cx, g) for g, n in enumerate(p.goods))
    value += _tasks(cx)
    value += _cards(cx)
    return value


def _tasks(cx: _Ctx) -> float:
    """Kept tasks at their expected worth: reward if met, printed (or fixed) penalty if not. With ``odds``
    each task's chance is its fitted one, and their worth counts ``odds.weight`` times: at full weight the
    search traded landmark points for task points and was no stronger (RESULTS.md)."""
    state, seat, odds = cx.state, cx.seat, cx.odds
    rules = state.ed.rules
    fixed = rules.task_penalty_mode == "fixed"
    total = 0.0
    for t in state.players[seat].kept:
        task = C.tasks[t]
        penalty = rules.task_fixed_penalty if fixed else task.penalty_valencia
        if odds:
            chance = odds.chance(state, seat, task, cx.rounds_left)
        else:
            chance = plain_chance(cx.w, fulfilled(state, seat, task), cx.rounds_left, rules.rounds)
        total += chance * task.reward - (1 - chance) * penalty
    return total * odds.weight if odds else total


def plain_chance(w: Weights, met: bool, rounds_left: int, rounds: int) -> float:
    """A kept task's chance without odds: one for a met task, another shrinking with the rounds for an unmet one."""
    return w.met_chance if met else w.open_chance * rounds_left / rounds


def progress(state: ValenciaState) -> float:
    """How far the game is, from 0 at the start to 1 at the end (the learned evaluation's clock)."""
    return (state.round - 1) / state.ed.rules.rounds
