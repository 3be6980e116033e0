"""Table talk in two browsers: chat shown as text only and closed by the host, and a clock that runs out
while the other player chooses the bot that takes the seat over."""

from __future__ import annotations

import re
import urllib.error
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from .play import get_json, post_json

HOSTILE = '<img src=x onerror="window.__pwned=1"><b>bold</b> & <script>window.__pwned=2</script>'


@contextmanager
def _two(browser: Any, server: str, langs: tuple[str, str] = ("en", "en"),
         phone: bool = False) -> Iterator[tuple[list[Any], list[str]]]:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    contexts = [browser.new_context(base_url=server, viewport=size) for _ in range(2)]
    errors: list[str] = []
    pages = []
    for c in contexts:
        p = c.new_page()
        p.on("pageerror", lambda exc: errors.append(str(exc)))
        p.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
        pages.append(p)
    try:
        yield pages, errors
    finally:
        for c in contexts:
            c.close()
    assert not errors, errors


def _table(server: str, game: str, clock: dict[str, float] | None = None) -> tuple[str, str, list[str]]:
    made = post_json(server, "/api/games", {"game": game, "join": 0, "name": "Alice", "clock": clock,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]})
    gid = made["game"]["id"]
    bob = post_json(server, f"/api/games/{gid}/join", {"seat": 1, "name": "Bob"})["token"]
    return gid, made["host_token"], [made["seat"]["token"], bob]


def _open(page: Any, gid: str, seat: int, token: str, lang: str, host: str | None = None) -> None:
    page.goto("/")
    page.evaluate(f"localStorage.setItem('mercator.lang', '{lang}')")
    if host:  # the browser that created the table keeps its host token
        page.evaluate(f"localStorage.setItem('mercator.host.{gid}', '{host}')")
    page.goto(f"/play/{gid}?seat={seat}&token={token}")
    page.wait_for_selector("[data-testid=talk]")


def test_chat_is_shown_as_text_only_and_the_host_closes_it(browser: Any, server: str, artifacts: Any) -> None:
    gid, host, tokens = _table(server, "valencia")
    with _two(browser, server, ("en", "ru")) as (pages, _):
        alice, bob = pages
        _open(alice, gid, 0, tokens[0], "en", host)
        _open(bob, gid, 1, tokens[1], "ru")
        alice.fill("[data-testid=chat-input]", HOSTILE)
        alice.press("[data-testid=chat-input]", "Enter")
        bob.wait_for_selector("[data-testid=chat-line]")
        line = bob.locator("[data-testid=chat-line]").first
        assert line.inner_text() == f"Alice: {HOSTILE}"  # every character as typed, as text
        assert bob.locator("[data-testid=talk] img, [data-testid=talk] script, [data-testid=talk] li b b").count() == 0
        assert alice.evaluate("window.__pwned") is None and bob.evaluate("window.__pwned") is None
        assert alice.input_value("[data-testid=chat-input]") == ""
        bob.fill("[data-testid=chat-input]", "Привет, Алиса!")
        bob.click("[data-testid=chat-send]")
        alice.wait_for_function("() => document.querySelectorAll('[data-testid=chat-line]').length === 2")
        assert alice.locator("[data-testid=chat-line]").nth(1).inner_text() == "Bob: Привет, Алиса!"
        alice.click("[data-testid=chat-switch]")  # the host closes the chat
        bob.wait_for_selector("[data-testid=chat-closed]")
        assert bob.inner_text("[data-testid=chat-closed]") == "Хозяин стола закрыл чат."
        assert bob.locator("[data-testid=talk-event]").last.inner_text() == "Хозяин стола закрывает чат."
        assert not bob.locator("[data-testid=chat-input]").is_visible()
        assert alice.locator("[data-testid=talk-event]").last.inner_text() == "The host closes the chat."
        with pytest.raises(urllib.error.HTTPError) as refused:  # the server refuses it too
            post_json(server, f"/api/games/{gid}/chat", {"text": "sneaky"}, tokens[1])
        assert refused.value.code == 403
        alice.screenshot(path=str(artifacts / "talk-chat-en.png"), full_page=True)
        bob.screenshot(path=str(artifacts / "talk-chat-ru.png"), full_page=True)


LANG = ("de", "en")  # seat 0 reads German, seat 1 English
NAME = ("Alice", "Bob")
WORDS = {
    "de": {"yours": "Deine Bedenkzeit ist abgelaufen", "timeout": "{n} hat keine Bedenkzeit mehr.",
           "bot": "{by} übergibt den Platz von {n} an einen Bot (normal).",
           "back": "{n} übernimmt den eigenen Platz wieder."},
    "en": {"yours": "Your time has run out", "timeout": "{n} has run out of time.",
           "bot": "{by} hands the seat of {n} to a bot (normal).", "back": "{n} takes their seat back."},
}


def _shows_event(page: Any, text: str) -> None:
    page.wait_for_function("w => [...document.querySelectorAll('[data-testid=talk-event]')]"
                           ".some((n) => n.textContent === w)", arg=text)


