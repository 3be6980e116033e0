"""Phase 7 donations (spec §3.7), phase 8 market change and storage (§3.8), the end
triggers (§4.1) and final scoring with tie-breakers (§4.2)."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import GOODS
from .fields import StateFields
from .player import Player
from .space import DONATE, DONATE_NONE, KEEP, KEEP_SETS, PAYLOAD, C, R

HORREUM = C.by_id["horreum"].bid
XYLOKERKOU = C.by_id["porta_xylokerkou"].bid
PUBLIC_TILES = [b.bid for b in C.buildings if b.category == 3]
WALL_MASK = sum(1 << b.bid for b in C.buildings if b.category == 4)


class RoundEndRules(StateFields):
    __slots__ = ()

    # ---- phase 7 ------------------------------------------------------------------------------------
    def _legal_donate(self, seat: int) -> list[Action]:
        p = self.players[seat]
        acts = [DONATE[g] for g, qty, _ in C.markets[self.market].donations
                if p.pmask >> g & 1 and p.goods[g] >= qty and not p.donated]
        if acts:
            acts.append(DONATE_NONE)
        return acts

    def _resolve_donate(self, seat: int, a: Action, ev: list[Event]) -> None:
        if a is DONATE_NONE:
            ev.append({"type": "donation_none", "seat": seat})
            return
        (g,) = PAYLOAD[a.index]
        p = self.players[seat]
        qty, fp = next((q, f) for good, q, f in C.markets[self.market].donations if good == g)
        fp += R.porta_xylokerkou_fp if p.bmask >> XYLOKERKOU & 1 else 0
        p.goods[g] -= qty
        p.fp += fp
        p.donated = True
        ev.append({"type": "donation", "seat": seat, "good": GOODS[g], "qty": qty, "fp": fp})

    # ---- phase 8 ------------------------------------------------------------------------------------
    def _change_market(self, ev: list[Event]) -> None:
        if not self.future:
            return
        self.under.append(self.market)
        self.market = self.future.pop()
        self.reveal = True  # a hidden market card is turned up
        ev.append({"type": "market_changed", "market": C.markets[self.market].id, "left": len(self.future)})
        if self.future:
            return
        self.exhaustions += 1
        if self.exhaustions < R.market_exhaustions_to_final_round:
            self.future, self.under = self.under, []
            self.rng.shuffle(self.future)
            ev.append({"type": "markets_reshuffled", "cards": len(self.future)})
        elif self.exhaustions == R.market_exhaustions_to_final_round:
            self.final_round = self.round + 1
            ev.append({"type": "final_round_next", "round": self.final_round})

    def storage_limit(self, p: Player) -> int:
        return R.horreum_storage_limit if p.bmask >> HORREUM & 1 else R.storage_limit

    def _legal_keep(self, seat: int) -> list[Action]:
        p = self.players[seat]
        lim = self.storage_limit(p)
        goods = p.goods
        return [KEEP[i] for i, v in enumerate(KEEP_SETS)
                if sum(v) <= lim and all(v[g] <= goods[g] for g in range(5))]

    def _resolve_keep(self, seat: int, a: Action, ev: list[Event]) -> None:
        p = self.players[seat]
        keep = PAYLOAD[a.index]
        lost = p.goods_count() - sum(keep)
        p.goods = list(keep)
        ev.append({"type": "goods_kept", "seat": seat, "kept": {GOODS[g]: n for g, n in enumerate(keep) if n},
                   "discarded": lost})

    # ---- end of game -----------------------------------------------------------------------------------
    def game_ends_now(self) -> bool:
        return not any(self.supply[b] for b in PUBLIC_TILES) or self.round == self.final_round

    def end_reason(self) -> str | None:
        """§4.1: (a) the last public tile was bought, or (b) the final round was played."""
        if not self.over:
            return None
        return "public_buildings_sold" if not any(self.supply[b] for b in PUBLIC_TILES) else "final_round"

    def _final_scoring(self, ev: list[Event]) -> None:
        for s, p in enumerate(self.players):
            for i, (size, loc, cards) in enumerate(p.ships):
                if loc:
                    p.ships[i] = (size, 0, ())
                    self._fulfil(s, cards, ev)
        for s, p in enumerate(self.players):
            walls = (p.bmask & WALL_MASK).bit_count()
            fp = R.wall_fp[walls]
            p.fp += fp
            ev.append({"type": "score_walls", "seat": s, "walls": walls, "fp": fp})
        for s, p in enumerate(self.players):
            fp = p.gold // R.gold_per_final_fp
            p.fp += fp
            ev.append({"type": "score_gold", "seat": s, "gold": p.gold, "fp": fp})

    def tie_key(self, seat: int) -> tuple[int, int, int]:
        """Spec §4.2: most FP, then most gold, then most goods cubes; then a shared rank."""
        p = self.players[seat]
        return (p.fp, p.gold, p.goods_count())

    def scores(self) -> list[int]:
        return [p.fp for p in self.players]

    def round_number(self) -> int:
        return self.round

    def ranking(self) -> list[int]:
        keys = [self.tie_key(s) for s in range(len(self.players))]
        return [1 + sum(1 for k in keys if k > mine) for mine in keys]
