"""The server's own refusals read in the player's language: joining a private table without its
link, a seat just taken, a full table, a non-host closing the chat, a bad token, chatting too fast,
an empty line, a hint out of turn, the rate limit... With ``lang`` (as the web pages send it) the
detail holds no word that only the English catalogs use and its counts agree (CLDR); without it a
program keeps the English detail, and gets the same code either way."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mercator.engine.i18n import LANGS, refusal, words
from mercator.server.errors import Refused

from ..tui.terminal import english_left
from .conftest import make_client
from .helpers import auth, create, human_game

# The English detail a program gets for each refusal (the server's own message, not the player's words).
ENGLISH = {
    "private_table": "this table is private",
    "seat_taken": "of this private table is already taken",
    "no_free_seat": "this game has no free seat",
    "seat_not_free": "seat 0 is not a free human seat",
    "not_host_chat": "only the host may open or close the chat",
    "chat_already_open": "the chat is already open",
    "chat_closed": "the host has closed this table's chat",
    "chat_too_fast": "at most 5 chat lines in 10 s; retry in",
    "text_empty": "say something: the text is empty",
    "player_token": "a valid player token is required",
    "seat_token": "a valid seat token is required",
    "no_game": "no game 'nosuchgame'",
    "not_host_or_owner": "only the host, or the seat's own player, may hand a seat to a bot",
    "rematch_not_over": "a rematch is offered when the game is over",
    "no_seat": "no seat 9",
    "hint_not_your_turn": "not your turn",
    "stale": "stale version",
}


def _refusals(client: Any, lang: str | None) -> dict[str, tuple[int, dict[str, Any]]]:
    """Each refusal above, met as a player of the web app meets it: code -> (status, answer)."""
    q = {"lang": lang} if lang else {}
    out: dict[str, tuple[int, dict[str, Any]]] = {}

    def meet(code: str, r: Any) -> None:
        body = r.json()  # a 422's codes are its errors' types
        assert body.get("code", body.get("errors", [{}])[0].get("type")) == code, (code, r.status_code, r.text)
        out[code] = (r.status_code, r.json())

    private = create(client, "colonia", [{"kind": "human"}] * 3, join=0, private=True)
    pid, invites = private["game"]["id"], private["invites"]
    meet("private_table", client.post(f"/api/games/{pid}/join", params=q, json={"seat": 1}))
    assert client.post(f"/api/games/{pid}/join", json={"invite": invites["2"]}).status_code == 201
    meet("seat_taken", client.post(f"/api/games/{pid}/join", params=q, json={"invite": invites["2"]}))
    open_table = create(client, "colonia", [{"kind": "human"}] * 3, join=0)["game"]["id"]
    meet("seat_not_free", client.post(f"/api/games/{open_table}/join", params=q, json={"seat": 0}))

    gid, host, tokens = human_game(client, "constantinopolis", 2)
    meet("no_free_seat", client.post(f"/api/games/{gid}/join", params=q, json={}))
    meet("not_host_chat", client.put(f"/api/games/{gid}/chat", params=q, headers=auth(tokens[0]),
                                     json={"open": False}))
    meet("chat_already_open", client.put(f"/api/games/{gid}/chat", params=q, headers=auth(host),
                                         json={"open": True}))
    meet("text_empty", client.post(f"/api/games/{gid}/chat", params=q, headers=auth(tokens[0]),
                                   json={"text": "   "}))
    for n in range(5):
        assert client.post(f"/api/games/{gid}/chat", headers=auth(tokens[0]), json={"text": f"{n}"}).status_code == 201
    meet("chat_too_fast", client.post(f"/api/games/{gid}/chat", params=q, headers=auth(tokens[0]),
                                      json={"text": "one more"}))
    assert client.put(f"/api/games/{gid}/chat", headers=auth(host), json={"open": False}).status_code == 200
    meet("chat_closed", client.post(f"/api/games/{gid}/chat", params=q, headers=auth(tokens[1]),
                                    json={"text": "hello"}))
    meet("player_token", client.get("/api/players/me", params=q, headers=auth("x" * 22)))
    meet("seat_token", client.get(f"/api/games/{gid}/seat", params=q, headers=auth("x" * 22)))
    meet("no_game", client.get("/api/games/nosuchgame", params=q))
    meet("not_host_or_owner", client.put(f"/api/games/{gid}/seats/1/bot", params=q, headers=auth(tokens[0]),
                                         json={"level": "easy"}))
    meet("no_seat", client.put(f"/api/games/{gid}/seats/9/bot", params=q, headers=auth(host), json={"level": "easy"}))
    meet("rematch_not_over", client.post(f"/api/games/{gid}/rematch", params=q, headers=auth(tokens[0])))
    summary = client.get(f"/api/games/{gid}").json()
    waiting = 1 - summary["to_act"][0]
    meet("hint_not_your_turn", client.post(f"/web/api/games/{gid}/hint", params=q, headers=auth(tokens[waiting])))
    doc = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[1 - waiting])).json()
    meet("stale", client.post(f"/api/games/{gid}/actions", params=q, headers=auth(tokens[1 - waiting]),
                              json={"version": doc["version"] + 5, "index": doc["legal"][0]["index"]}))
    return out


@pytest.fixture
def web_client(sqlite_url: str) -> Iterator[Any]:
    with make_client(sqlite_url, web=True) as client:
        yield client


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_the_refusals_a_player_meets_read_in_the_page_language(web_client, lang: str) -> None:
    worded = _refusals(web_client, lang)
    english = _refusals(web_client, None)
    assert sorted(worded) == sorted(english) == sorted(ENGLISH)
    for code, (status, body) in worded.items():
        detail = body["detail"]
        assert status == english[code][0], code
        assert "{" not in detail and detail != english[code][1]["detail"], (code, detail)
        assert not english_left(detail, lang), (code, detail, english_left(detail, lang))
        # A program without lang keeps the server's English message (and the same code).
        assert ENGLISH[code] in english[code][1]["detail"], (code, english[code][1]["detail"])
    fixed = [c for c in worded if "{" not in words()[lang][f"refusal_{c}"]]
    assert len(fixed) > 10 and all(worded[c][1]["detail"] == words()[lang][f"refusal_{c}"] for c in fixed)
    assert worded["seat_not_free"][1]["detail"].startswith({"de": "Platz 1 ", "ru": "Место 1 "}[lang])
    counted = {"de": "Höchstens 5 Nachrichten in 10 Sekunden", "ru": "Не больше 5 сообщений за 10 секунд"}
    assert worded["chat_too_fast"][1]["detail"].startswith(counted[lang])


@pytest.mark.parametrize(("n", "ru", "de"), [(1, "через 1 секунду", "in 1 Sekunde"),
                                            (2, "через 2 секунды", "in 2 Sekunden"),
                                            (5, "через 5 секунд", "in 5 Sekunden"),
                                            (21, "через 21 секунду", "in 21 Sekunden")])
def test_the_counts_of_a_refusal_agree_in_every_language(n: int, ru: str, de: str) -> None:
    exc = Refused(f"too many requests from this address; retry in {n} s", "too_many_address", retry_after=n)
    assert ru in refusal(exc, "ru") and de in refusal(exc, "de")
    assert refusal(exc, "en").endswith(f"in {n} second{'s' if n != 1 else ''}.")
    hints = {lang: refusal(Refused("", "hint_limit", n=n, retry_after=1), lang) for lang in LANGS}
    assert f"{n} {'Tipp' if n == 1 else 'Tipps'} pro Minute" in hints["de"]
    assert f"не чаще {n} {'раза' if n % 10 == 1 and n != 11 else 'раз'} в минуту" in hints["ru"]


def test_the_rate_limit_and_a_too_large_body_read_in_the_page_language(sqlite_url: str) -> None:
    with make_client(sqlite_url, rate_per_second=0.01, rate_burst=2.0, max_body_bytes=2000) as client:
        answers = [client.get("/api/catalog", params={"lang": "ru"}) for _ in range(3)]
        limited = answers[-1]
        assert limited.status_code == 429 and limited.json()["code"] == "too_many_address", limited.text
        seconds = limited.json()["retry_after"]
        assert limited.json()["detail"] == refusal(Refused("", "too_many_address", retry_after=seconds), "ru")
        assert "секунд" in limited.json()["detail"] and not english_left(limited.json()["detail"], "ru")
        program = client.get("/api/catalog")
        assert program.status_code == 429 and program.json()["detail"].startswith("too many requests from this")
    with make_client(sqlite_url, max_body_bytes=2000) as client:
        big = client.post("/api/games", params={"lang": "de"}, content=b"x" * 3000,
                          headers={"content-type": "application/json"})
        assert big.status_code == 413 and big.json()["detail"] == "Die Anfrage ist zu groß: höchstens 2000 Byte."
        assert client.post("/api/games", content=b"x" * 3000).json()["detail"] == "request body over 2000 bytes"


def test_a_server_without_bots_says_so_in_the_page_language(sqlite_url: str) -> None:
    """A 503 is a refusal too: a server started without bots gives no hints, worded as the others."""
    with make_client(sqlite_url, bots=False, web=True) as client:
        gid, _, tokens = human_game(client, "constantinopolis", 2)
        seat = client.get(f"/api/games/{gid}").json()["to_act"][0]
        for lang in ("de", "ru", None):
            r = client.post(f"/web/api/games/{gid}/hint", params={"lang": lang} if lang else {},
                            headers=auth(tokens[seat]))
            assert (r.status_code, r.json()["code"]) == (503, "no_bots_hint"), r.text
            detail = r.json()["detail"]
            if lang:
                assert detail == words()[lang]["refusal_no_bots_hint"] and not english_left(detail, lang)
            else:
                assert detail == "this server runs no bots, so it gives no hints"
