"""Colonia in the terminal: the week and its decrees, market stalls, craftsmen, harbour, relic
display, the families' sheets and the player's own screen, and every action in words."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mercator.engine.i18n import catalog

from .common import decision_line, field_words, game_say, header_rule, pretty_id, web_word

GAME = "colonia"

CURRENCY_SHORT = {"pfund": "Pf", "grivna": "Gr", "mark": "Mk", "gulden": "Gu"}
STREET_SHORT = {"street_tue": "Tu", "street_wed": "We", "street_thu": "Th", "street_harbour": "Hb"}


@cache
def _content() -> Any:
    from mercator.games.colonia.data import content

    return content()


def _relic(cid: str) -> Any:
    return next(r for r in _content().relics if r.id == cid)


def _decree(did: str) -> Any:
    return next(d for d in _content().decrees if d.id == did)


def _currency(city: int) -> str:
    from mercator.games.colonia.data import CURRENCIES

    return CURRENCIES[city]


def bundle(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in counts.items() if n) or "-"


def card_text(cid: str) -> str:
    r = _relic(cid)
    if r.shrine:
        return f"{r.name.split(' (')[0]} (doubles one relic of its city)"
    return f"{r.name} ({r.vp} VP)"


def ship_name(sid: str, city: str) -> str:
    return f"{city.capitalize()} ship {sid.rsplit('_', 1)[1]}"


# ---- the board -------------------------------------------------------------------------------------
def board(view: dict[str, Any], names: list[str], seat: int | None) -> list[RenderableType]:
    parts: list[RenderableType] = [
        header(view, names, seat), week_panel(view, names),
        Columns([stalls_table(view, names), craftsmen_table(view, names)], padding=(0, 2)),
        Columns([harbour_table(view, names), display_table(view, names)], padding=(0, 2)),
        players_table(view, names),
    ]
    if seat is not None:  # the seat's own screen: the exact raw materials
        parts.append(screen_panel(view["players"][seat]))
    decision = decision_line(GAME, view, names, seat, "en")
    return parts if decision is None else [*parts, decision]


def summary(view: dict[str, Any], names: list[str], seat: int, lang: str) -> list[RenderableType]:
    """What a decision needs in a few lines (an 80×24 terminal), in ``lang``: each family on one
    line, the seat's screen and the open decision."""
    def say(key: str, **fields: Any) -> str:
        return game_say(GAME, lang, key, names, **fields)

    out: list[RenderableType] = [header(view, names, seat, lang)]
    families = catalog(GAME)[lang].get("families", {})
    for s, p in enumerate(view["players"]):
        raws = field_words(GAME, lang, "raws", p["raws_known"], names)
        if p["raws_unknown"]:
            seen = any(p["raws_known"].values())
            raws = say("hidden" if seen else "hidden_only", known=p["raws_known"], hidden=p["raws_unknown"])
        out.append(Text(say("player", seat=s, family=families.get(p["colour"], p["colour"]), **p["money"],
                            goods=p["goods"], stock=raws, supply=p["supply"], relic_vp=p["relic_vp"])))
    out.append(Text(say("screen", raws=view["players"][seat]["screen"]["raws"])))
    decision = decision_line(GAME, view, names, seat, lang)
    return out if decision is None else [*out, decision]


def final_columns(view: dict[str, Any], seat: int) -> dict[str, str]:
    """Beside the score: relic VP, then the tie-breakers (money in all currencies, goods)."""
    p = view["players"][seat]
    return {"relic_vp": str(p["relic_vp"]), "money": str(sum(p["money"].values())),
            "goods": str(sum(p["goods"].values()))}


