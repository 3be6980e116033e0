"""The state's fields, declared once: the slots of every ``state.ValenciaState`` and what the rule
mixins (all derived from this class) read and write. Holding the slots here rather than in the state
class lets a type checker see that a mixin's assignments go to real slots; the mixins and the state
class add none of their own (``__slots__ = ()``), so an instance has no ``__dict__``."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from mercator.engine.actions import Action
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event

if TYPE_CHECKING:
    from .data import CityMap, Edition
    from .frames import Op
    from .player import Player


class StateFields(SimultaneousChoices):
    __slots__ = (
        "ed", "map", "n", "players", "round", "phase", "ops", "stack", "card_order", "round_landmark", "figure", "city",
        "lm_at", "lm_site", "bonus_at", "bonus_supply", "council", "goods_supply", "privilege_supply", "step",
        "queue", "deferred", "bid", "bid_cards", "bid_stack", "figure_at_start", "final",
        "opening_events",
    )
    ed: Edition
    map: CityMap
    n: int
    players: list[Player]
    round: int
    phase: int
    step: int
    ops: list[Op]  # the op stack (frames.py); the slot keeps the name "ops" the state hash covers
    # What FrameFlow plays: ``ops`` itself, or while ``ops`` is empty in the task choice or in
    # planning, planning.KEEP_STACK or planning.PLANNING_STACK (not part of the hash: it follows
    # from ``phase`` and ``ops``).
    stack: list[Any]
    card_order: list[int]
    round_landmark: list[int]
    figure: int
    figure_at_start: int
    queue: list[int]
    deferred: int
    bid: list[int]
    bid_cards: list[list[int]]
    bid_stack: list[int]
    council: list[int]
    city: list[int]
    lm_at: list[int]
    lm_site: list[int]
    bonus_at: list[bool]
    bonus_supply: int
    goods_supply: list[int]
    privilege_supply: int
    final: list[dict[str, Any]] | None
    opening_events: list[Event]  # what setup did, for logs (not hashed: see the state's NOT_STATE)

    # ---- what one part of the rules asks of another (defined in a mixin or in state.ValenciaState) ----
    @abstractmethod
    def card_steps(self) -> tuple[tuple[str, int, int, bool], ...]: ...

    @abstractmethod
    def _clear_auction(self) -> None: ...

    @abstractmethod
    def _start_action_phase(self, ev: list[Event]) -> None: ...

    @abstractmethod
    def _legal_keep(self, seat: int) -> list[Action]: ...
