"""The rules-content page: every content row with its provenance, in three languages."""

from __future__ import annotations

import html
import re
from importlib import import_module
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mercator.cli import app
from mercator.engine.content import read_toml
from mercator.engine.errors import IllegalAction
from mercator.engine.i18n import LANGS
from mercator.games import all_games
from mercator.web.rules import render_rules, ui_text

GAMES = [pytest.param(info.name, id=info.name) for info in all_games()]


def _rows(data: dict) -> list[dict]:
    """Every row of a content file, however deeply its tables nest."""
    out = []
    for value in data.values():
        if isinstance(value, list):
            rows = [r for r in value if isinstance(r, dict)]
            out.extend(rows)
            for r in rows:
                out.extend(_rows(r))
        elif isinstance(value, dict):
            out.extend(_rows(value))
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_content_row_and_tag_is_on_the_page(game, lang):
    page = render_rules(game, lang)
    assert f'<html lang="{lang}">' in page
    data = import_module(f"mercator.games.{game}.data")
    for fname in data.FILES:
        raw = read_toml(Path(data.CONTENT_DIR) / fname)
        assert fname in page
        for row in _rows(raw):
            if isinstance(row.get("id"), str):
                # The English page shows the id itself; every page names the row by it.
                assert f'<tr data-id="{html.escape(row["id"])}">' in page, (fname, row["id"])
                assert lang != "en" or f"<td>{html.escape(row['id'])}</td>" in page, (fname, row["id"])
            if isinstance(row.get("tag"), str):
                # In German and Russian a tag shows its kinds (its English remark is a row's tooltip).
                kinds = ", ".join(f"[{k}]" for k in ("SEED", "SRC", "DEC", "INV") if f"[{k}" in row["tag"])
                assert (html.escape(row["tag"]) if lang == "en" else kinds) in page, (fname, row["tag"])
    # every constant carries a tag cell that names a provenance kind
    for cell in re.findall(r'<td class="tag([^"]*)">', page):
        assert re.search(r"tag-(seed|src|dec|inv)", cell), cell


def test_interface_text_exists_in_every_language():
    keys = {lang: set(ui_text()[lang]) for lang in LANGS}
    assert keys["en"] == keys["de"] == keys["ru"]
    assert render_rules("constantinopolis", "ru").count("Происхождение") == 1


def test_bad_language_and_command():
    with pytest.raises(IllegalAction, match="choose one of en, de, ru"):
        render_rules("constantinopolis", "fr")
    runner = CliRunner()
    result = runner.invoke(app, ["rules", "constantinopolis", "--lang", "de"])
    assert result.exit_code == 0 and "Herkunft" in result.output
    assert runner.invoke(app, ["rules", "constantinopolis", "--lang", "fr"]).exit_code == 2


def _names(data: dict) -> set[str]:
    """Every key of a content file (block, constant and column names), however deeply they nest."""
    out: set[str] = set()
    for key, value in data.items():
        if key != "tag" and not key.endswith("_tag"):
            out.add(key)
        if isinstance(value, dict):
            out |= _names(value)
        elif isinstance(value, list):
            for row in value:
                if isinstance(row, dict):
                    out |= _names(row)
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["de", "ru"])
def test_every_name_of_the_content_files_has_words_in_german_and_russian(game, lang):
    """The German and Russian pages never fall back to a file's English key: each one is worded in
    content_words.toml or named by the game's catalog (an id used as a key, such as a good)."""
    from mercator.web.rules import Words, content_words

    words = Words(game, lang)
    data = import_module(f"mercator.games.{game}.data")
    for fname in data.FILES:
        for key in _names(read_toml(Path(data.CONTENT_DIR) / fname)):
            assert key in content_words()[lang] or key in words.names, (fname, key)
    assert set(content_words()["de"]) == set(content_words()["ru"])
    page = render_rules(game, lang)
    assert 'data-testid="glossary"' in page and ui_text()[lang]["glossary"] in page
