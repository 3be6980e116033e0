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


def test_on_a_phone_the_refusal_is_on_screen_and_a_tap_closes_it(browser: Any, server: str) -> None:
    """Under a phone's board the side panel starts screens below the top: the refusal is shown at the
    top of the screen instead, and tapping it closes it."""
    made = post_json(server, "/api/games", {"game": "colonia", "seats": [{"kind": "human"}] * 3, "join": 0,
                                            "private": True})
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    context.add_init_script("localStorage.setItem('mercator.lang', 'ru');"
                            "localStorage.setItem('mercator.name', 'Anna')")
    page = context.new_page()
    try:
        page.goto(f"/play/{made['game']['id']}?join=1")
        notice = page.locator("[data-testid=error]")
        notice.wait_for()
        box = notice.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert words()["ru"]["refusal_private_table"] in notice.inner_text()
        notice.tap()
        notice.wait_for(state="detached")
    finally:
        context.close()
