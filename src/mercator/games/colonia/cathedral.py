"""Sunday (spec §3.8): relic purchases, shrines, expiry of old reservations, new reservations,
the discard of unreserved cards and the refill of the display with the reshuffle rule (§3.9)."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .data import CURRENCIES
from .fields import StateFields
from .flow import M_RELIC
from .player import EMPTY_SHRINE, Player
from .space import BUY, CARD_IDS, FILL, RESERVE, C, R

RELICS = C.relics


class CathedralRules(StateFields):
    __slots__ = ()

    def relic_price(self, card: int) -> int:
        return max(1, RELICS[card].price - self.mods[M_RELIC])

    def _legal_relic_buy(self, p: Player, acts: list[Action]) -> None:
        for card in self.display:
            if p.money[RELICS[card].city] >= self.relic_price(card):
                acts.append(BUY[card])
        for city, state in enumerate(p.shrines):
            if state == EMPTY_SHRINE:
                shrine = C.shrine_of_city[city]
                acts.extend(FILL[(shrine, r)] for r in p.relics if RELICS[r].city == city)

    def _buy_relic(self, seat: int, card: int, ev: list[Event]) -> None:
        p = self.players[seat]
        r = RELICS[card]
        price = self.relic_price(card)
        p.money[r.city] -= price
        self.display.remove(card)
        ev.append({"type": "relic_bought", "seat": seat, "card": r.id, "price": price,
                   "currency": CURRENCIES[r.city]})
        holder = self.reserver[card]
        if holder >= 0:  # the reservation member goes straight home, whoever buys
            self.reserver[card] = -1
            self.players[holder].supply += 1
            ev.append({"type": "reservation_returned", "seat": holder, "card": r.id})
        if r.shrine:
            p.shrines[r.city] = EMPTY_SHRINE
        else:
            p.relics = (*p.relics, card)

    def _fill_shrine(self, seat: int, shrine: int, relic: int, ev: list[Event]) -> None:
        p = self.players[seat]
        p.shrines[RELICS[shrine].city] = relic
        ev.append({"type": "shrine_filled", "seat": seat, "card": RELICS[shrine].id, "relic": RELICS[relic].id})

    def _expire_reservations(self, ev: list[Event]) -> None:
        for card in self.display:
            holder = self.reserver[card]
            if holder >= 0:
                self.reserver[card] = -1
                self.players[holder].supply += 1
                ev.append({"type": "reservation_expired", "seat": holder, "card": CARD_IDS[card]})

    def _legal_reserve(self, p: Player, acts: list[Action]) -> None:
        if p.supply:
            acts.extend(RESERVE[c] for c in self.display if self.reserver[c] < 0)

    def _reserve(self, seat: int, card: int, ev: list[Event]) -> None:
        self.players[seat].supply -= 1
        self.reserver[card] = seat
        ev.append({"type": "relic_reserved", "seat": seat, "card": CARD_IDS[card]})

    def _discard_and_refill(self, ev: list[Event]) -> None:
        kept = [c for c in self.display if self.reserver[c] >= 0]
        gone = [c for c in self.display if self.reserver[c] < 0]
        self.relic_discard.extend(gone)
        self.display = kept
        ev.append({"type": "relics_discarded", "count": len(gone)})
        self._draw_into_display(R.relic_display_size - len(kept), ev)

    def _draw_into_display(self, n: int, ev: list[Event]) -> None:
        drawn = []
        for _ in range(n):
            if not self.relic_deck:
                if not self.relic_discard:
                    break
                self.relic_deck, self.relic_discard = self.relic_discard, []
                self.rng.shuffle(self.relic_deck)
                ev.append({"type": "relics_reshuffled", "count": len(self.relic_deck)})
            drawn.append(self.relic_deck.pop())
        if drawn:
            self.display.extend(drawn)
            self.reveal = True
            ev.append({"type": "relics_drawn", "cards": [CARD_IDS[c] for c in drawn]})
