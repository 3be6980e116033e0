"""The fixed action space of Valencia and Strasbourg (spec §3.11), with payloads precomputed as
small integers so the rules never parse strings in their hot loops."""

from __future__ import annotations

from itertools import product

from mercator.engine.actions import Action, ActionSpace, int_arg

from .data import CELL_IDS, DOT_IDS, GUILDS, MAX_COLS, MAX_ROWS, content

C = content()
MAX_STACKS = max(e.rules.max_stacks for e in C.editions.values())
TASKS_DEALT = max(e.rules.tasks_dealt for e in C.editions.values())
# keep_tasks masks as strings over the dealt cards in catalogue order: "10100" keeps the 1st and 3rd.
KEEP_MASKS = tuple("".join(bits) for bits in product("01", repeat=TASKS_DEALT) if "1" in bits)
MOVE_PAIRS = tuple(
    (a, b) for a in range(MAX_ROWS * MAX_COLS) for b in range(MAX_ROWS * MAX_COLS)
    if (abs(a - b) == MAX_COLS) or (abs(a - b) == 1 and a // MAX_COLS == b // MAX_COLS)
)

SPACE = ActionSpace("valencia")
S = SPACE
S.kind("keep_tasks", ("keep",), [(m,) for m in KEEP_MASKS])
S.kind("draw", ())
S.kind("stop", (), closing=True)
S.kind("assign", ("stack",), [(k,) for k in range(1, MAX_STACKS + 1)])
S.kind("assign_new", ())
S.kind("reveal", ("stack",), [(k,) for k in range(1, MAX_STACKS + 1)])
S.kind("pass", (), closing=True)
S.kind("defer", ())
S.kind("take_seat", ())
S.kind("decline", (), closing=True)
S.kind("place", ("space",), [(c,) for c in CELL_IDS])
S.kind("take_good", ())
S.kind("nothing", (), closing=True)
S.kind("sell", ("guild",), [(g,) for g in GUILDS])
S.kind("sell_done", (), closing=True)
S.kind("move", ("from", "to"), [(CELL_IDS[a], CELL_IDS[b]) for a, b in MOVE_PAIRS])
S.kind("return_card", ("value",), [(v,) for v in range(1, 7)])
S.kind("no_return", (), closing=True)
S.kind("place_bonus_piece", ("dot",), [(d,) for d in DOT_IDS])
S.kind("place_landmark", ("site",), [(c,) for c in CELL_IDS])


def group(kind: str) -> list[Action]:
    return [a for a in SPACE.actions if a.kind == kind]


KEEP = {a.args[0]: a for a in group("keep_tasks")}
DRAW = SPACE.get("draw")
STOP = SPACE.get("stop")
ASSIGN = group("assign")  # [stack index 0..8]
ASSIGN_NEW = SPACE.get("assign_new")
REVEAL = group("reveal")  # [stack index]
PASS = SPACE.get("pass")
DEFER = SPACE.get("defer")
TAKE_SEAT = SPACE.get("take_seat")
DECLINE = SPACE.get("decline")
PLACE = group("place")  # [cell]
TAKE_GOOD = SPACE.get("take_good")
NOTHING = SPACE.get("nothing")
SELL = group("sell")  # [guild]
SELL_DONE = SPACE.get("sell_done")
MOVE = {pair: a for pair, a in zip(MOVE_PAIRS, group("move"), strict=True)}  # (from, to) -> action
RETURN = group("return_card")  # [value - 1]
NO_RETURN = SPACE.get("no_return")
BONUS = group("place_bonus_piece")  # [dot]
LANDMARK = group("place_landmark")  # [cell]

# Payload of every action as ints: index -> tuple (stack index, cell, guild, value - 1, dot, ...).
PAYLOAD: dict[int, tuple[int, ...]] = {}
for _a in SPACE.actions:
    _k, _args = _a.kind, _a.args
    if _k in ("assign", "reveal"):
        PAYLOAD[_a.index] = (int_arg(_args[0]) - 1,)
    elif _k in ("place", "place_landmark"):
        PAYLOAD[_a.index] = (CELL_IDS.index(str(_args[0])),)
    elif _k == "sell":
        PAYLOAD[_a.index] = (GUILDS.index(str(_args[0])),)
    elif _k == "move":
        PAYLOAD[_a.index] = (CELL_IDS.index(str(_args[0])), CELL_IDS.index(str(_args[1])))
    elif _k == "return_card":
        PAYLOAD[_a.index] = (int_arg(_args[0]),)
    elif _k == "place_bonus_piece":
        PAYLOAD[_a.index] = (DOT_IDS.index(str(_args[0])),)
    elif _k == "keep_tasks":
        PAYLOAD[_a.index] = tuple(i for i, b in enumerate(str(_args[0])) if b == "1")
    else:
        PAYLOAD[_a.index] = ()
