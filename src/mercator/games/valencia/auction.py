"""The action phase (spec §3.3-§3.6): the auction queue with reveal / pass / defer, ranking with
the figure tie rule, the rewards of each auction type, card returns and discards."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import (
    CELL_IDS,
    GUILD,
    GUILD_SEAT,
    GUILDS,
    MERCHANTS,
    NOBILITY_CHURCH,
    RELOCATION,
    SEATS,
    STEP_TYPES,
)
from .fields import StateFields
from .frames import (
    APPRENTICE,
    BID_TURN,
    DISCARD,
    GOOD,
    MOVE,
    PLACE,
    RETURN,
    SEAT,
    SELL,
    Op,
    op,
)
from .player import Player
from .space import MOVE as MOVE_ACTS
from .space import PLACE as PLACE_ACTS
from .space import C

EMPTY = -1
# Rewarded ranks per auction type (spec §3.4): nobility_church 2, guild 3, merchants 1, relocation 1.
POSITIONS = (2, 3, 1, 1)


class AuctionRules(StateFields):
    __slots__ = ()

    # ---- starting an auction -------------------------------------------------------------------
    def _start_step(self, i: int, ev: list[Event]) -> None:
        self.step = i
        self._clear_auction()
        letter, kind, guild, seat_flag = self.card_steps()[i]
        self.queue = [(self.figure + k) % self.n for k in range(self.n)]
        if kind == GUILD:
            ev.append({"type": "guild_auction", "step": letter, "guild": GUILDS[guild], "holder": self.figure})
        elif kind == MERCHANTS:
            ev.append({"type": "merchants_auction", "step": letter, "with_seat": seat_flag, "holder": self.figure})
        else:
            ev.append({"type": "auction", "step": letter, "auction": STEP_TYPES[kind], "holder": self.figure})
        self.ops.append(op(BID_TURN, -1, 0))

    # ---- the auction turn (frames.BidTurn) ------------------------------------------------------
    def _can_defer(self, seat: int, p: Player) -> bool:
        return (p.privileges > 0 and not self.deferred >> seat & 1
                and any(self.players[s].has_open_stack() for s in self.queue[1:]))

    # ---- ranking and rewards -------------------------------------------------------------------
    def auction_ranking(self) -> list[int]:
        """Bidders by bid, ties to the seat closer (clockwise) to the figure holder at the start."""
        f, n = self.figure_at_start, self.n
        return sorted((s for s in range(n) if self.bid[s] >= 0), key=lambda s: (-self.bid[s], (s - f) % n))

    def _resolve_auction(self, ev: list[Event]) -> None:
        order = self.auction_ranking()
        if not order:
            ev.append({"type": "no_bids"})
            self._clear_auction()
            return
        _, kind, g, seat_flag = self.card_steps()[self.step]
        ev.append({"type": "ranking", "order": order, "bids": [self.bid[s] for s in order]})
        if self.figure != order[0]:
            ev.append({"type": "figure", "seat": order[0]})
        self.figure = order[0]
        seq: list[Op] = []
        top = order[:POSITIONS[kind]]
        if kind == NOBILITY_CHURCH:
            seq += [op(SEAT, s, seat) for s, seat in zip(top, (0, 1), strict=False)]
        elif kind == GUILD:
            for r, s in enumerate(top):
                if r == 0:
                    seq += [op(SEAT, s, GUILD_SEAT[g]), op(GOOD, s, g), op(PLACE, s, g)]
                elif r == 1:
                    seq += [op(GOOD, s, g), op(PLACE, s, g)]
                else:
                    seq.append(op(APPRENTICE, s, g))
        elif kind == MERCHANTS:
            if seat_flag:
                seq.append(op(SEAT, top[0], MERCHANTS))
            seq.append(op(SELL, top[0], 0))
        elif kind == RELOCATION:
            seq.append(op(MOVE, top[0], 0))
        seq += [op(RETURN, s, 0) for s in order[POSITIONS[kind]:]]
        seq.append(op(DISCARD, -1, 0))
        self.ops.extend(reversed(seq))

    def _discard_auction(self, ev: list[Event]) -> None:
        for s in range(self.n):
            if self.bid[s] >= 0:
                cards = self.bid_cards[s]
                self.players[s].discard.extend(cards)
                ev.append({"type": "discarded", "seat": s, "values": cards[:]})
        self._clear_auction()

    # ---- placement primitives (spec §3.5) ------------------------------------------------------
    def _seat(self, seat: int, p: Player, x: int, ev: list[Event]) -> None:
        old = self.council[x]
        if old >= 0:
            self.players[old].supply += 1
            ev.append({"type": "displaced", "seat": old, "council_seat": SEATS[x], "holder": seat})
        self.council[x] = seat
        p.supply -= 1
        ev.append({"type": "seat_taken", "seat": seat, "council_seat": SEATS[x]})

    def _take_good(self, seat: int, g: int, ev: list[Event]) -> None:
        if self.goods_supply[g] > 0:
            self.goods_supply[g] -= 1
            self.players[seat].goods[g] += 1
            ev.append({"type": "good_taken", "seat": seat, "guild": GUILDS[g]})
        else:
            ev.append({"type": "goods_exhausted", "seat": seat, "guild": GUILDS[g]})

    def _can_place(self, p: Player, g: int) -> bool:
        if p.supply <= 0 or p.coins < C.cost[g]:
            return False
        city = self.city
        for c in self.map.guild_spaces[g]:  # noqa: SIM110 - asked at every to_act of a placement; quicker than any()
            if city[c] == EMPTY:
                return True
        return False

    def _placements(self, p: Player, g: int) -> list[Action]:
        if p.supply <= 0 or p.coins < C.cost[g]:
            return []
        city = self.city
        return [PLACE_ACTS[c] for c in self.map.guild_spaces[g] if city[c] == EMPTY]

    def _place(self, seat: int, p: Player, c: int, ev: list[Event]) -> None:
        g = self.map.kind[c]
        p.coins -= C.cost[g]
        p.supply -= 1
        self.city[c] = seat
        ev.append({"type": "placed", "seat": seat, "space": CELL_IDS[c], "guild": GUILDS[g], "coins": C.cost[g]})
        self._arrive(seat, p, c, -1, ev)

    def _moves(self, seat: int) -> list[Action]:
        city = self.city
        moves = self.map.moves
        return [MOVE_ACTS[(a, b)] for a in self.map.spaces if city[a] == seat for b in moves[a] if city[b] == EMPTY]

    def _move(self, seat: int, p: Player, frm: int, to: int, ev: list[Event]) -> None:
        self.city[frm] = EMPTY
        self.city[to] = seat
        ev.append({"type": "moved", "seat": seat, "from": CELL_IDS[frm], "to": CELL_IDS[to]})
        self._arrive(seat, p, to, frm, ev)

    def _arrive(self, seat: int, p: Player, to: int, frm: int, ev: list[Event]) -> None:
        """Fountain arrival bonuses (spec §3.5.5), ascending by value; none from a fountain that was
        already next to the departure space."""
        if not self.ed.rules.landmark_arrival_bonuses:
            return
        before = self.map.adj_sites[frm] if frm >= 0 else ()
        hits = sorted(self.lm_at[s] for s in self.map.adj_sites[to] if self.lm_at[s] >= 0 and s not in before)
        for lid in hits:
            lm = self.ed.landmarks[lid]
            if lm.bonus == 1:
                p.coins += 2
                ev.append({"type": "bonus_coins", "seat": seat, "landmark": lm.id, "coins": 2})
            elif lm.bonus == 2:
                g = self.map.kind[to]
                if self.goods_supply[g] > 0:
                    self.goods_supply[g] -= 1
                    p.goods[g] += 1
                    ev.append({"type": "bonus_good", "seat": seat, "landmark": lm.id, "guild": GUILDS[g]})
            elif lm.bonus == 3:
                p.vp += 1
                ev.append({"type": "bonus_vp", "seat": seat, "landmark": lm.id, "vp": 1})



