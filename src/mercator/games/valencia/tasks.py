"""Task predicates over the final state (spec §6.8), one function per predicate id."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .data import CHURCH, GUILD_SEAT, MAX_COLS, NOBILITY, Task

if TYPE_CHECKING:
    from .fields import StateFields


def own(state: StateFields, seat: int) -> list[int]:
    city = state.city
    return [c for c in state.map.spaces if city[c] == seat]


def adjacent_to(state: StateFields, seat: int, site: int) -> int:
    """adj(p, L): own members orthogonally next to ``site``."""
    return sum(1 for c in state.map.nbr[site] if state.city[c] == seat)


def shaded(state: StateFields, cells: list[int]) -> int:
    """Own members touching at least one bonus piece (counted once each)."""
    return sum(1 for c in cells if any(state.bonus_at[d] for d in state.map.cell_dots[c]))


def _three(cells: set[int], steps: tuple[tuple[int, int], ...]) -> bool:
    for c in cells:
        r, col = divmod(c, MAX_COLS)
        for dr, dc in steps:
            rr, cc = r + 2 * dr, col + 2 * dc
            if 0 <= cc < MAX_COLS and (r + dr) * MAX_COLS + col + dc in cells and rr * MAX_COLS + cc in cells:
                return True
    return False


def _largest_group(state: StateFields, cells: list[int]) -> int:
    left, best = set(cells), 0
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            c = todo.pop()
            size += 1
            for d in state.map.nbr[c]:
                if d in left:
                    left.remove(d)
                    todo.append(d)
        best = max(best, size)
    return best


def council_threshold(state: StateFields) -> int:
    return state.ed.rules.council_task_threshold[str(state.n)]


def fulfilled(state: StateFields, seat: int, task: Task) -> bool:
    return PREDICATES[task.predicate](state, seat, task)


def _landmark(state: StateFields, seat: int, t: Task) -> bool:
    lid = next((lm.lid for lm in state.ed.landmarks if lm.value == t.param), -1)
    site = state.lm_site[lid] if lid >= 0 else -1
    return site >= 0 and adjacent_to(state, seat, site) >= t.threshold


def _others(state: StateFields, seat: int, measure: Callable[[int], int]) -> bool:
    mine = measure(seat)
    return all(mine > measure(q) for q in range(state.n) if q != seat)


PREDICATES: dict[str, Callable[[StateFields, int, Task], bool]] = {
    "landmark_adjacent": _landmark,
    "guild_count": lambda s, p, t: sum(1 for c in own(s, p) if s.map.kind[c] == t.param) >= t.threshold,
    "crowd": lambda s, p, t: any(site >= 0 and adjacent_to(s, p, site) >= t.threshold for site in s.lm_site),
    "line": lambda s, p, t: _three(set(own(s, p)), ((0, 1), (1, 0))),
    "diagonal": lambda s, p, t: _three(set(own(s, p)), ((1, 1), (1, -1))),
    "council": lambda s, p, t: s.council.count(p) >= council_threshold(s),
    "network": lambda s, p, t: sum(1 for site in s.lm_site if site >= 0 and adjacent_to(s, p, site) >= 1)
    >= t.threshold,
    "city_majority": lambda s, p, t: _others(s, p, lambda q: len(own(s, q))),
    "richest": lambda s, p, t: _others(s, p, lambda q: s.players[q].coins),
    "all_guilds": lambda s, p, t: {s.map.kind[c] for c in own(s, p)} == {0, 1, 2, 3, 4},
    "shaded": lambda s, p, t: shaded(s, own(s, p)) >= t.threshold,
    "goods": lambda s, p, t: sum(s.players[p].goods) >= t.threshold,
    "privileges": lambda s, p, t: s.players[p].privileges >= t.threshold,
    "cathedral": lambda s, p, t: s.council[NOBILITY] == p or s.council[CHURCH] == p,
    "guild_seats": lambda s, p, t: sum(1 for x in GUILD_SEAT if s.council[x] == p) >= t.threshold,
    "cluster": lambda s, p, t: _largest_group(s, own(s, p)) >= t.threshold,
    "big_family": lambda s, p, t: len(own(s, p)) >= t.threshold,
}
