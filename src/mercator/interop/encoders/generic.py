"""The generic fallback: a hashed bag of the view's (path, value) pairs (the hashing trick).

Every leaf of ``view(seat)`` becomes one feature, so the vector never holds more than the view:
- a number or bool at path ``p`` adds its value to bucket ``h(p)``;
- a string ``s`` at path ``p`` adds 1 to bucket ``h(p + "=" + s)``;
- list positions are kept in the path for lists of objects (``players[2].gold``) but dropped
  for lists of scalars, which are sets in these views (``discard[]=c012``);
- each bucket's sign comes from another bit of the same hash, so collisions cancel on average
  instead of piling up (Weinberger et al. 2009).

The hash is BLAKE2b of the path text, so vectors are identical across runs and machines. The
encoding is lossy (collisions; absolute seats, not relative ones) but sound for any game whose
views are JSON, which is every registered game. Per-game encoders replace it where written.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from mercator.engine.registry import GameInfo

from ..encoding import Field

DEFAULT_SIZE = 4096


class HashedViewEncoder:
    name = "generic"

    def __init__(self, info: GameInfo, players: int, options: dict[str, Any] | None = None,
                 size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self.fields = [Field("hashed", 0, size, "signed feature-hashed (path, value) pairs of view(seat)")]
        self._slots: dict[str, tuple[int, float]] = {}

    def _slot(self, key: str) -> tuple[int, float]:
        hit = self._slots.get(key)
        if hit is None:
            h = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")
            hit = self._slots[key] = (h % self.size, 1.0 if h >> 63 else -1.0)
        return hit

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        acc: dict[int, float] = {}
        slots = self._slots
        slot = self._slot

        def walk(path: str, node: Any) -> None:
            for key, x in node.items() if isinstance(node, dict) else node:
                p = f"{path}.{key}"
                t = type(x)
                if t is dict:
                    walk(p, x)
                elif t is list:
                    if all(type(y) not in (dict, list) for y in x):
                        leaf(p + "[]", x)
                    else:
                        walk(p, [(f"[{i}]", y) for i, y in enumerate(x)])
                elif x is not None:
                    leaf(p, (x,))

        def leaf(path: str, values: Any) -> None:
            for x in values:
                if x is None:
                    continue
                if type(x) is str:
                    k = path + "=" + x
                    i, sign = slots.get(k) or slot(k)
                    acc[i] = acc.get(i, 0.0) + sign
                else:
                    i, sign = slots.get(path) or slot(path)
                    acc[i] = acc.get(i, 0.0) + sign * float(x)

        walk("", view)
        out = np.zeros(self.size, dtype=np.float32)
        if acc:
            out[list(acc)] = list(acc.values())
        return out

    def encode_state(self, state: Any, seat: int | None) -> np.ndarray:
        """Every leaf of the view is a feature, so there is no faster path than the view itself."""
        return self.encode(state.view(seat))
