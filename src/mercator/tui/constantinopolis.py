"""Constantinopolis in the terminal: offices, market, supply, players' sheets and the player's
hand, and every action in words."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import JustifyMethod, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mercator.games.constantinopolis.wording import card_words

from .common import Ctx, decision_line, field_words, game_say, header_rule, pretty_id, web_word
from .common import say as common_say

GAME = "constantinopolis"

GOOD_IDS = ("alimentary", "consumer", "industrial", "military", "luxury")
GOOD_SHORT = {"alimentary": "ali", "consumer": "con", "industrial": "ind", "military": "mil", "luxury": "lux"}
CATEGORY_NAMES = ("production", "commercial", "utility", "public", "wall")
VOYAGE = {0: "-", 1: "short", 2: "long"}
# Kinds whose last argument is a number that runs over a range; long lists group them.


# ---- the board -------------------------------------------------------------------------------------
def board(view: dict[str, Any], names: list[str], seat: int | None) -> list[RenderableType]:
    out: list[RenderableType] = [header(view, names, seat)]
    out.append(Columns([offices_table(view, names), market_table(view)], padding=(0, 2)))
    out.append(supply_text(view))
    out.append(players_table(view, names, seat))
    if seat is not None:
        out.append(hand_table(view["players"][seat]))
    decision = decision_line(GAME, view, names, seat, "en")
    if decision is not None:
        out.append(decision)
    return out


def summary(view: dict[str, Any], names: list[str], seat: int, lang: str) -> list[RenderableType]:
    """What a decision needs in a few lines (an 80×24 terminal), in ``lang``: each player on one
    line, the market's prices, the seat's contracts and the open decision."""
    def say(key: str, **fields: Any) -> str:
        return game_say(GAME, lang, key, names, **fields)

    m = view["market"]
    prices = " · ".join(f"{field_words(GAME, lang, 'good', g, names)} {m['buy'][g]}/{m['sell'][g]}" for g in GOOD_IDS)
    out: list[RenderableType] = [header(view, names, seat, lang)]
    to_act = set(view["to_act"])
    for p in view["players"]:
        s = p["seat"]
        ships = ", ".join(field_words(GAME, lang, "size", ship["size"], names)
                          + ("" if ship["at"] == "port" else " " + say("at_sea")) for ship in p["ships"]) or "-"
        line = say("player", seat=s, you=common_say(lang, "you") if s == seat else "",
                   office=p["office"] or say("no_office"), gold=p["gold"], fp=p["fp"], goods=p["goods"],
                   buildings=p["buildings"], fleet=ships, hand=p["hand_size"])
        out.append(Text(("▶ " if s in to_act else "  ") + line))
    out.append(Text(say("market", market=m["current"], prices=prices)))
    me = view["players"][seat]

    def card(cid: str) -> str:
        key, fields = card_words(cid, me)
        return say(key, **fields)

    cards = [card(c) for c in me.get("hand", [])] + [say("reserved", card=card(r["contract"])) for r in me["reserved"]]
    out.append(Text(say("contracts", cards="; ".join(cards)) if cards else say("no_contracts")))
    decision = decision_line(GAME, view, names, seat, lang)
    return out if decision is None else [*out, decision]


def final_columns(view: dict[str, Any], seat: int) -> dict[str, str]:
    p = view["players"][seat]
    return {"gold": str(p["gold"]), "goods": str(sum(p["goods"].values()))}


def holder_name(ctx: Ctx, office: str) -> str:
    o = next(x for x in ctx.view["offices"] if x["office"] == office)
    return "-" if o["holder"] is None else ctx.names[o["holder"]]


def header(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> RenderableType:
    phase = web_word(lang, f"phase_{view['phase']}", view["phase_name"].replace("_", " "))
    final = view.get("final_round")  # known once the game's end is in sight
    rnd = f"{view['round']}/{final}" if final else str(view["round"])
    return header_rule(game_say(GAME, lang, "header", names, round=rnd, phase=view["phase"],
                                phase_name=phase), view, names, seat, lang)


def offices_table(view: dict[str, Any], names: list[str]) -> Table:
    table = Table(title="Offices", title_style="bold", show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("Office")
    table.add_column("Holder")
    table.add_column("Stake", justify="right")
    for i, o in enumerate(view["offices"], start=1):
        holder = "-" if o["holder"] is None else names[o["holder"]]
        table.add_row(str(i), office_name(o["office"]), holder, str(o["stake"]))
    order = ", ".join(names[s] for s in view["player_order"])
    table.caption = f"Player order: {order}"
    return table


def market_table(view: dict[str, Any]) -> Table:
    m = view["market"]
    table = Table(title=f"Market: {pretty_id(m['current'])}", title_style="bold", show_edge=False)
    table.add_column("Good")
    table.add_column("Buy", justify="right")
    table.add_column("Sell", justify="right")
    table.add_column("Donation")
    donations = {d["good"]: f"{d['qty']} → {d['fp']} FP" for d in m["donations"]}
    for g in GOOD_IDS:
        table.add_row(g, str(m["buy"][g]), str(m["sell"][g]), donations.get(g, ""))
    table.caption = (f"Trade limit {m['trade_limit']} · market cards left {m['future_cards']} · "
                     f"exhaustions {m['exhaustions']}")
    return table


def supply_text(view: dict[str, Any]) -> Panel:
    cc = _content()
    groups: dict[int, list[str]] = {}
    for bid, count in view["building_supply"].items():
        b = cc.by_id[bid]
        style = "" if count else "strike dim"
        groups.setdefault(b.category, []).append(f"[{style}]{pretty_id(bid)} {b.cost}g ×{count}[/]" if style
                                                 else f"{pretty_id(bid)} {b.cost}g ×{count}")
    lines = [f"[bold]{CATEGORY_NAMES[c]}:[/] " + ", ".join(items) for c, items in sorted(groups.items())]
    ships = ", ".join(f"{z} {cost}g ×{n}" for (z, n), cost in zip(view["ship_supply"].items(), cc.ship_cost,
                                                                    strict=True))
    lines.append(f"[bold]ships:[/] {ships} · [bold]contract deck:[/] {view['deck_size']} · "
                 f"[bold]discard:[/] {len(view['discard'])}")
    return Panel("\n".join(lines), title="Supply", title_align="left")


def players_table(view: dict[str, Any], names: list[str], seat: int | None) -> Table:
    table = Table(title="Players", title_style="bold", expand=True)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Player", "left"), ("Office", "left"), ("Gold", "right"), ("FP", "right"), ("Goods", "left"),
        ("Buildings", "left"), ("Ships", "left"), ("Posts used", "right"), ("Reserved", "left"), ("Hand", "right"))
    for col, just in columns:
        table.add_column(col, justify=just, overflow="ellipsis")
    to_act = set(view["to_act"])
    for p in view["players"]:
        s = p["seat"]
        mark = "▶ " if s in to_act else "  "
        name = mark + names[s] + (" (you)" if s == seat else "")
        table.add_row(name, office_name(p["office"]) if p["office"] else "-", str(p["gold"]), str(p["fp"]),
                      goods_text(p["goods"]), ", ".join(pretty_id(b) for b in p["buildings"]),
                      ships_text(p["ships"]), f"{p['trading_posts'] - p['unused_trading_posts']}/{p['trading_posts']}",
                      ", ".join(f"{r['contract']} (r{r['round']})" for r in p["reserved"]) or "-",
                      str(p["hand_size"]))
    return table


def hand_table(me: dict[str, Any]) -> RenderableType:
    cards = [(c, "") for c in me.get("hand", [])] + [(r["contract"], " (reserved)") for r in me["reserved"]]
    if not cards:
        return Text("Your contracts: none", style="bold")
    table = Table(title="Your contracts", title_style="bold", show_edge=False)
    for col in ("Contract", "Destination", "Cargo", "Passengers", "Small", "Medium", "Large", "Reward"):
        table.add_column(col)
    for cid, note in cards:
        c = contract(cid)
        voyage = [VOYAGE[v] for v in c.voyage]
        table.add_row(cid + note, c.destination, cargo_text(c.cargo), str(c.passengers), *voyage,
                      f"{c.gold} gold, {c.fp} FP")
    return table


# ---- small formatters -------------------------------------------------------------------------------
@cache
def _content() -> Any:
    from mercator.games.constantinopolis.data import content

    return content()


@cache
def _contracts() -> dict[str, Any]:
    return {c.id: c for c in _content().contracts}


def contract(cid: str) -> Any:
    return _contracts()[cid]


def contract_text(cid: str) -> str:
    c = contract(cid)
    people = f" + {c.passengers} passengers" if c.passengers else ""
    return f"{cid} to {c.destination} ({cargo_text(c.cargo)}{people} → {c.gold} gold, {c.fp} FP)"


def office_name(office: str) -> str:
    return pretty_id(office)


def cargo_text(vector: Iterable[int]) -> str:
    return goods_text(dict(zip(GOOD_IDS, vector, strict=True)))


def goods_text(goods: dict[str, int], full: bool = False) -> str:
    """'2 ali, 1 lux' (or with full names); other keys such as gold are kept as they are."""
    parts = [f"{n} {g if full else GOOD_SHORT.get(g, g)}" for g, n in goods.items() if n]
    return ", ".join(parts) or "-"


def ships_text(ships: list[dict[str, Any]]) -> str:
    counts: dict[str, int] = {}
    for ship in ships:
        where = "in port" if ship["at"] == "port" else f"at sea ({ship['at']})"
        cargo = f" [{', '.join(ship['contracts'])}]" if ship["contracts"] else ""
        text = f"{ship['size']} {where}{cargo}"
        counts[text] = counts.get(text, 0) + 1
    return "; ".join(f"{n}× {t}" if n > 1 else t for t, n in counts.items()) or "-"
