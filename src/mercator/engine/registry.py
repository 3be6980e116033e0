"""The game registry: each game registers a :class:`GameInfo`; options are validated here.

Games are found through the ``mercator.games`` entry point group (pyproject.toml), so the engine
names no game, and a game installed from another package joins the same way. Each game declares
its optional parts (:class:`Plugins`) by import path; they are imported when first used, and one
that does not import fails loudly rather than falling back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from .actions import ActionSpace
from .errors import IllegalAction
from .state import GameState

ENTRY_POINTS = "mercator.games"


@dataclass(frozen=True)
class Plugins:
    """Where a game's optional parts live, as ``module`` or ``module:attribute`` paths."""

    # A module with evaluate(state, seat) -> float and SCALE (evaluation points of a clear lead).
    heuristics: str | None = None
    # tally(events, players) -> engine.mechanisms.Tally: what each seat did and where its points came
    # from (the arena's mechanism statistics).
    mechanisms: str | None = None
    # The content module: CONTENT_DIR, FILES (file name -> schema), load_files, compile_content.
    content: str | None = None
    # invariants(state, before, events) -> list of broken invariants (the conformance kit asks).
    invariants: str | None = None
    # An Encoder class (interop): the game's own observation tensor.
    encoder: str | None = None
    # A module with words(view, seat, action_json) -> (key, fields): which [<lang>.actions] template
    # of messages.toml words a legal action, and the values it is filled with (engine/i18n.py describe).
    wording: str | None = None
    # A module with entities() -> list of engine.explain.Entity: what each thing on the board is and
    # does, worded by [<lang>.explain.<kind>] of messages.toml (engine/explain.py).
    explain: str | None = None
    # The terminal board module (see tui/common.py GameUI).
    tui: str | None = None
    # The browser board: a module path under web/static/js/, and the content tables it reads.
    web_board: str | None = None
    board_tables: str | None = None


def load_plugin(ref: str) -> Any:
    module, _, attribute = ref.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    summary: str
    player_counts: tuple[int, ...]
    factory: Callable[[int, int, dict[str, Any]], GameState]
    space: ActionSpace
    # option name -> allowed values; the first value is the default.
    options: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    # Upper bound on actions in one game per player (the conformance kit checks it). A number, not a
    # function, so a GameInfo pickles (environments carrying it are sent to worker processes).
    max_actions_per_player: int = 100_000
    # (option name, value) -> player counts, for editions played by fewer counts than the game
    # (Strasbourg is 3-5 while Valencia is 2-5).
    counts_by_option: dict[tuple[str, Any], tuple[int, ...]] = field(default_factory=dict)
    plugins: Plugins = field(default_factory=Plugins)
    # Where the game appears in lists (lower first; equal positions by name).
    position: int = 50
    # Each code GameState.end_reason can give, in words, and what the game calls a round (reports).
    end_reasons: dict[str, str] = field(default_factory=lambda: {"end": "the game ran its full length"})
    round_word: str = "round"

    def max_actions(self, players: int) -> int:
        """Upper bound on the actions of one game with ``players`` players."""
        return self.max_actions_per_player * players

    def has_plugin(self, kind: str) -> bool:
        return getattr(self.plugins, kind) is not None

    def plugin(self, kind: str) -> Any:
        """The game's ``kind`` part (a Plugins field), imported now; LookupError if it has none."""
        ref = getattr(self.plugins, kind)
        if ref is None:
            raise LookupError(f"{self.title} declares no {kind}")
        return load_plugin(ref)

    def counts_for(self, options: dict[str, Any] | None = None) -> tuple[int, ...]:
        """The player counts allowed with these (validated or partial) options."""
        counts = self.player_counts
        for (name, value), allowed in self.counts_by_option.items():
            if (options or {}).get(name, self.options[name][0]) == value:
                counts = tuple(n for n in counts if n in allowed)
        return counts

    def option_sets(self) -> list[dict[str, Any]]:
        """Every combination of option values (for the conformance kit)."""
        combos: list[dict[str, Any]] = [{}]
        for name, values in self.options.items():
            combos = [{**c, name: v} for c in combos for v in values]
        return combos

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            allowed = ", ".join(self.options) or "none"
            raise IllegalAction(f"{self.name} has no option(s) {unknown}; options: {allowed}")
        out = {}
        for name, values in self.options.items():
            value = options.get(name, values[0])
            if value not in values:
                raise IllegalAction(f"option {name}={value!r} is not allowed; choose one of {list(values)}")
            out[name] = value
        return out

    def new(self, players: int, seed: int = 0, options: dict[str, Any] | None = None) -> GameState:
        options = self.validate_options(options)
        counts = self.counts_for(options)
        if players not in counts:
            edition = f" ({', '.join(f'{k}={json.dumps(v)}' for k, v in options.items())})" if options else ""
            raise IllegalAction(f"{self.title}{edition} is played by {counts[0]}-{counts[-1]} players, not {players}")
        return self.factory(players, int(seed), options)


_REGISTRY: dict[str, GameInfo] = {}
_discovered = False


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.name] = info
    return info


def registry() -> dict[str, GameInfo]:
    """Every game: those already imported and those the installed packages declare."""
    global _discovered
    if not _discovered:
        for point in entry_points(group=ENTRY_POINTS):
            info = point.load()
            if not isinstance(info, GameInfo):
                raise TypeError(f"entry point {point.name} = {point.value} is not a GameInfo")
            _REGISTRY.setdefault(info.name, info)
        _discovered = True
    if list(_REGISTRY) != sorted(_REGISTRY, key=lambda n: (_REGISTRY[n].position, n)):
        ordered = sorted(_REGISTRY.values(), key=lambda i: (i.position, i.name))
        _REGISTRY.clear()
        _REGISTRY.update((i.name, i) for i in ordered)
    return _REGISTRY


def get(name: str) -> GameInfo:
    games = registry()
    if name not in games:
        raise IllegalAction(f"unknown game {name!r}; known games: {', '.join(sorted(games))}")
    return games[name]


def all_games() -> list[GameInfo]:
    return list(registry().values())
