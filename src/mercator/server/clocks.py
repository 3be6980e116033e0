"""Per-seat chess clocks: a time bank that runs while the seat must decide, plus an increment
each time the decision passes on. The clock is stored with the seat (remaining ms and the moment
it started running) and updated in the same transaction as the action that stops it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass
class ClockSeat:
    seat: int
    clock_ms: int | None
    clock_since: float | None


def remaining_ms(seat: ClockSeat, now: float) -> int | None:
    if seat.clock_ms is None:
        return None
    if seat.clock_since is None:
        return seat.clock_ms
    return max(0, seat.clock_ms - int((now - seat.clock_since) * 1000))


def advance(seats: Iterable[ClockSeat], before: tuple[int, ...], after: tuple[int, ...], now: float,
            increment_ms: int) -> dict[int, dict[str, Any]]:
    """Column changes for every clocked seat when the seats to act go from ``before`` to ``after``.
    A seat that keeps deciding (a compound turn) keeps its clock running; one whose decision
    passes on is charged and gets the increment; one that starts deciding starts its clock."""
    changes: dict[int, dict[str, Any]] = {}
    for s in seats:
        if s.clock_ms is None:
            continue
        was, now_acts = s.clock_since is not None, s.seat in after
        if was and not now_acts:
            changes[s.seat] = {"clock_ms": (remaining_ms(s, now) or 0) + increment_ms, "clock_since": None}
        elif not was and now_acts:
            changes[s.seat] = {"clock_since": now}
    return changes


def next_deadline(seats: Iterable[ClockSeat], human: set[int]) -> tuple[float, int] | None:
    """(time, seat) of the earliest running clock of a human-played seat."""
    best: tuple[float, int] | None = None
    for s in seats:
        if s.seat in human and s.clock_ms is not None and s.clock_since is not None:
            at = s.clock_since + s.clock_ms / 1000
            if best is None or at < best[0]:
                best = (at, s.seat)
    return best
