"""Monday (spec §3.1) and Tuesday (§3.2): the week card, the decrees, family cards, the council
with its shortage rule, votes, turn order with the reverse-order tie rule, and the street step."""

from __future__ import annotations

from mercator.engine.actions import Action
from mercator.engine.state import Event

from .fields import StateFields
from .flow import D_FAMILY, D_NONE, N_MODS, PC_DECREES, STREETS
from .player import Player
from .space import PAYLOAD, PLAY_CARD, C, R


class WeekRules(StateFields):
    __slots__ = ()

    # ---- Monday ------------------------------------------------------------------------------
    def _monday(self, ev: list[Event]) -> None:
        for p in self.players:  # step 1: last week's cards leave the game; step 7: week counters
            p.played = 0
            p.stalls_bought = 0
            p.holds_loaded = 0
        self.week_card = w = self.week_deck.pop()
        card = C.weeks[w]
        self.departing = R.berths if self.week == self.last_week else min(card.ships, R.berths)
        self.dice_count = card.dice
        self.sticks = [min(n, R.craft_column_fields) for n in card.orders]
        ev.append({"type": "week_card", "week": self.week, "week_card": card.id, "orders": list(self.sticks),
                   "dice": card.dice, "departing": self.departing})
        for i, n in enumerate(card.stalls):
            self.stalls[i] = self._draw_raws(n)
            self.stall_owner[i] = -1
            self.stall_members[i] = 0
            ev.append({"type": "stall_filled", "stall": i + 1, "raws": self._raw_dict(self.stalls[i])})
        self.commissions = [0] * 5
        self.mods = [0] * N_MODS
        self.decrees = []
        self.dstate = []

    # ---- Tuesday -----------------------------------------------------------------------------
    def _tuesday(self, ev: list[Event]) -> None:
        drawn = [self.decree_deck.pop() for _ in range(min(R.decrees_per_week, len(self.decree_deck)))]
        self.decrees = sorted(drawn, key=lambda d: C.decrees[d].day)  # stable: equal days keep draw order
        self.dstate = [0] * len(self.decrees)
        self.reveal = True
        ev.append({"type": "decrees_revealed", "decrees": [C.decrees[d].id for d in self.decrees]})
        if all(len(p.hand) >= 2 for p in self.players):
            self.open_choices(tuple(range(len(self.players))))
            self.dec = D_FAMILY
            return
        self._resolve_family([(s, p.hand[0]) for s, p in enumerate(self.players)], ev, automatic=True)

    def _legal_family(self, seat: int) -> list[Action]:
        return [PLAY_CARD[v] for v in self.players[seat].hand]

    def _commit_family(self, seat: int, a: Action, ev: list[Event]) -> None:
        ev.append({"type": "committed", "seat": seat, "choice": "family_card"})
        chosen = self.commit_choice(seat, a)
        if chosen is not None:
            self.reveal = True
            self.dec = D_NONE
            self._resolve_family([(s, PAYLOAD[c.index][0]) for s, c in chosen], ev, automatic=False)

    def _resolve_family(self, chosen: list[tuple[int, int]], ev: list[Event], automatic: bool) -> None:
        for s, v in chosen:
            p = self.players[s]
            p.hand = tuple(x for x in p.hand if x != v)
            p.played = v
            ev.append({"type": "family_card", "seat": s, "value": v, "automatic": automatic})
        council = [self._place_council(s, p, ev) for s, p in enumerate(self.players)]
        self._set_turn_order(ev)
        returned = sum(p.st_tue for p in self.players)
        for p, n in zip(self.players, council, strict=True):  # street step: return first, then move on
            p.supply += p.st_tue
            p.st_tue = n
        moved = sum(council)
        ev.append({"type": "street_step", "street": "street_tue", "returned": returned, "moved": moved})
        self.day = 3
        self.pc = PC_DECREES

    def _place_council(self, seat: int, p: Player, ev: list[Event]) -> int:
        """Move the card's members into the council; returns how many were placed."""
        v = p.played
        if p.supply >= v:
            p.supply -= v
            p.votes = v
            taken = 0
        else:  # shortage: the card counts 0, the shortfall comes from the street fields (spec §3.2 step 4)
            p.votes = 0
            need = v - p.supply
            p.supply = 0
            taken = 0
            for field in STREETS:
                n = min(need - taken, getattr(p, field))
                setattr(p, field, getattr(p, field) - n)
                taken += n
            v = v - need + taken
        ev.append({"type": "council_placed", "seat": seat, "members": v, "from_streets": taken, "votes": p.votes})
        return v

    def _set_turn_order(self, ev: list[Event]) -> None:
        prev = {s: i for i, s in enumerate(self.order)}
        self.order = sorted(range(len(self.players)), key=lambda s: (-self.players[s].votes, -prev[s]))
        ev.append({"type": "turn_order", "order": list(self.order), "seat": self.order[0]})
