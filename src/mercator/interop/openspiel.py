"""OpenSpiel games for every registered game: ``register()`` adds ``python_mercator_<game>``.

How the engine maps onto OpenSpiel's model (docs/interop.md says more):

- **Sequential dynamics.** ``current_player()`` is the first seat in ``state.to_act()``. A
  simultaneous hidden choice (several seats in ``to_act()``) becomes consecutive decisions:
  each seat commits in turn and no seat's information state shows another's commit (the engine
  keeps commits out of other views) until all are in and the engine reveals them together, so
  the sequential game has the same information sets as the simultaneous one.
- **Sampled stochastic chance.** Shuffles and draws come from the engine's seeded generator,
  which lives inside the state, so OpenSpiel sees no chance nodes: chance is part of the
  transition. Each ``new_initial_state()`` draws a fresh game seed from the game's ``seed``
  parameter (``-1`` = from the operating system), so a loaded game gives a reproducible
  sequence of deals. Clones continue identically; ``resample_from_infostate`` (used by
  OpenSpiel's Python ISMCTS) returns ``state.determinize(player, rng)``, a world that player
  cannot tell from the real one, with the future of the generator reseeded.
- **Imperfect information.** Information-state and observation strings are the canonical JSON
  of ``view(player)`` (the information-state string adds that player's own past actions in
  order); the observation tensor is the game's observation encoding (see encoders/), with the
  encoder's fields as the observer's named pieces, and the information-state tensor appends
  ``own_actions``, how often the player took each action of the space (docs/interop.md says what
  that remembers). ``private_info=NONE`` observers read the spectator view ``view(None)``.
- **Terminal rewards.** ``returns`` parameter: ``ranking`` (default, in [-1, 1]) or
  ``score_diff`` (bounded by +-SCORE_BOUND); both sum to zero (rewards.py).
- **Serialization.** A state pickles as its record (seed, options, actions) plus any
  determinisations, and deserializes by replaying it, so round trips are exact.

Parameters: ``players``, ``seed``, ``returns``, ``encoder`` ("auto" | "game" | "generic") and
each of the game's options under its own name (Valencia's ``edition``, Constantinopolis's
``free_trade``, Colonia's ``free_start_good`` and ``weeks``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from mercator.engine.registry import GameInfo
from mercator.engine.rng import Rng
from mercator.engine.state import GameState
from mercator.games import all_games, get

from .common import default_players, resolve
from .encoders import encoder_for
from .encoding import Encoder, encode_observation
from .lengths import max_game_length
from .rewards import KINDS, final_rewards

PREFIX = "python_mercator_"
SCORE_BOUND = 10_000.0

_Key = tuple[str, int, tuple[tuple[str, Any], ...], str, str]


class _Config:
    """Everything a loaded game's states share; pickles as its key (states carry one)."""

    def __init__(self, info: GameInfo, players: int, options: dict[str, Any], reward: str, encoder: str,
                 seed: int) -> None:
        self.info, self.players, self.options, self.reward = info, players, options, reward
        self.key: _Key = (info.name, players, tuple(sorted(options.items())), reward, encoder)
        self.encoder: Encoder = encoder_for(info, players, options, encoder)
        self.seeds = random.Random(seed) if seed >= 0 else random.SystemRandom()
        self.resample = random.Random(None if seed < 0 else seed + 1)
        self.pending: _Live | None = None

    def pending_deal(self) -> _Live:
        """The deal the next fresh state will get (see _Live)."""
        if self.pending is None:
            state = self.info.new(self.players, seed=self.seeds.randrange(2**63), options=self.options)
            self.pending = _Live(self, state)
        return self.pending

    def __deepcopy__(self, memo: dict) -> _Config:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_config, self.key)


_CONFIGS: dict[_Key, _Config] = {}


def _config(game: str, players: int, options: tuple, reward: str, encoder: str) -> _Config:
    key = (game, players, options, reward, encoder)
    if key not in _CONFIGS:
        _CONFIGS[key] = _Config(get(game), players, dict(options), reward, encoder, 0)
    return _CONFIGS[key]


