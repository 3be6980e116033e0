"""Valencia's (and Strasbourg's) ``explain`` plug-in (engine/explain.py): every content entity a
player meets on the board, as Entity rows the web table and the terminal turn into "what is this,
what does it do".

Why a module of its own: the numbers an explanation states (placement costs, sale values, goods
and privilege supplies, landmark values, task thresholds and points, the round cards' guilds, the
city pieces' contents) are read here from the content files through data.py's loader, the same
rows the rules compile, so the words in messages.toml ``[<lang>.explain.<kind>]`` can never drift
from what the engine applies; each row keeps its content provenance tag.

Kinds (each also the name of the catalog's names table): guild, good (keyed by guild id, as the
view keys goods), council_seat, landmark, bonus_piece (palm, chapel), site (fountain, edifice:
the empty building sites), round_card, step (the step types of a round card), tasks, token (the
figure, privileges, family members, 2-player blockers, coins, stacks, the draw pile),
influence_card (values 1 to 6) and city_piece (Valencia's eight piece faces, Strasbourg's map).
The singular kinds stand beside the catalog's plural tables (guilds, council_seats, landmarks),
which name the same ids in lower case or in the case a sentence needs, for the events.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mercator.engine.content import part
from mercator.engine.explain import Entity

from .data import (
    GUILDS,
    LETTER,
    STEP_TYPES,
    CitiesFile,
    CouncilFile,
    GuildsFile,
    LandmarksFile,
    RoundCardsFile,
    RulesFile,
    TasksFile,
    content,
    load_files,
)


def entities() -> list[Entity]:
    """Every Valencia / Strasbourg entity with the fields its explanation is filled from."""
    return list(_entities())


@cache
def _entities() -> tuple[Entity, ...]:
    files = load_files()
    rules = part(files, "rules.toml", RulesFile).editions
    guilds = part(files, "guilds.toml", GuildsFile).guilds
    seats = part(files, "council.toml", CouncilFile).seats
    cards = part(files, "round_cards.toml", RoundCardsFile).cards
    cities = part(files, "cities.toml", CitiesFile)
    val, stras = rules["valencia"], rules["strasbourg"]
    maps = {name: ed.maps["default"] for name, ed in content().editions.items()}
    out: list[Entity] = []

    # A guild and its good: sale value and supply per edition (the guild adds its placement cost).
    goods = {g.id: {"guild": g.id, "of_guild": g.id, "value": g.good_value, "goods": g.goods_valencia,
                    "goods_s": g.goods_strasbourg} for g in guilds}
    for g in guilds:
        out.append(Entity("guild", g.id, {**goods[g.id], "cost": g.placement_cost}, g.tag))
    for g in guilds:
        out.append(Entity("good", g.id, goods[g.id], g.tag))
    seat_guild = {g.council_seat: g.id for g in guilds}
    for s in seats:
        fields: dict[str, Any] = {"guild": seat_guild[s.id], "of_guild": seat_guild[s.id]} if s.id in seat_guild else {}
        out.append(Entity("council_seat", s.id, fields, s.tag))
    for lm in part(files, "landmarks.toml", LandmarksFile).landmarks:
        out.append(Entity("landmark", lm.id, {"value": lm.value}, lm.tag))
    for er, city_map in ((val, maps["valencia"]), (stras, maps["strasbourg"])):
        out.append(Entity("bonus_piece", er.bonus_piece_kind, {"count": er.bonus_pieces, "dots": len(city_map.dots)},
                          er.tag))
    for er, city_tag, city_map in ((val, cities.valencia.tag, maps["valencia"]),
                                   (stras, cities.strasbourg.tag, maps["strasbourg"])):
        out.append(Entity("site", er.landmark_kind, {"count": len(city_map.sites)}, city_tag))
    for c in cards:
        fields = {"guilds": [s.guild for s in c.steps if s.type == "guild"],
                                  "seat_step": next(s.step for s in c.steps if s.seat)}
        omitted = [g for g in GUILDS if g not in fields["guilds"]]
        if c.edition == "valencia" and len(omitted) == 1:
            fields |= {"guild": omitted[0], "of_guild": omitted[0]}
        out.append(Entity("round_card", c.id, fields, c.tag))
    for kind in STEP_TYPES:
        first = next(c for c in cards if any(s.type == kind for s in c.steps))
        out.append(Entity("step", kind, {}, first.tag))
    thresholds = {f"t{n}": val.council_task_threshold[str(n)] for n in val.players}
    for t in part(files, "tasks.toml", TasksFile).tasks:
        fields = {"threshold": t.threshold, "reward": t.reward, "penalty": t.penalty_valencia,
                  "fixed": stras.task_fixed_penalty if stras.task_penalty_mode == "fixed" else t.penalty_strasbourg}
        if t.predicate == "landmark_adjacent":
            fields["value"] = int(t.param)
        elif t.predicate == "guild_count":
            fields |= {"guild": t.param, "of_guild": t.param}
        elif t.predicate == "council":
            fields |= thresholds
        out.append(Entity("tasks", t.id, fields, t.tag))
    blocked = cities.valencia.default_blocked_2p
    grid = [row.split() for row in cities.valencia.default_grid]
    per_guild = {sum(1 for r, c in blocked if LETTER[grid[r - 1][c - 1]] == i) for i in range(len(GUILDS))}
    tokens: dict[str, dict[str, Any]] = {
        "figure": {},
        "privilege": {"count": val.privileges},
        "member": {"count": val.family_members},
        "blocker": {"count": len(blocked), "per_guild": _only(per_guild, "blocked spaces per guild")},
        "coin": {"start": val.start_coins},
        "stack": {"max_s": stras.max_stacks},
        "pile": {"count": len(val.deck_values) * val.deck_copies, "rounds": val.rounds},
    }
    for ident, fields in tokens.items():
        out.append(Entity("token", ident, fields, val.tag))
    for v in val.deck_values:
        out.append(Entity("influence_card", str(v), {"value": v, "copies": val.deck_copies,
                                                     "deck": len(val.deck_values) * val.deck_copies}, val.tag))
    for face in cities.valencia.faces:
        cells = [x for row in face.rows for x in row.split()]
        counts = {sum(1 for x in cells if LETTER[x] == i) for i in range(len(GUILDS))}
        out.append(Entity("city_piece", face.id, {
            "per_guild": _only(counts, f"spaces per guild on face {face.id}"),
            "sites": sum(1 for x in cells if x == "F"), "dots": len(face.palm_dots),
            "blocked": len(face.blocked_2p)}, face.tag))
    smap = maps["strasbourg"]
    out.append(Entity("city_piece", "strasbourg", {"rows": smap.rows, "cols": smap.cols, "spaces": len(smap.spaces),
                                                   "sites": len(smap.sites), "dots": len(smap.dots)},
                      cities.strasbourg.tag))
    return tuple(out)


def _only(values: set[int], what: str) -> int:
    """The one number all members of a group share (the explanation states it once)."""
    if len(values) != 1:
        raise ValueError(f"the explanation assumes equal {what}, found {sorted(values)}")
    return values.pop()
