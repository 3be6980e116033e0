"""Two people in two browser contexts play one online game: one creates it and sends the
invitation link, the other joins; each sees the other's moves without reloading and never
sees the other's secret contracts."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

import pytest

from .play import ANY_STATE, click_something, game_id, get_json, player_token, post_json, version, wait_moved

MOVES = 40
ACTIONS = "[data-testid=action], [data-testid=action-group]"


def _hand(server: str, gid: str, token: str, seat: int) -> list[str]:
    doc = get_json(f"{server}/api/games/{gid}/seat?seat={seat}", token)
    return list(doc["view"]["players"][seat].get("hand", []))


def _page_text(page: Any) -> str:
    return str(page.evaluate("document.body.innerHTML"))


def test_two_players_see_each_other_live_and_never_the_others_secrets(browser: Any, server: str,
                                                                       artifacts: Any) -> None:
    contexts = [browser.new_context(base_url=server, viewport={"width": 1200, "height": 900}) for _ in range(2)]
    errors: list[str] = []
    try:
        alice, bob = (c.new_page() for c in contexts)
        for p in (alice, bob):
            p.on("pageerror", lambda exc: errors.append(str(exc)))
            p.on("dialog", lambda dialog: errors.append(f"a browser dialog: {dialog.message}"))
        alice.goto("/")
        alice.fill("[data-testid=name]", "Alice")
        alice.select_option("[data-testid=players]", "2")
        alice.select_option("[data-testid=seat-1]", "human")
        alice.click("[data-testid=create]")
        invite = alice.inner_text("[data-testid=invite-1]")
        assert re.search(r"/play/\w+\?join=1$", invite)
        alice.click("[data-testid=open-board]")
        alice.wait_for_selector("[data-testid=invitations]")  # the board waits for the second player

        bob.goto(invite)  # a newcomer: the page asks his name in a form of its own, not a browser prompt
        bob.fill("[data-testid=join-name]", "Bob")
        bob.click("[data-testid=join-confirm]")
        bob.wait_for_selector("[data-testid=offices]")
        assert "Bob" in alice.evaluate("fetch(location.pathname.replace('/play/', '/api/games/'))"
                                       ".then((r) => r.json()).then((g) => g.seats.map((s) => s.name).join())")
        gid = game_id(bob)
        assert game_id(alice) == gid
        # Alice's page turns from 'waiting for players' into the game without a reload
        alice.evaluate("window.__sameDocument = true")
        bob.evaluate("window.__sameDocument = true")
        alice.wait_for_selector("[data-testid=offices]")
        alice.wait_for_function("() => !document.querySelector('[data-testid=invitations]')")

        pages = {0: alice, 1: bob}
        tokens = {s: player_token(p) for s, p in pages.items()}
        rng = random.Random(3)
        seen_hands = 0
        moves = 0
        while moves < MOVES:
            for p in pages.values():
                p.wait_for_selector(ANY_STATE + ", [data-testid=status]")
            movers = [s for s, p in pages.items() if p.locator(ACTIONS).count()]
            if not movers:
                if alice.locator("[data-testid=final-scores]").count():
                    break
                alice.wait_for_timeout(100)
                continue
            seat = movers[0]
            mover, other = pages[seat], pages[1 - seat]
            before = max(version(mover), version(other))
            click_something(mover, rng)
            moves += 1
            wait_moved(mover, before)
            wait_moved(other, before)  # the other player sees the move over the socket
            for s, p in pages.items():
                secret = _hand(server, gid, tokens[1 - s], 1 - s)
                text = _page_text(p)
                leaked = [c for c in secret if re.search(rf"\b{c}\b", text)]
                assert not leaked, f"seat {s} sees seat {1 - s}'s contracts {leaked}"
                seen_hands += len(secret)
        assert moves == MOVES or alice.locator("[data-testid=final-scores]").count()
        assert seen_hands > 0, "no secret contracts were held during the test, so nothing was checked"
        if not alice.locator("[data-testid=final-scores]").count():
            # the host lets a bot play Bob's seat; Bob sees it and takes his seat back
            alice.click("[data-testid=hand-to-bot-1]")
            bob.wait_for_function("() => /bot \\(easy\\)/.test(document.querySelector('[data-testid=seats]').innerText)"
                                  " && !document.querySelector('[data-testid=actionbar]')")
            bob.click("[data-testid=take-back-1]")
            bob.wait_for_function("() => !/\\(easy\\)/.test(document.querySelector('[data-testid=seats]').innerText)")
        for p in pages.values():
            assert p.evaluate("window.__sameDocument === true")  # never reloaded
        alice.screenshot(path=str(artifacts / "constantinopolis-online-alice.png"), full_page=True)
        bob.screenshot(path=str(artifacts / "constantinopolis-online-bob.png"), full_page=True)
    finally:
        for c in contexts:
            c.close()
    assert not errors, errors


@pytest.mark.parametrize("lang,word", [("de", "Neues Spiel"), ("ru", "Новая игра")])
def test_start_page_speaks_the_chosen_language(page: Any, lang: str, word: str) -> None:
    page.goto("/")
    page.wait_for_selector("[data-testid=create]")
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_function("w => document.body.innerText.includes(w)", arg=word)
    assert page.evaluate("document.documentElement.lang") == lang


def test_my_games_follow_the_turn_live_and_notify(browser: Any, server: str) -> None:
    """The lobby of a player with notifications allowed: when the other player's move makes it
    their turn, "My games" shows it without a reload, the tab's title counts it and one
    notification is raised (none at the first look)."""
    from .test_web_board_details import RECORD_NOTIFICATIONS

    def post(path: str, body: dict[str, Any], token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
        request = urllib.request.Request(f"{server}{path}", data=json.dumps(body).encode(), headers=headers,
                                         method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    alice = post("/api/players", {"name": "Alice"})
    made = post("/api/games", {"game": "constantinopolis", "join": 0, "name": "Alice", "player_token": alice["token"],
                               "seats": [{"kind": "human"}, {"kind": "human"}]})
    gid, alice_seat = made["game"]["id"], made["seat"]["token"]
    bob = post(f"/api/games/{gid}/join", {"seat": 1, "name": "Bob"})["token"]

    def move(token: str) -> None:
        doc = get_json(f"{server}/api/games/{gid}/seat", token)
        post(f"/api/games/{gid}/actions", {"version": doc["version"], "index": doc["legal"][0]["index"]}, token)

    def turn() -> list[int]:
        return list(get_json(f"{server}/api/games/{gid}")["to_act"])

    while 0 in turn():  # the lobby opens while Bob is to move
        move(alice_seat)
    context = browser.new_context(base_url=server, permissions=["notifications"])
    context.add_init_script(RECORD_NOTIFICATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto("/")
        page.evaluate("player => localStorage.setItem('mercator.player', JSON.stringify(player))",
                      {"id": alice["player_id"], "name": "Alice", "token": alice["token"]})
        page.goto("/")
        page.wait_for_selector("[data-testid=my-game]")
        assert not page.locator("[data-testid=my-game] .badge.turn").count()
        while 1 in turn():
            move(bob)
        page.wait_for_selector("[data-testid=my-game] .badge.turn", timeout=15000)
        page.wait_for_function("() => document.title.startsWith('● (1)')")
        notes = page.evaluate("window.__notes")
        assert len(notes) == 1 and notes[0][0] == "Your turn" and gid[:8] in notes[0][1], notes
    finally:
        context.close()
    assert not errors, errors


def test_a_private_table_is_joined_only_through_its_link(browser: Any, server: str) -> None:
    """Created private on the start page: strangers' lobbies do not list it, a guessed seat link is
    refused with the reason, and the host's invitation link seats a newcomer."""
    contexts = [browser.new_context(base_url=server) for _ in range(3)]
    errors: list[str] = []
    try:
        host, guest, stranger = (c.new_page() for c in contexts)
        for p in (host, guest, stranger):
            p.on("pageerror", lambda exc: errors.append(str(exc)))
        host.goto("/")
        host.fill("[data-testid=name]", "Hana")
        host.select_option("[data-testid=players]", "2")
        host.select_option("[data-testid=seat-1]", "human")
        host.check("[data-testid=private]")
        host.click("[data-testid=create]")
        invite = host.inner_text("[data-testid=invite-1]")
        assert re.search(r"/play/\w+\?join=1&invite=[\w-]+$", invite), invite
        gid = invite.split("/play/")[1].split("?")[0]
        stranger.goto("/")
        stranger.wait_for_selector("[data-testid=open-games]")
        stranger.wait_for_timeout(500)
        assert gid not in stranger.inner_html("[data-testid=open-games]")
        stranger.goto(invite.split("&invite=")[0])  # the seat link without its code
        stranger.fill("[data-testid=join-name]", "Sam")
        stranger.click("[data-testid=join-confirm]")
        stranger.wait_for_selector("[data-testid=error]")
        assert "invitation link" in stranger.inner_text("[data-testid=error]")
        assert stranger.locator("[data-testid=private-note]").count() == 1
        guest.goto(invite)
        guest.fill("[data-testid=join-name]", "Gus")
        guest.click("[data-testid=join-confirm]")
        guest.wait_for_selector("[data-testid=offices]")
        names = [s["name"] for s in get_json(f"{server}/api/games/{gid}")["seats"]]
        assert names == ["Hana", "Gus"], names
    finally:
        for c in contexts:
            c.close()
    assert not errors, errors


