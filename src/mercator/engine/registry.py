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
    # (option name, value) -> player counts, for editions played by fewer counts than the game
    # (Strasbourg is 3-5 while Valencia is 2-5).
    counts_by_option: dict[tuple[str, Any], tuple[int, ...]] = field(default_factory=dict)

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
            edition = f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""
            raise IllegalAction(f"{self.title}{edition} is played by {counts[0]}-{counts[-1]} players, not {players}")
        return self.factory(players, int(seed), options)


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.name] = info
    return info


def registry() -> dict[str, GameInfo]:
    return _REGISTRY
