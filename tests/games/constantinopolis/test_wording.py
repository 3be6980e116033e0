"""Constantinopolis actions in words (wording.py and the [<lang>.actions] tables of messages.toml):
the exact texts a player reads on an action button, in English, German and Russian, with the
amounts the rules then apply; and over whole random games every legal action reads as a filled-in
sentence of its own language."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest

from mercator.engine import testkit
from mercator.engine.actions import Action
from mercator.engine.i18n import LANGS, catalog, describe
from mercator.games import get
from mercator.games.constantinopolis import wording
from mercator.games.constantinopolis.space import SPACE, C

from .scenario import (
    CONSUL,
    LARGE,
    MAGISTER,
    PORT,
    A,
    act,
    give_building,
    give_hand,
    new_state,
    passive_choice,
    refresh,
    set_goods,
    set_offices,
    set_ships,
    start_turns,
)

GAME = "constantinopolis"
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva"]


def say(state: Any, seat: int, action: Action, group: bool = False) -> dict[str, str]:
    """The action's text in every language, from the seat's own view."""
    view = state.view(seat)
    return {lang: describe(GAME, view, seat, action.to_json(), lang, NAMES, group) for lang in LANGS}


def ru_form(n: int, one: str, few: str, many: str) -> str:
    """The Russian word form after the number n (CLDR: 1, 21 ...; 2-4, 22-24 ...; the rest)."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    return few if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else many


def ru_gold(n: int) -> str:
    return ru_form(n, "золото", "золота", "золота")


def en_fp(n: int) -> str:
    return "fame point" if n == 1 else "fame points"


def passive(state: Any, seat: int) -> Action:
    """Stay in office, pass, decline, end the turn, donate nothing, keep as many goods as allowed."""
    keep = [a for a in state.legal_actions(seat) if a.kind == "keep_goods"]
    return keep[-1] if keep else passive_choice(state, seat)


def play_to(state: Any, kind: str, seat: int | None = None, **args: Any) -> tuple[int, Action]:
    """Play passive legal choices until the seat to act (``seat`` if given) may take an action of
    ``kind`` with these arguments; returns that seat and action."""
    while not state.is_over():
        who = state.to_act()[0]
        for a in state.legal_actions(who) if seat in (None, who) else ():
            j = a.to_json()
            if a.kind == kind and all(j[k] == v for k, v in args.items()):
                return who, a
        state.apply(who, passive(state, who))
    raise AssertionError(f"no {kind} {args} came up")


# ---- phase 1 ----------------------------------------------------------------------------------
def test_vacant_office_challenge_and_bidding() -> None:
    s = get(GAME).new(3, seed=2)  # the random start gives 3 offices; Praefectus Urbi and Consul are vacant
    seat, move = play_to(s, "office_move", office="consul")
    assert say(s, seat, move) == {
        "en": "Take the vacant office of Consul for 2 gold",
        "de": "Das freie Amt Consul für 2 Gold übernehmen",
        "ru": "Занять свободную должность Consul за 2 золота",
    }
    challenger, first = play_to(s, "office_challenge", office="comes_thesaurorum")
    holder = NAMES[next(o["holder"] for o in s.view(challenger)["offices"] if o["office"] == "comes_thesaurorum")]
    me = NAMES[challenger]
    for bid, ru in ((1, "1 золото"), (2, "2 золота"), (5, "5 золота"), (21, "21 золото")):
        assert say(s, challenger, A("office_challenge", "comes_thesaurorum", bid)) == {
            "en": f"Challenge {holder} for the office of Comes Thesaurorum with a bid of {bid} gold",
            "de": f"{holder} um das Amt Comes Thesaurorum herausfordern und {bid} Gold bieten",
            "ru": f"Оспорить должность Comes Thesaurorum у игрока {holder}, поставив {ru}",
        }
    assert say(s, challenger, first, group=True) == {
        "en": f"Challenge {holder} for the office of Comes Thesaurorum: bid in gold",
        "de": f"{holder} um das Amt Comes Thesaurorum herausfordern: Gebot in Gold",
        "ru": f"Оспорить должность Comes Thesaurorum у игрока {holder}: ставка в золоте",
    }
    act(s, challenger, "office_challenge", "comes_thesaurorum", 3)
    defender = s.to_act()[0]
    assert NAMES[defender] == holder
    assert say(s, defender, A("bid_raise", 4)) == {
        "en": "Raise the bid for Comes Thesaurorum to 4 gold",
        "de": "Das Gebot für das Amt Comes Thesaurorum auf 4 Gold erhöhen",
        "ru": "Поднять ставку за должность Comes Thesaurorum до 4 золота",
    }
    assert say(s, defender, A("bid_raise", 4), group=True)["en"] == (
        "Raise the bid for Comes Thesaurorum: new bid in gold")
    assert say(s, defender, A("bid_pass")) == {
        "en": f"Pass: {me} takes the office of Comes Thesaurorum for 3 gold",
        "de": f"Passen: {me} erhält das Amt Comes Thesaurorum für 3 Gold",
        "ru": f"Пас: игрок {me} получает должность Comes Thesaurorum за 3 золота",
    }
    act(s, defender, "bid_raise", 4)
    assert say(s, challenger, A("bid_pass")) == {
        "en": f"Pass: {holder} keeps the office of Comes Thesaurorum for 4 gold, and you choose again",
        "de": f"Passen: {holder} behält das Amt Comes Thesaurorum für 4 Gold, und du wählst neu",
        "ru": f"Пас: игрок {holder} сохраняет должность Comes Thesaurorum за 4 золота, а вы выбираете заново",
    }
    events = act(s, challenger, "bid_pass")
    assert {"type": "office_defended", "seat": defender, "challenger": challenger,
            "office": "comes_thesaurorum", "bid": 4} in events


