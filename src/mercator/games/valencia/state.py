"""The Valencia / Strasbourg game state: setup (spec §2) and the round's flow (§3) over a stack of
ops (frames.py), played by the engine's FrameFlow. The rules of each phase live in the mixins
imported below."""

from __future__ import annotations

from typing import Any, NoReturn

from mercator.engine.frames import FrameFlow
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event, GameState

from .auction import AuctionRules
from .data import BUILD_BONUS, CELL_IDS, CHURCH, NOBILITY, CityMap, Edition
from .frames import (
    ACTION,
    COUNCIL,
    KEEP_TASKS,
    OVER,
    ROUND_END,
    STEP,
    Op,
    op,
)
from .planning import KEEP_STACK, PlanningRules
from .player import Player
from .round_end import RoundEndRules
from .space import SPACE, C
from .views import ViewRules

EMPTY, BLOCKED = -1, 9


class ValenciaState(FrameFlow, PlanningRules, AuctionRules, RoundEndRules, ViewRules, SimultaneousChoices, GameState):
    GAME = "valencia"
    SPACE = SPACE

    # The edition's content and city map follow from the options, which the hash covers already;
    # ``stack`` is ``ops`` or, with no ops, the frame of the task choice or of planning (fields.py).
    # ``opening_events`` is what setup did, for logs: not part of the position (the hash and the
    # records stay as they were).
    NOT_STATE = GameState.NOT_STATE | {"ed", "map", "stack", "opening_events"}
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
        ev: list[Event] = []
        if options.get("city_layout") == "random_sides" and len(self.ed.maps) > 1:  # Strasbourg: fixed map
            sides = ["AB"[rng.below(2)] for _ in range(4)]
            self.map = self.ed.maps[" ".join(f"p{i + 1}{side.lower()}" for i, side in enumerate(sides))]
            ev.append({"type": "city_sides", "sides": sides})
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
            ev.append({"type": "spaces_blocked", "count": len(self.map.blocked_2p),
                       "spaces": [CELL_IDS[c] for c in sorted(self.map.blocked_2p)]})
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
        self.ops: list[Op] = []
        self._clear_auction()
        self.final: list[dict[str, Any]] | None = None
        self.phase = KEEP_TASKS
        self.stack = KEEP_STACK
        self.open_choices(tuple(range(players)))
        # What a player sees of setup, in its order (spec §2): the round cards and landmarks, the start
        # player and the two seats, each player's task cards (the cards themselves only to their owner:
        # the log hides them as the views do, engine/seen.py).
        ev.append({"type": "round_cards", "cards": [self.ed.cards[c][0] for c in order],
                   "landmarks": [self.ed.landmarks[x].id for x in lms[:er.rounds]]})
        ev.append({"type": "start_player", "seat": start, "holder": (start + 1) % players})
        ev.extend({"type": "tasks_dealt", "seat": s, "count": len(p.dealt), "tasks": [C.tasks[t].id for t in p.dealt]}
                  for s, p in enumerate(self.players))
        self.opening_events = ev

    def _clear_auction(self) -> None:
        self.queue: list[int] = []
        self.deferred = 0
        self.bid = [-1] * self.n
        self.bid_cards: list[list[int]] = [[] for _ in range(self.n)]
        self.bid_stack = [-1] * self.n
        self.figure_at_start = self.figure

    def card_steps(self) -> tuple[tuple[str, int, int, bool], ...]:
        return self.ed.cards[self.card_order[self.round - 1]][1]

    # ---- flow (mercator.engine.frames.FrameFlow over ``stack``) ------------------------------------
    def _idle(self, ev: list[Event]) -> NoReturn:
        raise AssertionError("the stack is empty only at the game's end")

    def _where(self) -> str:
        if self.ops:
            return f"round {self.round}, step {self.card_steps()[self.step][0]}"
        return f"round {self.round}"

    def _start_action_phase(self, ev: list[Event]) -> None:
        self.phase = ACTION
        ev.append({"type": "action_phase", "round": self.round})
        ops = self.stack = self.ops
        ops.append(op(COUNCIL, -1, 0))
        ops.append(op(ROUND_END, -1, 0))
        steps = self.card_steps()
        for i in range(len(steps) - 1, -1, -1):
            if steps[i][1] < BUILD_BONUS:
                ops.append(op(STEP, -1, i))

    def _next_round(self, ev: list[Event]) -> None:
        if self.round >= self.ed.rules.rounds:
            self._final_scoring(ev)
            self.phase = OVER
            self.stack = self.ops  # empty
            ev.append({"type": "game_over", "scores": self.scores(), "ranking": self.ranking()})
            return
        self.round += 1
        ev.append({"type": "round", "round": self.round})
        self._start_planning(ev)

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
        c.stack = c.ops if self.stack is self.ops else self.stack
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
        c.opening_events = self.opening_events
        return c
