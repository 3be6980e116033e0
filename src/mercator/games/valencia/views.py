"""Per-seat views, the full snapshot, declared secrets and determinisation (spec §3.10)."""

from __future__ import annotations

from typing import Any

from mercator.engine.rng import Rng

from .data import CELL_IDS, DOT_IDS, GUILDS, SEATS, STEP_TYPES
from .fields import StateFields
from .frames import ACTION, KEEP_TASKS, OVER, PHASES, PLANNING
from .player import ASSIGNING, DRAWING, Player
from .space import C

STAGES = ("drawing", "forming_stacks", "planned")


def _take(pool: list[int], values: list[int]) -> None:
    for v in values:
        pool.remove(v)


class ViewRules(StateFields):
    __slots__ = ()

    # ---- views ---------------------------------------------------------------------------------
    def _private(self, s: int) -> dict[str, Any]:
        """What only seat ``s`` knows: its drawn cards, stack contents and task cards."""
        p = self.players[s]
        out: dict[str, Any] = {"owner": s, "drawn": p.drawn[:], "hand": p.hand[:],
                               "assigned": p.assign[:],
                               "stacks": [{"stack": k + 1, "values": p.stacks[k]} for k in p.open_stacks()],
                               "face_down_discards": p.hidden[:],
                               "dealt_tasks": [C.tasks[t].id for t in p.dealt],
                               "kept_tasks": [C.tasks[t].id for t in p.kept],
                               "pile_values": sorted(p.pile)}
        if p.stage == ASSIGNING:
            out["next_card"] = p.hand[len(p.assign)] if len(p.assign) < len(p.hand) else None
        return out

    def _player_view(self, s: int, viewer: int | None) -> dict[str, Any]:
        p = self.players[s]
        planning = self.phase == PLANNING
        out: dict[str, Any] = {
            "seat": s, "vp": p.vp, "coins": p.coins, "privileges": p.privileges,
            "goods": {GUILDS[g]: p.goods[g] for g in range(5)}, "members_in_supply": p.supply,
            "pile": len(p.pile), "returned_at_bottom": p.pile[:p.known_bottom],
            "drawn_this_round": len(p.drawn), "planning": STAGES[p.stage] if planning else None,
            "stacks": [] if planning else [
                {"stack": k + 1, "size": len(st), "state": "face_down" if not p.gone >> k & 1 else "used"}
                for k, st in enumerate(p.stacks)],
            "discard": p.discard[:], "face_down_discards": len(p.hidden),
            "tasks_kept": len(p.kept), "tasks_dealt": len(p.dealt),
        }
        if viewer == s:
            out["private"] = self._private(s)
        if self.phase == OVER:
            out["kept_tasks"] = [C.tasks[t].id for t in p.kept]
        return out

    def _decision_view(self, viewer: int | None) -> dict[str, Any] | None:
        return self.ops[-1].view(self, viewer) if self.ops else None

    def _auction_view(self) -> dict[str, Any] | None:
        if self.phase != ACTION or self.step < 0:
            return None
        letter, kind, g, flag = self.card_steps()[self.step]
        return {"step": letter, "type": STEP_TYPES[kind], "guild": GUILDS[g] if g >= 0 else None,
                "merchants_seat": flag, "queue": self.queue[:], "figure_at_start": self.figure_at_start,
                "deferred": [s for s in range(self.n) if self.deferred >> s & 1],
                "bids": [{"seat": s, "values": self.bid_cards[s][:], "bid": self.bid[s]}
                         for s in range(self.n) if self.bid[s] >= 0]}

    def view(self, seat: int | None) -> dict[str, Any]:
        m = self.map
        ed = self.ed
        return {
            "game": "valencia", "edition": ed.name, "seat": seat, "round": self.round,
            "phase": PHASES[self.phase], "to_act": list(self.to_act()),
            "decision": self._decision_view(seat), "auction": self._auction_view(), "figure": self.figure,
            "round_cards": [{"round": r + 1, "card": ed.cards[c][0],
                             "landmark": ed.landmarks[self.round_landmark[r]].id,
                             "steps": [{"step": st[0], "type": STEP_TYPES[st[1]],
                                        "guild": GUILDS[st[2]] if st[2] >= 0 else None, "merchants_seat": st[3]}
                                       for st in ed.cards[c][1]]}
                            for r, c in enumerate(self.card_order)],
            "city": {
                "layout": m.name, "rows": m.rows, "cols": m.cols,
                "cells": {CELL_IDS[c]: ("site" if m.kind[c] == 5 else GUILDS[m.kind[c]]) for c in range(len(m.kind))
                          if m.kind[c] >= 0},
                "members": {CELL_IDS[c]: self.city[c] for c in m.spaces if 0 <= self.city[c] < 9},
                "blocked": [CELL_IDS[c] for c in m.spaces if self.city[c] == 9],
                "landmarks": {CELL_IDS[c]: ed.landmarks[self.lm_at[c]].id for c in m.sites if self.lm_at[c] >= 0},
                "dots": [DOT_IDS[d] for d in m.dots],
                "bonus_pieces": [DOT_IDS[d] for d in m.dots if self.bonus_at[d]],
            },
            "council": {SEATS[x]: (None if self.council[x] < 0 else self.council[x]) for x in range(8)},
            "supply": {"goods": {GUILDS[g]: self.goods_supply[g] for g in range(5)},
                       "privileges": self.privilege_supply, "bonus_pieces": self.bonus_supply},
            "players": [self._player_view(s, seat) for s in range(self.n)],
            "over": self.phase == OVER,
            "scores": self.scores() if self.phase == OVER else None,
            "ranking": self.ranking() if self.phase == OVER else None,
            "final": self.final,
            "keep_tasks": self.choices_view(seat) if self.phase == KEEP_TASKS else None,
        }

    def rule1_snapshot(self) -> dict[str, Any]:
        full = self.view(None)
        full["hidden"] = [{"pile": p.pile[:], "known_bottom": p.known_bottom, "drawn": p.drawn[:], "hand": p.hand[:],
                           "pub_drawn": p.pub_drawn[:], "assign": p.assign[:], "nstacks": p.nstacks,
                           "stage": p.stage, "stacks": [s[:] for s in p.stacks], "gone": p.gone,
                           "hidden": p.hidden[:], "hidden_known": p.hidden_known[:], "dealt": p.dealt[:],
                           "kept": p.kept[:], "dropped": p.dropped[:]} for p in self.players]
        full["ops"] = [list(o) for o in self.ops]
        full["commits"] = {str(s): a.index for s, a in sorted(self.commits.items())}
        full["flow"] = [self.step, self.figure_at_start, list(self.waiting)]
        return full

    def secrets(self, seat: int) -> list[Any]:
        p = self.players[seat]
        out: list[Any] = [self._private(seat)]
        hidden_tasks = p.dropped if self.phase == OVER else p.dealt
        out += [C.tasks[t].id for t in hidden_tasks]
        return out + self.choice_secrets(seat)

    # ---- determinisation -----------------------------------------------------------------------
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample what ``seat`` cannot see: every pile's order (its own too, above its returned
        cards), other seats' unrevealed cards and face-down discards, their task cards, their
        hidden stack formation during planning and their committed task choices."""
        for s, p in enumerate(self.players):
            kb = p.known_bottom
            if s == seat:
                top = sorted(p.pile[kb:])  # sorted first: the result depends on what the seat knows only
                rng.shuffle(top)
                p.pile[kb:] = top
                continue
            self._resample_cards(p, rng)
        if self.phase != OVER:
            self._resample_tasks(seat, rng)
        self.resample_choices(seat, rng, self._legal_keep)

    def reopen_choices(self, seat: int) -> None:
        """Besides the task choice's secret commits: the other seats' stacks, while planning, formed again from the
        first card (their drawn cards stay; the search models the formation instead of a random one)."""
        super().reopen_choices(seat)
        if self.phase != PLANNING:
            return
        for s, p in enumerate(self.players):
            if s != seat and p.hand and p.stage != DRAWING:
                p.assign, p.nstacks, p.stage = [], 0, ASSIGNING
        self._legal_cache = None

    def _resample_cards(self, p: Player, rng: Rng) -> None:
        kb = p.known_bottom
        in_play = p.cards_in_play()
        pool = p.pile[kb:] + in_play + p.hidden
        _take(pool, p.pub_drawn)
        _take(pool, p.hidden_known)
        pool.sort()  # the same multiset in every world the seat cannot tell apart: start from one order
        rng.shuffle(pool)
        p.pile[kb:] = [pool.pop() for _ in range(len(p.pile) - kb)]
        p.hidden = p.hidden_known + [pool.pop() for _ in range(len(p.hidden) - len(p.hidden_known))]
        fresh = p.pub_drawn + pool  # what is left are exactly the unrevealed cards of this round
        rng.shuffle(fresh)
        if p.stacks:  # stack sizes are public once planning is over
            for k in p.open_stacks():
                p.stacks[k] = [fresh.pop() for _ in range(len(p.stacks[k]))]
            return
        p.drawn = fresh
        if p.stage == DRAWING:
            return
        p.hand = sorted(fresh, reverse=True)
        # The stack formation so far is hidden: replace it by a random legal one of the same length.
        limit = self.ed.rules.max_stacks
        assign: list[int] = []
        made = 0
        for _ in range(len(p.assign)):
            k = rng.below(min(made + 1, limit)) if made else 0
            assign.append(k)
            made = max(made, k + 1)
        p.assign, p.nstacks = assign, made

    def _resample_tasks(self, seat: int, rng: Rng) -> None:
        mine = set(self.players[seat].dealt)
        pool = [t for t in range(len(C.tasks)) if t not in mine]
        rng.shuffle(pool)
        for s, p in enumerate(self.players):
            if s == seat:
                continue
            dealt = sorted(pool.pop() for _ in range(len(p.dealt)))
            if p.kept or p.dropped:
                rng.shuffle(dealt)
                p.kept = sorted(dealt[:len(p.kept)])
                p.dropped = sorted(dealt[len(p.kept):])
            p.dealt = sorted(dealt)
