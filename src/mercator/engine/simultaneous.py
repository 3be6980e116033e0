"""Simultaneous hidden choices (Constantinopolis donations and storage, Colonia's family cards
and votes, Valencia's planning): every waiting seat commits secretly; the choices are
revealed together once the last seat has chosen.

A game state derives from this and so holds two more slots: ``waiting`` (the seats that must
choose, in resolution order) and ``commits`` (seat -> chosen action, hidden from others).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action
from .rng import Rng
from .state import GameState


class SimultaneousChoices(GameState):
    # The two slots live here, with the code that uses them (a game state's own __slots__ must not repeat them).
    __slots__ = ("waiting", "commits")
    waiting: tuple[int, ...]
    commits: dict[int, Action]

    def open_choices(self, seats: tuple[int, ...]) -> bool:
        """Start a simultaneous decision for ``seats``; False if nobody has to choose."""
        self.waiting = seats
        self.commits = {}
        return bool(seats)

    def pending_seats(self) -> tuple[int, ...]:
        return tuple(s for s in self.waiting if s not in self.commits)

    def commit_choice(self, seat: int, action: Action) -> list[tuple[int, Action]] | None:
        """Store ``seat``'s secret choice; once all are in, return every (seat, choice) in
        resolution order and close the decision (the caller resolves and marks the reveal)."""
        self.commits[seat] = action
        if len(self.commits) < len(self.waiting):
            return None
        chosen = [(s, self.commits[s]) for s in self.waiting]
        self.waiting, self.commits = (), {}
        return chosen

    def choices_view(self, viewer: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"waiting": list(self.waiting), "committed": sorted(self.commits)}
        if viewer in self.commits:
            out["my_choice"] = self.commits[viewer].to_json()
        return out

    def choice_secrets(self, seat: int) -> list[Any]:
        return [self.commits[seat].to_json()] if seat in self.commits else []

    def resample_choices(self, seat: int, rng: Rng, legal: Callable[[int], list[Action]]) -> None:
        """For determinisation: other seats' hidden choices become random legal ones."""
        for s in list(self.commits):
            if s != seat:
                options = legal(s)
                self.commits[s] = options[rng.below(len(options))]

    def awaits_others(self, seat: int) -> bool:
        return seat in self.commits

    def reopen_choices(self, seat: int) -> None:
        """An other seat's hidden choice was made without knowing the searching seat's, so taking it back loses
        nothing it could know: the search then models that seat at the decision (its statistics and priors)
        instead of a random legal choice (resample_choices), whichever seat the resolution order asks first."""
        if any(s != seat for s in self.commits):
            self.commits = {s: a for s, a in self.commits.items() if s == seat}
            self._legal_cache = None
