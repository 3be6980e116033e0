"""Constantinopolis in the terminal client, driven by scripted input on a recording console."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from mercator.engine.record import GameRecord
from mercator.tui import play

from ...tui.script import Script

GAME = "constantinopolis"


def test_human_against_bot_finishes_with_board_scores_and_record(tmp_path: Path) -> None:
    buf = io.StringIO()
    console = Console(file=buf, width=120)
    script = Script(buf, seed=3)
    path = tmp_path / "game.json"
    state = play(GAME, ["human", "greedy"], 11, {"free_trade": False}, str(path), console=console, input_fn=script)
    out = buf.getvalue()
    assert state.is_over()
    for part in ("Offices", "Market:", "Supply", "Players", "Log", "choose an action", "Player 1 (you)"):
        assert part in out, part
    assert "Final scores" in out and "Winner" in out
    assert "is not a choice" in out and "Please type a choice" in out and "Nothing to take back" in out
    assert script.undos >= 1 and "takes back the last action" in out
    assert "Pass the device" not in out  # one human: no hand-over screens
    record = GameRecord.load(path)
    assert record.replay().state_hash() == record.final_hash == state.state_hash()
