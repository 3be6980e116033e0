"""Records saved by earlier versions must replay to the same final state: speed work and
refactoring may change how the engine computes, never what a recorded game means.

Each file in tests/golden/ is a complete random game saved with its final hash under rule 1 (the
spectator view plus secrets, the only rule then), to which its final scores and event digest were
added before the engine changed further; rule2-hashes.json holds each game's canonical hash. A
deliberate rule fix that changes them is regenerated on purpose and named in the commit message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mercator.engine.record import GameRecord
from mercator.games import all_games

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*-*p.json"))
RULE2 = Path(__file__).parent / "golden" / "rule2-hashes.json"


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_saved_record_replays_to_its_final_hash(path):
    record = GameRecord.load(path)
    if record.game not in {info.name for info in all_games()}:
        pytest.fail(f"{path.name} is a record of {record.game!r}, which is not registered")
    assert record.replay().is_over()
    checks = record.checks()
    assert [what for what, _, _ in checks] == ["final hash (rule 1)", "final scores", "event stream"]
    assert all(holds for _, holds, _ in checks), checks


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_saved_record_keeps_its_canonical_hash(path):
    """Hash rule 2 (the state's own fields): stored when the rule was introduced, beside the files."""
    expected = json.loads(RULE2.read_text(encoding="utf-8"))[path.stem]
    assert GameRecord.load(path).replay().state_hash(2) == expected


def test_every_game_has_golden_records():
    games = {GameRecord.load(p).game for p in GOLDEN}
    assert games == {info.name for info in all_games()}
