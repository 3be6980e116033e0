"""No English on a German or Russian screen: the main pages (lobby with the new-game form, a table of
each game and edition a few moves in, the rules and how-to pages) rendered in Chromium in de and ru,
and no word of the English catalogs that the other language does not share appears in their
visible text."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from mercator.engine.i18n import catalog, words
from mercator.engine.testkit import catalog_strings
from mercator.games import all_games
from mercator.web.howto import howto_path
from mercator.web.rules import content_words, ui_text

from .play import (
    click_something,
    create_game,
    is_over,
    open_table,
    stale_answer,
    version,
    wait_moved,
    wait_my_turn_or_end,
)

WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
# Tables of each game; Strasbourg is Valencia's other edition (its own auctions H and I).
TABLES = [("constantinopolis", 2, {}), ("colonia", 3, {}), ("valencia", 2, {}),
          ("valencia", 3, {"edition": "strasbourg"})]
# The visible text of a page, leaving out what is meant to show every language (the glossary, the
# language switch) and data names (content file names, provenance codes such as [SEED]).
VISIBLE = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll("[data-testid=glossary], [hreflang], script, style").forEach((n) => n.remove());
  document.body.append(copy);
  copy.style.position = "absolute";
  const text = copy.innerText;
  copy.remove();
  return text;
}"""


def _words(lang: str, with_howto: bool) -> set[str]:
    """Every word of ``lang``'s catalogs (placeholders left out), lower-cased."""
    texts = catalog_strings([ui_text()[lang], words()[lang], content_words().get(lang, {})])
    for info in all_games():
        texts += catalog_strings(catalog(info.name).get(lang, {}))
        if with_howto:
            # (fences name the board pictures; they are not text)
            texts.append(re.sub(r"```.*?```", "", howto_path(info.name, lang).read_text(encoding="utf-8"), flags=re.S))
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{[^}]*\}", "", text))}


@cache
def english_only(lang: str) -> frozenset[str]:
    """The English catalogs' words that ``lang``'s own texts never use: words the languages share
    ("Gold", "Start"), proper names kept as they are (Ager, Magister Officiorum) and numbers drop out."""
    return frozenset(_words("en", False) - _words(lang, True))


def english_on(page: Any, lang: str) -> list[str]:
    text = page.evaluate(VISIBLE)
    text = re.sub(r"[\w-]+\.toml|\[(SEED|SRC|DEC|INV)\]", " ", text)
    found = []
    for match in WORD.finditer(text):
        if match.group(0).lower() in english_only(lang):
            found.append(f"{match.group(0)!r} in …{text[max(0, match.start() - 40):match.end() + 20]!r}…")
    return found


def _lobby(page: Any, lang: str) -> list[str]:
    page.goto("/")
    page.evaluate(f"localStorage.setItem('mercator.lang', '{lang}')")
    found = []
    for info in all_games():  # the new-game form with each game's options and seat choices
        page.goto("/")
        page.check(f"[data-testid=game-{info.name}] input")
        page.select_option("[data-testid=players]", str(info.player_counts[-1]))
        page.wait_for_selector("[data-testid=seat-1]")
        found += [f"lobby ({info.name}): {w}" for w in english_on(page, lang)]
    return found


def _table(page: Any, server: str, lang: str, game: str, players: int, options: dict[str, Any]) -> list[str]:
    gid, token = create_game(server, game, players, seed=7, options=options)
    open_table(page, gid, token, lang)
    rng = random.Random(3)
    found = [f"{game} {options} table: {w}" for w in english_on(page, lang)]
    for _ in range(8):  # a few moves in, with the log filling and other decisions open
        wait_my_turn_or_end(page)
        if is_over(page):
            break
        before = version(page)
        click_something(page, rng)
        wait_moved(page, before)
        found += [f"{game} {options} table, later: {w}" for w in english_on(page, lang)]
    return found


@pytest.fixture
def tab(browser: Any, server: str) -> Iterator[Any]:
    """A page whose scripts may not fail; a 409 (another seat moved first while this one clicked, as
    happens when bots answer a simultaneous choice) is a page the player sees, not an error."""
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and not stale_answer(m.text) else None)
    yield page
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_no_english_word_on_german_and_russian_pages(tab: Any, server: str, lang: str) -> None:
    assert {"waiting", "player", "random", "easy", "hard", "auction", "relic"} <= english_only(lang)
    page = tab
    found = _lobby(page, lang)
    for game, players, options in TABLES:
        found += _table(page, server, lang, game, players, options)
    for info in all_games():
        for kind in ("rules", "howto"):
            page.goto(f"/{kind}/{info.name}/{lang}")
            page.wait_for_timeout(300 if kind == "rules" else 1200)  # the how-to pictures are drawn by script
            found += [f"{kind} {info.name}: {w}" for w in english_on(page, lang)]
    assert not found, "\n".join(dict.fromkeys(found))
