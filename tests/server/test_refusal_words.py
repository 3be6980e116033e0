"""A refused move reads in the player's language: the engine's refusals (out of turn, not legal now,
the game over, nothing to take back, a move that cannot be taken back) at the engine and as the web
table gets them (400 with ``lang``), with no word that only the English catalogs use."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from mercator.engine.errors import IllegalAction
from mercator.engine.i18n import LANGS, refusal, words
from mercator.engine.state import GameState
from mercator.games import get

from ..tui.terminal import english_left
from .helpers import auth, human_game, pick

CODES = ("not_to_act", "game_over", "not_legal", "nothing_to_undo", "undo_blocked")


def _refused(call: Callable[..., object], *args: int) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        call(*args)
    return caught.value


def _each_refusal() -> dict[str, IllegalAction]:
    """Each refusal a player can meet, provoked in a real two-player Constantinopolis game."""
    state: GameState = get("constantinopolis").new(players=2, seed=3, options={})
    rng = random.Random(3)
    out: dict[str, IllegalAction] = {}
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(state.to_act()) == 1:
            out.setdefault("not_to_act", _refused(state.apply, 1 - seat, legal[0].index))
        taken = {a.index for a in legal}
        other = next(i for i in range(len(state.SPACE)) if i not in taken)
        out.setdefault("not_legal", _refused(state.apply, seat, other))
        if state.history and state.history[-1][0] != seat:
            out.setdefault("nothing_to_undo", _refused(state.undo, seat))
        state.apply(seat, rng.choice(legal))
        if not state.can_undo(seat):  # its own move drew or revealed something
            out.setdefault("undo_blocked", _refused(state.undo, seat))
    out["game_over"] = _refused(state.apply, 0, 0)
    return out


@pytest.fixture(scope="module")
def refusals() -> dict[str, IllegalAction]:
    return _each_refusal()


def test_every_refusal_has_a_code_worded_in_every_language(refusals: dict[str, IllegalAction]) -> None:
    assert sorted(refusals) == sorted(CODES)
    for code, exc in refusals.items():
        assert exc.code == code
        texts = {lang: refusal(exc, lang) for lang in LANGS}
        assert texts["en"] == words()["en"][f"refusal_{code}"] != str(exc)  # for players, not the program's
        assert len(set(texts.values())) == len(LANGS), texts
        for lang in ("de", "ru"):
            assert not english_left(texts[lang], lang), (code, lang, texts[lang])


def test_a_refusal_without_words_keeps_the_engine_message() -> None:
    exc = IllegalAction("record is missing seed")
    assert refusal(exc, "de") == "record is missing seed"


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_the_web_table_gets_refused_moves_in_its_language(client, lang: str) -> None:
    gid, _, tokens = human_game(client, "constantinopolis", 2)
    rng = random.Random(4)
    seen: dict[str, str] = {}
    for _ in range(200):
        summary = client.get(f"/api/games/{gid}").json()
        if summary["status"] == "over" or len(seen) == 2:
            break
        seat = summary["to_act"][0]
        doc = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[seat])).json()
        other = 1 - seat
        if other not in summary["to_act"] and "not_to_act" not in seen:
            r = client.post(f"/api/games/{gid}/actions", params={"lang": lang}, headers=auth(tokens[other]),
                            json={"version": doc["version"], "index": doc["legal"][0]["index"]})
            assert r.status_code == 400 and r.json()["code"] == "not_to_act", r.text
            seen["not_to_act"] = r.json()["detail"]
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"version": doc["version"], "index": pick(rng, doc)["index"]})
        after = r.json()
        if after["version"] and "nothing_to_undo" not in seen:
            r = client.post(f"/api/games/{gid}/undo", params={"lang": lang}, headers=auth(tokens[other]),
                            json={"version": after["version"]})
            if r.status_code == 400 and r.json()["code"] == "nothing_to_undo":
                seen["nothing_to_undo"] = r.json()["detail"]
    assert seen == {code: words()[lang][f"refusal_{code}"] for code in ("not_to_act", "nothing_to_undo")}
    for text in seen.values():
        assert not english_left(text, lang), text
    # Without a language (a program), the engine's own English reason.
    summary = client.get(f"/api/games/{gid}").json()
    seat = summary["to_act"][0]
    doc = client.get(f"/api/games/{gid}/seat", headers=auth(tokens[seat])).json()
    if 1 - seat not in summary["to_act"]:
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[1 - seat]),
                        json={"version": doc["version"], "index": doc["legal"][0]["index"]})
        assert r.status_code == 400 and "may not act" in r.json()["detail"] and r.json()["code"] == "not_to_act"
