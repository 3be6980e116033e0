"""What the terminal client shares with each game's board module."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

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


UNLIMITED = 10_000  # columns: wider than any terminal


class Fit:
    """A table where the terminal is wide enough for its longest words; else its rows as lines
    ("Player 1: Office: Consul · Gold: 12 · ..."), which wrap between words, never inside one."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def _fits(self, console: Console, options: ConsoleOptions) -> bool:
        # Measured unclamped: Measurement.get caps both widths at what is available.
        return Measurement.get(console, options.update_width(UNLIMITED), self.table).minimum <= options.max_width

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if self._fits(console, options):
            return Measurement.get(console, options, self.table)
        return Measurement(min(options.max_width, 20), options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self._fits(console, options):
            yield self.table
            return
        t = self.table
        if t.title:
            yield _text(t.title, "bold")
        headers = [_text(c.header).plain for c in t.columns]
        for row in zip(*(list(c.cells) for c in t.columns), strict=True):
            first, *rest = (_text(cell) for cell in row)
            line = Text.assemble(first.copy(), ": ")
            for n, (header, cell) in enumerate(zip(headers[1:], rest, strict=True)):
                line.append_text(Text((" · " if n else "") + (f"{header}: " if header else "")))
                line.append_text(cell)
            yield line
        if t.caption:
            yield _text(t.caption, "dim")


def _text(value: Any, style: str = "") -> Text:
    if isinstance(value, Text):
        return value
    return Text.from_markup(str(value), style=style) if isinstance(value, str) else Text(str(value), style=style)


def fit(parts: list[RenderableType]) -> list[RenderableType]:
    """Every table of a board (also inside Columns) as a :class:`Fit`."""
    out: list[RenderableType] = []
    for part in parts:
        if isinstance(part, Table):
            part = Fit(part)
        elif isinstance(part, Columns):
            part.renderables = fit(list(part.renderables))
        out.append(part)
    return out


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
        return fit(self.module.board(view, names, seat))

    def summary(self, view: dict[str, Any], names: list[str], seat: int) -> list[RenderableType]:
        compact = getattr(self.module, "summary", None)
        return fit(compact(view, names, seat)) if compact else self.board(view, names, seat)

    def describe(self, j: dict[str, Any], ctx: Ctx, lang: str = "en", group: bool = False) -> str:
        return describe(self.game, ctx.view, ctx.seat, j, lang, ctx.names, group=group)

    def final_columns(self, view: dict[str, Any], seat: int) -> dict[str, str]:
        columns = getattr(self.module, "final_columns", None)
        return columns(view, seat) if columns else {}
