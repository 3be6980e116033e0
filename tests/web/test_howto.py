"""How-to-play pages: one per game and language, written for players, served as HTML by the real
app, linked from the table and the start page, and never leaking raw HTML from the Markdown."""

from __future__ import annotations

import re

import pytest

from mercator.engine.i18n import LANGS
from mercator.games import all_games
from mercator.web.howto import howto_path, render_howto

GAMES = [g.name for g in all_games()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_game_has_a_how_to_play_page_in_each_language(game: str, lang: str) -> None:
    text = howto_path(game, lang).read_text(encoding="utf-8")
    assert 700 <= len(text.split()) <= 2200, len(text.split())
    page = render_howto(game, lang)
    assert page is not None
    assert f'<html lang="{lang}">' in page
    assert len(re.findall(r"<h2>", page)) >= 4  # goal, table, course of play, scoring at least
    assert f'href="/rules/{game}/{lang}"' in page
    for other in LANGS:
        if other != lang:
            assert f'href="/howto/{game}/{other}"' in page


def test_pages_differ_by_language() -> None:
    for game in GAMES:
        bodies = {howto_path(game, lang).read_text(encoding="utf-8") for lang in LANGS}
        assert len(bodies) == len(LANGS)


def test_the_app_serves_them_and_refuses_unknown_ones(browser: object, server: str) -> None:
    import urllib.error
    import urllib.request

    with urllib.request.urlopen(f"{server}/howto/colonia/de", timeout=10) as response:
        assert response.status == 200 and "text/html" in response.headers["content-type"]
        assert "<h1>" in response.read().decode()
    for bad in ("/howto/chess/en", "/howto/colonia/fr"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(f"{server}{bad}", timeout=10)
        assert err.value.code == 404
