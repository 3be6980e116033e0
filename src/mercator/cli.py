"""The ``mercator`` command: games, play, replay, review, bench, arena, train, content check."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from contextlib import nullcontext
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from mercator.engine.content import read_toml
from mercator.engine.errors import ContentError, IllegalAction
from mercator.engine.i18n import LANGS, plural_format
from mercator.engine.record import GameRecord
from mercator.engine.variants import Variant, active, environment, load_overlay, parse_set
from mercator.games import all_games, get

app = typer.Typer(help="Mercator: merchant Euro board games.", no_args_is_help=True, add_completion=False)
content_app = typer.Typer(help="Content files (cards, tiles, tables).", no_args_is_help=True)
app.add_typer(content_app, name="content")
T = TypeVar("T")
balance_app = typer.Typer(help="Balance studies: what-if variants side by side.", no_args_is_help=True)
app.add_typer(balance_app, name="balance")
console = Console()


@app.callback()
def _start() -> None:
    """Mercator: merchant Euro board games."""
    _LANG.set(None)  # a command without --lang speaks the environment's language


# ---- the command's own words (cli.toml), in the command's language ----------------------------------
# The running command's --lang, for its messages (reset for every command: see _start).
_LANG: ContextVar[str | None] = ContextVar("mercator_cli_lang", default=None)


@cache
def _catalog() -> dict[str, Any]:
    return read_toml(Path(__file__).with_name("cli.toml"))


def environment_lang() -> str:
    """The language the environment asks for: the first of LC_ALL, LC_MESSAGES and LANG that is set
    (POSIX precedence), when it is one of ours ("de_DE.UTF-8" -> "de"); else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGS else "en"
    return "en"


def _lang() -> str:
    """The running command's --lang, else the environment's language."""
    return _LANG.get() or environment_lang()


def t(key: str, lang: str | None = None, **fields: Any) -> str:
    """The command's message ``key`` in ``lang`` (default: the running command's language)."""
    table = _catalog()[lang or _lang()]
    return plural_format(lang or _lang(), table.get("plurals", {}), table[key], fields)


def _lang_typed(args: list[str]) -> str | None:
    """The --lang typed on a command line (for a usage error found before the options are read)."""
    for i, arg in enumerate(args):
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else \
            (args[i + 1] if arg == "--lang" and i + 1 < len(args) else None)
        if value in LANGS:
            return value
    return None


def _writable(path: Path | None) -> Path | None:
    """An output file's folder must exist (checked before any work is done)."""
    if path is not None and not path.parent.is_dir():
        raise typer.BadParameter(t("folder_missing", folder=path.parent))
    return path


def _one_of(allowed: list[str]) -> Any:
    """A parameter callback: a value outside ``allowed`` is a usage error that lists them."""
    def check(value: str | None) -> str | None:
        if value is not None and value not in allowed:
            raise typer.BadParameter(t("not_one_of", value=repr(value), allowed=", ".join(allowed)))
        return value
    return check


def _set_lang(value: str | None) -> str:
    """--lang (read before the other parameters, so their messages are in it too); when it is not
    given, the environment's language."""
    if value is not None and value not in LANGS:
        raise typer.BadParameter(t("not_one_of", value=repr(value), allowed=", ".join(LANGS)))
    _LANG.set(value or environment_lang())
    return _lang()


# Arguments several commands share, checked while parsing, so a wrong value is a usage error that
# lists what is allowed rather than a traceback.
GAME_NAMES = [g.name for g in all_games()]
GameName = Annotated[str, typer.Argument(callback=_one_of(GAME_NAMES), help=f"The game: {', '.join(GAME_NAMES)}",
                                         show_default=False)]
Lang = Annotated[str | None, typer.Option(callback=_set_lang, is_eager=True, show_default=False,
                                          help=f"Language: {', '.join(LANGS)} (default: the environment's "
                                               "LC_ALL, LC_MESSAGES or LANG, else en)")]


def _options(game: str, edition: str | None, option: list[str] | None) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if edition:
        opts["edition"] = edition
    for item in option or []:
        key, _, raw = item.partition("=")
        try:
            opts[key] = json.loads(raw)
        except json.JSONDecodeError:
            opts[key] = raw
    info = get(game)
    unknown = [k for k in opts if k not in info.options]
    if unknown:
        raise IllegalAction(t("unknown_option", game=game, names=", ".join(unknown),
                              allowed=", ".join(info.options) or "-"))
    for name, value in opts.items():
        if value not in info.options[name]:
            raise IllegalAction(t("option_value", name=name, value=_typed(value),
                                  allowed=", ".join(_typed(v) for v in info.options[name])))
    return info.validate_options(opts)


def _typed(value: Any) -> str:
    """A value as it is typed on the command line (true, not Python's True)."""
    return value if isinstance(value, str) else json.dumps(value)


def _players(game: str, players: int, options: dict[str, Any]) -> None:
    """The number of players must be one the game (with these options) is played by."""
    info = get(game)
    counts = info.counts_for(options)
    if players not in counts:
        played = ", ".join(f"{k}={_typed(v)}" for k, v in options.items())
        raise IllegalAction(t("player_count", game=info.title + (f" ({played})" if played else ""), low=counts[0],
                              high=counts[-1], n=players))


