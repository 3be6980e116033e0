"""Actions: small immutable values with a stable JSON form and a stable integer index.

Each game builds one :class:`ActionSpace` at import time: a fixed, ordered list of every
action the game can ever take. ``legal_actions`` hands out these shared objects, so legal
move generation allocates nothing and an action's index is its position in the space.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .errors import IllegalAction

Arg = int | str | bool | None


def int_arg(value: Arg) -> int:
    """An action argument the game's schema declares as an int (for tables built from the space)."""
    if not isinstance(value, int):
        raise TypeError(f"expected an int action argument, got {value!r}")
    return value


def str_arg(value: Arg) -> str:
    """An action argument the game's schema declares as a str."""
    if not isinstance(value, str):
        raise TypeError(f"expected a str action argument, got {value!r}")
    return value


class Action:
    """One decision: a kind plus positional arguments named by the kind's schema."""

    __slots__ = ("kind", "args", "index", "_names")

    def __init__(self, kind: str, args: tuple[Arg, ...], index: int, names: tuple[str, ...]) -> None:
        self.kind = kind
        self.args = args
        self.index = index
        self._names = names

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        out.update(zip(self._names, self.args, strict=True))
        return out

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={a!r}" for n, a in zip(self._names, self.args, strict=True))
        return f"{self.kind}({inner})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.kind == self.kind and other.args == self.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.args, self.index, self._names))


class ActionSpace:
    """The fixed, ordered catalogue of a game's actions."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.actions: list[Action] = []
        self.schemas: dict[str, tuple[str, ...]] = {}
        # What clients need to lay the actions out, declared with each kind: the argument that
        # runs over a range of numbers (bids, quantities: one picker, not one button per value),
        # and the kinds that close the seat's turn or choice (pass, end turn: shown first).
        self.numeric: dict[str, str] = {}
        self.closing: frozenset[str] = frozenset()
        self._by_key: dict[tuple[str, tuple[Arg, ...]], Action] = {}

    def kind(self, kind: str, names: Sequence[str], values: Iterable[tuple[Arg, ...]] = ((),), *,
             numeric: str | None = None, closing: bool = False) -> None:
        """Register a kind with its argument names and every argument tuple it may take;
        ``numeric`` names the argument that counts, ``closing`` marks a kind that ends a turn."""
        if kind in self.schemas:
            raise ValueError(f"action kind {kind!r} registered twice")
        if numeric is not None and numeric not in names:
            raise ValueError(f"{kind}: numeric argument {numeric!r} is not one of {list(names)}")
        self.schemas[kind] = tuple(names)
        if numeric is not None:
            self.numeric[kind] = numeric
        if closing:
            self.closing = self.closing | {kind}
        for args in values:
            if len(args) != len(names):
                raise ValueError(f"{kind}: arguments {args} do not match names {names}")
            action = Action(kind, tuple(args), len(self.actions), tuple(names))
            self.actions.append(action)
            self._by_key[(kind, action.args)] = action

    def __len__(self) -> int:
        return len(self.actions)

    def layout(self) -> dict[str, Any]:
        """The kinds' layout metadata as JSON (for clients)."""
        return {"numeric": dict(self.numeric), "closing": sorted(self.closing)}

    def get(self, kind: str, *args: Arg) -> Action:
        try:
            return self._by_key[(kind, args)]
        except KeyError:
            raise IllegalAction(self._unknown(kind, args)) from None

    def from_index(self, index: int) -> Action:
        if not 0 <= index < len(self.actions):
            raise IllegalAction(f"action index {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]

    def from_json(self, data: Any) -> Action:
        """Parse an action's JSON form; malformed input raises IllegalAction saying why."""
        if isinstance(data, Action):
            return self.get(data.kind, *data.args)
        if not isinstance(data, dict):
            raise IllegalAction(f"an action must be a JSON object with a 'kind', got {type(data).__name__}")
        kind = data.get("kind")
        if kind not in self.schemas:
            raise IllegalAction(f"unknown action kind {kind!r}; {self.game} knows: {', '.join(self.schemas)}")
        names = self.schemas[kind]
        extra = set(data) - {"kind", *names}
        missing = [n for n in names if n not in data]
        if extra or missing:
            raise IllegalAction(
                f"action {kind!r} takes fields {list(names)}"
                + (f"; missing {missing}" if missing else "")
                + (f"; unexpected {sorted(extra)}" if extra else "")
            )
        return self.get(kind, *(data[n] for n in names))

    def _unknown(self, kind: str, args: tuple[Arg, ...]) -> str:
        if kind not in self.schemas:
            return f"unknown action kind {kind!r}; {self.game} knows: {', '.join(self.schemas)}"
        return f"{kind}{args} is not an action of {self.game} (fields {list(self.schemas[kind])})"
