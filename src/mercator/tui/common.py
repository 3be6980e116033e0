"""What the terminal client shares with each game's board module."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

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
    """One game's terminal module (``mercator.tui.<game>``) with fallbacks for what it leaves out.

    A module defines ``board(view, names, seat)`` and ``describe(action_json, ctx)``; optionally
    ``NUMERIC_KINDS`` (kinds whose last argument runs over a range, grouped on one line),
    ``family_label(action_json, ctx)`` and ``final_columns(view, seat) -> dict[str, str]``.
    """

    def __init__(self, game: str) -> None:
        info = get(game)
        # A game without a terminal board shows its raw view; one whose board fails to import fails.
        self.module: ModuleType | None = info.plugin("tui") if info.has_plugin("tui") else None
        self.numeric_kinds: dict[str, str] = getattr(self.module, "NUMERIC_KINDS", {})

    def board(self, view: dict[str, Any], names: list[str], seat: int | None) -> list[RenderableType]:
        if self.module is None:
            return [Pretty(view)]
        return self.module.board(view, names, seat)

    def describe(self, j: dict[str, Any], ctx: Ctx) -> str:
        if self.module is None:
            args = ", ".join(f"{k}={v}" for k, v in j.items() if k != "kind")
            return f"{pretty_id(j['kind'])}" + (f" ({args})" if args else "")
        return self.module.describe(j, ctx)

    def family_label(self, j: dict[str, Any], ctx: Ctx) -> str:
        label = getattr(self.module, "family_label", None)
        return label(j, ctx) if label else pretty_id(j["kind"])

    def final_columns(self, view: dict[str, Any], seat: int) -> dict[str, str]:
        columns = getattr(self.module, "final_columns", None)
        return columns(view, seat) if columns else {}
