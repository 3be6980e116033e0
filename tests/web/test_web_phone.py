"""A game at phone size, played to the end by tapping: the board comes first, the action tray is
docked at the bottom of the screen, the log waits in a closed drawer, nothing scrolls sideways."""

from __future__ import annotations

import random
from typing import Any

from mercator.engine.record import GameRecord

from .play import (
    click_something,
    create_game,
    get_json,
    is_over,
    stale_answer,
    version,
    wait_moved,
    wait_my_turn_or_end,
)

PHONE = {"width": 390, "height": 844}


def test_a_valencia_game_finished_by_tapping_on_a_phone(browser: Any, server: str, artifacts: Any) -> None:
    gid, token = create_game(server, "valencia", 2, seed=4)
    context = browser.new_context(base_url=server, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and not stale_answer(m.text) else None)
    try:
        page.goto(f"/play/{gid}?seat=0&token={token}")
        wait_my_turn_or_end(page)
        layout = page.evaluate("""() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          const tray = box('[data-testid=actionbar]');
          return { board: box('[data-testid=board]').top, trayBottom: tray.bottom, trayTop: tray.top,
            tray: getComputedStyle(document.querySelector('[data-testid=actionbar]')).position,
            drawer: document.querySelector('[data-testid=log-drawer]').open,
            width: document.documentElement.scrollWidth, height: innerHeight };
        }""")
        page.screenshot(path=str(artifacts / "valencia-phone-start.png"))
        assert layout["board"] < 120, layout  # under the top bar, before anything else
        assert layout["tray"] == "fixed" and abs(layout["trayBottom"] - layout["height"]) < 2, layout
        assert layout["trayTop"] > layout["height"] * 0.55, layout  # the board stays visible above it
        assert layout["drawer"] is False and layout["width"] <= PHONE["width"] + 2, layout
        page.screenshot(path=str(artifacts / "valencia-phone-start.png"))
        assert page.get_attribute("[data-testid=howto-link]", "href") == "/howto/valencia/en"
        page.tap("[data-testid=log-drawer] summary")
        page.wait_for_selector("[data-testid=log-line]", state="visible")

        rng = random.Random(4)
        for _ in range(600):
            wait_my_turn_or_end(page)
            if is_over(page):
                break
            before = version(page)
            click_something(page, rng, board_first=True, tap=True)
            wait_moved(page, before, timeout=60_000)  # the tap's own move, before looking again
        assert is_over(page)
        page.screenshot(path=str(artifacts / "valencia-phone-end.png"), full_page=True)
        shown = {int(r.get_attribute("data-seat")): int(r.get_attribute("data-score"))
                 for r in page.locator("[data-testid=score-row]").all()}
        final = GameRecord.from_json(get_json(f"{server}/api/games/{gid}/record")["record"]).replay()
        assert shown == dict(enumerate(final.scores()))

        # The replay's game review, by tapping: the costliest decisions, each opening the board before it.
        page.goto(f"/replay/{gid}")
        page.wait_for_selector("[data-testid=replay-step]")
        page.tap("[data-testid=review-start]")
        page.wait_for_selector("[data-testid=review-item]", timeout=180_000)
        review = get_json(f"{server}/web/api/games/{gid}/review")
        assert {d["seat"] for d in review["decisions"]} == {0}  # the human seat only, not the bot
        items = page.locator("[data-testid=review-item]")
        assert items.count() == len(review["costliest"]) >= 1
        first = next(d for d in review["decisions"] if d["n"] == review["costliest"][0])
        assert first["gain"] == max(d["gain"] for d in review["decisions"]) > 0
        assert first["best_text"] in page.inner_text("[data-testid=review]")
        items.first.tap()
        page.wait_for_function("n => document.querySelector('[data-testid=replay-step]').innerText.includes(n)",
                               arg=f"{first['n']} ")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 2
        page.screenshot(path=str(artifacts / "valencia-phone-review.png"), full_page=True)
    finally:
        context.close()
    assert not errors, errors
