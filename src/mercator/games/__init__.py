"""The games Mercator knows. Each game package registers itself when imported."""

from __future__ import annotations

from importlib import import_module

from mercator.engine.errors import IllegalAction
from mercator.engine.registry import GameInfo, registry

_PACKAGES = ("constantinopolis", "colonia", "valencia")


def _load() -> dict[str, GameInfo]:
    for name in _PACKAGES:
        import_module(f"mercator.games.{name}")
    return registry()


def get(name: str) -> GameInfo:
    games = _load()
    if name not in games:
        raise IllegalAction(f"unknown game {name!r}; known games: {', '.join(sorted(games))}")
    return games[name]


def all_games() -> list[GameInfo]:
    return list(_load().values())
