"""Valencia / Strasbourg observation encoder (read from ``view(seat)`` only).

One layout covers both editions and every city layout, so the size depends on nothing: the edition
is a one-hot field, cells use the game's global 6 x 9 grid (``r1c1`` = 0, row-major; Valencia's
8-column city leaves column 9 empty), dots its 5 x 8 corner grid, stacks run to 9 (Valencia's
maximum; Strasbourg uses 7) and round-card steps to I. Seats are relative: ``p0`` is the observing
seat, padded to 5 seats. Landmarks are indexed by value (2..6), round cards by number within the
edition (v1..v5 / s1..s5), task fields are vectors over the 25 task cards in content order, card
value fields count values 1..6, guilds run bakers, butchers, shoemakers, vintners, smiths.
The field table is in docs/interop.md.
"""

from __future__ import annotations

from typing import Any

from mercator.games.valencia.data import CELL_IDS, DOT_IDS, EDITIONS, GUILDS, SEATS, STEP_TYPES
from mercator.games.valencia.frames import NAMES, PHASES
from mercator.games.valencia.space import MAX_STACKS, C

from ..encoding import Writer, WriterEncoder

KINDS = [NAMES[k] for k in sorted(NAMES)]
LETTERS = tuple("ABCDEFGHI")
CELL = {c: i for i, c in enumerate(CELL_IDS)}
DOT = {d: i for i, d in enumerate(DOT_IDS)}
TASK = {t.id: i for i, t in enumerate(C.tasks)}
LANDMARK = {lm.id: i for e in C.editions.values() for i, lm in enumerate(e.landmarks)}  # by value order
CARDS = {cid: i for e in C.editions.values() for i, (cid, _) in enumerate(e.cards)}
ROUNDS = max(e.rules.rounds for e in C.editions.values())
NLM = max(len(e.landmarks) for e in C.editions.values())
NCARDS = max(len(e.cards) for e in C.editions.values())
KIND_OF_CELL = (*GUILDS, "site")
PILE = max(len(e.rules.deck_values) * e.rules.deck_copies for e in C.editions.values())  # 24 cards
STAGES = ("drawing", "forming_stacks", "planned")
FINAL = ("city", "bonus_pieces", "landmarks", "privileges", "total")


def _index(seq: Any, value: Any) -> int | None:
    return seq.index(value) if value in seq else None


def _values(cards: Any) -> list[int]:
    """Count card values 1..6."""
    out = [0] * 6
    for x in cards:
        out[x - 1] += 1
    return out