def _message(exc: Exception) -> str:
    """An error as the command's words say it; a file the system refuses named with its path (the
    system's own wording is English whatever the language)."""
    for kind, key in ((FileNotFoundError, "no_file"), (IsADirectoryError, "is_folder"),
                      (PermissionError, "no_permission")):
        if isinstance(exc, kind) and exc.filename is not None:
            return t(key, path=exc.filename)
    return str(exc)


def _fail(message: str) -> None:
    _error_line(message)
    raise typer.Exit(2)


def _need(module: str, extra: str, what: str) -> None:
    """Stop with the install command when an optional part's library is missing."""
    from importlib import import_module

    try:
        import_module(module)
    except ImportError:
        _fail(t("needs_extra", what=t(what), extra=extra))


@app.command()
def games() -> None:
    """List the games with their player counts and options."""
    table = Table(*t("games_columns").split(", "))
    for info in all_games():
        # As --option takes them (key=value, the value read as JSON): true, not Python's True.
        opts = ", ".join(f"{k}: {'|'.join(json.dumps(x) if not isinstance(x, str) else x for x in v)}"
                         for k, v in info.options.items()) or "-"
        table.add_row(info.name, info.title, f"{info.player_counts[0]}-{info.player_counts[-1]}", opts)
    console.print(table)


# One paragraph each (the help keeps a docstring's line breaks).
PLAY_HELP = ("Play in the terminal against bots or hotseat with friends.\n\n"
             "Each action has a key that stays the same all game; e ends your turn or passes, l pages through the "
             "whole log, b shows the whole board, u takes back your last action, q saves and quits. Ctrl-C saves "
             "the game too (to --record, or to a new file in the current folder).")


@app.command(help=PLAY_HELP)
def play(
    game: GameName,
    seats: Annotated[str, typer.Option(help="Comma-separated: human or a bot (random, greedy, easy)")] = "human,greedy",
    seed: Annotated[int | None, typer.Option(help="Game seed (random if omitted)")] = None,
    edition: Annotated[str | None, typer.Option(help="Edition, for games that have several")] = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option as key=value, e.g. free_trade=true")] = None,
    record: Annotated[Path | None, typer.Option(callback=_writable, help="Save the game record to this file")] = None,
    lang: Lang = None,
) -> None:
    """Play in the terminal against bots or hotseat with friends."""
    import random

    from mercator.bots.base import BOTS

    seat_list = [s.strip() for s in seats.split(",") if s.strip()]
    bad = [s for s in seat_list if s != "human" and s not in BOTS]
    try:
        if bad:
            raise IllegalAction(t("unknown_seats", bad=", ".join(bad), bots=", ".join(BOTS)))
        opts = _options(game, edition, option)
        _players(game, len(seat_list), opts)
    except IllegalAction as exc:
        _fail(str(exc))
    from mercator.tui import play as play_tui

    play_tui(game, seat_list, seed if seed is not None else random.randrange(2**31), opts,
             str(record) if record else None, lang=lang or _lang())


@app.command()
def replay(
    file: Path,
    verify: Annotated[bool, typer.Option(help="Exit 1 if the replayed hash differs from the stored one")] = False,
    show: Annotated[bool, typer.Option(help="Print every action with its events")] = True,
    lang: Lang = None,
) -> None:
    """Step through a saved game record."""
    from mercator.engine.i18n import render

    lang = lang or _lang()
    try:
        rec = GameRecord.load(file)
        _in_variant(rec, ["replay", str(file), "--verify" if verify else "--no-verify",
                          "--show" if show else "--no-show", "--lang", lang])
        state = rec.new_state()
        for n, (seat, action) in enumerate(rec.actions):
            events = state.apply(seat, action)
            if show:
                for e in events:
                    console.print(f"[dim]{n:5d}[/dim] {render(rec.game, e, lang)}")
        checks = rec.checks() if verify else []
    except (IllegalAction, ContentError, OSError) as exc:
        _fail(_message(exc))
    scores = ", ".join(map(str, state.scores())) if state.is_over() else "-"
    console.print(escape(t("replayed", n=len(rec.actions), over=t("yes" if state.is_over() else "no"), scores=scores,
                           hash=state.state_hash())))
    if verify:
        if not checks:
            _fail(t("nothing_to_verify"))
        for what, holds, detail in checks:  # what was checked and the hashes: the record's own terms
            verdict = f"[green]{t('matches')}[/green]" if holds else f"[red]{t('differs')}[/red]"
            console.print(f"{verdict}: {escape(what)}: {escape(detail)}")
        if not all(holds for _, holds, _ in checks):
            raise typer.Exit(1)
        console.print(f"[green]{escape(t('verified'))}[/green]")


