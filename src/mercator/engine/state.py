"""The game-agnostic state API every game implements (see shared/design/ARCHITECTURE.md).

A subclass supplies the rules through a handful of underscore hooks; this base class owns
what must behave the same in every game: seat and legality checks that leave the state
untouched on error, the cached legal-action lists, the action history behind records and
replays, the state hash, and the strict undo rule.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, ActionSpace
from .canonical import NOT_STATE, plain
from .errors import IllegalAction
from .rng import Rng

if TYPE_CHECKING:
    from .record import GameRecord

Event = dict[str, Any]
# The state hash rule new records are sealed with (see GameState.state_hash).
HASH_RULE = 2


class GameState(ABC):
    GAME: ClassVar[str]
    SPACE: ClassVar[ActionSpace]
    # Fields that are not part of the position (caches, the path here): left out of the state hash.
    NOT_STATE: ClassVar[frozenset[str]] = NOT_STATE

    __slots__ = ("seats", "seed", "options", "rng", "history", "undo_floor", "_legal_cache", "reveal")

    def __init__(self, seats: int, seed: int, options: dict[str, Any]) -> None:
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        # (seat, action index) of every accepted action, in order.
        self.history: list[tuple[int, int]] = []
        # Actions before this position can no longer be taken back (randomness drawn,
        # hidden information revealed).
        self.undo_floor = 0
        self._legal_cache: tuple[int, int, list[Action], frozenset[int]] | None = None
        # Set by a rule that reveals hidden information; read and cleared by apply().
        self.reveal = False

    # ---- hooks for the rules -------------------------------------------------------------
    @abstractmethod
    def _to_act(self) -> tuple[int, ...]: ...

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]: ...

    @abstractmethod
    def _copy(self) -> GameState:
        """A copy whose mutable parts are independent (history and rng are handled here)."""

    @abstractmethod
    def rule1_snapshot(self) -> dict[str, Any]:
        """The spectator view plus every secret: what hash rule 1 hashed. Kept only to verify
        records saved under rule 1; it follows the views, so a view change retires it."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as plain JSON; ``None`` is a spectator."""

    @abstractmethod
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample, in place, everything ``seat`` cannot see."""

    def reopen_choices(self, seat: int) -> None:
        """For a search's sampled world: the other seats' secret choices in a simultaneous decision taken back, so
        that the search decides them as it does when ``seat`` chooses first (SimultaneousChoices; a state without
        simultaneous choices has none)."""
        return None

    def awaits_others(self, seat: int) -> bool:
        """Whether ``seat`` has made a secret choice that waits for other seats' (SimultaneousChoices)."""
        return False

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def ranking(self) -> list[int]:
        """Rank per seat after tie-breakers (1 = winner; tied seats share a rank)."""

    def end_reason(self) -> str | None:
        """Which end condition fired (for balance reports; GameInfo.end_reasons words it); None while
        the game runs."""
        return "end" if self.is_over() else None

    def table(self) -> str:
        """The table this game is played at, as tuned constants and per-table bot levels name it: the edition
        (the game's name where it has none) and the player count, e.g. ``strasbourg.3``."""
        return f"{self.options.get('edition', self.GAME)}.{self.seats}"

    def round_number(self) -> int:
        """The round being played (GameInfo.round_word says what a round is), for balance reports;
        0 for a game without rounds."""
        return 0

    def secrets(self, seat: int) -> list[Any]:
        """JSON values only ``seat`` may see; no other seat's view may contain any of them."""
        return []

    # ---- the public API --------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else self._to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        cache = self._legal_cache
        if cache is not None and cache[0] == len(self.history) and cache[1] == seat:
            return cache[2]
        actions = self._legal(seat) if seat in self.to_act() else []
        self._legal_cache = (len(self.history), seat, actions, frozenset(a.index for a in actions))
        return actions

    def legal_mask(self, seat: int) -> list[bool]:
        mask = [False] * len(self.SPACE)
        for a in self.legal_actions(seat):
            mask[a.index] = True
        return mask

    def apply(self, seat: int, action: Action | dict[str, Any] | int) -> list[Event]:
        """Apply ``seat``'s action. Raises IllegalAction and changes nothing if it is not legal."""
        if isinstance(action, int) and not isinstance(action, bool):
            action = self.SPACE.from_index(action)
        elif not isinstance(action, Action) or action.index >= len(self.SPACE) or (
            self.SPACE.actions[action.index] is not action
        ):
            action = self.SPACE.from_json(action if not isinstance(action, Action) else action.to_json())
        to_act = self.to_act()
        if seat not in to_act:
            who = ", ".join(map(str, to_act)) or "nobody (the game is over)"
            raise IllegalAction(f"seat {seat} may not act now; waiting for seat(s) {who}",
                                "game_over" if not to_act else "not_to_act")
        self.legal_actions(seat)
        cache = self._legal_cache
        assert cache is not None
        if action.index not in cache[3]:
            raise IllegalAction(self._refusal(seat, action, cache[2]), "not_legal")
        draws = self.rng.draws
        self.reveal = False
        events = self._apply(seat, action)
        self.history.append((seat, action.index))
        if self.rng.draws != draws or self.reveal:
            self.undo_floor = len(self.history)
        self.reveal = False
        return events

    def _refusal(self, seat: int, action: Action, legal: list[Action]) -> str:
        kinds = sorted({a.kind for a in legal})
        same = [a for a in legal if a.kind == action.kind]
        msg = f"{action!r} is not legal for seat {seat} now ({self.describe_decision()})"
        if same:
            shown = ", ".join(repr(a) for a in same[:12]) + (" ..." if len(same) > 12 else "")
            return f"{msg}; legal {action.kind} actions: {shown}"
        return f"{msg}; allowed kinds: {', '.join(kinds)}"

    def describe_decision(self) -> str:
        """A short phrase naming the current decision, for error messages."""
        return "current decision"

    @property
    def version(self) -> int:
        return len(self.history)

    def clone(self) -> GameState:
        c = self._copy()
        c.seats = self.seats
        c.seed = self.seed
        c.options = self.options
        c.rng = self.rng.copy()
        c.history = list(self.history)
        c.undo_floor = self.undo_floor
        c._legal_cache = self._legal_cache
        c.reveal = False
        return c

    def determinize(self, seat: int, rng: Rng) -> GameState:
        """A copy with everything ``seat`` cannot see resampled, including the future of the
        state's own generator."""
        c = self.clone()
        c._legal_cache = None
        c._determinize(seat, rng)
        c.rng = Rng(rng.next64())
        return c

    def state_hash(self, rule: int = HASH_RULE) -> str:
        """A digest of the position. Rule 2 (current) hashes the canonical form of the state's own
        fields, so views may change freely; rule 1 hashed the spectator view plus the secrets."""
        if rule == 2:
            body: Any = plain(self, self.NOT_STATE)
        elif rule == 1:
            body = {"state": self.rule1_snapshot(), "rng": self.rng.state}
        else:
            raise ValueError(f"unknown state hash rule {rule} (known: 1, 2)")
        raw = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.sha256(raw).hexdigest()[:32]

    # ---- undo ------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Board-Game-Arena rule: only your own latest actions, and never across randomness,
        revealed information or another seat's move."""
        return len(self.history) > self.undo_floor and self.history[-1][0] == seat

    def undo(self, seat: int) -> GameState:
        """The state before ``seat``'s latest action (rebuilt by replay)."""
        if not self.can_undo(seat):
            if not self.history or self.history[-1][0] != seat:
                raise IllegalAction(f"seat {seat} has no action of its own to take back (the last move is "
                                    "another seat's or there is none)", "nothing_to_undo")
            raise IllegalAction("that action cannot be taken back: it drew randomness or revealed "
                                "hidden information", "undo_blocked")
        return self.record().truncated(len(self.history) - 1).replay()

    # ---- records -----------------------------------------------------------------------------
    def record(self) -> GameRecord:
        from .record import GameRecord

        acts = self.SPACE.actions
        return GameRecord(
            game=self.GAME,
            players=self.seats,
            seed=self.seed,
            options=dict(self.options),
            actions=[(s, acts[i].to_json()) for s, i in self.history],
        )
