"""Every entity a game shows is explained in every language: its own words (no English fallback),
fully filled in, with the provenance of its content row; invented rows are flagged."""

from __future__ import annotations

import re

import pytest

from mercator.engine.explain import entities, explanations, missing
from mercator.engine.i18n import LANGS
from mercator.games import all_games

GAMES = [g.name for g in all_games() if g.has_plugin("explain")]


def test_every_game_explains_its_entities() -> None:
    assert sorted(GAMES) == sorted(g.name for g in all_games())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_entity_has_words_of_its_own_in_each_language(game: str, lang: str) -> None:
    assert missing(game, lang) == []
    table = explanations(game, lang)
    assert sum(map(len, table.values())) == len(entities(game))
    for kind, rows in table.items():
        for ident, e in rows.items():
            where = f"{game} {lang} {kind}.{ident}"
            assert e["text"].strip(), where
            assert not re.search(r"[{}]", e["text"]), f"{where}: unfilled placeholder in {e['text']!r}"
            assert e["name"] and e["name"] != ident, f"{where}: no name of its own"
            assert re.match(r"^\[(SEED|SRC|DEC|INV)", e["tag"]), where
            assert e["invented"] == e["tag"].startswith("[INV")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["de", "ru"])
def test_translations_are_not_english(game: str, lang: str) -> None:
    """A text equal to the English one is an untranslated copy (short names such as "Tor" aside)."""
    en, other = explanations(game, "en"), explanations(game, lang)
    same = [f"{k}.{i}" for k, rows in en.items() for i, e in rows.items()
            if len(e["text"]) > 12 and other[k][i]["text"] == e["text"]]
    assert same == []


@pytest.mark.parametrize("game", GAMES)
def test_ids_are_unique_per_kind(game: str) -> None:
    keys = [(e.kind, e.id) for e in entities(game)]
    assert len(keys) == len(set(keys))