@app.command()
def review(
    file: Path,
    seat: Annotated[list[int] | None, typer.Option(min=1, help="A seat to review (1 = the first), repeatable; "
                                                               "default every seat")] = None,
    level: Annotated[str, typer.Option(help="The reviewing bot: normal, hard or ismcts:N")] = "normal",
    top: Annotated[int, typer.Option(min=1, help="How many of the costliest decisions to list")] = 10,
    lang: Lang = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print every reviewed decision as JSON")] = False,
) -> None:
    """Review a saved game: the decisions that cost the most, with the better move and its gain."""
    from mercator.bots.base import make_bot
    from mercator.bots.review import costliest
    from mercator.bots.review import review as review_game

    lang = lang or _lang()
    try:
        rec = GameRecord.load(file)
        _in_variant(rec, ["review", str(file), *(f"--seat={s}" for s in seat or []), "--level", level,
                          "--top", str(top), "--lang", lang, *(["--json"] if as_json else [])])
        if seat and max(seat) > rec.players:
            raise IllegalAction(t("seat_missing", seat=max(seat), n=rec.players))
        make_bot(level, 0, rec.game)  # a clear error for an unknown bot before any search runs
        seats = {s - 1 for s in seat} if seat else None
        with console.status(t("reviewing"), spinner="dots") if not as_json else nullcontext():
            decisions = list(review_game(rec, seats, level, lang=lang))
    except (IllegalAction, ContentError, OSError, ValueError) as exc:
        _fail(_message(exc))
    if as_json:
        typer.echo(json.dumps({"game": rec.game, "level": level, "decisions": [d.to_json() for d in decisions]}))
        return
    by_n = {d.n: d for d in decisions}
    worst = [by_n[n] for n in costliest(((d.n, d.gain) for d in decisions), top)]
    table = Table(title=escape(t("review_title", game=get(rec.game).title, shown=len(worst), n=len(decisions),
                                 level=level)))
    for i, column in enumerate(t("review_columns").split(", ")):
        table.add_column(column, justify="right" if i in (0, 1, 4) else "left")
    for d in worst:
        table.add_row(str(d.n + 1), str(d.seat + 1), escape(d.chosen_text), escape(d.best_text),
                      f"{d.gain:.1f}{' ~' if d.rough else ''}")
    console.print(table)
    console.print(escape(t("review_note")))


