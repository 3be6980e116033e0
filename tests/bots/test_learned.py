"""The learned evaluation: the fit finds a known relation, the weights file round-trips and refuses a file
made for other features, the search uses it, and ``mercator train`` writes a file the bots load."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from mercator.bots.base import make_bot
from mercator.bots.learned import (
    EXTRA,
    Data,
    LayoutMismatch,
    Model,
    features_for,
    fit,
    learned_evaluation,
    weights_path,
)
from mercator.cli import app
from mercator.games import get


def _synthetic(true: np.ndarray, slope: np.ndarray, seats: int = 3, positions: int = 600, seed: int = 4) -> Data:
    """Positions of ``seats`` rows with random features in [0, 1] (the last two are the hand-made value and
    the constant, as the real layout has them), scored by a known linear relation that changes with progress."""
    rng = np.random.default_rng(seed)
    n = len(true)
    rows = positions * seats
    x = rng.random((rows, n)).astype(np.float32)
    x[:, -1] = 1.0
    progress = np.repeat(rng.random(positions), seats)
    y = x.astype(np.float64) @ true + progress * (x.astype(np.float64) @ slope) + 40.0
    position = np.repeat(np.arange(positions), seats)
    return Data(x, y, progress, position // 6, position, "synthetic")  # six positions a game


def test_the_fit_recovers_a_known_linear_relation():
    rng = np.random.default_rng(1)
    n = 12 + len(EXTRA)
    true, slope = rng.normal(0, 3, n), rng.normal(0, 2, n)
    model, report = fit(_synthetic(true, slope), "valencia", lambdas=(1e-3,))
    # Only differences between seats are fitted (the constant and anything shared cancel), so compare those.
    keep_true = np.zeros(n)
    keep_true[model.keep] = 1
    assert keep_true[:-1].all()  # every varying feature kept; the constant dropped
    assert np.allclose(model.weights[0], true[model.keep], atol=0.05)
    assert np.allclose(model.weights[1], slope[model.keep], atol=0.1)
    assert report["learned"]["margin_r2"] > 0.999 and report["learned"]["relative_mae"] < 0.05


def test_the_fit_on_noise_explains_nothing():
    """The same fit on labels unrelated to the features: held-out R^2 near zero, so the first test can fail."""
    n = 12 + len(EXTRA)
    data = _synthetic(np.zeros(n), np.zeros(n))
    data.y = np.random.default_rng(2).normal(0, 5, len(data.y))
    assert fit(data, "valencia")[1]["learned"]["relative_r2"] < 0.05


def test_the_weights_file_round_trips_and_refuses_another_layout(tmp_path: Path):
    n = 6 + len(EXTRA)
    model, _ = fit(_synthetic(np.arange(n, dtype=float), np.ones(n), positions=60), "valencia", lambdas=(1.0,))
    model.info = {"trained": {"games": 10}}
    path = tmp_path / "w.npz"
    model.save(path)
    back = Model.load(path, "valencia", "synthetic")
    assert back.info == model.info and np.array_equal(back.keep, model.keep)
    assert np.array_equal(back.weights, model.weights)
    with pytest.raises(LayoutMismatch, match="layout synthetic.*retrain it with: mercator train valencia"):
        Model.load(path, "valencia", "0123456789abcdef")
    with pytest.raises(LayoutMismatch, match="trained for valencia"):
        Model.load(path, "colonia", "synthetic")
    with np.load(path) as data:
        parts = dict(data)
    meta = json.loads(str(parts["meta"]))
    parts["meta"] = np.array(json.dumps({**meta, "format": 0}))
    np.savez(tmp_path / "old.npz", **parts)
    with pytest.raises(LayoutMismatch, match="format 0"):
        Model.load(tmp_path / "old.npz")


@pytest.mark.parametrize("game", ["valencia", "colonia", "constantinopolis"])
def test_the_committed_weights_fit_this_builds_features(game: str):
    """Every game ships weights its features load (a changed encoder makes this fail: retrain)."""
    info = get(game)
    state = info.new(info.counts_for({})[0], seed=3)
    evaluate = learned_evaluation(state)
    values = [evaluate(state, s) for s in range(state.seats)]
    assert all(np.isfinite(values))
    assert Model.load(weights_path(game), game, features_for(state).layout).info["trained"]["games"] >= 1000


def test_strasbourg_shares_valencias_layout():
    a = features_for(get("valencia").new(3, seed=1))
    b = features_for(get("valencia").new(3, seed=1, options={"edition": "strasbourg"}))
    assert a.layout == b.layout and a is not b


def test_the_learned_bot_plays_legal_moves_and_a_bad_setting_is_named():
    info = get("valencia")
    state = info.new(2, seed=5)
    seat = state.to_act()[0]
    assert make_bot("ismcts:80:evaluation=learned", 1).act(state, seat) in state.legal_actions(seat)
    with pytest.raises(Exception, match="evaluation must be one of heuristic, learned, tuned, fitted"):
        make_bot("ismcts:80:evaluation=clever", 1)


def test_train_writes_a_file_the_bots_load(tmp_path: Path):
    out = tmp_path / "valencia.npz"
    result = CliRunner().invoke(app, ["train", "valencia", "--games", "4", "--random-moves", "0.5", "--out", str(out),
                                      "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["path"] == str(out) and report["bytes"] == out.stat().st_size < 64_000
    for key in ("learned", "heuristic"):
        assert set(report[key]) == {"margin_r2", "margin_mae", "relative_r2", "relative_mae"}
    state = get("valencia").new(2, seed=9)
    model = Model.load(out, "valencia", features_for(state).layout)
    assert model.info["trained"]["games"] == 4 and model.info["trained"]["bot"] == "greedy, 50% random moves"
    assert np.isfinite(learned_evaluation(state, out)(state, 0))


def test_self_play_is_reproducible():
    from mercator.bots.learned import plan, self_play

    task = plan("colonia", 2, seed=3)[0]
    a, b = self_play(task), self_play(task)
    assert len(a.y) > 0 and np.array_equal(a.x, b.x) and np.array_equal(a.y, b.y)
    assert np.array_equal(a.position, b.position) and len(np.unique(a.game)) == 2


def test_self_play_by_a_search_level_keeps_the_sampled_share():
    from mercator.bots.learned import plan, self_play

    few, many = (self_play(plan("valencia", 1, seed=4, players=[2], bot="ismcts:20", sample=s)[0]) for s in (0.05, 0.5))
    assert 0 < len(few.y) < len(many.y)  # the same game, sampled more densely
    assert set(few.y) == set(many.y)  # each seat's final score: one game, one pair of labels


def test_a_self_play_lineup_takes_the_seats_in_turn():
    """``random,easy``: in each of four 2-player games the greedy seat (seat 0 in every other game) ends far
    above the random one, so the labels show which seat played which bot."""
    from mercator.bots.learned import _bot_name, plan, self_play

    task = plan("valencia", 4, seed=5, players=[2], bot="random,easy", sample=0.3, epsilon=0.0)[0]
    data = self_play(task)
    for g in np.unique(data.game):
        first = np.flatnonzero(data.game == g)[:2]  # one position: seat 0's row, then seat 1's
        greedy = (1 + g) % 2  # seat s plays lineup[(s - seed) % 2], as in the arena: "easy" is lineup[1]
        assert data.y[first[greedy]] > data.y[first[1 - greedy]] + 20, (g, data.y[first])
    assert len({int(g) % 2 for g in np.unique(data.game)}) == 2  # both seatings were played
    assert _bot_name("valencia", "easy,normal") == (
        "greedy against normal (ismcts:500:prior_weight=500:evaluation=tuned)")


def test_train_names_its_self_play_bot_and_refuses_an_unknown_one(tmp_path: Path):
    out = tmp_path / "v.npz"
    result = CliRunner().invoke(app, ["train", "valencia", "--games", "5", "--players", "2", "--bot", "normal",
                                      "--sample", "0.2", "--random-moves", "0.5", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    model = Model.load(out)
    assert model.info["trained"]["bot"] == "normal (ismcts:500:prior_weight=500:evaluation=tuned), 50% random moves"
    assert model.info["trained"]["sample"] == 0.2
    bad = CliRunner().invoke(app, ["train", "valencia", "--games", "2", "--bot", "normal,clever", "--out",
                                   str(tmp_path / "w.npz")])
    assert bad.exit_code == 2 and "unknown bot 'clever'" in bad.output and not (tmp_path / "w.npz").exists()


def test_train_refuses_a_player_count_the_game_is_not_played_by(tmp_path: Path):
    result = CliRunner().invoke(app, ["train", "colonia", "--games", "4", "--players", "2", "--out",
                                      str(tmp_path / "c.npz"), "--lang", "de"])
    assert result.exit_code == 2 and "3-6 Spielern gespielt, nicht mit 2" in result.output
    assert not (tmp_path / "c.npz").exists()