def test_a_displaced_seat_without_gold_moves_for_free() -> None:
    s = get(GAME).new(3, seed=2)
    s.players[0].gold = 1
    refresh(s)
    office = s.view(0)["players"][0]["office"]
    challenger, challenge = play_to(s, "office_challenge", office=office, bid=1)
    s.apply(challenger, challenge)
    assert [a.kind for a in s.legal_actions(0)] == ["bid_pass"]  # 1 gold: no raise
    act(s, 0, "bid_pass")
    seat, move = play_to(s, "office_move", seat=0)
    name = catalog(GAME)["en"]["offices"][move.to_json()["office"]]
    assert say(s, seat, move) == {
        "en": f"Take the vacant office of {name} for free (you have less than 2 gold)",
        "de": f"Das freie Amt {name} kostenlos übernehmen (du hast weniger als 2 Gold)",
        "ru": f"Занять свободную должность {name} бесплатно (у вас меньше 2 золота)",
    }
    assert any(e["type"] == "office_move" and e["gold"] == 0 for e in s.apply(seat, move))


# ---- phase 4 ----------------------------------------------------------------------------------
@pytest.fixture()
def first_build() -> tuple[Any, int]:
    """A 4-player game at the first phase-4 turn (round 1): 28 gold and 2 alimentary."""
    s = get(GAME).new(4, seed=3)
    seat, _ = play_to(s, "buy_building", building="metallum")
    return s, seat


def test_building_purchases_show_the_price_of_the_content(first_build: tuple[Any, int]) -> None:
    s, seat = first_build
    metallum, caupona = C.by_id["metallum"].cost, C.by_id["caupona"].cost
    assert (metallum, caupona) == (20, 9)  # the seed's prices
    assert say(s, seat, A("buy_building", "metallum", False)) == {
        "en": "Buy Metallum (production building, produces 1 industrial good, 2 military goods) for 20 gold",
        "de": "Metallum (Produktionsgebäude, produziert 1 Würfel Industriegüter, 2 Würfel Militärgüter) "
              "für 20 Gold kaufen",
        "ru": "Купить Metallum (производственное здание, производит 1 промышленный товар, "
              "2 военных товара) за 20 золота",
    }
    assert say(s, seat, A("buy_building", "caupona", False)) == {
        "en": "Buy Caupona (commercial building) for 9 gold",
        "de": "Caupona (Wirtschaftsgebäude) für 9 Gold kaufen",
        "ru": "Купить Caupona (коммерческое здание) за 9 золота",
    }
    events = act(s, seat, "buy_building", "metallum", False)
    assert {"type": "bought", "seat": seat, "building": "metallum", "gold": metallum} in events


