"""Observation encoders: a game declares its own as its ``encoder`` plug-in (one module here per
game); games without one use the generic hashed-view encoder (see generic.py)."""

from __future__ import annotations

from typing import Any

from mercator.engine.registry import GameInfo, get

from ..encoding import Encoder
from .generic import HashedViewEncoder


def has_encoder(game: str) -> bool:
    return get(game).has_plugin("encoder")


def encoder_for(info: GameInfo, players: int, options: dict[str, Any] | None = None,
                kind: str = "auto") -> Encoder:
    """``kind``: "auto" (the game's own encoder if written, else generic), "game" or "generic"."""
    if kind not in ("auto", "game", "generic"):
        raise ValueError(f"encoder kind {kind!r}: choose auto, game or generic")
    if kind != "generic" and has_encoder(info.name):
        encoder: Encoder = info.plugin("encoder")(info, players, options)
        return encoder
    if kind == "game":
        raise ValueError(f"{info.name} has no hand-written encoder yet; use 'generic'")
    return HashedViewEncoder(info, players, options)
