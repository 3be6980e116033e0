"""Records saved by earlier versions must replay to the same final state: speed work and
refactoring may change how the engine computes, never what a recorded game means.

Each file in tests/golden/ is a complete random game saved with its final hash. A deliberate
rule fix that changes them is regenerated on purpose and named in the commit message."""

from __future__ import annotations

from pathlib import Path

import pytest

from mercator.engine.record import GameRecord
from mercator.games import all_games

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_saved_record_replays_to_its_final_hash(path):
    record = GameRecord.load(path)
    if record.game not in {info.name for info in all_games()}:
        pytest.fail(f"{path.name} is a record of {record.game!r}, which is not registered")
    state = record.replay()
    assert state.is_over()
    assert state.state_hash() == record.final_hash


def test_every_game_has_golden_records():
    games = {GameRecord.load(p).game for p in GOLDEN}
    assert games == {info.name for info in all_games()}
