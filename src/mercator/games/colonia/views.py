"""Per-seat views, the full snapshot, declared secrets and determinisation (spec §3.11)."""

from __future__ import annotations

from typing import Any

from mercator.engine.rng import Rng

from .data import CITIES, CRAFTSMEN, CURRENCIES, DAYS, GOODS, RAWS
from .fields import StateFields
from .flow import D_FAMILY, D_MAYOR, D_NONE, D_SEQ, D_VOTE, DECISION_NAMES, MOD_NAMES, PHASES, STREET_NAMES, STREETS
from .player import EMPTY_SHRINE, NO_SHRINE
from .scoring import relic_vp
from .space import CARD_IDS, HOLDS, SHIP_IDS, C

DECREE_STATES = ("pending", "adopted", "rejected")


class ViewRules(StateFields):
    __slots__ = ()

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample what ``seat`` cannot see: deck orders, the other seats' unrevealed starting raws
        (together with the bag they came from) and other seats' unrevealed choices."""
        # Everything is put in a canonical order before shuffling, so that the result depends only on
        # what ``seat`` knows (two worlds it cannot tell apart resample to the same worlds).
        for deck in (self.week_deck, self.decree_deck, self.ship_deck, self.relic_deck):
            deck.sort()
            rng.shuffle(deck)
        others = [p for s, p in enumerate(self.players) if s != seat and any(p.unk)]
        pool = [t for t in range(5) for _ in range(self.bag[t] + sum(p.unk[t] for p in others))]
        rng.shuffle(pool)
        for p in others:
            k = sum(p.unk)
            new = [0] * 5
            for t in pool[len(pool) - k:]:
                new[t] += 1
            del pool[len(pool) - k:]
            p.raws = [r - u + x for r, u, x in zip(p.raws, p.unk, new, strict=True)]
            p.unk = new
        self.bag = [pool.count(t) for t in range(5)]
        self.next_legal = None
        self.resample_choices(seat, rng, self._legal)

    # ---- views -------------------------------------------------------------------------------------------
    def _player_view(self, s: int, viewer: int | None) -> dict[str, Any]:
        p = self.players[s]
        fam = C.families[s % len(C.families)]
        out: dict[str, Any] = {
            "seat": s,
            "colour": fam.colour,
            "family": fam.family,
            "supply": p.supply,
            "streets": {name: getattr(p, f) for name, f in zip(STREET_NAMES, STREETS, strict=True)},
            "money": dict(zip(CURRENCIES, p.money, strict=True)),
            "goods": dict(zip(GOODS, p.goods, strict=True)),
            "raws_known": dict(zip(RAWS, p.known_raws(), strict=True)),
            "raws_unknown": sum(p.unk),
            "hand": list(p.hand),
            "played": p.played or None,
            "votes": p.votes,
            "relics": [CARD_IDS[r] for r in p.relics],
            "shrines": {CITIES[c]: (None if x == NO_SHRINE else "empty" if x == EMPTY_SHRINE else CARD_IDS[x])
                        for c, x in enumerate(p.shrines)},
            "relic_vp": relic_vp(p),
            "stalls_bought": p.stalls_bought,
            "holds_loaded": p.holds_loaded,
        }
        if viewer == s:
            out["screen"] = self._screen(s)
        return out

    def _screen(self, s: int) -> dict[str, Any]:
        return {"seat": s, "raws": dict(zip(RAWS, self.players[s].raws, strict=True))}

    def _decision_view(self, viewer: int | None) -> dict[str, Any] | None:
        if self.over or self.dec == D_NONE:
            return None
        dec = self.dec
        out: dict[str, Any] = {"kind": DECISION_NAMES[dec]}
        if dec == D_SEQ:
            out.update(phase=PHASES[self.seq], seat=self.order[self.cur],
                       passed=[s for s in range(self.n) if self.passed >> s & 1])
        elif dec in (D_FAMILY, D_VOTE):
            out.update(self.choices_view(viewer))
        elif dec == D_MAYOR:
            out.update(seat=self.order[0])
        else:
            out.update(seat=self.good_queue[0])
        if dec in (D_VOTE, D_MAYOR):
            out["decree"] = C.decrees[self.decrees[self.vslot]].id
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.GAME,
            "seat": seat,
            "week": self.week,
            "weeks": self.last_week,
            "day": self.day,
            "day_name": DAYS[self.day - 1],
            "to_act": list(self.to_act()),
            "decision": self._decision_view(seat),
            "week_card": C.weeks[self.week_card].id if self.week_card >= 0 else None,
            "dice": self.dice_count,
            "departing": self.departing,
            "decrees": [{"decree": C.decrees[d].id, "day": C.decrees[d].day, "state": DECREE_STATES[st]}
                        for d, st in zip(self.decrees, self.dstate, strict=True)],
            "modifiers": dict(zip(MOD_NAMES, self.mods, strict=True)),
            "turn_order": list(self.order),
            "week0_order": list(self.week0),
            "mayor": self.order[0] if self.week > 1 or self.day >= 3 else None,
            "stalls": [{"stall": i + 1, "raws": dict(zip(RAWS, raws, strict=True)), "cost": self.stall_cost(i),
                        "bought_by": None if self.stall_owner[i] < 0 else self.stall_owner[i],
                        "members": self.stall_members[i]} for i, raws in enumerate(self.stalls)],
            "craftsmen": [{"craftsman": CRAFTSMEN[c], "good": GOODS[c], "stick": self.sticks[c],
                           "commissions": self.commissions[c], "next_cost": self.commission_cost(c),
                           "stacks": [{"seat": o, "members": k} for o, k in self.cols[c]]} for c in range(5)],
            "berths": [None if ship < 0 else {
                "ship": SHIP_IDS[ship], "city": CITIES[C.ships[ship].city],
                "holds": [{"hold": h + 1, "goods": self._goods_dict(need), "payout": C.ships[ship].payouts[h],
                           "seat": None if self.hold_owner[ship * HOLDS + h] < 0 else self.hold_owner[ship * HOLDS + h]}
                          for h, need in enumerate(C.ships[ship].holds)]} for ship in self.berths],
            "display": [{"card": CARD_IDS[c], "price": self.relic_price(c),
                         "reserved_by": None if self.reserver[c] < 0 else self.reserver[c]} for c in self.display],
            "relic_discard": [CARD_IDS[c] for c in self.relic_discard],
            "decks": {"week": len(self.week_deck), "decree": len(self.decree_deck), "ship": len(self.ship_deck),
                      "relic": len(self.relic_deck)},
            "bag": sum(self.bag),
            "goods_supply": dict(zip(GOODS, self.gsupply, strict=True)),
            "players": [self._player_view(s, seat) for s in range(self.n)],
            "over": self.over,
            "scores": self.scores() if self.over else None,
            "ranking": self.ranking() if self.over else None,
        }

    def rule1_snapshot(self) -> dict[str, Any]:
        full = self.view(None)
        full["hidden"] = {
            "decks": [list(self.week_deck), list(self.decree_deck), list(self.ship_deck), list(self.relic_deck)],
            "bag": list(self.bag),
            "unknown_raws": [list(p.unk) for p in self.players],
            "raws": [list(p.raws) for p in self.players],
            "commits": {str(s): a.index for s, a in sorted(self.commits.items())},
            "flow": [self.pc, self.dec, self.seq, self.passed, self.cur, self.vslot, list(self.good_queue),
                     list(self.waiting), list(self.dstate), self.week_card],
        }
        return full

    def secrets(self, seat: int) -> list[Any]:
        return [self._screen(seat), *self.choice_secrets(seat)]
