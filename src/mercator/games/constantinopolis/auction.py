"""Phase 1: the public-office auction (spec §3.1)."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import GOODS, OFFICES
from .fields import StateFields
from .frames import ACT, BID, GOOD, Act, Bid, Good
from .player import Player
from .space import CHALLENGE, MOVE, PASS, PAYLOAD, RAISE, STAY, TAKE, TAKE_NONE, C, R

PRETORIO, COMES, URBI, CONSUL = 1, 2, 3, 4
AUREA = C.by_id["porta_aurea"].bid
CHARISIANA = C.by_id["porta_charisiana"].bid


class AuctionRules(StateFields):
    __slots__ = ()

    def _move_cost(self, p: Player) -> int:
        # D09: an officeless player with fewer than 2 gold moves for free, so he can always finish.
        return 0 if p.office < 0 and p.gold < R.vacant_office_cost else R.vacant_office_cost

    def _legal_act(self, seat: int) -> list[Action]:
        p = self.players[seat]
        acts = [STAY] if p.office >= 0 else []
        cost = self._move_cost(p)
        top = min(p.gold, R.max_bid)
        for o in range(5):
            h = self.holder[o]
            if h < 0:
                if p.gold >= cost:
                    acts.append(MOVE[o])
            elif h != seat and not self.banned[seat] >> o & 1 and top > self.stake[o]:
                acts.extend(CHALLENGE[o][self.stake[o]:top])
        return acts

    def _legal_bid(self, f: Bid) -> list[Action]:
        _, c, h, o, current, leader = f
        limit = self.players[h].gold + self.stake[o] if leader == c else self.players[c].gold
        return [PASS, *RAISE[current:min(limit, R.max_bid)]]

    def _legal_good(self, seat: int) -> list[Action]:
        mask = self.players[seat].pmask
        return [TAKE[g] for g in range(5) if mask >> g & 1] + [TAKE_NONE]

    def _vacate(self, seat: int, ev: list[Event]) -> None:
        p = self.players[seat]
        if p.office >= 0:
            p.gold += self.stake[p.office]  # D34: a stake is refunded when the office is left
            self.stake[p.office] = 0
            self.holder[p.office] = -1
            p.office = -1

    def _apply_act(self, seat: int, a: Action, ev: list[Event]) -> None:
        p = self.players[seat]
        if a is STAY:
            ev.append({"type": "office_stay", "seat": seat, "office": OFFICES[p.office]})
            self.stack.pop()
        elif a.kind == "office_move":
            (o,) = PAYLOAD[a.index]
            cost = self._move_cost(p)
            self._vacate(seat, ev)
            p.gold -= cost
            self.stake[o] = cost
            self.holder[o] = seat
            p.office = o
            ev.append({"type": "office_move", "seat": seat, "office": OFFICES[o], "gold": cost})
            self.stack.pop()
        else:
            o, bid = PAYLOAD[a.index]
            h = self.holder[o]
            ev.append({"type": "office_challenge", "seat": seat, "holder": h, "office": OFFICES[o], "bid": bid})
            self.stack.append(Bid(BID, seat, h, o, bid, seat))

    def _apply_bid(self, f: Bid, seat: int, a: Action, ev: list[Event]) -> None:
        _, c, h, o, current, leader = f
        if a is not PASS:
            (bid,) = PAYLOAD[a.index]
            ev.append({"type": "bid_raise", "seat": seat, "office": OFFICES[o], "bid": bid})
            self.stack[-1] = Bid(BID, c, h, o, bid, seat)
            return
        ev.append({"type": "bid_pass", "seat": seat, "office": OFFICES[o]})
        self.stack.pop()
        if leader == h:
            hp = self.players[h]
            hp.gold -= current - self.stake[o]
            self.stake[o] = current
            self.banned[c] |= 1 << o  # D10: the loser may not bid on this office again this phase
            ev.append({"type": "office_defended", "seat": h, "challenger": c, "office": OFFICES[o],
                       "bid": current})
            return  # the challenger's activation frame is on top again: he chooses anew
        cp, hp = self.players[c], self.players[h]
        self._vacate(c, ev)
        hp.gold += self.stake[o]
        cp.gold -= current
        self.stake[o] = current
        self.holder[o] = c
        cp.office = o
        hp.office = -1
        self.banned[h] |= 1 << o
        ev.append({"type": "office_won", "seat": c, "holder": h, "office": OFFICES[o], "bid": current})
        # The displaced holder is activated at once; the winner's activation ends with his.
        self.stack.pop()
        self.acted[h] = True
        self.stack.append(Act(ACT, h))

    def _end_auction(self, ev: list[Event]) -> None:
        """Spec §3.1.6: stakes to the bank, Comes, Pretorio, wall perks, player order."""
        for o in range(5):
            self.stake[o] = 0
        frames: list[Good] = []
        comes = self.holder[COMES]
        if comes >= 0:
            self.players[comes].gold += R.comes_thesaurorum_gold
            ev.append({"type": "office_income", "seat": comes, "office": OFFICES[COMES],
                       "gold": R.comes_thesaurorum_gold})
        if self.holder[PRETORIO] >= 0:
            frames.append(Good(GOOD, self.holder[PRETORIO], 0))
        for s, p in enumerate(self.players):
            if p.owns(AUREA):
                p.gold += R.porta_aurea_gold
                ev.append({"type": "wall_income", "seat": s, "building": "porta_aurea", "gold": R.porta_aurea_gold})
        for s in self.order_by_slot():
            if self.players[s].owns(CHARISIANA):
                frames.append(Good(GOOD, s, 1))
        self.stack.extend(reversed(frames))

    def _apply_good(self, f: Good, seat: int, a: Action, ev: list[Event]) -> None:
        """``f`` (already popped) takes one good."""
        what = "pretorio" if f.source == 0 else "charisiana"
        if a is TAKE_NONE:
            ev.append({"type": "good_declined", "seat": seat, "source": what})
            return
        (g,) = PAYLOAD[a.index]
        self.players[seat].goods[g] += 1
        ev.append({"type": "good_taken", "seat": seat, "source": what, "good": GOODS[g]})
