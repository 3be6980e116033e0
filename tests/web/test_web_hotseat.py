"""Two people play Constantinopolis on one device: the start page joins both seats, and between
their turns a pass-the-device screen shows nothing of the previous player's board, in particular
none of the contracts in their hand, until the next player confirms."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from .play import click_something, game_id, get_json

HAND_OVERS = 3  # hand-overs checked while the previous player held contracts
COVER = "[data-testid=pass-device]"
BOARD_OR_COVER = f"[data-testid=action], [data-testid=action-group], {COVER}"


def _hand(server: str, gid: str, seat: int, token: str) -> list[str]:
    doc = get_json(f"{server}/api/games/{gid}/seat?seat={seat}", token)
    return list(doc["view"]["players"][seat]["hand"])


def _moved_or_covered(page: Any, before: int) -> None:
    page.wait_for_function(
        """v => document.querySelector('[data-testid=pass-device]')
             || Number(document.querySelector('[data-testid=board]')?.dataset.version) > v""", arg=before)


def test_two_players_share_one_device_and_never_see_each_others_hand(page: Any, server: str,
                                                                      artifacts: Any) -> None:
    rng = random.Random(5)
    page.goto("/")
    page.fill("[data-testid=name]", "Anna")
    page.select_option("[data-testid=players]", "2")
    page.select_option("[data-testid=seat-1]", "human")
    page.check("[data-testid=hotseat]")
    page.fill("[data-testid=seat-name-1]", "Boris")
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r"/play/"))
    gid = game_id(page)
    stored = page.evaluate(f"localStorage.getItem('mercator.hotseat.{gid}')")
    tokens = {int(k): v for k, v in json.loads(stored).items()}
    assert set(tokens) == {0, 1}
    summary = get_json(f"{server}/api/games/{gid}")
    names = [s["name"] for s in summary["seats"]]
    assert names == ["Anna", "Boris"]

    # Whoever is to act first takes the device and says who they are.
    page.wait_for_selector(COVER)
    shown = summary["to_act"][0]
    assert f"Pass the device to {names[shown]}" in page.inner_text(COVER)
    page.click("[data-testid=take-device]")
    page.wait_for_selector("[data-testid=board]")
    assert f"seat={shown}" in page.url

    hand_overs = checked = 0
    for _ in range(400):
        page.wait_for_selector(BOARD_OR_COVER)
        if page.locator(COVER).count():
            nxt = 1 - shown
            cover = page.inner_text(COVER)
            assert f"Pass the device to {names[nxt]}" in cover, cover
            html = page.content()
            secret = _hand(server, gid, shown, tokens[shown])
            assert not [c for c in secret if c in html], f"{names[shown]}'s hand shows on the cover"
            assert page.locator("[data-testid=board], [data-testid=log], [data-testid=actionbar]").count() == 0
            if secret and not checked:
                page.screenshot(path=str(artifacts / "hotseat-cover.png"))
            checked += bool(secret)  # hands are dealt in phase 2: count the hand-overs that hid one
            page.click("[data-testid=take-device]")
            page.wait_for_selector("[data-testid=board]")
            shown, hand_overs = nxt, hand_overs + 1
            # The new player's own board shows their hand, and the page follows their seat.
            mine = _hand(server, gid, shown, tokens[shown])
            assert all(c in page.content() for c in mine)
            assert f"seat={shown}" in page.url
            if checked >= HAND_OVERS:
                break
            continue
        before = int(page.get_attribute("[data-testid=board]", "data-version"))
        click_something(page, rng, board_first=False)
        _moved_or_covered(page, before)
    assert checked >= HAND_OVERS and hand_overs >= checked