def test_market_texts_total_the_view_prices(first_build: tuple[Any, int]) -> None:
    s, seat = first_build
    market = s.view(seat)["market"]
    buy, sell = market["buy"]["alimentary"], market["sell"]["alimentary"]
    assert say(s, seat, A("market_buy", "alimentary", 2)) == {
        "en": f"Buy 2 alimentary for {2 * buy} gold",
        "de": f"2 Würfel Nahrung für {2 * buy} Gold kaufen",
        "ru": f"Купить 2 пищевых товара за {2 * buy} {ru_gold(2 * buy)}",
    }
    assert say(s, seat, A("market_buy", "alimentary", 2), group=True) == {
        "en": f"Buy alimentary goods at {buy} gold each: quantity",
        "de": f"Nahrung für je {buy} Gold kaufen: Menge",
        "ru": f"Купить пищевые товары по цене {buy} {ru_gold(buy)} за единицу: количество",
    }
    assert say(s, seat, A("market_sell", "alimentary", 1)) == {
        "en": f"Sell 1 alimentary for {sell} gold",
        "de": f"1 Würfel Nahrung für {sell} Gold verkaufen",
        "ru": f"Продать 1 пищевой товар за {sell} {ru_gold(sell)}",
    }
    assert {"type": "market_buy", "seat": seat, "good": "alimentary", "qty": 2, "gold": 2 * buy} in act(
        s, seat, "market_buy", "alimentary", 2)


def test_public_buildings_and_commercial_use_count_fame_in_each_language() -> None:
    s = new_state(3)
    start_turns(s, 4, [0, 1, 2])
    s.players[0].gold = 100
    give_building(s, 0, "caupona")
    set_goods(s, 0, alimentary=2)
    for building, fp, ru in (("thermae_zeuxippi", 3, "3 очка репутации"),
                             ("portus_theodosiacus", 4, "4 очка репутации"),
                             ("hippodromus", 5, "5 очков репутации"), ("hagia_sophia", 6, "6 очков репутации")):
        cost = C.by_id[building].cost
        name = {"thermae_zeuxippi": "Thermae Zeuxippi", "portus_theodosiacus": "Portus Theodosiacus",
                "hippodromus": "Hippodromus", "hagia_sophia": "Hagia Sophia"}[building]
        assert say(s, 0, A("buy_building", building, False)) == {
            "en": f"Buy {name} (public building, {fp} fame points) for {cost} gold",
            "de": f"{name} (öffentliches Gebäude, {fp} Ruhmespunkte) für {cost} Gold kaufen",
            "ru": f"Купить {name} (общественное здание, {ru}) за {cost} {ru_gold(cost)}",
        }
    give_building(s, 0, "redemptor")
    assert say(s, 0, A("buy_building", "thermae_zeuxippi", True)) == {
        "en": "Buy Thermae Zeuxippi (public building, 3 fame points) with the Redemptor discount "
              "for 21 gold instead of 24",
        "de": "Thermae Zeuxippi (öffentliches Gebäude, 3 Ruhmespunkte) mit dem Redemptor-Rabatt "
              "für 21 statt 24 Gold kaufen",
        "ru": "Купить Thermae Zeuxippi (общественное здание, 3 очка репутации) со скидкой Redemptor "
              "за 21 золото вместо 24",
    }
    assert say(s, 0, A("use_commercial", "caupona", None)) == {
        "en": "Use Caupona: pay 2 alimentary goods, gain 4 gold and 1 fame point",
        "de": "Caupona nutzen: 2 Würfel Nahrung abgeben, 4 Gold und 1 Ruhmespunkt erhalten",
        "ru": "Использовать Caupona: сдать 2 пищевых товара, получить 4 золота и 1 очко репутации",
    }


