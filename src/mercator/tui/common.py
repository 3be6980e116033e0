"""What the terminal client shares with each game's board module."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

import mercator
from mercator.engine.content import read_toml
from mercator.engine.i18n import describe, plural_format
from mercator.games import get


@cache
def _words() -> dict[str, Any]:
    return read_toml(Path(__file__).with_name("words.toml"))


def say(lang: str, key: str, **fields: Any) -> str:
    """The terminal client's sentence ``key`` in ``lang`` (words.toml beside this module)."""
    table = _words()[lang]
    return plural_format(lang, table.get("plurals", {}), table[key], fields)


@cache
def _option_words() -> dict[str, dict[str, str]]:
    # The options' names are the web pages' (read as a file: the web package needs its extra).
    return read_toml(Path(mercator.__file__).parent / "web" / "ui.toml")


def worded(value: Any, lang: str) -> str:
    """A value as words, never a Python literal: yes/no, lists joined, option values named."""
    if isinstance(value, bool):
        return say(lang, "yes" if value else "no")
    if isinstance(value, list | tuple):
        return ", ".join(worded(v, lang) for v in value) or "-"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {worded(v, lang)}" for k, v in value.items()) or "-"
    if isinstance(value, str):
        return _option_words()[lang].get(f"optval_{value}", pretty_id(value))
    return str(value)


def options_text(options: dict[str, Any], lang: str) -> str:
    """'Free trade between players: no; Weeks: 5' in ``lang``."""
    ui = _option_words()[lang]
    return "; ".join(f"{ui.get(f'opt_{k}', pretty_id(k))}: {worded(v, lang)}" for k, v in options.items())


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

    A module defines ``board(view, names, seat)`` (everything); optionally ``summary(view, names,
    seat)`` (what a decision needs, to fit a small terminal; the board otherwise) and
    ``final_columns(view, seat) -> dict[str, str]``.
    """

    def __init__(self, game: str) -> None:
        info = get(game)
        self.game = game
        # A game without a terminal board shows its raw view; one whose board fails to import fails.
        self.module: ModuleType | None = info.plugin("tui") if info.has_plugin("tui") else None
        # Kinds whose numeric argument runs over a range: grouped on one line.
        self.numeric_kinds: dict[str, str] = info.space.numeric
        # Kinds that end the seat's turn or pass: the one legal at a time is also key "e".
        self.closing_kinds: frozenset[str] = info.space.closing

    def board(self, view: dict[str, Any], names: list[str], seat: int | None) -> list[RenderableType]:
        if self.module is None:
            return [Pretty(view)]
        return self.module.board(view, names, seat)

    def summary(self, view: dict[str, Any], names: list[str], seat: int) -> list[RenderableType]:
        compact = getattr(self.module, "summary", None)
        return compact(view, names, seat) if compact else self.board(view, names, seat)

    def describe(self, j: dict[str, Any], ctx: Ctx, lang: str = "en", group: bool = False) -> str:
        return describe(self.game, ctx.view, ctx.seat, j, lang, ctx.names, group=group)

    def final_columns(self, view: dict[str, Any], seat: int) -> dict[str, str]:
        columns = getattr(self.module, "final_columns", None)
        return columns(view, seat) if columns else {}
