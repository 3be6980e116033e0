"""The Valencia / Strasbourg game state: setup (spec §2), the round's flow (§3) over a stack of
ops, and the GameState hooks. The rules of each phase live in the mixins imported below."""

from __future__ import annotations

from typing import Any

from mercator.engine.actions import Action
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event, GameState

from .auction import AuctionRules
from .data import BUILD_BONUS, CHURCH, NOBILITY, CityMap, Edition
from .frames import (
    ACTION,
    BID_TURN,
    COUNCIL,
    DECISIONS,
    DISCARD,
    GOOD,
    KEEP_TASKS,
    NAMES,
    OVER,
    PHASES,
    PLANNING,
    ROUND_END,
    STEP,
)
from .planning import PlanningRules
from .player import Player
from .round_end import RoundEndRules
from .space import SPACE, C
from .views import ViewRules

EMPTY, BLOCKED = -1, 9


class ValenciaState(PlanningRules, AuctionRules, RoundEndRules, ViewRules, SimultaneousChoices, GameState):
    GAME = "valencia"
    SPACE = SPACE

    # The edition's content and city map follow from the options, which the hash covers already.
    NOT_STATE = GameState.NOT_STATE | {"ed", "map"}
    __slots__ = ()  # the fields are fields.StateFields' slots (waiting and commits: SimultaneousChoices')

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.ed: Edition = C.editions[options.get("edition", "valencia")]
        er = self.ed.rules
        self.n = players
        rng = self.rng
        # Setup draws, in this order (spec §2): city sides, round cards, landmarks, start player, tasks,
        # each player's deck.
        self.map: CityMap = self.ed.maps["default"]
        if options.get("city_layout") == "random_sides" and len(self.ed.maps) > 1:  # Strasbourg: fixed map
            self.map = self.ed.maps[" ".join(f"p{i + 1}{'ab'[rng.below(2)]}" for i in range(4))]
        order = list(range(er.rounds))
        if options.get("round_card_order", "random") == "random":
            rng.shuffle(order)
        self.card_order = order
        lms = list(range(len(self.ed.landmarks)))
        rng.shuffle(lms)
        self.round_landmark = lms
        start = rng.below(players)
        tasks = list(range(len(C.tasks)))
        rng.shuffle(tasks)
        deck = [v for v in er.deck_values for _ in range(er.deck_copies)]
        self.players: list[Player] = []
        for s in range(players):
            pile = deck[:]
            rng.shuffle(pile)
            p = Player(pile, er.start_coins, er.family_members)
            p.dealt = sorted(tasks[s * er.tasks_dealt:(s + 1) * er.tasks_dealt])
            self.players.append(p)
        self.city = [EMPTY] * len(self.map.kind)
        if players == 2 and er.two_player_blockers:
            for c in self.map.blocked_2p:
                self.city[c] = BLOCKED
        self.lm_at = [-1] * len(self.map.kind)
        self.lm_site = [-1] * len(self.ed.landmarks)
        self.bonus_at = [False] * len(self.map.dot_cells)
        self.bonus_supply = er.bonus_pieces
        self.council = [-1] * 8
        self.council[NOBILITY] = start
        self.council[CHURCH] = (start + 1) % players
        self.players[start].supply -= 1
        self.players[(start + 1) % players].supply -= 1
        self.figure = start
        self.goods_supply = [self.ed.goods_per_guild] * 5
        self.privilege_supply = er.privileges
        self.round = 1
        self.step = -1
        self.ops: list[tuple[int, int, int]] = []
        self._clear_auction()
        self.final: list[dict[str, Any]] | None = None
        self.phase = KEEP_TASKS
        self.open_choices(tuple(range(players)))

    def _clear_auction(self) -> None:
        self.queue: list[int] = []
        self.deferred = 0
        self.bid = [-1] * self.n
        self.bid_cards: list[list[int]] = [[] for _ in range(self.n)]
        self.bid_stack = [-1] * self.n
        self.figure_at_start = self.figure

    def card_steps(self) -> tuple[tuple[str, int, int, bool], ...]:
        return self.ed.cards[self.card_order[self.round - 1]][1]

    # ---- flow ----------------------------------------------------------------------------------
    def _run(self, ev: list[Event]) -> None:
        """Play automatic steps until some seat must decide (or the game is over)."""
        ops = self.ops
        while ops:
            kind, seat, arg = ops[-1]
            if kind in DECISIONS:
                if kind == BID_TURN:
                    if not self.queue:
                        ops.pop()
                        self._resolve_auction(ev)
                        continue
                    head = self.queue[0]
                    if self.players[head].has_open_stack():
                        return
                    self.queue.pop(0)  # no face-down stack left: skipped (spec §3.4)
                    continue
                if self._has_choice(kind, seat, arg):
                    return
                ops.pop()
                self._no_choice(kind, seat, arg, ev)
                continue
            ops.pop()
            if kind == GOOD:
                self._take_good(seat, arg, ev)
            elif kind == DISCARD:
                self._discard_auction(ev)
            elif kind == STEP:
                self._start_step(arg, ev)
            elif kind == ROUND_END:
                self._round_end(ev)
            elif kind == COUNCIL:
                self._council(ev)
                self._next_round(ev)

    def _start_action_phase(self, ev: list[Event]) -> None:
        self.phase = ACTION
        ev.append({"type": "action_phase", "round": self.round})
        self.ops.append((COUNCIL, -1, 0))
        self.ops.append((ROUND_END, -1, 0))
        steps = self.card_steps()
        for i in range(len(steps) - 1, -1, -1):
            if steps[i][1] < BUILD_BONUS:
                self.ops.append((STEP, -1, i))

    def _next_round(self, ev: list[Event]) -> None:
        if self.round >= self.ed.rules.rounds:
            self._final_scoring(ev)
            self.phase = OVER
            ev.append({"type": "game_over", "scores": self.scores(), "ranking": self.ranking()})
            return
        self.round += 1
        ev.append({"type": "round", "round": self.round})
        self._start_planning(ev)

    # ---- the GameState hooks -------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        if self.ops:
            kind, seat, _ = self.ops[-1]
            return (self.queue[0],) if kind == BID_TURN else (seat,)
        if self.phase == PLANNING:
            return self.planning_seats()
        if self.phase == KEEP_TASKS:
            return self.pending_seats()
        return ()

    def describe_decision(self) -> str:
        if self.phase == OVER:
            return "game over"
        if self.ops:
            return f"round {self.round}, step {self.card_steps()[self.step][0]}: {NAMES[self.ops[-1][0]]}"
        return f"round {self.round}: {PHASES[self.phase]}"

    def _legal(self, seat: int) -> list[Action]:
        if self.ops:
            return self._legal_op(seat, self.ops[-1])
        if self.phase == PLANNING:
            return self._legal_planning(seat)
        return self._legal_keep(seat)

    def _apply(self, seat: int, a: Action) -> list[Event]:
        ev: list[Event] = []
        if self.ops:
            self._apply_op(seat, a, self.ops[-1], ev)
        elif self.phase == PLANNING:
            self._apply_planning(seat, a, ev)
        else:
            self._commit_keep(seat, a, ev)
        self._run(ev)
        return ev

    def is_over(self) -> bool:
        return self.phase == OVER

    # ---- copies --------------------------------------------------------------------------------
    def _copy(self) -> ValenciaState:
        c = ValenciaState.__new__(ValenciaState)
        c.ed = self.ed
        c.map = self.map
        c.n = self.n
        c.players = [p.copy() for p in self.players]
        c.round = self.round
        c.phase = self.phase
        c.ops = self.ops[:]
        c.card_order = self.card_order
        c.round_landmark = self.round_landmark
        c.figure = self.figure
        c.city = self.city[:]
        c.lm_at = self.lm_at[:]
        c.lm_site = self.lm_site[:]
        c.bonus_at = self.bonus_at[:]
        c.bonus_supply = self.bonus_supply
        c.council = self.council[:]
        c.goods_supply = self.goods_supply[:]
        c.privilege_supply = self.privilege_supply
        c.step = self.step
        c.queue = self.queue[:]
        c.deferred = self.deferred
        c.bid = self.bid[:]
        c.bid_cards = [b[:] for b in self.bid_cards]
        c.bid_stack = self.bid_stack[:]
        c.figure_at_start = self.figure_at_start
        c.waiting = self.waiting
        c.commits = dict(self.commits)
        c.final = self.final
        return c