def test_redemptor_consul_pre_emption_and_porta_pegae() -> None:
    s = new_state(3)
    anna, boris = 0, 1
    set_offices(s, {anna: MAGISTER, boris: CONSUL})
    start_turns(s, 4, [anna, boris, 2])
    give_building(s, anna, "redemptor")
    assert say(s, anna, A("buy_building", "metallum", True)) == {
        "en": "Buy Metallum (production building, produces 1 industrial good, 2 military goods) "
              "with the Redemptor discount for 17 gold instead of 20",
        "de": "Metallum (Produktionsgebäude, produziert 1 Würfel Industriegüter, 2 Würfel Militärgüter) "
              "mit dem Redemptor-Rabatt für 17 statt 20 Gold kaufen",
        "ru": "Купить Metallum (производственное здание, производит 1 промышленный товар, "
              "2 военных товара) со скидкой Redemptor за 17 золота вместо 20",
    }
    act(s, anna, "buy_building", "metallum", True)
    assert s.to_act() == (boris,)
    assert say(s, boris, A("preempt", True)) == {
        "en": "Pre-empt as Consul: buy Metallum yourself for the full price of 20 gold",
        "de": "Vorkaufsrecht als Consul nutzen: Metallum selbst zum vollen Preis von 20 Gold kaufen",
        "ru": "Перехватить покупку как Consul: купить Metallum по полной цене — 20 золота",
    }
    assert say(s, boris, A("preempt", False)) == {
        "en": "Do not pre-empt: let Anna buy Metallum",
        "de": "Auf das Vorkaufsrecht verzichten: Anna kauft Metallum",
        "ru": "Не перехватывать: Metallum покупает игрок Anna",
    }
    assert {"type": "bought", "seat": anna, "building": "metallum", "gold": 17} in act(s, boris, "preempt", False)

    give_building(s, anna, "caupona")
    give_building(s, anna, "porta_pegae")
    set_goods(s, anna, alimentary=4)
    act(s, anna, "use_commercial", "caupona", None)
    assert say(s, anna, A("use_porta_pegae", "caupona", None)) == {
        "en": "Use Caupona again through Porta Pegae: pay 2 alimentary goods, gain 4 gold and 1 fame point",
        "de": "Caupona dank Porta Pegae erneut nutzen: 2 Würfel Nahrung abgeben, 4 Gold und 1 Ruhmespunkt erhalten",
        "ru": "Снова использовать Caupona благодаря Porta Pegae: сдать 2 пищевых товара, "
              "получить 4 золота и 1 очко репутации",
    }


# ---- phase 6 ----------------------------------------------------------------------------------
def test_contracts_read_like_their_cards_with_russian_plurals() -> None:
    s = new_state(3)
    start_turns(s, 6, [0, 1, 2])
    give_hand(s, 0, "c032", "c029", "c104")
    s.players[0].posts = 1
    refresh(s)
    assert say(s, 0, A("reserve_contract", "c032")) == {
        "en": "Reserve contract c032 to Mesembria (1 alimentary good + 1 passenger → 1 gold, 1 fame point) "
              "on a trading post",
        "de": "Den Auftrag c032 nach Mesembria (1 Würfel Nahrung + 1 Passagier → 1 Gold, 1 Ruhmespunkt) "
              "auf einem Handelsposten reservieren",
        "ru": "Зарезервировать контракт c032 (Mesembria: 1 пищевой товар + 1 пассажир → 1 золото, 1 очко репутации) "
              "на торговой фактории",
    }
    assert say(s, 0, A("reserve_contract", "c029"))["ru"] == (
        "Зарезервировать контракт c029 (Nicaea: 2 пассажира → 2 золота, 0 очков репутации) на торговой фактории")
    assert say(s, 0, A("reserve_contract", "c104")) == {
        "en": "Reserve contract c104 to Ravenna (5 passengers → 15 gold, 0 fame points) on a trading post",
        "de": "Den Auftrag c104 nach Ravenna (5 Passagiere → 15 Gold, 0 Ruhmespunkte) "
              "auf einem Handelsposten reservieren",
        "ru": "Зарезервировать контракт c104 (Ravenna: 5 пассажиров → 15 золота, 0 очков репутации) "
              "на торговой фактории",
    }
    # The hand left at the end of the turn is discarded: 3 contracts, then 1, then 5.
    assert say(s, 0, A("end_turn")) == {
        "en": "End your turn and discard the 3 contracts left in your hand",
        "de": "Zug beenden und 3 Aufträge von der Hand abwerfen",
        "ru": "Закончить ход и сбросить 3 контракта с руки",
    }
    s.players[0].hand = s.players[0].hand[:1]
    assert say(s, 0, A("end_turn"))["ru"] == "Закончить ход и сбросить 1 контракт с руки"
    assert say(s, 0, A("end_turn"))["en"] == "End your turn and discard the 1 contract left in your hand"
    give_hand(s, 0, "c001", "c002", "c003", "c004")
    assert say(s, 0, A("end_turn"))["ru"] == "Закончить ход и сбросить 5 контрактов с руки"
    assert say(s, 0, A("buy_trading_post")) == {
        "en": "Buy a trading post for 4 gold and draw 1 contract",
        "de": "Einen Handelsposten für 4 Gold kaufen und 1 Auftrag ziehen",
        "ru": "Купить торговую факторию за 4 золота и взять 1 контракт",
    }