@app.command()
def bench(
    game: str,
    players: Annotated[int, typer.Option(help="Number of players")] = 4,
    games_: Annotated[int, typer.Option("--games", min=1, help="Random games to play")] = 200,
    edition: Annotated[str | None, typer.Option(help="Edition")] = None,
    seed: Annotated[int, typer.Option(help="First seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
    bot: Annotated[str | None, typer.Option(help="Time this bot's decisions instead (e.g. normal)")] = None,
    decisions: Annotated[int, typer.Option(help="Decisions to time with --bot")] = 100,
    profile: Annotated[int, typer.Option(help="Print the N functions with the most own time (cProfile)")] = 0,
    compare: Annotated[bool, typer.Option("--compare", help="Every game and count beside the reference engines "
                                                           "(Catanatron, OpenSpiel); GAME may be 'all'; "
                                                           "--players is ignored")] = False,
    lang: Lang = None,
) -> None:
    """Random-play throughput: actions/s, games/s, clones/s, legal generations/s, errors; or with
    --bot, the median seconds that bot takes per decision."""
    from mercator.bench import decision_times, run

    if compare:
        _compare(games_, seed, None if game == "all" else game, as_json)
        return
    try:
        opts = _options(game, edition, None)
        if profile:
            from mercator.bench import profile as hot_path

            print(hot_path(game, players, decisions if bot else games_, seed=seed, options=opts, top=profile, bot=bot))
            return
        if bot is not None:
            result = decision_times(game, players, bot, decisions, seed=seed, options=opts)
        else:
            result = run(game, players, games_, seed=seed, options=opts)
    except IllegalAction as exc:
        _fail(str(exc))
    if as_json:
        print(json.dumps(result))
        return
    from mercator.arena.report import Words

    title = (t("bench_bot", game=get(game).title, players=players, n=result["decisions"], bot=bot) if bot
             else t("bench_random", game=get(game).title, players=players, games=games_))
    table = Table(*t("bench_columns").split(", "), title=escape(title))
    for key, value in result.items():
        label = t(BENCH_MEASURES[key]) if key in BENCH_MEASURES else key
        if isinstance(value, float):
            table.add_row(label, f"{value:,.1f}" if value >= 10 else f"{value:.4f}")
        else:
            table.add_row(label, Words(_lang()).options(value) if isinstance(value, dict) else escape(str(value)))
    console.print(table)


# What each figure of a bench run is called (cli.toml keys; the JSON keeps the figures' own names).
BENCH_MEASURES = {"game": "bench_game", "players": "bench_players", "options": "bench_options",
                  "games": "bench_games", "actions": "bench_actions", "actions_per_game": "bench_actions_per_game",
                  "actions_per_s": "bench_actions_per_s", "games_per_s": "bench_games_per_s",
                  "clones_per_s": "bench_clones_per_s", "legal_per_s": "bench_legal_per_s", "errors": "bench_errors",
                  "bot": "bench_bot_level", "decisions": "bench_decisions", "median_s": "bench_median_s",
                  "p90_s": "bench_p90_s", "max_s": "bench_max_s"}


def _compare(games: int, seed: int, only: str | None, as_json: bool) -> None:
    from mercator.bench import compare

    try:
        if only is not None:
            get(only)  # an unknown game fails here with the list of games
    except IllegalAction as exc:
        _fail(str(exc))
    result = compare(games, seed=seed, only=only)
    if as_json:
        print(json.dumps(result))
        return
    refs = [r for r in result["references"] if "missing" not in r]
    for r in result["references"]:
        if "missing" in r:
            missing = escape(t("compare_missing", engine=r["engine"]))
            console.print(f"[yellow]{missing}[/yellow]: {escape(r['missing'])}")
    table = Table(*t("compare_columns").split(", "),
                  *(t("compare_ratio", engine=r["engine"].split(" (")[0]) for r in refs),
                  title=escape(t("compare_title", games=games)))
    for o in result["ours"]:
        ratios = [f"{o['actions_per_s'] / r['actions_per_s']:.2f} / {o['clones_per_s'] / r['clones_per_s']:.2f}"
                  for r in refs]
        table.add_row(o["game"], str(o["players"]), f"{o['actions_per_s']:,.0f}", f"{o['games_per_s']:,.1f}",
                      f"{o['clones_per_s']:,.0f}", f"{o['legal_per_s']:,.0f}", *ratios)
    for r in refs:
        table.add_row(r["engine"], "", f"{r['actions_per_s']:,.0f}", f"{r['games_per_s']:,.1f}",
                      f"{r['clones_per_s']:,.0f}", f"{r['legal_per_s']:,.0f}", *([""] * len(refs)))
    table.caption = escape(t("compare_caption"))
    console.print(table)
    from mercator.arena.report import Words

    machine = result["machine"]  # key=value, as options are (never a Python dict)
    console.print(escape(t("compare_machine", machine=Words(_lang()).options(machine) if isinstance(machine, dict)
                           else machine)))


@app.command()
def arena(
    game: GameName,
    players: Annotated[int, typer.Option(help="Number of players")] = 2,
    bots: Annotated[str, typer.Option(help="Bots in seat order, comma-separated (repeated to fill the table); "
                                           "levels random, easy, normal, hard, greedy:evaluation=E, "
                                           "ismcts:N[:key=value...] or rollout:N[:key=value...], e.g. "
                                           "ismcts:5000:prior_depth=3 or greedy:evaluation=tuned"
                                           )] = "normal,greedy",
    games_: Annotated[int, typer.Option("--games", min=1, help="Games to play")] = 100,
    edition: Annotated[str | None, typer.Option(help="Edition")] = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option as key=value")] = None,
    workers: Annotated[int, typer.Option(help="Parallel worker processes (or Ray CPUs)")] = 1,
    seed: Annotated[int, typer.Option(help="Base seed; game i uses its own seed derived from it")] = 0,
    out: Annotated[Path | None, typer.Option(callback=_writable,
                                             help="JSON lines file; an interrupted run resumes from it")] = None,
    report: Annotated[Path | None, typer.Option(callback=_writable,
                                                help="Write a self-contained HTML report here")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start a local Ray)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON")] = False,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="A what-if change to the content, FILE.TABLE.ID.FIELD=VALUE (repeatable), e.g. "
                      "buildings.walls.porta_aurea.cost=12")] = None,
    variant_file: Annotated[Path | None, typer.Option(
        "--variant", help="A variant file: name = \"...\" and a [set] table of \"PATH\" = value lines")] = None,
    lang: Lang = None,
) -> None:
    """Play many bot games with rotating seats; report win rates with 95% intervals and balance."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from mercator.arena import render_report, run_arena, schedule, summarize

    _need_extras(report, backend)

    try:
        opts = _options(game, edition, option)
        _players(game, players, opts)
        variant = _variant(game, variant_file, set_ or [])
        lineup = [b.strip() for b in bots.split(",") if b.strip()]
        schedule(game, players, lineup, 1, seed, opts, variant)  # refuse a wrong variant before the bar shows
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=console,
                      disable=as_json) as bar:
            task = bar.add_task(f"{game} {players}p", total=games_, rate="")
            started: list[float] = []

            def progress(done: int, total: int) -> None:
                import time

                now = time.perf_counter()
                if not started:
                    started.extend([now, done])
                elapsed = now - started[0]
                rate = t("arena_rate", rate=f"{(done - started[1]) / elapsed:.2f}") if elapsed > 0 else ""
                bar.update(task, completed=done, rate=rate)

            results = run_arena(game, players, lineup, games_,
                                seed=seed, options=opts, workers=workers, out=out, backend=backend,
                                address=address, progress=progress, variant=variant)
    except (IllegalAction, ContentError) as exc:
        _fail(str(exc))
    summary = summarize(results)
    if report is not None:
        command = (f"mercator arena {game} --players {players} --bots {bots} --games {games_} --seed {seed}"
                   + "".join(f" --set {s}" for s in set_ or [])
                   + (f" --variant {variant_file}" if variant_file else ""))
        report.write_text(render_report(summary, results, command, lang=_lang()))
    if as_json:
        print(json.dumps(summary))
        return
    _print_summary(summary)
    if report is not None:
        console.print(escape(t("report_written", path=report)))


@app.command()
def train(
    game: GameName,
    games_: Annotated[int, typer.Option("--games", min=2, help="Self-play games (a fifth held out to test)")] = 300,
    players: Annotated[list[int] | None, typer.Option(help="A player count to play at, repeatable; default every "
                                                           "count of every edition")] = None,
    workers: Annotated[int, typer.Option(min=1, help="Parallel worker processes (or Ray CPUs)")] = 1,
    backend: Annotated[str, typer.Option(callback=_one_of(["local", "ray"]), help="local (process pool) or ray")
                       ] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start a local Ray)")] = None,
    seed: Annotated[int, typer.Option(help="Base seed of the self-play games")] = 0,
    bot: Annotated[str, typer.Option(help="The self-play bot: a level (easy is greedy) or ismcts:N[:key=value...]; "
                                          "several, comma-separated, take the seats in turn")] = "easy",
    random_moves: Annotated[float, typer.Option(min=0.0, max=1.0, help="Share of the players' moves made at "
                                                                       "random, for variety")] = 0.05,
    sample: Annotated[float, typer.Option(min=0.001, max=1.0, help="Share of positions kept as training rows "
                                                                   "(each with every seat's view)")] = 0.03,
    out: Annotated[Path | None, typer.Option(callback=_writable, help="Weights file to write (default: the "
                                                                      "game's own, which the bots load)")] = None,
    lang: Lang = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the held-out report as JSON")] = False,
) -> None:
    """Fit a learned evaluation on self-play and write its weights (ismcts:N:evaluation=learned uses them)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    _need_extras(None, backend)
    from mercator.bots import learned

    path = out or learned.weights_path(game)
    try:
        counts = sorted({n for n, _ in learned.tables(game)})  # every edition's
        for n in players or []:
            if n not in counts:
                raise IllegalAction(t("player_count", game=get(game).title, low=counts[0], high=counts[-1], n=n))
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, disable=as_json) as bar:
            task = bar.add_task(t("self_play", game=game), total=games_)
            model, report = learned.train(game, games_, seed, players, workers, backend, address,
                                          lambda done, total: bar.update(task, completed=done), random_moves,
                                          bot, sample)
        model.save(path)
    except (IllegalAction, ValueError, OSError) as exc:
        _fail(_message(exc))
    if as_json:
        print(json.dumps({"game": game, "path": str(path), "bytes": path.stat().st_size, **report}))
        return
    table = Table(*t("train_columns").split(", "), title=escape(t(
        "train_title", game=get(game).title, train=report["train_rows"], test=report["test_rows"],
        lam=f"{report['lambda']:g}")))
    for key, label in (("learned", "train_learned"), ("heuristic", "train_heuristic")):
        row = report[key]
        table.add_row(t(label), f"{row['margin_r2']:.3f}", f"{row['margin_mae']:.2f}",
                      f"{row['relative_r2']:.3f}", f"{row['relative_mae']:.2f}")
    console.print(table)
    console.print(escape(t("train_note")))
    console.print(escape(t("weights_written", path=path, size=f"{path.stat().st_size / 1024:.1f}",
                           seconds=report["seconds_self_play"])))


