"""Overhead of the research interfaces over the bare engine, in random-play steps per second.

    python -m mercator.interop.bench [--games constantinopolis,colonia,valencia] [--steps 3000]

Rows: ``engine`` (legal_actions + apply), ``pettingzoo`` (AEC: last() with the observation
vector and mask, then step), ``pettingzoo_no_obs`` (last(observe=False), mask from the engine,
step: the wrapper alone), ``openspiel`` (legal_actions + apply_action through pyspiel) and
``openspiel_obs`` (plus the acting player's information-state tensor), ``observe`` (the acting
seat's observation vector alone, from the state directly: ``encoder.encode_state``; only the
encoding is timed, the random-play steps between are not; its "steps/s" are observations per
second) and ``observe_view`` (the same through ``encode(state.view(seat))``, the reference path,
view building included), ``single_agent`` (the single-agent env against random opponents: a random legal
learner action from ``action_masks()``, then ``step``; its steps are learner decisions, each with the
observation, the opponents' replies included) and ``vector16`` (the same through the batched environment
of 16 games, vector.py, ``copy=False``: one step call for 16 learner decisions, observations and masks
written into preallocated arrays; counted per learner decision, so it compares with ``single_agent``)
``vector16x2`` (the same 16 games over two worker processes, ``processes=2``: one pipe message a worker
per step, the rows in shared memory) and ``async2`` (Gymnasium's own ``AsyncVectorEnv`` over two
single-agent envs, one worker process each, masks from ``info["action_mask"]``): the routes to more cores,
since one process cannot batch the engines themselves; workers' start-up is not timed. Games restart when
they end.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from mercator.games import all_games, get

from .common import resolve


def _engine(game: str, players: int, steps: int, rng: random.Random) -> None:
    info = get(game)
    done, seed = 0, 0
    while done < steps:
        state = info.new(players, seed=seed)
        seed += 1
        while not state.is_over() and done < steps:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            done += 1


def _pettingzoo(observe: bool) -> Callable[[str, int, int, random.Random], None]:
    def run(game: str, players: int, steps: int, rng: random.Random) -> None:
        from .pettingzoo import env

        e = env(game, players, seed=0)
        done = 0
        while done < steps:
            e.reset()
            for _ in e.agent_iter():
                if observe:
                    obs, _, term, trunc, _ = e.last()
                    legal = obs["action_mask"].nonzero()[0].tolist() if not (term or trunc) else []
                else:
                    _, _, term, trunc, _ = e.last(observe=False)
                    seat = e.core.seat[e.agent_selection]
                    state = e.game_state  # set by reset()
                    legal = [] if term or trunc or state is None else [a.index for a in state.legal_actions(seat)]
                e.step(legal[rng.randrange(len(legal))] if legal else None)
                done += bool(legal)
                if done >= steps:
                    break
    return run


def _openspiel(observe: bool) -> Callable[[str, int, int, random.Random], None]:
    def run(game: str, players: int, steps: int, rng: random.Random) -> None:
        from .openspiel import load

        g = load(game, players=players, seed=0)
        done = 0
        while done < steps:
            state = g.new_initial_state()
            while not state.is_terminal() and done < steps:
                if observe:
                    state.information_state_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                done += 1
    return run


def _observe(fast: bool) -> Callable[[str, int, int, random.Random], float]:
    def run(game: str, players: int, steps: int, rng: random.Random) -> float:
        return _observe_time(game, players, steps, rng, fast)
    return run


def _observe_time(game: str, players: int, steps: int, rng: random.Random, fast: bool) -> float:
    """Seconds spent encoding ``steps`` observations of random-play positions (stepping not timed)."""
    from .encoders import encoder_for

    info = get(game)
    encoder = encoder_for(info, players)
    encode = encoder.encode_state if fast else lambda state, seat: encoder.encode(state.view(seat))
    done, seed, spent = 0, 0, 0.0
    clock = time.perf_counter
    while done < steps:
        state = info.new(players, seed=seed)
        seed += 1
        while not state.is_over() and done < steps:
            seat = state.to_act()[0]
            start = clock()
            encode(state, seat)
            spent += clock() - start
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            done += 1
    return spent


def _single_agent(game: str, players: int, steps: int, rng: random.Random) -> float:
    """Seconds for ``steps`` learner decisions (the environment's construction not timed)."""
    import numpy as np

    from .single_agent import env

    e = env(game, players, seed=0)
    e.reset()
    pick = np.random.default_rng(rng.randrange(2**32))
    start = time.perf_counter()
    for _ in range(steps):
        scores = pick.random(e.core.n_actions) * e.action_masks()  # a uniform random legal action
        if e.step(int(scores.argmax()))[2:4] != (False, False):
            e.reset()
    return time.perf_counter() - start


def _vector(n: int, processes: int = 1) -> Callable[[str, int, int, random.Random], float]:
    def run(game: str, players: int, steps: int, rng: random.Random) -> float:
        """Seconds for ``steps`` learner decisions, ``n`` per call (the construction not timed)."""
        import numpy as np

        from .vector import vector_env

        v = vector_env(game, n, players, seed=0, copy=False, processes=processes)
        try:
            v.reset()
            pick = np.random.default_rng(rng.randrange(2**32))
            start = time.perf_counter()
            for _ in range(steps // n):
                v.step((pick.random(v.masks.shape) * v.masks).argmax(axis=1))  # auto-resets ended games
            return (time.perf_counter() - start) * steps / (steps // n * n)  # scaled to exactly ``steps``
        finally:
            v.close()
    return run


def _async(n: int) -> Callable[[str, int, int, random.Random], float]:
    def run(game: str, players: int, steps: int, rng: random.Random) -> float:
        """Seconds for ``steps`` learner decisions over ``n`` worker processes (their start not timed)."""
        from functools import partial

        import numpy as np
        from gymnasium.vector import AsyncVectorEnv

        from .single_agent import env

        v = AsyncVectorEnv([partial(env, game, players, seed=i) for i in range(n)])
        try:
            _, info = v.reset(seed=0)
            pick = np.random.default_rng(rng.randrange(2**32))
            start = time.perf_counter()
            for _ in range(steps // n):
                masks = info["action_mask"]  # an ended game resets on its next step, whatever the action
                _, _, _, _, info = v.step((pick.random(masks.shape) * masks).argmax(axis=1))
            return (time.perf_counter() - start) * steps / (steps // n * n)
        finally:
            v.close()
    return run


RUNNERS: dict[str, Callable[[str, int, int, random.Random], float | None]] = {
    "engine": _engine,
    "pettingzoo": _pettingzoo(True),
    "pettingzoo_no_obs": _pettingzoo(False),
    "openspiel": _openspiel(False),
    "openspiel_obs": _openspiel(True),
    "observe": _observe(True),
    "observe_view": _observe(False),
    "single_agent": _single_agent,
    "vector16": _vector(16),
    "vector16x2": _vector(16, processes=2),
    "async2": _async(2),
}


def measure(game: str, players: int | None = None, steps: int = 3000,
            interfaces: tuple[str, ...] = ("engine", "pettingzoo", "openspiel"),
            repeat: int = 3) -> list[dict[str, Any]]:
    """Best of ``repeat`` interleaved rounds per interface (the machine is often shared), same
    random choices for every interface."""
    info, n, _ = resolve(game, players, None)
    for name in interfaces:
        RUNNERS[name](info.name, n, min(steps, 200), random.Random(1))  # warm-up: imports, content, caches
    best = dict.fromkeys(interfaces, float("inf"))
    for _ in range(repeat):
        for name in interfaces:
            start = time.perf_counter()
            timed = RUNNERS[name](info.name, n, steps, random.Random(0))  # a runner may time only its part
            best[name] = min(best[name], time.perf_counter() - start if timed is None else timed)
    rows: list[dict[str, Any]] = [
        {"game": info.name, "players": n, "interface": name, "steps_per_s": steps / best[name]} for name in interfaces
    ]
    base = rows[0]["steps_per_s"] if rows and rows[0]["interface"] == "engine" else None
    for row in rows:
        row["vs_engine"] = row["steps_per_s"] / base if base else None
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(i.name for i in all_games()))
    parser.add_argument("--players", type=int)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| game | players | interface | steps/s | vs engine |")
    print("| --- | ---: | --- | ---: | ---: |")
    for game in args.games.split(","):
        for r in measure(game, args.players, args.steps, tuple(RUNNERS), args.repeat):
            rate, ratio = f"{r['steps_per_s']:,.0f}", f"{r['vs_engine']:.2f}x"
            print(f"| {r['game']} | {r['players']} | {r['interface']} | {rate} | {ratio} |")


if __name__ == "__main__":
    main()
