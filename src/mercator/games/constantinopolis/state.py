"""The Constantinopolis game state: setup (spec §2) and the round's flow (§3). The rules of each
phase, and the views and determinisation, live in the mixins imported below."""

from __future__ import annotations

from typing import Any

from mercator.engine.actions import Action
from mercator.engine.simultaneous import SimultaneousChoices
from mercator.engine.state import Event, GameState

from .auction import AuctionRules
from .buildings import BuildingRules
from .contracts import ContractRules
from .data import GOODS
from .frames import ACT, ANSWER, BID, GOOD, LOAD, NAMES, OFFER, PREEMPT, SIMUL, SWAP, TURN, Frame
from .player import Player
from .round_end import RoundEndRules
from .space import CARD_IDS, END_TURN, SPACE, C, R
from .space import SWAP as SWAP_ACTS
from .views import ViewRules

PUBLIC_HAND = ("hand",)


class ConstantinopolisState(AuctionRules, BuildingRules, ContractRules, RoundEndRules, ViewRules, SimultaneousChoices,
                            GameState):
    GAME = "constantinopolis"
    SPACE = SPACE

    __slots__ = ()  # the fields are fields.StateFields' slots (waiting and commits: SimultaneousChoices')

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
        self._start_auction()
        self._run([])

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

    def _run(self, ev: list[Event]) -> None:
        """Play automatic steps until some seat must decide (or the game is over)."""
        while not self.stack and not self.over:
            ph = self.phase
            if ph == 1:
                if not self.p1_done:
                    nxt = next((p for p in self.base_order if not self.acted[p]), -1)
                    if nxt >= 0:
                        self.acted[nxt] = True
                        self.stack.append((ACT, nxt))
                    else:
                        self.p1_done = True
                        self._end_auction(ev)
                else:
                    self._production_and_voyages(ev)
            elif ph in (4, 6):
                if self.turn_pos < len(self.order):
                    self.stack.append((TURN, self.order[self.turn_pos]))
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
            else:
                if self.game_ends_now():
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
            self.stack.append((SIMUL, kind))

    # ---- the GameState hooks -------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        top = self.stack[-1]
        k = top[0]
        if k == SIMUL:
            return self.pending_seats()
        if k == BID:
            return (top[2] if top[5] == top[1] else top[1],)
        return (top[1],)

    def describe_decision(self) -> str:
        top = self.stack[-1] if self.stack else None
        if top is None:
            return "game over"
        return f"round {self.round}, phase {self.phase}: {NAMES[top[0]]}"

    def _legal(self, seat: int) -> list[Action]:
        top = self.stack[-1]
        k = top[0]
        if k == TURN:
            p = self.players[seat]
            acts: list[Action] = []
            if self.phase == 4:
                self._legal_buy(p, acts)
            self._legal_market(p, acts)
            self._legal_commercial(p, acts)
            if self.phase == 6:
                self._legal_contracts(seat, p, acts)
            acts.append(END_TURN)
            return acts
        if k == ACT:
            return self._legal_act(seat)
        if k == BID:
            return self._legal_bid(top)
        if k == GOOD:
            return self._legal_good(seat)
        if k == PREEMPT:
            return [SPACE.get("preempt", False), SPACE.get("preempt", True)]
        if k == LOAD:
            return self._legal_load(top)
        if k == SWAP:  # the second card of a two-card swap
            return [SWAP_ACTS[c] for c in self.players[seat].hand]
        if k == OFFER:
            return self._legal_offer(top)
        if k == ANSWER:
            return self._legal_answer()
        return self._legal_donate(seat) if top[1] == "donate" else self._legal_keep(seat)

    def _apply(self, seat: int, a: Action) -> list[Event]:
        ev: list[Event] = []
        top = self.stack[-1]
        k = top[0]
        if k == TURN:
            kind = a.kind
            if kind == "buy_building":
                self._apply_buy(seat, a, ev)
            elif kind in ("market_buy", "market_sell"):
                self._apply_market(seat, a, ev)
            elif kind in ("use_commercial", "use_porta_pegae"):
                self._apply_commercial(seat, a, ev)
            elif a is END_TURN:
                self.stack.pop()
                p = self.players[seat]
                if self.phase == 6 and p.hand:
                    self.discard.extend(p.hand)
                    ev.append({"type": "hand_discarded", "seat": seat, "contracts": [CARD_IDS[c] for c in p.hand]})
                    p.hand = []
                    self.reveal = True
                ev.append({"type": "end_turn", "seat": seat})
            else:
                self._apply_contract_action(seat, a, ev)
        elif k == ACT:
            self._apply_act(seat, a, ev)
        elif k == BID:
            self._apply_bid(seat, a, ev)
        elif k == GOOD:
            self._apply_good(seat, a, ev)
        elif k == PREEMPT:
            self._apply_preempt(seat, a, ev)
        elif k == LOAD:
            self._apply_load(seat, a, ev)
        elif k == SWAP:
            self._apply_swap(seat, a, ev)
        elif k == OFFER:
            self._apply_offer(seat, a, ev)
        elif k == ANSWER:
            self._apply_answer(seat, a, ev)
        else:
            self._commit(seat, a, top[1], ev)
        self._run(ev)
        return ev

    def _commit(self, seat: int, a: Action, kind: str, ev: list[Event]) -> None:
        """A simultaneous hidden choice: stored secretly, resolved when every seat has chosen."""
        ev.append({"type": "committed", "seat": seat, "choice": kind})
        chosen = self.commit_choice(seat, a)
        if chosen is None:
            return
        self.stack.pop()
        resolve = self._resolve_donate if kind == "donate" else self._resolve_keep
        for s, choice in chosen:
            resolve(s, choice, ev)
        self.reveal = True

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
        return c