@app.command()
def rules(
    game: GameName,
    lang: Lang = None,
    out: Annotated[Path | None, typer.Option(callback=_writable,
                                             help="Write the HTML page here (default: print it)")] = None,
) -> None:
    """The game's content (every card, tile and constant with its provenance tag) as an HTML page."""
    from mercator.web.rules import render_rules

    lang = lang or _lang()
    try:
        page = render_rules(game, lang)
    except (IllegalAction, ContentError) as exc:
        _fail(str(exc))
    if out is None:
        print(page)
    else:
        out.write_text(page)
        console.print(escape(t("rules_written", game=game, lang=lang, path=out)))


@balance_app.command("sweep")
def balance_sweep(
    game: GameName,
    set_: Annotated[list[str], typer.Option(
        "--set", help="A change, PATH=VALUE; PATH=A,B,C sweeps its values (repeatable: every combination), e.g. "
                      "buildings.walls.porta_aurea.cost=10,12,14")],
    players: Annotated[int, typer.Option(help="Number of players")] = 2,
    bots: Annotated[str, typer.Option(help="Bots in seat order, comma-separated (as for arena)")] = "normal,greedy",
    games_: Annotated[int, typer.Option("--games", min=1, help="Games per variant")] = 100,
    edition: Annotated[str | None, typer.Option(help="Edition")] = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option as key=value")] = None,
    workers: Annotated[int, typer.Option(help="Parallel worker processes (or Ray CPUs)")] = 1,
    seed: Annotated[int, typer.Option(help="Base seed: every variant plays the same deals")] = 0,
    baseline: Annotated[bool, typer.Option(help="Also play the shipped content, first")] = True,
    report: Annotated[Path | None, typer.Option(callback=_writable,
                                                help="Write a self-contained HTML report here")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start a local Ray)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print every variant's summary as JSON")] = False,
    lang: Lang = None,
) -> None:
    """Play the arena once per variant of the content and compare them side by side, with 95% intervals."""
    from mercator.arena import sweep

    _need_extras(report, backend)
    rows = _study(as_json, lambda: sweep.sweep(
        game, players, [b.strip() for b in bots.split(",") if b.strip()], games_, set_, seed=seed,
        options=_options(game, edition, option), workers=workers, backend=backend, address=address,
        baseline=baseline))
    if report is not None:
        command = (f"mercator balance sweep {game} --players {players} --bots {bots} --games {games_} --seed {seed}"
                   + "".join(f" --set {s}" for s in set_))
        report.write_text(sweep.render(rows, command, lang=_lang()))
    if as_json:
        print(json.dumps([{"variant": label, "summary": s} for label, s in rows]))
        return
    from mercator.arena.report import Words

    w = Words(_lang())
    console.print(f"[bold]{escape(t('sweep_title', game=get(game).title, players=players, games=games_))}[/bold]")
    for label, s in rows:  # one paragraph per variant: it wraps between words at any width
        seat = s["seats"][0]
        wins = "; ".join(t("sweep_bot_wins", bot=b, rate=f"{r['rate']:.1%}", low=f"{r['ci95'][0]:.1%}",
                           high=f"{r['ci95'][1]:.1%}") for b, r in s["bots"].items())
        ends = "; ".join(t("sweep_end", words=w.end(s["game"], e["code"], e["words"]), share=f"{e['share']:.0%}")
                         for e in s["end_conditions"])
        text = t("sweep_row", rate=f"{seat['rate']:.1%}", low=f"{seat['ci95'][0]:.1%}", high=f"{seat['ci95'][1]:.1%}",
                 wins=wins, score=f"{s['winning_score'].get('mean', 0):.1f}",
                 rounds_word=w.round(s["round_word"], "many"), rounds=f"{s['length_rounds'].get('median', 0):g}",
                 ended=w("col_ended_short"), ends=ends)
        console.print(f"[bold]{escape(w('shipped') if label == sweep.SHIPPED else label)}[/bold]: {escape(text)}")
    if report is not None:
        console.print(escape(t("report_written", path=report)))


