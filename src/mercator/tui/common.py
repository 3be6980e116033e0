"""What the terminal client shares with each game's board module."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.pretty import Pretty
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import mercator
from mercator.engine.content import read_toml
from mercator.engine.explain import explanations
from mercator.engine.i18n import catalog, describe, fill, plural_format
from mercator.games import get


@cache
def _words() -> dict[str, Any]:
    return read_toml(Path(__file__).with_name("words.toml"))


def words_of(lang: str) -> dict[str, Any]:
    """The terminal client's words in ``lang`` (words.toml)."""
    return dict(_words()[lang])


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


def web_word(lang: str, key: str, default: str) -> str:
    """A word the web pages share with the terminal (decision kinds, days, phases, fields)."""
    return str(_option_words()[lang].get(key, default))


def label(lang: str, key: str, default: str) -> str:
    """A web word as a label or heading: its first letter upper case ("holder" -> "Holder")."""
    text = web_word(lang, key, default)
    return text[:1].upper() + text[1:]


def named(game: str, lang: str, table: str, ident: str) -> str:
    """An id as the game's catalog names it in ``lang`` (``[<lang>.<table>]``), else spelt out."""
    names = catalog(game).get(lang, {}).get(table, {})
    return str(names.get(ident) or pretty_id(ident)) if isinstance(names, dict) else pretty_id(ident)


def effect(game: str, lang: str, kind: str, ident: str) -> str:
    """What a content entity does, in ``lang``: the game's explanation (engine/explain.py), the
    same text the web pages show beside its name."""
    return str(explanations(game, lang).get(kind, {}).get(ident, {}).get("text", ""))


def game_say(game: str, lang: str, key: str, names: list[str], **fields: Any) -> str:
    """The terminal's sentence ``key`` of ``game`` (words.toml, ``[<lang>.<game>]``), filled in as
    the game's catalog words its fields: seats as names, ids as their names, bundles, plurals."""
    template = _words()[lang][game][key]
    return fill(game, lang, template, fields, names) or template


def field_words(game: str, lang: str, key: str, value: Any, names: list[str]) -> str:
    """One field of a decision or view as the game's catalog words it (seat lists as names)."""
    if key in ("waiting", "committed", "passed") and isinstance(value, list):
        return ", ".join(names[s] for s in value) or "-"
    return fill(game, lang, "{" + key + "}", {key: value}, names) or str(value)


def decision_line(game: str, view: dict[str, Any], names: list[str], seat: int | None, lang: str) -> Text | None:
    """The open decision (bidding, loading, a vote, ...) in one line, in ``lang``."""
    d = view.get("decision")
    if not d:
        return None
    kind = str(d["kind"])
    parts = []
    for key, value in d.items():
        if key == "kind" or value is None or value == []:
            continue
        if key == "my_choice" and seat is not None:
            text = describe(game, view, seat, value, lang, names)
        else:
            text = field_words(game, lang, key, value, names)
        label = _words()[lang].get(f"f_{key}") or web_word(lang, f"f_{key}", web_word(lang, f"field_{key}",
                                                                                     pretty_id(key)))
        parts.append(f"{label}: {text}")
    title = web_word(lang, "dec_" + re.sub(r"[^a-z0-9]+", "_", kind.lower()), kind)  # the web pages' key
    return Text(title[:1].upper() + title[1:] + (" — " + "; ".join(parts) if parts else ""), style="magenta")


class Heading:
    """A title in a rule across the screen; where the screen is too narrow for that, a wrapped line
    under a bare rule (a rule would cut the title short)."""

    def __init__(self, title: str) -> None:
        self.title = Text(title, style="bold cyan")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.title.cell_len + 6 <= options.max_width:
            yield Rule(self.title)
        else:
            yield Rule(style="cyan")
            yield self.title


def header_rule(title: str, view: dict[str, Any], names: list[str], seat: int | None, lang: str) -> Heading:
    """A board's title line, naming the seat to decide (while the game runs)."""
    who = f" — {say(lang, 'to_decide', name=names[seat])}" if seat is not None and not view["over"] else ""
    return Heading(title + who)


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

    A module defines ``board(view, names, seat, lang)`` (everything, in ``lang``); optionally ``summary(view, names,
    seat, lang)`` (what a decision needs, to fit a small terminal, in ``lang``; the board otherwise),
    ``final_columns(view, seat) -> dict[str, str]`` (keyed by the words' ``col_<key>``) and ``CELLS``, kinds
    whose actions are listed as one line of short ``key→cell`` cells (``cell(action, ctx, lang)``, e.g. the letters of
    the task cards a choice keeps, when the summary lists the cards once), shortest cell first.
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
        self.cell_kinds: dict[str, Callable[[dict[str, Any], Ctx, str], str]] = getattr(self.module, "CELLS", {})

    def board(self, view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en"
              ) -> list[RenderableType]:
        if self.module is None:
            return [Pretty(view)]
        return fit(self.module.board(view, names, seat, lang))

    def summary(self, view: dict[str, Any], names: list[str], seat: int, lang: str = "en") -> list[RenderableType]:
        compact = getattr(self.module, "summary", None)
        return fit(compact(view, names, seat, lang)) if compact else self.board(view, names, seat, lang)

    def describe(self, j: dict[str, Any], ctx: Ctx, lang: str = "en", group: bool = False) -> str:
        return describe(self.game, ctx.view, ctx.seat, j, lang, ctx.names, group=group)

    def cell(self, j: dict[str, Any], ctx: Ctx, lang: str = "en") -> str:
        """An action as a cell of its kind's line: the module's short form, else its numeric argument."""
        kind = str(j["kind"])
        return self.cell_kinds[kind](j, ctx, lang) if kind in self.cell_kinds else str(j[self.numeric_kinds[kind]])

    def final_columns(self, view: dict[str, Any], seat: int) -> dict[str, str]:
        columns = getattr(self.module, "final_columns", None)
        return columns(view, seat) if columns else {}
