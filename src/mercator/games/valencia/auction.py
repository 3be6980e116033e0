"""The action phase (spec §3.3-§3.6): the auction queue with reveal / pass / defer, ranking with
the figure tie rule, the rewards of each auction type, card returns and discards."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import (
    CELL_IDS,
    DOT_IDS,
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
from .frames import APPRENTICE, BID_TURN, BONUS, DISCARD, GOOD, LANDMARK, MOVE, PLACE, RETURN, SEAT, SELL
from .player import Player
from .space import BONUS as BONUS_ACTS
from .space import DECLINE, DEFER, NO_RETURN, NOTHING, PASS, PAYLOAD, REVEAL, SELL_DONE, TAKE_GOOD, TAKE_SEAT, C
from .space import LANDMARK as LANDMARK_ACTS
from .space import MOVE as MOVE_ACTS
from .space import PLACE as PLACE_ACTS
from .space import RETURN as RETURN_ACTS
from .space import SELL as SELL_ACTS

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
        self.ops.append((BID_TURN, -1, 0))

    # ---- decisions -----------------------------------------------------------------------------
    def _has_choice(self, kind: int, seat: int, arg: int) -> bool:
        p = self.players[seat]
        if kind == SEAT:
            return self.council[arg] != seat and p.supply > 0
        if kind == PLACE:
            return self._can_place(p, arg)
        if kind == APPRENTICE:
            return self.goods_supply[arg] > 0 or self._can_place(p, arg)
        if kind == SELL:
            return any(p.goods)
        if kind == MOVE:
            return bool(self._moves(seat))
        if kind == RETURN:
            return bool(self.bid_cards[seat])
        if kind == BONUS:
            return self.bonus_supply > 0 and any(not self.bonus_at[d] for d in self.map.dots)
        return any(self.lm_at[c] < 0 for c in self.map.sites)  # LANDMARK

    def _no_choice(self, kind: int, seat: int, arg: int, ev: list[Event]) -> None:
        """A reward that cannot be used resolves to nothing; say why."""
        if kind == SEAT:
            why = "already_held" if self.council[arg] == seat else "no_member"
            ev.append({"type": "seat_unused", "seat": seat, "council_seat": SEATS[arg], "reason": why})
        elif kind in (PLACE, APPRENTICE):
            ev.append({"type": "reward_unused", "seat": seat, "guild": GUILDS[arg]})
        elif kind == MOVE:
            ev.append({"type": "no_relocation", "seat": seat})
        elif kind in (BONUS, LANDMARK):
            ev.append({"type": "build_skipped", "seat": seat})

    def _legal_op(self, seat: int, op: tuple[int, int, int]) -> list[Action]:
        kind, _, arg = op
        p = self.players[seat]
        if kind == BID_TURN:
            acts = [REVEAL[k] for k in p.open_stacks()]
            acts.append(PASS)
            if self._can_defer(seat, p):
                acts.append(DEFER)
            return acts
        if kind == SEAT:
            return [TAKE_SEAT, DECLINE]
        if kind == PLACE:
            return [*self._placements(p, arg), DECLINE]
        if kind == APPRENTICE:
            acts = [TAKE_GOOD] if self.goods_supply[arg] > 0 else []
            return [*acts, *self._placements(p, arg), NOTHING]
        if kind == SELL:
            return [*(SELL_ACTS[g] for g in range(5) if p.goods[g]), SELL_DONE]
        if kind == MOVE:
            return [*self._moves(seat), DECLINE]
        if kind == RETURN:
            return [*(RETURN_ACTS[v - 1] for v in sorted(set(self.bid_cards[seat]))), NO_RETURN]
        if kind == BONUS:
            return [BONUS_ACTS[d] for d in self.map.dots if not self.bonus_at[d]]
        return [LANDMARK_ACTS[c] for c in self.map.sites if self.lm_at[c] < 0]

    def _can_defer(self, seat: int, p: Player) -> bool:
        return (p.privileges > 0 and not self.deferred >> seat & 1
                and any(self.players[s].has_open_stack() for s in self.queue[1:]))

    def _apply_op(self, seat: int, a: Action, op: tuple[int, int, int], ev: list[Event]) -> None:
        kind, _, arg = op
        p = self.players[seat]
        if kind == BID_TURN:
            self._apply_bid_turn(seat, p, a, ev)
            return
        if kind == SELL:
            if a is SELL_DONE:
                self.ops.pop()
                ev.append({"type": "sell_done", "seat": seat, "coins": p.coins})
            else:
                g = PAYLOAD[a.index][0]
                p.goods[g] -= 1
                self.goods_supply[g] += 1
                p.coins += C.good_value[g]
                ev.append({"type": "sold", "seat": seat, "guild": GUILDS[g], "coins": C.good_value[g]})
            return
        self.ops.pop()
        if kind == SEAT:
            if a is TAKE_SEAT:
                self._seat(seat, p, arg, ev)
            else:
                ev.append({"type": "seat_declined", "seat": seat, "council_seat": SEATS[arg]})
        elif a is DECLINE or a is NOTHING:
            ev.append({"type": "declined", "seat": seat})
        elif a is TAKE_GOOD:
            self._take_good(seat, arg, ev)
        elif kind in (PLACE, APPRENTICE):
            self._place(seat, p, PAYLOAD[a.index][0], ev)
        elif kind == MOVE:
            frm, to = PAYLOAD[a.index]
            self._move(seat, p, frm, to, ev)
        elif kind == RETURN:
            if a is NO_RETURN:
                ev.append({"type": "no_return", "seat": seat})
            else:
                v = PAYLOAD[a.index][0]
                self.bid_cards[seat].remove(v)
                p.pile.insert(0, v)  # the very bottom, below earlier returns
                p.known_bottom += 1
                ev.append({"type": "card_returned", "seat": seat, "value": v, "pile": len(p.pile)})
        elif kind == BONUS:
            d = PAYLOAD[a.index][0]
            self.bonus_at[d] = True
            self.bonus_supply -= 1
            ev.append({"type": "bonus_piece_placed", "seat": seat, "piece": self.ed.rules.bonus_piece_kind,
                       "dot": DOT_IDS[d]})
        else:
            c = PAYLOAD[a.index][0]
            self.lm_at[c] = arg
            self.lm_site[arg] = c
            ev.append({"type": "landmark_placed", "seat": seat, "landmark": self.ed.landmarks[arg].id,
                       "site": CELL_IDS[c]})

    def _apply_bid_turn(self, seat: int, p: Player, a: Action, ev: list[Event]) -> None:
        q = self.queue
        if a is PASS:
            q.pop(0)
            ev.append({"type": "passed", "seat": seat})
        elif a is DEFER:
            p.privileges -= 1
            self.privilege_supply += 1
            self.deferred |= 1 << seat
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
            self.bid_cards[seat] = cards[:]
            self.bid_stack[seat] = k
            self.bid[seat] = sum(cards)
            self.reveal = True
            ev.append({"type": "revealed", "seat": seat, "stack": k + 1, "values": cards[:], "bid": sum(cards)})

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
        seq: list[tuple[int, int, int]] = []
        top = order[:POSITIONS[kind]]
        if kind == NOBILITY_CHURCH:
            seq += [(SEAT, s, seat) for s, seat in zip(top, (0, 1), strict=False)]
        elif kind == GUILD:
            for r, s in enumerate(top):
                if r == 0:
                    seq += [(SEAT, s, GUILD_SEAT[g]), (GOOD, s, g), (PLACE, s, g)]
                elif r == 1:
                    seq += [(GOOD, s, g), (PLACE, s, g)]
                else:
                    seq.append((APPRENTICE, s, g))
        elif kind == MERCHANTS:
            if seat_flag:
                seq.append((SEAT, top[0], MERCHANTS))
            seq.append((SELL, top[0], 0))
        elif kind == RELOCATION:
            seq.append((MOVE, top[0], 0))
        seq += [(RETURN, s, 0) for s in order[POSITIONS[kind]:]]
        seq.append((DISCARD, -1, 0))
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
        return any(city[c] == EMPTY for c in self.map.guild_spaces[g])

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



