"""Which (game, players, options) the interop tests cover: every registered game at every player
count with default options, plus the option values that change the allowed player counts
(editions such as Valencia's Strasbourg). Options that only change rules are covered by the
engine's conformance kit; the interfaces treat them as opaque."""

from __future__ import annotations

from typing import Any

import pytest

from mercator.games import all_games


def _cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for info in all_games():
        out += [(info.name, n, {}) for n in info.counts_for()]
        for (name, value) in info.counts_by_option:
            if value != info.options[name][0]:
                out += [(info.name, n, {name: value}) for n in info.counts_for({name: value})]
    return out


def _id(game: str, n: int, opts: dict[str, Any]) -> str:
    return f"{game}-{n}p" + "".join(f"-{k}={v}" for k, v in opts.items())


CASES = [pytest.param(g, n, o, id=_id(g, n, o)) for g, n, o in _cases()]
GAMES = [pytest.param(info.name, id=info.name) for info in all_games()]


def _extremes() -> list[tuple[str, int, dict[str, Any]]]:
    """The smallest and the largest table of each game, and the smallest of each edition."""
    out = []
    for info in all_games():
        counts = info.counts_for()
        out += [(info.name, counts[0], {}), (info.name, counts[-1], {})]
        out += [(g, n, o) for g, n, o in _cases() if g == info.name and o and n == min(info.counts_for(o))]
    return out


EXTREMES = [pytest.param(g, n, o, id=_id(g, n, o)) for g, n, o in _extremes()]
