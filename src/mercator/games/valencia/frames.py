"""The op stack's frames, on the engine's typed frames (``mercator.engine.frames``).

Each op kind is a ``typing.NamedTuple`` of its fields (``_SeatFields`` ...) and a subclass that
adds what every frame answers (``NAME``, ``deciders``, ``legal``, ``apply``, ``run``) and ``view``,
its part of the state view (a type checker allows no class attribute such as ``NAME`` in a
NamedTuple's own body). Every op keeps the historical triple ``(kind, seat, arg)``, so a state's
canonical form (a frame is the list of its fields) and every state hash are those of the former
plain tuples. The rules push ops built by ``op(kind, seat, arg)`` (each distinct frame is built
once and shared: frames are immutable) and pop them from the end of ``state.ops``.

A decision whose seat has no real choice (nothing but "decline") decides nobody, and its ``run``
resolves it to nothing; the automatic steps (Good, Discard, Step, RoundEnd, Council) always do.
The task choice and the planning phase keep no op (``state.ops`` is empty then, as it always
was): their frames (planning.KEEP_STACK, planning.PLANNING_STACK) are ``state.stack`` then,
which is ``state.ops`` itself in the action phase and at the game's end."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import CELL_IDS, DOT_IDS, GUILDS, SEATS
from .space import BONUS as BONUS_ACTS
from .space import DECLINE, DEFER, NO_RETURN, NOTHING, PASS, PAYLOAD, REVEAL, SELL_DONE, TAKE_GOOD, TAKE_SEAT, C
from .space import LANDMARK as LANDMARK_ACTS
from .space import RETURN as RETURN_ACTS
from .space import SELL as SELL_ACTS

if TYPE_CHECKING:
    from .fields import StateFields
    from .state import ValenciaState as State

# op kinds: decisions
BID_TURN = 0  # BidTurn: the head of the auction queue reveals, passes or defers
SEAT = 1  # Seat(SEAT, seat, council seat): take_seat / decline
PLACE = 2  # Place(PLACE, seat, guild): place(space) / decline
APPRENTICE = 3  # Apprentice(APPRENTICE, seat, guild): take_good / place(space) / nothing
SELL = 4  # Sell(SELL, seat, 0): sell(guild) ... sell_done
MOVE = 5  # Move(MOVE, seat, 0): move(from, to) / decline
RETURN = 6  # Return(RETURN, seat, 0): return_card(value) / no_return
BONUS = 7  # Bonus(BONUS, seat, 0): place_bonus_piece(dot)
LANDMARK = 8  # Landmark(LANDMARK, seat, landmark index): place_landmark(site)
# op kinds: automatic steps
GOOD = 10  # Good(GOOD, seat, guild): take one good if the supply has one
DISCARD = 11  # Discard(DISCARD, -1, 0): end of an auction: discard the revealed cards
STEP = 12  # Step(STEP, -1, step index): start an auction step of the round card
ROUND_END = 13  # RoundEnd(ROUND_END, -1, 0): discard face-down stacks, then the builds
COUNCIL = 14  # Council(COUNCIL, -1, 0): council phase, then the next round or final scoring

NAMES = {BID_TURN: "auction turn", SEAT: "council seat", PLACE: "city placement", APPRENTICE: "apprentice reward",
         SELL: "selling goods", MOVE: "relocation", RETURN: "card return", BONUS: "bonus piece build",
         LANDMARK: "landmark build"}

# phases
KEEP_TASKS, PLANNING, ACTION, OVER = range(4)
PHASES = ("setup_tasks", "planning", "action", "game_over")


class _Auto:
    """An automatic step: it decides nobody and ``run`` plays it."""

    __slots__ = ()

    def deciders(self, state: State) -> tuple[int, ...]:
        return ()

    def legal(self, state: State, seat: int) -> NoReturn:
        raise AssertionError(f"{type(self).__name__} is an automatic step, not a decision")

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> NoReturn:
        raise AssertionError(f"{type(self).__name__} is an automatic step, not a decision")

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any] | None:
        return None


# ---- decisions ---------------------------------------------------------------------------------
class _Fields(NamedTuple):
    kind: int
    seat: int
    arg: int  # unused (0) where the kind has no argument


class _GuildFields(NamedTuple):
    kind: int
    seat: int
    guild: int


class BidTurn(_Fields):
    """The head of the auction queue decides; a head without face-down stacks is skipped, and
    with the queue empty the auction resolves (spec §3.4)."""

    __slots__ = ()
    NAME = NAMES[BID_TURN]

    def deciders(self, state: State) -> tuple[int, ...]:
        q = state.queue
        if q:
            head = q[0]
            p = state.players[head]
            if p.gone != (1 << len(p.stacks)) - 1:  # p.has_open_stack(), inlined: asked at every to_act
                return (head,)
        return ()

    def run(self, state: State, ev: list[Event]) -> None:
        q = state.queue
        players = state.players
        while q and not players[q[0]].has_open_stack():
            q.pop(0)  # no face-down stack left: skipped (spec §3.4)
        if not q:
            state.ops.pop()
            state._resolve_auction(ev)

    def legal(self, state: State, seat: int) -> list[Action]:
        p = state.players[seat]
        acts = [REVEAL[k] for k in p.open_stacks()]
        acts.append(PASS)
        if state._can_defer(seat, p):
            acts.append(DEFER)
        return acts

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        p = state.players[seat]
        q = state.queue
        if a is PASS:
            q.pop(0)
            ev.append({"type": "passed", "seat": seat})
        elif a is DEFER:
            p.privileges -= 1
            state.privilege_supply += 1
            state.deferred |= 1 << seat
            q.append(q.pop(0))
            ev.append({"type": "deferred", "seat": seat, "privileges": p.privileges})
        else:
            k = PAYLOAD[a.index][0]
            q.pop(0)
            cards = p.stacks[k]
            p.gone |= 1 << k
            for v in cards:
                if v in p.pub_drawn:
                    p.pub_drawn.remove(v)
            state.bid_cards[seat] = cards[:]
            state.bid_stack[seat] = k
            state.bid[seat] = sum(cards)
            state.reveal = True
            ev.append({"type": "revealed", "seat": seat, "stack": k + 1, "values": cards[:], "bid": sum(cards)})

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": state.queue[0]}


class _SeatFields(NamedTuple):
    kind: int
    seat: int
    council_seat: int


class Seat(_SeatFields):
    __slots__ = ()
    NAME = NAMES[SEAT]

    def deciders(self, state: State) -> tuple[int, ...]:
        s = self.seat
        return (s,) if state.council[self.council_seat] != s and state.players[s].supply > 0 else ()

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        why = "already_held" if state.council[self.council_seat] == self.seat else "no_member"
        ev.append({"type": "seat_unused", "seat": self.seat, "council_seat": SEATS[self.council_seat],
                   "reason": why})

    def legal(self, state: State, seat: int) -> list[Action]:
        return [TAKE_SEAT, DECLINE]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.ops.pop()
        if a is TAKE_SEAT:
            state._seat(seat, state.players[seat], self.council_seat, ev)
        else:
            ev.append({"type": "seat_declined", "seat": seat, "council_seat": SEATS[self.council_seat]})

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": self.seat, "council_seat": SEATS[self.council_seat]}


class _GuildReward(_GuildFields):
    """A reward of one guild for ``seat``: skipped, and logged as unused, while it cannot be used."""

    __slots__ = ()
    NAME: str

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        ev.append({"type": "reward_unused", "seat": self.seat, "guild": GUILDS[self.guild]})

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": self.seat, "guild": GUILDS[self.guild]}


class Place(_GuildReward):
    __slots__ = ()
    NAME = NAMES[PLACE]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,) if state._can_place(state.players[self.seat], self.guild) else ()

    def legal(self, state: State, seat: int) -> list[Action]:
        return [*state._placements(state.players[seat], self.guild), DECLINE]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.ops.pop()
        if a is DECLINE:
            ev.append({"type": "declined", "seat": seat})
        else:
            state._place(seat, state.players[seat], PAYLOAD[a.index][0], ev)


class Apprentice(_GuildReward):
    __slots__ = ()
    NAME = NAMES[APPRENTICE]

    def deciders(self, state: State) -> tuple[int, ...]:
        g = self.guild
        return (self.seat,) if state.goods_supply[g] > 0 or state._can_place(state.players[self.seat], g) else ()

    def legal(self, state: State, seat: int) -> list[Action]:
        acts = [TAKE_GOOD] if state.goods_supply[self.guild] > 0 else []
        return [*acts, *state._placements(state.players[seat], self.guild), NOTHING]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.ops.pop()
        if a is NOTHING:
            ev.append({"type": "declined", "seat": seat})
        elif a is TAKE_GOOD:
            state._take_good(seat, self.guild, ev)
        else:
            state._place(seat, state.players[seat], PAYLOAD[a.index][0], ev)


class Sell(_Fields):
    """Sell goods one at a time until ``sell_done`` (the op stays until then)."""

    __slots__ = ()
    NAME = NAMES[SELL]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,) if any(state.players[self.seat].goods) else ()

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()

    def legal(self, state: State, seat: int) -> list[Action]:
        goods = state.players[seat].goods
        return [*(SELL_ACTS[g] for g in range(5) if goods[g]), SELL_DONE]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        p = state.players[seat]
        if a is SELL_DONE:
            state.ops.pop()
            ev.append({"type": "sell_done", "seat": seat, "coins": p.coins})
            return
        g = PAYLOAD[a.index][0]
        p.goods[g] -= 1
        state.goods_supply[g] += 1
        p.coins += C.good_value[g]
        ev.append({"type": "sold", "seat": seat, "guild": GUILDS[g], "coins": C.good_value[g]})

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": self.seat}


class Move(_Fields):
    __slots__ = ()
    NAME = NAMES[MOVE]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,) if state._moves(self.seat) else ()

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        ev.append({"type": "no_relocation", "seat": self.seat})

    def legal(self, state: State, seat: int) -> list[Action]:
        return [*state._moves(seat), DECLINE]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.ops.pop()
        if a is DECLINE:
            ev.append({"type": "declined", "seat": seat})
        else:
            frm, to = PAYLOAD[a.index]
            state._move(seat, state.players[seat], frm, to, ev)

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": self.seat}


class Return(_Fields):
    __slots__ = ()
    NAME = NAMES[RETURN]

    def deciders(self, state: State) -> tuple[int, ...]:
        return (self.seat,) if state.bid_cards[self.seat] else ()

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()

    def legal(self, state: State, seat: int) -> list[Action]:
        return [*(RETURN_ACTS[v - 1] for v in sorted(set(state.bid_cards[seat]))), NO_RETURN]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.ops.pop()
        if a is NO_RETURN:
            ev.append({"type": "no_return", "seat": seat})
            return
        p = state.players[seat]
        v = PAYLOAD[a.index][0]
        state.bid_cards[seat].remove(v)
        p.pile.insert(0, v)  # the very bottom, below earlier returns
        p.known_bottom += 1
        ev.append({"type": "card_returned", "seat": seat, "value": v, "pile": len(p.pile)})

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": self.seat}


class Bonus(_Fields):
    __slots__ = ()
    NAME = NAMES[BONUS]

    def deciders(self, state: State) -> tuple[int, ...]:
        if state.bonus_supply > 0:
            bonus_at = state.bonus_at
            for d in state.map.dots:  # a free dot (a loop is quicker than any())
                if not bonus_at[d]:
                    return (self.seat,)
        return ()

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        ev.append({"type": "build_skipped", "seat": self.seat})

    def legal(self, state: State, seat: int) -> list[Action]:
        return [BONUS_ACTS[d] for d in state.map.dots if not state.bonus_at[d]]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.ops.pop()
        d = PAYLOAD[a.index][0]
        state.bonus_at[d] = True
        state.bonus_supply -= 1
        ev.append({"type": "bonus_piece_placed", "seat": seat, "piece": state.ed.rules.bonus_piece_kind,
                   "dot": DOT_IDS[d]})

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": self.seat}


class _LandmarkFields(NamedTuple):
    kind: int
    seat: int
    landmark: int


class Landmark(_LandmarkFields):
    __slots__ = ()
    NAME = NAMES[LANDMARK]

    def deciders(self, state: State) -> tuple[int, ...]:
        lm_at = state.lm_at
        for c in state.map.sites:  # a free site (a loop is quicker than any())
            if lm_at[c] < 0:
                return (self.seat,)
        return ()

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        ev.append({"type": "build_skipped", "seat": self.seat})

    def legal(self, state: State, seat: int) -> list[Action]:
        return [LANDMARK_ACTS[c] for c in state.map.sites if state.lm_at[c] < 0]

    def apply(self, state: State, seat: int, a: Action, ev: list[Event]) -> None:
        state.ops.pop()
        c = PAYLOAD[a.index][0]
        state.lm_at[c] = self.landmark
        state.lm_site[self.landmark] = c
        ev.append({"type": "landmark_placed", "seat": seat, "landmark": state.ed.landmarks[self.landmark].id,
                   "site": CELL_IDS[c]})

    def view(self, state: StateFields, viewer: int | None) -> dict[str, Any]:
        return {"kind": self.NAME, "seat": self.seat, "landmark": state.ed.landmarks[self.landmark].id}


# ---- automatic steps ---------------------------------------------------------------------------
class Good(_Auto, _GuildFields):
    __slots__ = ()
    NAME = "take a good"

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        state._take_good(self.seat, self.guild, ev)


class Discard(_Auto, _Fields):
    __slots__ = ()
    NAME = "discard the bids"

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        state._discard_auction(ev)


class _StepFields(NamedTuple):
    kind: int
    seat: int  # -1
    step: int  # its index on the round card


class Step(_Auto, _StepFields):
    __slots__ = ()
    NAME = "auction step"

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        state._start_step(self.step, ev)


class RoundEnd(_Auto, _Fields):
    __slots__ = ()
    NAME = "round end"

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        state._round_end(ev)


class Council(_Auto, _Fields):
    __slots__ = ()
    NAME = "council phase"

    def run(self, state: State, ev: list[Event]) -> None:
        state.ops.pop()
        state._council(ev)
        state._next_round(ev)


Op = BidTurn | Seat | Place | Apprentice | Sell | Move | Return | Bonus | Landmark | Good | Discard | Step \
    | RoundEnd | Council
# The frame class of each kind code.
KINDS: dict[int, type[Op]] = {
    BID_TURN: BidTurn, SEAT: Seat, PLACE: Place, APPRENTICE: Apprentice, SELL: Sell, MOVE: Move, RETURN: Return,
    BONUS: Bonus, LANDMARK: Landmark, GOOD: Good, DISCARD: Discard, STEP: Step, ROUND_END: RoundEnd,
    COUNCIL: Council,
}


@cache
def op(kind: int, seat: int, arg: int) -> Op:
    """The frame ``(kind, seat, arg)`` of class ``KINDS[kind]``. Frames are immutable values, so
    each distinct one is built once and then shared: building a NamedTuple (its ``__new__`` is
    Python code) costs several times this cached look-up, and an auction pushes a dozen."""
    return KINDS[kind](kind, seat, arg)
