"""A person plays Constantinopolis in the browser against a bot, only by clicking, to the end;
the final scores on the page are the engine's (the record replayed). Along the way: a hint, undo,
the language switch and screenshots at laptop and phone widths."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from mercator.engine.record import GameRecord

from .play import click_something, game_id, get_json, is_over, version, wait_moved, wait_my_turn_or_end

MAX_DECISIONS = 400
PlaywrightError = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").Error


def _log_text(page: Any) -> str:
    return "\n".join(page.locator("[data-testid=log-line]").all_inner_texts())


LOG_JS = "[...document.querySelectorAll('[data-testid=log-line]')].map(e => e.innerText).join('\\n')"


def _switch_language(page: Any, lang: str, word: str, log_test: str) -> str:
    """Pick ``lang``; wait until the header shows ``word`` and the log passes ``log_test`` (JS on ``log``)."""
    page.select_option("header [data-testid=lang]", lang)
    page.wait_for_function("w => document.querySelector('header').innerText.includes(w)", arg=word)
    page.wait_for_function(f"() => {{ const log = {LOG_JS}; return log.length > 0 && ({log_test}); }}")
    return _log_text(page)


def test_play_against_a_bot_to_the_end_by_clicking(page: Any, server: str, artifacts: Any) -> None:
    rng = random.Random(7)
    page.goto("/")
    page.fill("[data-testid=name]", "Alice")
    page.select_option("[data-testid=players]", "2")
    page.select_option("[data-testid=seat-1]", "easy")
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r"/play/"))
    page.wait_for_selector("[data-testid=offices]")
    gid = game_id(page)

    hinted = undone = switched = shot = False
    board_clicks = 0
    for decision in range(MAX_DECISIONS):
        wait_my_turn_or_end(page)
        if is_over(page):
            break
        if not hinted and page.locator("[data-testid=hint]").count():
            page.click("[data-testid=hint]")
            page.wait_for_selector("[data-testid=hint-text]")
            assert page.locator(".hinted").count() >= 1  # the suggestion is marked in the action bar
            if page.locator("[data-testid=hint-top]").count():  # with a choice, the top moves, each with its lead
                assert 2 <= page.locator("[data-testid=hint-top] li").count() <= 3
                assert "estimated lead" in page.inner_text("[data-testid=hint-top]")
            hinted = True
        if decision == 12 and not switched:
            english = _log_text(page)
            german = _switch_language(page, "de", "Runde", "/Phase \\d+ beginnt|Runde \\d+ beginnt/.test(log)")
            assert german != english
            russian = _switch_language(page, "ru", "Раунд", "/[а-яё]{4}/i.test(log)")
            assert russian not in (english, german)
            _switch_language(page, "en", "Round", "!/[а-яё]{4}/i.test(log) && !/beginnt/.test(log)")
            switched = True
        if decision == 20 and not shot:
            page.screenshot(path=str(artifacts / "constantinopolis-mid.png"), full_page=True)
            shot = True
        wait_my_turn_or_end(page)
        if is_over(page):
            break
        before = version(page)
        board_clicks += click_something(page, rng, board_first=decision % 5 == 1).startswith("board:")
        wait_moved(page, before)
        if not undone and page.locator("[data-testid=undo]").count():
            at = version(page)
            try:
                page.click("[data-testid=undo]", timeout=1000)
            except PlaywrightError:  # a bot moved first, and undo is gone: try again on a later turn
                continue
            wait_moved(page, at)
            undone = True
    else:
        raise AssertionError(f"the game did not end within {MAX_DECISIONS} decisions")

    assert hinted and switched and shot and undone
    assert board_clicks > 0, "no action was chosen on the board itself"
    page.wait_for_selector("[data-testid=score-row]")
    page.screenshot(path=str(artifacts / "constantinopolis-end.png"), full_page=True)
    shown = {int(r.get_attribute("data-seat")): (int(r.get_attribute("data-score")), int(r.get_attribute("data-rank")))
             for r in page.locator("[data-testid=score-row]").all()}
    record = GameRecord.from_json(get_json(f"{server}/api/games/{gid}/record")["record"])
    final = record.replay()
    assert final.is_over()
    assert shown == {s: (final.scores()[s], final.ranking()[s]) for s in range(final.seats)}

    # phone width: the same page reflows into one column without sideways scrolling
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.screenshot(path=str(artifacts / "constantinopolis-phone-end.png"), full_page=True)

    # the replay viewer steps through the finished game
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("[data-testid=replay-link]")
    page.wait_for_selector("[data-testid=replay-step]")
    total = len(record.actions)
    assert page.inner_text("[data-testid=replay-step]").endswith(str(total))
    page.click("[data-testid=replay-prev]")
    page.wait_for_function("t => document.querySelector('[data-testid=replay-step]').innerText.includes(t)",
                           arg=f"{total - 1} ")
    assert page.locator("[data-testid=replay-action]").count() == 1
    page.screenshot(path=str(artifacts / "constantinopolis-replay.png"), full_page=True)
