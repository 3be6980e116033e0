"""Colonia in the terminal client, driven by scripted input on a recording console."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from mercator.engine.record import GameRecord
from mercator.tui import play

from ...tui.script import Script


def test_a_human_plays_colonia_against_bots(tmp_path: Path) -> None:
    buf = io.StringIO()
    path = tmp_path / "colonia.json"
    state = play("colonia", ["human", "greedy", "random"], 5, {}, str(path),
                 console=Console(file=buf, width=160), input_fn=Script(buf, seed=3))
    out = buf.getvalue()
    assert state.is_over()
    for part in ("The week", "Market stalls", "Craftsmen", "Harbour", "Relic display", "Families",
                 "Behind your screen", "Turn order", "Play family card", "Final scores"):
        assert part in out, part
    assert re.search(r"Vote (yes|no) on “[A-Z]", out)
    assert re.search(r"Buy stall \d \(.*\) for \d+ members?", out)
    assert re.search(r"Pass: ", out)
    record = GameRecord.load(path)
    assert record.replay().state_hash() == state.state_hash()


def test_hotseat_german_log() -> None:
    buf = io.StringIO()
    state = play("colonia", ["human", "human", "random", "random"], 8, {"weeks": 5}, None, lang="de",
                 console=Console(file=buf, width=160), input_fn=Script(buf, seed=1))
    out = buf.getvalue()
    assert state.is_over() and state.week == 5
    assert "Woche 5 von 5" in out and "Week" not in out  # the full board at the end is German too
    # The actions are worded in German too, from the same catalog as the log.
    assert re.search(r"Familienkarte \d spielen", out)
