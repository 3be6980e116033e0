"""A single-agent Gymnasium environment per game: one learning seat against Mercator's bots.

``env(game, players=N, seat=0, opponents="random", seed=..., reward=..., **options)`` is a
``gymnasium.Env``. The learner plays ``seat`` (``None``: a seat drawn for each episode); every
other seat is played by ``opponents``: a bot level or name for :func:`mercator.bots.make_bot`
(``"random"``, ``"easy"``, ``"normal"``, ``"hard"``, ``"ismcts:N"``), a bot object (``act(state,
seat) -> Action``), a callable ``(state, seat) -> Action | int``, or a list with one of these per
other seat. Opponents made from names are rebuilt at each reset with seeds drawn from the
environment's generator, so ``reset(seed=s)`` replays the opponents' choices too.

The observation is the learner's encoded view (a float32 Box, the same vector as the PettingZoo
environment's ``"observation"``); the action space is ``Discrete(len(state.SPACE))``;
``action_masks()`` (the method sb3-contrib's MaskablePPO calls) returns the legal actions as a bool
vector, also given as ``info["action_mask"]``. The reward (rewards.py) is paid when the game ends.
Seeding, ``illegal_action``, ``max_steps`` (game actions, every seat's) and ``auto_forced=True``
(decisions with one legal action played without asking) work as in the PettingZoo environment.

``rllib_env(...)`` is the same environment with the dict observation RLlib's action-masking
RL module reads (``{"observations": ..., "action_mask": ...}``). Importing this module registers
``mercator/<Game>-v0`` with Gymnasium (``gymnasium.make("mercator.interop.single_agent:mercator/Valencia-v0")``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from mercator.bots import Bot, make_bot
from mercator.engine.actions import Action
from mercator.engine.errors import IllegalAction
from mercator.engine.state import GameState
from mercator.games import all_games

from .pettingzoo import ILLEGAL_REWARD, _Core
from .rewards import final_rewards

__all__ = ["MercatorSingleAgent", "RLlibMasked", "env", "rllib_env"]

Policy = Callable[[GameState, int], "Action | int"]
Opponent = str | Bot | Policy


class MercatorSingleAgent(gymnasium.Env[np.ndarray, np.int64]):
    """The single-agent environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, players: int | None = None, *, seat: int | None = 0,
                 opponents: Opponent | Sequence[Opponent] = "random", seed: int | None = None,
                 reward: str = "ranking", encoder: str = "auto", max_steps: int | None = None,
                 illegal_action: str = "raise", auto_forced: bool = False, render_mode: str | None = None,
                 normalize: bool = False, **options: Any) -> None:
        self.core = _Core(game, players, seed, reward, encoder, max_steps, options, illegal_action, normalize,
                          auto_forced)
        n = self.core.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not one of the {n} seats")
        others = list(opponents) if isinstance(opponents, Sequence) and not isinstance(opponents, str) \
            else [opponents] * (n - 1)
        if len(others) != n - 1:
            raise ValueError(f"{len(others)} opponents for {n - 1} other seats")
        for o in others:  # a wrong name fails here, not at the first reset
            if isinstance(o, str):
                make_bot(o, game=self.core.info.name)
        self.opponents = others
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.auto_forced = auto_forced
        self.render_mode = render_mode
        self.observation_space = self.core.obs_spaces[self.core.names[0]]["observation"]
        self.action_space = spaces.Discrete(self.core.n_actions)
        self.metadata = {**self.metadata, "name": f"mercator_{self.core.info.name}_single_v0"}
        self._policies: dict[int, Policy] = {}

    @property
    def game_state(self) -> GameState | None:
        """The live engine state (for bots and analysis; agents should read observations)."""
        return self.core.state

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        self.start(seed)
        return self._observation(), self._info()

    def start(self, seed: int | None = None) -> None:
        """``reset`` without building the observation (the batched environment writes its own)."""
        super().reset(seed=seed if seed is not None else (self.core.base_seed if self.core.resets == 0 else None))
        self.core.new_game(seed)
        rng = self.np_random
        if self.fixed_seat is None:
            self.seat = int(rng.integers(self.core.players))
        others = [s for s in range(self.core.players) if s != self.seat]
        self._policies = {s: self._policy(o, int(rng.integers(2**31))) for s, o in zip(others, self.opponents,
                                                                                      strict=True)}
        self._advance()

    def _policy(self, opponent: Opponent, seed: int) -> Policy:
        if isinstance(opponent, str):
            return make_bot(opponent, seed=seed, game=self.core.info.name, table=self.core.live().table()).act
        act = getattr(opponent, "act", None)
        return act if callable(act) else opponent  # type: ignore[return-value]

    def _advance(self) -> None:
        """Let the opponents (and, with auto_forced, every decision with a single legal action) play until
        the learner has a decision or the game ends."""
        core = self.core
        state = core.live()
        while True:
            core.play_forced(state)
            if state.is_over() or self.seat in state.to_act():
                return
            seat = state.to_act()[0]
            state.apply(seat, self._policies[seat](state, seat))

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, illegal = self.play(action)
        info = {**self._info(), "illegal_action": True} if illegal else self._info()
        return self._observation(), reward, terminated, truncated, info

    def play(self, action: Any) -> tuple[float, bool, bool, bool]:
        """``step`` without building the observation: (reward, terminated, truncated, illegal)."""
        core = self.core
        state = core.live()
        if state.is_over():
            raise RuntimeError("the episode is over: call reset()")
        try:
            state.apply(self.seat, int(action))  # IllegalAction leaves the state as it was
        except IllegalAction:
            if core.illegal_action == "raise":
                raise
            return ILLEGAL_REWARD, True, False, True
        self._advance()
        over = state.is_over()
        core.episodes += over
        return final_rewards(state, core.reward)[self.seat], over, core.truncated(state), False

    def _observation(self) -> np.ndarray:
        # A copy: the core caches observations per state, and callers may keep or change what they get.
        return self.core.observe(self.seat)["observation"].copy()

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (all False once the game is over)."""
        return self.core.observe(self.seat)["action_mask"].astype(bool)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.core.observe(self.seat)["action_mask"].copy(), "seat": self.seat}

    def render(self) -> str | None:  # type: ignore[override]  # "ansi" renders text, a RenderFrame to Gymnasium
        return self.core.render_text() if self.render_mode == "ansi" else None


class RLlibMasked(gymnasium.ObservationWrapper[dict[str, np.ndarray], np.int64, np.ndarray]):
    """The observation as RLlib's ``ActionMaskingTorchRLModule`` reads it: ``{"observations": the
    encoded view, "action_mask": float32 0/1}`` (the module takes the log of the mask)."""

    def __init__(self, inner: MercatorSingleAgent) -> None:
        super().__init__(inner)
        self.observation_space = spaces.Dict({
            "observations": inner.observation_space,
            "action_mask": spaces.Box(0.0, 1.0, (inner.core.n_actions,), np.float32),
        })

    def observation(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        inner: MercatorSingleAgent = self.unwrapped  # type: ignore[assignment]
        return {"observations": observation, "action_mask": inner.action_masks().astype(np.float32)}


def env(game: str, players: int | None = None, **kwargs: Any) -> MercatorSingleAgent:
    """The single-agent environment; keyword arguments: seat, opponents, seed, reward, encoder,
    normalize, max_steps, illegal_action, auto_forced, render_mode, and the game's options."""
    return MercatorSingleAgent(game, players, **kwargs)


def rllib_env(config: dict[str, Any]) -> RLlibMasked:
    """An RLlib env creator: ``config`` holds ``game`` and env()'s keyword arguments
    (``ray.tune.registry.register_env("mercator", rllib_env)``, then ``PPOConfig().environment("mercator",
    env_config={"game": "valencia", ...})``; examples/rllib_ppo_masking.py)."""
    kwargs = dict(config)
    return RLlibMasked(env(kwargs.pop("game"), **kwargs))


def _register() -> None:
    for info in all_games():
        env_id = f"mercator/{info.name.capitalize()}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:MercatorSingleAgent", kwargs={"game": info.name})


_register()
