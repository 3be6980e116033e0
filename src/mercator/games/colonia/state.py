"""The Colonia game state: setup (spec §2) and the week's flow (§3). The rules of each day, and the
views, secrets and determinisation (§3.11), live in the mixins imported below."""

from __future__ import annotations

from typing import Any

from mercator.engine.actions import Action
from mercator.engine.frames import FrameFlow
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event, GameState

from .cathedral import CathedralRules
from .data import DAYS, GOODS
from .decrees import DecreeRules
from .flow import (
    CRAFT,
    D_GOOD,
    D_NONE,
    D_SEQ,
    LOADING,
    M_NO_RESERVE,
    MARKET,
    N_MODS,
    PC_DECREES,
    PC_MONDAY,
    PC_PHASE_END,
    PC_SEQ,
    PHASES,
    RELIC_BUY,
    RESERVE,
)
from .frames import DECISIONS, SEQUENTIAL, STEPS
from .harbour import HarbourRules
from .market import MarketRules
from .player import Player
from .scoring import ScoringRules
from .space import HOLDS, PASS, PAYLOAD, SPACE, C, R
from .views import ViewRules
from .week import WeekRules


class ColoniaState(WeekRules, DecreeRules, MarketRules, HarbourRules, CathedralRules, ScoringRules, ViewRules,
                   SimultaneousChoices, FrameFlow):
    GAME = "colonia"
    SPACE = SPACE

    # next_legal caches the legal actions the flow found while looking for the next decision.
    NOT_STATE = GameState.NOT_STATE | {"next_legal"}
    __slots__ = ()  # the fields are fields.StateFields' slots (waiting and commits: SimultaneousChoices')

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        rng = self.rng
        self.last_week = int(options.get("weeks", R.weeks))
        members = R.members_per_player[str(players)]
        self.players = [Player(members, R.start_money_per_currency, C.card_values) for _ in range(players)]
        ev: list[Event] = []
        # Step 2: week 0 order, used for setup and week 1's tie-break.
        self.order = list(range(players))
        rng.shuffle(self.order)
        self.week0 = self.order[:]
        ev.append({"type": "setup_order", "order": self.week0[:]})
        # Step 4: the bag and each player's secret starting raws.
        self.bag = list(C.raw_counts)
        for s in self.week0:
            drawn = self._draw_raws(R.start_raws)
            p = self.players[s]
            p.raws = drawn[:]
            p.unk = drawn[:]
            ev.append({"type": "start_raws", "seat": s, "count": sum(drawn)})
        # Step 5: starting goods, by die roll (1-5 the craftsman's good, 6 a free choice).
        self.gsupply = list(C.goods_supply)
        self.good_queue: list[int] = []
        for s in self.week0:
            if options.get("free_start_good"):
                self.good_queue.append(s)
                continue
            face = rng.below(6) + 1
            if face <= 5 and R.start_goods:
                self._give_start_good(s, face - 1, face, ev)
            elif R.start_goods:
                self.good_queue.append(s)
                ev.append({"type": "start_good_free", "seat": s, "face": face})
        # Step 6: the decks.
        self.week_deck = list(range(len(C.weeks)))
        self.decree_deck = list(range(len(C.decrees)))
        self.relic_deck = list(range(len(C.relics)))
        self.ship_deck = list(range(len(C.ships)))
        for deck in (self.week_deck, self.decree_deck, self.relic_deck, self.ship_deck):
            rng.shuffle(deck)
        self.relic_discard: list[int] = []
        # Step 7: the relic display; step 8: ships on berths I-IV; steps 9-10: empty board.
        self.display: list[int] = []
        self.reserver = [-1] * len(C.relics)
        self._draw_into_display(R.relic_display_size, ev)
        self.berths = [-1] * R.berths
        for b in range(min(R.initial_ships, R.berths)):
            self.berths[b] = self.ship_deck.pop()
        self.hold_owner = [-1] * (len(C.ships) * HOLDS)
        self.stalls = [[0] * 5 for _ in range(R.stalls)]
        self.stall_owner = [-1] * R.stalls
        self.stall_members = [0] * R.stalls
        self.cols: list[list[tuple[int, int]]] = [[] for _ in range(5)]
        self.sticks = [0] * 5
        self.commissions = [0] * 5
        self.mods = [0] * N_MODS
        self.week_card = -1
        self.dice_count = 0
        self.departing = 0
        self.decrees: list[int] = []
        self.dstate: list[int] = []
        self.vslot = 0
        self.seq = 0
        self.passed = 0
        self.cur = 0
        self.next_legal: list[Action] | None = None
        self.waiting: tuple[int, ...] = ()
        self.commits: dict[int, Action] = {}
        self.over = False
        self.week = 1
        self.day = 1
        self.pc = PC_MONDAY
        self.dec = D_GOOD if self.good_queue else D_NONE
        self._advance(ev)
        # What setup and the first automatic steps did, for logs (not part of the state proper).
        self.opening_events = ev

    @property
    def n(self) -> int:
        return self.seats

    # ---- shared helpers (the raw-material and goods ones are in fields.StateFields) ---------------
    def _give_start_good(self, seat: int, g: int, face: int, ev: list[Event]) -> None:
        """The starting good: rolled (face 1-5) or chosen (face 0: after a 6 or under free_start_good)."""
        self.gsupply[g] -= 1
        self.players[seat].goods[g] += 1
        if face:
            ev.append({"type": "start_good", "seat": seat, "face": face, "good": GOODS[g]})
        else:
            ev.append({"type": "start_good_chosen", "seat": seat, "good": GOODS[g]})

    # ---- flow (the frames are in frames.py) ----------------------------------------------------------
    @property
    def stack(self) -> list[Any]:
        """The one open frame the registers name ([] once the game is over); read several times
        per action, so written out here rather than called."""
        if self.over:
            return []
        dec = self.dec
        if dec == D_SEQ or (dec == D_NONE and self.pc == PC_SEQ):
            return SEQUENTIAL[self.seq]
        return STEPS[self.pc] if dec == D_NONE else DECISIONS[dec]

    @stack.setter
    def stack(self, value: list[Any]) -> None:
        raise AttributeError("Colonia's open frame is named by its registers dec and pc (frames.py)")

    def _to_act(self) -> tuple[int, ...]:
        # FrameFlow's, with the most common frame (a turn of a sequential phase) answered at once:
        # this is asked several times per action.
        if self.dec == D_SEQ:
            return (self.order[self.cur],)
        return super()._to_act()

    def _start_phase(self, ev: list[Event]) -> None:
        day = self.day
        if day == 6:
            self._payday(ev)
            self.day = 7
            self.pc = PC_DECREES
            return
        self._start_seq((MARKET, CRAFT, LOADING, -1, RELIC_BUY)[day - 3], ev)

    def _start_seq(self, kind: int, ev: list[Event]) -> None:
        self.seq = kind
        self.passed = 0
        self.cur = 0
        self.pc = PC_SEQ
        ev.append({"type": "phase_started", "phase": PHASES[kind]})

    def _seq_legal(self, seat: int) -> list[Action]:
        p = self.players[seat]
        acts: list[Action] = []
        kind = self.seq
        if kind == MARKET:
            self._legal_market(p, acts)
        elif kind == CRAFT:
            self._legal_commission(p, acts)
        elif kind == LOADING:
            self._legal_load(p, acts)
        elif kind == RELIC_BUY:
            self._legal_relic_buy(p, acts)
        else:
            self._legal_reserve(p, acts)
        acts.append(PASS)
        return acts

    def _seq_step(self, ev: list[Event]) -> None:
        if self.passed == (1 << self.n) - 1:
            self.pc = PC_PHASE_END
            return
        seat = self.order[self.cur]
        legal = self._seq_legal(seat)
        if len(legal) == 1:  # only pass: applied for the player, logged like any pass (spec §3.0.1)
            self._pass(seat, ev)
        else:
            self.next_legal = legal
            self.dec = D_SEQ

    def _pass(self, seat: int, ev: list[Event]) -> None:
        self.passed |= 1 << seat
        ev.append({"type": "passed", "seat": seat, "phase": PHASES[self.seq]})
        self._next_turn()

    def _next_turn(self) -> None:
        """The turn goes to the next player in turn order who has not passed."""
        n = self.n
        for step in range(1, n + 1):
            j = (self.cur + step) % n
            if not self.passed >> self.order[j] & 1:
                self.cur = j
                return

    def _seq_action(self, seat: int, a: Action, ev: list[Event]) -> None:
        if a is PASS:
            self._pass(seat, ev)
            return
        args = PAYLOAD[a.index]
        kind = self.seq
        if kind == MARKET:
            self._buy_stall(seat, args[0], ev)
        elif kind == CRAFT:
            self._commission(seat, args[0], ev)
        elif kind == LOADING:
            self._load(seat, args[0], args[1], ev)
        elif kind == RESERVE:
            self._reserve(seat, args[0], ev)
        elif a.kind == "fill_shrine":
            self._fill_shrine(seat, args[0], args[1], ev)
            return  # a free action: the turn goes on
        else:
            self._buy_relic(seat, args[0], ev)
        self._next_turn()

    def _end_phase(self, ev: list[Event]) -> None:
        kind = self.seq
        last = self.week == self.last_week
        if kind == MARKET:
            self._end_market(ev)
        elif kind == CRAFT:
            self._end_craftsmen(ev)
        elif kind == LOADING:
            self._end_loading(ev)
        elif kind == RELIC_BUY:
            self._expire_reservations(ev)
            if not last and not self.mods[M_NO_RESERVE]:
                self._start_seq(RESERVE, ev)
                return
            if not last:
                self._discard_and_refill(ev)
            self._end_week(ev)
            return
        else:
            self._discard_and_refill(ev)
            self._end_week(ev)
            return
        self.day += 1
        self.pc = PC_DECREES

    def _end_week(self, ev: list[Event]) -> None:
        if self.week == self.last_week:
            self._final_scoring(ev)
            self.over = True
            ev.append({"type": "game_over", "scores": self.scores(), "ranking": self.ranking()})
            return
        self.week += 1
        self.day = 1
        self.pc = PC_MONDAY

    def _where(self) -> str:
        return f"week {self.week}, {DAYS[self.day - 1]}"

    def is_over(self) -> bool:
        return self.over

    # ---- copies ----------------------------------------------------------------------------------------
    def _copy(self) -> ColoniaState:
        c = ColoniaState.__new__(ColoniaState)
        c.players = [p.copy() for p in self.players]
        c.week = self.week
        c.day = self.day
        c.pc = self.pc
        c.dec = self.dec
        c.last_week = self.last_week
        c.week0 = self.week0
        c.order = self.order[:]
        c.good_queue = self.good_queue[:]
        c.week_deck = self.week_deck[:]
        c.decree_deck = self.decree_deck[:]
        c.ship_deck = self.ship_deck[:]
        c.relic_deck = self.relic_deck[:]
        c.relic_discard = self.relic_discard[:]
        c.week_card = self.week_card
        c.dice_count = self.dice_count
        c.departing = self.departing
        c.decrees = self.decrees[:]
        c.dstate = self.dstate[:]
        c.vslot = self.vslot
        c.mods = self.mods[:]
        c.bag = self.bag[:]
        c.gsupply = self.gsupply[:]
        c.stalls = [s[:] for s in self.stalls]
        c.stall_owner = self.stall_owner[:]
        c.stall_members = self.stall_members[:]
        c.cols = self.cols[:]  # columns are replaced, never changed in place
        c.sticks = self.sticks[:]
        c.commissions = self.commissions[:]
        c.berths = self.berths[:]
        c.hold_owner = self.hold_owner[:]
        c.display = self.display[:]
        c.reserver = self.reserver[:]
        c.seq = self.seq
        c.passed = self.passed
        c.cur = self.cur
        c.next_legal = self.next_legal
        c.waiting = self.waiting
        c.commits = dict(self.commits)
        c.over = self.over
        c.opening_events = self.opening_events
        return c
