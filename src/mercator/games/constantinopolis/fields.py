"""The state's fields, declared once: the slots of every ``state.ConstantinopolisState`` and what the
rule mixins (all derived from this class) read and write. Holding the slots here rather than in the
state class lets a type checker see that a mixin's assignments go to real slots; the mixins and the
state class add none of their own (``__slots__ = ()``), so an instance has no ``__dict__``."""

from __future__ import annotations

from abc import abstractmethod

from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event

from .frames import Frame  # the union of the frame kinds
from .player import Player


class StateFields(SimultaneousChoices):
    __slots__ = (
        "players", "round", "phase", "p1_done", "stack", "order", "turn_pos", "supply", "ship_supply", "deck",
        "discard", "market", "under", "future", "exhaustions", "final_round", "holder", "stake", "acted",
        "banned", "base_order", "over", "opening_events",
    )
    players: list[Player]
    round: int
    phase: int
    p1_done: bool
    stack: list[Frame]
    order: list[int]
    turn_pos: int
    supply: list[int]
    ship_supply: list[int]
    deck: list[int]
    discard: list[int]
    market: int
    under: list[int]
    future: list[int]
    exhaustions: int
    final_round: int
    holder: list[int]
    stake: list[int]
    acted: list[bool]
    banned: list[int]
    base_order: list[int]
    over: bool
    opening_events: list[Event]  # what setup did, for logs (not hashed: see the state's NOT_STATE)

    # ---- what one part of the rules asks of another (defined in a mixin or in the state class) ----
    @property
    @abstractmethod
    def n(self) -> int: ...

    @abstractmethod
    def order_by_slot(self) -> list[int]: ...

    @abstractmethod
    def _fulfil(self, seat: int, cards: tuple[int, ...], ev: list[Event]) -> None: ...

    @abstractmethod
    def trade_limit(self, p: Player) -> int: ...
