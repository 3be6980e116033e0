"""What each seat did in a game and where its fame points came from, read from the game's events:
the arena's mechanism statistics (a bot that never buys a public building shows it here)."""

from __future__ import annotations

from typing import Any

from mercator.engine.mechanisms import Tally, counting

from .data import content

CATEGORIES = ("production", "commercial", "utility", "public", "wall")
CATEGORY = {b.id: CATEGORIES[b.category] for b in content().buildings}
# Events that count as one use of a mechanism, by the seat they name.
USES = {"office_challenge": "offices_contested", "office_won": "offices_won", "ship_bought": "ships_bought",
        "trading_post_bought": "trading_posts", "ship_dispatched": "voyages", "contract_fulfilled": "contracts",
        "donation": "donations", "market_buy": "market_buys", "market_sell": "market_sells",
        "commercial": "commercial_uses", "contracts_swapped": "contract_swaps"}
# Where fame points come from: every FP a seat gains is the "fp" of one of these events.
SOURCES = {"contract_fulfilled": "contracts", "ship_dispatched": "voyage_bonus", "fame": "public_buildings",
           "commercial": "commercial_buildings", "donation": "donations", "score_walls": "walls",
           "score_gold": "gold"}


def tally(events: list[dict[str, Any]], players: int) -> Tally:
    out = counting(events, players, USES, {"final_round_next": "final_round_announced"},
                   (f"{c}_buildings" for c in CATEGORIES), SOURCES.values())
    for e in events:
        kind = e["type"]
        if kind == "bought":
            out.uses[e["seat"]][f"{CATEGORY[e['building']]}_buildings"] += 1
        if kind in SOURCES and e.get("fp"):
            out.points[e["seat"]][SOURCES[kind]] += e["fp"]
    return out
