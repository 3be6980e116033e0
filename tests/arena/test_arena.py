"""The arena: seat rotation, resumable result files, statistics, the report, and the same
results from the local pool and from Ray."""

from __future__ import annotations

import html
import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from mercator.arena import load_results, render_report, run_arena, schedule, summarize, wilson
from mercator.arena.stats import head_to_head
from mercator.cli import app
from mercator.engine.errors import IllegalAction
from mercator.engine.record import GameRecord
from mercator.games import get

GAME = "constantinopolis"


def test_each_bot_sits_in_each_seat_equally_often():
    jobs = schedule(GAME, 3, ["normal", "greedy", "random"], 9, seed=4, options={})
    per_seat = Counter((s, bot) for j in jobs for s, bot in enumerate(j.seats))
    assert set(per_seat.values()) == {3} and len(per_seat) == 9
    assert len({j.seed for j in jobs}) == 9
    # Fewer bots than seats: the lineup repeats them.
    assert schedule(GAME, 4, ["greedy", "random"], 1, seed=0, options={})[0].seats == (
        "greedy", "random", "greedy", "random")


def test_bad_arena_input_is_refused_clearly():
    with pytest.raises(IllegalAction, match="2-5 players"):
        schedule(GAME, 7, ["random"], 1, 0, {})
    with pytest.raises(IllegalAction, match="unknown bot"):
        schedule(GAME, 2, ["random", "wizard"], 1, 0, {})
    with pytest.raises(IllegalAction, match="at most 2"):
        schedule(GAME, 2, ["random", "greedy", "easy"], 1, 0, {})


def test_wilson_interval_matches_the_formula():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and round(hi, 4) == 0.1611
    assert wilson(0, 0) == (0.0, 1.0)


def test_head_to_head_counts_games_and_halves_ties():
    def game(ranking: list[int], scores: list[int]) -> dict:
        return {"seats": ["hard", "normal", "normal"], "ranking": ranking, "scores": scores}

    results = [game([1, 2, 3], [30, 20, 10]),  # above both normals: 1
               game([2, 1, 3], [20, 25, 15]),  # above one of two: 1/2
               game([1, 1, 3], [20, 20, 10])]  # tied with one, above the other: 3/4
    [h] = head_to_head(results, ["hard", "normal"])
    assert (h["bot"], h["other"], h["games"]) == ("hard", "normal", 3)
    assert h["wins"] == pytest.approx(2.25) and h["rate"] == pytest.approx(0.75)
    assert h["ci95"] == pytest.approx(list(wilson(2.25, 3)))
    assert h["margin"]["mean"] == pytest.approx((15 + 0 + 5) / 3)
    assert h["margin"]["se"] == pytest.approx(7.6376 / 3 ** 0.5, abs=1e-4)
    assert head_to_head(results, ["normal"]) == []  # self-play has no pairs


def test_results_resume_and_equal_a_fresh_run(tmp_path):
    out = tmp_path / "r.jsonl"
    first = run_arena(GAME, 2, ["greedy", "random"], 3, seed=9, out=out)
    assert len(load_results(out)) == 3
    played: list[int] = []
    resumed = run_arena(GAME, 2, ["greedy", "random"], 5, seed=9, out=out,
                        progress=lambda done, total: played.append(done))
    assert played[0] == 3 and played[-1] == 5  # only games 3 and 4 were played
    fresh = run_arena(GAME, 2, ["greedy", "random"], 5, seed=9, workers=2)
    assert [r["record"] for r in resumed] == [r["record"] for r in fresh]
    assert resumed[:3] == first
    for r in fresh:  # every game is stored as a replayable record
        state = GameRecord.from_json(r["record"]).replay()
        assert state.state_hash() == r["record"]["final_hash"] and state.scores() == r["scores"]
    with pytest.raises(IllegalAction, match="different run"):
        run_arena(GAME, 2, ["random", "random"], 5, seed=9, out=out)