def test_loading_a_large_ship_and_its_bonus() -> None:
    s = new_state(3)
    start_turns(s, 6, [0, 1, 2])
    set_ships(s, 0, (LARGE, PORT, ()))
    give_hand(s, 0, "c093", "c001", "c029")
    set_goods(s, 0, alimentary=2, military=2, luxury=2)
    assert say(s, 0, A("buy_ship", "medium")) == {
        "en": "Buy a medium ship (capacity 5) for 9 gold",
        "de": "Ein mittleres Schiff (Kapazität 5) für 9 Gold kaufen",
        "ru": "Купить средний корабль (вместимость 5) за 9 золота",
    }
    assert say(s, 0, A("dispatch_ship", "large", "c093")) == {
        "en": "Load a large ship, starting with contract c093 to Roma (2 military goods, 2 luxury goods → 25 gold, "
              "7 fame points; long voyage)",
        "de": "Ein großes Schiff beladen, zuerst mit dem Auftrag c093 nach Roma (2 Würfel Militärgüter, "
              "2 Würfel Luxusgüter → 25 Gold, 7 Ruhmespunkte; lange Fahrt)",
        "ru": "Загрузить большой корабль, начиная с контракта c093 (Roma: 2 военных товара, "
              "2 предмета роскоши → 25 золота, 7 очков репутации; длинное плавание)",
    }
    act(s, 0, "dispatch_ship", "large", "c093")
    assert say(s, 0, A("load_contract", "c001"))["en"] == (
        "Also load contract c001 to Nicomedia (2 alimentary goods → 3 gold, 1 fame point; short voyage)")
    assert say(s, 0, A("load_contract", "c029")) == {
        "en": "Also load contract c029 to Nicaea (2 passengers → 2 gold, 0 fame points; short voyage)",
        "de": "Auch den Auftrag c029 nach Nicaea (2 Passagiere → 2 Gold, 0 Ruhmespunkte; kurze Fahrt) laden",
        "ru": "Погрузить также контракт c029 (Nicaea: 2 пассажира → 2 золота, 0 очков репутации; ближнее плавание)",
    }
    act(s, 0, "load_contract", "c001")
    assert A("load_contract", "c029") not in s.legal_actions(0)  # 4 + 2 goods aboard, no room for 2 passengers
    assert say(s, 0, A("sail")) == {
        "en": "Set sail: large ship with 2 contracts, long voyage, bonus 2 fame points",
        "de": "Auslaufen: großes Schiff, 2 Aufträge, lange Fahrt, Bonus 2 Ruhmespunkte",
        "ru": "Отправить в плавание большой корабль: 2 контракта, длинное плавание, бонус 2 очка репутации",
    }
    events = act(s, 0, "sail")
    assert any(e["type"] == "ship_dispatched" and e["fp"] == 2 and e["voyage"] == 2 for e in events)


def test_a_free_trade_offer_step_by_step() -> None:
    s = get(GAME).new(3, seed=4, options={"free_trade": True})
    seat, offer = play_to(s, "trade_offer")
    me, other = NAMES[seat], NAMES[offer.to_json()["target"]]
    assert say(s, seat, offer)["de"] == f"{other} einen Tausch vorschlagen"
    s.apply(seat, offer)
    assert say(s, seat, A("offer_gold", 5)) == {
        "en": f"Give {other} 5 more gold",
        "de": f"5 Gold mehr an {other} geben",
        "ru": f"Дать игроку {other} ещё 5 золота",
    }
    act(s, seat, "offer_gold", 5)
    act(s, seat, "offer_good", "alimentary")
    assert say(s, seat, A("offer_next")) == {
        "en": f"Done giving (5 gold, 1 alimentary good): now choose what to ask {other} for",
        "de": f"Genug gegeben (5 Gold, 1 Würfel Nahrung): jetzt wählen, was du von {other} verlangst",
        "ru": f"Больше ничего не добавлять (вы отдаёте: 5 золота, 1 пищевой товар) "
              f"и выбрать, что попросить у игрока {other}",
    }
    act(s, seat, "offer_next")
    assert say(s, seat, A("offer_gold", 1)) == {
        "en": f"Ask {other} for 1 more gold", "de": f"Von {other} 1 Gold mehr verlangen",
        "ru": f"Попросить у игрока {other} ещё 1 золото"}
    act(s, seat, "offer_gold", 1)
    assert say(s, seat, A("offer_next")) == {
        "en": f"Send the offer to {other}: 5 gold, 1 alimentary good for 1 gold",
        "de": f"Angebot an {other} senden: 5 Gold, 1 Würfel Nahrung gegen 1 Gold",
        "ru": f"Отправить предложение игроку {other}: вы отдаёте 5 золота, 1 пищевой товар, а получаете 1 золото",
    }
    act(s, seat, "offer_next")
    target = s.to_act()[0]
    assert say(s, target, A("trade_answer", True)) == {
        "en": f"Accept the offer from {me}: you get 5 gold, 1 alimentary good and give 1 gold",
        "de": f"Angebot von {me} annehmen: du erhältst 5 Gold, 1 Würfel Nahrung und gibst 1 Gold",
        "ru": f"Принять предложение игрока {me}: вы получаете 5 золота, 1 пищевой товар и отдаёте 1 золото",
    }
    assert say(s, target, A("trade_answer", False))["ru"] == f"Отклонить предложение игрока {me}"


