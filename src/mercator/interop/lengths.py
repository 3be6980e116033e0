"""How long a game can run, in game actions (every seat's): OpenSpiel's ``max_game_length``.

The rules fix how many rounds a game has; what they do not fix is how many decisions a seat makes in a
round (Valencia's draws, Constantinopolis's trades), so the bound is

    rounds (from the rules and options) x seats x actions per seat and round,

where the last factor is twice the largest seen over 500 random and 20 easy-bot games at every table
(docs/interop.md lists the measurements; tests/interop/test_lengths.py keeps random games inside).
A game without an entry falls back to the engine's own safety limit, ``info.max_actions(players)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mercator.engine.registry import GameInfo


def _constantinopolis_rounds(options: dict[str, Any]) -> int:
    from mercator.games.constantinopolis.space import C, R

    # each round turns a market card; the final round comes once the pile has run out twice
    return len(C.markets) * R.market_exhaustions_to_final_round + 1


def _colonia_rounds(options: dict[str, Any]) -> int:
    from mercator.games import get

    return int(options.get("weeks", get("colonia").options["weeks"][0]))


def _valencia_rounds(options: dict[str, Any]) -> int:
    from mercator.games import get
    from mercator.games.valencia.space import C

    return C.editions[options.get("edition", get("valencia").options["edition"][0])].rules.rounds


# game: (rounds from the rules, actions per seat and round: twice the longest measured, see above)
PER_ROUND: dict[str, tuple[Callable[[dict[str, Any]], int], int]] = {
    "constantinopolis": (_constantinopolis_rounds, 24),  # measured at most 11.7
    "colonia": (_colonia_rounds, 32),  # measured at most 15.5 (three players)
    "valencia": (_valencia_rounds, 70),  # measured at most 35.0 (easy bots drawing deep into the pile)
}


def max_game_length(info: GameInfo, players: int, options: dict[str, Any] | None = None) -> int:
    """The most game actions a game of ``info`` at ``players`` seats is expected to take (see above)."""
    entry = PER_ROUND.get(info.name)
    if entry is None:
        return info.max_actions(players)
    rounds, per_seat = entry
    return rounds(dict(options or {})) * players * per_seat