def test_a_player_hands_their_own_seat_to_a_bot_and_takes_it_back(page: Any, server: str) -> None:
    from .play import create_game, open_table

    gid, token = create_game(server, "valencia", 2, seed=5)
    open_table(page, gid, token)
    page.wait_for_selector("[data-testid=own-to-bot]")
    page.select_option("[data-testid=own-bot-level]", "normal")
    # The table moves on while the player decides (here a line of talk): the page draws anew and
    # must keep the level they chose.
    post_json(server, f"/api/games/{gid}/chat?seat=0", {"text": "back soon"}, token)
    page.wait_for_selector("text=back soon")
    assert page.input_value("[data-testid=own-bot-level]") == "normal"
    page.click("[data-testid=own-to-bot]")
    page.wait_for_function("() => /normal/.test(document.querySelector('[data-testid=seats]').innerText)"
                           " && !document.querySelector('[data-testid=actionbar]')")
    summary = get_json(f"{server}/api/games/{gid}")
    assert summary["seats"][0]["controller"] == "bot" and summary["seats"][0]["bot_level"] == "normal"
    before = summary["version"]
    page.wait_for_function("v => Number(document.querySelector('[data-testid=board]').dataset.version) > v",
                           arg=before + 1, timeout=30_000)  # the bot plays the seat meanwhile
    page.click("[data-testid=take-back-0]")
    page.wait_for_selector("[data-testid=actionbar], [data-testid=final-scores]", timeout=30_000)
    assert get_json(f"{server}/api/games/{gid}")["seats"][0]["controller"] == "human"
