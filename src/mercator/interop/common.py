"""What both research interfaces share: resolving a game, its options and player count."""

from __future__ import annotations

from typing import Any

from mercator.engine.errors import IllegalAction
from mercator.engine.registry import GameInfo
from mercator.games import get


def default_players(info: GameInfo, options: dict[str, Any] | None = None) -> int:
    counts = info.counts_for(options)
    return 4 if 4 in counts else counts[0]


def resolve(game: str | GameInfo, players: int | None, options: dict[str, Any] | None
            ) -> tuple[GameInfo, int, dict[str, Any]]:
    """The game's info, a valid player count and validated options (IllegalAction says why not)."""
    info = get(game) if isinstance(game, str) else game
    opts = info.validate_options(options)
    n = default_players(info, opts) if players is None else int(players)
    if n not in info.counts_for(opts):
        counts = info.counts_for(opts)
        raise IllegalAction(f"{info.title} with {opts} is played by {counts[0]}-{counts[-1]} players, not {n}")
    return info, n, opts
