"""Scenario helpers for the Valencia rule tests (spec shared/spec/valencia.md §7).

Every scenario starts from a real ``new()`` state and then overwrites only the fields the example
fixes (piles, stacks, coins, goods, council, city, figure, ...). All play then goes through the
public API ``state.apply(seat, action)``; nothing here computes a rule result itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mercator.engine.actions import Action
from mercator.engine.errors import IllegalAction
from mercator.games import get
from mercator.games.valencia.data import CELL_IDS, DOT_IDS, GUILDS, SEATS, cell
from mercator.games.valencia.frames import ACTION, COUNCIL, KEEP_TASKS, ROUND_END, STEP, op
from mercator.games.valencia.player import PLANNED
from mercator.games.valencia.space import C

P1, P2, P3, P4, P5 = range(5)
BLOCKED = 9


def new_state(players: int = 4, edition: str = "valencia", seed: int = 7):
    return get("valencia").new(players=players, seed=seed, options={"edition": edition})


def refresh(state) -> None:
    state._legal_cache = None


def cid(name: str) -> int:
    """A cell id like 'r2c7' -> global cell index."""
    return CELL_IDS.index(name)


def did(name: str) -> int:
    return DOT_IDS.index(name)


def act(state, seat: int, kind: str, **args: Any) -> list[dict]:
    return state.apply(seat, {"kind": kind, **args})


def legal(state, seat: int) -> list[dict]:
    return [a.to_json() for a in state.legal_actions(seat)]


def kinds(state, seat: int) -> set[str]:
    return {a.kind for a in state.legal_actions(seat)}


def is_legal(state, seat: int, kind: str, **args: Any) -> bool:
    return {"kind": kind, **args} in legal(state, seat)


def rejected(state, seat: int, kind: str, **args: Any) -> None:
    before = state.state_hash()
    with pytest.raises(IllegalAction):
        act(state, seat, kind, **args)
    assert state.state_hash() == before


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


# ---- setting the situation ------------------------------------------------------------------------
def skip_tasks(state, keep: str = "10000") -> list[dict]:
    """Every seat keeps the given dealt tasks (by position); round 1 planning begins."""
    ev: list[dict] = []
    for s in range(state.n):
        ev += act(state, s, "keep_tasks", keep=keep)
    return ev


def set_pile(state, seat: int, top_first: list[int]) -> None:
    """The next draws of ``seat`` are exactly ``top_first``; the rest of its cards lie below."""
    p = state.players[seat]
    rest = list(p.pile)
    for v in top_first:
        rest.remove(v)
    p.pile = rest + list(reversed(top_first))
    p.known_bottom = 0
    refresh(state)


def take_from_pile(state, seat: int, values: list[int]) -> None:
    p = state.players[seat]
    for v in values:
        p.pile.remove(v)
    p.known_bottom = min(p.known_bottom, len(p.pile))


def set_council(state, seats: dict[str, int]) -> None:
    """Council seat id -> holder; unnamed seats become empty. Members come from / go to supplies."""
    for _x, holder in enumerate(state.council):
        if holder >= 0:
            state.players[holder].supply += 1
    state.council = [-1] * 8
    for name, holder in seats.items():
        state.council[SEATS.index(name)] = holder
        state.players[holder].supply -= 1
    refresh(state)


def put_members(state, seat: int, *cells: str) -> None:
    for c in cells:
        assert state.city[cid(c)] == -1, c
        state.city[cid(c)] = seat
        state.players[seat].supply -= 1
    refresh(state)


def build_landmark(state, landmark_id: str, site: str) -> None:
    lid = next(lm.lid for lm in state.ed.landmarks if lm.id == landmark_id)
    state.lm_at[cid(site)] = lid
    state.lm_site[lid] = cid(site)
    refresh(state)


def put_bonus(state, *dots: str) -> None:
    for d in dots:
        state.bonus_at[did(d)] = True
        state.bonus_supply -= 1
    refresh(state)


def set_goods(state, seat: int, **counts: int) -> None:
    """Goods by guild id; taken from / returned to the general supply."""
    p = state.players[seat]
    for g in range(5):
        state.goods_supply[g] += p.goods[g]
        p.goods[g] = counts.get(GUILDS[g], 0)
        state.goods_supply[g] -= p.goods[g]
    refresh(state)


def set_goods_supply(state, guild: str, n: int) -> None:
    state.goods_supply[GUILDS.index(guild)] = n
    refresh(state)


def start_step(state, card: str, letter: str, figure: int, stacks: dict[int, list[list[int]]],
               round_: int = 1) -> None:
    """The action phase of ``round_`` with ``card``, at step ``letter``: every seat holds exactly
    the given face-down stacks (cards taken from its pile); ``figure`` decides first."""
    if state.phase == KEEP_TASKS:
        skip_tasks(state)
    ed = state.ed
    idx = next(i for i, (c, _) in enumerate(ed.cards) if c == card)
    order = [i for i in state.card_order if i != idx]
    order.insert(round_ - 1, idx)
    state.card_order = order
    state.round = round_
    state.phase = ACTION
    for s, p in enumerate(state.players):
        own = stacks.get(s, [])
        take_from_pile(state, s, [v for st in own for v in st])
        p.stacks = [list(st) for st in own]
        p.gone = 0
        p.drawn = [v for st in own for v in st]
        p.hand = sorted(p.drawn, reverse=True)
        p.assign = []
        p.nstacks = len(own)
        p.pub_drawn = []
        p.stage = PLANNED
    state.figure = figure
    steps = ed.cards[idx][1]
    i = [st[0] for st in steps].index(letter)
    state.ops[:] = [op(COUNCIL, -1, 0), op(ROUND_END, -1, 0)]
    state.ops += [op(STEP, -1, j) for j in range(len(steps) - 1, i - 1, -1) if steps[j][1] < 4]
    state.stack = state.ops
    state._advance([])
    refresh(state)


def cell_of(name: str) -> int:
    r, c = name[1:].split("c")
    return cell(int(r), int(c))


# ---- playing on with simple choices ---------------------------------------------------------------
PASSIVE = ("pass", "decline", "nothing", "no_return", "sell_done", "stop")


def passive(state, seat: int) -> Action:
    """A seat that takes nothing it can refuse: passes, declines, draws one card into one stack."""
    acts = state.legal_actions(seat)
    by_kind = {a.kind: a for a in acts}
    for k in PASSIVE:
        if k in by_kind:
            return by_kind[k]
    return acts[0]


def advance(state, until: Callable[[Any], bool], chooser: Callable[[Any, int], Action] = passive,
            limit: int = 5000) -> list[dict]:
    """Let the seats to act play ``chooser`` until ``until(state)`` holds."""
    ev: list[dict] = []
    n = 0
    while not until(state):
        assert not state.is_over(), "the game ended before the awaited situation"
        seat = state.to_act()[0]
        ev += state.apply(seat, chooser(state, seat))
        n += 1
        assert n < limit, "no progress"
    return ev


def my_turn(seat: int, kind: str | None = None) -> Callable[[Any], bool]:
    """Until ``seat`` must decide (and, if given, ``kind`` is among its legal actions)."""
    def check(state) -> bool:
        return seat in state.to_act() and (kind is None or kind in kinds(state, seat))
    return check


def pile(state, seat: int) -> list[int]:
    """Top first."""
    return list(reversed(state.players[seat].pile))


def coins(state, seat: int) -> int:
    return state.players[seat].coins


def goods(state, seat: int) -> dict[str, int]:
    return {GUILDS[g]: n for g, n in enumerate(state.players[seat].goods) if n}


def council(state) -> dict[str, int]:
    return {SEATS[x]: h for x, h in enumerate(state.council) if h >= 0}


def task_id(name: str) -> int:
    return C.task_by_id[name].tid
