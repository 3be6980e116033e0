"""Valencia in the terminal client, driven by scripted input on a recording console."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from mercator.engine.record import GameRecord
from mercator.tui import play

from ...tui.script import Script


def test_a_human_plays_valencia_against_bots(tmp_path: Path) -> None:
    buf = io.StringIO()
    path = tmp_path / "valencia.json"
    state = play("valencia", ["human", "greedy", "random"], 5, {"edition": "valencia"}, str(path),
                 console=Console(file=buf, width=140), input_fn=Script(buf, seed=3))
    out = buf.getvalue()
    assert state.is_over()
    for part in ("Round cards", "City", "Council", "Supply", "Players", "Behind your screen", "task card",
                 "Draw the top card of your pile", "Final scores"):
        assert part in out, part
    assert re.search(r"Put the \d on (a new stack|stack \d)", out)
    assert re.search(r"Reveal stack \d: (\d( \+ \d)* = \d+|a single \d)", out)
    record = GameRecord.load(path)
    assert record.replay().state_hash() == state.state_hash()


def test_strasbourg_board_in_the_terminal() -> None:
    buf = io.StringIO()
    state = play("valencia", ["human", "random", "random"], 2, {"edition": "strasbourg"}, None,
                 console=Console(file=buf, width=140), input_fn=Script(buf, seed=1))
    out = buf.getvalue()
    assert state.is_over() and "Strasbourg" in out and "chapel" in out
