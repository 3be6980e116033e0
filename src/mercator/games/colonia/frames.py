"""Colonia's flow as frames of the engine's one decision mechanism (engine/frames.py).

A week is one fixed sequence of steps (spec §3) and no step waits inside another, so at most one
frame is ever open. The open frame is therefore named by two registers of the hashed state rather
than kept as a list: ``dec``, the decision that is open, or while nobody decides ``pc``, the next
automatic step. ``ColoniaState.stack`` reads them, so records hash as they always did."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .flow import (
    D_FAMILY,
    D_GOOD,
    D_MAYOR,
    D_NONE,
    D_SEQ,
    D_VOTE,
    PC_DECREES,
    PC_MONDAY,
    PC_PHASE,
    PC_PHASE_END,
    PC_TUESDAY,
    PHASES,
)
from .space import ADOPT, CHOOSE_GOOD, PAYLOAD, REJECT, VOTE_NO, VOTE_YES

if TYPE_CHECKING:
    from .state import ColoniaState


class _Step:
    """An automatic step: nobody decides, ``run`` plays it."""

    NAME = "step"

    def deciders(self, state: ColoniaState) -> tuple[int, ...]:
        return ()

    def legal(self, state: ColoniaState, seat: int) -> list[Action]:
        raise AssertionError(f"nobody decides at {self.NAME}")

    def apply(self, state: ColoniaState, seat: int, action: Action, ev: list[Event]) -> None:
        raise AssertionError(f"nobody decides at {self.NAME}")

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        raise NotImplementedError


class _Decision(_Step):
    """A decision: ``deciders`` name the seats, ``legal`` and ``apply`` play their choices."""

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        raise AssertionError(f"{self.NAME} is a decision, not an automatic step")


class Monday(_Step):
    """§3.1: the week card, the stalls, the week's counters."""

    NAME = "monday"

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        ev.append({"type": "week_started", "week": state.week})
        state._monday(ev)
        state.day = 2
        state.pc = PC_TUESDAY


class Tuesday(_Step):
    """§3.2: the decrees, then the family cards (a decision unless every hand holds one card)."""

    NAME = "tuesday"

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        state._tuesday(ev)


class Decrees(_Step):
    """§3.3: open the vote on today's next decree, or go on to the day's phase."""

    NAME = "decrees"

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        state._next_decree(ev)


class PhaseStart(_Step):
    NAME = "phase_start"

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        state._start_phase(ev)


class PhaseEnd(_Step):
    NAME = "phase_end"

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        state._end_phase(ev)


class Sequential(NamedTuple):
    """§3.0.1: a sequential phase (market, commissions, loading, relics, reservations). Between
    turns it is an automatic step that finds the next player (passing for one who can only pass);
    during a turn it is that player's decision."""

    phase: int

    @property
    def NAME(self) -> str:  # noqa: N802 (the Frame protocol's name)
        return PHASES[self.phase]

    def deciders(self, state: ColoniaState) -> tuple[int, ...]:
        return (state.order[state.cur],) if state.dec == D_SEQ else ()

    def legal(self, state: ColoniaState, seat: int) -> list[Action]:
        legal = state.next_legal  # found while looking for the turn's player
        if legal is None:
            legal = state.next_legal = state._seq_legal(seat)
        return legal

    def apply(self, state: ColoniaState, seat: int, action: Action, ev: list[Event]) -> None:
        state.next_legal = None
        state.dec = D_NONE
        state._seq_action(seat, action, ev)

    def run(self, state: ColoniaState, ev: list[Event]) -> None:
        state._seq_step(ev)


class StartGood(_Decision):
    """Setup step 5: a player who rolled a 6 (or every player, with free_start_good) chooses a good."""

    NAME = "start_good"

    def deciders(self, state: ColoniaState) -> tuple[int, ...]:
        return (state.good_queue[0],)

    def legal(self, state: ColoniaState, seat: int) -> list[Action]:
        return [CHOOSE_GOOD[g] for g in range(5) if state.gsupply[g]]

    def apply(self, state: ColoniaState, seat: int, action: Action, ev: list[Event]) -> None:
        state.good_queue.pop(0)
        state._give_start_good(seat, PAYLOAD[action.index][0], 0, ev)
        if not state.good_queue:
            state.dec = D_NONE


class FamilyCards(_Decision):
    """§3.2: everyone plays a family card at once, in secret."""

    NAME = "family_card"

    def deciders(self, state: ColoniaState) -> tuple[int, ...]:
        return state.pending_seats()

    def legal(self, state: ColoniaState, seat: int) -> list[Action]:
        return state._legal_family(seat)

    def apply(self, state: ColoniaState, seat: int, action: Action, ev: list[Event]) -> None:
        state._commit_family(seat, action, ev)


class Vote(_Decision):
    """§3.3: the council members' holders vote on a decree at once, in secret."""

    NAME = "vote"
    LEGAL = [VOTE_NO, VOTE_YES]

    def deciders(self, state: ColoniaState) -> tuple[int, ...]:
        return state.pending_seats()

    def legal(self, state: ColoniaState, seat: int) -> list[Action]:
        return self.LEGAL

    def apply(self, state: ColoniaState, seat: int, action: Action, ev: list[Event]) -> None:
        state._commit_vote(seat, action, ev)


class MayorTie(_Decision):
    """§3.3: the mayor (first in turn order) decides a tied vote."""

    NAME = "mayor_tiebreak"
    LEGAL = [ADOPT, REJECT]

    def deciders(self, state: ColoniaState) -> tuple[int, ...]:
        return (state.order[0],)

    def legal(self, state: ColoniaState, seat: int) -> list[Action]:
        return self.LEGAL

    def apply(self, state: ColoniaState, seat: int, action: Action, ev: list[Event]) -> None:
        state.dec = D_NONE
        state._mayor_decides(seat, action, ev)


# The one-frame stacks, by register. The lists are shared and never changed: no Colonia frame
# pushes or pops, it moves the registers on.
SEQUENTIAL = tuple([Sequential(k)] for k in range(len(PHASES)))
STEPS: dict[int, list[Any]] = {PC_MONDAY: [Monday()], PC_TUESDAY: [Tuesday()], PC_DECREES: [Decrees()],
                               PC_PHASE: [PhaseStart()], PC_PHASE_END: [PhaseEnd()]}
DECISIONS: dict[int, list[Any]] = {D_GOOD: [StartGood()], D_FAMILY: [FamilyCards()], D_VOTE: [Vote()],
                                   D_MAYOR: [MayorTie()]}

