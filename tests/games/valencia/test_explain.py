"""Valencia's explanations state the numbers the engine applies, in all three languages, and flag
invented content (engine/explain.py, games/valencia/explain.py)."""

from __future__ import annotations

import pytest

from mercator.engine.explain import entities, explanations
from mercator.engine.i18n import LANGS
from mercator.games.valencia.data import GUILDS, SEATS, content
from mercator.games.valencia.space import C

GAME = "valencia"


def test_every_content_row_is_an_entity() -> None:
    ids = {(e.kind, e.id) for e in entities(GAME)}
    assert {("guild", g) for g in GUILDS} <= ids
    assert {("good", g) for g in GUILDS} <= ids
    assert {("council_seat", s) for s in SEATS} <= ids
    assert {("tasks", t.id) for t in C.tasks} <= ids
    editions = content().editions.values()
    assert {("landmark", lm.id) for e in editions for lm in e.landmarks} <= ids
    assert {("round_card", card) for e in editions for card, _ in e.cards} <= ids


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("costs 6 coins", "sells for 6 coins", "8 goods")),
    ("de", ("kostet 6 Münzen", "6 Münzen (8 Waren", "in Straßburg 6")),
    ("ru", ("стоит 6 монет", "за 6 монет", "8 товаров")),
])
def test_a_guild_states_its_cost_and_value_from_the_content(lang: str, words: tuple[str, ...]) -> None:
    smiths = next(g for g in content().guilds if g.id == "smiths")
    assert (smiths.placement_cost, smiths.good_value, smiths.goods_valencia) == (6, 6, 8)
    text = explanations(GAME, lang)["guild"]["smiths"]["text"]
    for w in words:
        assert w in text, (w, text)


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "at least 3 family members on spaces of the bakers: +4 VP, otherwise −4 VP (Strasbourg: −3 VP)"),
    ("de", "mindestens 3 Familienmitglieder auf Feldern der Bäcker hast: +4 SP, sonst −4 SP (Straßburg: −3 SP)"),
    ("ru", "хотя бы 3 члена семьи на полях гильдии пекарей: +4 ПО, иначе −4 ПО (в «Страсбурге» −3 ПО)"),
])
def test_a_task_states_its_threshold_reward_and_both_penalties(lang: str, want: str) -> None:
    assert want in explanations(GAME, lang)["tasks"]["t_guild_bakers"]["text"]


def test_invented_rows_are_flagged_and_sourced_ones_are_not() -> None:
    for lang in LANGS:
        table = explanations(GAME, lang)
        assert table["city_piece"]["p1a"]["invented"] and table["city_piece"]["p1a"]["tag"] == "[INV]"
        assert table["tasks"]["t_big_family"]["invented"]
        assert not table["tasks"]["t_line"]["invented"]
        assert not table["council_seat"]["nobility"]["invented"]


def test_russian_numbers_take_their_plural_forms() -> None:
    ru = explanations(GAME, "ru")
    assert "хотя бы 2 члена семьи" in ru["tasks"]["t_landmark_5"]["text"]
    assert "хотя бы 8 членов семьи" in ru["tasks"]["t_big_family"]["text"]
    assert "хотя бы 5 мест в совете" in ru["tasks"]["t_council"]["text"]
    assert "заблокировано 3 поля" in ru["city_piece"]["p1a"]["text"]
