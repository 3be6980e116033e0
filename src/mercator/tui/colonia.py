"""Colonia in the terminal: the week and its decrees, market stalls, craftsmen, harbour, relic
display, the families' sheets and the player's own screen, and every action in words."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mercator.engine.i18n import catalog, fill
from mercator.games.colonia.data import CRAFTSMEN, CURRENCIES, DAYS, GOODS, RAWS

from .common import decision_line, field_words, game_say, header_rule, label, named, web_word
from .common import say as common_say

GAME = "colonia"

STREETS = ("street_tue", "street_wed", "street_thu", "street_harbour")
CITIES = ("london", "novgorod", "bergen", "bruges")


@cache
def _content() -> Any:
    from mercator.games.colonia.data import content

    return content()


def _relic(cid: str) -> Any:
    return next(r for r in _content().relics if r.id == cid)


def _words(lang: str, template: str, **fields: Any) -> str:
    """``template`` filled in as the game's catalog words its fields (plurals, bundles, names)."""
    return fill(GAME, lang, template, fields) or template


def _say(lang: str, key: str, names: list[str], **fields: Any) -> str:
    return game_say(GAME, lang, key, names, **fields)


def bundle(counts: dict[str, int], lang: str = "en") -> str:
    """'2 leather, 1 saddle' as the catalog words goods and raw materials."""
    return field_words(GAME, lang, "goods", {k: n for k, n in counts.items() if n}, []) if any(counts.values()) \
        else "-"


def money(n: int, currency: str, lang: str) -> str:
    return _words(lang, f"{{n:{currency}}}", n=n)


def card_text(cid: str, lang: str = "en") -> str:
    r = _relic(cid)
    name = named(GAME, lang, "relics", cid)
    return name if r.shrine else _words(lang, "{name} ({vp:vp})", name=name, vp=r.vp)


def ship_name(sid: str, lang: str = "en") -> str:
    return named(GAME, lang, "ships", sid)


def recipe(craftsman: str, lang: str) -> str:
    """'Saddler: leather + iron → saddle' (the content's recipe)."""
    i = CRAFTSMEN.index(craftsman)
    raws = " + ".join(named(GAME, lang, "raws", RAWS[r]) for r in _content().recipes[i])
    return f"{named(GAME, lang, 'craftsman', craftsman)}: {raws} → {named(GAME, lang, 'goods', GOODS[i])}"


def holds_text(ship: dict[str, Any], names: list[str], lang: str) -> str:
    cur = CURRENCIES[CITIES.index(ship["city"])]
    return "; ".join(f"{bundle(h['goods'], lang)} → {money(h['payout'], cur, lang)}"
                     + (f" [{names[h['seat']]}]" if h["seat"] is not None else "") for h in ship["holds"])


def decree_lines(view: dict[str, Any], names: list[str], lang: str) -> list[str]:
    """Each decree of the week: its day, name, state and what it does."""
    return [_say(lang, "decree", names, day=web_word(lang, f"day_{DAYS[d['day'] - 1]}", DAYS[d["day"] - 1]),
                 name=named(GAME, lang, "decrees", d["decree"]),
                 state=web_word(lang, f"state_{d['state']}", d["state"]),
                 effect=named(GAME, lang, "effects", d["decree"])) for d in view["decrees"]]


def departing_lines(view: dict[str, Any], names: list[str], lang: str) -> list[str]:
    """The ships that sail on Saturday (the first berths, as many as depart), with their holds."""
    ships = [b for b in view["berths"][:view["departing"]] if b is not None]
    out = [_say(lang, "departing", names, n=view["departing"])]
    out.extend(f"  {ship_name(b['ship'], lang)}: {holds_text(b, names, lang)}" for b in ships)
    return out


