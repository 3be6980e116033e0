"""Messages: CLDR plural words in templates, the shared seat words, and every game's legal actions
worded in every language from its catalog (never by the fallback)."""

from __future__ import annotations

import html
import random
import re

import pytest

from mercator.engine import i18n
from mercator.engine.i18n import LANGS, _Formatter, _value, catalog, describe, seat_name
from mercator.engine.testkit import catalog_strings
from mercator.games import all_games

RU = {"card": {"one": "карта", "few": "карты", "many": "карт", "other": "карты"}}


@pytest.mark.parametrize(("n", "text"), [(1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"),
                                         (11, "11 карт"), (21, "21 карта"), (22, "22 карты"), (0, "0 карт")])
def test_russian_plural_words_follow_cldr(n: int, text: str) -> None:
    assert _Formatter("ru", RU).vformat("{n:card}", (), {"n": n}) == text


def test_quoted_names_in_each_languages_marks() -> None:
    event = {"type": "decrees_revealed", "decrees": ["dcr_relic_discount", "dcr_market_toll"]}
    assert i18n.render("colonia", event, "de") == "Ratserlasse dieser Woche: „Ablass“, „Marktzoll“"
    assert i18n.render("colonia", event, "ru").startswith("Указы этой недели: «")
    assert i18n.render("colonia", event, "en").count("“") == 2


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

def _catalog_texts(game: str, lang: str) -> dict[str, str]:
    """Every text a player of ``game`` reads in ``lang``, by where it comes from."""
    from mercator.web.howto import howto_path
    from mercator.web.rules import render_rules, ui_text

    ui_keys = re.compile(i18n.glossary(game)["ui_keys"])
    page = re.sub(r"<[^>]+>", " ", render_rules(game, lang))
    return {"messages.toml": "\n".join(catalog_strings(catalog(game).get(lang, {}))),
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


# ---- catalogs: no key missing or unused, every counted noun agrees with its number -----------------

# Forms written out by hand (not read from the catalogs): n -> the words a reader expects.
RU_COUNTS = {
    ("constantinopolis", "fp"): ("1 очко репутации", "2 очка репутации", "5 очков репутации", "21 очко репутации"),
    ("constantinopolis", "gold"): ("1 золото", "2 золота", "5 золота", "21 золото"),
    ("constantinopolis", "contract"): ("1 контракт", "2 контракта", "5 контрактов", "21 контракт"),
    ("constantinopolis", "good_alimentary"): ("1 пищевой товар", "2 пищевых товара", "5 пищевых товаров",
                                              "21 пищевой товар"),
    ("colonia", "vote"): ("1 голос", "2 голоса", "5 голосов", "21 голос"),
    ("colonia", "member"): ("1 член семьи", "2 члена семьи", "5 членов семьи", "21 член семьи"),
    ("colonia", "member_acc"): ("1 члена семьи", "2 члена семьи", "5 членов семьи", "21 члена семьи"),
    ("colonia", "raw"): ("1 единица сырья", "2 единицы сырья", "5 единиц сырья", "21 единица сырья"),
    ("colonia", "good_shoes"): ("1 пара обуви", "2 пары обуви", "5 пар обуви", "21 пара обуви"),
    ("colonia", "vp"): ("1 победное очко", "2 победных очка", "5 победных очков", "21 победное очко"),
    ("valencia", "coin"): ("1 монета", "2 монеты", "5 монет", "21 монета"),
    ("valencia", "coin_acc"): ("1 монету", "2 монеты", "5 монет", "21 монету"),
    ("valencia", "council_seat"): ("1 место в совете", "2 места в совете", "5 мест в совете", "21 место в совете"),
    ("valencia", "privilege"): ("1 привилегия", "2 привилегии", "5 привилегий", "21 привилегия"),
    ("valencia", "task"): ("1 задание", "2 задания", "5 заданий", "21 задание"),
}
DE_COUNTS = {
    ("constantinopolis", "fp"): ("1 Ruhmespunkt", "2 Ruhmespunkte"),
    ("constantinopolis", "contract"): ("1 Auftrag", "2 Aufträge"),
    ("constantinopolis", "passenger"): ("1 Passagier", "2 Passagiere"),
    ("colonia", "member"): ("1 Familienmitglied", "2 Familienmitglieder"),
    ("colonia", "vote"): ("1 Stimme", "2 Stimmen"),
    ("colonia", "relic"): ("1 Reliquie", "2 Reliquien"),
    ("colonia", "coin"): ("1 Münze", "2 Münzen"),
    ("colonia", "good_shoes"): ("1 Paar Schuhe", "2 Paar Schuhe"),
    ("valencia", "coin"): ("1 Münze", "2 Münzen"),
    ("valencia", "privilege"): ("1 Privileg", "2 Privilegien"),
    ("valencia", "member"): ("1 Familienmitglied", "2 Familienmitglieder"),
    ("valencia", "council_seat"): ("1 Ratssitz", "2 Ratssitze"),
}


@pytest.mark.parametrize(("game", "word"), list(RU_COUNTS))
def test_russian_counts_agree_for_1_2_5_and_21(game: str, word: str) -> None:
    plurals = catalog(game)["ru"]["plurals"]
    rendered = tuple(_Formatter("ru", plurals).vformat("{n:" + word + "}", (), {"n": n}) for n in (1, 2, 5, 21))
    assert rendered == RU_COUNTS[game, word]


@pytest.mark.parametrize(("game", "word"), list(DE_COUNTS))
def test_german_counts_agree_for_1_and_2(game: str, word: str) -> None:
    plurals = catalog(game)["de"]["plurals"]
    rendered = tuple(_Formatter("de", plurals).vformat("{n:" + word + "}", (), {"n": n}) for n in (1, 2))
    assert rendered == DE_COUNTS[game, word]


@pytest.mark.parametrize("info", all_games(), ids=lambda g: g.name)
def test_every_plural_entry_has_the_forms_its_language_needs(info) -> None:
    """Russian needs one/few/many (CLDR; "other" for fractions), German and English one/other."""
    forms = {"en": {"one", "other"}, "de": {"one", "other"}, "ru": {"one", "few", "many", "other"}}
    for lang in LANGS:
        for word, entry in catalog(info.name)[lang].get("plurals", {}).items():
            assert set(entry) == forms[lang], (lang, word, sorted(entry))
            assert all(entry.values()), (lang, word)


def _keys(table: dict, path: str = "") -> set[str]:
    out: set[str] = set()
    for key, value in table.items():
        out.add(f"{path}{key}")
        if isinstance(value, dict):
            out |= _keys(value, f"{path}{key}.")
    return out


def _board_code() -> str:
    """The web boards and the terminal client, which ask for plural words by name (count(n, "gold"),
    the terminal's own templates' {n:gold})."""
    from pathlib import Path

    import mercator

    root = Path(mercator.__file__).parent
    return "\n".join(p.read_text(encoding="utf-8") for folder in ("web/static/js", "tui")
                     for p in (root / folder).rglob("*") if p.suffix in (".js", ".py", ".toml"))


@pytest.mark.parametrize("info", all_games(), ids=lambda g: g.name)
def test_no_catalog_key_is_missing_or_unused(info) -> None:
    """Every key of the English catalog (but its plural words, which each language has its own of)
    exists in German and Russian; a key only one language has is a case form its own templates ask
    for (a table named after a field, or an event's ``__no_<field>`` variant). Every plural word a
    template names exists, and every plural word is named by a template, a board, or is a good's."""
    cat = catalog(info.name)
    english = _keys({k: v for k, v in cat["en"].items() if k != "plurals"})
    code = _board_code()
    for lang in LANGS:
        table = cat[lang]
        keys = _keys({k: v for k, v in table.items() if k != "plurals"})
        # A table "<field>s" is a running-text form of "<field>" (i18n reads it first, then "<field>").
        missing = {k for k in english - keys if k.partition(".")[0].removesuffix("s") not in table}
        assert not missing, (lang, sorted(missing))
        templates = [s for k, v in table.items() if k != "plurals" for s in catalog_strings(v)]
        fields = {m for s in templates for m in re.findall(r"\{(\w+)", s)}
        for extra in sorted(keys - english):
            top, _, rest = extra.partition(".")
            base = re.sub(r"__no_\w+$", "", extra)
            assert base in english or top in fields or top.removesuffix("s") in fields, (lang, extra)
        plurals = table.get("plurals", {})
        named = {m for s in templates for m in re.findall(r"\{[^{}:]*:(\w+)!?\}", s)} - {"quoted"}
        dynamic = {m for s in templates for m in re.findall(r":(\w*)\{", s)}
        assert named <= set(plurals), (lang, sorted(named - set(plurals)))
        for word in plurals:
            used = (word in named or any(word.startswith(d) for d in dynamic) or word.startswith("good_")
                    or re.search(rf'"{word}"|:{word}!?\}}', code) is not None)
            assert used, (lang, word)
