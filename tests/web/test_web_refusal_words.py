"""A German page shows the server's own refusal in German: a visitor opens a private table's join
link without its invitation, and the page says why in the table's language (the request carried
the page's ``lang``), not the server's English."""

from __future__ import annotations

from typing import Any

from mercator.engine.i18n import words

from ..tui.terminal import english_left
from .play import post_json


def test_a_german_page_words_a_refused_join_in_german(browser: Any, server: str) -> None:
    made = post_json(server, "/api/games", {"game": "colonia", "seats": [{"kind": "human"}] * 3, "join": 0,
                                            "private": True})
    context = browser.new_context(base_url=server, locale="de-DE")
    context.add_init_script("localStorage.setItem('mercator.lang', 'de');"
                            "localStorage.setItem('mercator.name', 'Anna')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(f"/play/{made['game']['id']}?join=1")
        shown = page.locator("[data-testid=error]").inner_text(timeout=20_000)
    finally:
        context.close()
    assert words()["de"]["refusal_private_table"] in shown, shown
    assert not english_left(shown, "de"), shown
    # The one expected error: Chromium logs the refused join (403) itself.
    assert errors and all("status of 403" in e for e in errors), errors
