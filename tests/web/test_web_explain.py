"""Every thing on each board explains itself in each language: the test walks every element the
board marks as an entity, focuses it as a keyboard user would, and reads the tooltip the page shows
(name, effect, where the content comes from, invented content marked); on a phone a tap explains."""

from __future__ import annotations

from typing import Any

import pytest

from mercator.engine.explain import explanations

from .play import create_game, open_table, version

WALK = """() => {
  const out = [];
  for (const node of document.querySelectorAll('[data-testid=board] [data-explain]')) {
    node.focus();
    const tip = document.getElementById('tip');
    const box = tip && !tip.hidden ? tip.getBoundingClientRect() : null;
    out.push({ key: node.getAttribute('data-explain'), for: tip?.dataset.for, shown: Boolean(box && box.width > 0),
      name: tip?.querySelector('.tip-name')?.textContent,
      text: tip?.querySelector('[data-testid=tip-text]')?.textContent,
      origin: tip?.querySelector('[data-testid=tip-origin]')?.textContent,
      invented: Boolean(tip?.querySelector('[data-testid=tip-invented]')) });
    node.blur();
  }
  return out;
}"""

# game, options, players, and the kinds of entity its opening board must show and explain.
TABLES = [
    ("constantinopolis", {}, 3, {"offices", "buildings", "markets", "ships", "wares"}),
    ("colonia", {}, 4, {"decrees", "craftsman", "ships", "stalls", "berths", "relics"}),
    ("valencia", {}, 3, {"guild", "council_seat", "landmark", "round_card", "tasks"}),
    ("valencia", {"edition": "strasbourg"}, 3, {"guild", "council_seat", "round_card"}),
]


def _open(page: Any, gid: str, token: str, lang: str) -> None:
    """The table once the bots have stopped moving (they wait for this seat), so no redraw comes mid-walk."""
    open_table(page, gid, token, lang, ready="[data-testid=board] [data-explain]")
    seen = [version(page)]
    while len(seen) < 4 or len(set(seen[-4:])) > 1:
        page.wait_for_timeout(400)
        seen.append(version(page))
        assert len(seen) < 100, "the bots never waited for this seat"


@pytest.mark.parametrize(("game", "options", "players", "kinds"), TABLES,
                         ids=["constantinopolis", "colonia", "valencia", "strasbourg"])
def test_every_entity_on_the_board_explains_itself_in_each_language(page: Any, server: str, game: str,
                                                                     options: dict[str, Any], players: int,
                                                                     kinds: set[str]) -> None:
    gid, token = create_game(server, game, players, seed=5, options=options)
    texts: dict[str, dict[str, str]] = {}
    for lang in ("en", "de", "ru"):
        _open(page, gid, token, lang)
        table = explanations(game, lang)
        walked = page.evaluate(WALK)
        assert {w["key"].split(":")[0] for w in walked} >= kinds, sorted({w["key"] for w in walked})
        for w in walked:
            kind, ident = w["key"].split(":")
            want = table[kind][ident]
            assert w["shown"] and w["for"] == w["key"], w
            assert w["name"].startswith(want["name"]) and w["text"] == want["text"], (w, want)
            assert w["origin"], w
            assert w["invented"] == want["invented"], w
            texts.setdefault(w["key"], {})[lang] = w["text"]
    for key, by_lang in texts.items():
        assert len(set(by_lang.values())) == 3, (key, by_lang)  # three languages, three texts


def test_a_tap_on_a_phone_explains_what_it_lands_on(browser: Any, server: str) -> None:
    gid, token = create_game(server, "constantinopolis", 3, seed=5)
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        _open(page, gid, token, "de")
        target = page.locator("[data-testid=board] [data-explain]:not(.legal)").first
        key = target.get_attribute("data-explain")
        target.tap()
        page.wait_for_selector("#tip:not([hidden])")
        assert page.get_attribute("#tip", "data-for") == key
        assert page.inner_text("[data-testid=tip-text]")
        page.locator("[data-testid=topbar-title], header.topbar").first.tap(position={"x": 5, "y": 5})
        page.wait_for_selector("#tip", state="hidden")
    finally:
        context.close()
    assert not errors, errors
