"""The server words each legal action in the language a client asks for, over HTTP and the live
channel, from the same catalog the terminal client reads; clients that ask for no language get the
plain actions, and an unknown language is refused."""

from __future__ import annotations

from mercator.engine.i18n import describe

from .helpers import auth, create, human_game


def test_seat_documents_carry_action_texts_and_names_in_the_asked_language(sqlite_client) -> None:
    client = sqlite_client
    gid, _, tokens = human_game(client, "constantinopolis", 2)
    state = client.app.state.service.cache[gid].state
    seat = state.to_act()[0]
    plain = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[seat])).json()
    assert "names" not in plain and all("text" not in item for item in plain["legal"])
    for lang, unnamed in (("en", "Seat 1"), ("de", "Platz 1"), ("ru", "Место 1")):
        doc = client.get(f"/api/games/{gid}/seat?lang={lang}", headers=auth(tokens[seat])).json()
        assert doc["names"][0] == unnamed
        view = state.view(seat)
        assert [item["text"] for item in doc["legal"]] == [
            describe("constantinopolis", view, seat, item["action"], lang, doc["names"]) for item in doc["legal"]]
        assert all(item["text"] and "{" not in item["text"] for item in doc["legal"])
    # The numeric runs (bids, quantities) come with their label.
    bids = [item for item in doc["legal"] if item["action"]["kind"] in state.SPACE.numeric]
    assert all(item["group"] for item in bids)
    r = client.get(f"/api/games/{gid}/seat?lang=fr", headers=auth(tokens[seat]))
    assert r.status_code == 422 and "'en', 'de' or 'ru'" in r.text
    # An action answered in a language: the next document is worded in it too.
    index = doc["legal"][0]["index"]
    after = client.post(f"/api/games/{gid}/actions?lang=de", json={"version": doc["version"], "index": index},
                        headers=auth(tokens[seat])).json()
    assert after["names"][1] == "Platz 2"


def test_live_channel_words_actions_and_names_bots(sqlite_client) -> None:
    client = sqlite_client
    made = create(client, "valencia", [{"kind": "human"}, {"kind": "bot", "level": "easy"}], join=0)
    gid, token = made["game"]["id"], made["seat"]["token"]
    with client.websocket_connect(f"/api/games/{gid}/live?token={token}&lang=ru") as ws:
        doc = ws.receive_json()
    assert doc["names"] == ["Место 1", "бот 2 (лёгкий)"]
    assert doc["legal"] and all(item["text"] and "{" not in item["text"] for item in doc["legal"])
    with client.websocket_connect(f"/api/games/{gid}/live?lang=de") as spectator:
        assert spectator.receive_json()["names"] == ["Platz 1", "Bot 2 (leicht)"]
