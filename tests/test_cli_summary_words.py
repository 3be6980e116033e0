"""`mercator bench` (and its --compare), `arena` and `balance sweep`, `luck` and `skill` print their
terminal summaries in the command's language: in German and Russian no word that only the English
catalogs use (cli.toml, and arena/report.toml, whose columns, end reasons and round words the
summaries share), and the counts agree (CLDR)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel import Locale
from typer.testing import CliRunner

from mercator.arena.report import _catalog as report_catalog
from mercator.cli import _catalog as cli_catalog
from mercator.cli import app
from mercator.engine.testkit import catalog_strings

runner = CliRunner()
WORD = re.compile(r"[^\W\d_]+")
BOTS = ("easy", "random")  # bot levels stay as typed
COMMANDS = {
    "bench": ["bench", "constantinopolis", "--players", "2", "--games", "2"],
    "compare": ["bench", "constantinopolis", "--compare", "--games", "2"],
    "arena": ["arena", "colonia", "--players", "3", "--bots", ",".join(BOTS), "--games", "2"],
    "sweep": ["balance", "sweep", "constantinopolis", "--set", "buildings.walls.porta_aurea.cost=10,12",
              "--bots", ",".join(BOTS), "--games", "2"],
    "luck": ["balance", "luck", "constantinopolis", "--weak", "random", "--strong", "easy", "--deals", "2",
             "--repeats", "2"],
    "skill": ["balance", "skill", "constantinopolis", "--budgets", "10", "--games", "2", "--against", "random"],
}


def _words(lang: str) -> set[str]:
    texts = catalog_strings(cli_catalog()[lang]) + catalog_strings(report_catalog()[lang])
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text)) if len(w) > 1}


@cache
def _english_only(lang: str) -> frozenset[str]:
    return frozenset(_words("en") - _words(lang))


@cache
def _output(command: str, lang: str) -> str:
    result = runner.invoke(app, [*COMMANDS[command], "--lang", lang], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["de", "ru"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_summary_holds_no_english_only_word(command: str, lang: str) -> None:
    text = re.sub(r"\S*[=_.]\S*[a-z]\S*", " ", _output(command, lang))  # options and --set paths, as typed
    for bot in BOTS:
        text = re.sub(rf"\b{bot}\b", " ", text)
    english = sorted({w for w in WORD.findall(text) if w.lower() in _english_only(lang)})
    assert not english, (english, _output(command, lang))


def test_counts_agree_in_russian_and_the_english_summary_stays() -> None:
    # Head to head "из 2 партий" (genitive after из), the title "2 случайные партии" / "3 игрока".
    genitive = {"one": "партии", "few": "партий", "many": "партий"}[Locale.parse("ru").plural_form(2)]
    assert f"из 2 {genitive}" in _output("arena", "ru")
    assert "3 игрока" in _output("arena", "ru") and "2 случайные партии" in _output("bench", "ru")
    assert "2 раздачи, каждая сыграна 2 раза" in _output("luck", "ru") and "из 2 партий" in _output("skill", "ru")
    assert "2 Zufallspartien" in _output("bench", "de") and "von 2 Partien" in _output("arena", "de")
    english = _output("arena", "en")
    assert "finished above" in english and "3 players, 2 games" in english
    assert "free_trade=false" in _output("bench", "en")  # options as typed, not a Python dict
    assert "{'" not in _output("compare", "ru") and "Случайная игра: 2 партии" in _output("compare", "ru")
