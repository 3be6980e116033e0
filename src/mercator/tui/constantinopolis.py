"""Constantinopolis in the terminal: offices, market, supply, players' sheets and the player's
hand, and every action in words."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import JustifyMethod, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from mercator.engine.i18n import describe, seat_fields

from .common import Ctx, pretty_id, worded

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
    decision = decision_text(view, names)
    if decision is not None:
        out.append(decision)
    return out


def summary(view: dict[str, Any], names: list[str], seat: int) -> list[RenderableType]:
    """What a decision needs in a few lines (an 80×24 terminal): each player on one line, the market
    prices, the seat's contracts and the open decision."""
    m = view["market"]
    prices = " ".join(f"{GOOD_SHORT[g]} {m['buy'][g]}/{m['sell'][g]}" for g in GOOD_IDS)
    out: list[RenderableType] = [header(view, names, seat), *player_lines(view, names, seat),
                                 Text(f"Market {pretty_id(m['current'])} (buy/sell): {prices}")]
    me = view["players"][seat]
    cards = [contract_text(c) for c in me.get("hand", [])] + [contract_text(r["contract"]) + " (reserved)"
                                                              for r in me["reserved"]]
    out.append(Text("Your contracts: " + ("; ".join(cards) or "none")))
    decision = decision_text(view, names)
    return out if decision is None else [*out, decision]


def player_lines(view: dict[str, Any], names: list[str], seat: int | None) -> list[Text]:
    to_act = set(view["to_act"])
    out = []
    for p in view["players"]:
        s = p["seat"]
        name = ("▶ " if s in to_act else "  ") + names[s] + (" (you)" if s == seat else "")
        parts = [office_name(p["office"]) if p["office"] else "no office", f"{p['gold']} gold", f"{p['fp']} FP",
                 f"goods: {goods_text(p['goods'])}", f"buildings: {len(p['buildings'])}",
                 f"ships: {ships_text(p['ships'])}", f"contracts in hand: {p['hand_size']}"]
        out.append(Text(f"{name}: " + " · ".join(parts)))
    return out


def final_columns(view: dict[str, Any], seat: int) -> dict[str, str]:
    p = view["players"][seat]
    return {"Gold": str(p["gold"]), "Goods": str(sum(p["goods"].values()))}


def holder_name(ctx: Ctx, office: str) -> str:
    o = next(x for x in ctx.view["offices"] if x["office"] == office)
    return "-" if o["holder"] is None else ctx.names[o["holder"]]


def header(view: dict[str, Any], names: list[str], seat: int | None) -> Rule:
    final = view.get("final_round")
    rnd = f"Round {view['round']}" + (f" of {final}" if final else "")
    phase = f"phase {view['phase']} ({view['phase_name'].replace('_', ' ')})"
    who = f" — {names[seat]} to decide" if seat is not None and not view["over"] else ""
    return Rule(Text(f"{rnd}, {phase}{who}", style="bold cyan"))


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


def decision_text(view: dict[str, Any], names: list[str]) -> Text | None:
    """The open decision (bidding, loading, trade offer, ...) in one line."""
    d = view.get("decision")
    if not d:
        return None
    parts = []
    for key, value in d.items():
        if key == "my_choice" and view["seat"] is not None:
            text = describe("constantinopolis", view, view["seat"], value, "en", names)
        elif key != "kind":
            text = _field_text(key, value, names)
        else:
            continue
        parts.append(f"{key.replace('_', ' ')}: {text}")
    return Text(f"Decision: {d['kind']}" + (" — " + "; ".join(parts) if parts else ""), style="magenta")


def _field_text(key: str, value: Any, names: list[str]) -> str:
    if key in seat_fields("constantinopolis") | {"waiting", "committed"}:
        seats = value if isinstance(value, list) else [value]
        return ", ".join(names[s] for s in seats if isinstance(s, int)) or "-"
    if isinstance(value, dict):
        return goods_text(value, full=True)
    if isinstance(value, bool | list):
        return worded(value, "en")
    return pretty_id(value) if key in ("office", "building") else str(value)



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
