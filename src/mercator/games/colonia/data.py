"""Colonia content: schemas for the TOML files in ``content/`` and the compiled, integer-indexed
tables the rules read in their hot loops (spec shared/spec/colonia.md §6)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from mercator.engine.content import Row, Tag, load_all, part
from mercator.engine.errors import ContentError

CONTENT_DIR = Path(__file__).parent / "content"

CITIES = ("london", "novgorod", "bergen", "bruges")
CURRENCIES = ("pfund", "grivna", "mark", "gulden")
RAWS = ("leather", "iron", "wood", "linen", "fur")
CRAFTSMEN = ("saddler", "wheelwright", "painter", "tailor", "shoemaker")
GOODS = ("saddle", "wheel", "picture", "clothing", "shoes")
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
City = Literal["london", "novgorod", "bergen", "bruges"]
Good = Literal["saddle", "wheel", "picture", "clothing", "shoes"]
Raw = Literal["leather", "iron", "wood", "linen", "fur"]
NonNeg = Field(ge=0)
# Each decree effect and the parameters it reads (spec §6.7).
EFFECTS: dict[str, frozenset[str]] = {
    "market_add_raws": frozenset({"per_stall"}),
    "stall_cost_delta": frozenset({"toll", "discount"}),
    "stall_limit": frozenset({"max"}),
    "dice_none": frozenset(),
    "dice_extra": frozenset({"rolls"}),
    "commission_flat": frozenset({"members"}),
    "sticks_advance": frozenset({"fields"}),
    "depart_now": frozenset({"berth"}),
    "load_limit": frozenset({"max"}),
    "load_fee": frozenset({"coins"}),
    "departures_delta": frozenset({"extra", "held"}),
    "payout_delta": frozenset({"bonus", "customs"}),
    "display_add": frozenset({"cards"}),
    "relic_price_delta": frozenset({"discount"}),
    "reservation_ban": frozenset(),
}


# ---- schemas -------------------------------------------------------------------------------
class CityRow(Row):
    id: City
    name: str
    currency: Literal["pfund", "grivna", "mark", "gulden"]
    currency_name: str
    window: str
    window_vp: int = NonNeg
    tag: Tag


class CitiesFile(Row):
    cities: list[CityRow]


class RawRow(Row):
    id: Raw
    name: str
    count: int = NonNeg
    tag: Tag


class CraftsmanRow(Row):
    column: int = Field(ge=1, le=5)
    id: Literal["saddler", "wheelwright", "painter", "tailor", "shoemaker"]
    good: Good
    good_name: str
    supply: int = NonNeg
    recipe: list[Raw] = Field(min_length=2, max_length=2)
    tag: Tag

    @model_validator(mode="after")
    def _two_kinds(self) -> CraftsmanRow:
        if self.recipe[0] == self.recipe[1]:
            raise ValueError("a recipe names two different raw materials")
        return self


class MaterialsFile(Row):
    raws: list[RawRow]
    craftsmen: list[CraftsmanRow]


class FamilyRow(Row):
    colour: str
    family: str
    tag: Tag


class FamiliesFile(Row):
    card_values: list[int] = Field(min_length=1)
    card_values_tag: Tag
    families: list[FamilyRow] = Field(min_length=6)


class WeekRow(Row):
    id: str
    stalls: list[int] = Field(min_length=6, max_length=6)
    orders: list[int] = Field(min_length=5, max_length=5)
    dice: int = NonNeg
    ships: int = Field(ge=0, le=6)
    tag: Tag

    @model_validator(mode="after")
    def _non_negative(self) -> WeekRow:
        if min(self.stalls) < 0 or min(self.orders) < 0:
            raise ValueError("stall and order numbers cannot be negative")
        return self


class WeeksFile(Row):
    weeks: list[WeekRow]


class DecreeRow(Row):
    id: str
    day: int = Field(ge=3, le=7)
    name: str
    effect: str
    params: dict[str, int]
    text: str
    tag: Tag

    @model_validator(mode="after")
    def _known_effect(self) -> DecreeRow:
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown effect {self.effect!r}; known: {sorted(EFFECTS)}")
        unknown = set(self.params) - EFFECTS[self.effect]
        if unknown:
            raise ValueError(f"effect {self.effect} takes params {sorted(EFFECTS[self.effect])}, not {sorted(unknown)}")
        if min(self.params.values(), default=0) < 0:
            raise ValueError("decree params cannot be negative")
        return self


class DecreesFile(Row):
    decrees: list[DecreeRow]


class HoldRow(Row):
    goods: list[Good] = Field(min_length=1)
    payout: int = NonNeg


class ShipRow(Row):
    id: str
    city: City
    holds: list[HoldRow] = Field(min_length=1)
    tag: Tag


class ShipsFile(Row):
    ships: list[ShipRow]


class RelicRow(Row):
    id: str
    city: City
    kind: Literal["relic", "shrine"]
    price: int = Field(ge=1)
    vp: int = NonNeg
    name: str
    tag: Tag


class RelicsFile(Row):
    relics: list[RelicRow]

    @model_validator(mode="after")
    def _one_shrine_per_city(self) -> RelicsFile:
        shrines = Counter(r.city for r in self.relics if r.kind == "shrine")
        if any(n > 1 for n in shrines.values()):
            raise ValueError(f"at most one shrine per city, found {dict(shrines)}")
        return self


class RulesFile(Row):
    model_config = Row.model_config | {"extra": "allow"}
    weeks: int = Field(ge=1)
    decrees_per_week: int = Field(ge=0)
    members_per_player: dict[str, int]
    start_money_per_currency: int = NonNeg
    start_raws: int = NonNeg
    start_goods: int = Field(ge=0, le=1)
    stalls: int = Field(ge=1)
    craft_column_fields: int = Field(ge=1)
    berths: int = Field(ge=1)
    initial_ships: int = NonNeg
    relic_display_size: int = NonNeg
    members_per_hold: int = Field(ge=1, le=1)
    members_per_reservation: int = Field(ge=1, le=1)


FILES: dict[str, type[Row]] = {
    "cities.toml": CitiesFile,
    "materials.toml": MaterialsFile,
    "families.toml": FamiliesFile,
    "weeks.toml": WeeksFile,
    "decrees.toml": DecreesFile,
    "ships.toml": ShipsFile,
    "relics.toml": RelicsFile,
    "rules.toml": RulesFile,
}


# ---- compiled tables -----------------------------------------------------------------------
@dataclass(frozen=True)
class Week:
    wid: int
    id: str
    stalls: tuple[int, ...]
    orders: tuple[int, ...]
    dice: int
    ships: int


@dataclass(frozen=True)
class Decree:
    did: int
    id: str
    day: int
    name: str
    effect: str
    params: dict[str, int]


@dataclass(frozen=True)
class Ship:
    sid: int
    id: str
    city: int
    holds: tuple[tuple[int, ...], ...]  # per hold: goods count vector
    payouts: tuple[int, ...]


@dataclass(frozen=True)
class Relic:
    rid: int
    id: str
    city: int
    shrine: bool
    price: int
    vp: int
    name: str


@dataclass(frozen=True)
class Content:
    cities: tuple[CityRow, ...]
    raw_counts: tuple[int, ...]
    recipes: tuple[tuple[int, int], ...]  # per craftsman: its two raws
    goods_supply: tuple[int, ...]
    families: tuple[FamilyRow, ...]
    card_values: tuple[int, ...]
    weeks: tuple[Week, ...]
    decrees: tuple[Decree, ...]
    ships: tuple[Ship, ...]
    relics: tuple[Relic, ...]
    shrine_of_city: tuple[int, ...]  # relic index of each city's shrine, -1 if none
    window_vp: tuple[int, ...]
    rules: RulesFile


def load_files(folder: Path = CONTENT_DIR, sets: tuple[tuple[str, Any], ...] | None = None) -> dict[str, Row]:
    """The content files, with a variant's changes (see engine/variants.py; None: this process's)."""
    return load_all("colonia", folder, FILES, sets)


def _vec(items: list[str], names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(items.count(n) for n in names)


def _unique(ids: list[str], file: str) -> None:
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ContentError(f"{file}: ids must be unique, repeated: {dup}")


def compile_content(files: dict[str, Row]) -> Content:
    cities = part(files, "cities.toml", CitiesFile)
    mats = part(files, "materials.toml", MaterialsFile)
    fams = part(files, "families.toml", FamiliesFile)
    weeks = part(files, "weeks.toml", WeeksFile)
    decrees = part(files, "decrees.toml", DecreesFile)
    ships = part(files, "ships.toml", ShipsFile)
    relics = part(files, "relics.toml", RelicsFile)
    rules = part(files, "rules.toml", RulesFile)

    if [c.id for c in cities.cities] != list(CITIES) or [c.currency for c in cities.cities] != list(CURRENCIES):
        raise ContentError(f"cities.toml: cities must be listed as {list(CITIES)} with currencies {list(CURRENCIES)}")
    if [r.id for r in mats.raws] != list(RAWS):
        raise ContentError(f"materials.toml: raws must be listed in the order {list(RAWS)}")
    crafts = sorted(mats.craftsmen, key=lambda c: c.column)
    if [c.id for c in crafts] != list(CRAFTSMEN) or [c.good for c in crafts] != list(GOODS):
        raise ContentError(f"materials.toml: columns 1-5 must be {list(CRAFTSMEN)} making {list(GOODS)}")
    if sorted(str(n) for n in rules.members_per_player) != ["3", "4", "5", "6"]:
        raise ContentError("rules.toml: field 'members_per_player' needs the player counts 3, 4, 5 and 6")
    if len(fams.card_values) < rules.weeks:
        raise ContentError(f"families.toml: {rules.weeks} weeks need at least {rules.weeks} family cards")
    if len(weeks.weeks) < rules.weeks:
        raise ContentError(f"weeks.toml: {rules.weeks} weeks need at least {rules.weeks} week cards")
    if len(decrees.decrees) < rules.weeks * rules.decrees_per_week:
        raise ContentError(f"decrees.toml: {rules.weeks} weeks need {rules.weeks * rules.decrees_per_week} decrees")
    for f, ids in (("weeks.toml", [w.id for w in weeks.weeks]), ("decrees.toml", [d.id for d in decrees.decrees]),
                   ("ships.toml", [s.id for s in ships.ships]), ("relics.toml", [r.id for r in relics.relics])):
        _unique(ids, f)
    for w in weeks.weeks:
        if len(w.stalls) != rules.stalls:
            raise ContentError(f"weeks.toml: week {w.id} lists {len(w.stalls)} stalls, the rules have {rules.stalls}")
    city_index = {c: i for i, c in enumerate(CITIES)}
    relic_rows = tuple(Relic(i, r.id, city_index[r.city], r.kind == "shrine", r.price, r.vp, r.name)
                       for i, r in enumerate(relics.relics))
    shrine_of = [-1] * len(CITIES)
    for r in relic_rows:
        if r.shrine:
            shrine_of[r.city] = r.rid
    return Content(
        cities=tuple(cities.cities),
        raw_counts=tuple(r.count for r in mats.raws),
        recipes=tuple((RAWS.index(c.recipe[0]), RAWS.index(c.recipe[1])) for c in crafts),
        goods_supply=tuple(c.supply for c in crafts),
        families=tuple(fams.families),
        card_values=tuple(sorted(fams.card_values)),
        weeks=tuple(Week(i, w.id, tuple(w.stalls), tuple(w.orders), w.dice, w.ships)
                    for i, w in enumerate(weeks.weeks)),
        decrees=tuple(Decree(i, d.id, d.day, d.name, d.effect, dict(d.params)) for i, d in enumerate(decrees.decrees)),
        ships=tuple(Ship(i, s.id, city_index[s.city], tuple(_vec(list(h.goods), GOODS) for h in s.holds),
                         tuple(h.payout for h in s.holds)) for i, s in enumerate(ships.ships)),
        relics=relic_rows,
        shrine_of_city=tuple(shrine_of),
        window_vp=tuple(c.window_vp for c in cities.cities),
        rules=rules,
    )


@cache
def content() -> Content:
    return compile_content(load_files())
