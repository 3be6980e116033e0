"""The state's fields as seen by the rule mixins (declared once; ``state.ValenciaState`` owns them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mercator.engine.actions import Action

if TYPE_CHECKING:
    from .data import CityMap, Edition
    from .player import Player


class StateFields:
    __slots__ = ()
    ed: Edition
    map: CityMap
    n: int
    players: list[Player]
    round: int
    phase: int
    step: int
    ops: list[tuple[int, int, int]]
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
    waiting: tuple[int, ...]
    commits: dict[int, Action]
    reveal: bool
