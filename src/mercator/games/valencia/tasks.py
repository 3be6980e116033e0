"""Task predicates over the final state (spec §6.8), one function per predicate id."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .data import CHURCH, GUILD_SEAT, MAX_COLS, NOBILITY, SITE, Task

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


def _landmark_site(state: StateFields, t: Task) -> int | None:
    """Where the landmark of value ``t.param`` stands: its site, -1 while unbuilt, None if the edition has none."""
    lid = next((lm.lid for lm in state.ed.landmarks if lm.value == t.param), -1)
    return state.lm_site[lid] if lid >= 0 else None


def _landmark(state: StateFields, seat: int, t: Task) -> bool:
    site = _landmark_site(state, t)
    return site is not None and site >= 0 and adjacent_to(state, seat, site) >= t.threshold


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


# ---- how far a seat is from a task (the evaluation's task chances) ---------------------------------
FAR = 99  # a task the seat can no longer meet


def _free(state: StateFields, cells: tuple[int, ...] | list[int]) -> int:
    """Guild spaces among ``cells`` that a member could still take (no member or blocker; never a site)."""
    return sum(1 for c in cells if state.city[c] == -1 and 0 <= state.map.kind[c] < SITE)


def _next_to(state: StateFields, seat: int, site: int, threshold: int) -> int:
    """Members still to place next to ``site`` to have ``threshold`` there (FAR if too few spaces are free)."""
    need = max(0, threshold - adjacent_to(state, seat, site))
    return need if _free(state, state.map.nbr[site]) >= need else FAR


def _at_landmark(state: StateFields, seat: int, site: int, threshold: int) -> int:
    """Steps to ``threshold`` members next to a landmark at ``site``; a landmark still to be built must also be
    put there, one step more."""
    return _next_to(state, seat, site, threshold) + (state.lm_at[site] < 0)


def _landmark_steps(state: StateFields, seat: int, t: Task) -> int:
    site = _landmark_site(state, t)
    if site is None:
        return FAR
    if site >= 0:
        return _next_to(state, seat, site, t.threshold)
    free = [x for x in state.map.sites if state.lm_at[x] < 0]
    return min((_at_landmark(state, seat, x, t.threshold) for x in free), default=FAR)


def _crowd_steps(state: StateFields, seat: int, t: Task) -> int:
    """The nearest landmark to crowd: a built one, or a free site while some landmark is still to be built."""
    built = {x for x in state.lm_site if x >= 0}
    to_build = len(built) < len(state.lm_site)
    sites = [x for x in state.map.sites if x in built or to_build]
    return min((_at_landmark(state, seat, x, t.threshold) for x in sites), default=FAR)


def _three_steps(state: StateFields, seat: int, steps: tuple[tuple[int, int], ...]) -> int:
    """Empty spaces still to fill in the best row of three (FAR if none is open)."""
    best = FAR
    kind, city = state.map.kind, state.city
    for c in state.map.spaces:
        r, col = divmod(c, MAX_COLS)
        for dr, dc in steps:
            if not 0 <= col + 2 * dc < MAX_COLS:
                continue
            cells = (c, (r + dr) * MAX_COLS + col + dc, (r + 2 * dr) * MAX_COLS + col + 2 * dc)
            if any(x >= len(kind) or not 0 <= kind[x] < SITE or city[x] not in (-1, seat) for x in cells):
                continue
            best = min(best, sum(1 for x in cells if city[x] == -1))
    return best


def _network_steps(state: StateFields, seat: int, t: Task) -> int:
    """Landmarks still to touch: a built one with a free space beside it, or one still to be built."""
    built = [x for x in state.lm_site if x >= 0]
    touched = sum(1 for x in built if adjacent_to(state, seat, x) >= 1)
    open_ = sum(1 for x in built if adjacent_to(state, seat, x) == 0 and _free(state, state.map.nbr[x]))
    need = max(0, t.threshold - touched)
    return need if open_ + len(state.lm_site) - len(built) >= need else FAR


def _ahead(state: StateFields, seat: int, measure: Callable[[int], int], step: int = 1) -> int:
    """Steps of ``step`` to get strictly ahead of every rival by ``measure``."""
    gap = max(measure(q) for q in range(state.n) if q != seat) - measure(seat) + 1
    return max(0, -(-gap // step))


def _guild_steps(state: StateFields, seat: int, t: Task) -> int:
    need = max(0, t.threshold - sum(1 for c in own(state, seat) if state.map.kind[c] == t.param))
    return need if _free(state, state.map.guild_spaces[t.param]) >= need else FAR


def _all_guilds_steps(state: StateFields, seat: int, t: Task) -> int:
    have = {state.map.kind[c] for c in own(state, seat)}
    missing = [g for g in range(5) if g not in have]
    return len(missing) if all(_free(state, state.map.guild_spaces[g]) for g in missing) else FAR


# Steps (a member placed, a seat or good won, ...) a seat still needs to meet each task: 0 exactly when it is met,
# FAR when it can no longer be. The steered evaluation's chance of a task is fitted on them (task_odds.py).
STEPS: dict[str, Callable[[StateFields, int, Task], int]] = {
    "landmark_adjacent": _landmark_steps,
    "guild_count": _guild_steps,
    "crowd": _crowd_steps,
    "line": lambda s, p, t: _three_steps(s, p, ((0, 1), (1, 0))),
    "diagonal": lambda s, p, t: _three_steps(s, p, ((1, 1), (1, -1))),
    "council": lambda s, p, t: max(0, council_threshold(s) - s.council.count(p)),
    "network": _network_steps,
    "city_majority": lambda s, p, t: _ahead(s, p, lambda q: len(own(s, q))),
    "richest": lambda s, p, t: _ahead(s, p, lambda q: s.players[q].coins, 4),  # a sale brings a few coins
    "all_guilds": _all_guilds_steps,
    "shaded": lambda s, p, t: max(0, t.threshold - shaded(s, own(s, p))),
    "goods": lambda s, p, t: max(0, t.threshold - sum(s.players[p].goods)),
    "privileges": lambda s, p, t: max(0, t.threshold - s.players[p].privileges),
    "cathedral": lambda s, p, t: 0 if p in (s.council[NOBILITY], s.council[CHURCH]) else 1,
    "guild_seats": lambda s, p, t: max(0, t.threshold - sum(1 for x in GUILD_SEAT if s.council[x] == p)),
    "cluster": lambda s, p, t: max(0, t.threshold - _largest_group(s, own(s, p))),
    "big_family": lambda s, p, t: max(0, t.threshold - len(own(s, p))),
}
