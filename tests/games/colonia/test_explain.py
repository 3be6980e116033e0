"""Colonia's explanations state the numbers the content gives (costs, payouts, points, a decree's
parameters) in all three languages, flag invented rows, and cover every entity the board marks."""

from __future__ import annotations

import pytest

from mercator.engine.explain import entities, explanations
from mercator.games.colonia.data import content

GAME = "colonia"


def test_every_content_row_is_an_entity() -> None:
    c = content()
    kinds: dict[str, set[str]] = {}
    for e in entities(GAME):
        kinds.setdefault(e.kind, set()).add(e.id)
    assert kinds["relics"] == {r.id for r in c.relics}
    assert kinds["ships"] == {s.id for s in c.ships}
    assert kinds["decrees"] == {d.id for d in c.decrees}
    assert kinds["week_cards"] == {w.id for w in c.weeks}
    assert kinds["family_cards"] == {f"fam_{v}" for v in c.card_values}
    assert len(kinds["stalls"]) == c.rules.stalls and len(kinds["berths"]) == c.rules.berths


@pytest.mark.parametrize(("lang", "price", "vp"), [("en", "14 pounds", "4 VP"), ("de", "14 Pfund", "4 Siegpunkte"),
                                                   ("ru", "14 фунтов", "4 победных очка")])
def test_a_relic_states_its_price_in_its_currency_and_its_points(lang: str, price: str, vp: str) -> None:
    relic = next(r for r in content().relics if r.id == "relic_lon_09")
    assert (relic.price, relic.vp) == (14, 4)
    e = explanations(GAME, lang)["relics"]["relic_lon_09"]
    assert price in e["text"] and vp in e["text"]
    assert not e["invented"]  # price and points are sourced; only the name is invented


@pytest.mark.parametrize(("lang", "holds"), [
    ("en", ("1 saddle → 5 pounds", "1 wagon wheel, 1 picture → 9 pounds", "2 clothing, 1 pair of shoes → 15 pounds")),
    ("de", ("1 Sattel → 5 Pfund", "1 Wagenrad, 1 Bild → 9 Pfund", "2 Kleidung, 1 Paar Schuhe → 15 Pfund")),
    ("ru", ("1 седло → 5 фунтов", "1 колесо, 1 картина → 9 фунтов", "2 комплекта одежды, 1 пара обуви → 15 фунтов")),
])
def test_a_ship_lists_each_hold_with_its_payout(lang: str, holds: tuple[str, ...]) -> None:
    e = explanations(GAME, lang)["ships"]["ship_lon_1"]
    assert all(h in e["text"] for h in holds), e["text"]
    assert e["invented"] and e["tag"].startswith("[INV]")


@pytest.mark.parametrize(("lang", "words"), [("en", ("on Friday", "at most 2 holds")),
                                             ("de", ("am Freitag", "höchstens 2 Laderäume")),
                                             ("ru", ("в пятницу", "максимум 2 трюма"))])
def test_a_decree_says_its_day_and_its_number(lang: str, words: tuple[str, ...]) -> None:
    e = explanations(GAME, lang)["decrees"]["dcr_loading_limit"]
    assert all(w in e["text"] for w in words), e["text"]
    assert e["invented"]


def test_a_sourced_decree_is_not_flagged_invented() -> None:
    e = explanations(GAME, "en")["decrees"]["dcr_early_departure"]
    assert e["tag"] == "[SRC] effect; [DEC] day and details" and not e["invented"]


def test_craftsman_names_read_as_titles_but_stay_lower_case_in_sentences() -> None:
    e = explanations(GAME, "en")
    assert e["craftsman"]["saddler"]["name"] == "Saddler"
    assert "Made by the saddler from leather, iron" in e["wares"]["saddle"]["text"]
