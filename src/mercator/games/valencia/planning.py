"""Setup task choice (spec §2 step 9) and the planning phase (§3.2): drawing one card at a time,
then putting every drawn card, highest first, into a new or an existing face-down stack."""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from mercator.engine.actions import Action
from mercator.engine.errors import IllegalAction
from mercator.engine.state import Event

from .fields import StateFields
from .frames import KEEP_TASKS, PHASES, PLANNING
from .player import ASSIGNING, DRAWING, PLANNED, Player
from .space import ASSIGN, ASSIGN_NEW, DRAW, KEEP, KEEP_MASKS, PAYLOAD, STOP


class PlanningRules(StateFields):
    __slots__ = ()

    # ---- task cards ----------------------------------------------------------------------------
    def _legal_keep(self, seat: int) -> list[Action]:
        k = len(self.players[seat].dealt)
        return [KEEP[m] for m in KEEP_MASKS if "1" not in m[k:]]

    def _commit_keep(self, seat: int, a: Action, ev: list[Event]) -> None:
        ev.append({"type": "tasks_chosen", "seat": seat})
        chosen = self.commit_choice(seat, a)
        if chosen is None:
            return
        for s, choice in chosen:
            p = self.players[s]
            keep = PAYLOAD[choice.index]
            p.kept = [p.dealt[i] for i in keep]
            p.dropped = [t for i, t in enumerate(p.dealt) if i not in keep]
            ev.append({"type": "tasks_kept", "seat": s, "count": len(p.kept)})
        self.reveal = True
        self._start_planning(ev)

    # ---- planning ------------------------------------------------------------------------------
    def _start_planning(self, ev: list[Event]) -> None:
        self.phase = PLANNING
        self.stack = PLANNING_STACK
        ev.append({"type": "planning", "round": self.round})
        for p in self.players:
            p.drawn, p.hand, p.pub_drawn, p.assign, p.nstacks = [], [], [], [], 0
            p.stacks, p.gone = [], 0
            p.stage = DRAWING if p.pile else PLANNED

    def planning_seats(self) -> tuple[int, ...]:
        return tuple([s for s, p in enumerate(self.players) if p.stage != PLANNED])  # (a list is quicker)

    def _legal_planning(self, seat: int) -> list[Action]:
        p = self.players[seat]
        if p.stage == DRAWING:
            # The pile is never empty while drawing (drawing stops with it). Seed 004: "ziehe ich ...
            # zunächst die oberste" - the first card is always drawn, then the player may stop.
            if not p.drawn and self.ed.rules.first_draw_mandatory:
                return [DRAW]
            return [STOP, DRAW]
        acts = ASSIGN[:p.nstacks]
        if p.nstacks < self.ed.rules.max_stacks:
            acts = [*acts, ASSIGN_NEW]
        return acts

    def _apply_planning(self, seat: int, a: Action, ev: list[Event]) -> None:
        p = self.players[seat]
        if a is DRAW:
            value = p.pile.pop()
            p.drawn.append(value)
            if p.known_bottom > len(p.pile):  # a returned card: its value was public
                p.known_bottom = len(p.pile)
                p.pub_drawn.append(value)
            self.reveal = True  # the drawer has seen a hidden card
            ev.append({"type": "drew", "seat": seat, "count": len(p.drawn), "pile": len(p.pile)})
            if not p.pile:
                ev.append({"type": "pile_empty", "seat": seat})
                self._stop_drawing(seat, p, ev)
        elif a is STOP:
            self._stop_drawing(seat, p, ev)
        else:
            k = p.nstacks if a is ASSIGN_NEW else PAYLOAD[a.index][0]
            p.assign.append(k)
            if k == p.nstacks:
                p.nstacks += 1
            if len(p.assign) == len(p.hand):
                p.stage = PLANNED

    def _stop_drawing(self, seat: int, p: Player, ev: list[Event]) -> None:
        p.hand = sorted(p.drawn, reverse=True)  # stable: equal values keep their draw order
        ev.append({"type": "stopped", "seat": seat, "count": len(p.drawn)})
        p.stage = ASSIGNING
        if not p.hand:
            p.stage = PLANNED

    def _end_planning(self, ev: list[Event]) -> None:
        """Every seat has planned (the planning frame decides nobody): form the stacks."""
        for s, p in enumerate(self.players):
            p.stacks = [[] for _ in range(p.nstacks)]
            for v, k in zip(p.hand, p.assign, strict=True):
                p.stacks[k].append(v)
            ev.append({"type": "stacks_formed", "seat": s, "sizes": [len(x) for x in p.stacks]})
        self.reveal = True
        self._start_action_phase(ev)


class _KeepTasks:
    """The frame of the task choice (spec §2 step 9): every seat secretly keeps some of its dealt
    task cards. (The methods are the rules' own, with the state as their first argument.)"""

    __slots__ = ()
    NAME = PHASES[KEEP_TASKS]
    deciders = staticmethod(PlanningRules.pending_seats)
    legal = staticmethod(PlanningRules._legal_keep)
    apply = staticmethod(PlanningRules._commit_keep)

    def run(self, state: PlanningRules, ev: list[Event]) -> NoReturn:
        raise AssertionError("the task choice ends with the last commit")


class _Planning:
    """The frame of the planning phase (spec §3.2): the seats still drawing or forming stacks
    decide; once nobody does, ``run`` forms the stacks and starts the action phase."""

    __slots__ = ()
    NAME = PHASES[PLANNING]
    deciders = staticmethod(PlanningRules.planning_seats)
    legal = staticmethod(PlanningRules._legal_planning)
    apply = staticmethod(PlanningRules._apply_planning)
    run = staticmethod(PlanningRules._end_planning)


# ``state.stack`` in these phases, while ``state.ops`` is empty: never changed (frames push ops).
KEEP_STACK: list[Any] = [_KeepTasks()]
PLANNING_STACK: list[Any] = [_Planning()]


def form_stacks(state: PlanningRules, seat: int, stacks: list[list[int]]) -> list[Event]:
    """The macro ``form_stacks`` of spec §3.2: apply the ``assign`` actions that build exactly
    this partition of the drawn cards. Refused, changing nothing, unless it is a partition into
    1..max_stacks non-empty stacks."""
    p = state.players[seat]
    limit = state.ed.rules.max_stacks
    if p.stage != ASSIGNING or p.assign:
        raise IllegalAction(f"seat {seat} is not about to form stacks (it must have stopped drawing, assigned nothing)")
    if not stacks or any(not s for s in stacks) or len(stacks) > limit:
        raise IllegalAction(f"stacks must be 1..{limit} non-empty lists of card values, got {len(stacks)}")
    if sorted(v for s in stacks for v in s) != sorted(p.hand):
        raise IllegalAction(f"the stacks must hold exactly the drawn cards {sorted(p.hand, reverse=True)}")
    need = [Counter(s) for s in stacks]
    # Stack numbers follow creation order in the highest-first card order; equal cards are
    # interchangeable, so each goes to the first wanted stack that still needs its value.
    order: list[int] = []
    plan: list[tuple[int, int]] = []
    for v in p.hand:
        j = next(i for i, want in enumerate(need) if want[v] > 0)
        need[j][v] -= 1
        if j not in order:
            order.append(j)
        plan.append((v, order.index(j)))
    events: list[Event] = []
    made = 0
    for _, k in plan:
        action = ASSIGN_NEW if k == made else ASSIGN[k]
        made = max(made, k + 1)
        events += state.apply(seat, action)
    return events
