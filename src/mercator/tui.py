"""The terminal client: play against bots or hotseat with friends, with Rich.

``play`` runs one game to the end (or until a human types ``q``): bot seats move on their own,
each human decision shows the public board from that human's seat, his own hand, the latest log
lines in the chosen language and a numbered list of legal actions in words. When several humans
share the device, a "pass the device" screen that shows no secrets separates their decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from mercator.bots.base import Bot, make_bot
from mercator.engine.actions import Action, ActionSpace
from mercator.engine.errors import IllegalAction
from mercator.engine.i18n import LANGS, SEAT_FIELDS, render
from mercator.engine.state import Event, GameState
from mercator.games import get

HUMAN = "human"
LOG_LINES = 12
MANY_ACTIONS = 40  # longer lists of single actions are printed in columns
GROUP_MIN = 5  # longer runs of bids or quantities are printed as one line of cells
UNDO, QUIT = "u", "q"
InputFn = Callable[[str], str]

GOOD_IDS = ("alimentary", "consumer", "industrial", "military", "luxury")
GOOD_SHORT = {"alimentary": "ali", "consumer": "con", "industrial": "ind", "military": "mil", "luxury": "lux"}
CATEGORY_NAMES = ("production", "commercial", "utility", "public", "wall")
VOYAGE = {0: "-", 1: "short", 2: "long"}
# Kinds whose last argument is a number that runs over a range; long lists group them.
NUMERIC_KINDS = {"office_challenge": "bid", "bid_raise": "bid", "market_buy": "qty", "market_sell": "qty"}


# ---- the session ---------------------------------------------------------------------------------
@dataclass
class Session:
    """Everything one terminal game needs besides the state itself."""

    game: str
    state: GameState
    kinds: list[str]
    names: list[str]
    bots: dict[int, Bot]
    console: Console
    input_fn: InputFn
    lang: str
    record_path: str | None
    log: list[tuple[int, str]] = field(default_factory=list)  # (state version after, line)
    last_human: int | None = None

    @property
    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]


def play(game: str, seats: list[str], seed: int, options: dict[str, Any], record_path: str | None,
         lang: str = "en", console: Console | None = None, input_fn: InputFn = input,
         names: list[str] | None = None) -> GameState:
    """Play one game in the terminal; returns the final state (or the state when a human quit)."""
    session = _new_session(game, seats, seed, options, record_path, lang, console or Console(), input_fn, names)
    _intro(session)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        if seat in session.bots:
            _bot_step(session, seat)
        elif not _human_step(session, seat):
            _save(session)
            session.console.print(Text("Game left unfinished.", style="yellow"))
            return session.state
    _finish(session)
    return session.state


def _new_session(game: str, seats: list[str], seed: int, options: dict[str, Any], record_path: str | None,
                 lang: str, console: Console, input_fn: InputFn, names: list[str] | None) -> Session:
    if lang not in LANGS:
        raise IllegalAction(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    if names is not None and len(names) != len(seats):
        raise IllegalAction(f"{len(names)} names given for {len(seats)} seats")
    state = get(game).new(players=len(seats), seed=seed, options=options)
    bots = {s: make_bot(kind, seed + s) for s, kind in enumerate(seats) if kind != HUMAN}
    return Session(game, state, list(seats), names or default_names(seats), bots, console, input_fn, lang,
                   record_path)


def default_names(seats: list[str]) -> list[str]:
    """'Player 1' for humans, 'Greedy 2' for a greedy bot in seat 2, ..."""
    return [f"Player {s + 1}" if kind == HUMAN else f"{kind.capitalize()} {s + 1}" for s, kind in enumerate(seats)]


def _intro(session: Session) -> None:
    info = get(session.game)
    who = ", ".join(f"{n} ({k})" for n, k in zip(session.names, session.kinds, strict=True))
    session.console.print(Rule(Text(f"{info.title} — seed {session.state.seed}", style="bold")))
    session.console.print(Text(f"Seats: {who}"))
    if session.humans:
        session.console.print(Text("Type the number of an action; u takes back your last action, q quits.",
                                   style="dim"))


# ---- moves -----------------------------------------------------------------------------------------
def _apply(session: Session, seat: int, action: Action) -> list[Event]:
    events = session.state.apply(seat, action)
    version = session.state.version
    lines = [render(session.game, e, session.lang, session.names) for e in events]
    session.log.extend((version, line) for line in lines)
    if not session.humans:
        for line in lines:
            session.console.print(Text(line, style="dim"))
    return events


def _bot_step(session: Session, seat: int) -> None:
    action = session.bots[seat].act(session.state, seat)
    _apply(session, seat, action)


def _human_step(session: Session, seat: int) -> bool:
    """One decision of a human seat; False when the player quits."""
    if not _handoff(session, seat):
        return False
    state = session.state
    legal = state.legal_actions(seat)
    show_board(session, seat)
    show_actions(session, seat, legal)
    choice = _ask(session, seat, legal)
    if choice == QUIT:
        return False
    if choice == UNDO:
        _undo(session, seat)
    else:
        assert isinstance(choice, Action)
        _apply(session, seat, choice)
    return True


def _undo(session: Session, seat: int) -> None:
    session.state = session.state.undo(seat)
    version = session.state.version
    session.log = [(v, line) for v, line in session.log if v <= version]
    session.console.print(Text(f"{session.names[seat]} takes back the last action.", style="yellow"))


def _handoff(session: Session, seat: int) -> bool:
    """Hotseat: hide the screen and wait until the next human has the device."""
    previous, session.last_human = session.last_human, seat
    if len(session.humans) < 2 or previous == seat:
        return True
    con = session.console
    con.clear()
    name = session.names[seat]
    con.print(Panel(Text(f"Pass the device to {name}", style="bold", justify="center"),
                    subtitle="nothing secret is shown on this screen", padding=(2, 4)))
    try:
        answer = session.input_fn(f"{name}: press Enter when you are ready (q quits) ")
    except (EOFError, KeyboardInterrupt):
        return False
    con.clear()
    return answer.strip().lower() != QUIT


def _ask(session: Session, seat: int, legal: list[Action]) -> Action | str:
    """Read until the player types a valid number, u (when allowed) or q."""
    name = session.names[seat]
    while True:
        may_undo = session.state.can_undo(seat)
        extra = ", u = undo" if may_undo else ""
        try:
            raw = session.input_fn(f"{name}, your choice [1-{len(legal)}{extra}, q = quit]: ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return QUIT
        if raw == QUIT:
            return QUIT
        if raw == UNDO and may_undo:
            return UNDO
        if raw.isdigit() and 1 <= int(raw) <= len(legal):
            return legal[int(raw) - 1]
        session.console.print(Text(_refusal(raw, len(legal), may_undo), style="red"))


def _refusal(raw: str, count: int, may_undo: bool) -> str:
    if raw == UNDO:
        why = ("Nothing to take back: undo only returns your own latest action, and never across a card draw, "
               "a reveal or another player's move.")
    else:
        why = f"{raw!r} is not a choice." if raw else "Please type a choice."
    allowed = f"Type a number from 1 to {count}" + (", u to undo" if may_undo else "") + " or q to quit."
    return f"{why} {allowed}"


def _save(session: Session) -> None:
    if not session.record_path:
        return
    record = session.state.record()
    record.final_hash = session.state.state_hash()
    record.save(session.record_path)
    session.console.print(Text(f"Record saved to {session.record_path}", style="dim"))


def _finish(session: Session) -> None:
    con = session.console
    con.print(Rule(Text("Game over", style="bold")))
    board = board_renderables(session, None)
    con.print(*board)
    con.print(log_panel(session))
    con.print(final_table(session.state, session.names))
    _save(session)


def final_table(state: GameState, names: list[str]) -> Table:
    """Final scores with the ranking after tie-breakers (1 = winner)."""
    scores, ranking = state.scores(), state.ranking()
    view = state.view(None)
    table = Table(title="Final scores", title_style="bold")
    for col in ("Rank", "Player", "Fame points", "Gold", "Goods"):
        table.add_column(col, justify="right" if col != "Player" else "left")
    for s in sorted(range(len(names)), key=lambda s: (ranking[s], s)):
        p = view["players"][s] if "players" in view else {}
        goods = sum(p.get("goods", {}).values()) if p else 0
        table.add_row(str(ranking[s]), names[s], str(scores[s]), str(p.get("gold", "")), str(goods))
    winners = [names[s] for s in range(len(names)) if ranking[s] == 1]
    table.caption = ("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners)
    return table


# ---- the board -------------------------------------------------------------------------------------
def show_board(session: Session, seat: int) -> None:
    session.console.print(*board_renderables(session, seat))
    session.console.print(log_panel(session))


def board_renderables(session: Session, seat: int | None) -> list[RenderableType]:
    view = session.state.view(seat)
    if session.game != "constantinopolis":
        return [Pretty(view)]
    names = session.names
    out: list[RenderableType] = [header(view, names, seat)]
    out.append(Columns([offices_table(view, names), market_table(view)], padding=(0, 2)))
    out.append(supply_text(view))
    out.append(players_table(view, names, seat))
    if seat is not None:
        out.append(hand_table(view["players"][seat]))
    decision = decision_text(view, names, session.state.SPACE)
    if decision is not None:
        out.append(decision)
    return out


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
    for col, just in (("Player", "left"), ("Office", "left"), ("Gold", "right"), ("FP", "right"),
                      ("Goods", "left"), ("Buildings", "left"), ("Ships", "left"), ("Posts used", "right"),
                      ("Reserved", "left"), ("Hand", "right")):
        table.add_column(col, justify=just, overflow="fold")  # type: ignore[arg-type]
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


def decision_text(view: dict[str, Any], names: list[str], space: ActionSpace) -> Text | None:
    """The open decision (bidding, loading, trade offer, ...) in one line."""
    d = view.get("decision")
    if not d:
        return None
    parts = []
    for key, value in d.items():
        if key == "my_choice" and view["seat"] is not None:
            text = describe(space.from_json(value), Ctx(view, names, view["seat"]))
        elif key != "kind":
            text = _field_text(key, value, names)
        else:
            continue
        parts.append(f"{key.replace('_', ' ')}: {text}")
    return Text(f"Decision: {d['kind']}" + (" — " + "; ".join(parts) if parts else ""), style="magenta")


def _field_text(key: str, value: Any, names: list[str]) -> str:
    if key in SEAT_FIELDS | {"waiting", "committed"}:
        seats = value if isinstance(value, list) else [value]
        return ", ".join(names[s] for s in seats if isinstance(s, int)) or "-"
    if isinstance(value, dict):
        return goods_text(value, full=True)
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "-"
    return pretty_id(value) if key in ("office", "building") else str(value)


def log_panel(session: Session) -> Panel:
    lines = [line for _, line in session.log[-LOG_LINES:]]
    return Panel("\n".join(lines) or "(nothing yet)", title="Log", title_align="left", style="dim")


# ---- actions in words --------------------------------------------------------------------------------
def show_actions(session: Session, seat: int, legal: list[Action]) -> None:
    ctx = Ctx(session.state.view(seat), session.names, seat)
    con = session.console
    con.print(Text(f"{session.names[seat]}, choose an action:", style="bold"))
    columns = len(legal) > MANY_ACTIONS
    singles: list[Text] = []
    for label, members in _families(legal, ctx):
        if label is None:
            singles.extend(Text(f"{i:>3}) {describe(a, ctx)}") for i, a in members)
            continue
        _print_singles(con, singles, columns)
        singles = []
        cells = "  ".join(f"{i}→{a.args[-1]}" for i, a in members)
        con.print(Text(f"{label}: ", style="bold") + Text(cells))
    _print_singles(con, singles, columns)


def _print_singles(con: Console, lines: list[Text], columns: bool) -> None:
    if columns and len(lines) > 1:
        con.print(Columns(lines, padding=(0, 3)))
    else:
        for line in lines:
            con.print(line)


def _families(legal: list[Action], ctx: Ctx) -> list[tuple[str | None, list[tuple[int, Action]]]]:
    """Group numbered actions: a run of one numeric kind with fixed other arguments (bids,
    quantities) becomes one line of 'number) value' cells; everything else stays one per line."""
    groups: dict[tuple, list[tuple[int, Action]]] = {}
    for i, a in enumerate(legal, start=1):
        key = (a.kind, a.args[:-1]) if a.kind in NUMERIC_KINDS else ("", i)
        groups.setdefault(key, []).append((i, a))
    out: list[tuple[str | None, list[tuple[int, Action]]]] = []
    for (kind, _), members in groups.items():
        if kind and len(members) > GROUP_MIN:
            out.append((family_label(members[0][1], ctx), members))
        else:
            out.append((None, members))
    return out


def family_label(a: Action, ctx: Ctx) -> str:
    j = a.to_json()
    if a.kind == "office_challenge":
        return f"Challenge {ctx.holder_name(j['office'])} for {office_name(j['office'])}, bid in gold"
    if a.kind == "bid_raise":
        return "Raise the bid to (gold)"
    price = ctx.view["market"]["buy" if a.kind == "market_buy" else "sell"][j["good"]]
    verb = "Buy" if a.kind == "market_buy" else "Sell"
    return f"{verb} {j['good']} at {price} gold each, quantity"


@dataclass
class Ctx:
    """What action descriptions read: the acting seat's view and the players' names."""

    view: dict[str, Any]
    names: list[str]
    seat: int

    @property
    def me(self) -> dict[str, Any]:
        return self.view["players"][self.seat]

    @property
    def decision(self) -> dict[str, Any]:
        return self.view.get("decision") or {}

    def holder_name(self, office: str) -> str:
        o = next(x for x in self.view["offices"] if x["office"] == office)
        return "-" if o["holder"] is None else self.names[o["holder"]]


def describe(a: Action, ctx: Ctx) -> str:
    """One legal action in words."""
    handler = DESCRIBE.get(a.kind)
    return handler(a.to_json(), ctx) if handler else repr(a)


def _office(j: dict[str, Any], ctx: Ctx) -> str:
    if "bid" in j:
        return f"Challenge {ctx.holder_name(j['office'])} for {office_name(j['office'])} with a bid of {j['bid']} gold"
    return f"Take the vacant office {office_name(j['office'])}"


def _building(j: dict[str, Any], ctx: Ctx) -> str:
    b = _content().by_id[j["building"]]
    if j["redemptor"]:
        price = max(0, b.cost - _content().rules.redemptor_discount)
        return f"Buy {pretty_id(b.id)} ({CATEGORY_NAMES[b.category]}) for {price} gold with the Redemptor discount"
    return f"Buy {pretty_id(b.id)} ({CATEGORY_NAMES[b.category]}) for {b.cost} gold"


def _preempt(j: dict[str, Any], ctx: Ctx) -> str:
    d = ctx.decision
    building = pretty_id(d.get("building", "the building"))
    buyer = ctx.names[d["buyer"]] if "buyer" in d else "the buyer"
    if j["accept"]:
        cost = _content().by_id[d["building"]].cost if "building" in d else "?"
        return f"Pre-empt: buy {building} yourself for {cost} gold"
    return f"Let {buyer} buy {building}"


def _market(j: dict[str, Any], ctx: Ctx) -> str:
    buy = j["kind"] == "market_buy"
    price = ctx.view["market"]["buy" if buy else "sell"][j["good"]]
    return f"{'Buy' if buy else 'Sell'} {j['qty']} {j['good']} for {j['qty'] * price} gold"


def _commercial(j: dict[str, Any], ctx: Ctx) -> str:
    b = _content().by_id[j["building"]]
    pay = f"{b.input_any} {j['good']}" if j["good"] is not None else cargo_text(b.input)
    again = " again through Porta Pegae" if j["kind"] == "use_porta_pegae" else ""
    return f"Use {pretty_id(b.id)}{again}: pay {pay}, gain {b.gold} gold and {b.fp} FP"


def _end_turn(j: dict[str, Any], ctx: Ctx) -> str:
    if ctx.view["phase"] == 6 and ctx.me.get("hand"):
        return "End your turn (the contracts left in your hand are discarded)"
    return "End your turn"


def _swap(j: dict[str, Any], ctx: Ctx) -> str:
    c = j["contract"]
    if ctx.decision.get("kind") == "contract swap":
        return f"Also give up {contract_text(c)} (then draw 2)"
    return f"Swap contracts: give up {contract_text(c)} first"


def _post(j: dict[str, Any], ctx: Ctx) -> str:
    cost = _content().rules.trading_post_cost[ctx.me["trading_posts"]]
    return f"Buy a trading post for {cost} gold (and draw 1 contract)"


def _ship(j: dict[str, Any], ctx: Ctx) -> str:
    from mercator.games.constantinopolis.data import SIZES

    return f"Buy a {j['size']} ship for {_content().ship_cost[SIZES.index(j['size'])]} gold"


def _offer_part(j: dict[str, Any], ctx: Ctx) -> str:
    give = ctx.decision.get("stage", "give") == "give"
    what = f"{j['amount']} gold" if j["kind"] == "offer_gold" else f"1 {j['good']}"
    return f"{'Give' if give else 'Ask for'} {what} more"


def _offer_next(j: dict[str, Any], ctx: Ctx) -> str:
    if ctx.decision.get("stage", "give") == "give":
        return "Done offering: now choose what you want in return"
    return "Done: send the offer"


def _donate(j: dict[str, Any], ctx: Ctx) -> str:
    d = next(x for x in ctx.view["market"]["donations"] if x["good"] == j["good"])
    bonus = _content().rules.porta_xylokerkou_fp if "porta_xylokerkou" in ctx.me["buildings"] else 0
    return f"Donate {d['qty']} {j['good']} for {d['fp'] + bonus} FP"


def _keep(j: dict[str, Any], ctx: Ctx) -> str:
    kept = {g: j[g] for g in GOOD_IDS if j.get(g)}
    return f"Keep {goods_text(kept, full=True) if kept else 'nothing'} and discard the rest"


DESCRIBE: dict[str, Callable[[dict[str, Any], Ctx], str]] = {
    "office_stay": lambda j, c: f"Stay in your office ({office_name(c.me['office'])})",
    "office_move": _office,
    "office_challenge": _office,
    "bid_raise": lambda j, c: f"Raise the bid to {j['bid']} gold",
    "bid_pass": lambda j, c: "Pass (stop bidding)",
    "take_good": lambda j, c: f"Take 1 {j['good']}",
    "take_none": lambda j, c: "Take no good",
    "buy_building": _building,
    "preempt": _preempt,
    "market_buy": _market,
    "market_sell": _market,
    "use_commercial": _commercial,
    "use_porta_pegae": _commercial,
    "end_turn": _end_turn,
    "swap_pick": _swap,
    "buy_trading_post": _post,
    "reserve_contract": lambda j, c: f"Reserve {contract_text(j['contract'])} on a trading post",
    "release_reserved": lambda j, c: f"Release the reserved {j['contract']} (frees its trading post)",
    "buy_ship": _ship,
    "dispatch_ship": lambda j, c: f"Load a {j['size']} ship, starting with {contract_text(j['contract'])}",
    "load_contract": lambda j, c: f"Also load {contract_text(j['contract'])}",
    "sail": lambda j, c: "Sail with the contracts loaded",
    "trade_offer": lambda j, c: f"Propose a trade to {c.names[j['target']]}",
    "offer_gold": _offer_part,
    "offer_good": _offer_part,
    "offer_next": _offer_next,
    "trade_answer": lambda j, c: "Accept the offer" if j["accept"] else "Reject the offer",
    "donate": _donate,
    "donate_none": lambda j, c: "Donate nothing",
    "keep_goods": _keep,
}


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


def pretty_id(value: str) -> str:
    """'porta_aurea' -> 'Porta Aurea' (building, market and office ids are Latin names)."""
    return " ".join(w.capitalize() for w in value.split("_"))


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
