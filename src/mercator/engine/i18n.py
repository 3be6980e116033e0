"""Messages in English, German and Russian: what happened (events) and what a seat may do (legal
actions), from each game's ``messages.toml`` (found through the game's ``content`` plug-in: the
catalog sits beside its content module), plus the words every client shares (``words.toml``).

A catalog has one table per language: ``[en.events]`` maps an event type to a template with
``{field}`` placeholders, ``[en.actions]`` a wording key of the game's ``wording`` plug-in (and
``<key>_group``: the label of a run of that action over its numeric argument); ``[en.goods]``
(and any other ``[en.<field>]`` table) names the values of that field. Seat fields are rendered
with the players' names.

An event whose bundle may be empty can have ``<type>__no_<field>`` beside its template, used then;
one with a field a reader may not see (engine/seen.py hides it as ``HIDDEN``) ``<type>__hidden_<field>``.

A placeholder may name a plural word: ``{count:card}`` is the count followed by the form of
``[en.plurals] card`` that the language's CLDR plural rule (Babel) picks for it, e.g.
``{one = "карта", few = "карты", many = "карт", other = "карты"}``; ``{count:card!}`` is the
form alone, and ``{qty:good_{good.id}}`` the word named after a field's id. A bundle of goods
(a dict) reads "2 дерева, 1 мех" where ``[<lang>.plurals]`` has ``good_<id>`` words for them.
``{decrees:quoted}`` puts each name of a list (or a single name) in the language's quotation
marks, ``[<lang>.words] quote`` ("„{}“"): „Ablass“, „Marktzoll“.
"""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale

from .content import read_toml

LANGS = ("en", "de", "ru")
HIDDEN = "?"  # what a reader sees of a field that shows another seat's secret (engine/seen.py)


@cache
def catalog(game: str) -> dict[str, Any]:
    from .registry import get

    content = get(game).plugin("content")
    return read_toml(Path(content.__file__).resolve().parent / "messages.toml")


@cache
def glossary(game: str) -> dict[str, Any]:
    """The game's terms in every language, each with its source (a seed id or "chosen") and the
    variants no catalog may use (``glossary.toml`` beside the catalog)."""
    from .registry import get

    content = get(game).plugin("content")
    return read_toml(Path(content.__file__).resolve().parent / "glossary.toml")


@cache
def _words_file() -> dict[str, dict[str, Any]]:
    return read_toml(Path(__file__).with_name("words.toml"))


@cache
def words() -> dict[str, dict[str, str]]:
    """The words every client shares (unnamed seats, bot levels, refusals), per language; their
    plural words (``[<lang>.plurals]``) stay for ``refusal``."""
    return {lang: {k: v for k, v in table.items() if isinstance(v, str)} for lang, table in _words_file().items()}


def refusal(exc: Exception, lang: str) -> str:
    """A refusal as its player reads it in ``lang``: the words of its ``code`` (``refusal_<code>``
    in words.toml, filled in from its ``fields`` with CLDR plurals), else its own English message.
    The engine's IllegalAction and the server's refusals (server/games.py ``Refused``) carry both."""
    code = getattr(exc, "code", None)
    template = words().get(lang, {}).get(f"refusal_{code}") if code else None
    if not template:
        return str(exc)
    return plural_format(lang, _words_file()[lang].get("plurals", {}), template, getattr(exc, "fields", {}))


def seat_name(lang: str, seat: int, name: str, bot_level: str | None) -> str:
    """How a seat is shown: its player's name; a bot named after its level (or unnamed) reads
    'bot 2 (easy)', an unnamed human seat 'Seat 1', both in ``lang``."""
    w = words().get(lang, words()["en"])
    if bot_level is not None and name in ("", bot_level):
        return f"{w['bot']} {seat + 1} ({w.get(f'level_{bot_level}', bot_level)})"
    if bot_level is None and name in ("", f"Seat {seat + 1}"):  # the server's default name
        return w["seat_n"].format(n=seat + 1)
    return name


@cache
def seat_fields(game: str) -> frozenset[str]:
    """The event fields that hold a seat (the catalog's ``seat_fields``)."""
    return frozenset(catalog(game).get("seat_fields", ["seat"]))


@cache
def _plural_rule(lang: str) -> Any:
    return Locale.parse(lang).plural_form


class _Formatter(string.Formatter):
    """``str.format`` whose format spec may name a plural word of the language's catalog (or
    ``quoted``)."""

    def __init__(self, lang: str, plurals: dict[str, dict[str, str]], quote: str = "“{}”") -> None:
        self.lang = lang
        self.plurals = plurals
        self.quote = quote

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        return kwargs.get(key, "{" + str(key) + "}")

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "quoted":
            items = value.items if isinstance(value, _Items) else (str(value),)
            return ", ".join(self.quote.format(item) for item in items)
        word = format_spec.removesuffix("!")
        forms = self.plurals.get(word)
        if forms is None or not isinstance(value, int):
            return str(super().format_field(value, "" if forms is not None else format_spec))
        form = forms.get(_plural_rule(self.lang)(abs(value)), forms.get("other", word))
        return form if format_spec.endswith("!") else f"{value} {form}"