@balance_app.command("luck")
def balance_luck(
    game: GameName,
    players: Annotated[int, typer.Option(help="Number of players")] = 2,
    weak: Annotated[str, typer.Option(help="The weaker bot (every other seat)")] = "easy",
    strong: Annotated[str, typer.Option(help="The stronger bot (one seat, rotating)")] = "normal",
    deals: Annotated[int, typer.Option(min=2, help="Deals (game seeds) to play")] = 50,
    repeats: Annotated[int, typer.Option(min=2, help="Plays of every deal (seats rotate, bots reseed)")] = 4,
    edition: Annotated[str | None, typer.Option(help="Edition")] = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option as key=value")] = None,
    workers: Annotated[int, typer.Option(help="Parallel worker processes (or Ray CPUs)")] = 1,
    seed: Annotated[int, typer.Option(help="Base seed of the deals")] = 0,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start a local Ray)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON")] = False,
    lang: Lang = None,
) -> None:
    """Luck against skill: replay the same deals with a stronger and a weaker bot; how much the deal
    decides, beside the stronger bot's edge."""
    from mercator.arena.luck import luck

    _need_extras(None, backend)
    out = _study(as_json, lambda: luck(game, players, weak, strong, deals, repeats, seed,
                                       _options(game, edition, option), workers, backend, address))
    if as_json:
        print(json.dumps(out))
        return
    e, w, v = out["edge"], out["strong_wins"], out["variance"]
    console.print(f"[bold]{escape(t('luck_title', strong=strong, weak=weak))}[/bold], "
                  + escape(t("luck_setup", game=get(game).title, players=players, deals=deals, repeats=repeats)))
    console.print(escape(t("luck_wins", strong=strong, rate=f"{w['rate']:.1%}", low=f"{w['ci95'][0]:.1%}",
                           high=f"{w['ci95'][1]:.1%}", fair=f"{w['fair']:.1%}", mean=f"{e['mean']:+.1f}",
                           mean_low=f"{e['ci95'][0]:+.1f}", mean_high=f"{e['ci95'][1]:+.1f}")))
    console.print(escape(t("luck_variance", share=f"{v['luck_share']:.0%}", between=f"{v['between'] ** 0.5:.1f}",
                           within=f"{v['within'] ** 0.5:.1f}", spread=f"{out['edge_per_deal_spread']:.2f}")))
    console.print(escape(t("luck_deals", strong=strong, always=out["deals_always_won"], never=out["deals_never_won"])))


@balance_app.command("skill")
def balance_skill(
    game: GameName,
    budgets: Annotated[str, typer.Option(help="Search budgets (iterations per decision), comma-separated")] = \
        "100,500,2000",
    against: Annotated[str, typer.Option(help="The fixed opponent")] = "easy",
    players: Annotated[int, typer.Option(help="Number of players")] = 2,
    games_: Annotated[int, typer.Option("--games", min=1, help="Games per budget")] = 40,
    edition: Annotated[str | None, typer.Option(help="Edition")] = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option as key=value")] = None,
    workers: Annotated[int, typer.Option(help="Parallel worker processes (or Ray CPUs)")] = 1,
    seed: Annotated[int, typer.Option(help="Base seed: every budget plays the same deals")] = 0,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print the curve as JSON")] = False,
    lang: Lang = None,
) -> None:
    """A skill curve: the search bot at each budget against a fixed opponent, on the same deals."""
    from mercator.arena.luck import skill_curve

    _need_extras(None, backend)
    try:
        levels = [int(b) for b in budgets.split(",") if b.strip()]
    except ValueError:
        _fail(t("budgets", value=repr(budgets)))
    curve = _study(as_json, lambda: skill_curve(game, players, levels, against, games_, seed,
                                                _options(game, edition, option), workers, backend))
    if as_json:
        print(json.dumps(curve))
        return
    for row in curve:
        console.print(escape(t("skill_row", bot=row["bot"], rate=f"{row['rate']:.1%}", low=f"{row['ci95'][0]:.1%}",
                               high=f"{row['ci95'][1]:.1%}", games=row["games"], against=against,
                               margin=f"{row['margin']:+.1f}", seconds=f"{row['seconds_per_decision']:.3f}")))


def _study(as_json: bool, work: Callable[[], T]) -> T:
    """Run a balance study under a spinner (none when printing JSON); a refused input ends in one error line."""
    try:
        with console.status("playing…", spinner="dots") if not as_json else nullcontext():
            return work()
    except (IllegalAction, ContentError) as exc:
        _fail(str(exc))
        raise  # _fail always exits


def _need_extras(report: Path | None, backend: str) -> None:
    """The arena's extras, checked before any game is played."""
    if report is not None:
        _need("matplotlib", "report", "what_report")
    if backend == "ray":
        _need("ray", "ray", "what_ray")


