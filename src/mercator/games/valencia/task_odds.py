"""Each kept task's chance of being met at the end, read from how far the seat still is from it.

The hand-made evaluation gives a met task one chance and an unmet one another that only shrinks with the
rounds, whatever the task: in self-play a kept "Full warehouse" was met in about one game in five and
"In the shade" in nearly every one, and a member that brings a task one step nearer changed nothing until
the step that met it. Here the chance is a logistic model per task over its steps still needed
(``tasks.STEPS``) and the rounds left, fitted to the final outcome of replayed games
(``benchmarks/experiments/fit_task_odds.py``) and kept per table in ``task_odds.toml``, as the tuned
constants are in ``tuned.toml``. The ``steered`` evaluation reads it (``heuristics.steered``).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .tasks import FAR, STEPS

if TYPE_CHECKING:
    from .data import Task
    from .fields import StateFields

ODDS_FILE = Path(__file__).with_name("task_odds.toml")
STEP_CAP = 8  # more steps than this read as this many: few samples lie beyond


def features(steps: int, rounds_left: int) -> tuple[float, float, float, float]:
    """The model's inputs: a constant, met now, steps per round left, steps."""
    s = min(steps, STEP_CAP)
    return 1.0, float(s == 0), s / rounds_left, float(s)


@dataclass(frozen=True)
class TaskOdds:
    """One table's fitted model, and the weight the evaluation gives the tasks' worth under it."""

    weight: float
    coefficients: dict[str, tuple[float, ...]]  # task id -> one coefficient per feature

    def chance(self, state: StateFields, seat: int, task: Task, rounds_left: int) -> float:
        steps = STEPS[task.predicate](state, seat, task)
        if steps >= FAR:
            return 0.0
        z = sum(c * x for c, x in zip(self.coefficients[task.id], features(steps, rounds_left), strict=True))
        return 1.0 / (1.0 + math.exp(-z))


@cache  # read once: every search decision asks
def task_odds(table: str) -> TaskOdds | None:
    """The model for ``table`` (``GameState.table``, e.g. ``valencia.2``), or None where none was fitted."""
    edition, _, players = table.rpartition(".")
    chosen = tomllib.loads(ODDS_FILE.read_text(encoding="utf-8")).get(edition, {}).get(players)
    if chosen is None:
        return None
    coefficients = {k: tuple(float(x) for x in v) for k, v in chosen["chances"].items()}
    return TaskOdds(weight=float(chosen["weight"]), coefficients=coefficients)
