"""The terminal client: play any registered game against bots or hotseat with friends, with Rich.

``play`` runs one game to the end (or until a human types ``q``): bot seats move on their own,
each human decision shows every event since that human's last turn, a compact board from that
seat (``b``: the whole board) and the legal actions in words, each with a key that stays the same
all game (its index in the game's action space; ``e`` ends the turn or passes); ``l`` pages
through the whole log. What the board looks like and how actions read is each game's module
``mercator.tui.<game>`` (see ``common.GameUI``); the client's own words are in ``words.toml``.
When several humans share the device, a "pass the device" screen that shows no secrets separates
their decisions, and the screen and its scrollback are cleared around it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
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
from mercator.engine.i18n import LANGS, render, words
from mercator.engine.record import sealed
from mercator.engine.seen import Logged, logged, visible
from mercator.engine.state import Event, GameState
from mercator.games import get

from .common import Ctx, GameUI, options_text, say
from .common import words_of as words_of_tui

HUMAN = "human"
LOG_TAIL = 12  # the log lines shown at the end of the game (l shows them all)
MANY_ACTIONS = 40  # longer lists of single actions are printed in columns
GROUP_MIN = 5  # longer runs of bids or quantities are printed as one line of cells
END, LOG, BOARD, UNDO, QUIT = "e", "l", "b", "u", "q"
PAGE_MIN = 5  # the log pager shows at least this many lines a page, however small the terminal
INTERRUPTED = 130  # the exit status of a program stopped by Ctrl-C (128 + SIGINT)
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
    options: dict[str, Any] = field(default_factory=dict)
    log: list[Logged] = field(default_factory=list)  # every event, with the seats whose secret it shows
    last_human: int | None = None
    # The version at which each human last saw the board: "since your last turn" starts after it.
    seen_at: dict[int, int] = field(default_factory=dict)

    @property
    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]

    def say(self, key: str, **fields: Any) -> str:
        return say(self.lang, key, **fields)


def play(game: str, seats: list[str], seed: int, options: dict[str, Any], record_path: str | None,
         lang: str = "en", console: Console | None = None, input_fn: InputFn = input,
         names: list[str] | None = None) -> GameState:
    """Play one game in the terminal; returns the final state (or the state when a human quit).
    Ctrl-C, during a bot's move or at a prompt, saves the record (to ``record_path``, else to a
    file in the current folder), says where and exits with status 130."""
    session = _new_session(game, seats, seed, options, record_path, lang, console or Console(), input_fn, names)
    try:
        _intro(session)
        while not session.state.is_over():
            seat = session.state.to_act()[0]
            if seat in session.bots:
                _bot_step(session, seat)
            elif not _human_step(session, seat):
                _save(session)
                session.console.print(Text(session.say("unfinished"), style="yellow"))
                return session.state
        _finish(session)
    except KeyboardInterrupt:
        session.console.print()
        path = session.record_path or interrupted_path(session)
        sealed(session.state).save(path)
        session.console.print(Text(session.say("interrupted", path=path), style="yellow"))
        raise SystemExit(INTERRUPTED) from None
    return session.state


def interrupted_path(session: Session) -> str:
    """Where an interrupted game without --record is saved: a new file in the current folder
    (named relative to it, which is short and says where)."""
    stem = f"mercator-{session.game}-{session.state.seed}"
    path, n = f"{stem}.json", 1
    while Path(path).exists():
        n += 1
        path = f"{stem}-{n}.json"
    return path


def _new_session(game: str, seats: list[str], seed: int, options: dict[str, Any], record_path: str | None,
                 lang: str, console: Console, input_fn: InputFn, names: list[str] | None) -> Session:
    if lang not in LANGS:
        raise IllegalAction(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    if names is not None and len(names) != len(seats):
        raise IllegalAction(f"{len(names)} names given for {len(seats)} seats")
    state = get(game).new(players=len(seats), seed=seed, options=options)
    bots = {s: make_bot(kind, seed + s, game, table=state.table()) for s, kind in enumerate(seats) if kind != HUMAN}
    session = Session(game, state, list(seats), names or default_names(seats, lang), bots, console, input_fn, lang,
                      record_path, GameUI(game), dict(options))
    # Setup events, where the game keeps them (not part of the state proper): action number 0.
    session.log = logged(state, 0, list(getattr(state, "opening_events", [])))
    return session


def default_names(seats: list[str], lang: str = "en") -> list[str]:
    """'Player 1' for humans, 'Greedy 2' for a greedy bot in seat 2, ... in ``lang``."""
    def name(seat: int, kind: str) -> str:
        if kind == HUMAN:
            return say(lang, "player_n", n=seat + 1)
        level = level_name(kind, lang)
        return f"{level[:1].upper()}{level[1:]} {seat + 1}"
    return [name(s, kind) for s, kind in enumerate(seats)]


def level_name(kind: str, lang: str) -> str:
    """A bot level in ``lang``: the words every client shares, else the terminal's own (greedy,
    ismcts), else as typed."""
    return str(words()[lang].get(f"level_{kind}") or words_of_tui(lang).get(f"level_{kind}", kind))


def _intro(session: Session) -> None:
    info = get(session.game)
    con = session.console
    kinds = [session.say("human") if k == HUMAN else level_name(k, session.lang) for k in session.kinds]
    who = ", ".join(f"{n} ({k})" for n, k in zip(session.names, kinds, strict=True))
    con.print(Rule(Text(session.say("title", game=info.title, seed=session.state.seed), style="bold")))
    con.print(Text(session.say("seats", who=who)))
    if session.options:
        con.print(Text(session.say("options", options=options_text(session.options, session.lang))))
    if session.humans:
        con.print(Text(session.say("help"), style="dim"))
    else:  # bots only: the log runs by as it happens, setup first
        for item in session.log:
            con.print(Text(_line(session, item, None), style="dim"))


# ---- moves -----------------------------------------------------------------------------------------
@contextmanager
def _whole() -> Iterator[None]:
    """Ctrl-C while a move is applied takes effect once it is done: a half-applied state would be
    saved as a record that does not replay."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread gets signals
        yield
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def _apply(session: Session, seat: int, action: Action) -> list[Event]:
    with _whole():
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
    legal = session.state.legal_actions(seat)
    keys = action_keys(session.ui, legal)
    session.console.print(since_panel(session, seat))
    session.seen_at[seat] = session.state.version
    show(session.console, session.ui.summary(session.state.view(seat), session.names, seat, session.lang))
    session.console.print(Text(session.say("board_hint"), style="dim"))
    show_actions(session, seat, legal, keys)
    while True:
        choice = _ask(session, seat, keys)
        if choice == LOG:
            show_log(session, seat)
        elif choice == BOARD:
            show(session.console, board_renderables(session, seat))
        else:
            break
        show_actions(session, seat, legal, keys)
    if choice == QUIT:
        return False
    if choice == UNDO:
        _undo(session, seat)
    else:
        assert isinstance(choice, Action)
        _apply(session, seat, choice)
    return True