class ValenciaEncoder(WriterEncoder):
    name = "valencia"

    def write(self, w: Writer, v: dict[str, Any]) -> None:
        seats, rel, ncell, ndot = self.max_seats, self.rel, len(CELL_IDS), len(DOT_IDS)
        w.onehot("edition", _index(EDITIONS, v["edition"]), len(EDITIONS), "edition: valencia, strasbourg")
        w.scalar("round", v["round"], "current round (1-based)")
        w.onehot("phase", _index(PHASES, v["phase"]), len(PHASES), "phase: " + ", ".join(PHASES))
        w.scalar("over", v["over"], "1 once the game has ended")
        w.multihot("to_act", [rel(v, s) for s in v["to_act"]], seats, "relative seats that must decide now")
        w.onehot("figure", rel(v, v["figure"]), seats, "relative seat holding the start-player figure")
        d: dict[str, Any] = v["decision"] or {}
        w.onehot("dec.kind", _index(KINDS, d.get("kind")), len(KINDS), "open decision: " + ", ".join(KINDS))
        w.onehot("dec.seat", rel(v, d.get("seat")), seats, "deciding seat")
        w.onehot("dec.council_seat", _index(SEATS, d.get("council_seat")), len(SEATS), "council seat on offer")
        w.onehot("dec.guild", _index(GUILDS, d.get("guild")), len(GUILDS), "guild of a placement or apprentice reward")
        w.onehot("dec.landmark", LANDMARK.get(d.get("landmark", "")), NLM, "landmark to build (by value 2..6)")
        self._auction(w, v)
        keep = v["keep_tasks"] or {}
        w.multihot("keep.waiting", [rel(v, s) for s in keep.get("waiting", ())], seats, "task choice: seats choosing")
        w.multihot("keep.committed", [rel(v, s) for s in keep.get("committed", ())], seats,
                   "task choice: seats that have committed (choices stay hidden)")
        mine = keep.get("my_choice") or {}
        dealt = (v["players"][v["seat"]].get("private", {}).get("dealt_tasks", ()) if v["seat"] is not None else ())
        kept = [TASK[t] for t, bit in zip(dealt, mine.get("keep", ""), strict=False) if bit == "1"]
        w.multihot("keep.my_choice", kept, len(TASK), "own committed task choice (tasks kept)")
        w.scalar("keep.my_committed", bool(mine), "1 once the own task choice is committed")
        cards: list[int] = []
        landmarks: list[int] = []
        types: list[int] = []
        guilds: list[int] = []
        flags: list[int] = []
        for r, rc in enumerate(v["round_cards"]):
            cards.append(r * NCARDS + CARDS[rc["card"]])
            landmarks.append(r * NLM + LANDMARK[rc["landmark"]])
            for st in rc["steps"]:
                i = r * len(LETTERS) + LETTERS.index(st["step"])
                types.append(i * len(STEP_TYPES) + STEP_TYPES.index(st["type"]))
                if st["guild"] is not None:
                    guilds.append(i * len(GUILDS) + GUILDS.index(st["guild"]))
                if st["merchants_seat"]:
                    flags.append(i)
        steps = ROUNDS * len(LETTERS)
        w.multihot("rounds.card", cards, ROUNDS * NCARDS, "round card of each round (round x v1.. / s1..)")
        w.multihot("rounds.landmark", landmarks, ROUNDS * NLM,
                   "landmark built at the end of each round (round x value 2..6)")
        w.multihot("rounds.types", types, steps * len(STEP_TYPES),
                   "type of every step (round x step A-I x " + ", ".join(STEP_TYPES) + ")")
        w.multihot("rounds.guilds", guilds, steps * len(GUILDS), "guild of every guild step (round x step x guild)")
        w.multihot("rounds.merchants_seat", flags, steps, "steps that carry the merchants seat (round x step)")
        city = v["city"]
        w.scalar("city.rows", city["rows"], "city rows")
        w.scalar("city.cols", city["cols"], "city columns")
        w.multihot("city.cells", [CELL[c] * 6 + KIND_OF_CELL.index(k) for c, k in city["cells"].items()], ncell * 6,
                   "kind of each cell (cell x bakers, butchers, shoemakers, vintners, smiths, site)")
        w.multihot("city.blocked", [CELL[c] for c in city["blocked"]], ncell, "cells holding a neutral blocker")
        lms = city["landmarks"]
        w.multihot("city.landmarks", [CELL[c] for c in lms], ncell, "value of the landmark built on each cell",
                   values=[LANDMARK[x] + 2 for x in lms.values()])
        w.multihot("city.dots", [DOT[d] for d in city["dots"]], ndot, "dots that can hold a bonus piece")
        w.multihot("city.bonus_pieces", [DOT[d] for d in city["bonus_pieces"]], ndot, "dots holding a bonus piece")
        sup = v["supply"]
        w.vector("supply.goods", [sup["goods"][g] for g in GUILDS], "goods tiles left per guild")
        w.scalar("supply.privileges", sup["privileges"], "privileges left")
        w.scalar("supply.bonus_pieces", sup["bonus_pieces"], "bonus pieces left")
        members: dict[int, list[int]] = {}
        for c, s in city["members"].items():
            members.setdefault(rel(v, s) or 0, []).append(CELL[c])
        council: dict[int, list[int]] = {}
        for x, s in v["council"].items():
            if s is not None:
                council.setdefault(rel(v, s) or 0, []).append(SEATS.index(x))
        players = {rel(v, p["seat"]): p for p in v["players"]}
        final = v["final"] or []
        for k in range(seats):
            p = players.get(k)
            fin = final[p["seat"]] if p is not None and p["seat"] < len(final) else None
            self._player(w, f"p{k}.", p, members.get(k, []), council.get(k, []), fin)
        self._own(w, v)
        self.final_result(w, v)

    def _auction(self, w: Writer, v: dict[str, Any]) -> None:
        seats, rel = self.max_seats, self.rel
        a = v["auction"] or {}
        w.onehot("auc.step", _index(LETTERS, a.get("step")), len(LETTERS), "running step, A-I")
        w.onehot("auc.type", _index(STEP_TYPES, a.get("type")), len(STEP_TYPES), "its type: " + ", ".join(STEP_TYPES))
        w.onehot("auc.guild", _index(GUILDS, a.get("guild")), len(GUILDS), "its guild")
        w.scalar("auc.merchants_seat", a.get("merchants_seat"), "1 if it carries the merchants seat")
        queue = a.get("queue", ())
        w.multihot("auc.queue", [i * seats + (rel(v, s) or 0) for i, s in enumerate(queue)], seats * seats,
                   "auction queue: relative seat at each position (position x seat)")
        w.onehot("auc.figure_at_start", rel(v, a.get("figure_at_start")), seats, "figure holder when it started")
        w.multihot("auc.deferred", [rel(v, s) for s in a.get("deferred", ())], seats, "seats that deferred")
        bids = {rel(v, b["seat"]): b for b in a.get("bids", ())}
        w.multihot("auc.revealed", list(bids), seats, "seats that revealed a stack (bid)")
        w.vector("auc.bid", [bids[k]["bid"] if k in bids else 0 for k in range(seats)], "bid per relative seat")
        w.vector("auc.bid_values", [x for k in range(seats) for x in _values(bids[k]["values"] if k in bids else ())],
                 "revealed cards per relative seat (seat x values 1-6)")

    def _player(self, w: Writer, pre: str, p: dict[str, Any] | None, members: list[int], council: list[int],
                fin: dict[str, Any] | None) -> None:
        ntask = len(TASK)
        w.scalar(pre + "present", p is not None, "1 if this relative seat is in the game")
        p = p or {}
        w.scalar(pre + "vp", p.get("vp"), "victory points")
        w.scalar(pre + "coins", p.get("coins"), "coins")
        w.scalar(pre + "privileges", p.get("privileges"), "privilege tiles")
        goods = p.get("goods", {})
        w.vector(pre + "goods", [goods.get(g, 0) for g in GUILDS], "goods per guild")
        w.scalar(pre + "members", p.get("members_in_supply"), "family members in the personal supply")
        w.multihot(pre + "city", members, len(CELL_IDS), "cells holding this seat's members")
        w.multihot(pre + "council", council, len(SEATS), "council seats held: " + ", ".join(SEATS))
        w.scalar(pre + "pile", p.get("pile"), "cards in the draw pile")
        bottom = p.get("returned_at_bottom", ())
        w.vector(pre + "returned", [bottom[i] if i < len(bottom) else 0 for i in range(PILE)],
                 "values of the returned cards at the pile's bottom (bottom first, 0 = none)")
        w.scalar(pre + "drawn", p.get("drawn_this_round"), "cards drawn this round")
        w.onehot(pre + "planning", _index(STAGES, p.get("planning")), len(STAGES),
                 "planning stage: drawing, forming stacks, planned")
        stacks = {st["stack"] - 1: st for st in p.get("stacks", ())}
        w.vector(pre + "stack_sizes", [stacks[i]["size"] if i in stacks else 0 for i in range(MAX_STACKS)],
                 "cards in each stack (after planning)")
        w.vector(pre + "stacks_used", [i in stacks and stacks[i]["state"] == "used" for i in range(MAX_STACKS)],
                 "stacks already revealed this round")
        w.vector(pre + "discard", _values(p.get("discard", ())), "face-up discards per value 1-6")
        w.scalar(pre + "face_down_discards", p.get("face_down_discards"), "face-down discards")
        w.scalar(pre + "tasks_kept", p.get("tasks_kept"), "task cards kept")
        w.scalar(pre + "tasks_dealt", p.get("tasks_dealt"), "task cards dealt")
        kept = p.get("kept_tasks") or p.get("private", {}).get("kept_tasks", ())
        w.multihot(pre + "kept_tasks", [TASK[t] for t in kept], ntask,
                   "kept task cards (own seat; every seat at game end)")
        fin = fin or {}
        w.vector(pre + "final", [fin.get(x, 0) for x in FINAL], "final scoring: " + ", ".join(FINAL))
        tasks = fin.get("tasks", ())
        w.multihot(pre + "final_tasks", [TASK[t["task"]] for t in tasks], ntask,
                   "final scoring: points of each kept task", values=[t["points"] for t in tasks])
        w.multihot(pre + "tasks_fulfilled", [TASK[t["task"]] for t in tasks if t["fulfilled"]], ntask,
                   "final scoring: kept tasks fulfilled")

    def _own(self, w: Writer, v: dict[str, Any]) -> None:
        me = v["players"][v["seat"]] if v["seat"] is not None else {}
        q = me.get("private", {})
        w.vector("own.drawn", _values(q.get("drawn", ())), "own cards drawn this round, per value 1-6")
        w.onehot("own.next_card", None if q.get("next_card") is None else q["next_card"] - 1, 6,
                 "forming stacks: value of the next card to assign")
        stacks = [[0] * 6 for _ in range(MAX_STACKS)]
        if v["phase"] == "planning":  # stacks being formed (assigned cards, highest first)
            for value, k in zip(q.get("hand", ()), q.get("assigned", ()), strict=False):
                stacks[k][value - 1] += 1
        else:  # face-down stacks (the private assignment lingers after planning: not read then)
            for st in q.get("stacks", ()):
                for x in st["values"]:
                    stacks[st["stack"] - 1][x - 1] += 1
        w.vector("own.stacks", [x for st in stacks for x in st],
                 "own unrevealed stacks, forming or face down (stack 1-9 x values 1-6)")
        w.vector("own.face_down_discards", _values(q.get("face_down_discards", ())), "own face-down discards per value")
        w.vector("own.pile", _values(q.get("pile_values", ())), "own draw pile per value (order unknown)")
        w.multihot("own.dealt_tasks", [TASK[t] for t in q.get("dealt_tasks", ())], len(TASK), "own dealt task cards")


ENCODER = ValenciaEncoder
