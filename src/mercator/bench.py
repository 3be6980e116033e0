"""Throughput of random play (actions, games, clones and legal-action generations per second) and
the time a bot takes per decision."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from mercator.games import get


def run(game: str, players: int, games: int, seed: int = 0, options: dict[str, Any] | None = None) -> dict[str, Any]:
    info = get(game)
    opts = info.validate_options(options)
    actions = errors = 0
    samples = []
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        state = info.new(players, seed=seed + g, options=opts)
        try:
            while not state.is_over():
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                actions += 1
                if actions % 97 == 0:
                    samples.append(state.clone())
        except Exception:  # noqa: BLE001 - a benchmark counts failures instead of stopping
            errors += 1
    play_s = time.perf_counter() - start
    t = time.perf_counter()
    clones = 0
    while clones < max(2000, len(samples)):
        for s in samples:
            s.clone()
        clones += len(samples)
        if not samples:
            break
    clone_s = time.perf_counter() - t
    t = time.perf_counter()
    gens = 0
    for s in samples:
        for seat in s.to_act()[:1]:
            s._legal_cache = None
            s.legal_actions(seat)
            gens += 1
    gen_s = time.perf_counter() - t
    return {
        "game": game,
        "players": players,
        "options": opts,
        "games": games,
        "actions": actions,
        "actions_per_game": actions / games if games else 0,
        "actions_per_s": actions / play_s if play_s else 0,
        "games_per_s": games / play_s if play_s else 0,
        "clones_per_s": clones / clone_s if clone_s else 0,
        "legal_per_s": gens / gen_s if gen_s else 0,
        "errors": errors,
    }


def decision_times(game: str, players: int, bot: str, decisions: int = 100, seed: int = 0,
                   options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Seconds one bot takes per decision, at real choices met along random games (one core)."""
    from mercator.bots.base import make_bot

    info = get(game)
    opts = info.validate_options(options)
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        rng = random.Random(seed + g)
        state = info.new(players, seed=seed + g, options=opts)
        g += 1
        while not state.is_over() and len(times) < decisions:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.1:
                player = make_bot(bot, seed + len(times), game, table=state.table())
                t = time.perf_counter()
                player.act(state, seat)
                times.append(time.perf_counter() - t)
            state.apply(seat, legal[rng.randrange(len(legal))])
    times.sort()
    return {"game": game, "players": players, "options": opts, "bot": bot, "decisions": len(times),
            "median_s": statistics.median(times), "p90_s": times[int(0.9 * (len(times) - 1))], "max_s": times[-1]}


def compare(games: int = 200, seed: int = 0, only: str | None = None) -> dict[str, Any]:
    """One side-by-side run: every game (or only one) at every player count, then the reference
    engines, and each of our figures as a ratio to each reference's."""
    import platform

    from mercator.games import all_games
    from mercator.references import REFERENCES, measure

    ours = [run(info.name, n, games, seed=seed)
            for info in all_games() if only in (None, info.name) for n in info.counts_for({})]
    refs = [measure(name, scale=games / 200, seed=seed) for name in REFERENCES]
    keys = ("actions_per_s", "clones_per_s", "legal_per_s")
    ratios = [{"game": o["game"], "players": o["players"],
               **{f"{k}_vs_{r['engine']}": o[k] / r[k] for r in refs for k in keys if r.get(k)}} for o in ours]
    machine = {"python": platform.python_version(), "machine": platform.machine(), "system": platform.platform(),
               "processor": platform.processor() or "unknown"}
    return {"machine": machine, "games": games, "ours": ours, "references": refs, "ratios": ratios}


def profile(game: str, players: int, games: int, seed: int = 0, options: dict[str, Any] | None = None,
            top: int = 15, bot: str | None = None) -> str:
    """The hot path of random play (or of a bot's decisions): the functions with the most own time."""
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    if bot is None:
        run(game, players, games, seed=seed, options=options)
    else:
        decision_times(game, players, bot, games, seed=seed, options=options)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(top)
    return out.getvalue()
