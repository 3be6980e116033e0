"""The game review: a bot re-examines every decision of a finished game from the deciding seat's
knowledge and names the costliest, with the better move and its estimated gain."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from mercator.arena.games import Job, play
from mercator.bots.review import costliest, review
from mercator.cli import app
from mercator.engine.record import GameRecord
from mercator.games import get


def _record(game: str, seats: tuple[str, ...], seed: int) -> GameRecord:
    return GameRecord.from_json(play(Job(0, game, {}, seats, seed))["record"])


def test_every_decision_with_a_choice_is_reviewed_against_a_legal_better_move() -> None:
    rec = _record("valencia", ("greedy", "random"), 5)
    decisions = list(review(rec, {1}))
    state = rec.new_state()
    choices = []
    for n, (seat, action) in enumerate(rec.actions):
        legal = [a.to_json() for a in state.legal_actions(seat)]
        if seat == 1 and len(legal) > 1:
            choices.append(n)
            d = next(d for d in decisions if d.n == n)
            assert d.chosen == action and d.best in legal and d.gain >= 0
        state.apply(seat, action)
    assert [d.n for d in decisions] == choices  # every one of seat 2's choices, and only those


def test_a_random_player_loses_more_than_a_greedy_one() -> None:
    """Seen from the same reviewing bot, random play gives away more than greedy play, in each game."""
    for game in ("constantinopolis", "colonia"):
        players = get(game).player_counts[0]
        rec = _record(game, ("greedy", "random", *("greedy",) * (players - 2)), 8)
        decisions = list(review(rec, {0, 1}))
        lost = {s: sum(d.gain for d in decisions if d.seat == s) / sum(d.seat == s for d in decisions)
                for s in (0, 1)}
        assert lost[1] > 1.5 * lost[0], (game, lost)


def test_the_review_command_lists_the_costliest_and_prints_json(tmp_path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_record("valencia", ("random", "greedy"), 3).dumps())
    runner = CliRunner()
    out = runner.invoke(app, ["review", str(path), "--seat", "1", "--top", "3"])
    assert out.exit_code == 0, out.output
    assert "costliest" in out.output and "better" in out.output
    got = runner.invoke(app, ["review", str(path), "--seat", "1", "--json"])
    decisions = json.loads(got.output)["decisions"]
    assert decisions and {d["seat"] for d in decisions} == {0}
    worst = costliest(((d["n"], d["gain"]) for d in decisions), 3)
    gains = {d["n"]: d["gain"] for d in decisions}
    assert len(worst) == 3 and [gains[n] for n in worst] == sorted(gains.values(), reverse=True)[:3]
    assert f"{gains[worst[0]]:.1f}" in out.output  # the costliest decision leads the table
    bad = runner.invoke(app, ["review", str(path), "--seat", "7"])
    assert bad.exit_code == 2 and "seats 1-2" in bad.output
    bad = runner.invoke(app, ["review", str(path), "--level", "easy"])
    assert bad.exit_code == 2 and "does not search" in bad.output