def test_summary_and_report(tmp_path):
    results = run_arena(GAME, 2, ["greedy", "random"], 6, seed=2)
    summary = summarize(results)
    assert summary["games"] == 6
    bots = summary["bots"]
    assert bots["greedy"]["games"] == bots["random"]["games"] == 6
    assert bots["greedy"]["wins"] + bots["random"]["wins"] == pytest.approx(6)
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(6)
    lo, hi = bots["greedy"]["ci95"]
    assert lo <= bots["greedy"]["rate"] <= hi
    assert sum(e["games"] for e in summary["end_conditions"]) == 6
    assert sum(e["share"] for e in summary["end_conditions"]) == pytest.approx(1)
    assert summary["length_actions"]["min"] <= summary["length_actions"]["median"] <= summary["length_actions"]["max"]
    page = render_report(summary, results, "test")
    assert page.startswith("<!doctype html>") and page.count("data:image/png;base64,") == 5
    assert "First-player advantage" in page and "greedy" in page
    [h] = summary["head_to_head"]
    assert (h["bot"], h["games"]) == ("greedy", 6) and h["wins"] == pytest.approx(bots["greedy"]["wins"])
    assert "Head to head" in page


def test_ray_backend_gives_the_local_results():
    pytest.importorskip("ray")
    local = run_arena(GAME, 2, ["greedy", "random"], 4, seed=21, workers=2)
    remote = run_arena(GAME, 2, ["greedy", "random"], 4, seed=21, workers=2, backend="ray")
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "think_seconds")} for r in local]
    assert strip == [{k: v for k, v in r.items() if k not in ("seconds", "think_seconds")} for r in remote]


def test_arena_command_writes_results_and_report(tmp_path):
    out, report = tmp_path / "r.jsonl", tmp_path / "r.html"
    result = CliRunner().invoke(app, ["arena", GAME, "--players", "2", "--bots", "greedy,random", "--games", "4",
                                      "--out", str(out), "--report", str(report), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 4 and set(summary["bots"]) == {"greedy", "random"}
    assert len(out.read_text().splitlines()) == 4 and report.read_text().startswith("<!doctype html>")
    bad = CliRunner().invoke(app, ["arena", GAME, "--bots", "greedy,oracle", "--games", "1"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output


@pytest.mark.parametrize(("game", "players", "rounds"), [("valencia", 3, 5), ("colonia", 3, 6),
                                                         ("constantinopolis", 2, None)])
def test_the_report_follows_the_score_round_by_round_and_words_each_end(game, players, rounds):
    results = run_arena(game, players, ["greedy", "random"], 4, seed=5)
    for r in results:  # a score per seat as each round ended; the last entry is the final score
        assert len(r["progression"]) == r["rounds"] and r["progression"][-1] == r["scores"]
        assert rounds is None or r["rounds"] == rounds
    summary = summarize(results)
    prog = summary["progression"]
    assert prog["games"][0] == 4 and len(prog["games"]) == max(r["rounds"] for r in results)
    greedy = [s for r in results for s, bot in enumerate(r["seats"]) if bot == "greedy"]
    assert prog["bots"]["greedy"][-1] is not None
    assert prog["bots"]["greedy"][0] == pytest.approx(
        sum(r["progression"][0][s] for r in results for s, bot in enumerate(r["seats"]) if bot == "greedy")
        / len(greedy))
    words = get(game).end_reasons
    assert all(e["words"] == words[e["code"]] for e in summary["end_conditions"])
    page = render_report(summary, results)
    word = get(game).round_word
    assert f"Score progression per {word}" in page and f"{word}s per game" in page
    assert all(html.escape(e["words"]) in page for e in summary["end_conditions"])
    g = summary["bots"]["greedy"]  # wins as counts, rates as percentages
    wins = f"{g['wins']:.0f}" if float(g["wins"]).is_integer() else f"{g['wins']:.1f}"
    assert f"<td>greedy</td><td>{g['games']}</td><td>{wins}</td><td>{g['rate']:.1%}</td>" in page
