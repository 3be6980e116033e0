"""Balance statistics over arena results: win rates with Wilson 95% intervals per bot and per
seat, head-to-head comparisons, scores, game length, first-player advantage and end conditions.

A shared first place counts as 1/k of a win for each of the k tied winners.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from mercator.engine.variants import Variant
from mercator.games import get

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (wins may be fractional for shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_share(result: dict[str, Any], seat: int) -> float:
    ranking = result["ranking"]
    return 1.0 / ranking.count(1) if ranking[seat] == 1 else 0.0


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": round(wins, 3), "rate": wins / n if n else 0.0, "ci95": [lo, hi]}


def _spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    qs = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return {"mean": statistics.fmean(values), "median": statistics.median(values), "p10": qs[0], "p90": qs[-1],
            "min": min(values), "max": max(values)}


def head_to_head(results: list[dict[str, Any]], order: list[str]) -> list[dict[str, Any]]:
    """For each pair of bots (the better first, in ``order``): how often the first finished above
    the second, and by how many points. With more than two seats a game can hold several such
    pairings; they are averaged within the game, so the interval counts games, not pairings, and
    stays honest about pairings of one game sharing its luck. A tie is half."""
    out = []
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            ahead: list[float] = []
            margin: list[float] = []
            for r in results:
                mine = [s for s, bot in enumerate(r["seats"]) if bot == a]
                theirs = [s for s, bot in enumerate(r["seats"]) if bot == b]
                if not mine or not theirs:
                    continue
                rank, score = r["ranking"], r["scores"]
                pairs = [(x, y) for x in mine for y in theirs]
                ahead.append(statistics.fmean(1.0 if rank[x] < rank[y] else 0.5 if rank[x] == rank[y] else 0.0
                                              for x, y in pairs))
                margin.append(statistics.fmean(score[x] - score[y] for x, y in pairs))
            if not ahead:
                continue
            n = len(ahead)
            se = statistics.stdev(margin) / math.sqrt(n) if n > 1 else float("nan")
            out.append({"bot": a, "other": b, **_rate(sum(ahead), n),
                        "margin": {"mean": statistics.fmean(margin), "se": se}})
    return out


def mechanisms(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per bot, each mechanism's uses and each score source's points, as means per seat and game;
    for the table, each mechanism's share of games in which some seat used it (or the table event
    happened) and the table events' means per game."""
    tallied = [r for r in results if r.get("mechanisms")]
    if not tallied:
        return {}
    uses: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    points: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    seen: Counter[str] = Counter()
    table: dict[str, list[int]] = defaultdict(list)
    for r in tallied:
        m = r["mechanisms"]
        for s, bot in enumerate(r["seats"]):
            for k, n in m["uses"][s].items():
                uses[bot][k].append(n)
            for k, n in m["points"][s].items():
                points[bot][k].append(n)
        seen.update({k for seat in m["uses"] for k, n in seat.items() if n})
        for k, n in m["table"].items():
            table[k].append(n)
            seen[k] += bool(n)
    every = sorted({k for bot in uses.values() for k in bot} | set(table))
    return {
        "bots": {bot: {"uses": {k: statistics.fmean(v) for k, v in sorted(uses[bot].items())},
                       "points": {k: statistics.fmean(v) for k, v in sorted(points[bot].items())}} for bot in uses},
        "table": {k: statistics.fmean(v) for k, v in sorted(table.items())},
        "games_with": {k: seen[k] / len(tallied) for k in every},
    }


def progression(results: list[dict[str, Any]], bots: list[str]) -> dict[str, Any]:
    """Each bot's mean score as each round ended (round k: over the games that reached it), from
    the result lines' ``progression``; lines written before it existed are left out."""
    lines = [r for r in results if r.get("progression")]
    rounds = max((len(r["progression"]) for r in lines), default=0)
    sums: dict[str, list[list[int]]] = {b: [[] for _ in range(rounds)] for b in bots}
    reached = [0] * rounds
    for r in lines:
        for k, scores in enumerate(r["progression"]):
            reached[k] += 1
            for s, bot in enumerate(r["seats"]):
                sums[bot][k].append(scores[s])
    return {"games": reached,
            "bots": {b: [statistics.fmean(v) if v else None for v in sums[b]] for b in bots}}


def end_conditions(results: list[dict[str, Any]], words: dict[str, str]) -> list[dict[str, Any]]:
    """How the games ended: each end condition's code, its words, its games and their share."""
    counts = Counter(r["end"] or "unknown" for r in results)
    return [{"code": code, "words": words.get(code, code.replace("_", " ")), "games": n, "share": n / len(results)}
            for code, n in counts.most_common()]


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Every figure of the balance report, from the result lines (order does not matter)."""
    results = sorted(results, key=lambda r: r["index"])
    if not results:
        return {"games": 0}
    players = len(results[0]["seats"])
    bot_wins: dict[str, float] = defaultdict(float)
    bot_seats: Counter[str] = Counter()
    bot_scores: dict[str, list[int]] = defaultdict(list)
    bot_think: dict[str, list[float]] = defaultdict(list)
    seat_wins = [0.0] * players
    for r in results:
        for s, bot in enumerate(r["seats"]):
            share = win_share(r, s)
            bot_wins[bot] += share
            bot_seats[bot] += 1
            bot_scores[bot].append(r["scores"][s])
            if r["decisions"][s]:
                bot_think[bot].append(r["think_seconds"][s] / r["decisions"][s])
            seat_wins[s] += share
    n = len(results)
    bots = {b: {**_rate(bot_wins[b], bot_seats[b]), "score": _spread(bot_scores[b]),
                "seconds_per_decision": statistics.fmean(bot_think[b]) if bot_think[b] else 0.0}
            for b in sorted(bot_seats, key=lambda b: -bot_wins[b] / bot_seats[b])}
    seats = [_rate(seat_wins[s], n) for s in range(players)]
    winners = [max(r["scores"]) for r in results]
    info = get(results[0]["game"])
    return {
        "game": results[0]["game"],
        "options": results[0]["options"],
        "variant": Variant.from_json(results[0]["variant"]).label if results[0].get("variant") else None,
        "players": players,
        "games": n,
        "bots": bots,
        "head_to_head": head_to_head(results, list(bots)),
        "seats": seats,
        "first_player_advantage": seats[0]["rate"] - 1 / players,
        "winning_score": _spread(winners),
        "length_actions": _spread([r["actions"] for r in results]),
        "round_word": info.round_word,
        "length_rounds": _spread([r["rounds"] for r in results if "rounds" in r]),
        "progression": progression(results, list(bots)),
        "seconds_per_game": _spread([r["seconds"] for r in results]),
        "end_conditions": end_conditions(results, info.end_reasons),
        "mechanisms": mechanisms(results),
    }
