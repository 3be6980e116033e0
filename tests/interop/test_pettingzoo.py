"""PettingZoo's own checks and the environment's promises, for every registered game."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from mercator.engine.errors import IllegalAction  # noqa: E402
from mercator.engine.rng import Rng  # noqa: E402
from mercator.interop.pettingzoo import env, parallel_env  # noqa: E402
from mercator.interop.rewards import ranking_rewards, score_diff_rewards  # noqa: E402

from .cases import CASES, GAMES  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo warns about dict observations, as it does for its own classic games.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_api_test(game, players, options):
    e = env(game, players, seed=players, **options)
    api_test(e, num_cycles=1000)
    assert e.core.episodes >= 1  # the play test ran a whole game, end and rewards included


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_seed_test(game, players, options):
    seed_test(lambda: env(game, players, **options), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api_test(game):
    e = parallel_env(game, seed=3)
    parallel_api_test(e, num_cycles=1000)
    assert e.core.episodes >= 1


@pytest.mark.parametrize("game", GAMES)
def test_parallel_env_is_deterministic_under_a_seed(game):
    """PettingZoo's parallel_seed_test samples actions without masks, which these games refuse;
    this is the same check with masked sampling."""
    runs = []
    for _ in range(2):
        e = parallel_env(game)
        obs, _ = e.reset(seed=42)
        rng = np.random.default_rng(0)
        trace = []
        while e.agents:
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0
                       for a, o in obs.items()}
            obs, rewards, *_ = e.step(actions)
            trace.append((sorted(actions.items()), [o["observation"].tobytes() for o in obs.values()], rewards))
        runs.append(trace)
    assert runs[0] == runs[1] and runs[0]


def _play(e, rng: random.Random) -> None:
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


@pytest.mark.parametrize("reward", ["ranking", "score_diff"])
@pytest.mark.parametrize("game", GAMES)
def test_full_episode_rewards(game, reward):
    e = env(game, seed=11, reward=reward)
    e.reset()
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = random.Random(0)
    for agent in e.agent_iter():
        obs, rew, term, trunc, _ = e.last()
        totals[agent] += rew
        e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    state = e.game_state
    assert state.is_over() and not e.agents
    expected = ranking_rewards(state.ranking()) if reward == "ranking" else score_diff_rewards(state.scores())
    assert [totals[a] for a in e.possible_agents] == pytest.approx(expected)
    assert sum(expected) == pytest.approx(0.0)


def test_ranking_rewards_split_ties():
    assert ranking_rewards([1, 2]) == [1.0, -1.0]
    assert ranking_rewards([1, 1]) == [0.0, 0.0]
    assert ranking_rewards([2, 1, 3, 4]) == pytest.approx([1 / 3, 1.0, -1 / 3, -1.0])
    assert ranking_rewards([1, 1, 3, 4]) == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])
    assert score_diff_rewards([10, 4, 4]) == [6.0, -3.0, -3.0]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_observation_ignores_other_seats_secrets(game, players, options):
    """Resampling everything a seat cannot see (other hands, hidden commits, deck order) leaves
    that seat's observation and mask unchanged; the resampled worlds do differ."""
    e = env(game, players, seed=5, **options)
    e.reset()
    rng, det_rng = random.Random(1), Rng(99)
    real = e.game_state
    differed = checked = 0
    step = 0
    while not real.is_over() and step < 400:
        if step % 5 == 0:
            for seat in range(players):
                agent = e.possible_agents[seat]
                before = e.observe(agent)
                world = real.determinize(seat, det_rng)
                e.core.state = world  # observe the resampled world through the same env
                after = e.observe(agent)
                e.core.state = real
                np.testing.assert_array_equal(before["observation"], after["observation"])
                np.testing.assert_array_equal(before["action_mask"], after["action_mask"])
                checked += 1
                differed += any(world.secrets(s) != real.secrets(s) for s in range(players) if s != seat)
        seat = real.to_act()[0]
        legal = real.legal_actions(seat)
        e.step(legal[rng.randrange(len(legal))].index)
        step += 1
    # The engine's secrets() lists what only one seat may see; some resampled world must differ there.
    assert checked and differed, "no resampled world changed another seat's secrets: the test proved nothing"


@pytest.mark.parametrize("game", GAMES)
def test_simultaneous_commit_stays_hidden(game):
    """At a simultaneous choice, what the first seat commits does not change what the others observe."""
    rng = random.Random(2)
    for seed in range(20):
        e = env(game, seed=seed)
        e.reset()
        state = e.game_state
        while not state.is_over() and len(state.to_act()) < 2:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            e.step(legal[rng.randrange(len(legal))].index)
        if state.is_over():
            continue
        first, second = state.to_act()[:2]
        choices = state.legal_actions(first)
        if len(choices) < 2:
            continue
        seen = []
        for choice in choices[:2]:
            world = state.clone()
            world.apply(first, choice)
            e.core.state = world
            seen.append(e.observe(e.possible_agents[second])["observation"])
        e.core.state = state
        np.testing.assert_array_equal(seen[0], seen[1])
        return
    pytest.skip(f"{game}: no simultaneous choice with two options met in 20 random games")


@pytest.mark.parametrize("game", GAMES)
def test_illegal_action_is_refused(game):
    e = env(game, seed=1)
    e.reset()
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.game_state.state_hash()
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.game_state.state_hash() == before


