"""The conformance kit, run for every registered game, player count and option set."""

from __future__ import annotations

import pytest

from mercator.engine import testkit
from mercator.games import all_games

CASES = [
    pytest.param(info, n, opts, id=f"{info.name}-{n}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "base"))
    for info in all_games()
    for opts in info.option_sets()
    for n in info.counts_for(opts)
]


@pytest.mark.parametrize(("info", "players", "options"), CASES)
def test_full_checks_every_step(info, players, options):
    testkit.full_check_game(info, players, options, seed=players * 101 + len(options), every=1)


@pytest.mark.parametrize(("info", "players", "options"), CASES)
def test_random_games_end_and_replay(info, players, options):
    for seed in range(6):
        final = testkit.playout(info, players, options, seed=1000 + seed)
        assert final.is_over()
        assert final.record().replay().state_hash() == final.state_hash()


@pytest.mark.parametrize(("info", "players", "options"), CASES)
def test_hypothesis_driven_sequences(info, players, options):
    testkit.hypothesis_driven(info, players, options)()
