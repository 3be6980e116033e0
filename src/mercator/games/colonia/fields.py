"""The state's fields, declared once: the slots of every ``state.ColoniaState`` and what the rule
mixins (all derived from this class) read and write. Holding the slots here rather than in the state
class lets a type checker see that a mixin's assignments go to real slots; the mixins and the state
class add none of their own (``__slots__ = ()``), so an instance has no ``__dict__``."""

from __future__ import annotations

from abc import abstractmethod

from mercator.engine.actions import Action
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event

from .data import GOODS, RAWS
from .player import Player


class StateFields(SimultaneousChoices):
    __slots__ = (
        "players", "week", "day", "pc", "dec", "last_week", "week0", "order", "good_queue",
        "week_deck", "decree_deck", "ship_deck", "relic_deck", "relic_discard", "week_card", "dice_count",
        "departing", "decrees", "dstate", "vslot", "mods", "bag", "gsupply", "stalls", "stall_owner",
        "stall_members", "cols", "sticks", "commissions", "berths", "hold_owner", "display", "reserver",
        "seq", "passed", "cur", "next_legal", "over", "opening_events",
    )
    players: list[Player]
    week: int
    day: int
    pc: int
    dec: int
    last_week: int
    week0: list[int]
    order: list[int]
    good_queue: list[int]
    week_deck: list[int]
    decree_deck: list[int]
    ship_deck: list[int]
    relic_deck: list[int]
    relic_discard: list[int]
    week_card: int
    dice_count: int
    departing: int
    decrees: list[int]
    dstate: list[int]
    vslot: int
    mods: list[int]
    bag: list[int]
    gsupply: list[int]
    stalls: list[list[int]]
    stall_owner: list[int]
    stall_members: list[int]
    cols: list[list[tuple[int, int]]]
    sticks: list[int]
    commissions: list[int]
    berths: list[int]
    hold_owner: list[int]
    display: list[int]
    reserver: list[int]
    seq: int
    passed: int
    cur: int
    next_legal: list[Action] | None
    over: bool
    opening_events: list[Event]

    # ---- shared helpers ----------------------------------------------------------------------------
    def _draw_raws(self, n: int) -> list[int]:
        """Draw up to ``n`` raw materials from the bag at random, without replacement."""
        out = [0] * 5
        bag = self.bag
        for _ in range(n):
            total = sum(bag)
            if not total:
                break
            r = self.rng.below(total)
            t = 0
            while r >= bag[t]:
                r -= bag[t]
                t += 1
            bag[t] -= 1
            out[t] += 1
        return out

    @staticmethod
    def _raw_dict(v: list[int]) -> dict[str, int]:
        return {RAWS[t]: n for t, n in enumerate(v) if n}

    @staticmethod
    def _goods_dict(v: tuple[int, ...] | list[int]) -> dict[str, int]:
        return {GOODS[g]: n for g, n in enumerate(v) if n}

    # ---- what one part of the rules asks of another (defined in a mixin or in the state class) ----
    @property
    @abstractmethod
    def n(self) -> int: ...

    @abstractmethod
    def _depart_berth(self, b: int, delta: int, ev: list[Event]) -> None: ...

    @abstractmethod
    def _draw_into_display(self, n: int, ev: list[Event]) -> None: ...

    @abstractmethod
    def stall_cost(self, i: int) -> int: ...

    @abstractmethod
    def commission_cost(self, c: int) -> int: ...

    @abstractmethod
    def relic_price(self, card: int) -> int: ...
