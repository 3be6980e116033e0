"""RLlib's own checker on its PettingZoo wrappers, and whole games played through them.

PettingZoo's api_test, parallel_api_test, seed_test and parallel_seed_test run in
test_pettingzoo.py; Gymnasium's and SB3's check_env in test_single_agent.py."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("ray")  # skipped only without ray; RLlib itself must then import

from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv, PettingZooEnv  # noqa: E402
from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

from mercator.interop.pettingzoo import env, parallel_env  # noqa: E402

from .cases import GAMES  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("make", "wrapper"), [(env, PettingZooEnv), (parallel_env, ParallelPettingZooEnv)],
                         ids=["aec", "parallel"])
def test_rllib_check_multiagent_environments(game, make, wrapper):
    # The checker steps a sampled, unmasked action: "terminate" ends the episode on an illegal one.
    check_multiagent_environments(wrapper(make(game, illegal_action="terminate")))


def _masked(rng: random.Random, obs: dict) -> dict:
    return {a: rng.choice(np.flatnonzero(o["action_mask"]).tolist()) if o["action_mask"].any() else 0
            for a, o in obs.items()}


@pytest.mark.parametrize("game", GAMES)
def test_rllib_wrappers_play_whole_games(game):
    rng = random.Random(0)
    for wrapped, inner in ((PettingZooEnv(e := env(game)), e), (ParallelPettingZooEnv(p := parallel_env(game)), p)):
        obs, _ = wrapped.reset(seed=4)
        terminated = {"__all__": False}
        while not terminated["__all__"]:
            obs, _, terminated, truncated, _ = wrapped.step(_masked(rng, obs))
            assert not truncated["__all__"]
        assert inner.game_state.is_over()
