"""What each thing on the Constantinopolis board is and does: the offices, every building (the
printed Ager included), the market cards, the five goods, the three ship sizes, the trading post
and all 106 contract cards, as :class:`~mercator.engine.explain.Entity` rows.

The numbers come from the content the rules read (``data.content()``; the ship and trading-post
provenance tags, which the compiled tables drop, from the same validated files), so a text can
never state a price or a reward the engine does not apply. The words are in ``messages.toml``
under ``[<lang>.explain.<kind>]``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mercator.engine.content import part
from mercator.engine.explain import Entity

from .data import GOODS, SIZES, Building, Content, ShipsFile, content, load_files

PRODUCTION, COMMERCIAL, UTILITY, PUBLIC, WALL = range(5)
LICENCES = "ABCD"


def _goods(vector: tuple[int, ...]) -> dict[str, int]:
    """A goods vector as a bundle ({cargo} reads "2 alimentary goods, 1 luxury good")."""
    return {g: n for g, n in zip(GOODS, vector, strict=True) if n}


def _building(c: Content, b: Building) -> dict[str, Any]:
    r = c.rules
    fields: dict[str, Any] = {"cost": b.cost}
    if b.category == PRODUCTION:
        fields |= {"licence": LICENCES[b.licence], "output": _goods(b.output),
                   "needs": LICENCES[b.licence - 1] if b.licence else ""}
    elif b.category == COMMERCIAL:
        fields |= {"input": _goods(b.input), "any": b.input_any, "gold": b.gold, "fp": b.fp}
    elif b.category == PUBLIC:
        partner = next(o for o in c.buildings if o.category == PUBLIC and o.pair == b.pair and o.id != b.id)
        fields |= {"fp": b.fp, "building": partner.id, "other": partner.cost}  # "building": named by its table
    elif b.category == UTILITY:
        fields |= {"discount": r.redemptor_discount, "limit": r.horreum_storage_limit, "base": r.storage_limit,
                   "bonus": r.trade_limit_bonus.get(b.id, 0)}
    else:
        fields |= {"scoring": list(r.wall_fp[1:]), "gold": r.porta_aurea_gold, "extra": r.turris_marmorea_contracts,
                   "fp": r.porta_xylokerkou_fp, "bonus": r.trade_limit_bonus.get(b.id, 0)}
    return fields


@cache
def _entities() -> tuple[Entity, ...]:
    c = content()
    r = c.rules
    extra = r.model_extra or {}
    out: list[Entity] = []
    for o in c.offices:
        out.append(Entity("offices", o.id, {"slot": o.slot, "gold": r.comes_thesaurorum_gold,
                                            "extra": r.magister_officiorum_extra_contracts,
                                            "swap": r.contract_swap_max}, o.tag))
    out.extend(Entity("buildings", b.id, _building(c, b), b.tag) for b in c.buildings)
    for m in c.markets:
        fields: dict[str, Any] = {"limit": m.trade_limit}
        for g, qty, fp in m.donations:
            fields |= {f"d_{GOODS[g]}": qty, f"f_{GOODS[g]}": fp}
        out.append(Entity("markets", m.id, fields, m.tag))
    for i, row in enumerate(c.goods):
        makers = [b.id for b in c.buildings if b.category == PRODUCTION and b.output[i]]
        out.append(Entity("wares", row.id, {"colour": row.colour, "buildings": makers}, row.tag))
    for s in sorted(part(load_files(), "ships.toml", ShipsFile).ships, key=lambda s: SIZES.index(s.id)):
        out.append(Entity("ships", s.id, {"capacity": s.capacity, "cost": s.cost, "long": r.long_voyage_bonus_fp,
                                          "large": r.large_ship_bonus_fp}, s.tag))
    out.append(Entity("trading_posts", "trading_post", {"costs": list(r.trading_post_cost)},
                      str(extra["trading_post_cost_tag"])))
    for k in c.contracts:
        load: dict[str, int] = _goods(k.cargo) | ({"passenger": k.passengers} if k.passengers else {})
        out.append(Entity("contract_cards", k.id, {
            "destination": k.destination, "cargo": load, "load": k.cubes + k.passengers,
            "route": "".join(map(str, k.voyage)), "gold": k.gold, "fp": k.fp,
            "passenger_note": "passengers" if k.passengers else "none"}, k.tag))
    return tuple(out)


def entities() -> list[Entity]:
    """Every content entity of the board and the tray (kind = the catalog's names table)."""
    return list(_entities())
