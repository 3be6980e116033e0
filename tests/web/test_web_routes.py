"""The web layer without a browser: interface text in every language, assets served locally,
page and helper routes, and the per-seat log that hides other seats' secrets."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from mercator.engine.i18n import LANGS, words
from mercator.games import get
from mercator.web.events import HIDDEN, LogCache, Logged, lines, visible
from mercator.web.rules import ui_text

STATIC = Path(__file__).resolve().parents[2] / "src" / "mercator" / "web" / "static"


def _request(url: str, method: str = "GET", body: Any = None, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            raw = response.read()
            kind = response.headers.get("content-type", "")
            return response.status, json.loads(raw) if "json" in kind else raw.decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_every_interface_key_the_pages_use_exists_in_every_language() -> None:
    assert set(ui_text()["en"]) == set(ui_text()["de"]) == set(ui_text()["ru"])
    text = {lang: {**words()[lang], **ui_text()[lang]} for lang in LANGS}  # what /web/api/i18n sends
    used: set[str] = set()
    for path in STATIC.rglob("*.js"):
        source = path.read_text()
        used |= set(re.findall(r"\bt\(\s*\"(\w+)\"", source))
    # keys built from a prefix and a value, e.g. t(`phase_${n}`), are checked value by value below
    assert used, "no interface keys found in the scripts"
    missing = {lang: sorted(used - set(text[lang])) for lang in LANGS}
    assert not any(missing.values()), missing
    for lang in LANGS:
        for prefix, values in {"cat_": range(5), "phase_": range(1, 9), "voyage_": range(3),
                               "kind_": ("human", "easy", "normal", "hard"),
                               "status_": ("open", "active", "over")}.items():
            for value in values:
                assert f"{prefix}{value}" in text[lang], (lang, prefix, value)


def test_every_decision_of_constantinopolis_has_words() -> None:
    from mercator.games.constantinopolis.frames import NAMES

    text = ui_text()
    fields = ("challenger", "holder", "office", "bid", "leader", "seat", "source", "consul", "buyer", "building",
              "redemptor", "size", "contracts", "load", "goods", "picked", "target", "give", "get", "stage",
              "choice", "waiting", "committed", "my_choice")
    for lang in LANGS:
        for name in NAMES:
            assert "dec_" + re.sub(r"[^a-z0-9]+", "_", name.lower()) in text[lang], (lang, name)
        for field in fields:
            assert f"f_{field}" in text[lang], (lang, field)


def test_every_decision_phase_and_edition_of_colonia_and_valencia_has_words() -> None:
    from mercator.games.colonia.flow import DECISION_NAMES
    from mercator.games.valencia.frames import NAMES, PHASES

    text = ui_text()
    wanted = [f"dec_{n}" for n in DECISION_NAMES if n != "none"]
    wanted += ["dec_" + re.sub(r"[^a-z0-9]+", "_", n) for n in NAMES.values()]
    wanted += [f"vphase_{p}" for p in PHASES] + [f"vstate_{s}" for s in ("face_down", "revealed", "used")]
    wanted += [f"optval_{e}" for e in get("valencia").options["edition"]]
    wanted += [f"day_{d}" for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")]
    for lang in LANGS:
        missing = [k for k in wanted if k not in text[lang]]
        assert not missing, (lang, missing)


def test_assets_load_nothing_from_outside() -> None:
    """No address outside the server in any asset; XML namespace names and comments are not loads."""
    for path in STATIC.rglob("*"):
        if path.is_file():
            body = re.sub(r'"http://www\.w3\.org/[^"]*"', "", path.read_text())
            if path.suffix in (".js", ".css"):
                body = re.sub(r"/\*.*?\*/|^\s*//.*$", "", body, flags=re.DOTALL | re.MULTILINE)
            assert not re.search(r"https?://", body), path


def test_log_hides_fields_that_show_another_seats_secret() -> None:
    item = Logged(3, {"type": "contracts_swapped", "seat": 1, "contracts": ["c001", "c002"]},
                  {"contracts": frozenset({1})})
    assert visible(item, 1)["contracts"] == ["c001", "c002"]
    assert visible(item, 0)["contracts"] == HIDDEN
    assert visible(item, None)["contracts"] == HIDDEN
    assert visible(item, 0)["seat"] == 1


def test_log_follows_the_history_and_undo() -> None:
    state = get("constantinopolis").new(2, seed=5)
    cache = LogCache()
    for _ in range(6):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    first = lines("constantinopolis", cache.log("g", state), 0, "en", ["A", "B"])
    assert first and all(line["n"] <= 6 for line in first)
    seat = state.to_act()[0]
    if state.can_undo(seat):
        state = state.undo(seat)
    again = lines("constantinopolis", cache.log("g", state), 0, "de", ["A", "B"])
    assert [line["n"] for line in again] == [line["n"] for line in first if line["n"] <= len(state.history)]


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_per_game_and_language(server: str, lang: str) -> None:
    status, body = _request(f"{server}/rules/constantinopolis/{lang}")
    assert status == 200 and f'<html lang="{lang}">' in body
    assert _request(f"{server}/rules/nope/{lang}")[0] == 404


def test_pages_and_helper_routes(server: str) -> None:
    for path in ("/", "/play/abc", "/replay/abc", "/static/css/app.css", "/static/js/game.js"):
        assert _request(server + path)[0] == 200, path
    status, catalog = _request(f"{server}/web/api/catalog?lang=de")
    assert status == 200 and {g["name"] for g in catalog} >= {"constantinopolis"}
    status, text = _request(f"{server}/web/api/i18n/ru?game=constantinopolis")
    assert status == 200 and text["lang"] == "ru" and text["names"]["goods"]
    status, content = _request(f"{server}/web/api/content/constantinopolis")
    assert status == 200 and "c001" in content["contracts"]
    # The how-to pages' sample position: seat 1's view, the same for every request.
    status, sample = _request(f"{server}/web/api/sample/colonia?lang=de")
    assert status == 200 and sample["seat"] == 0 and sample["view"]["week"] >= 2
    assert sample == _request(f"{server}/web/api/sample/colonia?lang=de")[1]
    status, refused = _request(f"{server}/web/api/sample/chess")
    assert status == 400 and "constantinopolis" in refused, refused


def test_hint_needs_the_seat_and_the_turn(server: str) -> None:
    _, created = _request(f"{server}/api/games", "POST", {
        "game": "constantinopolis", "seats": [{"kind": "human"}, {"kind": "human"}], "join": 0})
    gid, token = created["game"]["id"], created["seat"]["token"]
    assert _request(f"{server}/web/api/games/{gid}/hint", "POST")[0] == 403
    _, joined = _request(f"{server}/api/games/{gid}/join", "POST", {"seat": 1})
    _, doc = _request(f"{server}/api/games/{gid}/seat", token=token)
    mover = token if doc["my_turn"] else joined["token"]
    status, hint = _request(f"{server}/web/api/games/{gid}/hint", "POST", token=mover)
    assert status == 200
    _, mine = _request(f"{server}/api/games/{gid}/seat", token=mover)
    legal = {a["index"] for a in mine["legal"]}
    assert hint["index"] in legal
    # The top moves, best first: the choice itself, then the others by their share of the search.
    top = hint["top"]
    assert 1 <= len(top) <= min(3, len(legal)) and top[0]["index"] == hint["index"]
    assert {m["index"] for m in top} <= legal and len({m["index"] for m in top}) == len(top)
    assert [m["share"] for m in top] == sorted((m["share"] for m in top), reverse=True)
    assert sum(m["share"] for m in top) <= 1.0 + 1e-6 and all(isinstance(m["lead"], float) for m in top)
    waiting = joined["token"] if mover == token else token
    assert _request(f"{server}/web/api/games/{gid}/hint", "POST", token=waiting)[0] == 409


def test_a_table_without_spectators_gives_its_log_only_to_its_seats(server: str) -> None:
    status, made = _request(f"{server}/api/games", "POST", {
        "game": "valencia", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": 0,
        "spectators": False})
    assert status == 201
    gid, token = made["game"]["id"], made["seat"]["token"]
    status, refused = _request(f"{server}/web/api/games/{gid}/log")
    assert status == 403 and "spectators" in refused
    assert _request(f"{server}/web/api/games/{gid}/log", token=token)[0] == 200


def test_a_stranger_at_a_table_without_spectators_is_told_so(browser: Any, server: str) -> None:
    """(Its own context: the refused request is a console error on purpose, which the page fixture forbids.)"""
    status, made = _request(f"{server}/api/games", "POST", {
        "game": "valencia", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": 0,
        "spectators": False})
    context = browser.new_context(base_url=server)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/")
        page.evaluate("localStorage.setItem('mercator.lang', 'de')")
        page.goto(f"/play/{made['game']['id']}")
        page.wait_for_selector("[data-testid=no-spectators]")
        assert "keine Zuschauer" in page.inner_text("[data-testid=no-spectators]") and not errors
    finally:
        context.close()
