"""What an episode is, the same in every environment: ``max_steps`` counts game actions (every seat's),
``auto_forced`` plays single legal actions without asking, and nothing works before ``reset()``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from mercator.interop import pettingzoo, single_agent

from .cases import GAMES


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _first(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def _aec(e, limit: int = 100_000) -> list[int]:
    """Play the first legal action until the episode ends; the number of legal actions at each step."""
    choices = []
    for _ in e.agent_iter(limit):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        choices.append(int(obs["action_mask"].sum()))
        e.step(_first(obs["action_mask"]))
    return choices


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("max_steps", [7, 40])
def test_max_steps_counts_game_actions_in_every_environment(game, max_steps):
    """Each environment truncates on the step that takes the game to ``max_steps`` actions, whatever it calls
    a step (one seat's action, a decision point of the parallel env, a learner's decision)."""
    aec = pettingzoo.env(game, 3, seed=1, max_steps=max_steps)
    aec.reset()
    _aec(aec)
    assert len(aec.game_state.history) == max_steps and all(aec.truncations.values())

    par = pettingzoo.parallel_env(game, 3, seed=1, max_steps=max_steps)
    obs, _ = par.reset()
    while par.agents:
        before = len(par.game_state.history)
        obs, _, _, trunc, _ = par.step({a: _first(o["action_mask"]) if o["action_mask"].any() else 0
                                        for a, o in obs.items()})
    assert before < max_steps <= len(par.game_state.history) and all(trunc.values())

    one = single_agent.env(game, 3, seed=1, max_steps=max_steps)
    one.reset()
    truncated = False
    while not truncated:
        before = len(one.game_state.history)
        assert before < max_steps
        _, _, _, truncated, _ = one.step(_first(one.action_masks()))
    assert len(one.game_state.history) >= max_steps and not one.game_state.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_auto_forced_plays_single_legal_actions_and_the_same_game(game):
    """With auto_forced every decision an agent sees has a choice, and playing the first legal action gives
    the same game as without it (the forced actions are the ones an agent would have had to take)."""
    plain, auto = pettingzoo.env(game, 3, seed=4), pettingzoo.env(game, 3, seed=4, auto_forced=True)
    plain.reset()
    auto.reset()
    choices = _aec(plain)
    forced_seen = 0
    for _ in auto.agent_iter():
        obs, _, term, trunc, _ = auto.last()
        if term or trunc:
            auto.step(None)
            continue
        assert obs["action_mask"].sum() >= 2
        auto.step(_first(obs["action_mask"]))
        forced_seen += 1
    assert auto.game_state.history == plain.game_state.history and auto.game_state.is_over()
    assert forced_seen == len(choices) - choices.count(1)  # exactly the forced decisions were skipped

    histories = []
    for auto_forced in (False, True):  # the parallel env interleaves the seats' actions unlike AEC
        par = pettingzoo.parallel_env(game, 3, seed=4, auto_forced=auto_forced)
        obs, _ = par.reset()
        while par.agents:
            deciding = [o["action_mask"].sum() for o in obs.values() if o["action_mask"].any()]
            # auto-played: a lone forced decision (at a simultaneous choice only its first seat's)
            assert not auto_forced or len(deciding) > 1 or deciding[0] >= 2
            obs, *_ = par.step({a: _first(o["action_mask"]) if o["action_mask"].any() else 0
                                for a, o in obs.items()})
        histories.append([[i for s, i in par.game_state.history if s == seat] for seat in range(3)])
    # each seat's own actions are the same; the order across seats may differ, as auto-play runs a seat's
    # forced actions of a simultaneous choice one after another
    assert histories[0] == histories[1]


def test_nothing_works_before_reset_and_the_error_says_so():
    aec, par = pettingzoo.env("valencia", 2), pettingzoo.parallel_env("valencia", 2)
    one = single_agent.env("valencia", 2)
    calls = [aec.last, lambda: aec.step(0), lambda: aec.observe("player_0"), aec.state,
             lambda: par.step({"player_0": 0}), par.state, lambda: one.step(0), one.action_masks]
    for call in calls:
        with pytest.raises(RuntimeError, match=r"call reset\(\)"):
            call()
