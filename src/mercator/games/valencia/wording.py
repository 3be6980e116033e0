"""Valencia / Strasbourg legal actions in words: the game's ``wording`` plug-in (see
mercator.engine.i18n.describe). ``words`` reads only the acting seat's view and the content and
names a template of ``[<lang>.actions]`` in messages.toml with the fields to fill it with: which
card goes on which stack, a stack's values and sum, what a placement costs and which landmarks
(and arrival bonuses) it reaches, whom a council seat displaces, what a sale brings, what a palm,
chapel or landmark is worth to the builder and to the others as the city stands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .data import BONUSES, GUILDS, Edition, Task, content

Fields = dict[str, Any]
Handler = Callable[[dict[str, Any], int, dict[str, Any]], tuple[str, Fields]]
GOOD_BONUS = BONUSES.index("take_good_of_arrival_guild")  # the one bonus that can run out
DECLINES = {"council seat": "decline_seat", "city placement": "decline_place", "relocation": "decline_move"}


def _edition(view: dict[str, Any]) -> Edition:
    return content().editions[view["edition"]]


def _private(view: dict[str, Any], seat: int) -> dict[str, Any]:
    private: dict[str, Any] = view["players"][seat].get("private", {})
    return private


def _listed(values: list[int], sep: str = ", ") -> str:
    return sep.join(str(v) for v in values)


def _neighbours(cell: str) -> list[str]:
    r, c = (int(x) for x in cell[1:].split("c"))
    return [f"r{r + dr}c{c + dc}" for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]


def _corner(dot: str) -> list[str]:
    """The four cells around a dot (``dot_r1c1``: the south-east corner of r1c1)."""
    r, c = (int(x) for x in dot.removeprefix("dot_r").split("c"))
    return [f"r{r}c{c}", f"r{r}c{c + 1}", f"r{r + 1}c{c}", f"r{r + 1}c{c + 1}"]


def _task_key(task: Task, edition: str) -> str:
    """The task's key in ``tasks``: Strasbourg names its landmark, chapel and seat cards apart."""
    apart = edition == "strasbourg" and task.name_strasbourg != task.name_valencia
    return f"strasbourg_{task.id}" if apart else task.id


def task_key(tid: str, edition: str) -> str:
    """A task card's key in the catalog's ``tasks`` (for the terminal client's own lines)."""
    return _task_key(content().task_by_id[tid], edition)