def _in_variant(rec: GameRecord, args: list[str]) -> None:
    """A record of a variant this process does not play: run the command again in a process that
    plays it (variants are per process, see engine/variants.py) and exit with its status."""
    playing = active(rec.game)
    wanted = Variant.from_json(rec.variant) if rec.variant else None
    if (playing.to_json() if playing else None) == (wanted.to_json() if wanted else None):
        return
    import subprocess

    if wanted is not None:  # on stderr: stdout may be JSON
        typer.echo(t("variant_record", variant=wanted.label), err=True)
    done = subprocess.run([sys.executable, "-c", "from mercator.cli import main; main()", *args],
                          env=environment(wanted), check=False)
    raise typer.Exit(done.returncode)


def _variant(game: str, path: Path | None, sets: list[str]) -> Variant | None:
    """The variant of a variant file and --set changes (the file's first, then each --set)."""
    if path is None and not sets:
        return None
    name, changes = load_overlay(path) if path is not None else ("", ())
    return Variant(game, (*changes, *(parse_set(s) for s in sets)), name)


def _print_summary(summary: dict[str, Any]) -> None:
    """An arena run's summary on the terminal, in the command's language (the report's words for its
    columns, end reasons and round words: arena/report.toml)."""
    from mercator.arena.report import Words

    w = Words(_lang())
    title = w("arena_title", game=get(summary["game"]).title, players=summary["players"], games=summary["games"])
    if summary.get("variant"):
        title += ". " + w("variant", variant=summary["variant"])
    table = Table(*(w(k) for k in ("col_bot", "col_games", "col_wins", "col_win_rate", "col_ci", "col_mean_score",
                                   "col_seconds")), title=escape(title))
    for bot, s in summary["bots"].items():
        table.add_row(escape(bot), str(s["games"]), f"{s['wins']:g}", f"{s['rate']:.1%}",
                      f"{s['ci95'][0]:.1%}-{s['ci95'][1]:.1%}", f"{s['score'].get('mean', 0):.1f}",
                      f"{s['seconds_per_decision']:.3f}")
    console.print(table)
    for h in summary["head_to_head"]:
        console.print(escape(t("summary_head", bot=h["bot"], other=h["other"], rate=f"{h['rate']:.1%}",
                               games=h["games"], low=f"{h['ci95'][0]:.1%}", high=f"{h['ci95'][1]:.1%}",
                               margin=f"{h['margin']['mean']:+.1f}", se=f"{h['margin']['se']:.1f}")))
    seats = ", ".join(f"{i + 1}: {r['rate']:.1%}" for i, r in enumerate(summary["seats"]))
    advantage = summary["first_player_advantage"] * 100
    console.print(escape(t("summary_seats", seats=seats, points=f"{advantage:+.1f}")))
    rounds = summary["length_rounds"]
    length = t("summary_length", actions=f"{summary['length_actions']['median']:g}")
    if rounds:
        length += f"; {w.round(summary['round_word'], 'many')}: {rounds['median']:g}"
    console.print(escape(length))
    for end in summary["end_conditions"]:
        console.print(escape(t("summary_ended", ended=w("col_ended_short"),
                               words=w.end(summary["game"], end["code"], end["words"]), games=end["games"],
                               share=f"{end['share']:.0%}")))


def _game_of(path: Path) -> str:
    """The game whose content PATH holds: a folder (or a file in a folder) named after a game, at any
    depth, as in ``games/valencia/content`` or a copy named ``valencia-variant``."""
    for part in reversed(path.resolve().parts):
        named = [g for g in GAME_NAMES if part == g or part.startswith((g + "-", g + "_"))]
        if named:
            return named[0]
    raise typer.BadParameter(t("which_game", path=path, games="|".join(GAME_NAMES)), param_hint="PATH")


