"""Constantinopolis content: schemas for the TOML files in ``content/`` and the compiled,
integer-indexed tables the rules read in their hot loops."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import Field, model_validator

from mercator.engine.content import Row, Tag, load_all, part
from mercator.engine.errors import ContentError

CONTENT_DIR = Path(__file__).parent / "content"

Good = Literal["alimentary", "consumer", "industrial", "military", "luxury"]
GOODS: tuple[Good, ...] = get_args(Good)
SIZES = ("small", "medium", "large")
Size = Literal["small", "medium", "large"]
Office = Literal["magister_officiorum", "praefectus_pretorio", "comes_thesaurorum", "praefectus_urbi", "consul"]
OFFICES: tuple[Office, ...] = get_args(Office)
CATEGORIES = ("production", "commercial", "utility", "public", "wall")
NonNeg = Field(ge=0)


# ---- schemas -------------------------------------------------------------------------------
class GoodRow(Row):
    id: Good
    name: str
    colour: str
    cubes: int = NonNeg
    design_value: int = NonNeg
    tag: Tag


class GoodsFile(Row):
    goods: list[GoodRow]


class OfficeRow(Row):
    slot: int = Field(ge=1, le=5)
    id: Office
    name: str
    effect: str
    when: str
    tag: Tag


class OfficesFile(Row):
    offices: list[OfficeRow]


class ShipRow(Row):
    id: Size
    name: str
    copies: int = NonNeg
    cost: int = NonNeg
    capacity: int = Field(ge=1)
    tag: Tag


class ShipsFile(Row):
    ships: list[ShipRow]


class ProductionRow(Row):
    id: str
    name: str
    licence: Literal["A", "B", "C", "D"]
    cost: int = NonNeg
    output: dict[Good, int]
    tag: Tag


class CommercialRow(Row):
    id: str
    name: str
    cost: int = NonNeg
    input: dict[Good, int]
    input_any_one_type: int = NonNeg
    gold: int = NonNeg
    fp: int = NonNeg
    tag: Tag


class UtilityRow(Row):
    id: str
    name: str
    cost: int = NonNeg
    ability: Literal["build_discount_3", "passenger_bonus", "storage_limit_4", "trade_limit_plus_2"]
    rule: str
    tag: Tag


class PublicRow(Row):
    id: str
    name: str
    pair: str
    fp: int = NonNeg
    cost: int = NonNeg
    tag: Tag


class WallRow(Row):
    id: str
    name: str
    cost: int = NonNeg
    ability: Literal["wall_gold_2", "wall_good_1", "wall_trade_plus_2", "wall_contract_plus_1",
                     "wall_donation_plus_1", "wall_commercial_again"]
    rule: str
    tag: Tag


class BuildingsFile(Row):
    production: list[ProductionRow]
    commercial: list[CommercialRow]
    utility: list[UtilityRow]
    public: list[PublicRow]
    walls: list[WallRow]

    @model_validator(mode="after")
    def _unique_ids(self) -> BuildingsFile:
        ids = [r.id for t in (self.production, self.commercial, self.utility, self.public, self.walls) for r in t]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"building ids must be unique, repeated: {dup}")
        if not self.production or self.production[0].id != "ager":
            raise ValueError("the first production row must be the printed 'ager'")
        return self


class DonationRow(Row):
    good: Good
    qty: int = Field(ge=1)
    fp: int = NonNeg
    tag: Tag


class MarketRow(Row):
    id: str
    name: str
    buy: dict[Good, int]
    sell: dict[Good, int]
    trade_limit: int = Field(ge=0)
    tag: Tag
    donations: list[DonationRow] = []

    @model_validator(mode="after")
    def _prices(self) -> MarketRow:
        for g in GOODS:
            if g not in self.buy or g not in self.sell:
                raise ValueError(f"buy and sell prices are needed for every good; {g} is missing")
            if self.buy[g] <= self.sell[g]:
                raise ValueError(f"buy price must exceed sell price for {g}")
        return self


class MarketsFile(Row):
    markets: list[MarketRow]


class ContractRow(Row):
    id: str
    destination: str
    distance: Literal["near", "middle", "far", "distant"]
    cargo: dict[Good, int]
    passengers: int = NonNeg
    voyage: dict[Size, Literal[0, 1, 2]]
    gold: int = NonNeg
    fp: int = NonNeg
    tag: Tag


class ContractsFile(Row):
    contracts: list[ContractRow]


class RulesFile(Row):
    model_config = Row.model_config | {"extra": "allow"}
    copies_per_type: dict[str, int]
    start_gold: int = NonNeg
    vacant_office_cost: int = NonNeg
    comes_thesaurorum_gold: int = NonNeg
    magister_officiorum_extra_contracts: int = NonNeg
    max_bid: int = Field(ge=1)
    contract_swap_max: int = Field(ge=1)
    long_voyage_bonus_fp: int = NonNeg
    large_ship_bonus_fp: int = NonNeg
    trading_post_cost: list[int]
    storage_limit: int = NonNeg
    horreum_storage_limit: int = NonNeg
    redemptor_discount: int = NonNeg
    trade_limit_bonus: dict[str, int]
    porta_aurea_gold: int = NonNeg
    turris_marmorea_contracts: int = NonNeg
    porta_xylokerkou_fp: int = NonNeg
    wall_fp: list[int]
    gold_per_final_fp: int = Field(ge=1)
    market_exhaustions_to_final_round: int = Field(ge=1)
    free_trade_offers_per_round: int = NonNeg


FILES: dict[str, type[Row]] = {
    "goods.toml": GoodsFile,
    "offices.toml": OfficesFile,
    "ships.toml": ShipsFile,
    "buildings.toml": BuildingsFile,
    "markets.toml": MarketsFile,
    "contracts.toml": ContractsFile,
    "rules.toml": RulesFile,
}


# ---- compiled tables -----------------------------------------------------------------------
def _vec(d: Mapping[Good, int]) -> tuple[int, ...]:
    return tuple(d.get(g, 0) for g in GOODS)


@dataclass(frozen=True)
class Building:
    bid: int  # index in Content.buildings (also the bit in a player's building mask)
    id: str
    name: str
    category: int  # index in CATEGORIES
    cost: int
    licence: int  # 0..3 for production (A..D), -1 otherwise
    output: tuple[int, ...]  # production
    input: tuple[int, ...]  # commercial
    input_any: int  # commercial: cubes of one chosen produced type
    gold: int
    fp: int  # commercial fp per use, public fp on purchase
    pair: str
    ability: str
    tag: str


@dataclass(frozen=True)
class Contract:
    cid: int
    id: str
    destination: str
    distance: str
    cargo: tuple[int, ...]
    cubes: int
    passengers: int
    voyage: tuple[int, int, int]  # per size; 0 = not allowed
    gold: int
    fp: int
    tag: str


@dataclass(frozen=True)
class Market:
    mid: int
    id: str
    name: str
    buy: tuple[int, ...]
    sell: tuple[int, ...]
    trade_limit: int
    donations: tuple[tuple[int, int, int], ...]  # (good, qty, fp)
    tag: str


@dataclass(frozen=True)
class Content:
    goods: tuple[GoodRow, ...]
    offices: tuple[OfficeRow, ...]
    ship_cost: tuple[int, int, int]
    ship_capacity: tuple[int, int, int]
    ship_copies: tuple[int, int, int]
    ship_names: tuple[str, str, str]
    buildings: tuple[Building, ...]
    by_id: dict[str, Building]
    contracts: tuple[Contract, ...]
    markets: tuple[Market, ...]
    rules: RulesFile

    def building(self, name: str) -> Building:
        return self.by_id[name]


def load_files(folder: Path = CONTENT_DIR, sets: tuple[tuple[str, Any], ...] | None = None) -> dict[str, Row]:
    """The content files, with a variant's changes (see engine/variants.py; None: this process's)."""
    return load_all("constantinopolis", folder, FILES, sets)


def compile_content(files: dict[str, Row]) -> Content:
    goods = part(files, "goods.toml", GoodsFile)
    offices = part(files, "offices.toml", OfficesFile)
    ships = part(files, "ships.toml", ShipsFile)
    b = part(files, "buildings.toml", BuildingsFile)
    markets = part(files, "markets.toml", MarketsFile)
    contracts = part(files, "contracts.toml", ContractsFile)
    rules = part(files, "rules.toml", RulesFile)

    if [g.id for g in goods.goods] != list(GOODS):
        raise ContentError(f"goods.toml: goods must be listed in the order {list(GOODS)}")
    if [o.id for o in sorted(offices.offices, key=lambda o: o.slot)] != list(OFFICES):
        raise ContentError(f"offices.toml: slots 1-5 must hold {list(OFFICES)}")
    ship_by: dict[str, ShipRow] = {s.id: s for s in ships.ships}
    if set(ship_by) != set(SIZES):
        raise ContentError(f"ships.toml: exactly one row per size {list(SIZES)} is needed")

    rows: list[Building] = []

    def add(*, id: str, name: str, category: int, cost: int, tag: str, licence: int = -1,
            output: tuple[int, ...] = (0,) * 5, input: tuple[int, ...] = (0,) * 5, input_any: int = 0,
            gold: int = 0, fp: int = 0, pair: str = "", ability: str = "") -> None:
        rows.append(Building(bid=len(rows), id=id, name=name, category=category, cost=cost, licence=licence,
                             output=output, input=input, input_any=input_any, gold=gold, fp=fp, pair=pair,
                             ability=ability, tag=tag))

    for pr in b.production:
        add(id=pr.id, name=pr.name, category=0, cost=pr.cost, licence="ABCD".index(pr.licence),
            output=_vec(pr.output), tag=pr.tag)
    for cr in b.commercial:
        add(id=cr.id, name=cr.name, category=1, cost=cr.cost, input=_vec(cr.input), input_any=cr.input_any_one_type,
            gold=cr.gold, fp=cr.fp, tag=cr.tag)
    for ur in b.utility:
        add(id=ur.id, name=ur.name, category=2, cost=ur.cost, ability=ur.ability, tag=ur.tag)
    for pu in b.public:
        add(id=pu.id, name=pu.name, category=3, cost=pu.cost, fp=pu.fp, pair=pu.pair, tag=pu.tag)
    for wr in b.walls:
        add(id=wr.id, name=wr.name, category=4, cost=wr.cost, ability=wr.ability, tag=wr.tag)

    cards = []
    for i, c in enumerate(contracts.contracts):
        vo = (c.voyage.get("small", 0), c.voyage.get("medium", 0), c.voyage.get("large", 0))
        cargo = _vec(c.cargo)
        cards.append(Contract(i, c.id, c.destination, c.distance, cargo, sum(cargo), c.passengers, vo,
                              c.gold, c.fp, c.tag))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise ContentError("contracts.toml: contract ids must be unique")

    mk = tuple(
        Market(i, m.id, m.name, _vec(m.buy), _vec(m.sell), m.trade_limit,
               tuple((GOODS.index(d.good), d.qty, d.fp) for d in m.donations), m.tag)
        for i, m in enumerate(markets.markets)
    )
    if len(rules.wall_fp) != len(b.walls) + 1:
        raise ContentError(f"rules.toml: field 'wall_fp' needs {len(b.walls) + 1} values (0..{len(b.walls)} walls)")
    sm, md, lg = (ship_by[s] for s in SIZES)
    return Content(
        goods=tuple(goods.goods),
        offices=tuple(sorted(offices.offices, key=lambda o: o.slot)),
        ship_cost=(sm.cost, md.cost, lg.cost),
        ship_capacity=(sm.capacity, md.capacity, lg.capacity),
        ship_copies=(sm.copies, md.copies, lg.copies),
        ship_names=(sm.name, md.name, lg.name),
        buildings=tuple(rows),
        by_id={r.id: r for r in rows},
        contracts=tuple(cards),
        markets=mk,
        rules=rules,
    )


@cache
def content() -> Content:
    return compile_content(load_files())


def board_tables() -> dict[str, Any]:
    """What the browser board reads to name and price contracts, buildings, ships and posts."""
    c = content()
    return {
        "contracts": {k.id: {"destination": k.destination, "distance": k.distance, "cargo": list(k.cargo),
                             "passengers": k.passengers, "voyage": list(k.voyage), "gold": k.gold, "fp": k.fp}
                      for k in c.contracts},
        "buildings": {b.id: {"category": b.category, "cost": b.cost, "output": list(b.output), "input": list(b.input),
                             "input_any": b.input_any, "gold": b.gold, "fp": b.fp, "licence": b.licence}
                      for b in c.buildings},
        "ship_cost": list(c.ship_cost),
        "trading_post_cost": list(c.rules.trading_post_cost),
        "redemptor_discount": c.rules.redemptor_discount,
        "porta_xylokerkou_fp": c.rules.porta_xylokerkou_fp,
    }
