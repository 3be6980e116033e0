"""The Constantinopolis game state: setup (spec §2) and the round's flow (§3). The rules of each
phase, and the views and determinisation, live in the mixins imported below."""

from __future__ import annotations

from typing import Any

from mercator.engine.actions import Action
from mercator.engine.frames import FrameFlow
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event, GameState

from .auction import AuctionRules
from .buildings import BuildingRules
from .contracts import ContractRules
from .data import GOODS, OFFICES
from .frames import ACT, SIMUL, TURN, Act, Frame, Simul, Turn
from .player import Player
from .round_end import RoundEndRules
from .space import SPACE, C, R
from .views import ViewRules

PUBLIC_HAND = ("hand",)


class ConstantinopolisState(FrameFlow, AuctionRules, BuildingRules, ContractRules, RoundEndRules, ViewRules,
                            SimultaneousChoices, GameState):
    GAME = "constantinopolis"
    SPACE = SPACE

    __slots__ = ()  # the fields are fields.StateFields' slots (waiting and commits: SimultaneousChoices')
    # What setup did, for logs: not part of the position (the hash and the records stay as they were).
    NOT_STATE = GameState.NOT_STATE | {"opening_events"}

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        rng = self.rng
        copies = R.copies_per_type[str(players)]
        self.players = [Player() for _ in range(players)]
        self.supply = [0 if b.id == "ager" else (copies if b.category <= 2 else 1) for b in C.buildings]
        self.ship_supply = [C.ship_copies[0] - players, C.ship_copies[1], C.ship_copies[2]]
        # Setup draws, in this order: contract deck, market pile, office placement (spec §2.2).
        self.deck = list(range(len(C.contracts)))
        rng.shuffle(self.deck)
        self.discard: list[int] = []
        piles = list(range(len(C.markets)))
        rng.shuffle(piles)
        self.market = piles.pop()
        self.future = piles  # top card is the last element; order hidden
        self.under: list[int] = []
        self.exhaustions = 0
        self.final_round = 0  # 0 = not yet known
        seats = list(range(players))
        rng.shuffle(seats)
        self.holder = [-1] * 5
        self.stake = [0] * 5
        for slot, s in enumerate(seats):
            self.holder[slot] = s
            self.players[s].office = slot
        self.round = 1
        self.stack: list[Frame] = []
        self.order = seats[:]
        self.turn_pos = 0
        self.waiting: tuple[int, ...] = ()
        self.commits: dict[int, Action] = {}
        self.over = False
        ev: list[Event] = [{"type": "round", "round": 1}]
        ev.extend({"type": "office_dealt", "seat": s, "office": OFFICES[slot]} for slot, s in enumerate(seats))
        self._start_auction()
        self._advance(ev)
        self.opening_events = ev

    @property
    def n(self) -> int:
        return self.seats

    # ---- flow ----------------------------------------------------------------------------------
    def order_by_slot(self) -> list[int]:
        return [s for s in self.holder if s >= 0]

    def _start_auction(self) -> None:
        self.phase = 1
        self.p1_done = False
        self.acted = [False] * self.n
        self.banned = [0] * self.n
        self.base_order = self.order_by_slot()

    def _idle(self, ev: list[Event]) -> None:
        """The automatic round structure (spec §3): push the next decision, or move the round
        on, or end the game."""
        ph = self.phase
        if ph == 1:
            if not self.p1_done:
                nxt = next((p for p in self.base_order if not self.acted[p]), -1)
                if nxt >= 0:
                    self.acted[nxt] = True
                    self.stack.append(Act(ACT, nxt))
                else:
                    self.p1_done = True
                    self._end_auction(ev)
            else:
                self._production_and_voyages(ev)
        elif ph in (4, 6):
            if self.turn_pos < len(self.order):
                self.stack.append(Turn(TURN, self.order[self.turn_pos]))
                self.turn_pos += 1
            elif ph == 4:
                self._draw_contracts(ev)
                self.phase, self.turn_pos = 6, 0
                ev.append({"type": "phase", "phase": 6})
            else:
                self.phase = 7
                ev.append({"type": "phase", "phase": 7})
                self._start_simul("donate", self._legal_donate)
        elif ph == 7:
            self.phase = 8
            ev.append({"type": "phase", "phase": 8})
            self._change_market(ev)
            for p in self.players:
                p.reset_round()
            self._start_simul("keep", lambda s: self.players[s].goods_count() > self.storage_limit(self.players[s]))
        elif self.game_ends_now():
            self._final_scoring(ev)
            self.over = True
            ev.append({"type": "game_over", "scores": self.scores(), "ranking": self.ranking()})
        else:
            self.round += 1
            ev.append({"type": "round", "round": self.round})
            self._start_auction()

    def _production_and_voyages(self, ev: list[Event]) -> None:
        self.order = self.order_by_slot()
        ev.append({"type": "player_order", "order": self.order})
        if self.round > 1:
            self._move_ships(ev)
        for s, p in enumerate(self.players):
            made = [0] * 5
            for b in C.buildings:
                if b.category == 0 and p.bmask >> b.bid & 1:
                    for g in range(5):
                        made[g] += b.output[g]
            for g in range(5):
                p.goods[g] += made[g]
            ev.append({"type": "produced", "seat": s, "goods": {GOODS[g]: n for g, n in enumerate(made) if n}})
        self.phase, self.turn_pos = 4, 0
        ev.append({"type": "phase", "phase": 4})

    def _start_simul(self, kind: str, needs: Any) -> None:
        if self.open_choices(tuple(s for s in range(self.n) if needs(s))):
            self.stack.append(Simul(SIMUL, kind))

    # ---- the frame flow (mercator.engine.frames.FrameFlow) ---------------------------------------
    def _where(self) -> str:
        return f"round {self.round}, phase {self.phase}"

    def is_over(self) -> bool:
        return self.over

    # ---- copies --------------------------------------------------------------------------------
    def _copy(self) -> ConstantinopolisState:
        c = ConstantinopolisState.__new__(ConstantinopolisState)
        c.players = [p.copy() for p in self.players]
        c.round = self.round
        c.phase = self.phase
        c.p1_done = self.p1_done
        c.stack = self.stack[:]
        c.order = self.order[:]
        c.turn_pos = self.turn_pos
        c.supply = self.supply[:]
        c.ship_supply = self.ship_supply[:]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.market = self.market
        c.under = self.under[:]
        c.future = self.future[:]
        c.exhaustions = self.exhaustions
        c.final_round = self.final_round
        c.holder = self.holder[:]
        c.stake = self.stake[:]
        c.acted = self.acted[:]
        c.banned = self.banned[:]
        c.base_order = self.base_order[:]
        c.waiting = self.waiting
        c.commits = dict(self.commits)
        c.over = self.over
        c.opening_events = self.opening_events
        return c
