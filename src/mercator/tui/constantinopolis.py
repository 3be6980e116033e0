"""Constantinopolis in the terminal: offices, market, supply, players' sheets and the player's
hand, and every action in words."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import JustifyMethod, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mercator.engine.i18n import catalog, fill
from mercator.games.constantinopolis.data import OFFICES
from mercator.games.constantinopolis.wording import card_words

from .common import Ctx, decision_line, effect, field_words, game_say, header_rule, label, named, web_word
from .common import say as common_say

GAME = "constantinopolis"

GOOD_IDS = ("alimentary", "consumer", "industrial", "military", "luxury")
CATEGORY_NAMES = ("production", "commercial", "utility", "public", "wall")
VOYAGE = {0: "-", 1: "short", 2: "long"}


# ---- the board -------------------------------------------------------------------------------------
def board(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> list[RenderableType]:
    out: list[RenderableType] = [header(view, names, seat, lang)]
    out.append(Columns([offices_table(view, names, lang), market_table(view, lang)], padding=(0, 2)))
    out.append(perks_panel(lang))
    out.append(supply_text(view, lang))
    out.append(players_table(view, names, seat, lang))
    if seat is not None:
        out.append(hand_table(view["players"][seat], names, lang))
    decision = decision_line(GAME, view, names, seat, lang)
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
    if view["phase"] == 1:  # the office auction: what each office brings
        out.extend(Text(f"{named(GAME, lang, 'offices', o['office'])}: {effect(GAME, lang, 'offices', o['office'])}",
                        style="dim") for o in view["offices"])
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


def _words(lang: str, template: str, **fields: Any) -> str:
    """``template`` filled in as the game's catalog words its fields (plurals, goods, names)."""
    return fill(GAME, lang, template, fields) or template


def offices_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    table = Table(title=label(lang, "offices", "Offices"), title_style="bold", show_edge=False)
    table.add_column("#", justify="right")
    table.add_column(label(lang, "f_office", "office"))
    table.add_column(label(lang, "f_holder", "holder"))
    table.add_column(label(lang, "stake", "Stake"), justify="right")
    for i, o in enumerate(view["offices"], start=1):
        holder = "-" if o["holder"] is None else names[o["holder"]]
        table.add_row(str(i), office_name(o["office"], lang), holder, str(o["stake"]))
    order = ", ".join(names[s] for s in view["player_order"])
    table.caption = f"{label(lang, 'player_order', 'Player order')}: {order}"
    return table


def market_table(view: dict[str, Any], lang: str = "en") -> Table:
    m = view["market"]
    table = Table(title=f"{label(lang, 'market', 'Market')}: {named(GAME, lang, 'markets', m['current'])}",
                  title_style="bold", show_edge=False)
    table.add_column(label(lang, "goods", "Goods"))
    table.add_column(label(lang, "buy", "Buy"), justify="right")
    table.add_column(label(lang, "sell", "Sell"), justify="right")
    table.add_column(label(lang, "donation", "Donation"))
    donations = {d["good"]: _words(lang, "{qty} → {fp:fp}", qty=d["qty"], fp=d["fp"]) for d in m["donations"]}
    for g in GOOD_IDS:
        table.add_row(named(GAME, lang, "goods", g), str(m["buy"][g]), str(m["sell"][g]), donations.get(g, ""))
    table.caption = " · ".join((web_word(lang, "trade_limit", "Trade limit {n}").format(n=m["trade_limit"]),
                                web_word(lang, "next_market", "Market cards left: {n}, exhaustions: {ex}")
                                .format(n=m["future_cards"], ex=m["exhaustions"])))
    return table


def perks_panel(lang: str = "en") -> Panel:
    """What each office brings its holder (the game's explanations)."""
    lines = [f"[bold]{escape(office_name(o, lang))}:[/] {escape(effect(GAME, lang, 'offices', o))}" for o in OFFICES]
    return Panel("\n".join(lines), title=label(lang, "offices", "Offices"), title_align="left")