def _undo(session: Session, seat: int) -> None:
    with _whole():
        session.state = session.state.undo(seat)
    version = session.state.version
    session.log = [item for item in session.log if item.action <= version]
    session.console.print(Text(session.say("takes_back", name=session.names[seat]), style="yellow"))


def clear_all(con: Console) -> None:
    """Clear the screen and, in a real terminal, its scrollback too (ESC [3J), so nobody can
    scroll back to what the previous player saw."""
    con.clear()
    if con.is_terminal:
        con.file.write("\x1b[3J")
        con.file.flush()


def _handoff(session: Session, seat: int) -> bool:
    """Hotseat: hide the screen and wait until the next human has the device."""
    previous, session.last_human = session.last_human, seat
    if len(session.humans) < 2 or previous == seat:
        return True
    con = session.console
    clear_all(con)
    name = session.names[seat]
    con.print(Panel(Text(session.say("pass_device", name=name), style="bold", justify="center"),
                    subtitle=session.say("nothing_secret"), padding=(2, 4)))
    try:
        answer = session.input_fn(session.say("ready", name=name))
    except EOFError:
        return False
    clear_all(con)
    return answer.strip().lower() != QUIT


def action_keys(ui: GameUI, legal: list[Action]) -> dict[str, Action]:
    """The key of each legal action: its index in the game's fixed action space, which no other
    action ever takes, so the same action has the same key at every prompt; the one action that
    ends the turn or passes (a closing kind, when only one is legal) is also ``e``."""
    keys = {str(a.index): a for a in legal}
    closing = [a for a in legal if a.kind in ui.closing_kinds]
    if len(closing) == 1:
        keys[END] = closing[0]
    return keys


