"""Helpers that play a game through the page the way a person does: by clicking."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

ANY_STATE = "[data-testid=action], [data-testid=action-group], [data-testid=final-scores]"


def get_json(url: str, token: str | None = None) -> Any:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def version(page: Any) -> int:
    return int(page.get_attribute("[data-testid=board]", "data-version"))


def game_id(page: Any) -> str:
    return str(page.url.split("/play/")[1].split("?")[0])


def player_token(page: Any) -> str:
    return str(json.loads(page.evaluate("localStorage.getItem('mercator.player')"))["token"])


def is_over(page: Any) -> bool:
    return page.locator("[data-testid=final-scores]").count() > 0


def click_something(page: Any, rng: random.Random, board_first: bool = False) -> str:
    """Click one legal action: a board element standing for exactly one action, or an action bar
    entry (a 'done' entry more often than not, so a game ends in a sensible number of turns)."""
    if board_first:
        single = page.locator("[data-testid=board] .legal[data-actions]:not([data-actions*=','])")
        if single.count():
            target = single.nth(rng.randrange(single.count()))
            label = target.get_attribute("data-actions") or ""
            target.click()
            return f"board:{label}"
    buttons = page.locator("[data-testid=action]")
    done = page.locator("[data-testid=action][data-done]")
    groups = page.locator("[data-testid=action-group]")
    if done.count() and rng.random() < 0.6:
        target = done.nth(rng.randrange(done.count()))
    elif buttons.count():
        target = buttons.nth(rng.randrange(buttons.count()))
    else:
        target = groups.nth(rng.randrange(groups.count()))
    label = target.inner_text()
    target.click()
    return label


def wait_moved(page: Any, before: int, timeout: float = 20_000) -> None:
    """Wait until the page shows a later version than ``before`` (no reload: the socket brings it)."""
    page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=board]')?.dataset.version) > v", arg=before, timeout=timeout)


def wait_my_turn_or_end(page: Any, timeout: float = 30_000) -> None:
    page.wait_for_selector(ANY_STATE, timeout=timeout)
