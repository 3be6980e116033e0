"""Luck against skill, after "Seeding for Success" (Goodman et al., 2025): replay the same deals with a
stronger and a weaker bot, and set the stronger bot's edge beside how much the deal alone decides.

Every deal (one game seed: every card, tile and die of the game) is played ``repeats`` times, the
strong bot in a different seat each time (rotating) and every bot with a new seed of its own, the
weak bot in the other seats. Per play the outcome is the strong bot's margin: its score minus the
mean score of the weak seats. Its variance splits into the part between deals (the deal decides)
and the part within a deal (the seat and the bots' own choices decide), by one-way analysis of
variance; the skill edge is the mean margin, with its interval over deals.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from typing import Any

from mercator.engine.errors import IllegalAction

from .games import SEED_STRIDE, Job, schedule
from .run import run_jobs
from .stats import Z95, wilson


def decompose(groups: list[list[float]]) -> dict[str, float]:
    """One-way random-effects ANOVA over equally sized groups (deals): the variance between groups
    (corrected for the within-group noise every group mean still carries), within them, and the
    share of the total that lies between."""
    k, n = len(groups), len(groups[0])
    if k < 2 or n < 2 or any(len(g) != n for g in groups):
        raise IllegalAction("luck needs at least 2 deals of at least 2 plays each, every deal as often")
    means = [statistics.fmean(g) for g in groups]
    within = statistics.fmean(statistics.variance(g) for g in groups)
    between = max(0.0, statistics.variance(means) - within / n)
    total = between + within
    return {"between": between, "within": within, "luck_share": between / total if total else 0.0}


def luck(game: str, players: int, weak: str, strong: str, deals: int, repeats: int, seed: int = 0,
         options: dict[str, Any] | None = None, workers: int = 1, backend: str = "local",
         address: str | None = None) -> dict[str, Any]:
    """Play every deal ``repeats`` times and measure skill against luck (see the module docstring)."""
    if repeats < 2:
        raise IllegalAction("play every deal at least twice (--repeats 2), or the deal's share cannot be told")
    base = schedule(game, players, [weak], 1, seed, options or {})[0]  # checks the game, options and bots
    schedule(game, players, [strong], 1, seed, options or {})
    jobs = []
    for d in range(deals):
        for r in range(repeats):
            seats = tuple(strong if s == r % players else weak for s in range(players))
            jobs.append(Job(d * repeats + r, game, base.options, seats, seed * SEED_STRIDE + d,
                            bot_seed=(seed * SEED_STRIDE + d) * 7919 + r))
    margins: dict[int, list[float]] = defaultdict(list)
    wins: dict[int, list[float]] = defaultdict(list)
    for result in run_jobs(jobs, workers, backend, address):
        deal = result["index"] // repeats
        me = result["seats"].index(strong) if strong != weak else result["index"] % repeats % players
        others = [sc for s, sc in enumerate(result["scores"]) if s != me]
        margins[deal].append(result["scores"][me] - statistics.fmean(others))
        ranking = result["ranking"]
        wins[deal].append(1.0 / ranking.count(1) if ranking[me] == 1 else 0.0)
    groups = [sorted(margins[d]) for d in range(deals)]  # order within a deal does not matter
    parts = decompose(groups)
    deal_means = [statistics.fmean(g) for g in groups]
    edge = statistics.fmean(deal_means)
    half = Z95 * statistics.stdev(deal_means) / math.sqrt(deals)
    won = sum(sum(w) for w in wins.values())
    plays = deals * repeats
    spread = math.sqrt(parts["between"])
    return {
        "game": game, "players": players, "weak": weak, "strong": strong, "deals": deals, "repeats": repeats,
        "options": base.options,
        "edge": {"mean": edge, "ci95": [edge - half, edge + half]},
        "strong_wins": {"rate": won / plays, "ci95": list(wilson(won, plays)), "fair": 1 / players},
        "variance": parts,
        # How many deal-to-deal standard deviations the edge is: above 1, skill outweighs the deal.
        "edge_per_deal_spread": edge / spread if spread else math.inf,
        "deals_always_won": sum(all(w == 1.0 for w in wins[d]) for d in range(deals)),
        "deals_never_won": sum(all(w == 0.0 for w in wins[d]) for d in range(deals)),
    }


def skill_curve(game: str, players: int, budgets: list[int], against: str, games: int, seed: int = 0,
                options: dict[str, Any] | None = None, workers: int = 1, backend: str = "local",
                address: str | None = None, search: str = "ismcts") -> list[dict[str, Any]]:
    """The searching bot at each budget (``ismcts:N``) against ``against``, on the same deals: its
    win rate with its interval, its mean margin and its time per decision, per budget."""
    from .run import run_arena
    from .stats import summarize

    if not budgets or min(budgets) < 1:
        raise IllegalAction("name at least one budget of at least 1 iteration, e.g. --budgets 100,500,2000")
    out = []
    for budget in budgets:
        bot = f"{search}:{budget}"
        summary = summarize(run_arena(game, players, [bot, against], games, seed=seed, options=options,
                                      workers=workers, backend=backend, address=address))
        s = summary["bots"][bot]
        pair = next(h for h in summary["head_to_head"] if {h["bot"], h["other"]} == {bot, against})
        sign = 1 if pair["bot"] == bot else -1
        out.append({"budget": budget, "bot": bot, "games": summary["games"], "rate": s["rate"], "ci95": s["ci95"],
                    "margin": sign * pair["margin"]["mean"], "seconds_per_decision": s["seconds_per_decision"]})
    return out
