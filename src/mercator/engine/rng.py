"""A seeded generator owned by a game state (SplitMix64).

Its whole state is one integer, so cloning, hashing and serialising it are trivial and a
clone continues the exact same sequence. ``draws`` counts calls, which lets the engine know
whether an action consumed randomness (such an action cannot be undone).
"""

from __future__ import annotations

import random
from typing import Any

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state", "draws")

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.state = seed & _MASK
        self.draws = draws

    def next64(self) -> int:
        self.draws += 1
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (n < 2**32, modulo bias below 2**-32)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return self.next64() % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        return Rng(self.state, self.draws)

    def __repr__(self) -> str:
        return f"Rng(state={self.state}, draws={self.draws})"


class SearchRng(Rng):
    """A faster generator for bots' own sampling (determinisations, tree policies), backed by
    CPython's C Mersenne Twister. Never a game state's generator: records replay through
    :class:`Rng`'s exact sequence, while a bot only needs to be reproducible for its seed."""

    __slots__ = ("_mt",)

    def __init__(self, seed: int, draws: int = 0) -> None:
        super().__init__(seed, draws)
        self._mt = random.Random(seed)

    def next64(self) -> int:
        self.draws += 1
        return self._mt.getrandbits(64)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        self.draws += 1
        return self._mt.randrange(n)

    def shuffle(self, items: list[Any]) -> None:
        """Order by independent uniform keys: a uniform permutation, sorted in C (several times
        faster than a Python-level Fisher-Yates on the deck-sized lists determinisation shuffles)."""
        self.draws += 1
        draw = self._mt.random
        keys = [draw() for _ in items]
        order = sorted(range(len(items)), key=keys.__getitem__)
        items[:] = [items[i] for i in order]

    def copy(self) -> SearchRng:
        c = SearchRng(0, self.draws)
        c._mt.setstate(self._mt.getstate())
        return c
