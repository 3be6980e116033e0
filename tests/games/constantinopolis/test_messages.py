"""The Constantinopolis message catalog: every event the rules emit reads as a full sentence in
English, German and Russian, with every placeholder filled."""

from __future__ import annotations

from typing import Any

import pytest

from mercator.engine import testkit
from mercator.engine.i18n import LANGS, catalog, render
from mercator.games import get
from mercator.games.constantinopolis.data import GOODS, OFFICES, SIZES

GAME = "constantinopolis"
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva"]
# Actions a "builder" player avoids, so that the game reaches buildings, walls and voyages.
DULL = frozenset({"office_challenge", "bid_raise", "market_buy", "trade_offer", "swap_pick", "reserve_contract"})
FAVOURITES = ("buy_building", "preempt", "dispatch_ship", "load_contract", "use_commercial", "use_porta_pegae",
              "donate")


def _collect() -> list[dict[str, Any]]:
    builder = testkit.preferring(FAVOURITES, 0.9, lambda rng: testkit.by_kind(rng, DULL))  # reaches fame and walls
    makers = (testkit.uniform, lambda rng: testkit.by_kind(rng, frozenset({"end_turn"}), 0.7), builder)
    info = get(GAME)
    return testkit.collect_events(info, (
        (players, {"free_trade": free_trade}, 100 * players + 10 * n + free_trade, make)
        for players in info.player_counts for free_trade in (False, True) for n, make in enumerate(makers)))


@pytest.fixture(scope="module")
def events() -> list[dict[str, Any]]:
    return _collect()


def _emitted_types() -> set[str]:
    return testkit.emitted_event_types(GAME)


def test_catalog_has_every_language() -> None:
    cat = catalog(GAME)
    for lang in LANGS:
        assert lang in cat, f"messages.toml has no [{lang}] tables"
        for table in ("events", "goods", "offices", "sizes", "sources", "words"):
            assert table in cat[lang], f"messages.toml has no [{lang}.{table}] table"


def test_named_values_are_complete() -> None:
    cat = catalog(GAME)
    for lang in LANGS:
        t = cat[lang]
        assert set(t["goods"]) == set(GOODS), lang
        assert set(t["offices"]) == set(OFFICES), lang
        assert set(t["sizes"]) == set(SIZES), lang
        assert {"pretorio", "charisiana"} <= set(t["sources"]), lang
        assert {"true", "false", "nothing"} <= set(t["words"]), lang


def test_every_event_type_in_the_source_has_a_template() -> None:
    types = _emitted_types()
    assert len(types) > 30
    assert not testkit.missing_templates(GAME, types)


def test_played_games_reach_every_event_type(events: list[dict[str, Any]]) -> None:
    # The static check above covers every type; this one keeps the rendering checks below meaningful.
    unseen = _emitted_types() - {e["type"] for e in events}
    assert len(unseen) <= 2, f"the sample games miss event types {sorted(unseen)}"


def test_every_played_event_has_a_template(events: list[dict[str, Any]]) -> None:
    cat = catalog(GAME)
    for lang in LANGS:
        missing = sorted({e["type"] for e in events} - set(cat[lang]["events"]))
        assert not missing, f"[{lang}.events] lacks templates for {missing}"


def test_rendering_fills_every_placeholder(events: list[dict[str, Any]]) -> None:
    assert not testkit.render_problems(GAME, events, NAMES)


def test_templates_use_only_the_event_fields(events: list[dict[str, Any]]) -> None:
    assert not testkit.template_field_problems(GAME, events)


def test_languages_differ(events: list[dict[str, Any]]) -> None:
    assert not testkit.same_text_problems(GAME, events, NAMES)


def test_players_are_named(events: list[dict[str, Any]]) -> None:
    event = next(e for e in events if e["type"] == "office_won")
    for lang in LANGS:
        text = render(GAME, event, lang, NAMES)
        assert NAMES[event["seat"]] in text and NAMES[event["holder"]] in text, text


def test_sample_sentences() -> None:
    bought = {"type": "bought", "seat": 0, "building": "metallum", "gold": 20}
    assert render(GAME, bought, "en", NAMES) == "Anna buys Metallum for 20 gold"
    assert render(GAME, bought, "de", NAMES) == "Anna kauft Metallum für 20 Gold"
    assert render(GAME, bought, "ru", NAMES) == "Anna покупает Metallum за 20 золота"
    sell = {"type": "market_sell", "seat": 1, "good": "luxury", "qty": 2, "gold": 10}
    assert render(GAME, sell, "de", NAMES) == "Boris verkauft auf dem Markt 2 Würfel Luxusgüter für 10 Gold"
    assert render(GAME, sell, "ru", NAMES) == "Boris продаёт на рынке 2 предмета роскоши за 10 золота"


def test_keeping_nothing_reads_as_a_negation_in_russian() -> None:
    """Russian says "ничего не оставляет", not "оставляет на складе: ничего" (a template for the empty case)."""
    none = {"type": "goods_kept", "seat": 0, "kept": {}, "discarded": 3}
    some = {"type": "goods_kept", "seat": 0, "kept": {"luxury": 1}, "discarded": 2}
    assert render(GAME, none, "ru", NAMES) == "Anna ничего не оставляет на складе и сбрасывает 3 товара"
    assert render(GAME, some, "ru", NAMES).startswith("Anna оставляет на складе: 1 ")
    assert render(GAME, none, "en", NAMES) == "Anna keeps nothing and discards 3 goods"


@pytest.mark.parametrize(("n", "en", "de", "ru"), [
    (1, "1 fame point", "1 Ruhmespunkt", "1 очко репутации"),
    (3, "3 fame points", "3 Ruhmespunkte", "3 очка репутации"),
    (5, "5 fame points", "5 Ruhmespunkte", "5 очков репутации")])
def test_numbers_agree_with_their_words(n: int, en: str, de: str, ru: str) -> None:
    fame = {"type": "fame", "seat": 0, "fp": n, "source": "hagia_sophia"}
    assert render(GAME, fame, "en", NAMES) == f"Anna gains {en} from Hagia Sophia"
    assert render(GAME, fame, "de", NAMES) == f"Anna erhält {de} durch Hagia Sophia"
    assert render(GAME, fame, "ru", NAMES) == f"Anna получает {ru} за Hagia Sophia"
    bought = {"type": "bought", "seat": 0, "building": "metallum", "gold": n}
    assert render(GAME, bought, "ru", NAMES).endswith({1: "за 1 золото", 3: "за 3 золота", 5: "за 5 золота"}[n])
    sell = {"type": "market_sell", "seat": 1, "good": "alimentary", "qty": n, "gold": 2}
    goods = {1: "1 пищевой товар", 3: "3 пищевых товара", 5: "5 пищевых товаров"}[n]
    assert render(GAME, sell, "ru", NAMES) == f"Boris продаёт на рынке {goods} за 2 золота"
    produced = {"type": "produced", "seat": 0, "goods": {"luxury": n, "military": 1}}
    lux = {1: "1 предмет роскоши", 3: "3 предмета роскоши", 5: "5 предметов роскоши"}[n]
    assert render(GAME, produced, "ru", NAMES) == f"Anna производит {lux}, 1 военный товар"
