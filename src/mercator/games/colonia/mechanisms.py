"""What each family did in a game and where its victory points came from, read from the game's
events: the arena's mechanism statistics (a bot that never adopts a decree shows it here)."""

from __future__ import annotations

from typing import Any

from mercator.engine.mechanisms import Tally, counting

from .space import C

RELIC_VP = {r.id: r.vp for r in C.relics}
USES = {"family_card": "family_cards", "stall_bought": "stalls_bought", "commissioned": "commissions",
        "good_delivered": "goods_made", "hold_loaded": "holds_loaded", "relic_bought": "relics_bought",
        "relic_reserved": "relics_reserved", "shrine_filled": "shrines_filled", "mayor_decides": "mayor_decisions"}
TABLE = {"decree_adopted": "decrees_adopted", "decree_rejected": "decrees_rejected",
         "ship_departed": "ships_departed", "relics_discarded": "relic_displays_discarded"}


def tally(events: list[dict[str, Any]], players: int) -> Tally:
    out = counting(events, players, USES, TABLE, ("votes_yes", "votes_no", "council_members"),
                   ("relics", "shrines", "windows"))
    shrine_vp = [0] * players  # a relic in a shrine counts once more: that extra is the shrine's
    for e in events:
        kind = e["type"]
        if kind == "voted":
            out.uses[e["seat"]]["votes_yes" if e["yes"] else "votes_no"] += 1
        elif kind == "council_placed":
            out.uses[e["seat"]]["council_members"] += e["members"]
        elif kind == "shrine_filled":
            shrine_vp[e["seat"]] += RELIC_VP[e["relic"]]
        elif kind == "final_score":
            shrines = shrine_vp[e["seat"]]
            out.points[e["seat"]].update({"relics": e["relic_vp"] - shrines, "shrines": shrines,
                                          "windows": e["window_vp"]})
    return out
