"""Train sb3-contrib's MaskablePPO at one seat against Mercator bots, then count its wins.

    python examples/train_maskable_ppo.py valencia --players 2 --steps 20000 --games 100
    python examples/train_maskable_ppo.py colonia --players 3 --opponents easy --steps 50000 --against random,easy

Needs the ``rl`` extra (stable-baselines3, sb3-contrib, CPU torch). A win is finishing first,
alone or shared.
"""

from __future__ import annotations

import argparse
from typing import Any

from sb3_contrib import MaskablePPO

from mercator.interop.single_agent import env


def train(game: str, players: int | None, steps: int, seed: int = 0, opponents: str = "random",
          reward: str = "ranking", **kwargs: Any) -> MaskablePPO:
    """MaskablePPO trained for ``steps`` learner decisions on the env's ``reward`` ("ranking", or
    "score_diff", which still teaches where every game is lost); ``kwargs`` go to MaskablePPO."""
    settings: dict[str, Any] = {"n_steps": 512, "batch_size": 128, **kwargs}
    model = MaskablePPO("MlpPolicy", env(game, players, opponents=opponents, seat=None, reward=reward), seed=seed,
                        verbose=0, device="cpu", **settings)
    return model.learn(total_timesteps=steps)


def win_rate(model: MaskablePPO, game: str, players: int | None, games: int, opponents: str = "random",
             seed: int = 10_000) -> float:
    """The share of ``games`` the model wins from a seat drawn for each game, acting on its
    masked policy's most likely action."""
    e = env(game, players, opponents=opponents, seat=None)
    wins = 0
    for i in range(games):
        obs, _ = e.reset(seed=seed + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=e.action_masks(), deterministic=True)
            obs, _, terminated, truncated, _ = e.step(int(action))
            done = terminated or truncated
        ranking = e.core.live().ranking()  # 1 is first
        wins += ranking[e.seat] == min(ranking)
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--steps", type=int, default=20_000, help="learner decisions to train on")
    parser.add_argument("--games", type=int, default=100, help="games to play after training")
    parser.add_argument("--opponents", default="random", help="train against: random, easy, normal, hard, ismcts:N")
    parser.add_argument("--reward", default="ranking", choices=("ranking", "score_diff"),
                        help="what training pays at the end of a game (ranking: +1/-1 at 2 players)")
    parser.add_argument("--against", help="play the games against these (comma-separated; default: --opponents)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained model to this .zip file")
    args = parser.parse_args()
    model = train(args.game, args.players, args.steps, args.seed, args.opponents, args.reward)
    if args.save:
        model.save(args.save)
    seats = env(args.game, args.players).core.players
    for against in (args.against or args.opponents).split(","):
        rate = win_rate(model, args.game, args.players, args.games, against)
        print(f"{args.game}, {seats} players: MaskablePPO trained {args.steps} steps against {args.opponents} "
              f"({args.reward} reward) "
              f"won {rate:.0%} of {args.games} games against {against} (one seat in {seats} wins by chance)")


if __name__ == "__main__":
    main()
