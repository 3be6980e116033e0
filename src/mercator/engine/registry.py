"""The game registry: each game registers a :class:`GameInfo`; options are validated here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .actions import ActionSpace
from .errors import IllegalAction
from .state import GameState


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
    # Upper bound on actions in one game, per player count (the conformance kit checks it).
    max_actions: Callable[[int], int] = lambda players: 100_000

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
        if players not in self.player_counts:
            raise IllegalAction(f"{self.title} is played by {self.player_counts[0]}-{self.player_counts[-1]} "
                                f"players, not {players}")
        return self.factory(players, int(seed), self.validate_options(options))


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.name] = info
    return info


def registry() -> dict[str, GameInfo]:
    return _REGISTRY
