"""What the terminal client shares with each game's board module."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from mercator.engine.i18n import describe
from mercator.games import get


@dataclass
class Ctx:
    """What action descriptions read: the acting seat's view and the players' names."""

    view: dict[str, Any]
    names: list[str]
    seat: int

    @property
    def me(self) -> dict[str, Any]:
        return self.view["players"][self.seat]

    @property
    def decision(self) -> dict[str, Any]:
        return self.view.get("decision") or {}


def pretty_id(value: str) -> str:
    """'porta_aurea' -> 'Porta Aurea'."""
    return " ".join(w.capitalize() for w in value.split("_"))


class GameUI:
    """One game's terminal module (``mercator.tui.<game>``) with fallbacks for what it leaves out,
    and the game's actions in words (the engine words them from the game's catalog).

    A module defines ``board(view, names, seat)``; optionally ``final_columns(view, seat) ->
    dict[str, str]``.
    """

    def __init__(self, game: str) -> None:
        info = get(game)
        self.game = game
        # A game without a terminal board shows its raw view; one whose board fails to import fails.
        self.module: ModuleType | None = info.plugin("tui") if info.has_plugin("tui") else None
        # Kinds whose numeric argument runs over a range: grouped on one line.
        self.numeric_kinds: dict[str, str] = info.space.numeric

    def board(self, view: dict[str, Any], names: list[str], seat: int | None) -> list[RenderableType]:
        if self.module is None:
            return [Pretty(view)]
        return self.module.board(view, names, seat)

    def describe(self, j: dict[str, Any], ctx: Ctx, lang: str = "en", group: bool = False) -> str:
        return describe(self.game, ctx.view, ctx.seat, j, lang, ctx.names, group=group)

    def final_columns(self, view: dict[str, Any], seat: int) -> dict[str, str]:
        columns = getattr(self.module, "final_columns", None)
        return columns(view, seat) if columns else {}
