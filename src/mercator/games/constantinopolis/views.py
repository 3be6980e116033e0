"""Per-seat views, the full snapshot, declared secrets and determinisation."""

from __future__ import annotations

from typing import Any

from mercator.engine.rng import Rng

from .data import GOODS, OFFICES, SIZES
from .fields import StateFields
from .frames import SWAP, Swap
from .space import CARD_IDS, C

PHASE_NAMES = {1: "auction", 4: "buildings", 6: "contracts", 7: "donations", 8: "end_of_round"}


class ViewRules(StateFields):
    __slots__ = ()

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample other seats' hands and hidden swap picks, the deck order, the future market
        pile and other seats' uncommitted-to-view simultaneous choices."""
        pool = self.deck[:]
        sizes = []
        top = self.stack[-1] if self.stack else None
        pick = top if isinstance(top, Swap) and top.seat != seat else None  # another seat's hidden swap pick
        if pick is not None:
            pool.append(pick.first)
        for s, p in enumerate(self.players):
            if s != seat:
                pool.extend(p.hand)
                sizes.append((s, len(p.hand)))
        pool.sort()  # canonical before shuffling: the result depends only on what ``seat`` knows
        rng.shuffle(pool)
        for s, k in sizes:
            self.players[s].hand = [pool.pop() for _ in range(k)]
        if pick is not None:
            self.stack[-1] = Swap(SWAP, pick.seat, pool.pop())
        self.deck = pool
        self.future.sort()
        rng.shuffle(self.future)
        self.resample_choices(seat, rng, self._legal)

    # ---- views -----------------------------------------------------------------------------------
    def _player_view(self, s: int, viewer: int | None) -> dict[str, Any]:
        p = self.players[s]
        out: dict[str, Any] = {
            "seat": s,
            "gold": p.gold,
            "fp": p.fp,
            "goods": {GOODS[g]: p.goods[g] for g in range(5)},
            "buildings": [b.id for b in C.buildings if p.bmask >> b.bid & 1],
            "production_level": p.prod_level,
            "office": OFFICES[p.office] if p.office >= 0 else None,
            "ships": [{"size": SIZES[z], "at": ("port", "short", "long")[loc], "contracts": [CARD_IDS[c] for c in cs]}
                      for z, loc, cs in p.ships],
            "trading_posts": p.posts,
            "unused_trading_posts": p.unused_posts(),
            "reserved": [{"contract": CARD_IDS[c], "round": r} for c, r in p.reserved],
            "hand_size": len(p.hand),
            "round_flags": {
                "categories_bought": [n for i, n in enumerate(("production", "commercial", "utility", "public", "wall"))
                                      if p.cats >> i & 1],
                "trades": p.trades, "trade_limit": self.trade_limit(p),
                "bought": [GOODS[g] for g in range(5) if p.bought >> g & 1],
                "sold": [GOODS[g] for g in range(5) if p.sold >> g & 1],
                "commercial_used": [b.id for b in C.buildings if p.com_used >> b.bid & 1],
                "redemptor_used": p.redemptor_used, "porta_pegae_used": p.pegae_used,
                "trading_post_bought": p.post_bought, "swapped": p.swapped, "preempted": p.preempted,
                "offers": p.offers,
            },
        }
        if viewer == s:
            out["hand"] = [CARD_IDS[c] for c in p.hand]
        return out

    def _frame_view(self, viewer: int | None) -> dict[str, Any] | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        return {"kind": top.NAME, **top.view(self, viewer)}

    def view(self, seat: int | None) -> dict[str, Any]:
        m = C.markets[self.market]
        return {
            "game": self.GAME,
            "seat": seat,
            "round": self.round,
            "final_round": self.final_round or None,
            "phase": self.phase,
            "phase_name": PHASE_NAMES.get(self.phase, str(self.phase)),
            "to_act": list(self.to_act()),
            "decision": self._frame_view(seat),
            "player_order": self.order_by_slot() if self.phase == 1 else self.order,
            "offices": [{"office": OFFICES[o], "holder": None if self.holder[o] < 0 else self.holder[o],
                         "stake": self.stake[o]} for o in range(5)],
            "market": {"current": m.id, "future_cards": len(self.future), "exhaustions": self.exhaustions,
                       "buy": dict(zip(GOODS, m.buy, strict=True)), "sell": dict(zip(GOODS, m.sell, strict=True)),
                       "trade_limit": m.trade_limit,
                       "donations": [{"good": GOODS[g], "qty": q, "fp": f} for g, q, f in m.donations]},
            "building_supply": {b.id: self.supply[b.bid] for b in C.buildings if b.id != "ager"},
            "ship_supply": dict(zip(SIZES, self.ship_supply, strict=True)),
            "deck_size": len(self.deck),
            "discard": [CARD_IDS[c] for c in self.discard],
            "players": [self._player_view(s, seat) for s in range(self.n)],
            "over": self.over,
            "scores": self.scores() if self.over else None,
            "ranking": self.ranking() if self.over else None,
        }

    def rule1_snapshot(self) -> dict[str, Any]:
        full = self.view(None)
        full["hands"] = [list(p.hand) for p in self.players]
        full["deck"] = list(self.deck)
        full["future"] = list(self.future)
        full["under"] = list(self.under)
        full["stack"] = [list(f) for f in self.stack]
        full["commits"] = {str(s): a.index for s, a in sorted(self.commits.items())}
        full["flow"] = [self.p1_done, self.turn_pos, self.acted, self.banned, self.base_order, list(self.waiting)]
        return full

    def secrets(self, seat: int) -> list[Any]:
        out: list[Any] = [CARD_IDS[c] for c in self.players[seat].hand]
        top = self.stack[-1] if self.stack else None
        if isinstance(top, Swap) and top.seat == seat:
            out.append(CARD_IDS[top.first])
        return out + self.choice_secrets(seat)
