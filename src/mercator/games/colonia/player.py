"""A family's sheet: members in each location it tracks, what lies behind its screen, its cards
and its week counters (spec §1.2, §3.0.3, §3.0.4)."""

from __future__ import annotations

NO_SHRINE = -2  # shrines[city]: not owned
EMPTY_SHRINE = -1  # owned, nothing in it yet; else the relic index inside


class Player:
    __slots__ = (
        "supply", "st_tue", "st_wed", "st_thu", "st_harb",
        "money", "goods", "raws", "unk", "hand", "played", "votes", "relics", "shrines",
        "stalls_bought", "holds_loaded",
    )

    def __init__(self, members: int, money: int, hand: tuple[int, ...]) -> None:
        self.supply = members  # members behind the screen (available)
        self.st_tue = 0  # members on each street field (spec §3.0.3)
        self.st_wed = 0
        self.st_thu = 0
        self.st_harb = 0
        self.money = [money] * 4  # per currency (CURRENCIES order)
        self.goods = [0] * 5
        self.raws = [0] * 5
        # Of ``raws``, the starting raws whose type no other seat has seen yet (spec §3.11).
        self.unk = [0] * 5
        self.hand = hand  # family card values still in hand
        self.played = 0  # this week's family card (0 = none)
        self.votes = 0  # effective value: votes and turn order this week
        self.relics: tuple[int, ...] = ()  # owned relic cards (not shrines)
        self.shrines = [NO_SHRINE] * 4  # per city
        self.stalls_bought = 0
        self.holds_loaded = 0

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.supply = self.supply
        p.st_tue = self.st_tue
        p.st_wed = self.st_wed
        p.st_thu = self.st_thu
        p.st_harb = self.st_harb
        p.money = self.money[:]
        p.goods = self.goods[:]
        p.raws = self.raws[:]
        p.unk = self.unk[:]
        p.hand = self.hand
        p.played = self.played
        p.votes = self.votes
        p.relics = self.relics
        p.shrines = self.shrines[:]
        p.stalls_bought = self.stalls_bought
        p.holds_loaded = self.holds_loaded
        return p

    def streets(self) -> int:
        return self.st_tue + self.st_wed + self.st_thu + self.st_harb

    def known_raws(self) -> list[int]:
        """Raw materials every seat can account for (all but the unrevealed starting raws)."""
        return [r - u for r, u in zip(self.raws, self.unk, strict=True)]
