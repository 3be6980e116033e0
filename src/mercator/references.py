"""Reference engines measured beside ours in one run (``mercator bench --compare``): Catanatron
(pure-Python Catan, 4 players) and OpenSpiel's C++ backgammon and chess and its Python block
dominoes. They come with the ``bench`` extra; a missing one is reported, never faked.

Every engine is measured the same way as :func:`mercator.bench.run`: uniformly random play to the
end (chance outcomes sampled by their probabilities), then clones and legal-action generations
on states sampled along those games.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

CLONE_SAMPLE_EVERY = 97


def _figures(name: str, games: int, actions: int, play_s: float, samples: list[Any],
             clone: Callable[[Any], Any], legal: Callable[[Any], Any]) -> dict[str, Any]:
    t = time.perf_counter()
    clones = 0
    while samples and clones < max(2000, len(samples)):
        for s in samples:
            clone(s)
        clones += len(samples)
    clone_s = time.perf_counter() - t
    t = time.perf_counter()
    for s in samples:
        legal(s)
    gen_s = time.perf_counter() - t
    return {"engine": name, "games": games, "actions": actions,
            "actions_per_s": actions / play_s if play_s else 0.0, "games_per_s": games / play_s if play_s else 0.0,
            "clones_per_s": clones / clone_s if clone_s else 0.0,
            "legal_per_s": len(samples) / gen_s if gen_s else 0.0, "errors": 0}


def catanatron(games: int, seed: int = 0) -> dict[str, Any]:
    from catanatron import Color, Game, RandomPlayer
    from catanatron.state import generate_playable_actions

    actions = 0
    samples: list[Any] = []
    start = time.perf_counter()
    for g in range(games):
        random.seed(seed + g)  # Catanatron's random players and dice use the module generator
        game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)], seed=seed + g)
        before = 0
        while game.winning_color() is None and game.state.num_turns < 1000:
            game.play_tick()
            before += 1
            if before % CLONE_SAMPLE_EVERY == 5:
                samples.append(game.copy())
        actions += len(game.state.actions)
    play_s = time.perf_counter() - start
    return _figures("catanatron (Catan, 4p)", games, actions, play_s, samples, lambda g: g.copy(),
                    lambda g: generate_playable_actions(g.state))


def openspiel(game_name: str, games: int, seed: int = 0) -> dict[str, Any]:
    import pyspiel

    if game_name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401 - registers OpenSpiel's Python games

    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    actions = 0
    samples: list[Any] = []
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        samples.append(state.clone())
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
            if actions % CLONE_SAMPLE_EVERY == 0 and not state.is_terminal():
                samples.append(state.clone())
    play_s = time.perf_counter() - start
    kind = "Python" if game_name.startswith("python_") else "C++"
    return _figures(f"openspiel {game_name} ({kind})", games, actions, play_s, samples, lambda s: s.clone(),
                    lambda s: s.legal_actions())


# name -> (runner, games for a run of the default size)
REFERENCES: dict[str, tuple[Callable[[int, int], dict[str, Any]], int]] = {
    "catanatron": (catanatron, 20),
    "backgammon": (lambda n, seed: openspiel("backgammon", n, seed), 200),
    "chess": (lambda n, seed: openspiel("chess", n, seed), 20),
    "block_dominoes": (lambda n, seed: openspiel("python_block_dominoes", n, seed), 200),
}


def measure(name: str, scale: float = 1.0, seed: int = 0) -> dict[str, Any]:
    runner, games = REFERENCES[name]
    try:
        return runner(max(1, round(games * scale)), seed)
    except ImportError as exc:
        return {"engine": name, "missing": f"{exc}; install the bench extra: pip install -e .[bench]"}
