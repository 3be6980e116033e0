"""The Valencia message catalog: every event the rules emit reads as a full sentence in English,
German and Russian, with every placeholder filled (in the spirit of tests/games/constantinopolis/test_messages.py)."""

from __future__ import annotations

from typing import Any

import pytest

from mercator.engine import testkit
from mercator.engine.i18n import HIDDEN, LANGS, catalog, render
from mercator.engine.seen import logged, visible
from mercator.games import get
from mercator.games.valencia.data import DOT_IDS, GUILDS, SEATS
from mercator.games.valencia.space import C

GAME = "valencia"
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva"]
# A bidder reveals, takes and places whatever it can (reaches seats, bonuses, displacements).
FAVOURITES = ("take_seat", "place", "move", "sell", "reveal", "defer", "take_good", "return_card", "draw")
# A hoarder never sells and takes goods (empties the goods supplies).
HOARDER = ("take_good", "take_seat", "place", "move", "reveal", "defer", "return_card", "draw", "sell_done")


def _collect() -> list[dict[str, Any]]:
    info = get(GAME)
    bidder, hoarder = (testkit.preferring(kinds, rates={"draw": 0.85}) for kinds in (FAVOURITES, HOARDER))
    makers = (testkit.uniform, testkit.by_kind, bidder, hoarder, hoarder)
    # Half of Valencia's games on a city of random sides (setup says which).
    return testkit.collect_events(info, (
        (players, {"edition": edition, **({"city_layout": "random_sides"} if k and edition == "valencia" else {})},
         100 * players + 10 * n + len(edition) + 1000 * k, make)
        for edition in ("valencia", "strasbourg") for players in info.counts_for({"edition": edition})
        for n, make in enumerate(makers) for k in range(2)))


@pytest.fixture(scope="module")
def events() -> list[dict[str, Any]]:
    return _collect()


def _emitted_types() -> set[str]:
    return testkit.emitted_event_types(GAME)


def test_named_values_are_complete() -> None:
    cat = catalog(GAME)
    for lang in LANGS:
        t = cat[lang]
        assert set(t["guilds"]) == set(GUILDS), lang
        assert set(t["council_seats"]) == set(SEATS), lang
        assert {x.id for x in C.tasks} <= set(t["tasks"]), lang  # and Strasbourg's own names (test_wording)
        assert set(t["dots"]) == set(DOT_IDS), lang
        assert set(t["landmarks"]) == {lm.id for e in C.editions.values() for lm in e.landmarks}, lang
        assert {"true", "false", "nothing"} <= set(t["words"]), lang


def test_every_catalog_key_exists_in_every_language() -> None:
    cat = catalog(GAME)
    for table in cat["en"]:
        if table == "plurals":  # each language has its own plural words (tests/engine/test_wording.py)
            continue
        for lang in LANGS:
            assert set(cat[lang][table]) == set(cat["en"][table]), (lang, table)


def test_every_event_type_in_the_source_has_a_template() -> None:
    types = _emitted_types()
    assert len(types) > 40
    assert not testkit.missing_templates(GAME, types)


def test_played_games_reach_every_event_type(events: list[dict[str, Any]]) -> None:
    # build_skipped guards a case the map data rules out (more dots and sites than pieces).
    unseen = _emitted_types() - {e["type"] for e in events} - {"build_skipped"}
    assert len(unseen) <= 1, f"the sample games miss event types {sorted(unseen)}"


def test_rendering_fills_every_placeholder(events: list[dict[str, Any]]) -> None:
    assert not testkit.render_problems(GAME, events, NAMES)


def test_templates_use_only_the_event_fields(events: list[dict[str, Any]]) -> None:
    assert not testkit.template_field_problems(GAME, events)


def test_languages_differ(events: list[dict[str, Any]]) -> None:
    assert not testkit.same_text_problems(GAME, events, NAMES)