def test_a_clock_that_runs_out_is_handed_to_the_bot_the_other_player_chooses(browser: Any, server: str,
                                                                              artifacts: Any) -> None:
    gid, host, tokens = _table(server, "constantinopolis", {"bank_seconds": 2.0, "increment_seconds": 1.0})
    late = get_json(f"{server}/api/games/{gid}")["to_act"][0]
    other = 1 - late
    mine, theirs = WORDS[LANG[late]], WORDS[LANG[other]]
    with _two(browser, server) as (pages, _):
        for seat, p in enumerate(pages):
            _open(p, gid, seat, tokens[seat], LANG[seat])
        waiting, chooser = pages[late], pages[other]
        assert chooser.locator(f"[data-testid=clock-{late}]").count() == 1  # the clock is on the table
        chooser.wait_for_selector(f"[data-testid=timeout-{late}]", timeout=15_000)
        waiting.wait_for_selector("[data-testid=timeout-yours]")
        assert mine["yours"] in waiting.inner_text("[data-testid=timeout-yours]")
        _shows_event(waiting, mine["timeout"].format(n=NAME[late]))
        _shows_event(chooser, theirs["timeout"].format(n=NAME[late]))
        chooser.screenshot(path=str(artifacts / "talk-timeout-choice.png"), full_page=True)
        version = get_json(f"{server}/api/games/{gid}")["version"]
        chooser.select_option(f"[data-testid=timeout-level-{late}]", "normal")
        chooser.click(f"[data-testid=timeout-bot-{late}]")
        chooser.wait_for_selector(f"[data-testid=timeout-{late}]", state="detached")
        summary = get_json(f"{server}/api/games/{gid}")
        assert (summary["seats"][late]["controller"], summary["seats"][late]["bot_level"]) == ("bot", "normal")
        _shows_event(waiting, mine["bot"].format(by=NAME[other], n=NAME[late]))
        _shows_event(chooser, theirs["bot"].format(by=NAME[other], n=NAME[late]))
        waiting.wait_for_function("v => Number(document.querySelector('[data-testid=board]').dataset.version) > v",
                                  arg=version)  # the bot plays on
        waiting.click(f"[data-testid=take-back-{late}]")  # and the late player takes the seat back
        waiting.wait_for_selector("[data-testid=own-to-bot]")
        assert get_json(f"{server}/api/games/{gid}")["seats"][late]["controller"] == "human"
        _shows_event(chooser, theirs["back"].format(n=NAME[late]))
        waiting.screenshot(path=str(artifacts / "talk-timeout-after.png"), full_page=True)


def test_a_rematch_seats_the_same_players_at_the_same_table(browser: Any, server: str, artifacts: Any) -> None:
    """Alice asks for a rematch when the game is over; Bob, still on the finished game's page, is offered
    to join it without a reload; both then play the new game in the same seats."""
    with _two(browser, server, phone=True) as (pages, _):
        alice, bob = pages
        people = []
        for p, name in zip(pages, NAME, strict=True):  # each browser has its player identity, as after a join
            p.goto("/")
            people.append(post_json(server, "/api/players", {"name": name}))
            p.evaluate("me => localStorage.setItem('mercator.player', JSON.stringify(me))",
                       {"id": people[-1]["player_id"], "name": name, "token": people[-1]["token"]})
        made = post_json(server, "/api/games", {"game": "valencia", "join": 0, "name": "Alice",
                                                "player_token": people[0]["token"],
                                                "seats": [{"kind": "human"}, {"kind": "human"}]})
        gid, host = made["game"]["id"], made["host_token"]
        post_json(server, f"/api/games/{gid}/join", {"seat": 1, "name": "Bob", "player_token": people[1]["token"]})
        for n, p in enumerate(pages):
            p.evaluate("lang => localStorage.setItem('mercator.lang', lang)", ("en", "ru")[n])
            p.goto(f"/play/{gid}?seat={n}")
            p.wait_for_selector("[data-testid=talk]")
        for seat in (0, 1):  # random bots play the game out
            post_json(server, f"/api/games/{gid}/seats/{seat}/bot", {"level": "random"}, host, method="PUT")
        alice.wait_for_selector("[data-testid=rematch]", timeout=60_000)
        bob.wait_for_selector("[data-testid=rematch]")
        assert bob.inner_text("[data-testid=rematch]") == "Реванш"
        alice.click("[data-testid=rematch]")
        # The new seat's link carries its token in the fragment, which the page keeps and drops.
        alice.wait_for_url(lambda url: gid not in url and re.search(r"/play/\w+\?seat=0$", url) is not None)
        new = alice.url.split("/play/")[1].split("?")[0]
        assert new != gid
        alice.wait_for_selector("[data-testid=kept-1]")
        assert alice.inner_text("[data-testid=kept-1]") == "Seat 2: kept for Bob (joined from the last game's page)"
        bob.wait_for_function("() => document.querySelector('[data-testid=rematch]')?.textContent === "
                              "'Присоединиться к реваншу'")  # offered live, on the finished game's page
        bob.screenshot(path=str(artifacts / "talk-rematch-offer-ru-phone.png"), full_page=True)
        bob.click("[data-testid=rematch]")
        bob.wait_for_url(re.compile(rf"/play/{new}\?seat=1$"))
        summary = get_json(f"{server}/api/games/{new}")
        assert summary["status"] == "active" and [s["name"] for s in summary["seats"]] == ["Alice", "Bob"]
        for p in pages:
            p.wait_for_selector("[data-testid=actionbar], [data-testid=status]")
            assert p.locator("[data-testid=invitations]").count() == 0
        alice.screenshot(path=str(artifacts / "talk-rematch-en-phone.png"), full_page=True)
