"""Ships and contracts: phase 2 voyages (spec §3.2), phase 5 draws (§3.5) and the phase-6
actions: contract swaps, trading posts and reservations, buying ships, loading and
dispatching, and the free-trade variant (§3.6, §5.1)."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import SIZES
from .fields import StateFields
from .frames import ANSWER, LOAD, OFFER, SWAP, Answer, Load, Offer, Swap, bundle
from .player import Player
from .space import (
    ANSWER as ANSWER_ACTS,
)
from .space import (
    BUY_POST,
    BUY_SHIP,
    CARD_IDS,
    DISPATCH,
    OFFER_GOLD,
    OFFER_GOLD_STEPS,
    OFFER_GOOD,
    OFFER_NEXT,
    PAYLOAD,
    RELEASE,
    RESERVE,
    SAIL,
    C,
    R,
)
from .space import (
    LOAD as LOAD_ACTS,
)
from .space import (
    OFFER as OFFER_ACTS,
)
from .space import (
    SWAP as SWAP_ACTS,
)

MAGISTER, URBI, CONSUL = 0, 3, 4
CARDS = C.contracts
LOAD_BASE = LOAD_ACTS[0].index
HOSPITIUM = C.by_id["hospitium"].bid
TURRIS = C.by_id["turris_marmorea"].bid
WALL_BIT = 1 << 4
LARGE = 2
SWAP_MIN = R.contract_swap_max  # the hand needed to swap
POST_COST = tuple(R.trading_post_cost)
SHIP_COST = tuple(C.ship_cost)
NO_GOODS = (0,) * 5


class ContractRules(StateFields):
    __slots__ = ()

    # ---- phase 2 and final arrival ---------------------------------------------------------------
    def _fulfil(self, seat: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        p = self.players[seat]
        hosp = p.bmask >> HOSPITIUM & 1
        for cid in cards:
            card = CARDS[cid]
            gold = card.gold + (card.passengers if hosp else 0)
            p.gold += gold
            p.fp += card.fp
            self.discard.append(cid)
            ev.append({"type": "contract_fulfilled", "seat": seat, "contract": card.id, "gold": gold, "fp": card.fp})

    def _move_ships(self, ev: list[Event]) -> None:
        for s, p in enumerate(self.players):
            ships = p.ships
            for i, (size, loc, cards) in enumerate(ships):
                if loc == 1:
                    ships[i] = (size, 0, ())
                    self._fulfil(s, cards, ev)
                elif loc == 2:
                    ships[i] = (size, 1, cards)

    # ---- drawing (spec §3.5) -----------------------------------------------------------------------
    def _draw(self, seat: int, n: int, ev: list[Event]) -> None:
        hand = self.players[seat].hand
        drawn = 0
        self.reveal = True  # the drawer sees new cards: no undo across a draw
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break  # D17: both piles empty, the draw stops
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                ev.append({"type": "deck_reshuffled", "cards": len(self.deck)})
            hand.append(self.deck.pop())
            drawn += 1
        ev.append({"type": "contracts_drawn", "seat": seat, "count": drawn})

    def draw_count(self, seat: int) -> int:
        p = self.players[seat]
        return (p.prod_level + p.unused_posts()
                + (R.magister_officiorum_extra_contracts if p.office == MAGISTER else 0)
                + (R.turris_marmorea_contracts if p.bmask >> TURRIS & 1 else 0))

    def _draw_contracts(self, ev: list[Event]) -> None:
        for s in self.order:
            self._draw(s, self.draw_count(s), ev)

    # ---- phase 6 turn --------------------------------------------------------------------------------
    def may_swap(self, p: Player) -> bool:
        if p.swapped:
            return False
        return (p.office == CONSUL and not p.preempted) or (p.office == URBI and not p.cats & WALL_BIT)

    def _legal_contracts(self, seat: int, p: Player, acts: list[Action]) -> None:
        hand, posts, gold, reserved = p.hand, p.posts, p.gold, p.reserved
        if len(hand) >= SWAP_MIN and self.may_swap(p):
            acts.extend([SWAP_ACTS[c] for c in hand])
        if posts < len(POST_COST) and not p.post_bought and gold >= POST_COST[posts]:
            acts.append(BUY_POST)
        if posts > len(reserved):
            acts.extend([RESERVE[c] for c in hand])
        acts.extend([RELEASE[c] for c, _ in reserved])
        supply = self.ship_supply
        for z in range(3):
            if supply[z] and gold >= SHIP_COST[z]:
                acts.append(BUY_SHIP[z])
        in_port = {sz for sz, loc, _ in p.ships if loc == 0}
        for z in range(3):
            if z in in_port:
                first = DISPATCH[z]
                acts.extend([first[a.index - LOAD_BASE] for a in self._loadable(p, z, 0, NO_GOODS)])
        if self.options.get("free_trade") and p.offers < R.free_trade_offers_per_round and _has_any(p):
            acts.extend(OFFER_ACTS[t] for t, q in enumerate(self.players) if t != seat and _has_any(q))

    def _candidates(self, p: Player) -> list[int]:
        rnd = self.round
        return p.hand + [c for c, r in p.reserved if r < rnd]  # reserved: only from a later round on

    def _loadable(self, p: Player, size: int, used: int, need: tuple[int, ...]) -> list[Action]:
        cap = C.ship_capacity[size]
        hosp = p.bmask >> HOSPITIUM & 1
        goods = p.goods
        out = []
        for cid in self._candidates(p):
            card = CARDS[cid]
            if not card.voyage[size]:
                continue
            if used + card.cubes + (0 if hosp else card.passengers) > cap:
                continue
            cargo = card.cargo
            if all(need[g] + cargo[g] <= goods[g] for g in range(5)):
                out.append(LOAD_ACTS[cid])
        return out

    def _legal_load(self, f: Load) -> list[Action]:
        acts = self._loadable(self.players[f.seat], f.size, f.used, f.need)
        if f.cards:
            acts.append(SAIL)
        return acts

    def _apply_contract_action(self, seat: int, a: Action, ev: list[Event]) -> None:
        p = self.players[seat]
        k = a.kind
        if k == "swap_pick":
            (cid,) = PAYLOAD[a.index]
            p.hand.remove(cid)
            self.stack.append(Swap(SWAP, seat, cid))
        elif k == "buy_trading_post":
            cost = R.trading_post_cost[p.posts]
            p.gold -= cost
            p.posts += 1
            p.post_bought = True
            ev.append({"type": "trading_post_bought", "seat": seat, "gold": cost})
            self._draw(seat, 1, ev)
        elif k == "reserve_contract":
            (cid,) = PAYLOAD[a.index]
            p.hand.remove(cid)
            p.reserved.append((cid, self.round))
            self.reveal = True  # the reserved card lies face up
            ev.append({"type": "contract_reserved", "seat": seat, "contract": CARD_IDS[cid]})
        elif k == "release_reserved":
            (cid,) = PAYLOAD[a.index]
            p.reserved = [(c, r) for c, r in p.reserved if c != cid]
            self.discard.append(cid)
            ev.append({"type": "contract_released", "seat": seat, "contract": CARD_IDS[cid]})
        elif k == "buy_ship":
            (z,) = PAYLOAD[a.index]
            self.ship_supply[z] -= 1
            p.gold -= C.ship_cost[z]
            p.ships.append((z, 0, ()))
            ev.append({"type": "ship_bought", "seat": seat, "size": SIZES[z], "gold": C.ship_cost[z]})
        elif k == "dispatch_ship":
            # Dispatching names the first contract, so a loading frame never starts empty.
            z, cid = PAYLOAD[a.index]
            frame = Load(LOAD, seat, z, (), 0, (0,) * 5)
            self.stack.append(frame)
            self._apply_load(frame, LOAD_ACTS[cid], ev)
        elif k == "trade_offer":
            (t,) = PAYLOAD[a.index]
            p.offers += 1
            self.stack.append(Offer(OFFER, seat, t, 0, 0, (0,) * 5, 0, (0,) * 5))
        else:  # pragma: no cover - the legality check makes this unreachable
            raise AssertionError(k)

    def _apply_swap(self, f: Swap, a: Action, ev: list[Event]) -> None:
        """The second pick of the swap ``f`` (already popped)."""
        seat, first = f.seat, f.first
        (second,) = PAYLOAD[a.index]
        p = self.players[seat]
        p.hand.remove(second)
        p.swapped = True
        self.discard.extend((first, second))
        self.reveal = True
        ev.append({"type": "contracts_swapped", "seat": seat, "contracts": [CARD_IDS[first], CARD_IDS[second]]})
        self._draw(seat, 2, ev)

    def _apply_load(self, f: Load, a: Action, ev: list[Event]) -> None:
        """``f``, on top of the stack, takes one more contract or sails."""
        _, seat, size, cards, used, need = f
        p = self.players[seat]
        if a is not SAIL:
            (cid,) = PAYLOAD[a.index]
            card = CARDS[cid]
            if cid in p.hand:
                p.hand.remove(cid)
                self.reveal = True  # a loaded card is shown
            else:
                p.reserved = [(c, r) for c, r in p.reserved if c != cid]  # frees its trading post
            load = card.cubes + (0 if p.bmask >> HOSPITIUM & 1 else card.passengers)
            need = tuple(need[g] + card.cargo[g] for g in range(5))
            self.stack[-1] = Load(LOAD, seat, size, (*cards, cid), used + load, need)
            ev.append({"type": "contract_loaded", "seat": seat, "contract": card.id, "size": SIZES[size]})
            return
        self.stack.pop()
        for g in range(5):
            p.goods[g] -= need[g]
        voyage = max(CARDS[c].voyage[size] for c in cards)  # D21: the longest card sets the voyage
        for i, (z, loc, _) in enumerate(p.ships):
            if z == size and loc == 0:
                p.ships[i] = (size, voyage, cards)
                break
        bonus = 0
        if sum(need):  # D22: the bonus needs goods aboard; passengers give no fame
            bonus = (R.long_voyage_bonus_fp if voyage == 2 else 0) + (R.large_ship_bonus_fp if size == LARGE else 0)
            p.fp += bonus
        ev.append({"type": "ship_dispatched", "seat": seat, "size": SIZES[size], "voyage": voyage,
                   "contracts": [CARD_IDS[c] for c in cards], "fp": bonus})

    # ---- free trade (spec §5.1) ----------------------------------------------------------------------
    def _legal_offer(self, f: Offer) -> list[Action]:
        _, seat, target, stage, ggold, ggoods, tgold, tgoods = f
        who, gold, goods = (seat, ggold, ggoods) if stage == 0 else (target, tgold, tgoods)
        q = self.players[who]
        acts = [OFFER_GOLD[i] for i, n in enumerate(OFFER_GOLD_STEPS) if gold + n <= q.gold]
        acts.extend(OFFER_GOOD[g] for g in range(5) if goods[g] < q.goods[g])
        if gold or any(goods):
            acts.append(OFFER_NEXT)
        return acts

    def _apply_offer(self, f: Offer, a: Action, ev: list[Event]) -> None:
        """The offerer adds to the bundle of ``f`` (on top of the stack) or moves on."""
        _, s, t, stage, ggold, ggoods, tgold, tgoods = f
        if a is OFFER_NEXT:
            if stage == 0:
                self.stack[-1] = Offer(OFFER, s, t, 1, ggold, ggoods, tgold, tgoods)
            else:
                self.stack[-1] = Answer(ANSWER, t, s, ggold, ggoods, tgold, tgoods)
                ev.append({"type": "trade_offered", "seat": s, "target": t, "give": bundle(ggold, ggoods),
                           "get": bundle(tgold, tgoods)})
            return
        goods_add: tuple[int, ...]
        if a.kind == "offer_gold":
            (n,) = PAYLOAD[a.index]
            gold_add, goods_add = n, (0,) * 5
        else:
            (g,) = PAYLOAD[a.index]
            gold_add, goods_add = 0, tuple(int(i == g) for i in range(5))
        if stage == 0:
            ggold += gold_add
            ggoods = tuple(x + y for x, y in zip(ggoods, goods_add, strict=True))
        else:
            tgold += gold_add
            tgoods = tuple(x + y for x, y in zip(tgoods, goods_add, strict=True))
        self.stack[-1] = Offer(OFFER, s, t, stage, ggold, ggoods, tgold, tgoods)

    def _apply_answer(self, f: Answer, a: Action, ev: list[Event]) -> None:
        """The target answers the offer ``f`` (already popped)."""
        _, t, s, ggold, ggoods, tgold, tgoods = f
        accept = PAYLOAD[a.index][0]
        ev.append({"type": "trade_answered", "seat": t, "offerer": s, "accept": bool(accept)})
        if accept:
            p, q = self.players[s], self.players[t]
            p.gold += tgold - ggold
            q.gold += ggold - tgold
            for g in range(5):
                p.goods[g] += tgoods[g] - ggoods[g]
                q.goods[g] += ggoods[g] - tgoods[g]

    def _legal_answer(self) -> list[Action]:
        return list(ANSWER_ACTS)


def _has_any(p: Player) -> bool:
    return p.gold > 0 or any(p.goods)
