"""A random agent playing a Mercator game through the PettingZoo AEC interface.

    python examples/random_agent.py constantinopolis --players 3 --seed 7
    python examples/random_agent.py valencia --players 3 --option edition=strasbourg
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from mercator.interop.pettingzoo import env


def play(game: str, players: int | None, seed: int, options: dict, reward: str = "ranking") -> dict[str, float]:
    e = env(game, players, seed=seed, reward=reward, **options)
    e.reset()
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, rew, term, trunc, _ = e.last()
        totals[agent] += rew
        # A random agent picks uniformly among the actions its mask allows.
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", default="ranking", choices=["ranking", "score_diff"])
    parser.add_argument("--option", action="append", default=[], help="name=value (JSON value or text)")
    args = parser.parse_args()
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    print(play(args.game, args.players, args.seed, options, args.reward))


if __name__ == "__main__":
    main()
