"""Bots for every game. A bot sees only what its seat may know: it reads the legal actions
and works on ``state.determinize(seat, rng)`` copies, never on the live state's secrets."""

from __future__ import annotations

from .base import LEVELS, Bot, GreedyBot, PlayerLevel, RandomBot, make_bot

__all__ = ["LEVELS", "Bot", "GreedyBot", "PlayerLevel", "RandomBot", "make_bot"]
