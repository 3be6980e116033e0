"""Event messages in English, German and Russian, from each game's ``messages.toml`` (found
through the game's ``content`` plug-in: the catalog sits beside its content module).

A catalog has one table per language: ``[en.events]`` maps an event type to a template
with ``{field}`` placeholders; ``[en.goods]`` (and any other ``[en.<field>]`` table) names
the values of that field. Seat fields are rendered with the players' names.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from .content import read_toml

LANGS = ("en", "de", "ru")


@cache
def catalog(game: str) -> dict[str, Any]:
    from .registry import get

    content = get(game).plugin("content")
    return read_toml(Path(content.__file__).resolve().parent / "messages.toml")


@cache
def seat_fields(game: str) -> frozenset[str]:
    """The event fields that hold a seat (the catalog's ``seat_fields``)."""
    return frozenset(catalog(game).get("seat_fields", ["seat"]))


def _value(key: str, value: Any, table: dict[str, Any], names: list[str], seats: frozenset[str]) -> str:
    if key in seats and isinstance(value, int):
        return names[value] if 0 <= value < len(names) else str(value)
    if isinstance(value, bool):
        return str(table.get("words", {}).get(str(value).lower(), value))
    if isinstance(value, dict):
        goods = table.get("goods", {})
        parts = [f"{n} {goods.get(k, table.get('words', {}).get(k, k))}" for k, n in value.items() if n]
        return ", ".join(parts) or str(table.get("words", {}).get("nothing", "-"))
    if isinstance(value, list):
        return ", ".join(_value(key, v, table, names, seats) for v in value)
    if isinstance(value, str):
        for field_table in (key + "s", key):
            if isinstance(table.get(field_table), dict) and value in table[field_table]:
                return str(table[field_table][value])
    return str(value)


def render(game: str, event: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence in ``lang`` (falls back to English, then to the raw event)."""
    cat = catalog(game)
    names = names or [f"P{i + 1}" for i in range(8)]
    for code in (lang, "en"):
        table = cat.get(code, {})
        template: str | None = table.get("events", {}).get(event.get("type", ""))
        if template:
            fields = {k: _value(k, v, table, names, seat_fields(game)) for k, v in event.items()}
            try:
                return template.format_map(_Missing(fields))
            except (ValueError, IndexError):
                break
    return str(event)


class _Missing(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
