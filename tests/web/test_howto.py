"""How-to-play pages: one per game and language, written for players, served as HTML by the real
app, linked from the table and the start page, and never leaking raw HTML from the Markdown."""

from __future__ import annotations

import re
from typing import Any

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


FIGURES = {"constantinopolis": {"offices", "market", "contracts", "tracks", "sheet", "supply"},
           "colonia": {"week", "stalls", "craftsmen", "harbour", "relics", "family"},
           "valencia": {"city", "auction", "council", "cards", "player"}}


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_show_the_boards_own_pictures_that_explain_themselves(page: Any, game: str) -> None:
    """Each page draws every area of the table from the sample position with the table's own code,
    in the page's language; the pictures' entities explain themselves on hover, as on the table."""
    headings = set()
    for lang in LANGS:
        page.goto(f"/howto/{game}/{lang}")
        figures = page.locator("figure[data-figure]")
        assert {figures.nth(i).get_attribute("data-figure") for i in range(figures.count())} == FIGURES[game]
        page.wait_for_function("[...document.querySelectorAll('figure[data-figure]')].every((f) => f.dataset.drawn)")
        for i in range(figures.count()):
            assert figures.nth(i).locator(".panel, .sheet").count() >= 1, figures.nth(i).get_attribute("data-figure")
        explained = page.locator("figure [data-explain]")
        assert explained.count() >= 20
        explained.nth(explained.count() // 2).focus()  # as a keyboard user reaches it
        tip = page.locator("#tip")
        tip.wait_for(state="visible")
        assert tip.inner_text().strip()
        headings.add(page.locator("figure h2").first.inner_text())
    assert len(headings) == len(LANGS), headings  # each page's pictures are worded in its language
