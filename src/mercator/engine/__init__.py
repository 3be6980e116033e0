"""The game-agnostic core: actions, events, errors, the seeded generator, records and replay."""

from .actions import Action, ActionSpace
from .errors import ContentError, IllegalAction
from .record import GameRecord
from .registry import GameInfo
from .rng import Rng
from .state import Event, GameState

__all__ = [
    "Action", "ActionSpace", "ContentError", "Event", "GameInfo", "GameRecord", "GameState",
    "IllegalAction", "Rng",
]