@content_app.command("check")
def content_check(
    path: Annotated[Path | None, typer.Argument(help="A content folder or file (default: every game's own)")] = None,
    game: Annotated[str | None, typer.Option(callback=_one_of(GAME_NAMES),
                                             help="Which game's schema to use for PATH")] = None,
) -> None:
    """Validate content files; a bad file is reported with file, row and field."""
    if path is not None and not path.exists():
        raise typer.BadParameter(t("path_missing", path=path), param_hint="PATH")
    if path is not None and game is None:
        game = _game_of(path)
    failures = 0
    targets = [info.name for info in all_games()] if game is None else [game]
    for name in targets:
        data = get(name).plugin("content")
        folder = data.CONTENT_DIR
        files = dict(data.FILES)
        if path is not None:
            folder = path if path.is_dir() else path.parent
            if path.is_file():
                files = {path.name: files[path.name]} if path.name in files else {}
                if not files:
                    _fail(t("not_content_file", name=path.name, game=name, files=", ".join(data.FILES)))
        try:
            if path is None or path.is_dir():
                data.compile_content(data.load_files(folder))
            else:
                from mercator.engine.content import load_model

                for fname, model in files.items():
                    load_model(folder / fname, model)
            console.print(f"[green]{escape(t('content_ok', game=name, files=', '.join(files), folder=folder))}[/green]")
        except ContentError as exc:
            failures += 1
            console.print(f"[red]{escape(t('content_bad', game=name, error=exc))}[/red]")
    if failures:
        raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on")] = 8000,
    database: Annotated[str | None, typer.Option(help="Database URL, e.g. postgresql+psycopg://user@host/db "
                                                      "(default: $MERCATOR_DATABASE_URL, else a SQLite file "
                                                      "in the user's data folder)")] = None,
    bot_workers: Annotated[int | None, typer.Option(help="Worker processes for server-side bots "
                                                         "(default: one per core)")] = None,
    bot_move_seconds: Annotated[float | None, typer.Option(help="Seconds a bot or a hint may think about one "
                                                                "decision (default 5)")] = None,
    hints_per_minute: Annotated[int | None, typer.Option(help="Hints one seat may ask for a minute, one at a "
                                                              "time (default 5)")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="Reverse proxies (comma-separated addresses, or *) whose X-Forwarded-For gives the client "
             "address (default: $FORWARDED_ALLOW_IPS, else 127.0.0.1,::1); see docs/hosting.md")] = None,
    rate: Annotated[float | None, typer.Option(help="Requests per second per valid token or client address "
                                                    "(default 50)")] = None,
    burst: Annotated[float | None, typer.Option(help="Burst of that limit (default 100)")] = None,
    create_burst: Annotated[float | None, typer.Option(help="Games and players a client address may create "
                                                            "at once (default 20)")] = None,
    create_per_minute: Annotated[float | None, typer.Option(help="... and then per minute (default 6)")] = None,
    request_timeout: Annotated[float | None, typer.Option(help="Seconds a client has to send a whole request "
                                                               "(default 10)")] = None,
    db_wait: Annotated[float | None, typer.Option(help="Seconds a request waits for the database before a 503 "
                                                       "(default 5)")] = None,
    http: Annotated[str | None, typer.Option(help="HTTP parser: h11 (default) bounds headers and request time; "
                                                  "httptools is faster, only safe behind a proxy doing both")] = None,
) -> None:
    """Run the web app and game server: lobby, seats, bots, live updates (HTTP + WebSocket, OpenAPI at
    /openapi.json), the browser client at / and the rules pages. docs/hosting.md: hosting among strangers."""
    _need("fastapi", "server", "what_web")
    from mercator.web.app import run

    # Settings fields only, never run()'s own parameters; Settings checks the values (hence Any).
    given: dict[str, Any] = {
        "bot_workers": bot_workers or None, "bot_move_seconds": bot_move_seconds,
        "hints_per_minute": hints_per_minute, "forwarded_allow_ips": forwarded_allow_ips,
        "rate_per_second": rate, "rate_burst": burst, "create_burst": create_burst,
        "create_per_minute": create_per_minute, "request_timeout_seconds": request_timeout,
        "db_wait_seconds": db_wait, "http": http,
    }
    run(host, port, database, **{k: v for k, v in given.items() if v is not None})


def _error_line(message: str) -> None:
    """One line on stderr, however wide the terminal: ``error: what was wrong and what is allowed``."""
    Console(stderr=True).print(f"[red]error:[/red] {escape(message)}", soft_wrap=True, highlight=False)


# Typer's own wording of a value outside a range (pydantic's), and of extra arguments.
_RANGE = re.compile(r"^Input should be (greater|less) than or equal to (\S+)$")
_EXTRA = re.compile(r"^Got unexpected extra argument(?:s|\(s\))? \((.*)\)$")


def _usage_message(exc: typer.TyperException) -> str:
    """A usage error Typer found, in the command's words: what was wrong, with the parameter's name
    and what is allowed (Typer's own sentences are English only)."""
    kind = type(exc).__name__
    message = str(getattr(exc, "message", "") or "")
    param = getattr(exc, "param", None)
    hint = getattr(exc, "param_hint", None) or (param.get_error_hint() if param is not None else None)
    hint = " / ".join(hint) if isinstance(hint, list | tuple) else hint
    if kind == "NoSuchOption":
        possible = sorted(getattr(exc, "possibilities", None) or [])
        return t("no_such_option", option=getattr(exc, "option_name", "")) + (
            f" {t('possible_options', options=', '.join(possible))}" if possible else "")
    if kind == "MissingParameter" and hint:
        return t("missing_argument" if getattr(param, "param_type_name", "") == "argument" else "missing_option",
                 name=hint)
    if kind == "BadParameter" and hint:
        if m := _RANGE.match(message):
            message = t("at_least" if m[1] == "greater" else "at_most", n=m[2])
        return t("invalid_value", name=hint, message=message)
    if m := _EXTRA.match(message):
        return t("extra_arguments", args=m[1])
    format_message = getattr(exc, "format_message", None)
    return str(format_message()) if callable(format_message) else message


def main() -> None:
    """The console script: a usage error, a refused option or bad content ends with one ``error:``
    line and exit status 2, never a traceback or a framed panel."""
    try:
        code = app(standalone_mode=False, prog_name="mercator")
    except typer.Abort:  # Ctrl-C or end of input at a prompt
        _error_line(t("interrupted"))
        raise SystemExit(130) from None
    except typer.TyperException as exc:  # Typer's usage errors (its click's ClickException) derive from it
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare command group: its help, as before
            print(exc.message)
            raise SystemExit(2) from None
        if _LANG.get() is None:  # refused before --lang was read
            _LANG.set(_lang_typed(sys.argv[1:]))
        message = _usage_message(exc)
        _error_line(message + (f" {t('see_help', command=ctx.command_path)}" if ctx is not None else ""))
        raise SystemExit(2) from None
    except (IllegalAction, ContentError) as exc:
        _error_line(str(exc))
        raise SystemExit(2) from None
    raise SystemExit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
