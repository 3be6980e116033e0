"""What each thing on a board is and does, in words: the explanations the web table shows on hover,
focus or tap, and the terminal client beside a name.

A game declares an ``explain`` plug-in, a module whose ``entities()`` lists every content entity a
player meets as :class:`Entity` rows: its kind (also the name of the catalog's names table, e.g.
``buildings``), its id, the fields its text is filled with, and the content row's provenance tag.
The words sit in the game's ``messages.toml``: ``[<lang>.explain.<kind>]`` maps an id to its
effect, or ``_`` to a template every entity of the kind shares (``{cost:gold}``, ``{cargo}``...:
the placeholders of engine/i18n.py). Invented content ([INV]) is flagged so a client marks it.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from .i18n import LANGS, catalog, fill


class Entity(NamedTuple):
    kind: str
    id: str
    fields: dict[str, Any]
    tag: str


class Explanation(NamedTuple):
    name: str
    text: str
    tag: str
    invented: bool


def entities(game: str) -> list[Entity]:
    """Every entity ``game`` explains (none for a game without an ``explain`` plug-in)."""
    from .registry import get

    info = get(game)
    return list(info.plugin("explain").entities()) if info.has_plugin("explain") else []


def missing(game: str, lang: str) -> list[str]:
    """``kind.id`` of every entity with no text of its own in ``lang`` (what a catalog test lists)."""
    table = catalog(game).get(lang, {}).get("explain", {})
    return [f"{e.kind}.{e.id}" for e in entities(game)
            if not (table.get(e.kind, {}).get(e.id) or table.get(e.kind, {}).get("_"))]


def explain(game: str, lang: str, entity: Entity) -> Explanation:
    """One entity in ``lang`` (English where ``lang`` has no words for it)."""
    cat = catalog(game)
    text = ""
    for code in (lang, "en"):
        kind = cat.get(code, {}).get("explain", {}).get(entity.kind, {})
        template = kind.get(entity.id) or kind.get("_")
        if template:
            text = fill(game, code, template, entity.fields) or ""
            break
    names = cat.get(lang, {}).get(entity.kind, {})
    name = names.get(entity.id) if isinstance(names, dict) else None
    return Explanation(str(name or entity.fields.get("name") or entity.id), text, entity.tag,
                       entity.tag.startswith("[INV"))


@cache
def explanations(game: str, lang: str) -> dict[str, dict[str, dict[str, Any]]]:
    """kind -> id -> {name, text, tag, invented}, for every entity of ``game`` (a JSON document)."""
    if lang not in LANGS:
        raise ValueError(f"no language {lang!r}; one of {', '.join(LANGS)}")
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for entity in entities(game):
        out.setdefault(entity.kind, {})[entity.id] = explain(game, lang, entity)._asdict()
    return out
