"""A sample position per game, for the pictures of the how-to-play pages: the same board the table
draws, from a short game of greedy bots on a fixed seed, so a page shows a position with pieces on
it and every reader sees the same one."""

from __future__ import annotations

from functools import cache
from typing import Any

from mercator.bots.base import GreedyBot
from mercator.engine.i18n import seat_name
from mercator.games import get

PLAYERS = 3
SEED = 7
# How far each sample game is played: into its second round, where every area has pieces on it.
ACTIONS = {"constantinopolis": 108, "colonia": 85, "valencia": 78}


@cache
def sample_state(game: str) -> Any:
    state = get(game).new(PLAYERS, seed=SEED)
    bots = [GreedyBot(seed=SEED + s) for s in range(PLAYERS)]
    for _ in range(ACTIONS.get(game, 40)):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
    return state


def sample_position(game: str, lang: str) -> dict[str, Any]:
    """Seat 1's view of the sample position (so its own cards show too) and the seats' names."""
    state = sample_state(game)
    return {"game": game, "seat": 0, "view": state.view(0),
            "names": [seat_name(lang, s, "", None) for s in range(PLAYERS)]}
