"""Evaluation constants tuned by self-play, read from a game's ``tuned.toml``.

A game's hand-made evaluation keeps its constants in a frozen dataclass (``heuristics.Weights``, the defaults
hand-set); ``benchmarks/experiments/tune_evaluation.py`` searches them by self-play and the result is written
as one table per edition (or game) and player count, e.g. ``[valencia.2]``. A constant a table does not name,
or a table the file lacks, keeps its hand-set value: tables are per player count because Valencia's constants
tuned at two players did not help at three or four (benchmarks/RESULTS.md).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import fields, replace
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

W = TypeVar("W", bound="DataclassInstance")


@cache  # read once: every search decision asks
def tuned_constants(path: Path, hand_set: W, table: str) -> W:
    """``hand_set`` with the constants of ``path``'s ``[table]`` (``GameState.table``, e.g. ``valencia.2``) put
    in; a name the record lacks is refused (a typo would otherwise leave the hand-set value in silence)."""
    tables = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    edition, _, players = table.rpartition(".")
    chosen = tables.get(edition, {}).get(players, {})
    unknown = set(chosen) - {f.name for f in fields(hand_set)}
    if unknown:
        raise ValueError(f"{path.name} [{table}]: no evaluation constant named {', '.join(sorted(unknown))}")
    return replace(hand_set, **{k: float(v) for k, v in chosen.items()})


def tuned_evaluation(evaluate: Callable[..., float], path: Path, hand_set: Any,
                     table: str) -> Callable[[Any, int], float]:
    """``evaluate(state, seat)`` with the tuned constants of that table (``evaluation=tuned`` in the bots)."""
    return partial(evaluate, w=tuned_constants(path, hand_set, table))
