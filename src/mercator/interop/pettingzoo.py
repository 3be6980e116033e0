"""PettingZoo environments for every registered game.

``env(game, players=N, seed=..., reward=..., **options)`` is an AEC environment: agents
``player_0 .. player_{N-1}`` are the seats; ``agent_selection`` is the first seat in
``state.to_act()``. A simultaneous hidden choice (several seats in ``to_act()``) is stepped
one seat after another; each commit stays hidden from the others (their observations come from
their own views) until the engine reveals all choices together.

Each observation is ``{"observation": float32 vector, "action_mask": int8 vector}``: the vector
encodes ``view(seat)`` (docs/interop.md lists every field), the mask covers the game's fixed
action space (``len(state.SPACE)``) and is all zero for seats that are not deciding. Actions are
indices into that space. Rewards are paid when the game ends (see rewards.py): ``ranking``
(default) or ``score_diff``.

``parallel_env(...)`` is the parallel view of the same game: every step is one decision point,
and every seat in ``to_act()`` acts in it (all of them at a simultaneous choice, one otherwise);
the actions of seats with an all-zero mask are ignored.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from mercator.engine.errors import IllegalAction
from mercator.engine.rng import Rng
from mercator.engine.state import GameState

from .common import resolve
from .encoders import encoder_for
from .encoding import Normalizer, encode_observation, field_bounds
from .rewards import KINDS, final_rewards

__all__ = ["MercatorAEC", "MercatorParallel", "env", "parallel_env", "raw_env"]

ILLEGAL = ("raise", "terminate")
ILLEGAL_REWARD = -1.0


class _Core:
    """Game, encoder, spaces and seeding shared by the AEC and the parallel environments."""

    def __init__(self, game: str, players: int | None, seed: int | None, reward: str, encoder: str,
                 max_steps: int | None, options: dict[str, Any], illegal_action: str = "raise",
                 normalize: bool = False, auto_forced: bool = False) -> None:
        if reward not in KINDS:
            raise ValueError(f"unknown reward {reward!r}; choose one of {', '.join(KINDS)}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"unknown illegal_action {illegal_action!r}; choose one of {', '.join(ILLEGAL)}")
        # "raise": an illegal index raises IllegalAction and changes nothing; "terminate" (PettingZoo's
        # convention, as its TerminateIllegalWrapper): the offender gets ILLEGAL_REWARD, the others 0,
        # and the episode ends, so checkers that sample actions without masks can run whole episodes.
        self.illegal_action = illegal_action
        self.info, self.players, self.options = resolve(game, players, options)
        self.reward = reward
        # max_steps counts game actions, every seat's (see ``truncated``); auto_forced plays every decision
        # with a single legal action without asking (``play_forced``)
        self.max_steps = max_steps
        self.auto_forced = auto_forced
        self.encoder = encoder_for(self.info, self.players, self.options, encoder)
        self.n_actions = len(self.info.space)
        # normalize: every value mapped into [0, 1] by the encoder's field bounds (encoding.field_bounds)
        self.normalizer = Normalizer(self.encoder) if normalize else None
        low, high = field_bounds(self.encoder)
        if normalize:
            low, high = np.zeros_like(low), np.ones_like(high)
        self.names = [f"player_{i}" for i in range(self.players)]
        self.seat = {a: i for i, a in enumerate(self.names)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(low, high, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
        })
        # One space object per agent, returned every time (PettingZoo's seeding relies on it).
        self.obs_spaces = {a: obs_space if i == 0 else _copy_space(obs_space) for i, a in enumerate(self.names)}
        self.act_spaces: dict[str, spaces.Discrete] = {a: spaces.Discrete(self.n_actions) for a in self.names}
        self.state_space = spaces.Box(np.tile(low, self.players), np.tile(high, self.players),
                                      (self.players * self.encoder.size,), np.float32)
        self.base_seed = seed
        # Game seeds for resets without one: a chain started by the last seed given (reset(seed=...)
        # or the constructor's), so seeding only the first reset (as SB3 and RLlib do) reproduces
        # every later game, and environments seeded 0 and 1 play unrelated deals after the first.
        self.seeder: Rng | None = None
        self.resets = 0
        self.state: GameState | None = None
        self.episodes = 0  # games played to their end
        # Observations of the current state, per seat: (state, version) -> {seat: observation}.
        self._cache: dict[int, dict[str, np.ndarray]] = {}
        self._cache_key: tuple[GameState | None, int] = (None, -1)

    def new_game(self, seed: int | None) -> GameState:
        """Start a game: with ``seed``, that game and a new chain for the resets after it; the
        constructor's seed counts as given at the first reset; otherwise the chain's next seed
        (a chain from the operating system's randomness when no seed was ever given)."""
        if seed is None and self.resets == 0 and self.base_seed is not None:
            seed = self.base_seed
        if seed is not None:
            self.seeder = Rng(int(seed))
        else:
            if self.seeder is None:
                self.seeder = Rng(random.SystemRandom().randrange(2**62))
            seed = self.seeder.next64() >> 2
        self.resets += 1
        self.state = self.info.new(self.players, seed=seed, options=self.options)
        self._cache_key = (None, -1)
        self.play_forced(self.state)
        return self.state

    @property
    def steps(self) -> int:
        """Game actions applied so far in this episode, every seat's (the unit of ``max_steps``)."""
        return 0 if self.state is None else len(self.state.history)

    def truncated(self, state: GameState) -> bool:
        """``max_steps`` reached: the game has had that many actions (every seat's, forced ones included)
        and is not over."""
        return self.max_steps is not None and len(state.history) >= self.max_steps and not state.is_over()

    def play_forced(self, state: GameState) -> None:
        """With ``auto_forced``: apply every decision that has a single legal action, until one has more
        or the game ends (the agents never see them; the history and max_steps count them)."""
        while self.auto_forced and not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) != 1:
                return
            state.apply(seat, legal[0])

    def live(self) -> GameState:
        """The game being played; a clear error before the first reset()."""
        if self.state is None:
            raise RuntimeError("the environment has no game yet: call reset() before step() or observe()")
        return self.state

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        state = self.live()
        if self._cache_key[0] is not state or self._cache_key[1] != state.version:
            self._cache, self._cache_key = {}, (state, state.version)
        obs = self._cache.get(seat)
        if obs is None:
            mask = np.zeros(self.n_actions, dtype=np.int8)
            self.write_mask(mask, state, seat)
            obs = self._cache[seat] = {"observation": self.vector(state, seat), "action_mask": mask}
        return obs

    def vector(self, state: GameState, seat: int) -> np.ndarray:
        """``seat``'s observation vector of ``state`` (normalised if asked), a new array."""
        vector = encode_observation(self.encoder, state, seat)
        return vector if self.normalizer is None else self.normalizer(vector, out=vector)

    @staticmethod
    def write_mask(mask: np.ndarray, state: GameState, seat: int) -> None:
        """Mark ``seat``'s legal actions in the zeroed ``mask`` (none while it is not deciding)."""
        if seat in state.to_act():
            mask[[a.index for a in state.legal_actions(seat)]] = 1

    def render_text(self) -> str:
        state = self.state
        if state is None:
            return "(not started)"
        head = f"{self.info.title}, {self.players} players, action {state.version}"
        if state.is_over():
            return f"{head}: over; scores {state.scores()}, ranking {state.ranking()}"
        return f"{head}: {state.describe_decision()}; to act {list(state.to_act())}"