def supply_text(view: dict[str, Any], lang: str = "en") -> Panel:
    cc = _content()
    groups: dict[int, list[str]] = {}
    for bid, count in view["building_supply"].items():
        b = cc.by_id[bid]
        item = escape(_words(lang, "{name} {cost:gold} ×{count}", name=named(GAME, lang, "buildings", bid),
                             cost=b.cost, count=count))
        groups.setdefault(b.category, []).append(item if count else f"[strike dim]{item}[/]")
    lines = [f"[bold]{escape(label(lang, f'cat_{c}', CATEGORY_NAMES[c]))}:[/] " + ", ".join(items)
             for c, items in sorted(groups.items())]
    ships = ", ".join(escape(_words(lang, "{size} {cost:gold} ×{n}", size=size, cost=cost, n=n))
                      for (size, n), cost in zip(view["ship_supply"].items(), cc.ship_cost, strict=True))
    deck = web_word(lang, "deck", "Contract deck: {n}").format(n=view["deck_size"])
    discard = web_word(lang, "discard", "Discard pile: {n}").format(n=len(view["discard"]))
    lines.append(f"[bold]{escape(label(lang, 'ship_supply', 'Ships'))}:[/] {ships} · {escape(deck)} · "
                 f"{escape(discard)}")
    return Panel("\n".join(lines), title=game_say(GAME, lang, "supply", []), title_align="left")


def players_table(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> Table:
    table = Table(title=label(lang, "players", "Players"), title_style="bold", expand=True)
    columns: tuple[tuple[str, str, JustifyMethod], ...] = (
        ("player", "Player", "left"), ("f_office", "office", "left"), ("gold", "Gold", "right"),
        ("fp", "Fame", "right"), ("goods", "Goods", "left"), ("buildings", "Buildings", "left"),
        ("ship_supply", "Ships", "left"), ("trading_posts", "Trading posts (used/all)", "right"),
        ("reserved", "Reserved", "left"), ("hand_size", "Contracts in hand", "right"))
    for key, default, just in columns:
        table.add_column(label(lang, key, default), justify=just, overflow="fold")
    to_act = set(view["to_act"])
    for p in view["players"]:
        s = p["seat"]
        mark = "▶ " if s in to_act else "  "
        name = mark + names[s] + (common_say(lang, "you") if s == seat else "")
        table.add_row(name, office_name(p["office"], lang) if p["office"] else "-", str(p["gold"]), str(p["fp"]),
                      goods_text(p["goods"], lang),
                      ", ".join(named(GAME, lang, "buildings", b) for b in p["buildings"]),
                      ships_text(p["ships"], lang),
                      f"{p['trading_posts'] - p['unused_trading_posts']}/{p['trading_posts']}",
                      ", ".join(r["contract"] for r in p["reserved"]) or "-", str(p["hand_size"]))
    return table


def hand_table(me: dict[str, Any], names: list[str], lang: str = "en") -> RenderableType:
    """The seat's contracts: the card as it reads, and the voyage each ship size makes."""
    cards = [(c, False) for c in me.get("hand", [])] + [(r["contract"], True) for r in me["reserved"]]
    if not cards:
        return Text(game_say(GAME, lang, "no_contracts", names), style="bold")
    table = Table(title=label(lang, "my_contracts", "My contracts"), title_style="bold", show_edge=False)
    table.add_column(label(lang, "my_contracts", "My contracts"))
    for size in ("small", "medium", "large"):
        table.add_column(named(GAME, lang, "sizes", size))
    for cid, reserved in cards:
        key, fields = card_words(cid, me)
        text = game_say(GAME, lang, key, names, **fields)
        if reserved:
            text = game_say(GAME, lang, "reserved", names, card=text)
        table.add_row(text, *(web_word(lang, f"voyage_{v}", VOYAGE[v]) for v in contract(cid).voyage))
    table.caption = label(lang, "voyage", "Voyage by ship size")
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


def office_name(office: str, lang: str = "en") -> str:
    return named(GAME, lang, "offices", office)


def goods_text(goods: dict[str, int], lang: str = "en") -> str:
    """'2 alimentary, 1 luxury' as the catalog words a bundle of goods."""
    return ", ".join(_words(lang, f"{{n:good_{g}}}", n=n) if f"good_{g}" in _plurals(lang)
                     else f"{n} {named(GAME, lang, 'goods', g)}" for g, n in goods.items() if n) or "-"


def _plurals(lang: str) -> dict[str, Any]:
    return dict(catalog(GAME).get(lang, {}).get("plurals", {}))


def ships_text(ships: list[dict[str, Any]], lang: str = "en") -> str:
    counts: dict[str, int] = {}
    for ship in ships:
        where = (web_word(lang, "in_port", "in port") if ship["at"] == "port"
                 else web_word(lang, f"at_sea_{ship['at']}", f"at sea ({ship['at']})"))
        cargo = f" [{', '.join(ship['contracts'])}]" if ship["contracts"] else ""
        text = f"{named(GAME, lang, 'sizes', ship['size'])} {where}{cargo}"
        counts[text] = counts.get(text, 0) + 1
    return "; ".join(f"{n}× {t}" if n > 1 else t for t, n in counts.items()) or "-"