# ---- the board -------------------------------------------------------------------------------------
def board(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> list[RenderableType]:
    parts: list[RenderableType] = [
        header(view, names, seat, lang), week_panel(view, names, lang),
        Columns([stalls_table(view, names, lang), craftsmen_table(view, names, lang)], padding=(0, 2)),
        Columns([harbour_table(view, names, lang), display_table(view, names, lang)], padding=(0, 2)),
        players_table(view, names, lang),
    ]
    if seat is not None:  # the seat's own screen: the exact raw materials
        parts.append(screen_panel(view["players"][seat], lang))
    decision = decision_line(GAME, view, names, seat, lang)
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
    out.extend(Text(line, style="cyan") for line in decree_lines(view, names, lang))
    if view["day"] in (3, 4):  # market and craftsmen: what each craftsman makes of what
        out.append(Text(" · ".join(recipe(c, lang) for c in CRAFTSMEN)))
    if view["day"] in (4, 5):  # craftsmen and loading: which ships sail and what they pay
        out.extend(Text(line) for line in departing_lines(view, names, lang))
    return out if (decision := decision_line(GAME, view, names, seat, lang)) is None else [*out, decision]



def final_columns(view: dict[str, Any], seat: int) -> dict[str, str]:
    """Beside the score: relic VP, then the tie-breakers (money in all currencies, goods)."""
    p = view["players"][seat]
    return {"relic_vp": str(p["relic_vp"]), "money": str(sum(p["money"].values())),
            "goods": str(sum(p["goods"].values()))}


def header(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> RenderableType:
    day = web_word(lang, f"day_{view['day_name']}", view["day_name"])
    return header_rule(game_say(GAME, lang, "header", names, week=view["week"], weeks=view["weeks"], day=day),
                       view, names, seat, lang)


def week_panel(view: dict[str, Any], names: list[str], lang: str = "en") -> Panel:
    lines = []
    if view["week_card"]:
        lines.append(_say(lang, "week_card", names, card=named(GAME, lang, "week_cards", view["week_card"]),
                          dice=view["dice"], departing=view["departing"]))
    lines.extend(decree_lines(view, names, lang))
    lines.extend(departing_lines(view, names, lang)[1:])
    order = ", ".join(names[s] for s in view["turn_order"])
    mayor = "-" if view["mayor"] is None else names[view["mayor"]]
    lines.append(f"{label(lang, 'c_turn_order', 'Turn order')}: {order}; {label(lang, 'c_mayor', 'Mayor')}: {mayor}")
    lines.append(_say(lang, "bag", names, bag=view["bag"], ships=view["decks"]["ship"], relics=view["decks"]["relic"],
                      goods=bundle(view["goods_supply"], lang)))
    return Panel(escape("\n".join(lines)), title=_say(lang, "week_title", names), title_align="left")


def stalls_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    t = Table(title=label(lang, "c_stalls", "Market stalls"), title_justify="left")
    t.add_column("#")
    for key, default in (("c_raws", "Raw materials"), ("cost", "cost"), ("c_bought_by", "bought by")):
        t.add_column(label(lang, key, default))
    for s in view["stalls"]:
        owner = "-" if s["bought_by"] is None else f"{names[s['bought_by']]} ({s['members']})"
        cost = _words(lang, "{n:member}", n=s["cost"]) if any(s["raws"].values()) else "-"
        t.add_row(str(s["stall"]), bundle(s["raws"], lang), cost, owner)
    return t


def craftsmen_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    t = Table(title=label(lang, "c_craftsmen", "Craftsmen"), title_justify="left")
    for key, default in (("c_craftsmen", "Craftsmen"), ("c_stick", "orders served"), ("c_next_cost", "next cost"),
                         ("v_queue", "Queue")):
        t.add_column(label(lang, key, default))
    for c in view["craftsmen"]:
        queue = ", ".join(f"{names[st['seat']]}: {st['members']}" for st in c["stacks"]) or "-"
        t.add_row(recipe(c["craftsman"], lang), str(c["stick"]), str(c["next_cost"]), queue)
    return t


def harbour_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    t = Table(title=label(lang, "c_harbour", "Harbour"), title_justify="left")
    t.add_column("#")
    t.add_column(label(lang, "c_departing", "Ships departing"))
    t.add_column(label(lang, "c_payout", "payout"))
    for b, ship in enumerate(view["berths"]):
        if ship is None:
            t.add_row(str(b + 1), "-", "")
            continue
        sails = named(GAME, lang, "sails", "this_week" if b < view["departing"] else "later")
        t.add_row(str(b + 1), f"{ship_name(ship['ship'], lang)} ({sails})", holds_text(ship, names, lang))
    return t


def display_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    t = Table(title=label(lang, "c_relics", "Relic display"), title_justify="left")
    for key, default in (("c_relics", "Relic display"), ("c_price", "price"), ("c_reserved_by", "reserved by")):
        t.add_column(label(lang, key, default))
    for d in view["display"]:
        r = _relic(d["card"])
        reserved = "-" if d["reserved_by"] is None else names[d["reserved_by"]]
        t.add_row(card_text(d["card"], lang), money(d["price"], CURRENCIES[r.city], lang), reserved)
    return t


def players_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    t = Table(title=_say(lang, "families", []), title_justify="left")
    for key, default in (("player", "Player"), ("c_members", "Members in supply"), ("c_streets", "Streets"),
                         ("c_money", "Money"), ("goods", "Goods"), ("c_raws", "Raw materials"),
                         ("c_hand", "Family cards"), ("c_played", "Played"), ("c_relic_vp", "Relic points"),
                         ("c_shrines", "Shrines")):
        t.add_column(label(lang, key, default))
    families = catalog(GAME)[lang].get("families", {})
    for s, p in enumerate(view["players"]):
        streets = ", ".join(f"{named(GAME, lang, 'streets', k)} {p['streets'][k]}" for k in STREETS)
        cash = ", ".join(money(p["money"][k], k, lang) for k in CURRENCIES)
        raws = bundle(p["raws_known"], lang)
        if p["raws_unknown"]:
            raws = _say(lang, "hidden" if any(p["raws_known"].values()) else "hidden_only", names,
                        known=p["raws_known"], hidden=p["raws_unknown"])
        card = "-" if p["played"] is None else _words(lang, "{card} ({votes:vote})", card=p["played"],
                                                       votes=p["votes"])
        relics = ", ".join(named(GAME, lang, "relics", r) for r in p["relics"])
        relics = f"{p['relic_vp']}" + (f": {relics}" if relics else "")
        empty = web_word(lang, "c_stall_empty", "empty")
        shrines = ", ".join(f"{named(GAME, lang, 'cities', c)}: "
                            + (empty if x == "empty" else named(GAME, lang, "relics", x))
                            for c, x in p["shrines"].items() if x is not None) or "-"
        t.add_row(f"{names[s]} ({families.get(p['colour'], p['colour'])})", str(p["supply"]), streets, cash,
                  bundle(p["goods"], lang), raws, " ".join(map(str, p["hand"])), card, relics, shrines)
    return t


def screen_panel(me: dict[str, Any], lang: str = "en") -> Panel:
    return Panel(f"{label(lang, 'c_raws', 'Raw materials')}: {bundle(me['screen']['raws'], lang)}",
                 title=common_say(lang, "behind_screen"), title_align="left")