def _copy_space(space: spaces.Dict) -> spaces.Dict:
    return spaces.Dict({k: _copy_box(s) for k, s in space.spaces.items()})


def _copy_box(s: spaces.Space[Any]) -> spaces.Box:
    if not isinstance(s, spaces.Box):  # every part of the observation space is a Box (see __init__)
        raise TypeError(f"expected a Box observation part, got {s!r}")
    return copy.deepcopy(s)  # a new space object with the same bounds and dtype


class _Views:
    """What both environments answer the same way: spaces, the engine state and the global state."""

    core: _Core

    @property
    def game_state(self) -> GameState | None:
        """The live engine state (for bots and analysis; agents should read observations)."""
        return self.core.state

    @property
    def state_space(self) -> spaces.Box:
        return self.core.state_space

    def state(self) -> np.ndarray:
        """The global state, for centralised critics: every seat's observation in seat order, so it
        holds everything any seat knows (each its own secrets), but nothing no seat knows (deck order)."""
        core = self.core
        return np.concatenate([core.observe(s)["observation"] for s in range(core.players)])

    def observation_space(self, agent: str) -> spaces.Space:
        return self.core.obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.core.act_spaces[agent]


class MercatorAEC(_Views, AECEnv):
    """The AEC environment (see the module docstring)."""

    def __init__(self, game: str, players: int | None = None, *, seed: int | None = None, reward: str = "ranking",
                 encoder: str = "auto", max_steps: int | None = None, render_mode: str | None = None,
                 illegal_action: str = "raise", normalize: bool = False, auto_forced: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.core = _Core(game, players, seed, reward, encoder, max_steps, options, illegal_action, normalize,
                          auto_forced)
        self.metadata = {"name": f"mercator_{self.core.info.name}_v0", "render_modes": ["ansi", "human"],
                         "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = list(self.core.names)
        self.agents: list[str] = []
        self._selected: str | None = None

    @property  # AECEnv declares a plain attribute; a property makes last() before reset() say what to do
    def agent_selection(self) -> str:
        if self._selected is None:
            raise RuntimeError("the environment has no game yet: call reset() before last() or step()")
        return self._selected

    @agent_selection.setter
    def agent_selection(self, agent: str) -> None:
        self._selected = agent

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.core.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        state = self.core.state
        assert state is not None
        to_act = state.to_act()
        self.agent_selection = self.core.names[to_act[0]] if to_act else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.core.observe(self.core.seat[agent])

    def step(self, action: Any) -> None:
        self.core.live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        core = self.core
        state = core.live()
        self._cumulative_rewards[agent] = 0.0
        try:
            state.apply(core.seat[agent], int(action))  # IllegalAction (a ValueError) leaves the state as it was
        except IllegalAction:
            if core.illegal_action == "raise":
                raise
            self._clear_rewards()
            self.rewards[agent] = ILLEGAL_REWARD
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        core.play_forced(state)
        self._clear_rewards()
        if state.is_over():
            core.episodes += 1
            for a, r in zip(self.possible_agents, final_rewards(state, core.reward), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        elif core.truncated(state):
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self.core.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class MercatorParallel(_Views, ParallelEnv):
    """The parallel environment (see the module docstring)."""

    def __init__(self, game: str, players: int | None = None, *, seed: int | None = None, reward: str = "ranking",
                 encoder: str = "auto", max_steps: int | None = None, render_mode: str | None = None,
                 illegal_action: str = "raise", normalize: bool = False, auto_forced: bool = False,
                 **options: Any) -> None:
        self.core = _Core(game, players, seed, reward, encoder, max_steps, options, illegal_action, normalize,
                          auto_forced)
        self.metadata = {"name": f"mercator_{self.core.info.name}_parallel_v0", "render_modes": ["ansi"]}
        self.render_mode = render_mode
        self.possible_agents = list(self.core.names)
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict | None = None
              ) -> tuple[dict[str, Any], dict[str, dict]]:
        self.core.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, Any]:
        return {a: self.core.observe(self.core.seat[a]) for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        core = self.core
        state = core.live()
        deciding = state.to_act()
        for seat in deciding:
            name = core.names[seat]
            if name not in actions:
                raise ValueError(f"{name} must act now (seats deciding: {list(deciding)})")
        # All or nothing: with several seats deciding, their choices are applied to a copy, which
        # replaces the game only when every one was legal, so an illegal index anywhere leaves the
        # game as it was (one seat's refused action changes nothing by itself).
        after = state.clone() if len(deciding) > 1 else state
        offenders = []
        for seat in deciding:
            try:
                after.apply(seat, int(actions[core.names[seat]]))
            except IllegalAction as exc:
                if core.illegal_action == "raise":
                    raise IllegalAction(f"{core.names[seat]}: {exc}; no seat's action was applied") from None
                offenders.append(core.names[seat])
        if offenders:  # "terminate": the game stays as it was and the episode ends
            out = (self._observations(), {a: ILLEGAL_REWARD if a in offenders else 0.0 for a in self.agents},
                   dict.fromkeys(self.agents, True), dict.fromkeys(self.agents, False),
                   {a: {"illegal_action": a in offenders} for a in self.agents})
            self.agents = []
            return out
        core.state = state = after
        core.play_forced(state)
        over = state.is_over()
        core.episodes += over
        truncated = core.truncated(state)
        rewards = dict(zip(self.possible_agents, final_rewards(state, core.reward), strict=True))
        obs = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        out = (obs, {a: rewards[a] for a in self.agents}, dict.fromkeys(self.agents, over),
               dict.fromkeys(self.agents, truncated), infos)
        if over or truncated:
            self.agents = []
        return out

    def render(self) -> str:
        return self.core.render_text()

    def close(self) -> None:
        pass


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> MercatorAEC:
    return MercatorAEC(game, players, **kwargs)


def env(game: str, players: int | None = None, **kwargs: Any) -> MercatorAEC:
    """The AEC environment; keyword arguments: seed, reward ("ranking" | "score_diff"), encoder
    ("auto" | "game" | "generic"), normalize (observations in [0, 1] by the field bounds), max_steps
    (truncation after that many game actions, every seat's), auto_forced (single legal actions played
    without asking), illegal_action ("raise" | "terminate"), render_mode, and the game's options
    (``edition="strasbourg"``, ``free_trade=True``, ...)."""
    return MercatorAEC(game, players, **kwargs)


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> MercatorParallel:
    return MercatorParallel(game, players, **kwargs)
