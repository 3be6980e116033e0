"""Identity: the name and token stay the only login; a player copies a personal sign-in link to play
on another device as themselves, and renames. The token rides in the link's fragment, so no request
(and no server log) carries it."""

from __future__ import annotations

from typing import Any


def test_a_sign_in_link_moves_the_player_to_another_device_and_a_rename_follows(browser: Any, server: str) -> None:
    phone = browser.new_context(base_url=server)
    laptop = browser.new_context(base_url=server)
    requested: list[str] = []
    try:
        a = phone.new_page()
        a.goto("/")
        a.evaluate("localStorage.setItem('mercator.lang', 'en')")
        me = a.evaluate("""async () => {
          const r = await fetch('/api/players', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({name: 'Ann'})});
          const out = await r.json();
          const stored = {id: out.player_id, name: out.name, token: out.token};
          localStorage.setItem('mercator.player', JSON.stringify(stored));
          return out; }""")
        a.reload()
        a.wait_for_selector("[data-testid=identity]")
        assert "Ann" in a.inner_text("[data-testid=identity]")
        a.click("[data-testid=signin-link]")
        link = a.input_value("[data-testid=signin-url]")
        assert link.endswith(f"/signin#t={me['token']}")

        b = laptop.new_page()
        b.on("request", lambda r: requested.append(r.url))
        b.goto(link)
        b.wait_for_selector("[data-testid=signed-in]")
        assert "Ann" in b.inner_text("[data-testid=signed-in]") and not b.url.endswith(me["token"])
        assert b.evaluate("JSON.parse(localStorage.getItem('mercator.player')).token") == me["token"]
        assert not any(me["token"] in url for url in requested)  # the fragment never left the browser

        b.click("[data-testid=signin-home]")
        b.wait_for_selector("[data-testid=identity]")
        b.click("[data-testid=rename]")
        b.fill("[data-testid=rename-input]", "Anna K.")
        b.click("[data-testid=rename-save]")
        b.wait_for_function("() => /Anna K\\./.test(document.querySelector('[data-testid=identity]').innerText)")
        a.reload()  # the first device sees the new name too
        a.wait_for_function("() => /Anna K\\./.test(document.querySelector('[data-testid=identity]')?.innerText)")
    finally:
        phone.close()
        laptop.close()


def test_a_seat_link_opens_the_seat_without_the_token_reaching_the_server(browser: Any, server: str) -> None:
    import json
    import urllib.request

    body = {"game": "valencia", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": 0}
    request = urllib.request.Request(f"{server}/api/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        seat = json.loads(response.read())["seat"]
    assert seat["url"].endswith(f"#token={seat['token']}") and "?token=" not in seat["url"]
    context = browser.new_context(base_url=server)
    requested: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda r: requested.append(r.url))
        page.goto(seat["url"])
        page.wait_for_selector("[data-testid=actionbar]")  # the seat's own actions: the token worked
        assert "#" not in page.url  # dropped from the address bar
        page.reload()  # and kept for this game
        page.wait_for_selector("[data-testid=actionbar]")
        assert not any(seat["token"] in url for url in requested)
    finally:
        context.close()
