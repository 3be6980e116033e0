"""Ratings and history in the browser: two players in two browser contexts finish a rated game;
both see their new ratings on the seats, the leaderboard lists them as the server's ratings say, and
the history lists the game with its results and its replay."""

from __future__ import annotations

import random
from typing import Any

from mercator.engine.record import GameRecord

from .play import ANY_STATE, click_something, get_json, is_over, version, wait_moved

ACTIONS = "[data-testid=action], [data-testid=action-group], [data-testid=toggle-confirm]"


def _player_context(browser: Any, server: str, name: str) -> tuple[Any, Any, str]:
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto("/")
    token = page.evaluate(f"""async () => {{
      const r = await fetch('/api/players', {{method: 'POST', headers: {{'Content-Type': 'application/json'}},
        body: JSON.stringify({{name: '{name}'}})}});
      const me = await r.json();
      localStorage.setItem('mercator.player', JSON.stringify(me));
      localStorage.setItem('mercator.lang', 'en');
      return me.token; }}""")
    return context, page, token


def test_two_players_finish_a_rated_game_and_see_their_ratings(browser: Any, server: str) -> None:
    import json
    import urllib.request

    contexts = []
    try:
        ctx_a, ann, ann_token = _player_context(browser, server, "Ann")
        ctx_b, bob, bob_token = _player_context(browser, server, "Bob")
        contexts += [ctx_a, ctx_b]
        body = {"game": "valencia", "join": 0, "player_token": ann_token, "name": "Ann",
                "seats": [{"kind": "human"}, {"kind": "human"}]}
        request = urllib.request.Request(f"{server}/api/games", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            made = json.loads(response.read())
        gid = made["game"]["id"]
        ann.goto(f"/play/{gid}?seat=0&token={made['seat']['token']}")
        bob.goto(f"/play/{gid}?join=1")  # Bob's stored player joins under his own name
        pages = (ann, bob)
        rng = random.Random(3)
        for _ in range(2000):
            for p in pages:
                p.wait_for_selector(ANY_STATE + ", [data-testid=status]")
            movers = [p for p in pages if p.locator(ACTIONS).count()]
            if not movers:
                if is_over(ann):
                    break
                ann.wait_for_timeout(50)
                continue
            before = version(movers[0])
            click_something(movers[0], rng)
            wait_moved(movers[0], before)
        assert is_over(ann)
        seats = get_json(f"{server}/api/games/{gid}/ratings")["seats"]
        for page in (ann, bob):
            page.wait_for_selector("[data-testid=rating-1]", timeout=10_000)
            for s in (0, 1):
                assert page.inner_text(f"[data-testid=rating-{s}]") == f"{seats[s]['rating']:.1f}"
        ann.goto("/")
        ann.click("[data-testid=leaderboard-link]")
        ann.select_option("[data-testid=lb-game]", "valencia")
        ann.wait_for_selector("[data-testid=lb-row]")
        board = get_json(f"{server}/api/ratings/valencia?players=2")["rows"]
        shown = [r.inner_text().split("\t")[:3] for r in ann.locator("[data-testid=lb-row]").all()]
        assert [[str(r["rank"]), r["name"], f"{r['rating']:.1f}"] for r in board] == shown
        assert {"Ann", "Bob"} <= {r["name"] for r in board}

        # History: Bob's finished games list this one with its results and its replay, filterable by game.
        bob.goto("/")
        bob.click("[data-testid=history-link]")
        bob.wait_for_selector("[data-testid=history-row]")
        mine = get_json(f"{server}/api/players/me/history", token=bob_token)["games"]
        assert mine[0]["game_id"] == gid and mine[0]["mine"] == [1]
        row = bob.locator("[data-testid=history-row]").first
        record = GameRecord.from_json(get_json(f"{server}/api/games/{gid}/record")["record"]).replay()
        for s in (0, 1):
            assert f"{record.ranking()[s]}. {mine[0]['names'][s]} {record.scores()[s]}" in row.inner_text()
        bob.select_option("[data-testid=history-game]", "colonia")
        bob.wait_for_selector("[data-testid=history-empty]")
        bob.select_option("[data-testid=history-game]", "valencia")
        bob.wait_for_selector("[data-testid=history-row]")
        bob.click("[data-testid=history-replay]")
        bob.wait_for_selector("[data-testid=review-start]")
        assert bob.url.endswith(f"/replay/{gid}")
    finally:
        for c in contexts:
            c.close()
