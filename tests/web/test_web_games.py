"""Every other registered game, played to the end in the browser only by clicking (on its board
or in the action bar); the final scores on the page are the engine's."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from mercator.engine.record import GameRecord
from mercator.games import all_games

from .play import click_something, game_id, get_json, is_over, version, wait_moved, wait_my_turn_or_end

# Constantinopolis has its own, longer test (test_web_constantinopolis.py).
SETUPS = {"colonia": 3, "valencia": 2}
# Option choices (index of the value in the select) that keep a game short: Colonia over 5 weeks.
SHORT = {"colonia": {"weeks": "1"}}
GAMES = [pytest.param(g.name, SETUPS.get(g.name, g.player_counts[0]), id=g.name)
         for g in all_games() if g.name != "constantinopolis"]


@pytest.mark.parametrize("game,players", GAMES)
def test_play_to_the_end_by_clicking(page: Any, server: str, artifacts: Any, game: str, players: int) -> None:
    rng = random.Random(11)
    page.goto("/")
    page.check(f"[data-testid=game-{game}] input")
    for option, index in SHORT.get(game, {}).items():
        page.select_option(f"[data-testid=option-{option}]", index)
    page.select_option("[data-testid=players]", str(players))
    for seat in range(1, players):
        page.select_option(f"[data-testid=seat-{seat}]", "easy")
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r"/play/"))
    gid = game_id(page)
    board_clicks = 0
    for decision in range(600):
        wait_my_turn_or_end(page)
        if is_over(page):
            break
        if decision == 15:
            page.screenshot(path=str(artifacts / f"{game}-mid.png"), full_page=True)
        before = version(page)
        board_clicks += click_something(page, rng, board_first=decision % 3 == 1).startswith("board:")
        wait_moved(page, before)
    else:
        raise AssertionError("the game did not end within 600 decisions")
    assert board_clicks > 0, "no action was chosen on the board itself"
    page.wait_for_selector("[data-testid=score-row]")
    page.screenshot(path=str(artifacts / f"{game}-end.png"), full_page=True)
    shown = {int(r.get_attribute("data-seat")): (int(r.get_attribute("data-score")), int(r.get_attribute("data-rank")))
             for r in page.locator("[data-testid=score-row]").all()}
    final = GameRecord.from_json(get_json(f"{server}/api/games/{gid}/record")["record"]).replay()
    assert shown == {s: (final.scores()[s], final.ranking()[s]) for s in range(final.seats)}
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: one column, no sideways scrolling
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.screenshot(path=str(artifacts / f"{game}-phone-end.png"), full_page=True)
