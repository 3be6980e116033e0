"""Helpers that play a game through the page the way a person does: by clicking."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

ANY_STATE = ("[data-testid=action], [data-testid=action-group], [data-testid=toggle-confirm], "
             "[data-testid=final-scores]")


def stale_answer(console_text: str) -> bool:
    """Chromium's console line for a 409: a click raced another seat's move (bots answer a simultaneous
    choice at once), the page shows its "the table moved on" notice and the player chooses again. The
    one expected error answer; any other console error fails a test."""
    return "the server responded with a status of 409" in console_text


def get_json(url: str, token: str | None = None) -> Any:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def post_json(server: str, path: str, body: Any, token: str | None = None, method: str = "POST") -> Any:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(f"{server}{path}", data=json.dumps(body).encode(), headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def create_game(server: str, game: str, players: int, seed: int, options: dict[str, Any] | None = None,
                name: str = "Anna") -> tuple[str, str]:
    """A table through the real API: seat 0 a human (the caller), easy bots in the others; (game id, token)."""
    body = {"game": game, "seed": seed, "join": 0, "options": options or {},
            "seats": [{"kind": "human", "name": name}] + [{"kind": "bot", "level": "easy"}] * (players - 1)}
    request = urllib.request.Request(f"{server}/api/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        made = json.loads(response.read())
    return str(made["game"]["id"]), str(made["seat"]["token"])


def open_table(page: Any, gid: str, token: str, lang: str = "en",
               ready: str = "[data-testid=board] section, [data-testid=board] svg") -> None:
    """Seat 0's table in ``lang`` (the language a player picked before, kept by the browser)."""
    page.goto("/")
    page.evaluate(f"localStorage.setItem('mercator.lang', '{lang}')")
    page.goto(f"/play/{gid}?seat=0&token={token}")
    page.wait_for_selector(ready)


def version(page: Any) -> int:
    return int(page.get_attribute("[data-testid=board]", "data-version"))


def game_id(page: Any) -> str:
    return str(page.url.split("/play/")[1].split("?")[0])


def player_token(page: Any) -> str:
    return str(json.loads(page.evaluate("localStorage.getItem('mercator.player')"))["token"])


def is_over(page: Any) -> bool:
    return page.locator("[data-testid=final-scores]").count() > 0


def click_something(page: Any, rng: random.Random, board_first: bool = False, tap: bool = False) -> str:
    """Click one legal action: a board element standing for exactly one action, or an action bar
    entry (a 'done' entry more often than not, so a game ends in a sensible number of turns);
    with ``tap``, tap it as on a touch screen.

    Another seat's hidden commit can re-render the page between counting and clicking, so each
    count is read once and a vanished element is simply chosen again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(20):
        if board_first:
            single = page.locator("[data-testid=board] .legal[data-actions]:not([data-actions*=','])")
            n = single.count()
            if n:
                target = single.nth(rng.randrange(n))
                try:
                    label = target.get_attribute("data-actions", timeout=2000) or ""
                    press(target, tap)
                except PlaywrightTimeout:
                    continue
                return f"board:{label}"
        if page.locator("[data-testid=toggle-confirm]").count():
            try:
                return _toggle_and_confirm(page, rng, tap)
            except PlaywrightTimeout:
                continue
        done = page.locator("[data-testid=action][data-done]")
        buttons = page.locator("[data-testid=action]")
        groups = page.locator("[data-testid=action-group]")
        n_done, n_buttons, n_groups = done.count(), buttons.count(), groups.count()
        if n_done and rng.random() < 0.6:
            target = done.nth(rng.randrange(n_done))
        elif n_buttons:
            target = buttons.nth(rng.randrange(n_buttons))
        elif n_groups:
            target = groups.nth(rng.randrange(n_groups))
        else:
            page.wait_for_timeout(200)
            continue
        try:
            label = target.inner_text(timeout=2000)
            press(target, tap)
        except PlaywrightTimeout:
            continue
        return label
    raise AssertionError("no legal action could be clicked on the page")


def press(target: Any, tap: bool) -> None:
    if tap:
        # On a phone the action tray covers the bottom of the screen: bring the element to the middle
        # first, as a player scrolls it there before tapping.
        target.evaluate("n => n.scrollIntoView({ block: 'center' })", timeout=2000)
        target.tap(timeout=2000)
    else:
        target.click(timeout=2000)


def _toggle_and_confirm(page: Any, rng: random.Random, tap: bool = False) -> str:
    """A choice of several things at once: tick or untick one box (back again if the rules refuse
    the result), then confirm."""
    boxes = page.locator("[data-testid=toggles] [data-testid=toggle]")
    confirm = page.locator("[data-testid=toggle-confirm]")
    if boxes.count() and rng.random() < 0.7:
        box = boxes.nth(rng.randrange(boxes.count()))
        press(box, tap)
        if confirm.is_disabled(timeout=2000):
            assert page.inner_text("[data-testid=toggle-note]", timeout=2000)  # says why
            press(box, tap)
    press(confirm, tap)
    return "toggle"


def wait_moved(page: Any, before: int, timeout: float = 20_000) -> None:
    """Wait until the page shows a later version than ``before`` (no reload: the socket brings it)."""
    page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=board]')?.dataset.version) > v", arg=before, timeout=timeout)


def wait_my_turn_or_end(page: Any, timeout: float = 30_000) -> None:
    page.wait_for_selector(ANY_STATE, timeout=timeout)
