"""The batched environment: the same games as independent single-agent environments with the same seeds,
observations and masks in preallocated arrays, Gymnasium's same-step auto-reset."""

from __future__ import annotations

import numpy as np
import pytest

from mercator.interop.single_agent import env
from mercator.interop.vector import vector_env

from .cases import GAMES

N = 4


@pytest.mark.parametrize("game", GAMES)
def test_a_batched_run_equals_independent_envs_with_the_same_seeds(game):
    v = vector_env(game, N, 3, seed=10, opponents="random", normalize=True)
    singles = [env(game, 3, opponents="random", normalize=True) for _ in range(N)]
    obs, info = v.reset(seed=20)
    alone = [e.reset(seed=20 + i) for i, e in enumerate(singles)]
    assert np.array_equal(obs, np.stack([o for o, _ in alone]))
    assert np.array_equal(info["action_mask"], np.stack([i["action_mask"] for _, i in alone]))
    assert v.observation_space.contains(obs)
    rng, ends = np.random.default_rng(0), 0
    for _ in range(400):
        actions = (rng.random(v.masks.shape) * v.masks).argmax(axis=1)
        obs, rewards, terms, truncs, info = v.step(actions)
        for i, e in enumerate(singles):
            o, r, term, trunc, inf = e.step(int(actions[i]))
            assert (r, term, trunc) == (rewards[i], terms[i], truncs[i])
            if term or trunc:  # same-step auto-reset: the ended game's last observation goes to infos
                ends += 1
                assert info["_final_obs"][i] and np.array_equal(info["final_obs"][i], o)
                o, inf = e.reset()
            assert np.array_equal(obs[i], o) and np.array_equal(info["action_mask"][i], inf["action_mask"])
            assert np.array_equal(v.action_masks()[i], e.action_masks())
    assert ends >= 1  # the auto-reset was exercised


def test_no_copy_returns_the_preallocated_arrays():
    v = vector_env("valencia", 2, 2, seed=1, copy=False)
    obs, info = v.reset()
    assert obs is v.obs and info["action_mask"] is v.masks and obs.shape == (2, v.single_observation_space.shape[0])
    again, *_ = v.step(v.masks.argmax(axis=1))
    assert again is obs
    with pytest.raises(ValueError, match="seeds"):
        v.reset(seed=[1, 2, 3])


@pytest.mark.parametrize("game", GAMES)
def test_worker_processes_give_the_same_games_as_one_process(game):
    one = vector_env(game, 5, 3, seed=10, opponents="random")
    two = vector_env(game, 5, 3, seed=10, opponents="random", processes=2)
    workers = [w for w, *_ in two._workers]
    assert len(workers) == 2 and all(w.is_alive() for w in workers)
    try:
        a, b = one.reset(seed=20), two.reset(seed=20)
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1]["action_mask"], b[1]["action_mask"])
        rng, ends = np.random.default_rng(1), 0
        for _ in range(250):
            actions = (rng.random(one.masks.shape) * one.masks).argmax(axis=1)
            a, b = one.step(actions), two.step(actions)
            assert all(np.array_equal(x, y) for x, y in zip(a[:4], b[:4], strict=True))
            assert a[4].keys() == b[4].keys() and all(np.array_equal(a[4][k], b[4][k]) for k in a[4])
            ends += int(a[2].any() or a[3].any())
        assert ends >= 1  # the auto-reset ran inside the workers too
        with pytest.raises(ValueError, match="5 actions"):
            two.step([0, 0])
    finally:
        one.close()
        two.close()
    assert not any(w.is_alive() for w in workers)  # close() ends the workers


def test_processes_must_fit_the_games():
    with pytest.raises(ValueError, match="processes"):
        vector_env("valencia", 2, 2, processes=3)
