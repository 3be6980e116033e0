"""Decision frames: one flow mechanism for every game (TAG's action stack).

A game keeps a stack of frames (``state.stack``). The top frame is what happens next: a
decision (it names the seats that decide, their legal actions and how an action applies) or an
automatic step (it decides nobody and ``run`` plays it). Frames are immutable values (in the
games, ``typing.NamedTuple`` classes with these methods), so copying a state copies the stack
list only, and the hashed canonical form of a frame is its fields in order. A frame changes the
game only through the state it is handed: it pops itself, pushes others, or moves the state on.

:class:`FrameFlow` implements the GameState hooks ``_to_act``, ``_legal``, ``_apply`` and
``describe_decision`` once for every game on top of that stack. With the stack empty, the game's
``_idle`` plays its round structure on (start the next phase, score, end the game) by pushing the
next frames; a game whose whole flow lives in frames leaves the stack empty only when it is over.
"""

from __future__ import annotations

from typing import Any, Protocol

from .actions import Action
from .state import Event, GameState


class Frame(Protocol):
    """What every frame answers. ``state`` is the game's own state class."""

    # Names the frame kind in error messages and views, e.g. "office bidding".
    NAME: str

    def deciders(self, state: Any) -> tuple[int, ...]:
        """The seats that decide at this frame; () for an automatic step."""
        ...

    def legal(self, state: Any, seat: int) -> list[Action]:
        """``seat``'s legal actions here (only asked while ``seat`` is a decider)."""
        ...

    def apply(self, state: Any, seat: int, action: Action, ev: list[Event]) -> None:
        """Play ``seat``'s legal ``action``, appending what happened to ``ev``."""
        ...

    def run(self, state: Any, ev: list[Event]) -> None:
        """Play this automatic step (only asked while nobody decides); it must pop or replace
        the frame or change the state so that the frame decides somebody."""
        ...


class FrameFlow(GameState):
    """The GameState hooks over a stack of frames. A subclass provides ``stack`` (a slot of its
    fields), ``_idle`` and ``is_over``."""

    __slots__ = ()
    stack: list[Any]

    def _idle(self, ev: list[Event]) -> None:
        """The stack is empty and the game not over: push the next frames (or end the game)."""
        raise NotImplementedError

    def _advance(self, ev: list[Event]) -> None:
        """Play automatic steps until some seat must decide or the game is over. The stack is read
        afresh at every step: a step may switch the state to another list (a phase whose frame
        lives outside the hashed state, as Valencia's planning does)."""
        while True:
            stack = self.stack
            if not stack:
                if self.is_over():
                    return
                self._idle(ev)
                continue
            top = stack[-1]
            if top.deciders(self):
                return
            top.run(self, ev)

    def _to_act(self) -> tuple[int, ...]:
        stack = self.stack
        return stack[-1].deciders(self) if stack else ()

    def _legal(self, seat: int) -> list[Action]:
        result: list[Action] = self.stack[-1].legal(self, seat)
        return result

    def _apply(self, seat: int, a: Action) -> list[Event]:
        ev: list[Event] = []
        self.stack[-1].apply(self, seat, a, ev)
        self._advance(ev)
        return ev

    def describe_decision(self) -> str:
        if not self.stack:
            return "game over"
        return f"{self._where()}: {self.stack[-1].NAME}"

    def _where(self) -> str:
        """Where the game stands, for error messages (e.g. 'round 2, phase 4')."""
        return ""
