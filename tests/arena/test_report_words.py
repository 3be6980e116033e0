"""The designer reports (arena --report, balance sweep --report) in German and Russian: every word in
the command's language, none that only the English report catalog uses; each key in every language."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mercator.arena import render_report, run_arena, summarize
from mercator.arena.report import _catalog
from mercator.arena.sweep import SHIPPED
from mercator.arena.sweep import render as render_sweep
from mercator.cli import app
from mercator.engine.i18n import LANGS
from mercator.engine.testkit import catalog_strings

WORD = re.compile(r"[^\W\d_]+")


def _words(lang: str) -> set[str]:
    texts = catalog_strings({k: v for k, v in _catalog()[lang].items()})
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text)) if len(w) > 1}


@cache
def _english_only(lang: str) -> frozenset[str]:
    return frozenset(_words("en") - _words(lang))


def _text(page: str) -> str:
    """The report's visible text: no head (style), tags or inlined pictures; the command, options and
    variants stay as typed (city_layout=standard), so they are left out too."""
    body = re.sub(r"<head>.*</head>|<code>.*?</code>", " ", re.sub(r'src="data:[^"]*"', "", page), flags=re.S)
    return re.sub(r"\S*[=_]\S*", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def _english_in(page: str, lang: str) -> list[str]:
    return sorted({w for w in WORD.findall(_text(page)) if w.lower() in _english_only(lang)})


@cache
def _runs() -> list[tuple[list[dict[str, Any]], dict[str, Any]]]:
    """Small arena runs of a game counted in rounds and one counted in weeks (with its mechanisms)."""
    out = []
    for game, players in (("valencia", 2), ("colonia", 3), ("constantinopolis", 2)):
        results = run_arena(game, players, ["greedy", "random"], 2, seed=3)
        out.append((results, summarize(results)))
    return out


def _keys(table: dict[str, Any], path: str = "") -> set[str]:
    out: set[str] = set()
    for key, value in table.items():
        if key != "plurals":
            out.add(path + key)
            if isinstance(value, dict):
                out |= _keys(value, f"{path}{key}.")
    return out


def test_every_report_word_exists_in_every_language() -> None:
    english = _keys(_catalog()["en"])
    for lang in LANGS:
        assert _keys(_catalog()[lang]) == english, lang
    assert _english_only("de") and _english_only("ru")  # the check below can find something


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_an_arena_report_holds_no_english_catalog_word(lang: str) -> None:
    for results, summary in _runs():
        page = render_report(summary, results, "mercator arena", lang=lang)
        assert f"<html lang={lang}>" in page
        assert not _english_in(page, lang), (summary["game"], _english_in(page, lang))
        english = render_report(summary, results, "mercator arena")
        assert _english_in(english, lang), "the English report reads English"  # the test can fail


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_a_balance_sweep_report_holds_no_english_catalog_word(lang: str) -> None:
    for _, summary in _runs():
        rows = [(SHIPPED, summary), ("rules.editions.valencia.start_coins=9", summary)]
        page = render_sweep(rows, "mercator balance sweep", lang=lang)
        assert not _english_in(page, lang), (summary["game"], _english_in(page, lang))
        assert SHIPPED not in page and "start_coins=9" in page


def test_the_arena_command_writes_its_report_in_the_chosen_language(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["arena", "valencia", "--players", "2", "--bots", "greedy,random", "--games", "2",
                                      "--report", str(report), "--lang", "ru"])
    assert result.exit_code == 0, result.output
    page = report.read_text(encoding="utf-8")
    assert "<html lang=ru>" in page and "Арена Mercator: valencia, 2 игрока, 2 партии" in page
    assert not _english_in(page, "ru")
