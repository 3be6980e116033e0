"""Mechanism statistics: what each seat did and where its points came from, read from a played
game's events, summarised per bot and shown in the arena report."""

from __future__ import annotations

import pytest

from mercator.arena import render_report, run_arena, summarize
from mercator.arena.games import Job, play
from mercator.engine.record import GameRecord
from mercator.games import all_games, get

CASES = [(g.name, {}) for g in all_games()] + [("valencia", {"edition": "strasbourg"})]


@pytest.mark.parametrize(("game", "options"), CASES)
@pytest.mark.parametrize("seed", [3, 11])
def test_the_score_sources_add_up_to_every_seats_score(game: str, options: dict[str, str], seed: int) -> None:
    players = 4
    result = play(Job(0, game, get(game).validate_options(options), ("greedy",) * players, seed))
    tally = result["mechanisms"]
    assert [sum(p.values()) for p in tally["points"]] == result["scores"]
    # Every mechanism is listed for every seat, used or not, so "never" reads as 0 rather than missing.
    assert all(set(u) == set(tally["uses"][0]) for u in tally["uses"])
    assert len(tally["uses"][0]) >= 8


def test_counts_follow_the_events() -> None:
    """The tallies count what the record's events say happened, one for one."""
    result = play(Job(0, "constantinopolis", {}, ("greedy",) * 3, 5))
    events: list[dict[str, object]] = []
    GameRecord.from_json(result["record"]).replay(events)
    uses = result["mechanisms"]["uses"]
    for s in range(3):
        assert uses[s]["contracts"] == sum(e["type"] == "contract_fulfilled" and e["seat"] == s for e in events)
        bought = [e["building"] for e in events if e["type"] == "bought" and e["seat"] == s]
        assert sum(uses[s][f"{c}_buildings"] for c in ("production", "commercial", "utility", "public", "wall")) \
            == len(bought)


def test_summary_and_report_show_mechanisms_and_sources() -> None:
    results = run_arena("colonia", 3, ["greedy", "random"], 6, seed=1)
    m = summarize(results)["mechanisms"]
    assert set(m["bots"]) == {"greedy", "random"}
    greedy = m["bots"]["greedy"]
    mean_score = summarize(results)["bots"]["greedy"]["score"]["mean"]
    assert sum(greedy["points"].values()) == pytest.approx(mean_score)
    assert 0 <= m["games_with"]["decrees_adopted"] <= 1 and "decrees_adopted" in m["table"]
    page = render_report(summarize(results), results)
    assert "<h2>Mechanisms</h2>" in page and "<h2>Score by source</h2>" in page and "relics bought" in page
