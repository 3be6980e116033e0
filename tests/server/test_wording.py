"""The server words each legal action in the language a client asks for, over HTTP and the live
channel, from the same catalog the terminal client reads; clients that ask for no language get the
plain actions, and an unknown language is refused."""

from __future__ import annotations

import re
from pathlib import Path

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


def _sources() -> str:
    """The code that asks for interface words: the web pages' modules, the server and the terminal."""
    import mercator

    root = Path(mercator.__file__).parent
    files = [p for folder in ("web", "server", "tui", "engine") for p in (root / folder).rglob("*")
             if p.suffix in (".py", ".js") and "vendor" not in p.parts]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_no_interface_word_is_missing_or_unused() -> None:
    """web/ui.toml and engine/words.toml: the same keys in every language, and each key asked for by
    some code, literally ("rename") or by a prefix it completes (`phase_${n}`, f"game_{name}")."""
    from mercator.engine.i18n import LANGS, words
    from mercator.web.rules import ui_text

    for table in (ui_text(), words()):
        assert all(set(table[lang]) == set(table["en"]) for lang in LANGS)
    code = _sources()
    prefixes = set(re.findall(r"[`\"']([a-z_]*_)\$\{", code)) | set(re.findall(r"f[\"']([a-z_]*_)\{", code))
    prefixes |= set(re.findall(r"[\"']([a-z_]+_)[\"'] *\+", code))
    prefixes |= {p + "_" for p in re.findall(r"label\(\"(\w+)\"", code)}
    literal = set(re.findall(r"[\"'`](\w+)[\"'`]", code))
    for table in (ui_text(), words()):
        unused = [k for k in table["en"] if k not in literal and not any(k.startswith(p) for p in prefixes)]
        assert not unused, unused
