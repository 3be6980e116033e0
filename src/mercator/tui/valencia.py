"""Valencia / Strasbourg in the terminal: round cards, the city grid, the council, supplies, the
players' public belongings, the running auction, the player's own cards and tasks, and every
action in words."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mercator.games.valencia.wording import task_key

from .common import Ctx, decision_line, effect, game_say, header_rule, label, named, pretty_id, web_word, worded
from .common import say as common_say

GAME = "valencia"

GUILD_LETTER = {"bakers": "b", "butchers": "u", "shoemakers": "s", "vintners": "v", "smiths": "m"}
NUMERIC_KINDS: dict[str, str] = {}


def _letter(lang: str, i: int) -> str:
    """The letter of the ``i``-th dealt task card, as the summary lists them and the choice's cells name them."""
    return _say(lang, "task_letters")[i]


def _kept_letters(action: dict[str, Any], ctx: Ctx, lang: str) -> str:
    """A task choice as the letters of the cards it keeps ("A+C+D": two letters together could read as a
    word), its ``keep`` bits following the dealt order."""
    return "+".join(_letter(lang, i) for i, bit in enumerate(action["keep"]) if bit == "1")


CELLS = {"keep_tasks": _kept_letters}


def _who(names: list[str], seat: int | None) -> str:
    return "-" if seat is None else names[seat]