def header(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> RenderableType:
    day = web_word(lang, f"day_{view['day_name']}", view["day_name"])
    return header_rule(game_say(GAME, lang, "header", names, week=view["week"], weeks=view["weeks"], day=day),
                       view, names, seat, lang)


def week_panel(view: dict[str, Any], names: list[str]) -> Panel:
    lines = []
    if view["week_card"]:
        lines.append(f"Week card {view['week_card'].split('_')[1]}: {view['dice']} die roll(s) on Thursday, "
                     f"ships departing: {view['departing']}")
    for d in view["decrees"]:
        lines.append(f"Decree ({pretty_id(_day(d['day']))}): {_decree(d['decree']).name} — {d['state']}")
    order = ", ".join(names[s] for s in view["turn_order"])
    mayor = "-" if view["mayor"] is None else names[view["mayor"]]
    lines.append(f"Turn order: {order}; mayor: {mayor}")
    lines.append(f"Bag: {view['bag']} raws; decks: ships {view['decks']['ship']}, relics {view['decks']['relic']}; "
                 f"goods in supply: {bundle(view['goods_supply'])}")
    return Panel("\n".join(lines), title="The week", title_align="left")


def _day(day: int) -> str:
    from mercator.games.colonia.data import DAYS

    return DAYS[day - 1]


def stalls_table(view: dict[str, Any], names: list[str]) -> Table:
    t = Table(title="Market stalls", title_justify="left")
    for col in ("Stall", "Raws", "Cost", "Bought by"):
        t.add_column(col)
    for s in view["stalls"]:
        owner = "-" if s["bought_by"] is None else f"{names[s['bought_by']]} ({s['members']})"
        t.add_row(str(s["stall"]), bundle(s["raws"]), str(s["cost"]) if any(s["raws"].values()) else "-", owner)
    return t


def craftsmen_table(view: dict[str, Any], names: list[str]) -> Table:
    t = Table(title="Craftsmen", title_justify="left")
    for col in ("Craftsman", "Good", "Orders", "Next cost", "Queue (field 1 first)"):
        t.add_column(col)
    for c in view["craftsmen"]:
        queue = ", ".join(f"{names[st['seat']]}:{st['members']}" for st in c["stacks"]) or "-"
        t.add_row(pretty_id(c["craftsman"]), c["good"], str(c["stick"]), str(c["next_cost"]), queue)
    return t


def harbour_table(view: dict[str, Any], names: list[str]) -> Table:
    t = Table(title="Harbour", title_justify="left")
    for col in ("Berth", "Ship", "Holds (goods = pay, loaded by)"):
        t.add_column(col)
    for b, ship in enumerate(view["berths"]):
        if ship is None:
            t.add_row(str(b + 1), "-", "")
            continue
        cur = CURRENCY_SHORT[_currency(("london", "novgorod", "bergen", "bruges").index(ship["city"]))]
        holds = "; ".join(f"{h['hold']}: {bundle(h['goods'])} = {h['payout']} {cur}"
                          + (f" [{names[h['seat']]}]" if h["seat"] is not None else "") for h in ship["holds"])
        t.add_row(str(b + 1), ship_name(ship["ship"], ship["city"]), holds)
    return t


def display_table(view: dict[str, Any], names: list[str]) -> Table:
    t = Table(title="Relic display", title_justify="left")
    for col in ("Card", "Price", "Reserved by"):
        t.add_column(col)
    for d in view["display"]:
        r = _relic(d["card"])
        reserved = "-" if d["reserved_by"] is None else names[d["reserved_by"]]
        t.add_row(card_text(d["card"]), f"{d['price']} {CURRENCY_SHORT[_currency(r.city)]}", reserved)
    return t


def players_table(view: dict[str, Any], names: list[str]) -> Table:
    t = Table(title="Families", title_justify="left")
    for col in ("Player", "Supply", "Streets Tu/We/Th/Hb", "Money Pf/Gr/Mk/Gu", "Goods", "Raws", "Cards left",
                "Card/votes", "Relics", "Shrines"):
        t.add_column(col)
    for s, p in enumerate(view["players"]):
        streets = "/".join(str(p["streets"][k]) for k in STREET_SHORT)
        money = "/".join(str(p["money"][k]) for k in CURRENCY_SHORT)
        raws = bundle(p["raws_known"]) + (f" +{p['raws_unknown']} hidden" if p["raws_unknown"] else "")
        card = "-" if p["played"] is None else f"{p['played']}/{p['votes']}"
        relics = f"{p['relic_vp']} VP: " + (", ".join(_relic(r).name for r in p["relics"]) or "-")
        shrines = ", ".join(f"{c}: {'empty' if x == 'empty' else _relic(x).name}"
                            for c, x in p["shrines"].items() if x is not None) or "-"
        t.add_row(f"{names[s]} ({p['colour']})", str(p["supply"]), streets, money, bundle(p["goods"]), raws,
                  " ".join(map(str, p["hand"])), card, relics, shrines)
    return t


def screen_panel(me: dict[str, Any]) -> Panel:
    return Panel(f"Raw materials: {bundle(me['screen']['raws'])}", title="Behind your screen", title_align="left")