# ---- phases 7 and 8 ---------------------------------------------------------------------------
def test_donation_promises_the_fame_it_gives() -> None:
    s = get(GAME).new(2, seed=1)
    seat, donate = play_to(s, "donate", good="alimentary")
    row = next(d for d in s.view(seat)["market"]["donations"] if d["good"] == "alimentary")
    qty, fp = row["qty"], row["fp"] + 1  # with Porta Xylokerkou, given below
    give_building(s, seat, "porta_xylokerkou")
    assert say(s, seat, donate) == {
        "en": f"Donate {qty} alimentary for {fp} {en_fp(fp)}",
        "de": f"{qty} Würfel Nahrung für {fp} {'Ruhmespunkt' if fp == 1 else 'Ruhmespunkte'} spenden",
        "ru": f"Пожертвовать {qty} {ru_form(qty, 'пищевой товар', 'пищевых товара', 'пищевых товаров')} за {fp} "
              f"{ru_form(fp, 'очко', 'очка', 'очков')} репутации",
    }
    assert say(s, seat, A("donate_none"))["de"] == "Nichts spenden"
    events = s.apply(seat, donate)
    while not any(e["type"] == "donation" for e in events):
        other = s.to_act()[0]
        events = s.apply(other, passive_choice(s, other))
    assert {"type": "donation", "seat": seat, "good": "alimentary", "qty": qty, "fp": fp} in events


def test_keeping_goods_counts_the_discarded_ones() -> None:
    s = get(GAME).new(2, seed=1)
    seat, keep = play_to(s, "keep_goods", alimentary=1)
    assert s.view(seat)["players"][seat]["goods"]["alimentary"] == 2  # the Ager's output of round 1
    assert say(s, seat, keep) == {
        "en": "Keep 1 alimentary good and discard 1 good",
        "de": "1 Würfel Nahrung behalten und 1 Würfel abwerfen",
        "ru": "Оставить 1 пищевой товар и сбросить 1 товар",
    }
    assert say(s, seat, A("keep_goods", 0, 0, 0, 0, 0)) == {
        "en": "Keep nothing and discard 2 goods",
        "de": "Nichts behalten und 2 Würfel abwerfen",
        "ru": "Ничего не оставлять и сбросить 2 товара",
    }


# ---- the catalog and whole games ----------------------------------------------------------------
def _fields(template: str) -> set[str]:
    """The fields a template reads, also inside a format spec ({qty:good_{good.id}})."""
    out = set()
    for _, name, spec, _ in string.Formatter().parse(template):
        if name:
            out.add(name.split(".")[0])
        if spec and "{" in spec:
            out |= _fields(spec)
    return out


def _plural_words(spec: str, plurals: dict[str, Any]) -> set[str]:
    """The plural words a spec may name: ``good_{good.id}`` names one per good."""
    spec = spec.removesuffix("!")
    if "{" not in spec:
        return {spec}
    return {w for w in plurals if w.startswith(spec.split("{")[0])} or {spec}