def test_sample_sentences() -> None:
    placed = {"type": "placed", "seat": 0, "space": "r2c1", "guild": "bakers", "coins": 2}
    assert render(GAME, placed, "en", NAMES) == "Anna places a family member on r2c1 (bakers) for 2 coins"
    assert render(GAME, placed, "de", NAMES) == "Anna setzt ein Familienmitglied auf r2c1 (Bäcker) für 2 Münzen"
    assert render(GAME, placed, "ru", NAMES) == "Anna ставит члена семьи на r2c1 (пекари) за 2 монеты"
    shown = {"type": "displaced", "seat": 1, "council_seat": "nobility", "holder": 2}
    assert render(GAME, shown, "de", NAMES) == "Boris wird von Clara vom Ratssitz Adel verdrängt"


@pytest.mark.parametrize(("n", "en", "de", "ru"), [
    (1, "1 coin", "1 Münze", "1 монету"), (2, "2 coins", "2 Münzen", "2 монеты"),
    (4, "4 coins", "4 Münzen", "4 монеты"),
    (5, "5 coins", "5 Münzen", "5 монет")])
def test_numbers_agree_with_their_words(n: int, en: str, de: str, ru: str) -> None:
    placed = {"type": "placed", "seat": 0, "space": "r2c1", "guild": "bakers", "coins": n}
    assert render(GAME, placed, "en", NAMES) == f"Anna places a family member on r2c1 (bakers) for {en}"
    assert render(GAME, placed, "de", NAMES) == f"Anna setzt ein Familienmitglied auf r2c1 (Bäcker) für {de}"
    assert render(GAME, placed, "ru", NAMES) == f"Anna ставит члена семьи на r2c1 (пекари) за {ru}"
    kept = {"type": "tasks_kept", "seat": 1, "count": n}
    assert render(GAME, kept, "en", NAMES) == f"Boris keeps {n} task card{'' if n == 1 else 's'} behind the screen"
    ru_tasks = {1: "1 задание", 2: "2 задания", 4: "4 задания", 5: "5 заданий"}[n]
    assert render(GAME, kept, "ru", NAMES) == f"Boris оставляет за ширмой {ru_tasks}"
    council = {"type": "council_vp", "seat": 2, "vp": n, "seats": n}
    ru_seats = {1: "1 место в совете", 2: "2 места в совете", 4: "4 места в совете", 5: "5 мест в совете"}[n]
    assert render(GAME, council, "ru", NAMES) == f"Clara получает {n} ПО за {ru_seats}"
    assert render(GAME, council, "de", NAMES) == f"Clara erhält {n} SP für {n} {'Ratssitz' if n == 1 else 'Ratssitze'}"


def test_a_landmark_bonus_reads_with_its_case() -> None:
    bonus = {"type": "bonus_coins", "seat": 0, "coins": 2, "landmark": "fountain_4"}
    assert render(GAME, bonus, "de", NAMES) == "Anna erhält durch den 4er-Brunnen 2 Münzen"
    assert render(GAME, {"type": "build_skipped", "seat": 1}, "ru", NAMES) == "У игрока Boris больше негде строить"


@pytest.mark.parametrize("lang", LANGS)
def test_setup_events_show_each_seat_its_own_task_cards_only(lang: str) -> None:
    state = get(GAME).new(players=2, seed=4, options={})
    items = logged(state, 0, state.opening_events)
    kinds = [item.event["type"] for item in items]
    assert kinds == ["spaces_blocked", "round_cards", "start_player", "tasks_dealt", "tasks_dealt"]
    names = {s: [catalog(GAME)[lang]["tasks"][C.tasks[t].id] for t in state.players[s].dealt] for s in (0, 1)}
    for viewer in (0, 1):
        lines = [render(GAME, visible(item, viewer), lang, NAMES) for item in items]
        mine, theirs = " ".join(lines[3:]), names[1 - viewer]
        assert all(name in mine for name in names[viewer]), (viewer, lines)
        assert not any(name in mine for name in theirs if name not in names[viewer]), (viewer, lines)
        assert HIDDEN not in " ".join(lines), lines  # the other seat's cards are worded, not "?"
    public = [render(GAME, visible(item, None), lang, NAMES) for item in items]
    assert not any(name in " ".join(public[3:]) for s in (0, 1) for name in names[s])
