"""Valencia / Strasbourg content: schemas for the TOML files in ``content/`` and the compiled,
integer-indexed tables (maps, round cards, landmarks, tasks) the rules read in their hot loops.

Cells use one global index for both maps: ``(row - 1) * 9 + (col - 1)`` (ids ``r{row}c{col}``);
dots use ``(row - 1) * 8 + (col - 1)`` (ids ``dot_r{row}c{col}``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from mercator.engine.content import Row, Tag, load_all, part
from mercator.engine.errors import ContentError

CONTENT_DIR = Path(__file__).parent / "content"

EditionName = Literal["valencia", "strasbourg"]
EDITIONS: tuple[EditionName, ...] = ("valencia", "strasbourg")
GUILDS = ("bakers", "butchers", "shoemakers", "vintners", "smiths")
Guild = Literal["bakers", "butchers", "shoemakers", "vintners", "smiths"]
SEATS = ("nobility", "church", "merchants", "guild_bakers", "guild_butchers", "guild_shoemakers", "guild_vintners",
         "guild_smiths")
NOBILITY, CHURCH, MERCHANTS = 0, 1, 2
GUILD_SEAT = (3, 4, 5, 6, 7)  # council seat index of each guild
LETTER = {"b": 0, "u": 1, "s": 2, "v": 3, "m": 4, "F": 5, "E": 5}
SITE = 5
MAX_ROWS, MAX_COLS = 6, 9
CELL_IDS = tuple(f"r{r}c{c}" for r in range(1, MAX_ROWS + 1) for c in range(1, MAX_COLS + 1))
DOT_IDS = tuple(f"dot_r{r}c{c}" for r in range(1, MAX_ROWS) for c in range(1, MAX_COLS))
# Step types of a round card.
NOBILITY_CHURCH, GUILD, MERCHANTS_STEP, RELOCATION, BUILD_BONUS, BUILD_LANDMARK = range(6)
STEP_TYPES = ("nobility_church", "guild", "merchants", "relocation", "build_bonus_piece", "build_landmark")
BONUSES = ("none", "gain_coins_2", "take_good_of_arrival_guild", "gain_vp_1")
NonNeg = Field(ge=0)
Coord = tuple[int, int]


def cell(r: int, c: int) -> int:
    return (r - 1) * MAX_COLS + (c - 1)


def dot(r: int, c: int) -> int:
    return (r - 1) * (MAX_COLS - 1) + (c - 1)


# ---- schemas -------------------------------------------------------------------------------
class EditionRow(Row):
    players: list[int]
    rounds: int = Field(ge=1)
    deck_values: list[int]
    deck_copies: int = Field(ge=1)
    family_members: int = Field(ge=1)
    start_coins: int = NonNeg
    tasks_dealt: int = Field(ge=1)
    tasks_keep_min: int = Field(ge=1)
    goods_per_guild: int = NonNeg
    privileges: int = NonNeg
    max_stacks: int = Field(ge=1)
    landmark_kind: Literal["fountain", "edifice"]
    bonus_piece_kind: Literal["palm", "chapel"]
    bonus_pieces: int = NonNeg
    relocation_auction: bool
    landmark_arrival_bonuses: bool
    task_penalty_mode: Literal["printed", "fixed"]
    task_fixed_penalty: int = NonNeg
    two_player_blockers: bool
    two_player_strict_privilege: bool
    first_draw_mandatory: bool
    council_task_threshold: dict[str, int]
    tag: Tag


class RulesFile(Row):
    editions: dict[Literal["valencia", "strasbourg"], EditionRow]


class GuildRow(Row):
    id: Guild
    good: str
    good_value: int = NonNeg
    placement_cost: int = NonNeg
    council_seat: str
    goods_valencia: int = NonNeg
    goods_strasbourg: int = NonNeg
    tag: Tag


class GuildsFile(Row):
    guilds: list[GuildRow]


class SeatRow(Row):
    id: str
    filled_by: str
    tag: Tag


class CouncilFile(Row):
    seats: list[SeatRow]


class LandmarkRow(Row):
    id: str
    edition: Literal["valencia", "strasbourg"]
    value: int = Field(ge=1)
    arrival_bonus: Literal["none", "gain_coins_2", "take_good_of_arrival_guild", "gain_vp_1"]
    tag: Tag


class LandmarksFile(Row):
    landmarks: list[LandmarkRow]


class StepRow(Row):
    step: Literal["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    type: Literal["nobility_church", "guild", "merchants", "relocation", "build_bonus_piece", "build_landmark"]
    guild: Literal["", "bakers", "butchers", "shoemakers", "vintners", "smiths"]
    seat: bool

    @model_validator(mode="after")
    def _guild_iff_guild_step(self) -> StepRow:
        if (self.type == "guild") != bool(self.guild):
            raise ValueError("a guild step names its guild; other steps leave guild empty")
        if self.seat and self.type != "merchants":
            raise ValueError("only a merchants step can carry the merchants seat")
        return self


class CardRow(Row):
    id: str
    edition: Literal["valencia", "strasbourg"]
    tag: Tag
    steps: list[StepRow]

    @model_validator(mode="after")
    def _letters(self) -> CardRow:
        if [s.step for s in self.steps] != list("ABCDEFGHI"):
            raise ValueError("a round card lists steps A to I in order")
        if self.steps[0].type != "nobility_church":
            raise ValueError("step A is always the nobility & church auction")
        return self


class RoundCardsFile(Row):
    cards: list[CardRow]


def _coords(rows: int, cols: int, items: list[Coord], what: str, corner: bool = False) -> None:
    for r, c in items:
        if not (1 <= r <= rows - corner and 1 <= c <= cols - corner):
            raise ValueError(f"{what} [{r}, {c}] lies outside the {rows}x{cols} grid")


class FaceRow(Row):
    id: Literal["p1a", "p1b", "p2a", "p2b", "p3a", "p3b", "p4a", "p4b"]
    rows: list[str]
    palm_dots: list[Coord]
    blocked_2p: list[Coord]
    tag: Tag


class ValenciaCity(Row):
    rows: int = Field(ge=1, le=MAX_ROWS)
    cols: int = Field(ge=1, le=MAX_COLS)
    piece_offsets: dict[str, Coord]
    default_sides: dict[str, Literal["a", "b"]]
    default_grid: list[str]
    default_palm_dots: list[Coord]
    default_blocked_2p: list[Coord]
    tag: Tag
    faces: list[FaceRow]


class StrasbourgCity(Row):
    rows: int = Field(ge=1, le=MAX_ROWS)
    cols: int = Field(ge=1, le=MAX_COLS)
    grid: list[str]
    chapel_dots: list[Coord]
    tag: Tag

    @model_validator(mode="after")
    def _shape(self) -> StrasbourgCity:
        _check_grid(self.grid, self.rows, self.cols)
        _coords(self.rows, self.cols, self.chapel_dots, "chapel dot", corner=True)
        return self


class CitiesFile(Row):
    valencia: ValenciaCity
    strasbourg: StrasbourgCity


class TaskRow(Row):
    id: str
    name_valencia: str
    name_strasbourg: str
    predicate: Literal["landmark_adjacent", "guild_count", "crowd", "line", "diagonal", "council", "network",
                       "city_majority", "richest", "all_guilds", "shaded", "goods", "privileges", "cathedral",
                       "guild_seats", "cluster", "big_family"]
    param: str
    threshold: int = NonNeg
    reward: int = NonNeg
    penalty_valencia: int = NonNeg
    penalty_strasbourg: int = NonNeg
    tag: Tag


class TasksFile(Row):
    tasks: list[TaskRow]

    @model_validator(mode="after")
    def _unique(self) -> TasksFile:
        ids = [t.id for t in self.tasks]
        if len(set(ids)) != len(ids):
            raise ValueError("task ids must be unique")
        return self


def _check_grid(grid: list[str], rows: int, cols: int) -> None:
    if len(grid) != rows:
        raise ValueError(f"the grid needs {rows} rows, has {len(grid)}")
    for i, line in enumerate(grid):
        cells = line.split()
        if len(cells) != cols or any(x not in LETTER for x in cells):
            raise ValueError(f"grid row {i + 1} needs {cols} cells from {''.join(LETTER)}: {line!r}")


FILES: dict[str, type[Row]] = {
    "rules.toml": RulesFile,
    "guilds.toml": GuildsFile,
    "council.toml": CouncilFile,
    "landmarks.toml": LandmarksFile,
    "round_cards.toml": RoundCardsFile,
    "cities.toml": CitiesFile,
    "tasks.toml": TasksFile,
}


# ---- compiled tables -----------------------------------------------------------------------
@dataclass(frozen=True)
class CityMap:
    """One city with every geometric look-up precomputed over the global cell/dot indices."""

    name: str
    rows: int
    cols: int
    kind: tuple[int, ...]  # per global cell: -1 outside, 0..4 guild, 5 site
    spaces: tuple[int, ...]  # guild spaces
    sites: tuple[int, ...]
    guild_spaces: tuple[tuple[int, ...], ...]
    nbr: tuple[tuple[int, ...], ...]  # orthogonal neighbours inside the map
    adj_sites: tuple[tuple[int, ...], ...]  # per cell: orthogonally adjacent sites
    dots: tuple[int, ...]  # dots that can hold a bonus piece
    dot_cells: tuple[tuple[int, ...], ...]  # per global dot: its four cells
    cell_dots: tuple[tuple[int, ...], ...]  # per cell: map dots at its corners
    blocked_2p: tuple[int, ...]
    moves: tuple[tuple[int, ...], ...]  # per cell: orthogonal guild spaces (relocation targets if free)


def _build_map(name: str, grid: list[list[str]], dots: list[Coord], blocked: list[Coord]) -> CityMap:
    rows, cols = len(grid), len(grid[0])
    n = MAX_ROWS * MAX_COLS
    kind = [-1] * n
    for r in range(rows):
        for c in range(cols):
            kind[cell(r + 1, c + 1)] = LETTER[grid[r][c]]
    nbr: list[tuple[int, ...]] = []
    for i in range(n):
        r, c = divmod(i, MAX_COLS)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < MAX_ROWS and 0 <= cc < MAX_COLS and kind[rr * MAX_COLS + cc] >= 0 and kind[i] >= 0:
                out.append(rr * MAX_COLS + cc)
        nbr.append(tuple(out))
    dot_ids = tuple(sorted(dot(r, c) for r, c in dots))
    dot_cells = []
    for d in range(len(DOT_IDS)):
        r, c = divmod(d, MAX_COLS - 1)
        dot_cells.append((r * MAX_COLS + c, r * MAX_COLS + c + 1, (r + 1) * MAX_COLS + c, (r + 1) * MAX_COLS + c + 1))
    cell_dots = tuple(tuple(d for d in dot_ids if i in dot_cells[d]) for i in range(n))
    spaces = tuple(i for i in range(n) if 0 <= kind[i] < SITE)
    return CityMap(
        name=name, rows=rows, cols=cols, kind=tuple(kind), spaces=spaces,
        sites=tuple(i for i in range(n) if kind[i] == SITE),
        guild_spaces=tuple(tuple(i for i in spaces if kind[i] == g) for g in range(5)),
        nbr=tuple(nbr),
        adj_sites=tuple(tuple(j for j in nbr[i] if kind[j] == SITE) for i in range(n)),
        dots=dot_ids, dot_cells=tuple(dot_cells), cell_dots=cell_dots,
        blocked_2p=tuple(sorted(cell(r, c) for r, c in blocked)),
        moves=tuple(tuple(j for j in nbr[i] if 0 <= kind[j] < SITE) for i in range(n)),
    )


def _assemble(city: ValenciaCity, sides: Mapping[str, str]) -> tuple[list[list[str]], list[Coord], list[Coord]]:
    faces: dict[str, FaceRow] = {f.id: f for f in city.faces}
    grid = [["?"] * city.cols for _ in range(city.rows)]
    dots: list[Coord] = []
    blocked: list[Coord] = []
    for piece, (ro, co) in city.piece_offsets.items():
        face = faces[piece + sides[piece]]
        for r, line in enumerate(face.rows):
            for c, x in enumerate(line.split()):
                grid[ro + r][co + c] = x
        dots += [(r + ro, c + co) for r, c in face.palm_dots]
        blocked += [(r + ro, c + co) for r, c in face.blocked_2p]
    return grid, dots, blocked


@dataclass(frozen=True)
class Landmark:
    lid: int
    id: str
    value: int
    bonus: int  # index in BONUSES


@dataclass(frozen=True)
class Task:
    tid: int
    id: str
    name_valencia: str
    name_strasbourg: str
    predicate: str
    param: int  # landmark value or guild index (-1 if unused)
    threshold: int
    reward: int
    penalty_valencia: int
    penalty_strasbourg: int
    tag: str


@dataclass(frozen=True)
class Edition:
    name: str
    rules: EditionRow
    cards: tuple[tuple[str, tuple[tuple[str, int, int, bool], ...]], ...]  # (id, ((letter, type, guild, seat)))
    landmarks: tuple[Landmark, ...]
    goods_per_guild: int
    maps: dict[str, CityMap]  # layout name -> map ("default"; valencia also "p1b p2a ..." side combinations)
    auctions: int  # auction steps per round


@dataclass(frozen=True)
class Content:
    guilds: tuple[GuildRow, ...]
    good_value: tuple[int, ...]
    cost: tuple[int, ...]
    editions: dict[str, Edition]
    tasks: tuple[Task, ...]
    task_by_id: dict[str, Task]


def load_files(folder: Path = CONTENT_DIR, sets: tuple[tuple[str, Any], ...] | None = None) -> dict[str, Row]:
    """The content files, with a variant's changes (see engine/variants.py; None: this process's)."""
    return load_all("valencia", folder, FILES, sets)


def _compile_cities(cities: CitiesFile) -> dict[str, dict[str, CityMap]]:
    v = cities.valencia
    try:
        _check_grid(v.default_grid, v.rows, v.cols)
        for f in v.faces:
            _check_grid(f.rows, 3, 4)
    except ValueError as exc:
        raise ContentError(f"cities.toml: valencia: {exc}") from None
    if sorted(f.id for f in v.faces) != ["p1a", "p1b", "p2a", "p2b", "p3a", "p3b", "p4a", "p4b"]:
        raise ContentError("cities.toml: valencia needs exactly the eight faces p1a..p4b")
    grid, dots, blocked = _assemble(v, v.default_sides)
    if [" ".join(r) for r in grid] != v.default_grid:
        raise ContentError("cities.toml: valencia default_grid does not match the assembled default faces")
    if sorted(dots) != sorted(map(tuple, v.default_palm_dots)) or sorted(blocked) != sorted(
            map(tuple, v.default_blocked_2p)):
        raise ContentError("cities.toml: valencia default palm dots / blocked cells do not match the faces")
    vmaps = {"default": _build_map("default", grid, dots, blocked)}
    for sides in product("ab", repeat=4):
        layout = dict(zip(("p1", "p2", "p3", "p4"), sides, strict=True))
        g, d, b = _assemble(v, layout)
        key = " ".join(p + s for p, s in layout.items())
        vmaps[key] = _build_map(key, g, d, b)
    s = cities.strasbourg
    smap = _build_map("default", [r.split() for r in s.grid], list(s.chapel_dots), [])
    return {"valencia": vmaps, "strasbourg": {"default": smap}}


def compile_content(files: dict[str, Row]) -> Content:
    rules = part(files, "rules.toml", RulesFile)
    guilds = part(files, "guilds.toml", GuildsFile)
    council = part(files, "council.toml", CouncilFile)
    landmarks = part(files, "landmarks.toml", LandmarksFile)
    cards = part(files, "round_cards.toml", RoundCardsFile)
    cities = part(files, "cities.toml", CitiesFile)
    tasks = part(files, "tasks.toml", TasksFile)

    if [g.id for g in guilds.guilds] != list(GUILDS):
        raise ContentError(f"guilds.toml: guilds must be listed in the order {list(GUILDS)}")
    if [s.id for s in council.seats] != list(SEATS):
        raise ContentError(f"council.toml: seats must be {list(SEATS)} in this order")
    if set(rules.editions) != set(EDITIONS):
        raise ContentError(f"rules.toml: both editions {list(EDITIONS)} are needed")
    maps = _compile_cities(cities)
    editions: dict[str, Edition] = {}
    for name in EDITIONS:
        er = rules.editions[name]
        lms = sorted((lm for lm in landmarks.landmarks if lm.edition == name), key=lambda lm: lm.value)
        if len(lms) != er.rounds:
            raise ContentError(f"landmarks.toml: {name} needs one landmark per round ({er.rounds}), has {len(lms)}")
        ecards = []
        for c in cards.cards:
            if c.edition != name:
                continue
            steps = tuple((s.step, STEP_TYPES.index(s.type), GUILDS.index(s.guild) if s.guild else -1, s.seat)
                          for s in c.steps)
            if name == "valencia" and any(t >= BUILD_BONUS for _, t, _, _ in steps):
                raise ContentError(f"round_cards.toml: card {c.id}: valencia steps are all auctions")
            ecards.append((c.id, steps))
        if len(ecards) != er.rounds:
            raise ContentError(f"round_cards.toml: {name} needs {er.rounds} cards, has {len(ecards)}")
        auctions = sum(1 for _, t, _, _ in ecards[0][1] if t < BUILD_BONUS)
        deck = len(er.deck_values) * er.deck_copies
        if not auctions <= er.max_stacks <= deck:
            raise ContentError(f"rules.toml: {name} max_stacks must lie between the auctions per round ({auctions}) "
                               f"and the cards in a deck ({deck}), not {er.max_stacks}")
        editions[name] = Edition(
            name=name, rules=er, cards=tuple(ecards),
            landmarks=tuple(Landmark(i, lm.id, lm.value, BONUSES.index(lm.arrival_bonus)) for i, lm in enumerate(lms)),
            goods_per_guild=er.goods_per_guild, maps=maps[name], auctions=auctions,
        )
    if any(g.goods_valencia != rules.editions["valencia"].goods_per_guild or
           g.goods_strasbourg != rules.editions["strasbourg"].goods_per_guild for g in guilds.guilds):
        raise ContentError("guilds.toml: goods tiles per guild disagree with rules.toml goods_per_guild")
    out_tasks = []
    for i, t in enumerate(tasks.tasks):
        if t.predicate == "landmark_adjacent":
            param = int(t.param)
        elif t.predicate == "guild_count":
            if t.param not in GUILDS:
                raise ContentError(f"tasks.toml: row {i + 1} (id {t.id}): param must be a guild")
            param = GUILDS.index(t.param)
        else:
            param = -1
        out_tasks.append(Task(i, t.id, t.name_valencia, t.name_strasbourg, t.predicate, param, t.threshold,
                              t.reward, t.penalty_valencia, t.penalty_strasbourg, t.tag))
    return Content(
        guilds=tuple(guilds.guilds),
        good_value=tuple(g.good_value for g in guilds.guilds),
        cost=tuple(g.placement_cost for g in guilds.guilds),
        editions=editions,
        tasks=tuple(out_tasks),
        task_by_id={t.id: t for t in out_tasks},
    )


@cache
def content() -> Content:
    return compile_content(load_files())
