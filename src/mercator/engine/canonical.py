"""The canonical form of a game state: every field of the state object itself, as plain JSON.

The state hash is computed from this form, not from any view, so a change to what players or
spectators are shown never changes a recorded game's hash (hash rule 2; rule 1 hashed the spectator
view plus the secrets, see GameState.state_hash). The walk is generic: a game adds a field and the
hash covers it; a field of a type this module does not know fails loudly, never silently.
"""

from __future__ import annotations

import enum
from dataclasses import fields, is_dataclass
from typing import Any

from .actions import Action

# Fields of the base GameState that are not part of the position: the path that led here (a
# record carries it), caches, and a flag that lives only inside one apply().
NOT_STATE = frozenset({"history", "_legal_cache", "reveal"})


def slots_of(cls: type) -> list[str]:
    """Every slot name of ``cls`` and its bases, base first."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names


def plain(value: Any, skip: frozenset[str] = frozenset()) -> Any:
    """``value`` as JSON-able data: containers by content (sets and dicts in sorted order), objects
    by their slots, fields or attributes (by name, without ``skip``), actions by their index."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)  # exact, and never a NaN that JSON cannot hold
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return sorted(([plain(k), plain(v)] for k, v in value.items()), key=repr)
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, Action):
        return {"action": value.index}
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value) if f.name not in skip}
    names = slots_of(type(value))
    if names:
        return {n: plain(getattr(value, n)) for n in names if n not in skip and hasattr(value, n)}
    if hasattr(value, "__dict__"):
        return {k: plain(v) for k, v in sorted(vars(value).items()) if k not in skip}
    raise TypeError(f"the canonical state cannot hold a {type(value).__name__}: {value!r}")
