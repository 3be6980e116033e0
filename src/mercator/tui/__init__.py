"""The terminal client: play any registered game against bots or hotseat with friends, with Rich.

``play`` runs one game to the end (or until a human types ``q``): bot seats move on their own,
each human decision shows the public board from that human's seat, his own hand, the latest log
lines in the chosen language and a numbered list of legal actions in words. What the board looks
like and how actions read is each game's module ``mercator.tui.<game>`` (see ``common.GameUI``). When several humans
share the device, a "pass the device" screen that shows no secrets separates their decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from mercator.bots.base import Bot, make_bot
from mercator.engine.actions import Action
from mercator.engine.errors import IllegalAction
from mercator.engine.i18n import LANGS, render
from mercator.engine.record import sealed
from mercator.engine.seen import Logged, logged, visible
from mercator.engine.state import Event, GameState
from mercator.games import get

from .common import Ctx, GameUI

HUMAN = "human"
LOG_LINES = 12  # at least this many lines of the log, however recent your last decision
MAX_LOG_LINES = 120  # at most this many: everything since your last decision, up to here
MANY_ACTIONS = 40  # longer lists of single actions are printed in columns
GROUP_MIN = 5  # longer runs of bids or quantities are printed as one line of cells
UNDO, QUIT = "u", "q"
InputFn = Callable[[str], str]



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
    ui: GameUI
    log: list[Logged] = field(default_factory=list)  # every event, with the seats whose secret it shows
    last_human: int | None = None
    # The version at which each human last saw the board: their log starts after it.
    seen_at: dict[int, int] = field(default_factory=dict)

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
    bots = {s: make_bot(kind, seed + s, game) for s, kind in enumerate(seats) if kind != HUMAN}
    return Session(game, state, list(seats), names or default_names(seats), bots, console, input_fn, lang,
                   record_path, GameUI(game))


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
    items = logged(session.state, session.state.version, events)
    session.log.extend(items)
    if not session.humans:
        for item in items:
            session.console.print(Text(_line(session, item, None), style="dim"))
    return events


def _line(session: Session, item: Logged, viewer: int | None) -> str:
    return render(session.game, visible(item, viewer), session.lang, session.names)


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
    session.log = [item for item in session.log if item.action <= version]
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
    record = sealed(session.state)
    record.save(session.record_path)
    session.console.print(Text(f"Record saved to {session.record_path}", style="dim"))


def _finish(session: Session) -> None:
    con = session.console
    con.print(Rule(Text("Game over", style="bold")))
    board = board_renderables(session, None)
    con.print(*board)
    con.print(log_panel(session, None))
    con.print(final_table(session.state, session.names, session.ui))
    _save(session)


def final_table(state: GameState, names: list[str], ui: GameUI) -> Table:
    """Final scores with the ranking after tie-breakers (1 = winner), plus the game's own columns."""
    scores, ranking = state.scores(), state.ranking()
    view = state.view(None)
    order = sorted(range(len(names)), key=lambda s: (ranking[s], s))
    extra = {s: ui.final_columns(view, s) for s in order}
    table = Table(title="Final scores", title_style="bold")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    for col in extra[order[0]] if order else {}:
        table.add_column(col, justify="right")
    for s in order:
        table.add_row(str(ranking[s]), names[s], str(scores[s]), *extra[s].values())
    winners = [names[s] for s in range(len(names)) if ranking[s] == 1]
    table.caption = ("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners)
    return table


def show_board(session: Session, seat: int) -> None:
    session.console.print(*board_renderables(session, seat))
    session.console.print(log_panel(session, seat))
    session.seen_at[seat] = session.state.version


def board_renderables(session: Session, seat: int | None) -> list[RenderableType]:
    return session.ui.board(session.state.view(seat), session.names, seat)


def log_panel(session: Session, viewer: int | None) -> Panel:
    """What happened since ``viewer`` last saw the board (at least the last LOG_LINES lines), with
    other seats' secrets hidden; ``None`` (the end of the game) shows the public log's tail."""
    since = session.seen_at.get(viewer, 0) if viewer is not None else session.state.version
    fresh = sum(1 for item in session.log if item.action > since)
    shown = session.log[-min(MAX_LOG_LINES, max(LOG_LINES, fresh)):]
    lines = [_line(session, item, viewer) for item in shown]
    if len(session.log) > len(shown) and fresh > len(shown):
        lines.insert(0, f"... {fresh - len(shown)} earlier lines since your last decision are not shown")
    title = f"Log: {fresh} new since your last decision" if viewer in session.seen_at else "Log"
    return Panel("\n".join(lines) or "(nothing yet)", title=title, title_align="left", style="dim")



# ---- actions in words --------------------------------------------------------------------------------
def show_actions(session: Session, seat: int, legal: list[Action]) -> None:
    ctx = Ctx(session.state.view(seat), session.names, seat)
    con = session.console
    con.print(Text(f"{session.names[seat]}, choose an action:", style="bold"))
    columns = len(legal) > MANY_ACTIONS
    singles: list[Text] = []
    for label, members in _families(session.ui, legal, ctx, session.lang):
        if label is None:
            singles.extend(Text(f"{i:>3}) {session.ui.describe(a.to_json(), ctx, session.lang)}") for i, a in members)
            continue
        _print_singles(con, singles, columns)
        singles = []
        field = session.ui.numeric_kinds[members[0][1].kind]
        cells = "  ".join(f"{i}→{a.to_json()[field]}" for i, a in members)
        con.print(Text(f"{label}: ", style="bold") + Text(cells))
    _print_singles(con, singles, columns)


def _print_singles(con: Console, lines: list[Text], columns: bool) -> None:
    if columns and len(lines) > 1:
        con.print(Columns(lines, padding=(0, 3)))
    else:
        for line in lines:
            con.print(line)


def _families(ui: GameUI, legal: list[Action], ctx: Ctx,
              lang: str) -> list[tuple[str | None, list[tuple[int, Action]]]]:
    """Group numbered actions: a run of one numeric kind with fixed other arguments (bids,
    quantities) becomes one line of 'number) value' cells; everything else stays one per line."""
    groups: dict[tuple, list[tuple[int, Action]]] = {}
    for i, a in enumerate(legal, start=1):
        field = ui.numeric_kinds.get(a.kind)
        key = (a.kind, tuple(v for k, v in a.to_json().items() if k != field)) if field else ("", i)
        groups.setdefault(key, []).append((i, a))
    out: list[tuple[str | None, list[tuple[int, Action]]]] = []
    for (kind, _), members in groups.items():
        if kind and len(members) > GROUP_MIN:
            out.append((ui.describe(members[0][1].to_json(), ctx, lang, group=True), members))
        else:
            out.append((None, members))
    return out


