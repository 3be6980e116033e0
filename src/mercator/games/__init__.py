"""The games Mercator ships, one package each; pyproject.toml declares them as ``mercator.games``
entry points, and the engine's registry finds them there."""

from __future__ import annotations

from mercator.engine.registry import all_games, get

__all__ = ["all_games", "get"]
