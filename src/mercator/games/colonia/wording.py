"""Colonia's legal actions in words (the ``wording`` plug-in of mercator.engine.i18n): for each
action, the key of its template in ``messages.toml`` ``[<lang>.actions]`` and the fields that fill
it, read from the acting seat's view and the game's content only.

Money fields are plain numbers and ``coin`` is the currency id, so a template writes
``{price:{coin}}`` to pick the currency's plural word (``[<lang>.plurals] pfund`` ...)."""

from __future__ import annotations

from typing import Any

from .data import CITIES, CRAFTSMEN, CURRENCIES, RAWS, Relic, content


def _relic(card: str) -> Relic:
    return next(r for r in content().relics if r.id == card)


def _card(view: dict[str, Any], card: str) -> tuple[str, dict[str, Any]]:
    """A display card: its points (a relic) or none (a shrine), price and currency as the view shows."""
    relic, price = _relic(card), next(d["price"] for d in view["display"] if d["card"] == card)
    fields = {"card": card, "price": price, "coin": CURRENCIES[relic.city], "vp": relic.vp}
    return ("_shrine" if relic.shrine else ""), fields


def words(view: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    kind: str = action["kind"]
    me = view["players"][seat]
    decision = view.get("decision") or {}
    if kind == "choose_good":
        return kind, {"good": action["good"]}
    if kind == "play_card":  # a card the supply cannot back counts 0 (spec §3.2 step 4)
        short = me["supply"] < action["value"]
        return "play_card_short" if short else kind, {"value": action["value"], "supply": me["supply"]}
    if kind in ("vote", "adopt", "reject"):
        key = ("vote_yes" if action["yes"] else "vote_no") if kind == "vote" else kind
        return key, {"decree": decision["decree"], "effect": decision["decree"], "votes": me["votes"]}
    if kind == "buy_stall":
        stall = view["stalls"][action["stall"] - 1]
        return kind, {"stall": action["stall"], "raws": stall["raws"], "cost": stall["cost"]}
    if kind == "commission":
        c = CRAFTSMEN.index(action["craftsman"])
        craft = view["craftsmen"][c]
        return kind, {"craftsman": action["craftsman"], "master": action["craftsman"], "good": craft["good"],
                      "raws": {RAWS[r]: 1 for r in content().recipes[c]}, "cost": craft["next_cost"],
                      "field": len(craft["stacks"]) + 1, "stick": craft["stick"]}
    if kind == "load":
        berth = next(i for i, b in enumerate(view["berths"]) if b is not None and b["ship"] == action["ship"])
        ship = view["berths"][berth]
        hold = ship["holds"][action["hold"] - 1]
        fee = view["modifiers"]["load_fee"]
        return "load_fee" if fee else kind, {
            "ship": action["ship"], "hold": action["hold"], "berth": berth + 1, "goods": hold["goods"],
            "payout": hold["payout"], "fee": fee, "coin": CURRENCIES[CITIES.index(ship["city"])],
            "sails": "this_week" if berth < view["departing"] else "later"}
    if kind in ("buy", "reserve"):
        suffix, fields = _card(view, action["card"])
        return kind + suffix, fields
    if kind == "fill_shrine":
        return kind, {"relic": action["relic"], "card": action["shrine"], "vp": _relic(action["relic"]).vp}
    return f"pass_{decision['phase']}", {}
