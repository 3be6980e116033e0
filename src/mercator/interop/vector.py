"""N single-agent games stepped together: a Gymnasium ``VectorEnv`` that writes into preallocated arrays.

``vector_env(game, num_envs, players=N, seed=s, **single_agent_kwargs)`` holds ``num_envs`` single-agent
environments (single_agent.py: same opponents, rewards, ``normalize``, ``auto_forced``, ``max_steps``) and
steps them in one call: ``step(actions)`` takes one action per game and returns observations as one
(num_envs, size) float32 array, rewards, terminations and truncations as arrays, and
``infos["action_mask"]``, an (num_envs, n_actions) int8 array (also ``action_masks()`` as bool, the
method MaskablePPO calls). Observations and masks are written row by row into arrays allocated once;
with ``copy=False`` ``step`` returns those arrays themselves (overwritten by the next step).

Why a Gymnasium ``VectorEnv`` subclass rather than ``SyncVectorEnv`` over the single env: the same API
(``num_envs``, batched spaces, the autoreset metadata), so vector-API tools accept it, but each game writes
its observation and mask straight into its row, skipping the single env's per-step dictionaries, cached
copies and mask conversions; ``SyncVectorEnv`` would build each single observation and then copy it.

Auto-reset is Gymnasium's ``SAME_STEP`` mode: a game that ends (or is truncated) in a step is reset at
once, its row holds the next game's first observation, and the last observation of the ended game is in
``infos["final_obs"]`` (rows where ``infos["_final_obs"]`` is True). Seeding follows Gymnasium's vector
convention: ``reset(seed=s)`` seeds game i with ``s + i`` (unrelated deals, see the single-agent env's
seeding), later resets continue each game's own chain, so game i replays exactly the single env seeded
``s + i`` and reset on every episode end.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .single_agent import MercatorSingleAgent

__all__ = ["MercatorVector", "vector_env"]


class MercatorVector(VectorEnv):
    """The batched environment (see the module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: str, num_envs: int, players: int | None = None, *, seed: int | None = None,
                 copy: bool = True, **kwargs: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        # each game keeps its own encoder: a shared one would thrash the caches a game keeps for itself
        # (Valencia's setup template), which measured slower, not faster
        self.envs = [MercatorSingleAgent(game, players, seed=None if seed is None else seed + i, **kwargs)
                     for i in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self.metadata = {**self.metadata, "name": f"mercator_{first.core.info.name}_vector_v0"}
        size, n_actions = first.core.encoder.size, first.core.n_actions
        self.obs = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, n_actions), np.int8)
        self.final_obs = np.zeros((num_envs, size), np.float32)
        self.rewards = np.zeros(num_envs, np.float64)
        self.terminations = np.zeros(num_envs, bool)
        self.truncations = np.zeros(num_envs, bool)
        self.ended = np.zeros(num_envs, bool)
        self.illegal = np.zeros(num_envs, bool)

    def _write(self, i: int) -> None:
        """Game i's observation and mask into its rows."""
        env = self.envs[i]
        core, state = env.core, env.core.live()
        self.obs[i] = core.vector(state, env.seat)
        mask = self.masks[i]
        mask.fill(0)
        core.write_mask(mask, state, env.seat)

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        seeds = seed if isinstance(seed, list) else [None if seed is None else seed + i for i in range(self.num_envs)]
        if len(seeds) != self.num_envs:
            raise ValueError(f"{len(seeds)} seeds for {self.num_envs} games")
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            env.start(s)
            self._write(i)
        return self._out(self.obs), {"action_mask": self._out(self.masks)}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        rewards, terms, truncs, ended, illegal = self.rewards, self.terminations, self.truncations, self.ended, \
            self.illegal
        ended.fill(False)
        for i, (env, action) in enumerate(zip(self.envs, np.asarray(actions).tolist(), strict=True)):
            rewards[i], terms[i], truncs[i], illegal[i] = env.play(action)
            if terms[i] or truncs[i]:
                ended[i] = True
                self.final_obs[i] = env.core.vector(env.core.live(), env.seat)
                env.start(None)  # the game's own seed chain continues
            self._write(i)
        infos: dict[str, Any] = {"action_mask": self._out(self.masks)}
        if ended.any():
            infos["final_obs"], infos["_final_obs"] = self.final_obs.copy(), ended.copy()
        if illegal.any():
            infos["illegal_action"], infos["_illegal_action"] = illegal.copy(), illegal.copy()
        return (self._out(self.obs), self._out(rewards), self._out(terms), self._out(truncs), infos)

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def action_masks(self) -> np.ndarray:
        """Every game's legal actions now, (num_envs, n_actions) bool."""
        return self.masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        pass


def vector_env(game: str, num_envs: int, players: int | None = None, **kwargs: Any) -> MercatorVector:
    """The batched environment; keyword arguments: seed, copy, and those of single_agent.env."""
    return MercatorVector(game, num_envs, players, **kwargs)
