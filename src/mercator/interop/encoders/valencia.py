"""Valencia / Strasbourg observation encoder: ``write`` reads ``view(seat)``; ``fill``, the fast path, reads
the state and writes the same vector (another seat's cards and tasks it reads only as counts, its pile only
as the returned bottom, the open decision through the frame's own view).

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

from mercator.games.valencia.data import CELL_IDS, DOT_IDS, EDITIONS, GUILDS, MAX_COLS, MAX_ROWS, SEATS, STEP_TYPES
from mercator.games.valencia.frames import ACTION, KEEP_TASKS, NAMES, OVER, PHASES, PLANNING
from mercator.games.valencia.player import ASSIGNING
from mercator.games.valencia.space import MAX_STACKS, C
from mercator.games.valencia.state import ValenciaState

from ..encoding import FLAG, Bounds, Writer, WriterEncoder, bits, mark_seats

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
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
SEAT_INDEX = {x: i for i, x in enumerate(SEATS)}
GUILD_INDEX = {g: i for i, g in enumerate(GUILDS)}
LM_VALUE = {e.name: [LANDMARK[lm.id] for lm in e.landmarks] for e in C.editions.values()}  # by edition index
RULES = [e.rules for e in C.editions.values()]
COPIES = float(max(r.deck_copies for r in RULES))  # cards of one value in a pile
VP = 100.0  # soft ceiling of victory points either way (the rules set none): games stay within about 30
COINS = 100.0  # soft ceiling of coins: the bank is unlimited [spec], games stay below 20
PLAYER_FIELDS = ("present", "vp", "coins", "privileges", "goods", "members", "city", "council", "pile", "returned",
                 "drawn", "planning", "stack_sizes", "stacks_used", "discard", "face_down_discards", "tasks_kept",
                 "tasks_dealt", "kept_tasks", "final", "final_tasks", "tasks_fulfilled")


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.p_offsets = self.player_offsets(PLAYER_FIELDS)
        self._static_key: tuple[Any, ...] = ()
        self._static = self._zeros

    def bounds(self) -> Bounds:
        pile, vp = (0.0, float(PILE)), (-VP, VP)
        dealt = (0.0, float(max(r.tasks_dealt for r in RULES)))
        goods = (0.0, float(max(r.goods_per_guild for r in RULES)))
        privileges = (0.0, float(max(r.privileges for r in RULES)))
        tasks = (-float(max(max(t.penalty_valencia, t.penalty_strasbourg) for t in C.tasks)),
                 float(max(t.reward for t in C.tasks)))
        return {
            "round": (1.0, float(ROUNDS)), "over": FLAG, "auc.merchants_seat": FLAG,
            "auc.bid": (0.0, float(PILE * max(max(r.deck_values) for r in RULES))), "auc.bid_values": (0.0, COPIES),
            "keep.my_committed": FLAG, "city.rows": (0.0, float(MAX_ROWS)), "city.cols": (0.0, float(MAX_COLS)),
            "city.landmarks": (0.0, float(NLM + 1)),  # values 2 .. NLM + 1
            "supply.goods": goods, "supply.privileges": privileges,
            "supply.bonus_pieces": (0.0, float(max(r.bonus_pieces for r in RULES))),
            "p.present": FLAG, "p.vp": vp, "p.coins": (0.0, COINS), "p.privileges": privileges, "p.goods": goods,
            "p.members": (0.0, float(max(r.family_members for r in RULES))), "p.pile": pile,
            "p.returned": (0.0, float(max(max(r.deck_values) for r in RULES))), "p.drawn": pile,
            "p.stack_sizes": pile, "p.stacks_used": FLAG, "p.discard": (0.0, COPIES), "p.face_down_discards": pile,
            "p.tasks_kept": dealt, "p.tasks_dealt": dealt, "p.final": vp, "p.final_tasks": tasks,
            "own.drawn": (0.0, COPIES), "own.stacks": (0.0, COPIES), "own.face_down_discards": (0.0, COPIES),
            "own.pile": (0.0, COPIES), **self.result_bounds(vp),
        }

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

    # ---- the fast path: the state read directly -----------------------------------------------------------
    def template(self, st: Any) -> bytes:
        """What is fixed for the whole game already written: edition, round cards, city layout (the last
        game's template is kept; the key compares the map and edition objects and the drawn card order)."""
        if not isinstance(st, ValenciaState):
            return self._zeros
        key = (st.ed, st.map, st.card_order, st.round_landmark)
        old = self._static_key
        if old and old[0] is key[0] and old[1] is key[1] and old[2] == key[2] and old[3] == key[3]:
            return self._static
        at, ed, m = self.at, st.ed, st.map
        pairs = [(at["edition"] + EDITIONS.index(ed.name), 1), (at["city.rows"], m.rows), (at["city.cols"], m.cols)]
        nl, lm_value = len(LETTERS), LM_VALUE[ed.name]
        for r, c in enumerate(st.card_order):
            cid, steps = ed.cards[c]
            pairs.append((at["rounds.card"] + r * NCARDS + CARDS[cid], 1))
            pairs.append((at["rounds.landmark"] + r * NLM + lm_value[st.round_landmark[r]], 1))
            for letter, kind, guild, flag in steps:
                i = r * nl + LETTERS.index(letter)
                pairs.append((at["rounds.types"] + i * len(STEP_TYPES) + kind, 1))
                if guild >= 0:
                    pairs.append((at["rounds.guilds"] + i * len(GUILDS) + guild, 1))
                if flag:
                    pairs.append((at["rounds.merchants_seat"] + i, 1))
        pairs += [(at["city.cells"] + c * 6 + k, 1) for c, k in enumerate(m.kind) if k >= 0]
        pairs += [(at["city.dots"] + d, 1) for d in m.dots]
        buf = bytearray(self._zeros)
        for i, x in pairs:
            buf[i] = x
        self._static_key = (key[0], key[1], list(key[2]), list(key[3]))
        self._static = bytes(buf)
        return self._static

    def fill(self, buf: bytearray, wide: list[tuple[int, int]], st: Any, me: int) -> bool:
        if not isinstance(st, ValenciaState):
            return False
        at, n, phase = self.at, self.players, st.phase
        buf[at["round"]] = st.round
        buf[at["phase"] + phase] = 1
        buf[at["over"]] = phase == OVER
        o = at["to_act"]
        for s in st.to_act():
            buf[o + (s - me) % n] = 1
        if st.figure is not None and st.figure >= 0:
            buf[at["figure"] + (st.figure - me) % n] = 1
        d = st.ops[-1].view(st, me) if st.ops else None  # the frame's own view: small, and it hides what it must
        if d:
            self._fill_decision(buf, d, me)
        if phase == ACTION and st.step >= 0:
            self._fill_auction(buf, st, me)
        if phase == KEEP_TASKS:
            mark_seats(buf, at["keep.waiting"], st.waiting, me, n)
            mark_seats(buf, at["keep.committed"], st.commits, me, n)
            mine = st.commits.get(me)
            if mine is not None:
                choice = mine.to_json()
                buf[at["keep.my_committed"]] = 1
                o = at["keep.my_choice"]
                for t, bit in zip(st.players[me].dealt, choice.get("keep", ""), strict=False):
                    if bit == "1":
                        buf[o + t] += 1
        m, city, stride = st.map, st.city, self.stride
        o, o2 = at["city.blocked"], at["p0.city"]
        for c in m.spaces:
            x = city[c]
            if x == 9:
                buf[o + c] += 1
            elif 0 <= x < 9:
                buf[o2 + ((x - me) % n) * stride + c] = 1
        o, lm_at, lm_value = at["city.landmarks"], st.lm_at, LM_VALUE[st.ed.name]
        for c in m.sites:
            if lm_at[c] >= 0:
                buf[o + c] = lm_value[lm_at[c]] + 2
        o, bonus = at["city.bonus_pieces"], st.bonus_at
        for x in m.dots:
            if bonus[x]:
                buf[o + x] += 1
        o = at["supply.goods"]
        buf[o:o + 5] = st.goods_supply
        buf[at["supply.privileges"]] = st.privilege_supply
        buf[at["supply.bonus_pieces"]] = st.bonus_supply
        o = at["p0.council"]
        for x, s in enumerate(st.council):
            if s >= 0:
                buf[o + ((s - me) % n) * stride + x] = 1
        final = st.final or []
        for s, p in enumerate(st.players):
            self._fill_player(buf, wide, st, p, ((s - me) % n) * stride, s == me, final[s] if s < len(final) else None)
        self._fill_own(buf, st, st.players[me])
        self.fill_result(wide, st, me)
        return True

    def _fill_decision(self, buf: bytearray, d: dict[str, Any], me: int) -> None:
        at, n = self.at, self.players
        kind = KIND_INDEX.get(d.get("kind", ""))
        if kind is not None:
            buf[at["dec.kind"] + kind] = 1
        seat = d.get("seat")
        if seat is not None and seat >= 0:
            buf[at["dec.seat"] + (seat - me) % n] = 1
        if d.get("council_seat") in SEAT_INDEX:
            buf[at["dec.council_seat"] + SEAT_INDEX[d["council_seat"]]] = 1
        if d.get("guild") in GUILD_INDEX:
            buf[at["dec.guild"] + GUILD_INDEX[d["guild"]]] = 1
        if d.get("landmark") in LANDMARK:
            buf[at["dec.landmark"] + LANDMARK[d["landmark"]]] = 1

    def _fill_auction(self, buf: bytearray, st: Any, me: int) -> None:
        at, n, seats = self.at, self.players, self.max_seats
        letter, kind, guild, flag = st.card_steps()[st.step]
        buf[at["auc.step"] + LETTERS.index(letter)] = 1
        buf[at["auc.type"] + kind] = 1
        if guild >= 0:
            buf[at["auc.guild"] + guild] = 1
        buf[at["auc.merchants_seat"]] = flag
        o = at["auc.queue"]
        for i, s in enumerate(st.queue):
            if i < seats:
                buf[o + i * seats + (s - me) % n] = 1
        start = st.figure_at_start
        if start is not None and start >= 0:
            buf[at["auc.figure_at_start"] + (start - me) % n] = 1
        o = at["auc.deferred"]
        for s in bits(st.deferred):
            if s < n:
                buf[o + (s - me) % n] = 1
        o, o2, o3 = at["auc.revealed"], at["auc.bid"], at["auc.bid_values"]
        for s, bid in enumerate(st.bid):
            if bid >= 0:
                k = (s - me) % n
                buf[o + k] = 1
                buf[o2 + k] = bid
                for x in st.bid_cards[s]:
                    buf[o3 + k * 6 + x - 1] += 1

    def _fill_player(self, buf: bytearray, wide: list[tuple[int, int]], st: Any, p: Any, k: int, own: bool,
                     fin: dict[str, Any] | None) -> None:
        (present, vp, coins, privileges, goods, members, _, _, pile, returned, drawn, planning, sizes, used,
         discard, face_down, kept_n, dealt_n, kept, final, final_tasks, fulfilled) = self.p_offsets
        buf[present + k] = 1
        if p.vp:
            wide.append((vp + k, p.vp))  # negative after task penalties
        buf[coins + k] = p.coins
        buf[privileges + k] = p.privileges
        o = goods + k
        buf[o:o + 5] = p.goods
        buf[members + k] = p.supply
        buf[pile + k] = len(p.pile)
        if p.known_bottom:
            o = returned + k
            bottom = p.pile[:min(p.known_bottom, PILE)]
            buf[o:o + len(bottom)] = bottom
        buf[drawn + k] = len(p.drawn)
        if st.phase == PLANNING:
            buf[planning + k + p.stage] = 1
        else:
            o, o2 = sizes + k, used + k
            for i, cards in enumerate(p.stacks[:MAX_STACKS]):
                buf[o + i] = len(cards)
                if p.gone >> i & 1:
                    buf[o2 + i] = 1
        o = discard + k - 1
        for x in p.discard:
            buf[o + x] += 1
        buf[face_down + k] = len(p.hidden)
        buf[kept_n + k] = len(p.kept)
        buf[dealt_n + k] = len(p.dealt)
        if own or st.phase == OVER:
            o = kept + k
            for t in p.kept:
                buf[o + t] += 1
        if fin:
            wide += [(final + k + i, fin[x]) for i, x in enumerate(FINAL) if fin.get(x)]
            points = {TASK[t["task"]]: t["points"] for t in fin["tasks"]}
            wide += [(final_tasks + k + t, x) for t, x in points.items() if x]
            o = fulfilled + k
            for t in fin["tasks"]:
                if t["fulfilled"]:
                    buf[o + TASK[t["task"]]] += 1

    def _fill_own(self, buf: bytearray, st: Any, p: Any) -> None:
        at = self.at
        o = at["own.drawn"] - 1
        for x in p.drawn:
            buf[o + x] += 1
        if p.stage == ASSIGNING and len(p.assign) < len(p.hand):
            buf[at["own.next_card"] + p.hand[len(p.assign)] - 1] = 1
        o = at["own.stacks"] - 1
        if st.phase == PLANNING:  # stacks being formed (the assignment lingers after planning: not read then)
            for x, k in zip(p.hand, p.assign, strict=False):
                buf[o + k * 6 + x] += 1
        else:
            for k in p.open_stacks():
                for x in p.stacks[k]:
                    buf[o + k * 6 + x] += 1
        o = at["own.face_down_discards"] - 1
        for x in p.hidden:
            buf[o + x] += 1
        o = at["own.pile"] - 1
        for x in p.pile:
            buf[o + x] += 1
        o = at["own.dealt_tasks"]
        for t in p.dealt:
            buf[o + t] += 1


ENCODER = ValenciaEncoder
