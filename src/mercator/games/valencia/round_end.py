"""End of the action phase (spec §3.7): face-down stacks discarded, bonus piece, landmark; the
council phase (§3.8); final scoring and the winner (§4)."""

from __future__ import annotations

from typing import Any

from mercator.engine.state import Event

from .data import CHURCH, NOBILITY
from .fields import StateFields
from .frames import BONUS, LANDMARK, op
from .space import C
from .tasks import fulfilled, own, shaded


class RoundEndRules(StateFields):
    __slots__ = ()

    def _round_end(self, ev: list[Event]) -> None:
        for s, p in enumerate(self.players):
            rest = p.cards_in_play()
            if rest:
                p.hidden.extend(rest)
                p.hidden_known.extend(p.pub_drawn)
                ev.append({"type": "stacks_discarded", "seat": s, "count": len(rest)})
            p.pub_drawn = []
            p.gone = (1 << len(p.stacks)) - 1
        # Pushed in reverse: the church holder's bonus piece comes first, then the landmark.
        self.ops.append(op(LANDMARK, self.council[NOBILITY], self.round_landmark[self.round - 1]))
        self.ops.append(op(BONUS, self.council[CHURCH], 0))

    def _council(self, ev: list[Event]) -> None:
        counts = [self.council.count(s) for s in range(self.n)]
        for s, k in enumerate(counts):
            if k:
                self.players[s].vp += k
                ev.append({"type": "council_vp", "seat": s, "seats": k, "vp": k})
        top = max(counts)
        winners = [s for s in range(self.n) if counts[s] == top] if top > 0 else []
        if self.n == 2 and self.ed.rules.two_player_strict_privilege and len(winners) > 1:
            winners = []
        # Shortage: clockwise from the figure holder (spec §3.8 step 3).
        winners.sort(key=lambda s: (s - self.figure) % self.n)
        for s in winners:
            if self.privilege_supply <= 0:
                ev.append({"type": "privilege_shortage", "seat": s})
                continue
            self.privilege_supply -= 1
            self.players[s].privileges += 1
            ev.append({"type": "privilege", "seat": s, "privileges": self.players[s].privileges})

    # ---- final scoring (spec §4) ---------------------------------------------------------------
    def score_breakdown(self, seat: int) -> dict[str, Any]:
        p = self.players[seat]
        cells = own(self, seat)
        lms = self.ed.landmarks
        landmark_vp = sum(lms[self.lm_at[x]].value for c in cells for x in self.map.adj_sites[c] if self.lm_at[x] >= 0)
        tasks = []
        fixed = self.ed.rules.task_penalty_mode == "fixed"
        for t in sorted(p.kept):
            task = C.tasks[t]
            ok = fulfilled(self, seat, task)
            pen = self.ed.rules.task_fixed_penalty if fixed else task.penalty_valencia
            tasks.append({"task": task.id, "fulfilled": ok, "points": task.reward if ok else -pen})
        return {"city": len(cells), "bonus_pieces": shaded(self, cells), "landmarks": landmark_vp,
                "privileges": p.privileges, "tasks": tasks}

    def _final_scoring(self, ev: list[Event]) -> None:
        self.final = []
        for s in range(self.n):
            b = self.score_breakdown(s)
            for t in b["tasks"]:
                ev.append({"type": "task_result", "seat": s, **t})
            gained = b["city"] + b["bonus_pieces"] + b["landmarks"] + b["privileges"] + sum(
                t["points"] for t in b["tasks"])
            self.players[s].vp += gained
            b["total"] = self.players[s].vp
            self.final.append(b)
            ev.append({"type": "final_score", "seat": s, "city": b["city"], "bonus_pieces": b["bonus_pieces"],
                       "landmarks": b["landmarks"], "privileges": b["privileges"], "vp": gained,
                       "total": b["total"]})

    def scores(self) -> list[int]:
        return [p.vp for p in self.players]

    def round_number(self) -> int:
        return self.round

    def tiebreak_key(self, seat: int) -> tuple[int, int, int]:
        """Total, then own members in the city, then coins (spec §4)."""
        return (self.players[seat].vp, len(own(self, seat)), self.players[seat].coins)

    def ranking(self) -> list[int]:
        keys = [self.tiebreak_key(s) for s in range(self.n)]
        return [1 + sum(1 for k in keys if k > keys[s]) for s in range(self.n)]