def _keep(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    rules = _edition(view).rules
    dealt = _private(view, seat).get("dealt_tasks", [])
    kept = [content().task_by_id[t] for t, bit in zip(dealt, a["keep"], strict=False) if bit == "1"]
    fixed = rules.task_penalty_mode == "fixed"
    return "keep_tasks", {"count": len(kept), "tasks": [_task_key(t, view["edition"]) for t in kept],
                          "reward": sum(t.reward for t in kept),
                          "penalty": sum(rules.task_fixed_penalty if fixed else t.penalty_valencia for t in kept)}


def _draw(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    drawn = _private(view, seat).get("drawn", [])
    pile = view["players"][seat]["pile"]
    return ("draw_more", {"pile": pile, "drawn": _listed(drawn)}) if drawn else ("draw", {"pile": pile})


def _stop(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    drawn = _private(view, seat).get("drawn", [])
    return "stop", {"count": len(drawn), "drawn": _listed(drawn)}


def _assign(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    me = _private(view, seat)
    card = me.get("next_card")
    assigned = me.get("assigned", [])
    if a["kind"] == "assign_new":
        return "assign_new", {"card": card, "stack": max(assigned, default=-1) + 2}
    stack = [v for v, k in zip(me.get("hand", []), assigned, strict=False) if k == a["stack"] - 1] + [card]
    return "assign", {"card": card, "stack": a["stack"], "values": _listed(stack, " + "), "sum": sum(stack)}


def _reveal(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    values = next(s["values"] for s in _private(view, seat)["stacks"] if s["stack"] == a["stack"])
    fields = {"stack": a["stack"], "values": _listed(values, " + "), "sum": sum(values)}
    return ("reveal_one" if len(values) == 1 else "reveal"), fields


def _defer(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    return "defer", {"left": view["players"][seat]["privileges"] - 1}


def _take_seat(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    council_seat = view["decision"]["council_seat"]
    holder = view["council"].get(council_seat)
    if holder is not None and holder != seat:
        return "take_seat_displace", {"council_seat": council_seat, "holder": holder}
    return "take_seat", {"council_seat": council_seat}


def _decline(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    decision = view.get("decision") or {}
    key = DECLINES.get(decision.get("kind", ""), "decline")
    return key, ({"council_seat": decision["council_seat"]} if key == "decline_seat" else {})


def _next_to(view: dict[str, Any], cell: str) -> list[str]:
    """The built landmarks beside ``cell``, lowest first; ``<id>_bonus`` where arriving there
    earns the fountain's arrival bonus (a relocation never starts beside the same fountain: the
    two spaces are neighbours, so no site touches both)."""
    edition = _edition(view)
    built = view["city"]["landmarks"]
    landmarks = {lm.id: lm for lm in edition.landmarks}
    goods_left = view["supply"]["goods"].get(view["city"]["cells"][cell], 0)
    out = []
    for lm in sorted((landmarks[built[x]] for x in _neighbours(cell) if x in built), key=lambda lm: lm.value):
        bonus = edition.rules.landmark_arrival_bonuses and lm.bonus and (lm.bonus != GOOD_BONUS or goods_left)
        out.append(f"{lm.id}_bonus" if bonus else lm.id)
    return out


def _place(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    guild = view["city"]["cells"][a["space"]]
    near = _next_to(view, a["space"])
    fields = {"space": a["space"], "guild": guild, "cost": content().cost[GUILDS.index(guild)], "next_to": near}
    return ("place_near" if near else "place"), fields


def _take_good(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    guild = view["decision"]["guild"]
    return "take_good", {"guild": guild, "of_guild": guild, "value": content().good_value[GUILDS.index(guild)]}


def _sell(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    coins = content().good_value[GUILDS.index(a["guild"])]
    total = view["players"][seat]["coins"] + coins
    return "sell", {"guild": a["guild"], "of_guild": a["guild"], "coins": coins, "total": total}


def _move(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    near = _next_to(view, a["to"])
    fields = {"from": a["from"], "to": a["to"], "guild": view["city"]["cells"][a["to"]], "next_to": near}
    return ("move_near" if near else "move"), fields


def _no_return(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    bids = (view.get("auction") or {}).get("bids", [])
    values: list[int] = next((b["values"] for b in bids if b["seat"] == seat), [])
    return "no_return", {"values": _listed(values)}


def _gains(key: str, fields: Fields, mine: int, others: int) -> tuple[str, Fields]:
    """``key``, or ``key_mine`` / ``key_others`` / ``key_both`` with the VP a build brings."""
    suffix = ("", "_mine", "_others", "_both")[bool(mine) + 2 * bool(others)]
    return key + suffix, {**fields, "mine": mine, "others": others}


def _bonus_piece(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    """A palm (chapel) scores 1 VP at the end for every member on its four cells that touches no
    other one yet."""
    cells = _corner(a["dot"])
    shaded = {x for dot in view["city"]["bonus_pieces"] for x in _corner(dot)}
    owners = [view["city"]["members"].get(x) for x in cells if x not in shaded]
    mine = sum(1 for o in owners if o == seat)
    others = sum(1 for o in owners if o is not None and o != seat)
    key = "place_" + _edition(view).rules.bonus_piece_kind
    return _gains(key, {f"cell{i + 1}": x for i, x in enumerate(cells)}, mine, others)


def _landmark(view: dict[str, Any], seat: int, a: dict[str, Any]) -> tuple[str, Fields]:
    """A landmark scores its value at the end for every member beside it."""
    landmark = view["decision"]["landmark"]
    value = next(lm.value for lm in _edition(view).landmarks if lm.id == landmark)
    owners = [view["city"]["members"].get(x) for x in _neighbours(a["site"])]
    mine = value * sum(1 for o in owners if o == seat)
    others = value * sum(1 for o in owners if o is not None and o != seat)
    return _gains("place_landmark", {"landmark": landmark, "site": a["site"]}, mine, others)


def _plain(key: str) -> Handler:
    return lambda view, seat, a: (key, {})


HANDLERS: dict[str, Handler] = {
    "keep_tasks": _keep,
    "draw": _draw,
    "stop": _stop,
    "assign": _assign,
    "assign_new": _assign,
    "reveal": _reveal,
    "pass": _plain("pass"),
    "defer": _defer,
    "take_seat": _take_seat,
    "decline": _decline,
    "place": _place,
    "take_good": _take_good,
    "nothing": _plain("nothing"),
    "sell": _sell,
    "sell_done": lambda view, seat, a: ("sell_done", {"coins": view["players"][seat]["coins"]}),
    "move": _move,
    "return_card": lambda view, seat, a: ("return_card", {"value": a["value"]}),
    "no_return": _no_return,
    "place_bonus_piece": _bonus_piece,
    "place_landmark": _landmark,
}


def words(view: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[str, Fields]:
    """The ``[<lang>.actions]`` key and the fields that word ``action`` for ``seat``."""
    return HANDLERS[action["kind"]](view, seat, action)
