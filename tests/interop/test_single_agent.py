"""The single-agent Gymnasium environment: Gymnasium's and SB3's checkers, seeding, opponents, and
short MaskablePPO and RLlib PPO runs."""

from __future__ import annotations

import pickle
import random
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from mercator.bots import RandomBot  # noqa: E402
from mercator.engine.errors import IllegalAction  # noqa: E402
from mercator.interop.rewards import final_rewards  # noqa: E402
from mercator.interop.single_agent import env, rllib_env  # noqa: E402

from .cases import EXTREMES, GAMES  # noqa: E402
from .test_examples import _load  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _episode(e, seed: int | None, rng: random.Random) -> tuple[list[int], float, list[bytes], int]:
    """A whole episode with random legal learner actions: the actions, the reward, the observations
    and the state hash of the deal as the learner first meets it."""
    obs, info = e.reset(seed=seed)
    deal = e.game_state.state_hash()
    actions, seen, reward, done = [], [obs.tobytes()], 0.0, False
    while not done:
        assert (info["action_mask"] == e.action_masks()).all() and e.action_masks().any()
        action = rng.choice(np.flatnonzero(e.action_masks()).tolist())
        obs, reward, terminated, truncated, info = e.step(action)
        actions.append(action)
        seen.append(obs.tobytes())
        done = terminated or truncated
    return actions, reward, seen, deal


@pytest.mark.parametrize(("game", "players", "options"), EXTREMES)
def test_gymnasium_check_env(game, players, options):
    # The checker samples actions without a mask; "terminate" ends the episode on an illegal one.
    check_env(env(game, players, illegal_action="terminate", **options), skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_sb3_check_env(game):
    sb3 = pytest.importorskip("stable_baselines3.common.env_checker")
    sb3.check_env(env(game, illegal_action="terminate"), warn=True)


@pytest.mark.parametrize(("game", "players", "options"), EXTREMES)
def test_a_whole_episode_pays_the_learners_final_reward(game, players, options):
    e = env(game, players, seat=players - 1, opponents="easy", **options)
    _, reward, _, _ = _episode(e, 3, random.Random(0))
    state = e.game_state
    assert state.is_over() and e.core.episodes == 1
    assert reward == pytest.approx(final_rewards(state, "ranking")[players - 1])
    assert not e.action_masks().any()
    with pytest.raises(RuntimeError, match=r"call reset\(\)"):
        e.step(0)


def test_seeding_the_first_reset_replays_every_later_episode_opponents_included():
    def run(seed: int) -> list:
        e = env("constantinopolis", 3, opponents="easy")
        first = _episode(e, seed, random.Random(1))
        return [first] + [_episode(e, None, random.Random(1)) for _ in range(2)]

    a, b = run(5), run(5)
    assert a == b
    assert len({x[3] for x in a}) == 3  # three different deals
    assert all(x[3] != y[3] for x, y in zip(a, run(6), strict=True))


def test_the_constructor_seed_counts_as_the_first_resets():
    e1, e2 = env("valencia", 2, seed=7), env("valencia", 2)
    assert _episode(e1, None, random.Random(0)) == _episode(e2, 7, random.Random(0))


def test_opponents_by_name_object_callable_and_list():
    calls = []

    def first_legal(state, seat):
        calls.append(seat)
        return state.legal_actions(seat)[0].index  # an index works as well as an Action

    e = env("colonia", 3, seat=1, opponents=[RandomBot(4), first_legal])
    _episode(e, 0, random.Random(0))
    assert e.game_state.is_over() and set(calls) == {2}
    with pytest.raises(ValueError, match="2 opponents for 3"):
        env("colonia", 4, opponents=["random", "easy"])
    with pytest.raises(IllegalAction, match="unknown bot"):
        env("colonia", 3, opponents="grandmaster")
    with pytest.raises(ValueError, match="seat 3"):
        env("colonia", 3, seat=3)


def test_a_seat_drawn_per_episode_covers_every_seat():
    e = env("constantinopolis", 3, seat=None)
    seats = set()
    for i in range(12):
        _, info = e.reset(seed=i)
        seats.add(info["seat"])
        assert e.seat in e.game_state.to_act()
    assert seats == {0, 1, 2}


def test_forced_moves_can_be_played_for_the_learner():
    for forced in (False, True):
        e = env("constantinopolis", 2, auto_forced=forced)
        single = 0
        for seed in range(3):
            e.reset(seed=seed)
            done = False
            while not done:
                legal = np.flatnonzero(e.action_masks())
                single += len(legal) == 1
                _, _, t, tr, _ = e.step(int(legal[0]))
                done = t or tr
        assert (single == 0) == forced


def test_illegal_actions_raise_or_end_the_episode():
    e = env("valencia", 2)
    e.reset(seed=1)
    before = e.game_state.state_hash()
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.game_state.state_hash() == before
    e = env("valencia", 2, illegal_action="terminate")
    e.reset(seed=1)
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert e.game_state.state_hash() == before




def test_registered_with_gymnasium_and_picklable():
    e = gymnasium.make("mercator.interop.single_agent:mercator/Colonia-v0", players=3, opponents="easy")
    obs, _ = e.reset(seed=2)
    assert e.observation_space.contains(obs) and e.unwrapped.core.info.name == "colonia"
    for _ in range(10):
        e.step(int(np.flatnonzero(e.unwrapped.action_masks())[0]))
    copy = pickle.loads(pickle.dumps(e.unwrapped))
    assert copy.game_state.state_hash() == e.unwrapped.game_state.state_hash()
    assert _episode(copy, None, random.Random(3))[0] == _episode(e.unwrapped, None, random.Random(3))[0]


def test_the_rllib_view_renames_and_floats_the_mask():
    e = rllib_env({"game": "valencia", "players": 2})
    obs, _ = e.reset(seed=0)
    assert e.observation_space.contains(obs) and set(obs) == {"observations", "action_mask"}
    assert (obs["action_mask"] == e.unwrapped.action_masks()).all() and obs["action_mask"].dtype == np.float32


def test_maskable_ppo_trains_and_plays():
    pytest.importorskip("sb3_contrib")
    example = _load("train_maskable_ppo")
    model = example.train("valencia", 2, steps=512, n_steps=256, batch_size=64)
    assert model.num_timesteps >= 512
    # Two whole games on the default illegal_action="raise": one unmasked, illegal prediction would raise.
    assert example.win_rate(model, "valencia", 2, games=2) in (0.0, 0.5, 1.0)


def test_rllib_ppo_with_its_action_masking_module_trains():
    pytest.importorskip("ray")  # skipped only without ray; RLlib itself must then import
    results = _load("rllib_ppo_masking").train("constantinopolis", 2, iterations=1, batch=256)
    runners = results[0]["env_runners"]
    assert runners["num_env_steps_sampled_lifetime"] >= 256
    assert results[0]["learners"]["default_policy"]["num_module_steps_trained"] > 0
