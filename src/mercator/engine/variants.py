"""What-if variants: changes to a game's content files, applied when the content is loaded.

A change names a value in the content files by a dotted path, ``FILE.TABLE.ID.FIELD=VALUE``:
``buildings.walls.porta_aurea.cost=12`` is the field ``cost`` of the row with id ``porta_aurea``
in the table ``walls`` of ``buildings.toml``; rows without an id go by their position from 0
(``markets.markets.forum_tauri.donations.2.fp=2``: the third donation row of Forum Tauri);
``rules.wall_fp=[0,1,3,6,10,15,21]`` a top-level field of ``rules.toml``. A value is a TOML value
(``12``, ``true``, ``[1, 2]``, ``"text"``); a bare word counts as text.
An overlay file holds several changes and a name::

    name = "dearer walls"
    [set]
    "buildings.walls.porta_aurea.cost" = 12

The changed files are validated exactly as the shipped ones (a wrong path or value is refused with
what exists or is allowed), and compiled into the content the rules read.

A variant is chosen per process: the rules modules compile their content tables once, at import,
so a variant is active from a process's start (environment variable ``MERCATOR_VARIANT``, the
variant as JSON) and the arena plays variant games in worker processes started with it. Records
of variant games carry the variant, and replay only where it is active.
"""

from __future__ import annotations

import copy
import json
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ContentError

ENV = "MERCATOR_VARIANT"


@dataclass(frozen=True)
class Variant:
    game: str
    sets: tuple[tuple[str, Any], ...]  # (dotted path, value), applied in order
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or "; ".join(f"{p}={json.dumps(v)}" for p, v in self.sets)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "name": self.name, "set": [[p, v] for p, v in self.sets]}

    @classmethod
    def from_json(cls, data: Any) -> Variant:
        try:
            return cls(str(data["game"]), tuple((str(p), v) for p, v in data["set"]), str(data.get("name") or ""))
        except (KeyError, TypeError, ValueError) as exc:
            raise ContentError(f"a variant must be {{'game': ..., 'set': [[path, value], ...]}}: {exc}") from None


def parse_set(text: str) -> tuple[str, Any]:
    """``PATH=VALUE`` as (path, value)."""
    path, eq, raw = text.partition("=")
    path, raw = path.strip(), raw.strip()
    if not eq or not path or not raw:
        raise ContentError(f"{text!r}: a change is FILE.TABLE.ID.FIELD=VALUE, e.g. buildings.walls.porta_aurea.cost=12")
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw  # a bare word: text
    return path, value


def load_overlay(path: Path) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """(name, changes) of an overlay file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"{path}: {exc}") from None
    unknown = sorted(set(data) - {"name", "set"})
    if unknown or not isinstance(data.get("set"), dict):
        raise ContentError(f"{path}: an overlay holds a 'name' and a [set] table of \"PATH\" = value lines"
                           + (f"; unknown keys {unknown}" if unknown else ""))
    return str(data.get("name") or path.stem), tuple(data["set"].items())


def patch(raw: dict[str, Any], sets: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A copy of the raw content files (file name -> parsed TOML) with the changes made."""
    out = copy.deepcopy(raw)
    for path, value in sets:
        stem, *keys = path.split(".")
        if f"{stem}.toml" not in out:
            raise ContentError(f"{path}: no content file {stem}.toml; files: "
                               + ", ".join(sorted(f.removesuffix('.toml') for f in out)))
        if not keys:
            raise ContentError(f"{path}: name a field of {stem}.toml, e.g. {stem}.TABLE.ID.FIELD")
        node: Any = out[f"{stem}.toml"]
        where = stem
        for i, key in enumerate(keys):
            last = i == len(keys) - 1
            if isinstance(node, list):
                rows = _rows(node)
                if key not in rows:
                    raise ContentError(f"{path}: {where} has no row {key!r}; rows: "
                                       + ", ".join(_row_label(k, r) for k, r in rows.items()))
                if last:
                    raise ContentError(f"{path}: name a field of row {key!r} of {where}")
                node = rows[key]
            elif isinstance(node, dict):
                if key not in node:
                    known = [k for k in node if k != "tag" and not k.endswith("_tag")]  # tags only say where from
                    raise ContentError(f"{path}: {where} has no {key!r}; it has: {', '.join(known)}")
                if last:
                    if isinstance(node[key], list | dict) and not isinstance(value, type(node[key])):
                        raise ContentError(f"{path}: {where}.{key} is a table; change one of its fields")
                    node[key] = value
                else:
                    node = node[key]
            else:
                raise ContentError(f"{path}: {where} is a value, not a table")
            where = f"{where}.{key}"
    return out


def _rows(table: list[Any]) -> dict[str, dict[str, Any]]:
    """A table's rows by their address: the id, or for rows without one (a market card's donation rows)
    the position, counted from 0."""
    return {str(row.get("id", i)): row for i, row in enumerate(table) if isinstance(row, dict)}


def _row_label(key: str, row: dict[str, Any]) -> str:
    """A row's address, and for a row without an id what it holds, so the position can be told."""
    if "id" in row:
        return key
    fields = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in row.items()
              if k != "tag" and not isinstance(v, list | dict)]
    return f"{key} ({' '.join(fields)})"


def active(game: str) -> Variant | None:
    """The variant of ``game`` this process plays (from MERCATOR_VARIANT), if any."""
    text = os.environ.get(ENV)
    if not text:
        return None
    try:
        variant = Variant.from_json(json.loads(text))
    except json.JSONDecodeError as exc:
        raise ContentError(f"{ENV} is not JSON: {exc}") from None
    return variant if variant.game == game else None


def environment(variant: Variant | None) -> dict[str, str]:
    """The environment of a process that plays ``variant`` (or the shipped content)."""
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if variant is not None:
        env[ENV] = json.dumps(variant.to_json(), separators=(",", ":"))
    return env
