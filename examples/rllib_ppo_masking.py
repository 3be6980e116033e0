"""RLlib PPO (new API stack) with RLlib's action-masking RL module at one seat against Mercator bots.

    python examples/rllib_ppo_masking.py valencia --players 2 --iterations 20

Needs the ``ray`` and ``rl`` extras. ``mercator.interop.single_agent.rllib_env`` gives the
observation the module reads, ``{"observations": ..., "action_mask": ...}``.
"""

from __future__ import annotations

import argparse
from typing import Any

import ray
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

from mercator.interop.single_agent import rllib_env


def config(game: str, players: int | None, opponents: str = "random", batch: int = 512, seed: int = 0
           ) -> PPOConfig:
    """A small PPO setup: sampling in the driver process (no env-runner workers), one epoch per batch."""
    env_config: dict[str, Any] = {"game": game, "players": players, "opponents": opponents, "seat": None}
    register_env("mercator_single", rllib_env)  # RLlib takes an env class or a registered name
    return (
        PPOConfig()
        .environment(env="mercator_single", env_config=env_config)
        .env_runners(num_env_runners=0)
        .training(train_batch_size=batch, minibatch_size=min(128, batch), num_epochs=1)
        .rl_module(rl_module_spec=RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                               model_config={"head_fcnet_hiddens": [64, 64]}))
        .debugging(seed=seed)
    )


def train(game: str, players: int | None, iterations: int, **kwargs: Any) -> list[dict[str, Any]]:
    """Each training iteration's result (RLlib's dict); a Ray started here is shut down after."""
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        algo = config(game, players, **kwargs).build_algo()
        try:
            return [algo.train() for _ in range(iterations)]
        finally:
            algo.stop()
    finally:
        if started:
            ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--opponents", default="random")
    args = parser.parse_args()
    for i, result in enumerate(train(args.game, args.players, args.iterations, opponents=args.opponents)):
        runners = result.get("env_runners", {})
        print(f"iteration {i + 1}: mean episode return {runners.get('episode_return_mean', float('nan')):.3f}, "
              f"{runners.get('num_env_steps_sampled_lifetime', 0)} steps sampled")


if __name__ == "__main__":
    main()
