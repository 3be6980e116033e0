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

``processes=K`` splits the games over K worker processes, each stepping its share as above and writing its
rows into arrays in shared memory, so one pipe message a worker carries many games' steps (Gymnasium's
``AsyncVectorEnv`` sends one per game, which costs more than a step; benchmarks/RESULTS.md). The results are
identical to ``processes=1``; the speed-up needs free cores.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
from collections.abc import Sequence
from multiprocessing.connection import Connection
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
                 copy: bool = True, processes: int = 1, **kwargs: Any) -> None:
        # first, since close() may run on a half-built env (Gymnasium's __del__)
        self._workers: list[tuple[mp.process.BaseProcess, Connection, int, int]] = []
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if not 1 <= processes <= num_envs:
            raise ValueError(f"processes must be between 1 and num_envs ({num_envs}), not {processes}")
        # each game keeps its own encoder: a shared one would thrash the caches a game keeps for itself
        # (Valencia's setup template), which measured slower, not faster
        self.envs = [MercatorSingleAgent(game, players, seed=None if seed is None else seed + i, **kwargs)
                     for i in range(num_envs if processes == 1 else 1)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self.metadata = {**self.metadata, "name": f"mercator_{first.core.info.name}_vector_v0"}
        size, n_actions = first.core.encoder.size, first.core.n_actions
        context = mp.get_context()  # the platform default, as Gymnasium's AsyncVectorEnv uses
        shared = _Arrays(num_envs, size, n_actions, context if processes > 1 else None)
        self.obs, self.masks, self.final_obs = shared["obs"], shared["masks"], shared["final_obs"]
        self.rewards, self.terminations, self.truncations = (shared[k] for k in ("rewards", "terms", "truncs"))
        self.ended, self.illegal, self.actions = shared["ended"], shared["illegal"], shared["actions"]
        if processes > 1:
            self.envs = []
            bounds = [num_envs * j // processes for j in range(processes + 1)]
            for lo, hi in zip(bounds, bounds[1:], strict=False):
                ours, theirs = context.Pipe()
                worker = context.Process(target=_work, daemon=True, args=(
                    theirs, shared.raw, (num_envs, size, n_actions), lo, hi,
                    (game, players, None if seed is None else seed + lo, kwargs)))
                worker.start()
                self._workers.append((worker, ours, lo, hi))
            for _, conn, _, _ in self._workers:
                conn.recv()  # each worker has built its games

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
        if self._workers:
            self._ask(lambda lo, hi: ("reset", seeds[lo:hi]))
        else:
            self._reset_rows(seeds)
        return self._out(self.obs), {"action_mask": self._out(self.masks)}

    def _reset_rows(self, seeds: Sequence[int | None]) -> None:
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            env.start(s)
            self._write(i)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, one a game, not an array of shape {chosen.shape}")
        if self._workers:
            self.actions[:] = chosen
            self._ask(lambda lo, hi: ("step", None))
        else:
            self._step_rows(chosen.tolist())
        infos: dict[str, Any] = {"action_mask": self._out(self.masks)}
        if self.ended.any():
            infos["final_obs"], infos["_final_obs"] = self.final_obs.copy(), self.ended.copy()
        if self.illegal.any():
            infos["illegal_action"], infos["_illegal_action"] = self.illegal.copy(), self.illegal.copy()
        return (self._out(self.obs), self._out(self.rewards), self._out(self.terminations),
                self._out(self.truncations), infos)

    def _step_rows(self, actions: list[int]) -> None:
        rewards, terms, truncs, ended, illegal = self.rewards, self.terminations, self.truncations, self.ended, \
            self.illegal
        ended.fill(False)
        for i, (env, action) in enumerate(zip(self.envs, actions, strict=True)):
            rewards[i], terms[i], truncs[i], illegal[i] = env.play(action)
            if terms[i] or truncs[i]:
                ended[i] = True
                self.final_obs[i] = env.core.vector(env.core.live(), env.seat)
                env.start(None)  # the game's own seed chain continues
            self._write(i)

    def _ask(self, message: Any) -> None:
        """Send each worker its message (a function of its rows) and wait until all have answered."""
        for _, conn, lo, hi in self._workers:
            conn.send(message(lo, hi))
        errors = [answer for _, conn, _, _ in self._workers if (answer := conn.recv()) is not None]
        if errors:
            raise errors[0]

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def action_masks(self) -> np.ndarray:
        """Every game's legal actions now, (num_envs, n_actions) bool."""
        return self.masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        for worker, conn, _, _ in self._workers:
            with contextlib.suppress(BrokenPipeError, OSError):  # a worker that died has nothing to close
                conn.send(("close", None))
            worker.join(timeout=5)
        self._workers = []


class _Arrays(dict[str, np.ndarray]):
    """The batch's arrays; with worker processes, over shared memory (``RawArray``s, which the arrays keep
    alive as their base: the memory goes when the last array viewing it does, never under a reader)."""

    SPECS = {"obs": np.float32, "masks": np.int8, "final_obs": np.float32, "rewards": np.float64, "terms": bool,
             "truncs": bool, "ended": bool, "illegal": bool, "actions": np.int64}

    def __init__(self, n: int, size: int, n_actions: int, context: Any = None,
                 raw: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.raw: dict[str, Any] = {}
        shapes = {"obs": (n, size), "masks": (n, n_actions), "final_obs": (n, size)}
        for key, dtype in self.SPECS.items():
            shape = shapes.get(key, (n,))
            if context is None and raw is None:
                self[key] = np.zeros(shape, dtype)
                continue
            count = int(np.prod(shape))
            block = raw[key] if raw is not None else context.RawArray("b", max(1, count * np.dtype(dtype).itemsize))
            self.raw[key] = block
            self[key] = np.frombuffer(block, dtype, count=count).reshape(shape)  # RawArray starts zeroed


def _work(conn: Connection, raw: dict[str, Any], shape: tuple[int, int, int], lo: int, hi: int,
          setup: tuple[str, int | None, int | None, dict[str, Any]]) -> None:
    """A worker process: games lo..hi-1 as a batch of their own, their rows copied into the shared arrays."""
    game, players, seed, kwargs = setup
    shared = _Arrays(*shape, raw=raw)
    games = MercatorVector(game, hi - lo, players, seed=seed, copy=False, **kwargs)
    conn.send(None)
    outputs = [("obs", games.obs), ("masks", games.masks), ("final_obs", games.final_obs), ("rewards", games.rewards),
               ("terms", games.terminations), ("truncs", games.truncations), ("ended", games.ended),
               ("illegal", games.illegal)]
    while True:
        kind, seeds = conn.recv()
        if kind == "close":
            break
        try:
            if kind == "reset":
                games._reset_rows(seeds)
            else:
                games._step_rows(shared["actions"][lo:hi].tolist())
            for key, rows in outputs:
                shared[key][lo:hi] = rows
            conn.send(None)
        except Exception as error:  # noqa: BLE001 - sent to the parent, which raises it
            conn.send(error)


def vector_env(game: str, num_envs: int, players: int | None = None, **kwargs: Any) -> MercatorVector:
    """The batched environment; keyword arguments: seed, copy, processes, and those of single_agent.env."""
    return MercatorVector(game, num_envs, players, **kwargs)
