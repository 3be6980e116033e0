"""What each player did in a game and where the victory points came from, read from the game's
events: the arena's mechanism statistics (a bot whose pile runs dry before round 5 shows it here)."""

from __future__ import annotations

from typing import Any

from mercator.engine.mechanisms import Tally, counting

USES = {"drew": "cards_drawn", "revealed": "bids", "passed": "passes", "deferred": "privileges_spent",
        "placed": "city_placements", "moved": "relocations", "seat_taken": "council_seats_taken",
        "sold": "goods_sold", "bonus_piece_placed": "bonus_pieces_placed", "landmark_placed": "landmarks_placed",
        "privilege": "privileges_won"}
LAST_ROUND = 5
TABLE = {"no_bids": "auctions_without_a_bid"}
# Final scoring's parts (the final_score event) by their source's name.
FINAL = {"city": "city", "bonus_pieces": "palms", "landmarks": "fountains", "privileges": "privileges"}


def tally(events: list[dict[str, Any]], players: int) -> Tally:
    out = counting(events, players, USES, TABLE, ("stacks", "pile_empty_before_last_round"),
                   ("council", "fountain_arrivals", "tasks", *FINAL.values()))
    round_now, ran_dry = 1, set()
    for e in events:
        kind = e["type"]
        if kind == "round":
            round_now = e["round"]
        elif kind == "council_vp":
            out.points[e["seat"]]["council"] += e["vp"]
        elif kind == "bonus_vp":
            out.points[e["seat"]]["fountain_arrivals"] += e["vp"]
        elif kind == "task_result":
            out.points[e["seat"]]["tasks"] += e["points"]
        elif kind == "final_score":
            out.points[e["seat"]].update({FINAL[k]: e[k] for k in FINAL})
        elif kind == "pile_empty" and e["seat"] not in ran_dry:  # the pile must last the five rounds
            ran_dry.add(e["seat"])
            if round_now < LAST_ROUND:
                out.uses[e["seat"]]["pile_empty_before_last_round"] += 1
        elif kind == "stacks_formed":
            out.uses[e["seat"]]["stacks"] += len(e["sizes"])
    return out
