"""The Colonia message catalog: every event the rules emit reads as a full sentence in English,
German and Russian, with every placeholder filled."""

from __future__ import annotations

from typing import Any

import pytest

from mercator.engine import testkit
from mercator.engine.i18n import LANGS, catalog, render
from mercator.games import get
from mercator.games.colonia.data import CRAFTSMEN, CURRENCIES, GOODS, RAWS
from mercator.games.colonia.flow import PHASES, STREET_NAMES
from mercator.games.colonia.space import CARD_IDS, SHIP_IDS, C

GAME = "colonia"
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva", "Fjodor"]
# Kinds a "busy" player prefers, so that games reach loading, payouts, shrines and reservations.
FAVOURITES = ("fill_shrine", "load", "buy", "commission", "buy_stall", "reserve", "vote", "play_card")


def _collect() -> list[dict[str, Any]]:
    info = get(GAME)
    busy = testkit.preferring(FAVOURITES, 0.95)  # rarely passes
    return testkit.collect_events(info, ((players, {"free_start_good": bool(n), "weeks": 6}, 100 * players + n, make)
                                         for players in info.player_counts
                                         for n, make in enumerate((testkit.uniform, busy))))


@pytest.fixture(scope="module")
def events() -> list[dict[str, Any]]:
    return _collect()


def _emitted_types() -> set[str]:
    return testkit.emitted_event_types(GAME)


def test_catalog_has_every_language_and_table() -> None:
    cat = catalog(GAME)
    for lang in LANGS:
        assert lang in cat, f"messages.toml has no [{lang}] tables"
        for table in ("events", "goods", "raws", "craftsman", "currency", "phases", "streets", "choices", "words",
                      "decrees", "cards", "relics", "ships", "week_cards"):
            assert table in cat[lang], f"messages.toml has no [{lang}.{table}] table"


def test_named_values_are_complete() -> None:
    cat = catalog(GAME)
    for lang in LANGS:
        t = cat[lang]
        assert set(t["goods"]) == set(GOODS) | set(RAWS), lang
        assert set(t["raws"]) == set(RAWS) and set(t["craftsman"]) == set(CRAFTSMEN), lang
        assert set(t["currency"]) == set(CURRENCIES) and set(t["phases"]) == set(PHASES), lang
        assert set(t["streets"]) == set(STREET_NAMES), lang
        assert set(t["decrees"]) == {d.id for d in C.decrees}, lang
        assert set(t["cards"]) == set(CARD_IDS) == set(t["relics"]), lang
        assert set(t["ships"]) == set(SHIP_IDS) and set(t["week_cards"]) == {w.id for w in C.weeks}, lang
        assert {"true", "false", "nothing"} <= set(t["words"]), lang


def test_every_event_type_in_the_source_has_a_template() -> None:
    types = _emitted_types()
    assert len(types) > 35
    assert not testkit.missing_templates(GAME, types)


def test_played_games_reach_every_event_type(events: list[dict[str, Any]]) -> None:
    unseen = _emitted_types() - {e["type"] for e in events}
    assert len(unseen) <= 3, f"the sample games miss event types {sorted(unseen)}"


def test_rendering_fills_every_placeholder(events: list[dict[str, Any]]) -> None:
    assert not testkit.render_problems(GAME, events, NAMES)


def test_templates_use_only_the_event_fields(events: list[dict[str, Any]]) -> None:
    assert not testkit.template_field_problems(GAME, events)


def test_languages_differ(events: list[dict[str, Any]]) -> None:
    assert not testkit.same_text_problems(GAME, events, NAMES)


def test_sample_sentences() -> None:
    bought = {"type": "relic_bought", "seat": 0, "card": "relic_lon_08", "price": 12, "currency": "pfund"}
    assert render(GAME, bought, "en", NAMES) == "Anna buys Mitre of St Thomas for 12 pounds"
    assert render(GAME, bought, "de", NAMES) == "Anna kauft Reliquie London 8 für 12 Pfund"
    assert render(GAME, bought, "ru", NAMES) == "Anna покупает «реликвия Лондона 8» за 12 фунтов"
    order = {"type": "turn_order", "order": [2, 0, 1], "seat": 2}
    assert render(GAME, order, "de", NAMES) == "Spielerreihenfolge: Clara, Anna, Boris; Bürgermeister: Clara"


@pytest.mark.parametrize(("n", "de", "ru"), [
    (1, "1 Familienmitglied", "1 члена семьи"), (2, "2 Familienmitgliedern", "2 члена семьи"),
    (3, "3 Familienmitgliedern", "3 члена семьи"), (5, "5 Familienmitgliedern", "5 членов семьи")])
def test_numbers_agree_with_their_words(n: int, de: str, ru: str) -> None:
    stall = {"type": "stall_bought", "seat": 0, "stall": 2, "raws": {"wood": n, "fur": 1}, "members": n}
    wood = {1: "1 дерево", 2: "2 дерева", 3: "3 дерева", 5: "5 дерева"}[n]
    assert render(GAME, stall, "ru", NAMES) == f"Anna покупает прилавок 2 ({wood}, 1 мех) за {ru}"
    assert render(GAME, stall, "de", NAMES) == f"Anna kauft Marktstand 2 ({n} Holz, 1 Fell) mit {de}"
    hold = {"type": "hold_loaded", "seat": 1, "ship": "ship_lon_1", "hold": 1, "goods": {"saddle": n, "shoes": n},
            "fee": n, "currency": "grivna"}
    saddles = {1: "1 седло", 2: "2 седла", 3: "3 седла", 5: "5 сёдел"}[n]
    shoes = {1: "1 пара обуви", 2: "2 пары обуви", 3: "3 пары обуви", 5: "5 пар обуви"}[n]
    grivnas = {1: "1 гривна", 2: "2 гривны", 3: "3 гривны", 5: "5 гривен"}[n]
    assert render(GAME, hold, "ru", NAMES) == (
        f"Boris загружает трюм 1 корабля «Лондон 1»: {saddles}, {shoes} (сбор — {grivnas})")
    de_saddles = "1 Sattel" if n == 1 else f"{n} Sättel"
    assert render(GAME, hold, "de", NAMES) == (
        f"Boris belädt Laderaum 1 von Schiff London 1 mit {de_saddles}, {n} Paar Schuhe (Gebühr: {n} Griwna)")
    en_saddles = "1 saddle, 1 pair of shoes" if n == 1 else f"{n} saddles, {n} pairs of shoes"
    assert render(GAME, hold, "en", NAMES).endswith(f"with {en_saddles} (fee: {n} {'grivna' if n == 1 else 'grivnas'})")
    votes = {"type": "voted", "seat": 0, "decree": "dcr_overtime", "yes": True, "votes": n}
    ru_votes = {1: "1 голос", 2: "2 голоса", 3: "3 голоса", 5: "5 голосов"}[n]
    assert render(GAME, votes, "ru", NAMES) == f"Anna голосует по указу «Сверхурочные»: да ({ru_votes})"
    de_votes = f"{n} {'Stimme' if n == 1 else 'Stimmen'}"
    assert render(GAME, votes, "de", NAMES) == f"Anna stimmt über „Überstunden“ ab: ja ({de_votes})"
