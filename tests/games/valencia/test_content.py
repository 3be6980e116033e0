"""The Valencia content files: every row tagged, the spec's tables reproduced, and a bad file
reported with file, row and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mercator.engine.errors import ContentError
from mercator.games.valencia import data


def test_files_load_and_every_row_keeps_its_tag() -> None:
    files = data.load_files()
    c = data.compile_content(files)
    assert [t.id for t in c.tasks][:2] == ["t_landmark_2", "t_landmark_3"] and len(c.tasks) == 25
    assert sum(t.reward for t in c.tasks) == 147
    assert all(t.tag.startswith("[") for t in c.tasks)
    assert all(g.tag.startswith("[") for g in c.guilds)
    assert c.cost == (2, 3, 4, 5, 6) and c.good_value == (2, 3, 4, 5, 6)


def test_round_cards_follow_the_spec() -> None:
    c = data.content()
    v = c.editions["valencia"].cards
    guilds = [[data.GUILDS[g] for _, t, g, _ in steps if t == data.GUILD] for _, steps in v]
    assert guilds[0] == ["bakers", "shoemakers", "smiths", "butchers"]
    for col in range(4):  # a Latin rectangle: every guild once per column
        assert sorted(row[col] for row in guilds) == sorted(data.GUILDS)
    seats = [next(letter for letter, t, _, seat in steps if seat) for _, steps in v]
    assert seats == ["G", "E", "C", "G", "E"]
    s = c.editions["strasbourg"].cards
    assert all(steps[6][3] and steps[7][1] == data.BUILD_BONUS for _, steps in s)
    assert c.editions["strasbourg"].auctions == 7 and c.editions["valencia"].auctions == 9


def test_default_map_matches_the_spec_tables() -> None:
    m = data.content().editions["valencia"].maps["default"]
    cell = data.CELL_IDS.index
    assert [data.CELL_IDS[x] for x in m.adj_sites[cell("r5c6")]] == ["r6c6", "r5c7"]
    assert {data.DOT_IDS[d] for d in m.cell_dots[cell("r1c2")]} == {"dot_r1c1"}
    assert sorted(data.CELL_IDS[x] for x in m.blocked_2p) == sorted(
        ["r1c1", "r2c5", "r3c1", "r3c3", "r3c5", "r3c7", "r4c1", "r4c3", "r4c5", "r4c8"])
    s = data.content().editions["strasbourg"].maps["default"]
    assert [len(g) for g in s.guild_spaces] == [10, 10, 9, 9, 8] and len(s.dots) == 10


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(data.CONTENT_DIR, folder)
    return folder


def test_a_bad_row_is_reported_with_file_row_and_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "tasks.toml"
    path.write_text(path.read_text().replace('tag = "[INV]"', 'tag = "invented"', 1))
    with pytest.raises(ContentError, match=r"tasks.toml: .*row 18 \(id t_all_guilds\), field 'tag'"):
        data.load_files(folder)


def test_a_map_that_disagrees_with_its_faces_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "cities.toml"
    path.write_text(path.read_text().replace('"b m F u s F m u"', '"m b F u s F m u"'))
    with pytest.raises(ContentError, match="default_grid does not match"):
        data.compile_content(data.load_files(folder))
