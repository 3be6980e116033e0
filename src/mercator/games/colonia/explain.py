"""Colonia's ``explain`` plug-in (engine/explain.py): every content entity a player meets on the
board, as Entity rows the web table and the terminal turn into "what is this, what does it do".

Why a module of its own: the numbers an explanation states (costs, payouts, points, recipes, the
week cards' counts, a decree's parameters) are read here from the content files through data.py's
loader, the same rows the rules compile, so the words in messages.toml ``[<lang>.explain.<kind>]``
can never drift from what the engine applies; each row keeps its content provenance tag.

Kinds (each also the name of the catalog's names table): decrees, relics (relics and shrines),
ships, week_cards, craftsman, wares (the goods), materials (the raw materials), cities, currencies,
windows (church windows), families, family_cards (ids ``fam_3`` ... ``fam_8``), stalls
(``stall_1`` ...) and berths (``berth_1`` ...). Goods and raw materials have kinds of their own
because the ``goods`` and ``raws`` tables name them in lower case inside sentences.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mercator.engine.content import part
from mercator.engine.explain import Entity

from .data import (
    CRAFTSMEN,
    DAYS,
    GOODS,
    CitiesFile,
    DecreesFile,
    FamiliesFile,
    MaterialsFile,
    RelicsFile,
    RulesFile,
    ShipsFile,
    WeeksFile,
    load_files,
)


def entities() -> list[Entity]:
    """Every Colonia entity with the fields its explanation is filled from."""
    return list(_entities())


def _rule_tag(rules: RulesFile, name: str) -> str:
    """The provenance tag of a rules.toml constant (its ``<name>_tag`` key)."""
    tag = (rules.model_extra or {})[f"{name}_tag"]
    if not isinstance(tag, str):
        raise TypeError(f"rules.toml: {name}_tag is not a string")
    return tag


@cache
def _entities() -> tuple[Entity, ...]:
    files = load_files()
    cities = part(files, "cities.toml", CitiesFile).cities
    mats = part(files, "materials.toml", MaterialsFile)
    fams = part(files, "families.toml", FamiliesFile)
    rules = part(files, "rules.toml", RulesFile)
    relics = part(files, "relics.toml", RelicsFile).relics
    ships = part(files, "ships.toml", ShipsFile).ships
    currency = {c.id: c.currency for c in cities}
    crafts = sorted(mats.craftsmen, key=lambda c: c.column)
    out: list[Entity] = []

    for d in part(files, "decrees.toml", DecreesFile).decrees:
        fields: dict[str, Any] = {**d.params, "on_day": DAYS[d.day - 1], "cap": rules.craft_column_fields,
                                  "berths": rules.berths}
        out.append(Entity("decrees", d.id, fields, d.tag))
    for r in relics:
        out.append(Entity("relics", r.id, {"price": r.price, "vp": r.vp, "currency": currency[r.city]}, r.tag))
    for s in ships:
        fields = {"currency": currency[s.city]}
        for i, h in enumerate(s.holds, 1):
            fields[f"hold{i}"] = {g: h.goods.count(g) for g in GOODS if g in h.goods}
            fields[f"pay{i}"] = h.payout
        out.append(Entity("ships", s.id, fields, s.tag))
    for w in part(files, "weeks.toml", WeeksFile).weeks:
        out.append(Entity("week_cards", w.id, {"stalls": list(w.stalls), "orders": list(w.orders), "dice": w.dice,
                                                "ships": w.ships, "craftsman": list(CRAFTSMEN)}, w.tag))
    for c in crafts:
        out.append(Entity("craftsman", c.id, {"good": c.good, "raws": list(c.recipe), "column": c.column, "one": 1},
                          c.tag))
    for c in crafts:
        out.append(Entity("wares", c.good, {"craftsman": c.id, "raws": list(c.recipe), "supply": c.supply}, c.tag))
    for raw in mats.raws:
        users = [c.id for c in crafts if raw.id in c.recipe]
        out.append(Entity("materials", raw.id, {"count": raw.count, "craftsman": users}, raw.tag))
    for city in cities:
        own = [r for r in relics if r.city == city.id]
        out.append(Entity("cities", city.id, {
            "ships": sum(1 for s in ships if s.city == city.id), "relics": sum(1 for r in own if r.kind == "relic"),
            "vp": city.window_vp}, city.tag))
    for city in cities:
        out.append(Entity("currencies", city.currency, {"start": rules.start_money_per_currency}, city.tag))
    for city in cities:
        out.append(Entity("windows", city.window, {"vp": city.window_vp}, city.tag))
    for f in fams.families:
        out.append(Entity("families", f.colour, {}, f.tag))
    for v in sorted(fams.card_values):
        out.append(Entity("family_cards", f"fam_{v}", {"value": v}, fams.card_values_tag))
    for i in range(1, rules.stalls + 1):
        out.append(Entity("stalls", f"stall_{i}", {"n": i}, _rule_tag(rules, "stalls")))
    for i in range(1, rules.berths + 1):
        out.append(Entity("berths", f"berth_{i}", {"n": i, "berths": rules.berths}, _rule_tag(rules, "berths")))
    return tuple(out)
