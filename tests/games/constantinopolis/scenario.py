"""Scenario helpers for the Constantinopolis rule tests (spec shared/spec/constantinopolis.md §7).

Every scenario starts from a real ``new()`` state and then overwrites only the fields the
example fixes (gold, goods, buildings, offices, phase, ...). All game play then goes through
the public API ``state.apply(seat, action)``; nothing here computes a rule result itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mercator.engine.actions import Action
from mercator.engine.errors import IllegalAction
from mercator.games import get
from mercator.games.constantinopolis.data import GOODS, OFFICES, SIZES
from mercator.games.constantinopolis.frames import ACT, TURN, Turn
from mercator.games.constantinopolis.space import CARD_IDS, SPACE, C

MAGISTER, PRETORIO, COMES, URBI, CONSUL = OFFICES
SMALL, MEDIUM, LARGE = range(3)
PORT, SHORT, LONG = range(3)


def new_state(players: int = 4, seed: int = 7, free_trade: bool = False):
    return get("constantinopolis").new(players=players, seed=seed, options={"free_trade": free_trade})


def refresh(state) -> None:
    state._legal_cache = None


# ---- content look-ups ------------------------------------------------------------------------------
def bid(name: str) -> int:
    return C.by_id[name].bid


def card(cid: str) -> int:
    return CARD_IDS.index(cid)


def cards(state_list) -> list[str]:
    return [CARD_IDS[c] for c in state_list]


def market_index(market_id: str) -> int:
    return next(m.mid for m in C.markets if m.id == market_id)


# ---- overwriting the situation --------------------------------------------------------------------
def give_building(state, seat: int, name: str) -> None:
    """The seat owns ``name`` (taken from the laid-out supply), with production level and produced
    goods kept consistent."""
    b = C.by_id[name]
    p = state.players[seat]
    assert not p.owns(b.bid), f"seat {seat} already owns {name}"
    assert state.supply[b.bid] > 0, f"no {name} left in the supply"
    state.supply[b.bid] -= 1
    p.bmask |= 1 << b.bid
    if b.category == 0:
        p.prod_level += 1
        for g in range(5):
            if b.output[g]:
                p.pmask |= 1 << g
    refresh(state)


def set_goods(state, seat: int, **counts: int) -> None:
    unknown = set(counts) - set(GOODS)
    assert not unknown, unknown
    state.players[seat].goods = [counts.get(g, 0) for g in GOODS]
    refresh(state)


def goods(state, seat: int) -> dict[str, int]:
    return {g: n for g, n in zip(GOODS, state.players[seat].goods, strict=True) if n}


def gold(state, seat: int) -> int:
    return state.players[seat].gold


def fp(state, seat: int) -> int:
    return state.players[seat].fp


def set_offices(state, offices: dict[int, str]) -> None:
    """seat -> office id; every other office becomes vacant, every other seat officeless."""
    state.holder = [-1] * 5
    state.stake = [0] * 5
    for p in state.players:
        p.office = -1
    for seat, office in offices.items():
        slot = OFFICES.index(office)
        state.holder[slot] = seat
        state.players[seat].office = slot
    refresh(state)


def set_market(state, market_id: str) -> None:
    """Make ``market_id`` the current card; the other four form the future pile."""
    m = market_index(market_id)
    pile = [x for x in [*state.future, state.market, *state.under] if x != m]
    state.market = m
    state.future = pile
    state.under = []
    refresh(state)


def _take_card(state, cid: int) -> None:
    for pile in (state.deck, state.discard, *(p.hand for p in state.players)):
        if cid in pile:
            pile.remove(cid)
            return


def give_hand(state, seat: int, *cids: str) -> None:
    """Move these cards (from wherever they are) into the seat's hand."""
    for c in cids:
        i = card(c)
        _take_card(state, i)
        state.players[seat].hand.append(i)
    refresh(state)


def reserve_directly(state, seat: int, cid: str, round_: int) -> None:
    """The seat owns one more trading post with ``cid`` reserved on it in round ``round_``."""
    _take_card(state, card(cid))
    p = state.players[seat]
    p.posts += 1
    p.reserved.append((card(cid), round_))
    refresh(state)


def stack_deck(state, *cids: str) -> None:
    """The next draws from the deck are exactly these cards, in this order."""
    for c in cids:
        _take_card(state, card(c))
    state.deck.extend(card(c) for c in reversed(cids))
    refresh(state)


def set_ships(state, seat: int, *ships: tuple[int, int, tuple[str, ...]]) -> None:
    """Ships as (size, location, contract ids). Ship cards come from / go back to the supply."""
    p = state.players[seat]
    for z, _, _ in p.ships:
        state.ship_supply[z] += 1
    p.ships = []
    for z, loc, cs in ships:
        state.ship_supply[z] -= 1
        assert state.ship_supply[z] >= 0
        for c in cs:
            _take_card(state, card(c))
        p.ships.append((z, loc, tuple(card(c) for c in cs)))
    refresh(state)


def ships(state, seat: int) -> list[tuple[str, str, list[str]]]:
    return [(SIZES[z], ("port", "short", "long")[loc], cards(cs)) for z, loc, cs in state.players[seat].ships]