def _shown_key(a: Action, keys: dict[str, Action]) -> str:
    return END if keys.get(END) is a else str(a.index)


def _ask(session: Session, seat: int, keys: dict[str, Action]) -> Action | str:
    """Read until the player types a key of an action, l, b, u (when allowed) or q."""
    name = session.names[seat]
    while True:
        may_undo = session.state.can_undo(seat)
        hints = [session.say("key_action"), *([END] if END in keys else []), session.say("key_log"),
                 session.say("key_board"), *([session.say("key_undo")] if may_undo else []), session.say("key_quit")]
        try:
            raw = session.input_fn(session.say("prompt", name=name, keys=", ".join(hints))).strip().lower()
        except EOFError:
            return QUIT
        if raw in (QUIT, LOG, BOARD) or (raw == UNDO and may_undo):
            return raw
        if raw in keys:
            return keys[raw]
        session.console.print(Text(_refusal(session, raw, may_undo), style="red"))


def _refusal(session: Session, raw: str, may_undo: bool) -> str:
    if raw == UNDO:
        why = session.say("nothing_to_undo")
    else:
        why = session.say("not_a_choice", raw=raw) if raw else session.say("type_a_choice")
    allowed = session.say("allowed", undo=session.say("allowed_undo") if may_undo else "")
    return f"{why} {allowed}"


def _save(session: Session) -> None:
    if not session.record_path:
        return
    record = sealed(session.state)
    record.save(session.record_path)
    session.console.print(Text(session.say("saved", path=session.record_path), style="dim"))


def _finish(session: Session) -> None:
    con = session.console
    con.print(Rule(Text(session.say("game_over"), style="bold")))
    show(con, board_renderables(session, None))
    con.print(log_panel(session, None))
    con.print(final_table(session.state, session.names, session.ui, session.lang))
    _save(session)


def final_table(state: GameState, names: list[str], ui: GameUI, lang: str = "en") -> Table:
    """Final scores with the ranking after tie-breakers (1 = winner), plus the game's own columns."""
    scores, ranking = state.scores(), state.ranking()
    view = state.view(None)
    order = sorted(range(len(names)), key=lambda s: (ranking[s], s))
    extra = {s: ui.final_columns(view, s) for s in order}
    table = Table(title=say(lang, "final_scores"), title_style="bold")
    table.add_column(say(lang, "rank"), justify="right")
    table.add_column(say(lang, "player"))
    table.add_column(say(lang, "score"), justify="right")
    for col in extra[order[0]] if order else {}:
        table.add_column(say(lang, f"col_{col}"), justify="right")
    for s in order:
        table.add_row(str(ranking[s]), names[s], str(scores[s]), *extra[s].values())
    winners = [names[s] for s in range(len(names)) if ranking[s] == 1]
    table.caption = say(lang, "winner" if len(winners) == 1 else "shared_win", names=", ".join(winners))
    return table


def show(con: Console, parts: list[RenderableType]) -> None:
    """Each part on lines of its own (``print(*parts)`` would run short texts into one line)."""
    for part in parts:
        con.print(part)


def board_renderables(session: Session, seat: int | None) -> list[RenderableType]:
    return session.ui.board(session.state.view(seat), session.names, seat, session.lang)


def since_panel(session: Session, seat: int) -> Panel:
    """Every event since ``seat`` last saw the board (setup included, where the game keeps it),
    with other seats' secrets hidden."""
    since = session.seen_at.get(seat, -1)
    fresh = [item for item in session.log if item.action > since]
    title = session.say("since" if seat in session.seen_at else "since_start", n=len(fresh))
    empty = session.say("nothing_new" if seat in session.seen_at else "log_empty")
    body = Text("\n".join(_line(session, item, seat) for item in fresh) or empty)
    return Panel(body, title=title, title_align="left", style="dim")


