"""Smoke tests: the examples run end to end on small budgets."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str):  # noqa: ANN202 - a module
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_random_agent_plays_to_the_end():
    pytest.importorskip("pettingzoo")
    totals = _load("random_agent").play("valencia", 3, seed=1, options={"edition": "strasbourg"})
    assert len(totals) == 3 and sum(totals.values()) == pytest.approx(0.0)


def test_openspiel_ismcts_plays_against_mercator_bots():
    pytest.importorskip("pyspiel")
    returns = _load("openspiel_ismcts_vs_bots").play("constantinopolis", 2, "random", simulations=4,
                                                      rollout_length=2, seed=0)
    assert len(returns) == 2 and sum(returns) == pytest.approx(0.0)


def test_overhead_benchmark_runs():
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    from mercator.interop.bench import measure

    names = ("engine", "pettingzoo", "openspiel", "observe", "single_agent", "vector16", "async2")
    rows = measure("valencia", 2, steps=200, repeat=1, interfaces=names)
    assert [r["interface"] for r in rows] == list(names)
    assert all(r["steps_per_s"] > 0 for r in rows)