class _Name(str):
    """A named value as it reads, keeping the id it names: a template may pick a plural word by
    it, ``{qty:good_{good.id}}`` ("2 Sättel", "5 сёдел")."""

    id: str

    def __new__(cls, text: str, ident: str) -> _Name:
        name = super().__new__(cls, text)
        name.id = ident
        return name


class _Items(str):
    """A list as it reads ("A, B"), keeping its items for ``{field:quoted}``."""

    items: tuple[str, ...]

    def __new__(cls, items: list[str]) -> _Items:
        joined = super().__new__(cls, ", ".join(items))
        joined.items = tuple(items)
        return joined


def plural_format(lang: str, plurals: dict[str, dict[str, str]], template: str, fields: dict[str, Any]) -> str:
    """``template`` filled in from ``fields``, where ``{n:word}`` takes ``plurals[word]``'s form for
    ``n`` in ``lang`` (for catalogs other than a game's, such as the terminal client's)."""
    return _Formatter(lang, plurals).vformat(template, (), fields)


def _bundle_part(key: str, n: int, table: dict[str, Any], lang: str) -> str:
    """``n`` of a bundle's ``key``: the plural word ``[<lang>.plurals] good_<key>`` where the
    language has one ("2 дерева", "1 Paar Schuhe"), else "<n> <name>"."""
    plurals = table.get("plurals", {})
    if f"good_{key}" in plurals:
        return _Formatter(lang, plurals).format_field(n, f"good_{key}")
    return f"{n} {table.get('goods', {}).get(key, table.get('words', {}).get(key, key))}"


def _value(key: str, value: Any, table: dict[str, Any], names: list[str], seats: frozenset[str],
           lang: str = "en") -> Any:
    """A field as it reads in ``table``'s language (``lang``); plain numbers stay numbers (for
    plurals), named values keep their id (``{field.id}``)."""
    if key in seats and isinstance(value, int) and not isinstance(value, bool):
        return names[value] if 0 <= value < len(names) else str(value)
    if isinstance(value, bool):
        return str(table.get("words", {}).get(str(value).lower(), value))
    if isinstance(value, int):
        return value
    if isinstance(value, dict):
        parts = [_bundle_part(k, n, table, lang) for k, n in value.items() if n]
        return ", ".join(parts) or str(table.get("words", {}).get("nothing", "-"))
    if isinstance(value, list):
        return _Items([str(_value(key, v, table, names, seats, lang)) for v in value])
    if isinstance(value, str):
        for field_table in (key + "s", key):
            if isinstance(table.get(field_table), dict) and value in table[field_table]:
                return _Name(str(table[field_table][value]), value)
        return _Name(value, value)
    return str(value)


def fill(game: str, lang: str, template: str, fields: dict[str, Any], names: list[str] | None = None) -> str | None:
    """``template`` of ``lang`` filled in from ``fields`` (plural words, named values, bundles, seats
    as ``names``); None when the template is malformed."""
    table = catalog(game).get(lang, {})
    values = {k: _value(k, v, table, _names(names), seat_fields(game), lang) for k, v in fields.items()}
    try:
        quote = str(table.get("words", {}).get("quote", "“{}”"))
        return _Formatter(lang, table.get("plurals", {}), quote).vformat(template, (), values)
    except (ValueError, IndexError):
        return None


def _format(game: str, section: str, key: str, fields: dict[str, Any], lang: str, names: list[str]) -> str | None:
    """``[lang.section] key`` filled in from ``fields`` (English where ``lang`` lacks it)."""
    cat = catalog(game)
    for code in (lang, "en"):
        template: str | None = cat.get(code, {}).get(section, {}).get(key)
        if template:
            return fill(game, code, template, fields, names)
    return None


def _names(names: list[str] | None) -> list[str]:
    return names or [f"P{i + 1}" for i in range(8)]


def render(game: str, event: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence in ``lang`` (falls back to English, then to the raw event). Where a
    bundle of the event is empty and the language words that case apart (``<type>__no_<field>``: in
    Russian "ничего не оставляет", not "оставляет: ничего"), that template is used."""
    key = str(event.get("type", ""))
    templates = catalog(game).get(lang, {}).get("events", {})
    for field, value in event.items():
        if isinstance(value, dict) and not value and f"{key}__no_{field}" in templates:
            key = f"{key}__no_{field}"
            break
        if value == HIDDEN and f"{key}__hidden_{field}" in templates:  # "dealt 5 task cards face down"
            key = f"{key}__hidden_{field}"
            break
    text = _format(game, "events", key, event, lang, _names(names))
    return text if text is not None else str(event)


def describe(game: str, view: dict[str, Any], seat: int, action: dict[str, Any], lang: str = "en",
             names: list[str] | None = None, group: bool = False) -> str:
    """A legal action of ``seat`` (JSON form) in words, from what the seat's ``view`` shows; with
    ``group``, the label of a run of such actions over the kind's numeric argument."""
    from .registry import get

    info = get(game)
    if info.has_plugin("wording"):
        key, fields = info.plugin("wording").words(view, seat, action)
        text = _format(game, "actions", key + "_group" if group else key, fields, lang, _names(names))
        if text is not None:
            return text
    kind = " ".join(w.capitalize() for w in str(action["kind"]).split("_"))
    if group:
        return kind
    args = ", ".join(f"{k}={v}" for k, v in action.items() if k != "kind")
    return kind + (f" ({args})" if args else "")
