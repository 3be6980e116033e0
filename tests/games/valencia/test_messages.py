"""The Valencia message catalog: every event the rules emit reads as a full sentence in English,
German and Russian, with every placeholder filled (in the spirit of tests/test_messages.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from mercator.engine import testkit
from mercator.engine.actions import Action
from mercator.engine.i18n import LANGS, catalog, render
from mercator.engine.state import GameState
from mercator.games import get
from mercator.games.valencia.data import DOT_IDS, GUILDS, SEATS
from mercator.games.valencia.space import C

GAME = "valencia"
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva"]
Chooser = Callable[[GameState, int, list[Action]], Action]
# A bidder reveals, takes and places whatever it can (reaches seats, bonuses, displacements).
FAVOURITES = ("take_seat", "place", "move", "sell", "reveal", "defer", "take_good", "return_card", "draw")
# A hoarder never sells and takes goods (empties the goods supplies).
HOARDER = ("take_good", "take_seat", "place", "move", "reveal", "defer", "return_card", "draw", "sell_done")


def _uniform(rng: random.Random) -> Chooser:
    return lambda state, seat, legal: legal[rng.randrange(len(legal))]


def _by_kind(rng: random.Random) -> Chooser:
    def choose(state: GameState, seat: int, legal: list[Action]) -> Action:
        kind = rng.choice(sorted({a.kind for a in legal}))
        return rng.choice([a for a in legal if a.kind == kind])

    return choose


def _preferring(kinds: tuple[str, ...]) -> Callable[[random.Random], Chooser]:
    def make(rng: random.Random) -> Chooser:
        def choose(state: GameState, seat: int, legal: list[Action]) -> Action:
            for kind in kinds:
                options = [a for a in legal if a.kind == kind]
                if options and rng.random() < (0.85 if kind == "draw" else 0.9):
                    return rng.choice(options)
            return rng.choice(legal)

        return choose

    return make


def _collect() -> list[dict[str, Any]]:
    info = get(GAME)
    events: list[dict[str, Any]] = []

    def on_step(state: GameState, before: GameState | None, seat: int, action: Any, evs: list[dict]) -> None:
        events.extend(evs)

    for edition in ("valencia", "strasbourg"):
        opts = {"edition": edition}
        for players in info.counts_for(opts):
            for n, make in enumerate((_uniform, _by_kind, _preferring(FAVOURITES), _preferring(HOARDER),
                                      _preferring(HOARDER))):
                for k in range(2):
                    seed = 100 * players + 10 * n + len(opts["edition"]) + 1000 * k
                    testkit.playout(info, players, opts, seed=seed, choose=make(random.Random(seed)),
                                    on_step=on_step)
    return events


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
        assert set(t["tasks"]) == {x.id for x in C.tasks}, lang
        assert set(t["dots"]) == set(DOT_IDS), lang
        assert set(t["landmarks"]) == {lm.id for e in C.editions.values() for lm in e.landmarks}, lang
        assert {"true", "false", "nothing"} <= set(t["words"]), lang


def test_every_catalog_key_exists_in_every_language() -> None:
    cat = catalog(GAME)
    for table in cat["en"]:
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
    assert render(GAME, placed, "ru", NAMES) == "Anna ставит члена семьи на r2c1 (пекари) за 2 мон."
    shown = {"type": "displaced", "seat": 1, "council_seat": "nobility", "holder": 2}
    assert render(GAME, shown, "de", NAMES) == "Boris wird von Clara vom Ratssitz Adel verdrängt"
