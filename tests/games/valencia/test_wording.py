"""Valencia / Strasbourg legal actions in words (mercator.games.valencia.wording and the
[<lang>.actions] templates of messages.toml), read the way a player reads them: scripted
situations from real games, then random games at every player count of both editions."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest

from mercator.engine.i18n import LANGS, catalog, describe
from mercator.games import get
from mercator.games.valencia import wording
from mercator.games.valencia.space import SPACE, C

from .scenario import (
    P1,
    P2,
    P3,
    P4,
    act,
    build_landmark,
    legal,
    new_state,
    put_members,
    refresh,
    set_council,
    set_goods,
    set_goods_supply,
    set_pile,
    skip_tasks,
    start_step,
    task_id,
)

GAME = "valencia"
NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva"]


def say(state, seat: int, lang: str, kind: str | None = None) -> list[str]:
    """The texts of ``seat``'s legal actions (of ``kind``), in the engine's order."""
    view = state.view(seat)
    return [describe(GAME, view, seat, a, lang, NAMES) for a in legal(state, seat) if kind in (None, a["kind"])]


def said(state, seat: int, action: dict[str, Any], lang: str) -> str:
    assert action in legal(state, seat), action
    return describe(GAME, state.view(seat), seat, action, lang, NAMES)


def by_arg(state, seat: int, kind: str, arg: str, lang: str) -> dict[str, str]:
    view = state.view(seat)
    return {a[arg]: describe(GAME, view, seat, a, lang, NAMES) for a in legal(state, seat) if a["kind"] == kind}


# ---- scripted situations --------------------------------------------------------------------------
DEALT = ("t_landmark_2", "t_line", "t_palms", "t_cathedral", "t_big_family")


def _dealt(edition: str):
    s = new_state(4, edition)
    s.players[P1].dealt = [task_id(t) for t in DEALT]
    refresh(s)
    return s


def test_keeping_tasks_names_the_edition_s_cards_and_what_is_at_stake() -> None:
    s = _dealt("valencia")
    ru = {keep: said(s, P1, {"kind": "keep_tasks", "keep": keep}, "ru") for keep in ("10000", "01100", "11111")}
    assert ru == {
        "10000": "Оставить 1 задание: У фонтана 2 (на кону: +5 / −5 ПО)",
        "01100": "Оставить 2 задания: Улица, В тени (на кону: +11 / −11 ПО)",
        "11111": "Оставить 5 заданий: У фонтана 2, Улица, В тени, Соборная должность, Большая семья "
                 "(на кону: +28 / −28 ПО)",
    }
    one = {"kind": "keep_tasks", "keep": "10000"}
    assert said(s, P1, one, "en") == "Keep 1 task card: At the 2-fountain (at stake: +5 / −5 VP)"
    assert said(s, P1, one, "de") == "1 Aufgabenkarte behalten: Am 2er-Brunnen (es geht um +5 / −5 SP)"
    s = _dealt("strasbourg")  # other names, and a flat penalty of 3 per card
    every = {"kind": "keep_tasks", "keep": "11111"}
    assert said(s, P1, every, "en") == ("Keep 5 task cards: At the 2-edifice, Street, Under the chapels, "
                                        "Nobility or Church, Big family (at stake: +28 / −15 VP)")
    assert said(s, P1, every, "de") == ("5 Aufgabenkarten behalten: Am 2er-Bauwerk, Straße, Bei den Kapellen, "
                                        "Adel oder Kirche, Große Familie (es geht um +28 / −15 SP)")
    assert said(s, P1, {"kind": "keep_tasks", "keep": "00110"}, "ru") == \
        "Оставить 2 задания: У часовен, Знать или церковь (на кону: +8 / −6 ПО)"


def test_drawing_and_forming_stacks_show_the_cards_and_the_stacks_so_far() -> None:
    s = new_state(4)
    skip_tasks(s)
    set_pile(s, P1, [6, 3, 5, 2])
    assert say(s, P1, "en") == ["Draw the top card of your pile (24 cards left)"]
    assert say(s, P1, "de") == ["Die oberste Karte deines Nachziehstapels ziehen (noch 24 Karten)"]
    assert say(s, P1, "ru") == ["Взять верхнюю карту своей колоды (в колоде 24 карты)"]
    for _ in range(3):
        act(s, P1, "draw")
    draw = {"kind": "draw"}
    assert said(s, P1, draw, "en") == "Draw another card (21 cards left; drawn so far: 6, 3, 5)"
    assert said(s, P1, draw, "de") == "Eine weitere Karte ziehen (noch 21 Karten; bisher gezogen: 6, 3, 5)"
    assert said(s, P1, draw, "ru") == "Взять ещё одну карту (в колоде 21 карта; взято: 6, 3, 5)"
    act(s, P1, "draw")
    assert said(s, P1, draw, "ru") == "Взять ещё одну карту (в колоде 20 карт; взято: 6, 3, 5, 2)"
    stop = {"kind": "stop"}
    assert said(s, P1, stop, "en") == "Stop drawing and form stacks from 4 cards: 6, 3, 5, 2"
    assert said(s, P1, stop, "de") == "Aufhören zu ziehen und aus 4 Karten Stapel bilden: 6, 3, 5, 2"
    assert said(s, P1, stop, "ru") == "Прекратить брать карты и разложить по стопкам: 6, 3, 5, 2"
    act(s, P1, "stop")  # the cards come highest first: 6, 5, 3, 2
    assert say(s, P1, "en") == ["Put the 6 on a new stack (stack 1)"]
    act(s, P1, "assign_new")
    assert say(s, P1, "en") == ["Put the 5 on stack 1 (6 + 5 = 11)", "Put the 5 on a new stack (stack 2)"]
    act(s, P1, "assign_new")
    assert say(s, P1, "en") == ["Put the 3 on stack 1 (6 + 3 = 9)", "Put the 3 on stack 2 (5 + 3 = 8)",
                                "Put the 3 on a new stack (stack 3)"]
    assert say(s, P1, "de")[1] == "Die 3 auf Stapel 2 legen (5 + 3 = 8)"
    assert say(s, P1, "ru")[2] == "Положить карту 3 в новую стопку (стопка 3)"
    act(s, P1, "assign", stack=1)
    assert say(s, P1, "ru")[0] == "Положить карту 2 в стопку 1 (6 + 3 + 2 = 11)"


def test_an_auction_reveal_defer_displacing_seats_and_returning_a_card() -> None:
    s = new_state(4)
    set_council(s, {"nobility": P3, "church": P4})
    start_step(s, "v1", "A", figure=P1, stacks={P1: [[6, 4]], P2: [[5]], P3: [[3, 2]]})
    s.players[P1].privileges, s.privilege_supply = 2, s.privilege_supply - 2
    refresh(s)
    assert say(s, P1, "en") == ["Reveal stack 1: 6 + 4 = 10", "Pass",
                                "Spend a privilege and decide later (1 privilege left)"]
    assert say(s, P1, "de") == ["Stapel 1 aufdecken: 6 + 4 = 10", "Passen",
                                "Ein Privileg abgeben und später entscheiden (danach 1 Privileg)"]
    assert say(s, P1, "ru") == ["Открыть стопку 1: 6 + 4 = 10", "Пас",
                                "Потратить привилегию и решить позже (останется 1 привилегия)"]
    act(s, P1, "reveal", stack=1)
    single = {"kind": "reveal", "stack": 1}
    assert [said(s, P2, single, lang) for lang in LANGS] == [
        "Reveal stack 1: a single 5", "Stapel 1 aufdecken: eine einzelne 5", "Открыть стопку 1: одна карта 5"]
    act(s, P2, "reveal", stack=1)
    act(s, P3, "reveal", stack=1)
    # P1 10 wins the nobility seat Clara holds; P2 5 beats P3 5 (closer to the figure) to Dmitri's church seat.
    assert say(s, P1, "en") == ["Take the council seat of the nobility, displacing Clara",
                                "Do not take the council seat of the nobility"]
    assert say(s, P1, "de") == ["Ein Familienmitglied in den Rat setzen: Adel (Clara wird verdrängt)",
                                "Auf das Ratsfeld verzichten: Adel"]
    assert say(s, P1, "ru") == ["Занять место в совете: знать (вытеснив игрока Clara)",
                                "Отказаться от места в совете: знать"]
    act(s, P1, "take_seat")
    assert say(s, P2, "de")[0] == "Ein Familienmitglied in den Rat setzen: Kirche (Dmitri wird verdrängt)"
    act(s, P2, "decline")
    assert say(s, P3, "en") == ["Put the 2 back under your pile", "Put the 3 back under your pile",
                                "Return no card (to the discard pile: 3, 2)"]
    assert say(s, P3, "de") == ["Die 2 unter deinen Nachziehstapel legen", "Die 3 unter deinen Nachziehstapel legen",
                                "Keine Karte zurücklegen (auf den Ablagestapel: 3, 2)"]
    assert say(s, P3, "ru")[::2] == ["Положить карту 2 под низ своей колоды",
                                     "Не возвращать карту (в сброс: 3, 2)"]


def test_a_guild_auction_seat_placements_with_their_cost_and_fountains_and_the_apprentice() -> None:
    s = new_state(4)
    build_landmark(s, "fountain_2", "r2c2")
    build_landmark(s, "fountain_5", "r6c6")
    start_step(s, "v1", "B", figure=P1, stacks={P1: [[6]], P2: [[5]], P3: [[4]]})
    for seat in (P1, P2, P3):
        act(s, seat, "reveal", stack=1)
    assert [say(s, P1, lang)[0] for lang in LANGS] == [
        "Take the council seat of the bakers' guild", "Ein Familienmitglied in den Rat setzen: Bäckergilde",
        "Занять место в совете: гильдия пекарей"]
    act(s, P1, "take_seat")
    en, de, ru = (by_arg(s, P1, "place", "space", lang) for lang in LANGS)
    assert en["r1c1"] == "Place a family member on r1c1 (bakers) for 2 coins"
    assert en["r2c1"] == "Place a family member on r2c1 (bakers) for 2 coins, next to the 2-fountain (+2 coins)"
    assert en["r6c5"] == "Place a family member on r6c5 (bakers) for 2 coins, next to the 5-fountain"
    assert de["r2c1"] == "Ein Familienmitglied für 2 Münzen auf r2c1 (Bäcker) setzen, neben dem 2er-Brunnen (+2 Münzen)"
    assert ru["r2c1"] == "Поставить члена семьи на r2c1 (пекари) за 2 монеты, рядом с фонтаном 2 (+2 монеты)"
    assert [say(s, P1, lang, "decline") for lang in LANGS] == [
        ["Place no family member in the city"], ["Kein Familienmitglied ins Stadtgebiet setzen"],
        ["Не ставить члена семьи в город"]]
    act(s, P1, "place", space="r2c1")
    act(s, P2, "decline")
    assert say(s, P3, "en", "take_good") + say(s, P3, "en", "nothing") == [
        "Take a good of the bakers (sells for 2 coins)", "Take nothing"]
    assert say(s, P3, "de", "take_good") == ["Eine Ware der Bäcker nehmen (Verkaufswert 2 Münzen)"]
    assert say(s, P3, "ru", "take_good") + say(s, P3, "ru", "nothing") == [
        "Взять товар пекарей (продаётся за 2 монеты)", "Ничего не брать"]


def test_a_merchants_auction_seat_and_sales_with_the_coins_they_bring() -> None:
    s = new_state(4)
    start_step(s, "v1", "G", figure=P1, stacks={P1: [[6]]})
    set_goods(s, P1, bakers=1, smiths=2)
    s.players[P1].coins = 19
    act(s, P1, "reveal", stack=1)
    assert [say(s, P1, lang)[0] for lang in LANGS] == [
        "Take the council seat of the merchants", "Ein Familienmitglied in den Rat setzen: Kaufleute",
        "Занять место в совете: купцы"]
    act(s, P1, "take_seat")
    assert say(s, P1, "en") == ["Sell a good of the bakers for 2 coins (you then have 21 coins)",
                                "Sell a good of the smiths for 6 coins (you then have 25 coins)",
                                "Stop selling (you have 19 coins)"]
    assert say(s, P1, "de") == ["Eine Ware der Bäcker für 2 Münzen verkaufen (dann hast du 21 Münzen)",
                                "Eine Ware der Schmiede für 6 Münzen verkaufen (dann hast du 25 Münzen)",
                                "Verkauf beenden (du hast 19 Münzen)"]
    assert say(s, P1, "ru") == ["Продать товар пекарей за 2 монеты (у вас будет 21 монета)",
                                "Продать товар кузнецов за 6 монет (у вас будет 25 монет)",
                                "Закончить продажу (у вас 19 монет)"]
    act(s, P1, "sell", guild="bakers")
    assert say(s, P1, "ru") == ["Продать товар кузнецов за 6 монет (у вас будет 27 монет)",
                                "Закончить продажу (у вас 21 монета)"]


def test_a_relocation_names_the_target_s_guild_fountains_and_arrival_bonuses() -> None:
    s = new_state(4)
    build_landmark(s, "fountain_2", "r5c2")
    build_landmark(s, "fountain_3", "r6c3")
    put_members(s, P3, "r4c3")
    put_members(s, P1, "r4c2")
    start_step(s, "v1", "I", figure=P3, stacks={P3: [[6]]})
    act(s, P3, "reveal", stack=1)
    assert say(s, P3, "en") == [
        "Move your family member from r4c3 to r3c3 (shoemakers)",
        "Move your family member from r4c3 to r5c3 (vintners), next to the 2-fountain (+2 coins), "
        "the 3-fountain (+1 good)",
        "Move your family member from r4c3 to r4c4 (bakers)",
        "Move no family member"]
    assert say(s, P3, "de")[1:] == [
        "Dein Familienmitglied von r4c3 nach r5c3 (Winzer) ziehen, neben dem 2er-Brunnen (+2 Münzen), "
        "dem 3er-Brunnen (+1 Ware)",
        "Dein Familienmitglied von r4c3 nach r4c4 (Bäcker) ziehen", "Kein Familienmitglied weiterziehen"]
    set_goods_supply(s, "vintners", 0)  # the 3-fountain has no good left to give
    assert say(s, P3, "ru")[1:] == [
        "Переставить члена семьи с r4c3 на r5c3 (виноделы), рядом с фонтаном 2 (+2 монеты), с фонтаном 3",
        "Переставить члена семьи с r4c3 на r4c4 (пекари)",
        "Не переставлять члена семьи"]


def _round_landmark(state, landmark_id: str) -> None:
    """Round 1 builds ``landmark_id`` (swapped with the one drawn for it)."""
    lid = next(lm.lid for lm in state.ed.landmarks if lm.id == landmark_id)
    order = state.round_landmark
    i = order.index(lid)
    order[0], order[i] = order[i], order[0]


def test_a_palm_and_a_fountain_at_the_end_of_a_valencia_round_with_what_they_are_worth() -> None:
    s = new_state(4)
    set_council(s, {"nobility": P1, "church": P2})
    put_members(s, P2, "r1c1", "r1c2", "r2c8")
    put_members(s, P1, "r2c1", "r5c1")
    _round_landmark(s, "fountain_6")
    start_step(s, "v1", "I", figure=P1, stacks={})  # nobody bids: the builds follow
    en, de, ru = (by_arg(s, P2, "place_bonus_piece", "dot", lang) for lang in LANGS)
    assert en["dot_r1c1"] == "Place a palm between r1c1, r1c2, r2c1 and r2c2 (worth +2 VP to you, +1 VP to the others)"
    assert en["dot_r1c7"] == "Place a palm between r1c7, r1c8, r2c7 and r2c8 (worth +1 VP to you)"
    assert en["dot_r5c1"] == "Place a palm between r5c1, r5c2, r6c1 and r6c2 (worth +1 VP to the others)"
    assert en["dot_r2c3"] == "Place a palm between r2c3, r2c4, r3c3 and r3c4"
    assert de["dot_r1c1"] == ("Eine Palme zwischen r1c1, r1c2, r2c1 und r2c2 setzen "
                              "(bringt dir +2 SP, den anderen +1 SP)")
    assert ru["dot_r1c1"] == "Поставить пальму между r1c1, r1c2, r2c1 и r2c2 (вам +2 ПО, соперникам +1 ПО)"
    act(s, P2, "place_bonus_piece", dot="dot_r1c1")
    en, de, ru = (by_arg(s, P1, "place_landmark", "site", lang) for lang in LANGS)
    assert en["r2c2"] == "Build the 6-fountain on r2c2 (worth +6 VP to you, +6 VP to the others)"
    assert en["r1c3"] == "Build the 6-fountain on r1c3 (worth +6 VP to the others)"
    assert en["r5c2"] == "Build the 6-fountain on r5c2 (worth +6 VP to you)"
    assert en["r6c6"] == "Build the 6-fountain on r6c6"
    assert de["r2c2"] == "Auf r2c2 den 6er-Brunnen bauen (bringt dir +6 SP, den anderen +6 SP)"
    assert ru["r5c2"] == "Построить фонтан 6 на r5c2 (вам +6 ПО)"


def test_strasbourg_builds_chapels_and_edifices_without_arrival_bonuses() -> None:
    s = new_state(4, "strasbourg")
    build_landmark(s, "edifice_2", "r2c2")
    start_step(s, "s1", "B", figure=P1, stacks={P1: [[6]]})
    act(s, P1, "reveal", stack=1)
    act(s, P1, "decline")  # the bakers' guild seat
    spaces = by_arg(s, P1, "place", "space", "ru")
    assert spaces["r2c1"] == "Поставить члена семьи на r2c1 (пекари) за 2 монеты, рядом со зданием 2"
    assert by_arg(s, P1, "place", "space", "en")["r2c1"] == \
        "Place a family member on r2c1 (bakers) for 2 coins, next to the 2-edifice"

    s = new_state(4, "strasbourg")
    set_council(s, {"nobility": P1, "church": P2})
    put_members(s, P2, "r1c3")
    put_members(s, P3, "r2c3")
    put_members(s, P1, "r1c2", "r2c1")
    _round_landmark(s, "edifice_4")
    start_step(s, "s1", "G", figure=P1, stacks={})
    chapel = {"kind": "place_bonus_piece", "dot": "dot_r1c3"}
    assert [said(s, P2, chapel, lang) for lang in LANGS] == [
        "Place a chapel between r1c3, r1c4, r2c3 and r2c4 (worth +1 VP to you, +1 VP to the others)",
        "Eine Kapelle zwischen r1c3, r1c4, r2c3 und r2c4 setzen (bringt dir +1 SP, den anderen +1 SP)",
        "Поставить часовню между r1c3, r1c4, r2c3 и r2c4 (вам +1 ПО, соперникам +1 ПО)"]
    act(s, P2, "place_bonus_piece", dot="dot_r1c3")
    edifice = {"kind": "place_landmark", "site": "r2c2"}
    assert [said(s, P1, edifice, lang) for lang in LANGS] == [
        "Build the 4-edifice on r2c2 (worth +8 VP to you, +4 VP to the others)",
        "Auf r2c2 das 4er-Bauwerk bauen (bringt dir +8 SP, den anderen +4 SP)",
        "Построить здание 4 на r2c2 (вам +8 ПО, соперникам +4 ПО)"]


# ---- the catalog ------------------------------------------------------------------------------------
def test_every_kind_has_a_wording_and_every_template_its_plural_words() -> None:
    assert set(wording.HANDLERS) == set(SPACE.schemas)
    cat = catalog(GAME)
    keys = set(cat["en"]["actions"])
    for lang in LANGS:
        assert set(cat[lang]["actions"]) == keys, lang
        plurals = cat[lang]["plurals"]
        for key, template in cat[lang]["actions"].items():
            for _, field, spec, _ in string.Formatter().parse(template):
                assert field is None or not spec or spec.removesuffix("!") in plurals, (lang, key, spec)


def test_every_task_and_landmark_has_its_names() -> None:
    tasks = {t.id for t in C.tasks} | {f"strasbourg_{t.id}" for t in C.tasks if t.name_strasbourg != t.name_valencia}
    landmarks = {lm.id for e in C.editions.values() for lm in e.landmarks}
    bonuses = {f"{lm.id}_bonus" for lm in C.editions["valencia"].landmarks if lm.bonus}
    for lang in LANGS:
        assert set(catalog(GAME)[lang]["tasks"]) == tasks, lang
        assert set(catalog(GAME)[lang]["next_to"]) == landmarks | bonuses, lang
    names = catalog(GAME)["en"]["tasks"]
    assert all(names[t.id] == t.name_valencia for t in C.tasks)
    assert all(names.get(f"strasbourg_{t.id}", names[t.id]) == t.name_strasbourg for t in C.tasks)


def _fallback(action: dict[str, Any]) -> str:
    """What i18n.describe says when no template words the action."""
    args = ", ".join(f"{k}={v}" for k, v in action.items() if k != "kind")
    return " ".join(w.capitalize() for w in action["kind"].split("_")) + (f" ({args})" if args else "")


GAMES = [(edition, players) for edition in ("valencia", "strasbourg")
         for players in get(GAME).counts_for({"edition": edition})]


@pytest.mark.parametrize(("edition", "players"), GAMES)
def test_random_games_word_every_legal_action_in_every_language(edition: str, players: int) -> None:
    """Each legal action of a whole random game has its own template in every language (no
    fallback to English or to the kind's name), with every placeholder filled."""
    s = get(GAME).new(players, seed=players, options={"edition": edition})
    rng = random.Random(players)
    actions = catalog(GAME)
    while not s.is_over():
        seat = s.to_act()[0]
        view = s.view(seat)
        moves = s.legal_actions(seat)
        for a in moves:
            j = a.to_json()
            key, _ = wording.words(view, seat, j)
            texts = {lang: describe(GAME, view, seat, j, lang, NAMES[:players]) for lang in LANGS}
            for lang, text in texts.items():
                template = actions[lang]["actions"][key]
                assert "{" not in text and (text != _fallback(j) or template == text), (lang, text)
            assert texts["de"] != texts["en"] != texts["ru"], texts
        s.apply(seat, rng.choice(moves))