def log_panel(session: Session, viewer: int | None) -> Panel:
    """The log's last lines as ``viewer`` may read them (``None``: the public log, at the end)."""
    lines = [_line(session, item, viewer) for item in session.log[-LOG_TAIL:]]
    return Panel(Text("\n".join(lines) or session.say("log_empty")), title=session.say("log"), title_align="left",
                 style="dim")


def show_log(session: Session, viewer: int) -> None:
    """The whole log, from the first event, a screenful a page (Enter next, p previous, q back)."""
    con = session.console
    width = max(20, con.width - 1)
    lines: list[Text] = []
    for item in session.log:
        lines.extend(Text(_line(session, item, viewer)).wrap(con, width))
    size = max(PAGE_MIN, con.height - 3)
    pages = max(1, -(-len(lines) // size))
    page = 0
    while True:
        con.print(Rule(Text(session.say("log_title", n=len(session.log)), style="bold")))
        show(con, list(lines[page * size:(page + 1) * size]) or [Text(session.say("log_empty"))])
        try:
            raw = session.input_fn(session.say("log_page", page=page + 1, pages=pages)).strip().lower()
        except EOFError:
            return
        if raw == QUIT or (raw == "" and page + 1 >= pages):
            return
        page = max(0, page - 1) if raw == "p" else min(pages - 1, page + 1)


# ---- actions in words --------------------------------------------------------------------------------
def show_actions(session: Session, seat: int, legal: list[Action], keys: dict[str, Action]) -> None:
    ctx = Ctx(session.state.view(seat), session.names, seat)
    con = session.console
    con.print(Text(session.say("choose", name=session.names[seat]), style="bold"))
    columns = len(legal) > MANY_ACTIONS
    singles: list[Text] = []
    for label, members in _families(session.ui, legal, ctx, session.lang):
        if label is None:
            singles.extend(Text(f"[{_shown_key(a, keys)}] ") + Text(session.ui.describe(a.to_json(), ctx, session.lang))
                           for a in members)
            continue
        _print_singles(con, singles, columns)
        singles = []
        shown = [(session.ui.cell(a.to_json(), ctx, session.lang), a) for a in members]
        if members[0].kind in session.ui.cell_kinds:  # the shortest first: "15→A ... 30→ABCDE"
            shown.sort(key=lambda pair: (len(pair[0]), pair[0]))
        cells = "  ".join(f"{_shown_key(a, keys)}→{cell}" for cell, a in shown)
        con.print(Text(f"{label}: ", style="bold") + Text(cells))
    _print_singles(con, singles, columns)


def _print_singles(con: Console, lines: list[Text], columns: bool) -> None:
    if columns and len(lines) > 1:
        con.print(Columns(lines, padding=(0, 3)))
    else:
        for line in lines:
            con.print(line)


def _families(ui: GameUI, legal: list[Action], ctx: Ctx, lang: str) -> list[tuple[str | None, list[Action]]]:
    """Group the actions: a run of one numeric kind with fixed other arguments (bids, quantities), or
    of a kind the game lists as cells (its module's ``CELLS``), becomes one line of 'key→value' cells;
    everything else stays one per line."""
    groups: dict[tuple, list[Action]] = {}
    for i, a in enumerate(legal):
        field = ui.numeric_kinds.get(a.kind)
        if a.kind in ui.cell_kinds:
            key: tuple = (a.kind, ())
        else:
            key = (a.kind, tuple(v for k, v in a.to_json().items() if k != field)) if field else ("", i)
        groups.setdefault(key, []).append(a)
    out: list[tuple[str | None, list[Action]]] = []
    for (kind, _), members in groups.items():
        if kind and len(members) > GROUP_MIN:
            out.append((ui.describe(members[0].to_json(), ctx, lang, group=True), members))
        else:
            out.append((None, members))
    return out
