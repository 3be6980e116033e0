"""Events as each seat may read them.

An event may name something that is another seat's secret at that moment (a contract still in a
hand, raws behind a screen): such fields are hidden from every reader but the owner, judged by the
game's own ``secrets(seat)`` right after the action, so a log never tells more than the views do.
The web log and the terminal client both read events through here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .i18n import HIDDEN, seat_fields
from .state import Event, GameState

__all__ = ["HIDDEN", "Logged", "logged", "owners", "visible"]
# Who acted, and when, is never a secret; skipping them keeps a small-number secret from hiding a seat.
PUBLIC_FIELDS = frozenset({"type", "round", "phase"})


@dataclass
class Logged:
    action: int  # 1-based number of the action that caused the event
    event: Event
    owners: dict[str, frozenset[int]]  # field -> seats whose secret it shows


def _nodes(value: Any) -> set[str]:
    """Every sub-value of ``value`` as canonical JSON (to match against secrets)."""
    out = {json.dumps(value, sort_keys=True)}
    if isinstance(value, dict):
        for v in value.values():
            out |= _nodes(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= _nodes(v)
    return out


def owners(state: GameState, event: Event) -> dict[str, frozenset[int]]:
    """The fields of ``event`` that show some seat's secret in ``state`` (the state right after the
    action), each with the seats whose secret it is."""
    secrets = {s: {json.dumps(x, sort_keys=True) for x in state.secrets(s)} for s in range(state.seats)}
    out: dict[str, frozenset[int]] = {}
    public = PUBLIC_FIELDS | seat_fields(state.GAME)
    for key, value in event.items():
        if key in public:
            continue
        nodes = _nodes(value)
        found = frozenset(s for s, sec in secrets.items() if nodes & sec)
        if found:
            out[key] = found
    return out


def logged(state: GameState, number: int, events: list[Event]) -> list[Logged]:
    """The events of action ``number``, just applied to ``state``, with their secret fields marked."""
    return [Logged(number, event, owners(state, event)) for event in events]


def visible(item: Logged, viewer: int | None) -> Event:
    """The event with the fields hidden that show another seat's secret."""
    event = dict(item.event)
    for key, seats in item.owners.items():
        if viewer is None or seats - {viewer}:
            event[key] = HIDDEN
    return event