def test_every_language_words_the_same_actions_with_the_same_fields() -> None:
    cat = catalog(GAME)
    en = cat["en"]["actions"]
    for lang in LANGS:
        assert set(cat[lang]["actions"]) == set(en), lang
        plurals = cat[lang].get("plurals", {})
        for key, template in cat[lang]["actions"].items():
            assert _fields(template) == _fields(en[key]), (lang, key)
            specs = {w for _, _, spec, _ in string.Formatter().parse(template) if spec
                     for w in _plural_words(spec, plurals)}
            assert specs <= set(plurals), (lang, key, specs - set(plurals))
    # The labels of a run of bids, quantities, amounts (a gold offer: given or asked for).
    assert {"office_challenge_group", "bid_raise_group", "market_buy_group", "market_sell_group",
            "offer_gold_give_group", "offer_gold_get_group"} <= set(en)
    assert set(SPACE.numeric) == {"office_challenge", "bid_raise", "market_buy", "market_sell", "offer_gold"}


# Every action of a kind that moves gold or fame says the amount the rules then apply: the words'
# field, and the field of the event the action emits at once.
PROMISES = {"buy_building": ("bought", "cost", "gold"), "market_buy": ("market_buy", "total", "gold"),
            "market_sell": ("market_sell", "total", "gold"), "use_commercial": ("commercial", "gold", "gold"),
            "use_porta_pegae": ("commercial", "fp", "fp"), "buy_ship": ("ship_bought", "cost", "gold"),
            "buy_trading_post": ("trading_post_bought", "cost", "gold"), "office_move": ("office_move", "cost", "gold"),
            "sail": ("ship_dispatched", "fp", "fp")}


# A random player who builds, loads ships and donates whenever he may (reaches the rarer kinds).
BUILDER = testkit.preferring(("buy_building", "preempt", "use_porta_pegae", "use_commercial", "dispatch_ship",
                              "load_contract", "donate"), 0.9,
                             lambda rng: testkit.by_kind(rng, frozenset({"office_challenge", "bid_raise"})))


def _random_game(players: int, free_trade: bool, seed: int, builder: bool) -> tuple[set[str], set[str], list[str]]:
    """A whole random game: the kinds and keys seen, and every problem found."""
    s = get(GAME).new(players, seed=seed, options={"free_trade": free_trade})
    rng = random.Random(seed)
    choose = (BUILDER if builder else testkit.uniform)(rng)
    kinds: set[str] = set()
    keys: set[str] = set()
    problems: list[str] = []
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        view = s.view(seat)
        runs: dict[str, int] = {}
        for a in legal:
            j = a.to_json()
            key, _ = wording.words(view, seat, j)
            kinds.add(a.kind)
            keys.add(key)
            # A long run of one numeric choice (bids up to 300) reads alike: its first three and its label.
            numeric = SPACE.numeric.get(a.kind)
            run = str({k: v for k, v in j.items() if k != numeric}) if numeric else ""
            runs[run] = runs.get(run, 0) + 1
            if runs[run] > 3 and numeric:
                continue
            fallback = " ".join(w.capitalize() for w in a.kind.split("_"))
            groups = (False, True) if numeric and runs[run] == 1 else (False,)
            texts = {(lang, g): describe(GAME, view, seat, j, lang, NAMES, g) for lang in LANGS for g in groups}
            for (lang, g), text in texts.items():
                if "{" in text or "}" in text or "None" in text or text == fallback or text.startswith(fallback + " ("):
                    problems.append(f"{lang} {j} group={g}: {text}")
                if lang != "en" and text == texts[("en", g)]:
                    problems.append(f"{lang} reads like English: {text}")
        a = choose(s, seat, legal)
        words = wording.words(view, seat, a.to_json())[1]
        events = s.apply(seat, a)
        if a.kind in PROMISES and not any(e["type"] == "buy_declared" for e in events):
            etype, field, efield = PROMISES[a.kind]
            event = next(e for e in events if e["type"] == etype)
            if event[efield] != words[field]:
                problems.append(f"{a}: the text says {words[field]}, the rules give {event[efield]}")
    return kinds, keys, problems


def test_random_games_word_every_legal_action_in_every_language() -> None:
    kinds: set[str] = set()
    keys: set[str] = set()
    for players, free_trade, builder, seed in ((2, True, False, 2), (3, False, True, 5), (4, True, False, 4),
                                               (5, False, True, 1)):
        k, w, problems = _random_game(players, free_trade, seed, builder)
        assert not problems, problems[:5]
        kinds |= k
        keys |= w
    # Porta Pegae's second use, rare in random play, is worded in a scenario above.
    assert set(SPACE.schemas) - kinds <= {"use_porta_pegae"}, set(SPACE.schemas) - kinds
    assert len(keys) > 50
