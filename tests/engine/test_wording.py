"""Messages: CLDR plural words in templates, the shared seat words, and every game's legal actions
worded in every language from its catalog (never by the fallback)."""

from __future__ import annotations

import html
import random
import re

import pytest

from mercator.engine import i18n
from mercator.engine.i18n import LANGS, _Formatter, _value, catalog, describe, seat_name
from mercator.games import all_games

RU = {"card": {"one": "карта", "few": "карты", "many": "карт", "other": "карты"}}


@pytest.mark.parametrize(("n", "text"), [(1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"),
                                         (11, "11 карт"), (21, "21 карта"), (22, "22 карты"), (0, "0 карт")])
def test_russian_plural_words_follow_cldr(n: int, text: str) -> None:
    assert _Formatter("ru", RU).vformat("{n:card}", (), {"n": n}) == text


def test_plural_word_alone_and_plain_specs() -> None:
    de = _Formatter("de", {"coin": {"one": "Münze", "other": "Münzen"}})
    assert de.vformat("{n} {n:coin!}", (), {"n": 1}) == "1 Münze"
    assert de.vformat("{n:coin}", (), {"n": 3}) == "3 Münzen"
    # A spec that names no plural word is an ordinary format spec; a missing field stays visible.
    assert de.vformat("{n:>3}|{gone}", (), {"n": 7}) == "  7|{gone}"


def test_seat_names_in_every_language() -> None:
    assert seat_name("de", 1, "easy", "easy") == "Bot 2 (leicht)"
    assert seat_name("ru", 0, "", None) == "Место 1"
    assert seat_name("en", 0, "Seat 1", None) == "Seat 1"
    assert seat_name("ru", 2, "Anna", None) == "Anna"
    assert set(i18n.words()) == set(LANGS)
    assert all(set(i18n.words()[lang]) == set(i18n.words()["en"]) for lang in LANGS)


@pytest.mark.parametrize("info", all_games(), ids=lambda g: g.name)
def test_every_action_template_exists_in_every_language(info) -> None:
    actions = {lang: set(catalog(info.name).get(lang, {}).get("actions", {})) for lang in LANGS}
    assert actions["en"], f"{info.name} words no actions"
    for lang in LANGS:
        assert actions[lang] == actions["en"], f"{lang}: {sorted(actions[lang] ^ actions['en'])}"


@pytest.mark.parametrize("info", all_games(), ids=lambda g: g.name)
def test_legal_actions_are_worded_by_the_catalog_in_every_language(info) -> None:
    """Random games at the smallest and largest counts: every legal action of every decision has a
    text in each language, with no placeholder left and none from the fallback (the kind's name)."""
    wording = info.plugin("wording")
    kinds: set[str] = set()
    for players, seed in ((info.player_counts[0], 1), (info.player_counts[-1], 2)):
        state = info.new(players, seed=seed)
        rng = random.Random(seed)
        names = [f"N{i}" for i in range(players)]
        for _ in range(2000):
            if state.is_over():
                break
            seat = state.to_act()[0]
            view = state.view(seat)
            legal = state.legal_actions(seat)
            for action in legal:
                j = action.to_json()
                key, _fields = wording.words(view, seat, j)
                kinds.add(j["kind"])
                for lang in LANGS:
                    assert key in catalog(info.name)[lang]["actions"], (lang, key)
                    text = describe(info.name, view, seat, j, lang, names)
                    assert "{" not in text and text, (lang, j, text)
                    if j["kind"] in info.space.numeric:
                        assert "{" not in describe(info.name, view, seat, j, lang, names, group=True)
            state.apply(seat, rng.choice(legal))
    assert len(kinds) >= len(info.space.schemas) // 2, sorted(set(info.space.schemas) - kinds)


@pytest.mark.parametrize(("n", "ru", "de"), [(1, "1 дерево", "1 Paar Schuhe"), (3, "3 дерева", "3 Paar Schuhe"),
                                             (5, "5 дерева", "5 Paar Schuhe")])
def test_a_bundle_agrees_with_the_plural_words_of_its_goods(n: int, ru: str, de: str) -> None:
    ru_table = {"goods": {"wood": "дерево", "saddle": "седло"},
                "plurals": {"good_saddle": {"one": "седло", "few": "седла", "many": "сёдел", "other": "седла"},
                            "good_wood": {"one": "дерево", "few": "дерева", "many": "дерева", "other": "дерева"}}}
    bundle = {"wood": n, "saddle": n, "fur": 2, "iron": 0}
    saddles = {1: "1 седло", 3: "3 седла", 5: "5 сёдел"}[n]
    # A good without a plural word keeps "<n> <name>" (fur, not in the table at all: its id); none of 0.
    assert _value("raws", bundle, ru_table, [], frozenset(), "ru") == f"{ru}, {saddles}, 2 fur"
    de_table = {"goods": {"shoes": "Schuhe"}, "plurals": {"good_shoes": {"one": "Paar Schuhe", "other": "Paar Schuhe"}}}
    assert _value("goods", {"shoes": n}, de_table, [], frozenset(), "de") == de
    assert _value("goods", {}, {"words": {"nothing": "nichts"}}, [], frozenset(), "de") == "nichts"


def test_a_named_value_keeps_its_id_for_a_plural_word() -> None:
    table = {"goods": {"luxury": "предмет роскоши"},
             "plurals": {"good_luxury": {"one": "предмет роскоши", "few": "предмета роскоши",
                                         "many": "предметов роскоши"}}}
    name = _value("good", "luxury", table, [], frozenset(), "ru")
    assert name == "предмет роскоши" and name.id == "luxury"
    text = _Formatter("ru", table["plurals"]).vformat("{qty:good_{good.id}}", (), {"qty": 5, "good": name})
    assert text == "5 предметов роскоши"


# ---- the glossary: every catalog speaks the seeds' words --------------------------------------------

def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def _catalog_texts(game: str, lang: str) -> dict[str, str]:
    """Every text a player of ``game`` reads in ``lang``, by where it comes from."""
    from mercator.web.howto import howto_path
    from mercator.web.rules import render_rules, ui_text

    ui_keys = re.compile(i18n.glossary(game)["ui_keys"])
    page = re.sub(r"<[^>]+>", " ", render_rules(game, lang))
    return {"messages.toml": "\n".join(_strings(catalog(game).get(lang, {}))),
            "web/ui.toml": "\n".join(v for k, v in ui_text()[lang].items() if ui_keys.match(k)),
            "engine/words.toml": "\n".join(i18n.words()[lang].values()),
            f"howto/{lang}.md": howto_path(game, lang).read_text(encoding="utf-8"),
            "rules page": html.unescape(page)}


def _stem_pattern(term: str) -> str:
    """A term's words in any of their forms: each word's stem then any letters ("должность" finds
    "должности", "Reliquienkarte" "Reliquienkarten")."""
    words = re.findall(r"\w+", term.split(" (")[0])
    return r"\W+".join(re.escape(w[:max(3, len(w) - 2)]) + r"\w*" for w in words)


@pytest.mark.parametrize("info", all_games(), ids=lambda g: g.name)
def test_glossary_rows_are_complete(info) -> None:
    terms = i18n.glossary(info.name)["term"]
    assert len(terms) >= 12
    for row in terms:
        assert all(row.get(lang) for lang in LANGS), row
        # German comes from the game's German seed; the others are ours unless a seed names them.
        assert set(row["source"]) == set(LANGS) and row["source"]["en"] == "chosen", row
        assert all(re.fullmatch(r"\d{3}|chosen", s) for s in row["source"].values()), row
        assert set(row.get("reject", {})) <= set(LANGS) - {"en"}, row


@pytest.mark.parametrize("info", all_games(), ids=lambda g: g.name)
@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_uses_the_glossary_and_none_of_its_rejected_words(info, lang: str) -> None:
    texts = _catalog_texts(info.name, lang)
    everything = "\n".join(texts.values())
    for row in i18n.glossary(info.name)["term"]:
        for alternative in row[lang].split(" / "):
            assert re.search(_stem_pattern(alternative), everything, re.IGNORECASE), (lang, alternative)
        for rejected in row.get("reject", {}).get(lang, []):
            for where, text in texts.items():
                found = re.search(rejected, text, re.IGNORECASE)
                assert found is None, f"{where} ({lang}) says {found.group(0)!r}, the glossary says {row[lang]!r}"