def test_options_and_player_counts_are_validated():
    with pytest.raises(IllegalAction):
        env("constantinopolis", 9)
    with pytest.raises(IllegalAction):
        env("constantinopolis", 3, no_such_option=True)
    with pytest.raises(ValueError):
        env("constantinopolis", 3, reward="points")


def test_truncation_by_max_steps():
    e = env("constantinopolis", 2, seed=0, max_steps=5)
    e.reset()
    _play(e, random.Random(0))
    assert e.core.steps == 5 and not e.game_state.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_an_environment_pickles_mid_game_and_plays_on_identically(game):
    """Worker pools (RLlib, SB3's SubprocVecEnv) send environments to other processes by pickle."""
    import pickle

    e = env(game, 3 if game == "colonia" else 2)
    e.reset(seed=9)
    rng = random.Random(1)
    for _ in range(30):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(rng.choice(np.flatnonzero(mask).tolist()))
    copy = pickle.loads(pickle.dumps(e))
    for _ in range(30):
        if not e.agents:
            break
        mask = e.observe(e.agent_selection)["action_mask"]
        assert (copy.observe(copy.agent_selection)["action_mask"] == mask).all()
        pick = rng.choice(np.flatnonzero(mask).tolist())
        e.step(pick)
        copy.step(pick)
    assert e.core.state.state_hash() == copy.core.state.state_hash()


def _first_deal(e):
    return e.game_state.state_hash()


def test_seeding_only_the_first_reset_reproduces_every_later_game():
    """SB3 and RLlib seed the first reset only: the games after it follow from that seed."""
    runs = []
    for _ in range(2):
        e = env("valencia", 3)
        e.reset(seed=42)
        deals = [_first_deal(e)]
        for _ in range(3):
            e.reset()
            deals.append(_first_deal(e))
        runs.append(deals)
    assert runs[0] == runs[1] and len(set(runs[0])) == 4
    e = env("valencia", 3)
    e.reset(seed=100)
    e.reset()
    later = _first_deal(e)
    e.reset(seed=101)  # the old rule continued at seed + resets
    assert later != _first_deal(e)


def test_workers_seeded_next_to_each_other_do_not_replay_shifted_deals():
    games = {}
    for worker in (0, 1):
        e = env("colonia", 3, seed=worker)
        deals = []
        for _ in range(50):
            e.reset()
            deals.append(_first_deal(e))
        games[worker] = deals
    assert not set(games[0]) & set(games[1])


def test_a_parallel_step_with_one_illegal_action_changes_nothing():
    e = parallel_env("valencia", 3)
    obs, _ = e.reset(seed=1)
    assert len(e.game_state.to_act()) == 3  # everybody keeps tasks at once
    before = e.game_state.state_hash()
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    actions["player_1"] = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="player_1.*no seat's action was applied"):
        e.step(actions)
    assert e.game_state.state_hash() == before


def test_step_before_reset_says_what_to_do():
    for make in (env, parallel_env):
        e = make("constantinopolis", 2)
        with pytest.raises(RuntimeError, match=r"call reset\(\)"):
            e.step({"player_0": 0} if make is parallel_env else 0)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_seed_test_passes_when_illegal_actions_end_the_episode(game):
    """PettingZoo's own parallel_seed_test samples actions without masks: with illegal_action=
    "terminate" an illegal sample ends the episode (as PettingZoo's TerminateIllegalWrapper does)."""
    from pettingzoo.test import parallel_seed_test

    parallel_seed_test(lambda: parallel_env(game, illegal_action="terminate"), num_cycles=50)


def test_an_illegal_action_can_end_the_episode_instead_of_raising():
    e = env("constantinopolis", 2, illegal_action="terminate")
    e.reset(seed=3)
    agent = e.agent_selection
    before = e.game_state.state_hash()
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    assert e.game_state.state_hash() == before
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0 and all(r == 0.0 for a, r in e.rewards.items() if a != agent)
    with pytest.raises(ValueError, match="illegal_action"):
        env("constantinopolis", 2, illegal_action="ignore")


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_global_state_is_every_seats_observation_and_holds_each_seats_secrets(game, players, options):
    """state() (for centralised critics) holds every seat's observation in seat order, so what one seat
    alone knows is in it: a world resampled for seat 0 that changes another seat's secrets changes it."""
    for make in (env, parallel_env):
        e = make(game, players, seed=3, **options)
        e.reset()
        assert e.state_space.shape == (players * e.observation_space("player_0")["observation"].shape[0],)
        real = e.game_state
        rng = random.Random(2)
        differed = changed = 0
        for step in range(200):
            if real.is_over():
                break
            s = e.state()
            assert s.shape == e.state_space.shape and s.dtype == np.float32 and e.state_space.contains(s)
            for seat, part in enumerate(np.split(s, players)):
                np.testing.assert_array_equal(part, e.core.observe(seat)["observation"])
            if step % 10 == 0:
                world = real.determinize(0, Rng(step))
                if any(world.secrets(o) != real.secrets(o) for o in range(1, players)):
                    differed += 1
                    e.core.state = world
                    changed += not np.array_equal(s, e.state())
                    e.core.state = real
            seat = real.to_act()[0]
            legal = real.legal_actions(seat)
            real.apply(seat, legal[rng.randrange(len(legal))].index)
        assert differed and changed == differed, (differed, changed)
