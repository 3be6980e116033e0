"""A game's mechanism statistics: per seat, how often each mechanism was used and how many points
came from each source, as each game's ``mechanisms`` plug-in reads them from a game's events."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple


class Tally(NamedTuple):
    uses: list[Counter[str]]  # per seat: mechanism -> times used
    points: list[Counter[str]]  # per seat: score source -> points (they add up to the seat's score)
    table: Counter[str]  # whole-table events (decrees adopted, auctions without a bid, ...)

    def to_json(self) -> dict[str, Any]:
        return {"uses": [dict(sorted(c.items())) for c in self.uses],
                "points": [dict(sorted(c.items())) for c in self.points], "table": dict(sorted(self.table.items()))}


def counting(events: list[dict[str, Any]], players: int, uses: dict[str, str], table: dict[str, str],
             mechanisms: Iterable[str] = (), sources: Iterable[str] = ()) -> Tally:
    """A tally with every event of a type in ``uses`` counted for the seat it names, and every one in
    ``table`` counted once for the table; the game adds its points and special cases. Every
    mechanism (those of ``uses`` and ``mechanisms``) and every score source is listed, so what a bot
    never does shows as 0."""
    names = dict.fromkeys([*uses.values(), *mechanisms], 0)
    zero = dict.fromkeys(sources, 0)
    tally = Tally([Counter(names) for _ in range(players)], [Counter(zero) for _ in range(players)],
                  Counter(dict.fromkeys(table.values(), 0)))
    for e in events:
        kind = e["type"]
        if kind in table:
            tally.table[table[kind]] += 1
        seat = e.get("seat")
        if kind in uses and seat is not None:
            tally.uses[seat][uses[kind]] += 1
    return tally
