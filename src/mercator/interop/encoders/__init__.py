"""Observation encoders: one module per game, named after it, defining ``ENCODER``; games
without one use the generic hashed-view encoder (see generic.py)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from mercator.engine.registry import GameInfo

from ..encoding import Encoder
from .generic import HashedViewEncoder


def has_encoder(game: str) -> bool:
    try:
        module = import_module(f"{__name__}.{game}")
    except ModuleNotFoundError:
        return False
    return hasattr(module, "ENCODER")


def encoder_for(info: GameInfo, players: int, options: dict[str, Any] | None = None,
                kind: str = "auto") -> Encoder:
    """``kind``: "auto" (the game's own encoder if written, else generic), "game" or "generic"."""
    if kind not in ("auto", "game", "generic"):
        raise ValueError(f"encoder kind {kind!r}: choose auto, game or generic")
    if kind != "generic" and has_encoder(info.name):
        return import_module(f"{__name__}.{info.name}").ENCODER(info, players, options)
    if kind == "game":
        raise ValueError(f"{info.name} has no hand-written encoder yet; use 'generic'")
    return HashedViewEncoder(info, players, options)
