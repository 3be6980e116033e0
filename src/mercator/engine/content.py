"""Loading content files (TOML) against a schema, with errors that name file, row and field."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, StringConstraints, ValidationError

from .errors import ContentError

# Every data row names where it comes from (see shared/spec §0 of each game).
Tag = Annotated[str, StringConstraints(pattern=r"^\[(SEED|SRC|DEC|INV)")]


class Row(BaseModel):
    """Base for content rows: unknown fields are errors, so a typo cannot pass silently."""

    model_config = ConfigDict(extra="forbid", frozen=True)


M = TypeVar("M", bound=BaseModel)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None


def _where(data: Any, loc: tuple[Any, ...]) -> str:
    """'contracts row 5 (id c006), field gold' from a pydantic error location."""
    parts: list[str] = []
    node = data
    for i, key in enumerate(loc):
        if isinstance(key, int) and isinstance(node, list):
            row = node[key] if key < len(node) else None
            ident = row.get("id") if isinstance(row, dict) else None
            parts.append(f"row {key + 1}" + (f" (id {ident})" if ident else ""))
            node = row
        else:
            label = "field" if i == len(loc) - 1 else "table"
            parts.append(f"{label} {key!r}")
            node = node.get(key) if isinstance(node, dict) else None
    return ", ".join(parts) or "top level"


def load_model(path: Path, model: type[M], data: dict[str, Any] | None = None) -> M:
    """The file at ``path`` (or ``data`` read from it and changed) validated against ``model``."""
    data = read_toml(path) if data is None else data
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        lines = [f"{path.name}: {_where(data, tuple(e['loc']))}: {e['msg']}" for e in exc.errors()]
        raise ContentError(f"{path}: {len(lines)} problem(s)\n  " + "\n  ".join(lines)) from None


def load_all(game: str, folder: Path, models: Mapping[str, type[BaseModel]],
             sets: tuple[tuple[str, Any], ...] | None = None) -> dict[str, Any]:
    """Every content file of ``game`` in ``folder``, validated; with the changes ``sets`` made
    first, or (None) those of the variant this process plays (variants.py)."""
    from .variants import active, patch

    if sets is None:
        variant = active(game)
        sets = variant.sets if variant else ()
    raw = {name: read_toml(folder / name) for name in models}
    if sets:
        raw = patch(raw, sets)
    return {name: load_model(folder / name, model, raw[name]) for name, model in models.items()}


def part(files: Mapping[str, BaseModel], name: str, model: type[M]) -> M:
    """The loaded file ``name`` from ``files`` (file name -> validated model), checked to be a ``model``."""
    loaded = files[name]
    if not isinstance(loaded, model):
        raise ContentError(f"{name}: loaded as {type(loaded).__name__}, expected {model.__name__}")
    return loaded