class _Live:
    """The engine state behind one OpenSpiel state, created on first use.

    A fresh state draws its deal (a game seed) only when first used. Until then, observing it
    shows the game's *pending* deal without claiming it: pyspiel asks a brand-new state for its
    tensor every time it needs a tensor size, and those throwaway states must not each pay for
    a game setup. The first other use claims the pending deal (the next fresh state gets a new
    one); two untouched states that are both observed before either is used share that deal.
    """

    __slots__ = ("cfg", "state", "dets", "cache", "cache_version", "peek")

    def __init__(self, cfg: _Config, state: GameState | None = None, dets: tuple = ()) -> None:
        self.cfg = cfg
        self.state = state
        # Determinisations applied so far, as (history length, seat, seed): enough to rebuild.
        self.dets = dets
        self.cache: dict[Any, Any] = {}
        self.cache_version = -1
        self.peek: _Live | None = None

    def get(self) -> GameState:
        if self.state is None:
            cfg = self.cfg
            pending = self.peek or cfg.pending_deal()
            if cfg.pending is pending:
                cfg.pending = None
            self.state, self.peek = pending.get().clone(), None
        return self.state

    def __deepcopy__(self, memo: dict) -> _Live:
        copy = _Live(self.cfg, self.get().clone(), self.dets)
        copy.cache, copy.cache_version = dict(self.cache), self.cache_version  # same state, same views
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        s = self.get()
        return (_replay, (self.cfg, s.seed, tuple(s.history), self.dets))

    def determinized(self, seat: int, seed: int) -> _Live:
        s = self.get()
        return _Live(self.cfg, s.determinize(seat, Rng(seed)), (*self.dets, (len(s.history), seat, seed)))

    def _entry(self, player: int | None) -> tuple[_Live, list[Any]]:
        """The live state that answers (a fresh one's pending deal) and its [view, string, tensor] of
        ``player`` (None = spectator), filled lazily and cached until the state changes."""
        if self.state is None:
            self.peek = self.peek or self.cfg.pending_deal()
            return self.peek._entry(player)
        s = self.state
        self._sync(s)
        entry = self.cache.get(player)
        if entry is None:
            entry = self.cache[player] = [None, None, None]
        return self, entry

    def _sync(self, s: GameState) -> None:
        if self.cache_version != s.version:
            self.cache, self.cache_version = {}, s.version

    def text(self) -> str:
        """OpenSpiel's ``ToString``: equal exactly when the full states are (state hash)."""
        s = self.get()
        self._sync(s)
        text = self.cache.get("str")
        if text is None:
            text = self.cache["str"] = f"{s.GAME} {s.seats}p seed {s.seed} move {s.version} hash {s.state_hash()}"
        return text

    def string(self, player: int | None, recall: bool) -> str:
        live, entry = self._entry(player)
        if entry[1] is None:
            if entry[0] is None:
                assert live.state is not None
                entry[0] = live.state.view(player)
            entry[1] = json.dumps(entry[0], sort_keys=True, separators=(",", ":"))
        if recall and player is not None:
            own = ",".join(str(i) for seat, i in self.get().history if seat == player)
            return f"{entry[1]} own:{own}"
        return entry[1]

    def tensor(self, player: int | None) -> np.ndarray:
        live, entry = self._entry(player)
        if entry[2] is None:
            assert live.state is not None
            entry[2] = encode_observation(self.cfg.encoder, live.state, player)  # the state read directly, no view
        return entry[2]

    def own_actions(self, player: int) -> np.ndarray:
        """How often ``player`` has taken each action of the space so far (the information-state tensor's
        memory of its own decisions; see MercatorObserver)."""
        live, entry = self._entry(player)
        if len(entry) == 3:
            assert live.state is not None
            mine = [i for seat, i in live.state.history if seat == player]
            entry.append(np.bincount(mine, minlength=len(self.cfg.info.space)).astype(np.float32))
        counts: np.ndarray = entry[3]
        return counts


def _replay(cfg: _Config, seed: int, history: tuple[tuple[int, int], ...], dets: tuple) -> _Live:
    state = cfg.info.new(cfg.players, seed=seed, options=cfg.options)
    done = 0
    for at, seat, det_seed in dets:
        for s, i in history[done:at]:
            state.apply(s, i)
        state, done = state.determinize(seat, Rng(det_seed)), at
    for s, i in history[done:]:
        state.apply(s, i)
    return _Live(cfg, state, dets)