# ---- the board -------------------------------------------------------------------------------------
def board(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> list[RenderableType]:
    out: list[RenderableType] = [header(view, names, seat, lang), rounds_table(view, lang)]
    out.append(Columns([city_table(view, names, lang), council_table(view, names, lang)], padding=(0, 2)))
    out.append(supply_text(view, lang))
    out.append(players_table(view, names, seat, lang))
    auction = auction_text(view, names, lang)
    if auction is not None:
        out.append(auction)
    if seat is not None:
        out.append(private_panel(view, names, seat, lang))
    decision = decision_line(GAME, view, names, seat, lang)
    return out if decision is None else [*out, decision]


def summary(view: dict[str, Any], names: list[str], seat: int, lang: str) -> list[RenderableType]:
    """What a decision needs in a few lines (an 80×24 terminal), in ``lang``: each player on one
    line, the running auction, the seat's own cards and tasks and the open decision."""
    out: list[RenderableType] = [header(view, names, seat, lang)]
    if view["phase"] == "setup_tasks":  # nothing else differs yet: the cards, to fit the choice's 31 keys
        dealt = view["players"][seat].get("private", {}).get("dealt_tasks", [])
        out.extend(Text(f"{_letter(lang, i)} {named(GAME, lang, 'tasks', task_key(t, view['edition']))}: "
                        f"{effect(GAME, lang, 'tasks', t)}") for i, t in enumerate(dealt))
        return out
    to_act = set(view["to_act"])
    for p in view["players"]:
        s = p["seat"]
        you = common_say(lang, "you") if s == seat else ""
        line = game_say(GAME, lang, "player", names, seat=s, you=you, vp=p["vp"], coins=p["coins"],
                        goods=goods_text(p["goods"], lang),
                        privileges=p["privileges"],
                        members=p["members_in_supply"])
        out.append(Text(("▶ " if s in to_act else "  ") + line))
    auction = auction_text(view, names, lang)
    if auction is not None:
        out.append(auction)
    out.append(private_panel(view, names, seat, lang))
    decision = decision_line(GAME, view, names, seat, lang)
    return out if decision is None else [*out, decision]


def final_columns(view: dict[str, Any], seat: int) -> dict[str, str]:
    p = view["players"][seat]
    city = sum(1 for s in view["city"]["members"].values() if s == seat)
    return {"city": str(city), "coins": str(p["coins"])}


def header(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> RenderableType:
    edition = web_word(lang, f"optval_{view['edition']}", pretty_id(view["edition"]))
    phase = web_word(lang, f"vphase_{view['phase']}", view["phase"].replace("_", " "))
    title = game_say(GAME, lang, "header", names, edition=edition, round=view["round"], phase=phase,
                     figure=names[view["figure"]])
    return header_rule(title, view, names, seat, lang)


def _step_label(st: dict[str, Any], lang: str) -> str:
    """A round card's step: its letter and what is auctioned (the guild, the merchants' seat)."""
    if st["type"] == "guild":
        return f"{st['step']} {named(GAME, lang, 'guilds', st['guild'])}"
    text = f"{st['step']} {named(GAME, lang, 'step', st['type'])}"
    return text + (f" ({common_say(lang, 'f_council_seat')})" if st["merchants_seat"] else "")


def rounds_table(view: dict[str, Any], lang: str = "en") -> Table:
    table = Table(title=_say(lang, "round_cards"), title_style="bold", show_edge=False)
    for key, default in (("v_round_card", "Round {round}"), ("v_step", "Step {step}"), ("f_landmark", "landmark")):
        table.add_column(label(lang, key, default).split(" {")[0] if key != "f_landmark"
                         else common_say(lang, "f_landmark").capitalize())
    for r in view["round_cards"]:
        style = "bold" if r["round"] == view["round"] else "dim"
        table.add_row(f"{r['round']}: {named(GAME, lang, 'round_card', r['card'])}",
                      ", ".join(_step_label(s, lang) for s in r["steps"]), named(GAME, lang, "landmark", r["landmark"]),
                      style=style)
    return table


def city_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    city = view["city"]
    table = Table(title=label(lang, "v_city", "City"), title_style="bold", show_lines=False, padding=(0, 1))
    table.add_column("")
    for c in range(1, city["cols"] + 1):
        table.add_column(f"c{c}", justify="center")
    for r in range(1, city["rows"] + 1):
        row = [f"r{r}"]
        for c in range(1, city["cols"] + 1):
            cid = f"r{r}c{c}"
            kind = city["cells"].get(cid)
            if kind == "site":
                lm = city["landmarks"].get(cid)
                row.append(f"[bold yellow]{lm.split('_')[1]}[/]" if lm else "[yellow]◇[/]")
            elif cid in city["blocked"]:
                row.append("[dim]##[/]")
            elif cid in city["members"]:
                row.append(f"[bold]{GUILD_LETTER[kind]}{names[city['members'][cid]][:1]}[/]")
            else:
                row.append(f"[dim]{GUILD_LETTER.get(kind, ' ')}.[/]")
        table.add_row(*row)
    guilds = ", ".join(f"{letter} {named(GAME, lang, 'guilds', g)}" for g, letter in GUILD_LETTER.items())
    palms = ", ".join(d.removeprefix("dot_") for d in city["bonus_pieces"]) or "-"
    table.caption = _say(lang, "city_legend", guilds=guilds, palms=palms)
    return table


def council_table(view: dict[str, Any], names: list[str], lang: str = "en") -> Table:
    table = Table(title=label(lang, "v_council", "Council"), title_style="bold", show_edge=False)
    table.add_column(common_say(lang, "f_council_seat").capitalize())
    table.add_column(label(lang, "player", "Player"))
    for seat_id, holder in view["council"].items():
        table.add_row(named(GAME, lang, "council_seats", seat_id), _who(names, holder))
    return table


def supply_text(view: dict[str, Any], lang: str = "en") -> Panel:
    s = view["supply"]
    goods = ", ".join(f"{named(GAME, lang, 'good', g)} {n}" for g, n in s["goods"].items())
    return Panel(f"[bold]{escape(label(lang, 'goods', 'Goods'))}:[/] {escape(goods)} · "
                 f"[bold]{escape(label(lang, 'v_privileges', 'Privileges'))}:[/] {s['privileges']} · "
                 f"[bold]{escape(label(lang, 'v_bonus', 'Bonus pieces'))}:[/] {s['bonus_pieces']}",
                 title=label(lang, "v_supply", "Supply"), title_align="left")


def players_table(view: dict[str, Any], names: list[str], seat: int | None, lang: str = "en") -> Table:
    table = Table(title=label(lang, "players", "Players"), title_style="bold", expand=True)
    for key, default in (("player", "Player"), ("v_vp", "Points"), ("v_coins", "Coins"), ("goods", "Goods"),
                         ("v_privileges", "Privileges"), ("v_members", "Members in supply"), ("v_pile", "Pile"),
                         ("v_hand", "Hand"), ("v_stacks", "Stacks"), ("v_discard", "Discard"), ("v_tasks", "Tasks")):
        table.add_column(label(lang, key, default), overflow="fold")
    to_act = set(view["to_act"])
    for p in view["players"]:
        s = p["seat"]
        name = ("▶ " if s in to_act else "  ") + names[s] + (common_say(lang, "you") if s == seat else "")
        goods = goods_text(p["goods"], lang)
        stacks = " ".join(f"{x['size']}" + ("" if x["state"] == "face_down" else "✗") for x in p["stacks"]) or "-"
        bottom = p["returned_at_bottom"]
        pile = str(p["pile"]) + (f" ({worded(bottom, lang)})" if bottom else "")
        table.add_row(name, str(p["vp"]), str(p["coins"]), goods, str(p["privileges"]), str(p["members_in_supply"]),
                      pile, str(p["drawn_this_round"]), stacks, f"{len(p['discard'])}+{p['face_down_discards']}",
                      str(p["tasks_kept"]))
    return table


def goods_text(goods: dict[str, int], lang: str) -> str:
    """'Bread 2, Wine 1': each guild's good by its name (the catalog's ``good`` table)."""
    return ", ".join(f"{named(GAME, lang, 'good', g)} {n}" for g, n in goods.items() if n) or "-"


def _say(lang: str, key: str, names: list[str] | None = None, **fields: Any) -> str:
    return game_say(GAME, lang, key, names or [], **fields)


def auction_text(view: dict[str, Any], names: list[str], lang: str = "en") -> Text | None:
    """The running auction in one line, in ``lang``."""
    a = view.get("auction")
    if not a:
        return None

    def say(key: str, **fields: Any) -> str:
        return game_say(GAME, lang, key, names, **fields)

    # The guild's name, or the kind of auction (the catalog's names: [<lang>.guilds], [<lang>.auctions]).
    what = say("guild", guild=a["guild"]) if a["guild"] else say("kind", auction=a["type"])
    bids = "; ".join(f"{names[b['seat']]} {worded(b['values'], lang)} = {b['bid']}" for b in a["bids"])
    key = "auction_seat" if a["merchants_seat"] else "auction"
    return Text(say(key, step=a["step"], what=what, bids=bids or say("no_bids"),
                    queue=", ".join(names[s] for s in a["queue"]) or "-"), style="green")


def private_panel(view: dict[str, Any], names: list[str], seat: int, lang: str = "en") -> Panel:
    """The seat's own cards and tasks, in ``lang``."""
    def say(key: str, **fields: Any) -> str:
        return game_say(GAME, lang, key, names, **fields)

    me = view["players"][seat].get("private", {})
    lines = []
    if me.get("drawn"):
        lines.append(say("drawn", cards=worded(me["drawn"], lang)))
    if me.get("next_card") is not None:
        lines.append(say("next_card", card=me["next_card"], stacks=_partial(me, lang) or say("nothing")))
    if me.get("stacks"):
        stacks = "; ".join(f"{s['stack']}: {worded(s['values'], lang)}" for s in me["stacks"])
        lines.append(say("stacks", stacks=stacks))
    lines.append(say("pile", cards=worded(me.get("pile_values", []), lang)))
    tasks = [task_key(t, view["edition"]) for t in me.get("kept_tasks", [])]  # named by the catalog
    lines.append(say("tasks", tasks=tasks or say("no_tasks")))
    return Panel(Text("\n".join(lines)), title=common_say(lang, "behind_screen"), title_align="left")


def _partial(me: dict[str, Any], lang: str) -> str:
    stacks: list[list[int]] = []
    for value, k in zip(me.get("hand", []), me.get("assigned", []), strict=False):
        while len(stacks) <= k:
            stacks.append([])
        stacks[k].append(value)
    return "; ".join(f"{i + 1}: {worded(s, lang)}" for i, s in enumerate(stacks))