# ---- entering a phase -----------------------------------------------------------------------------
def restart_auction(state, round_: int | None = None) -> None:
    """Start phase 1 again from the current offices (base order = slot order)."""
    if round_ is not None:
        state.round = round_
    state.stack = []
    state.waiting = ()
    state.commits = {}
    state._start_auction()
    state._advance([])
    refresh(state)


def start_turns(state, phase: int, order: list[int], first: int | None = None, round_: int | None = None) -> None:
    """Phase 4 or 6 with the given player order; ``first`` (default order[0]) has the turn now and
    the players before him in ``order`` have already had theirs."""
    assert phase in (4, 6)
    if round_ is not None:
        state.round = round_
    first = order[0] if first is None else first
    state.phase = phase
    state.p1_done = True
    state.order = list(order)
    state.turn_pos = order.index(first) + 1
    state.stack = [Turn(TURN, first)]
    state.waiting = ()
    state.commits = {}
    refresh(state)


def start_donations(state) -> None:
    """Phase 7 from its start (the simultaneous donation choice of every seat that can donate)."""
    state.phase = 7
    state.stack = []
    state.waiting = ()
    state.commits = {}
    state._start_simul("donate", state._legal_donate)
    state._advance([])
    refresh(state)


def end_phase7(state) -> None:
    """Phase 7 is over: run phase 8 (market change, flag reset, storage choices) from its start."""
    state.phase = 7
    state.stack = []
    state.waiting = ()
    state.commits = {}
    state._advance([])
    refresh(state)


# ---- acting ---------------------------------------------------------------------------------------
def A(kind: str, *args: Any) -> Action:
    return SPACE.get(kind, *args)


def act(state, seat: int, kind: str, *args: Any) -> list[dict]:
    return state.apply(seat, A(kind, *args))


def rejected(state, seat: int, kind: str, *args: Any) -> None:
    """The action is refused with IllegalAction and the state is bit for bit unchanged."""
    before = state.state_hash()
    with pytest.raises(IllegalAction):
        act(state, seat, kind, *args)
    assert state.state_hash() == before


def legal(state, seat: int, kind: str) -> list[tuple]:
    return [a.args for a in state.legal_actions(seat) if a.kind == kind]


def is_legal(state, seat: int, kind: str, *args: Any) -> bool:
    return A(kind, *args) in state.legal_actions(seat)


def legal_buildings(state, seat: int, category: int | None = None, redemptor: bool = False) -> set[str]:
    return {b for b, r in legal(state, seat, "buy_building")
            if r == redemptor and (category is None or C.by_id[b].category == category)}


def top(state) -> tuple:
    return state.stack[-1]


def turn_of(state) -> int | None:
    """The seat whose phase-4/6 turn is on top of the stack, else None."""
    return top(state)[1] if state.stack and top(state)[0] == TURN else None


def dispatch(state, seat: int, size: str, *cids: str) -> list[dict]:
    """``dispatch_ship(size, first card)``, ``load_contract`` for each further card, then ``sail``."""
    ev = act(state, seat, "dispatch_ship", size, cids[0])
    for c in cids[1:]:
        ev += act(state, seat, "load_contract", c)
    ev += act(state, seat, "sail")
    return ev


# ---- playing on with passive choices ---------------------------------------------------------------
_PASSIVE = [A("office_stay"), A("bid_pass"), A("take_none"), A("preempt", False), A("end_turn"),
            A("donate_none"), A("trade_answer", False), A("sail")]


def passive_choice(state, seat: int) -> Action:
    """Stay in office, pass, decline, end the turn, donate nothing, keep nothing."""
    acts = state.legal_actions(seat)
    for a in _PASSIVE:
        if a in acts:
            return a
    for kind in ("office_move", "keep_goods"):
        for a in acts:
            if a.kind == kind:
                return a
    raise AssertionError(f"no passive choice for seat {seat} in {state.describe_decision()}: {acts}")


def advance(state, stop: Callable[[Any], bool], max_steps: int = 5000,
            log: list[dict] | None = None) -> list[tuple[int, int]]:
    """Apply passive choices until ``stop(state)`` holds; returns the (round, phase) pairs seen.
    The events of every applied action are appended to ``log`` if given."""
    seen = [(state.round, state.phase)]
    for _ in range(max_steps):
        if stop(state):
            return seen
        assert not state.is_over(), "the game ended before the stop condition"
        seat = state.to_act()[0]
        ev = state.apply(seat, passive_choice(state, seat))
        if log is not None:
            log.extend(ev)
        if seen[-1] != (state.round, state.phase):
            seen.append((state.round, state.phase))
    raise AssertionError("stop condition never reached")


def fulfilled(log: list[dict], seat: int) -> dict[str, tuple[int, int]]:
    """contract id -> (gold, fp) paid to ``seat`` according to the events."""
    return {e["contract"]: (e["gold"], e["fp"]) for e in log
            if e["type"] == "contract_fulfilled" and e["seat"] == seat}


def at_turn(round_: int, phase: int, seat: int) -> Callable[[Any], bool]:
    return lambda s: (s.round == round_ and s.phase == phase and bool(s.stack)
                      and top(s)[0] == TURN and top(s)[1] == seat)


def at_activation(round_: int, seat: int) -> Callable[[Any], bool]:
    return lambda s: s.round == round_ and s.phase == 1 and bool(s.stack) and top(s) == (ACT, seat)


def game_over(state) -> bool:
    return state.is_over()
