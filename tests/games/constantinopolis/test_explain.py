"""Exact checks of the Constantinopolis explanations: the numbers they state are the content's
(the engine's), in all three languages, with the right plural forms, and invented rows say so."""

from __future__ import annotations

from mercator.engine.explain import entities, explanations
from mercator.engine.i18n import LANGS
from mercator.games.constantinopolis.data import content

GAME = "constantinopolis"


def test_every_board_thing_is_an_entity() -> None:
    c = content()
    kinds: dict[str, set[str]] = {}
    for e in entities(GAME):
        kinds.setdefault(e.kind, set()).add(e.id)
    assert kinds["buildings"] == {b.id for b in c.buildings}  # the printed Ager included
    assert kinds["contract_cards"] == {k.id for k in c.contracts} and len(kinds["contract_cards"]) == 106
    assert kinds["offices"] == {o.id for o in c.offices}
    assert kinds["markets"] == {m.id for m in c.markets}
    assert kinds["ships"] == {"small", "medium", "large"}
    assert len(kinds["wares"]) == 5 and kinds["trading_posts"] == {"trading_post"}


def test_a_building_states_its_real_cost_and_output() -> None:
    metallum = content().building("metallum")
    assert metallum.cost == 20
    texts = {lang: explanations(GAME, lang)["buildings"]["metallum"]["text"] for lang in LANGS}
    assert "Costs 20 gold" in texts["en"] and "1 industrial good, 2 military goods" in texts["en"]
    assert "Kosten: 20 Gold" in texts["de"] and "Lizenz A" in texts["de"]
    assert "Стоимость: 20 золота" in texts["ru"] and "1 промышленный товар, 2 военных товара" in texts["ru"]


def test_russian_numbers_agree_with_their_words() -> None:
    ru = explanations(GAME, "ru")
    assert "стоимость: 21 золото" in ru["buildings"]["nymphaeum"]["text"]
    assert "(24 золота)" in ru["buildings"]["nymphaeum"]["text"]
    assert "6 пассажиров" in ru["contract_cards"]["c106"]["text"]
    assert "0 очков репутации" in ru["contract_cards"]["c106"]["text"]
    assert "не 1, а 4 товара" in ru["buildings"]["horreum"]["text"]


def test_a_contract_reads_like_its_card() -> None:
    en = explanations(GAME, "en")["contract_cards"]["c088"]
    assert en["name"] == "Contract c088 (Tyrus)"
    assert en["text"].startswith("Carry 2 military goods, 2 passengers to Tyrus (load 4); medium ship long voyage")
    assert "14 gold and 2 fame points" in en["text"] and "Hospitium" in en["text"]
    assert "Hospitium" not in explanations(GAME, "en")["contract_cards"]["c001"]["text"]


def test_invented_rows_are_flagged_and_seeded_ones_are_not() -> None:
    for lang in LANGS:
        table = explanations(GAME, lang)
        assert table["buildings"]["figlina"]["invented"] and table["buildings"]["figlina"]["tag"] == "[INV]"
        assert not table["buildings"]["ager"]["invented"]
        assert not table["offices"]["consul"]["invented"]
        assert table["contract_cards"]["c001"]["invented"]
        assert table["trading_posts"]["trading_post"]["tag"] == "[SRC:ru-contract]"
