"""The terminal client, driven by scripted input on a recording console (on Constantinopolis; each
game's board has its own test in tests/games/<game>/test_tui.py)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from mercator.engine.errors import IllegalAction
from mercator.engine.i18n import render
from mercator.engine.record import GameRecord
from mercator.tui import default_names, play

from .script import CHOICE, HANDOFF, Script

GAME = "constantinopolis"


def _console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=120), buf


def _replays(path: Path) -> str:
    record = GameRecord.load(path)
    assert record.final_hash
    assert record.replay().state_hash() == record.final_hash
    return record.final_hash


def test_log_in_the_chosen_language(tmp_path: Path) -> None:
    console, buf = _console()
    state = play(GAME, ["human", "random"], 5, {"free_trade": False}, None, lang="ru", console=console,
                 input_fn=Script(buf, seed=1, first=True))
    assert state.is_over()
    out = buf.getvalue()
    assert "Начинается фаза" in out and "Итоговые очки" in out  # the log and the client alike
    assert "Final scores" not in out and ("Победитель" in out or "Общая победа" in out)


def test_final_ranking_follows_state_ranking() -> None:
    console, buf = _console()

    def no_input(prompt: str) -> str:
        raise AssertionError(f"a bots-only game asked for input: {prompt!r}")

    state = play(GAME, ["random", "greedy"], 2, {}, None, console=console, input_fn=no_input)
    assert state.is_over()
    out = buf.getvalue()
    table = out[out.index("Final scores"):]
    names = default_names(["random", "greedy"])
    ranking = state.ranking()
    order = sorted(range(2), key=lambda s: (ranking[s], s))
    assert table.index(names[order[0]]) < table.index(names[order[1]])
    for s in range(2):
        assert re.search(rf"│\s+{ranking[s]} │ {names[s]}\s+│\s+{state.scores()[s]} │", table), table


def test_hotseat_shows_pass_the_device_between_humans(tmp_path: Path) -> None:
    console, buf = _console()
    script = Script(buf, seed=7, quit_after=60)
    path = tmp_path / "hotseat.json"
    state = play(GAME, ["human", "human"], 4, {"free_trade": True}, str(path), console=console, input_fn=script)
    out = buf.getvalue()
    assert not state.is_over()  # quit before the end
    assert "Pass the device to Player 1" in out and "Pass the device to Player 2" in out
    assert "Game left unfinished" in out
    # Every change of the human at the keyboard is preceded by a hand-over prompt for the new one.
    current = None
    for prompt in script.prompts:
        if m := HANDOFF.match(prompt):
            current = m["name"]
        elif m := CHOICE.match(prompt):
            assert m["name"] == current, f"{m['name']} chose without a hand-over screen"
    assert _replays(path) == state.state_hash()


def test_long_action_lists_are_grouped() -> None:
    console, buf = _console()
    play(GAME, ["human", "random"], 4, {}, None, console=console, input_fn=Script(buf, seed=2, quit_after=3))
    out = buf.getvalue()
    assert re.search(r"Challenge Random 2 for the office of [A-Za-z ]+: bid in gold: \d+→\d+ ", out)


def test_quit_at_once_saves_a_record(tmp_path: Path) -> None:
    console, buf = _console()
    path = tmp_path / "quit.json"
    state = play(GAME, ["human", "greedy"], 9, {}, str(path), console=console, input_fn=lambda prompt: "q")
    assert not state.is_over()
    assert _replays(path) == state.state_hash()
    assert "Record saved" in buf.getvalue()


def test_end_of_input_quits() -> None:
    console, _ = _console()

    def eof(prompt: str) -> str:
        raise EOFError

    assert not play(GAME, ["greedy", "human"], 1, {}, None, console=console, input_fn=eof).is_over()


@pytest.mark.parametrize(("seats", "lang"), [(["human", "robot"], "en"), (["human"], "en"), (["human", "human"], "fr")])
def test_bad_setup_is_refused(seats: list[str], lang: str) -> None:
    console, _ = _console()
    with pytest.raises(IllegalAction):
        play(GAME, seats, 0, {}, None, lang=lang, console=console, input_fn=lambda prompt: "q")


def test_the_log_shows_everything_since_your_last_turn_without_other_seats_secrets() -> None:
    import random as stdlib_random

    from mercator.engine.seen import Logged, visible
    from mercator.tui import _apply, _new_session, since_panel

    buf = io.StringIO()
    console = Console(file=buf, width=500)  # one event per line, unwrapped, to find each
    session = _new_session(GAME, ["human", "human"], 3, {}, None, "en", console, lambda prompt: "q", None)
    rng = stdlib_random.Random(4)
    session.seen_at[0] = -1  # seen before setup: the setup events (action 0) are new to it too
    while len(session.log) < 60:
        seat = session.state.to_act()[0]
        _apply(session, seat, rng.choice(session.state.legal_actions(seat)))
    # The rules' events name no secret in play; one that did would show it to its owner only.
    session.log.append(Logged(session.state.version, {"type": "contract_drawn", "seat": 1, "contract": "c042"},
                              {"contract": frozenset({1})}))
    console.print(since_panel(session, 0))
    shown = buf.getvalue()
    assert f"Since your last turn: {len(session.log)} events" in shown
    assert len(session.log) > 12  # more than the old fixed tail of 12 lines
    for item in session.log:
        assert render(GAME, visible(item, 0), "en", session.names) in shown  # every line since, as seat 0 sees it
    assert "c042" not in shown
    buf.truncate(0)
    console.print(since_panel(session, 1))
    assert "c042" in buf.getvalue()


def test_ctrl_c_saves_the_record_says_where_and_exits_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no --record: the file goes to the current folder
    console, buf = _console()
    script = Script(buf, first=True)
    script.pending, script.undos = [], 2  # no wrong keys, no undo: two plain decisions

    def keyboard(prompt: str) -> str:
        if script.decisions == 2:
            raise KeyboardInterrupt
        return script(prompt)

    with pytest.raises(SystemExit) as stop:
        play(GAME, ["human", "random"], 3, {}, None, console=console, input_fn=keyboard)
    assert stop.value.code == 130
    assert "saved to mercator-constantinopolis-3.json" in buf.getvalue()
    record = GameRecord.load(tmp_path / "mercator-constantinopolis-3.json")
    assert len([a for s, a in record.actions if s == 0]) == 2
    assert _replays(tmp_path / "mercator-constantinopolis-3.json")


def test_ctrl_c_while_a_move_is_applied_waits_for_the_move() -> None:
    import os
    import signal

    from mercator.tui import _whole

    done = []
    # A shell starts background jobs with SIGINT ignored; the test needs Python's own handler to begin with.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), _whole():
            os.kill(os.getpid(), signal.SIGINT)
            done.append("the rest of the move")
        assert done == ["the rest of the move"]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl-C works as before after it
    finally:
        signal.signal(signal.SIGINT, before)