class MercatorState(pyspiel.State):
    def __init__(self, game: MercatorGame) -> None:
        super().__init__(game)
        self._live = _Live(game.cfg)

    @property
    def mercator_state(self) -> GameState:
        """The engine state (Mercator's own bots act on it through ``determinize``)."""
        return self._live.get()

    def current_player(self) -> int:
        s = self._live.get()
        return pyspiel.PlayerId.TERMINAL if s.is_over() else s.to_act()[0]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(a.index for a in self._live.get().legal_actions(player))

    def _apply_action(self, action: int) -> None:
        s = self._live.get()
        s.apply(s.to_act()[0], int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return repr(self._live.cfg.info.space.actions[action])

    def is_terminal(self) -> bool:
        return self._live.get().is_over()

    def returns(self) -> list[float]:
        return final_rewards(self._live.get(), self._live.cfg.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> MercatorState:
        """A state ``player_id`` cannot tell from this one (engine determinisation)."""
        other = self.clone()
        other._live = self._live.determinized(player_id, self._live.cfg.resample.randrange(2**63))
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles through serialize_game_and_state, which sampled-stochastic Python games
        # cannot use (no GetRNGState binding); the game's parameters and serialize() suffice.
        game = self.get_game()
        return (_unpickle_state, (game.get_type().short_name, dict(game.get_parameters()), self.serialize()))

    def __str__(self) -> str:
        return self._live.text()


class MercatorObserver:
    """OpenSpiel's PyObserver interface over ``view(player)`` and the game's encoder."""

    def __init__(self, cfg: _Config, iig_obs_type: Any, params: dict | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Mercator observers show one seat's view (or the public one), never all secrets")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        enc = cfg.encoder
        # The information state (perfect recall) adds the player's own past decisions to the observation, as
        # counts per action of the space: fixed length, and what the seat chose (which the observation may
        # have lost) without when. The information-state string keeps the ordered list.
        self.own = self.recall and not self.public_only
        self.obs_size = enc.size
        self.tensor = np.zeros(enc.size + (len(cfg.info.space) if self.own else 0), np.float32)
        self.dict = {f.name: self.tensor[f.offset:f.offset + f.size] for f in enc.fields}
        if self.own:
            self.dict["own_actions"] = self.tensor[enc.size:]

    def set_from(self, state: MercatorState, player: int) -> None:
        live, size = state._live, self.obs_size
        self.tensor[:size] = live.tensor(None if self.public_only else player)
        if self.own:
            self.tensor[size:] = live.own_actions(player)

    def string_from(self, state: MercatorState, player: int) -> str:
        return state._live.string(None if self.public_only else player, self.recall)


class MercatorGame(pyspiel.Game):
    """Base of the per-game classes ``register()`` creates (``GAME`` names the Mercator game)."""

    GAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = get(self.GAME)
        params = dict(params or {})
        spec = _spec(info)
        values = {k: params.get(k, d) for k, d in spec.items()}
        if values["returns"] not in KINDS:
            raise ValueError(f"returns={values['returns']!r}: choose one of {', '.join(KINDS)}")
        info, players, options = resolve(info, int(values["players"]), {k: values[k] for k in info.options})
        bound = 1.0 if values["returns"] == "ranking" else SCORE_BOUND
        game_info = pyspiel.GameInfo(
            num_distinct_actions=len(info.space), max_chance_outcomes=0, num_players=players,
            min_utility=-bound, max_utility=bound, utility_sum=0.0,
            max_game_length=max_game_length(info, players, options))
        super().__init__(game_type(info), game_info, params)
        self.cfg = _Config(info, players, options, values["returns"], values["encoder"], int(values["seed"]))

    def new_initial_state(self) -> MercatorState:
        return MercatorState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_game, (self.get_type().short_name, dict(self.get_parameters())))

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> MercatorObserver:
        return MercatorObserver(self.cfg, iig_obs_type, params)


def _load_game(short_name: str, params: dict[str, Any]) -> MercatorGame:
    register()
    return pyspiel.load_game(short_name, params)


def _unpickle_state(short_name: str, params: dict[str, Any], data: str) -> MercatorState:
    return _load_game(short_name, params).deserialize_state(data)


def _spec(info: GameInfo) -> dict[str, Any]:
    spec: dict[str, Any] = {"players": default_players(info), "seed": 0, "returns": "ranking", "encoder": "auto"}
    spec.update({name: values[0] for name, values in info.options.items()})
    return spec


def game_type(info: GameInfo) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"Mercator {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec(info),
    )


# Registered factories must be classes, as in OpenSpiel's own Python games: pyspiel keeps them
# in a C++ registry that outlives the interpreter, and a plain function freed there aborts the
# process at exit, while a class (held in cycles) is never freed.
GAME_CLASSES: dict[str, type[MercatorGame]] = {}


def register() -> list[str]:
    """Register every game Mercator knows with pyspiel (idempotent); returns the short names."""
    known = set(pyspiel.registered_names())
    names = []
    for info in all_games():
        gtype = game_type(info)
        if gtype.short_name not in known:
            cls = GAME_CLASSES.setdefault(info.name, type(
                f"Mercator{info.name.title()}Game", (MercatorGame,), {"GAME": info.name, "__module__": __name__}))
            pyspiel.register_game(gtype, cls)
        names.append(gtype.short_name)
    return names


def load(game: str, **params: Any) -> MercatorGame:
    """``pyspiel.load_game`` for a Mercator game, registering first: ``load("valencia", players=3)``."""
    register()
    return pyspiel.load_game(PREFIX + game, params)
