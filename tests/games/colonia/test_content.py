"""Colonia's content files: they validate through ``mercator content check``, every row keeps its
provenance tag, a broken file is named with its row and field, and the tables match spec §6."""

from __future__ import annotations

import shutil
from collections import Counter

from typer.testing import CliRunner

from mercator.cli import app
from mercator.games.colonia.data import CONTENT_DIR, FILES, GOODS, content, load_files

runner = CliRunner()


def _broken(tmp_path, file: str, old: str, new: str):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    result = runner.invoke(app, ["content", "check", str(folder), "--game", "colonia"])
    return result.exit_code, " ".join(result.output.split())


def test_content_check_passes_for_colonia():
    result = runner.invoke(app, ["content", "check", "--game", "colonia"])
    assert result.exit_code == 0, result.output
    assert "ok colonia" in result.output


def test_every_row_keeps_a_provenance_tag():
    files = load_files()
    assert set(files) == set(FILES)
    for name in ("weeks.toml", "decrees.toml", "ships.toml", "relics.toml", "cities.toml", "families.toml"):
        data = files[name].model_dump()
        rows = next(v for v in data.values() if isinstance(v, list) and v and isinstance(v[0], dict))
        assert all(r["tag"].startswith("[") for r in rows), name


def test_bad_field_names_file_row_and_field(tmp_path):
    code, out = _broken(tmp_path, "relics.toml", 'kind = "shrine"', 'kind = "altar"')
    assert code == 1 and "relics.toml" in out and "row 12 (id shrine_lon)" in out and "'kind'" in out


def test_missing_provenance_tag_is_refused(tmp_path):
    code, out = _broken(tmp_path, "ships.toml", "tag = \"[INV] holds;", "tag = \"from memory: holds;")
    assert code == 1 and "ships.toml" in out and "'tag'" in out


def test_unknown_decree_effect_is_refused(tmp_path):
    code, out = _broken(tmp_path, "decrees.toml", 'effect = "dice_none"', 'effect = "dice_never"')
    assert code == 1 and "decrees.toml" in out and "dcr_guild_holiday" in out


def test_tables_match_the_spec():
    c = content()
    assert len(c.weeks) == 14 and len(c.decrees) == 18 and len(c.ships) == 16 and len(c.relics) == 48
    assert Counter(d.day for d in c.decrees) == {3: 4, 4: 4, 5: 3, 6: 4, 7: 3}
    assert all(sum(s.holds[h]) == h + 1 for s in c.ships for h in range(3))
    assert all(sum(s.payouts) == 29 for s in c.ships)
    demand = Counter(g for s in c.ships for hold in s.holds for g, n in zip(GOODS, hold, strict=True) for _ in range(n))
    assert demand == {"clothing": 20, "saddle": 19, "wheel": 19, "picture": 19, "shoes": 19}
    for city in range(4):
        relics = [r for r in c.relics if r.city == city and not r.shrine]
        assert sum(r.vp for r in relics) == 28 and sum(r.price for r in relics) == 109
    assert [c.rules.members_per_player[str(n)] for n in (3, 4, 5, 6)] == [38, 30, 25, 21]
    assert [sum(w.stalls) for w in c.weeks][:3] == [18, 16, 17]
