"""Colonia's legal actions in words (games/colonia/wording.py and [<lang>.actions] of its
messages.toml): the texts a player reads in English, German and Russian at scripted moments of
seeded games, and every legal action of random games worded by the catalog, never by the fallback."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from mercator.engine.actions import Action
from mercator.engine.i18n import LANGS, catalog, describe
from mercator.games import get
from mercator.games.colonia.data import CURRENCIES, content
from mercator.games.colonia.space import SPACE

GAME = "colonia"
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva", "Fjodor"]
View = dict[str, Any]
Found = tuple[View, int, dict[str, Any]]
# The template keys each action kind is worded with.
KEYS = {
    "choose_good": {"choose_good"}, "play_card": {"play_card", "play_card_short"},
    "vote": {"vote_yes", "vote_no"}, "adopt": {"adopt"}, "reject": {"reject"}, "buy_stall": {"buy_stall"},
    "commission": {"commission"}, "load": {"load", "load_fee"}, "buy": {"buy", "buy_shrine"},
    "fill_shrine": {"fill_shrine"}, "reserve": {"reserve", "reserve_shrine"},
    "pass": {"pass_market", "pass_commission", "pass_load", "pass_relic_buy", "pass_reserve"},
}


def busy(rng: random.Random, legal: list[Action]) -> Action:
    """A random legal action, rarely a pass, so that games reach loading, relics and shrines."""
    active = [a for a in legal if a.kind != "pass"]
    return rng.choice(active if active and rng.random() < 0.9 else legal)


def find(kind: str, players: int = 4, seed: int = 1, where: Callable[[View, int, dict[str, Any]], bool] | None = None,
         **options: Any) -> Found:
    """Play a seeded game (random legal actions, rarely a pass) until a seat to act may take an
    action of ``kind`` that ``where`` accepts: that seat's view, the seat and the action."""
    state = get(GAME).new(players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over():
        for seat in state.to_act():
            view = state.view(seat)
            for action in state.legal_actions(seat):
                j = action.to_json()
                if j["kind"] == kind and (where is None or where(view, seat, j)):
                    return view, seat, j
        seat = state.to_act()[0]
        state.apply(seat, busy(rng, state.legal_actions(seat)))
    raise AssertionError(f"no {kind} action in the game ({players} players, seed {seed})")


def say(found: Found) -> tuple[str, ...]:
    view, seat, action = found
    return tuple(describe(GAME, view, seat, action, lang, NAMES) for lang in LANGS)


def stall_cost(n: int) -> Callable[[View, int, dict[str, Any]], bool]:
    return lambda view, seat, a: bool(view["stalls"][a["stall"] - 1]["cost"] == n)


# ---- what a player reads -------------------------------------------------------------------------
def test_a_vote_names_the_decree_says_what_it_does_and_counts_the_votes() -> None:
    view, seat, no = find("vote", seed=2)
    assert view["decision"]["decree"] == "dcr_fixed_fees" and view["players"][seat]["votes"] == 8
    assert say((view, seat, no)) == (
        "Vote no on “Fixed fees” (8 votes): Today every commission costs exactly 1 member",
        "Gegen „Feste Gebühren“ stimmen (8 Stimmen): Heute kostet jeder Auftrag genau 1 Familienmitglied",
        "Голосовать против указа «Твёрдые сборы» (8 голосов): сегодня для любого заказа нужен ровно 1 член семьи")
    assert say((view, seat, {"kind": "vote", "yes": True})) == (
        "Vote yes on “Fixed fees” (8 votes): Today every commission costs exactly 1 member",
        "Für „Feste Gebühren“ stimmen (8 Stimmen): Heute kostet jeder Auftrag genau 1 Familienmitglied",
        "Голосовать за указ «Твёрдые сборы» (8 голосов): сегодня для любого заказа нужен ровно 1 член семьи")


def test_the_mayor_breaks_a_tie() -> None:
    view, seat, adopt = find("adopt", players=3, seed=2)
    assert view["decision"] == {"kind": "mayor_tiebreak", "seat": seat, "decree": "dcr_loading_limit"}
    assert say((view, seat, adopt)) == (
        "As mayor, adopt “Crowded quay”: Today each player may load at most 2 holds",
        "Als Bürgermeister „Volle Kaimauer“ annehmen: Heute darf jeder höchstens 2 Laderäume beladen",
        "Решением бургомистра принять указ «Тесная пристань»: сегодня каждый может загрузить не больше 2 трюмов")
    assert say((view, seat, {"kind": "reject"})) == (
        "As mayor, reject “Crowded quay”", "Als Bürgermeister „Volle Kaimauer“ ablehnen",
        "Решением бургомистра отклонить указ «Тесная пристань»")


@pytest.mark.parametrize(("cost", "raws", "texts"), [
    (1, {"linen": 1}, ("Buy stall 1 (1 linen) for 1 member", "Marktstand 1 (1 Leinen) für 1 Familienmitglied kaufen",
                       "Купить прилавок 1 (1 лён) — 1 член семьи")),
    (3, {"wood": 2, "fur": 1}, ("Buy stall 3 (2 wood, 1 fur) for 3 members",
                                "Marktstand 3 (2 Holz, 1 Fell) für 3 Familienmitglieder kaufen",
                                "Купить прилавок 3 (2 дерева, 1 мех) — 3 члена семьи")),
    (5, {"iron": 1, "wood": 2, "fur": 2}, ("Buy stall 6 (1 iron, 2 wood, 2 furs) for 5 members",
                                           "Marktstand 6 (1 Eisen, 2 Holz, 2 Felle) für 5 Familienmitglieder kaufen",
                                           "Купить прилавок 6 (1 железо, 2 дерева, 2 меха) — 5 членов семьи")),
])
def test_a_stall_costs_the_members_the_view_shows_with_the_plural_of_its_number(
        cost: int, raws: dict[str, int], texts: tuple[str, ...]) -> None:
    view, seat, action = find("buy_stall", seed=1, where=stall_cost(cost))
    stall = view["stalls"][action["stall"] - 1]
    assert {k: n for k, n in stall["raws"].items() if n} == raws
    assert say((view, seat, action)) == texts


def test_a_commission_says_what_the_craftsman_needs_and_makes() -> None:
    view, seat, action = find("commission", seed=1,
                              where=lambda v, s, a: a["craftsman"] == "painter" and v["craftsmen"][2]["commissions"])
    painter = view["craftsmen"][2]
    assert (painter["next_cost"], len(painter["stacks"]), painter["stick"]) == (2, 1, 2)
    assert say((view, seat, action)) == (
        "Commission the painter: 1 wood, 1 linen → picture, 2 members on field 2 (2 orders so far)",
        "Den Maler beauftragen: 1 Holz, 1 Leinen → Bild, 2 Familienmitglieder auf Feld 2 (bisher 2 Aufträge)",
        "Сделать заказ у художника: 1 дерево, 1 лён → картина, поле 2 — 2 члена семьи (сейчас 2 заказа)")
    view, seat, action = find("commission", seed=3, where=lambda v, s, a: a["craftsman"] == "painter")
    assert say((view, seat, action))[1:] == (
        "Den Maler beauftragen: 1 Holz, 1 Leinen → Bild, 1 Familienmitglied auf Feld 1 (bisher 1 Auftrag)",
        "Сделать заказ у художника: 1 дерево, 1 лён → картина, поле 1 — 1 член семьи (сейчас 1 заказ)")


def test_loading_a_hold_shows_its_goods_its_ship_and_the_payout_in_the_ship_currency() -> None:
    view, seat, action = find("load", seed=1, where=lambda v, s, a: a["hold"] == 2)
    assert (view["berths"][1]["ship"], view["departing"]) == ("ship_nov_1", 2)
    assert say((view, seat, action)) == (
        "Load hold 2 of Novgorod ship 1 (berth 2, sails on Saturday) with 1 saddle, 1 clothing: pays 9 grivnas",
        "Laderaum 2 von Schiff Nowgorod 1 (Liegeplatz 2, legt am Samstag ab) mit 1 Sattel, 1 Kleidung beladen: "
        "Erlös 9 Griwna",
        "Загрузить трюм 2 корабля «Новгород 1» (причал 2, отплывает в субботу): 1 седло, 1 комплект одежды; "
        "выплата — 9 гривен")


def test_under_the_harbour_fee_a_loading_also_shows_the_fee() -> None:
    found = find("load", players=5, seed=1, where=lambda v, s, a: v["modifiers"]["load_fee"] > 0)
    assert say(found) == (
        "Load hold 2 of London ship 4 (berth 4, stays in port this week) with 1 picture, 1 clothing: "
        "pays 9 pounds, harbour fee 1 pound",
        "Laderaum 2 von Schiff London 4 (Liegeplatz 4, bleibt diese Woche im Hafen) mit 1 Bild, 1 Kleidung beladen: "
        "Erlös 9 Pfund, Hafengebühr 1 Pfund",
        "Загрузить трюм 2 корабля «Лондон 4» (причал 4, на этой неделе остаётся в порту): "
        "1 картина, 1 комплект одежды; выплата — 9 фунтов, портовый сбор — 1 фунт")
    found = find("load", players=3, seed=3, where=lambda v, s, a: v["modifiers"]["load_fee"] > 0)
    assert say(found)[2].endswith("выплата — 5 гривен, портовый сбор — 1 гривна")


def test_buying_a_relic_shows_the_price_of_the_view_in_the_city_currency() -> None:
    view, seat, action = find("buy", seed=2, where=lambda v, s, a: v["modifiers"]["relic_discount"] > 0)
    relic = next(r for r in content().relics if r.id == action["card"])
    shown = next(d["price"] for d in view["display"] if d["card"] == action["card"])
    assert (relic.price, shown) == (5, 3)  # Church indulgence was adopted
    assert say((view, seat, action)) == (
        "Buy Candle from St Paul's (1 VP) for 3 pounds", "Reliquie London 2 (1 SP) für 3 Pfund kaufen",
        "Купить «реликвия Лондона 2» (1 ПО) — 3 фунта")
    found = find("buy", seed=1, where=lambda v, s, a: a["card"] == "relic_nov_07")
    assert say(found) == ("Buy Millstone of St Anthony (3 VP) for 12 grivnas",
                          "Reliquie Nowgorod 7 (3 SP) für 12 Griwna kaufen",
                          "Купить «реликвия Новгорода 7» (3 ПО) — 12 гривен")
    found = find("buy", seed=3, where=lambda v, s, a: a["card"] == "relic_nov_01")
    assert say(found)[2] == "Купить «реликвия Новгорода 1» (1 ПО) — 3 гривны"


def test_shrines_are_bought_filled_and_reserved_for_what_they_do() -> None:
    found = find("buy", seed=2, where=lambda v, s, a: a["card"].startswith("shrine"))
    assert say(found) == ("Buy the Bruges shrine for 13 guilders (doubles one relic of its city)",
                          "Schrein von Brügge für 13 Gulden kaufen (verdoppelt eine Reliquie seiner Stadt)",
                          "Купить «рака Брюгге» — 13 гульденов (удваивает одну реликвию своего города)")
    assert say(find("fill_shrine", seed=3)) == (
        "Put Ring of St Sunniva (2 VP) into the Bergen shrine, where it counts double",
        "Reliquie Bergen 4 (2 SP) in den Schrein von Bergen legen, wo sie doppelt zählt",
        "Положить «реликвия Бергена 4» (2 ПО) в «рака Бергена»: её очки удваиваются")
    assert say(find("reserve", seed=1)) == (
        "Reserve Phial of the Holy Blood (5 VP, now 15 guilders) with 1 member",
        "Reliquie Brügge 11 (5 SP, derzeit 15 Gulden) mit 1 Familienmitglied sichern",
        "Зарезервировать «реликвия Брюгге 11» (5 ПО, сейчас 15 гульденов) одним членом семьи")
    found = find("reserve", seed=1, where=lambda v, s, a: a["card"].startswith("shrine"))
    assert say(found)[0].startswith("Reserve the ") and "(doubles one relic of its city, now 15 " in say(found)[0]


def test_family_cards_count_votes_or_nothing_and_the_starting_good() -> None:
    view, seat, action = find("play_card", seed=1, where=lambda v, s, a: a["value"] == 3)
    assert say((view, seat, action)) == ("Play family card 3 (3 votes)", "Familienkarte 3 spielen (3 Stimmen)",
                                         "Сыграть семейную карту 3 (3 голоса)")
    assert say((view, seat, {"kind": "play_card", "value": 5}))[2] == "Сыграть семейную карту 5 (5 голосов)"
    found = find("play_card", seed=1, where=lambda v, s, a: v["players"][s]["supply"] < a["value"])
    assert say(found) == (
        "Play family card 7 (counts as 0: only 6 members in your supply)",
        "Familienkarte 7 spielen (zählt als 0: nur 6 Familienmitglieder im Vorrat)",
        "Сыграть семейную карту 7 (засчитается как 0: в запасе только 6 членов семьи)")
    assert say(find("choose_good", seed=1, free_start_good=True,
                    where=lambda v, s, a: a["good"] == "wheel")) == (
        "Choose your starting good: wagon wheel", "Startware wählen: Wagenrad", "Выбрать стартовый товар: колесо")


@pytest.mark.parametrize(("phase", "texts"), [
    ("market", ("Pass: buy no more stalls today", "Passen: heute keine Marktstände mehr kaufen",
                "Пас: сегодня больше не покупать прилавки")),
    ("commission", ("Pass: commission no more craftsmen today", "Passen: heute keine Handwerker mehr beauftragen",
                    "Пас: сегодня больше не делать заказов")),
    ("load", ("Pass: load no more holds today", "Passen: heute keine Laderäume mehr beladen",
              "Пас: сегодня больше не загружать трюмы")),
    ("relic_buy", ("Pass: buy no more relic cards today", "Passen: heute keine Reliquienkarten mehr kaufen",
                   "Пас: сегодня больше не покупать реликвии")),
    ("reserve", ("Pass: reserve no more relic cards", "Passen: keine Reliquienkarten mehr sichern",
                 "Пас: больше не резервировать реликвии")),
])
def test_a_pass_says_what_the_player_gives_up(phase: str, texts: tuple[str, ...]) -> None:
    assert say(find("pass", seed=1, where=lambda v, s, a: v["decision"]["phase"] == phase)) == texts


# ---- the catalog ---------------------------------------------------------------------------------
def test_every_action_kind_has_its_templates_in_every_language() -> None:
    assert set(KEYS) == set(SPACE.schemas)
    keys = set().union(*KEYS.values())
    for lang in LANGS:
        assert set(catalog(GAME)[lang]["actions"]) == keys, lang


def test_every_decree_effect_is_worded_with_the_numbers_of_its_content() -> None:
    for lang in LANGS:
        effects = catalog(GAME)[lang]["effects"]
        assert set(effects) == {d.id for d in content().decrees}, lang
        for d in content().decrees:
            assert set(map(str, d.params.values())) <= set(re.findall(r"\d+", effects[d.id])), (lang, d.id)


def test_every_currency_has_its_plural_forms() -> None:
    forms = {"en": {"one", "other"}, "de": {"one", "other"}, "ru": {"one", "few", "many", "other"}}
    for lang in LANGS:
        plurals = catalog(GAME)[lang]["plurals"]
        for word in (*CURRENCIES, "member", "vote", "order"):
            assert set(plurals[word]) == forms[lang], (lang, word)


def word_every_legal_action(players: int, seed: int) -> set[str]:
    """Play a random game; every legal action of every decision reads, in each language, as a
    text of the catalog: none from the fallback (the kind's name), no placeholder or raw id left,
    no language copied from another. Returns the action kinds seen."""
    state = get(GAME).new(players, seed=seed, options={"free_start_good": players == 3})
    rng = random.Random(seed)
    names = NAMES[:players]
    kinds: set[str] = set()
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        for action in legal:
            j = action.to_json()
            kinds.add(j["kind"])
            args = ", ".join(f"{k}={v}" for k, v in j.items() if k != "kind")
            fallback = " ".join(w.capitalize() for w in j["kind"].split("_")) + (f" ({args})" if args else "")
            texts = {lang: describe(GAME, view, seat, j, lang, names) for lang in LANGS}
            for lang, text in texts.items():
                assert text != fallback and not re.search(r"[{}_]|None", text), (lang, j, text)
            assert len(set(texts.values())) == len(LANGS), texts
        state.apply(seat, busy(rng, legal))
    return kinds


def test_every_legal_action_of_random_games_at_3_to_6_players_is_worded_by_the_catalog() -> None:
    kinds = set().union(*(word_every_legal_action(players, 40 + players) for players in (3, 4, 5, 6)))
    assert kinds == set(SPACE.schemas), sorted(set(SPACE.schemas) - kinds)
