"""The ``mercator`` command as a user runs it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mercator.cli import app
from mercator.engine.record import GameRecord, sealed
from mercator.engine.testkit import playout
from mercator.games import get
from mercator.games.constantinopolis.data import CONTENT_DIR

runner = CliRunner()
SRC = Path(__file__).resolve().parents[1] / "src"  # the console script runs this tree's sources


def test_games_lists_constantinopolis_with_player_counts():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "constantinopolis" in result.output and "2-5" in result.output
    assert "free_trade: false|true" in result.output and "True" not in result.output  # as --option takes it


def test_bench_json_reports_the_documented_keys_and_no_errors():
    result = runner.invoke(app, ["bench", "constantinopolis", "--players", "3", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for key in ("game", "players", "games", "actions", "actions_per_s", "games_per_s", "clones_per_s", "errors"):
        assert key in data
    assert data["errors"] == 0 and data["games"] == 3 and data["actions"] > 0


def test_bench_times_a_bots_decisions():
    result = runner.invoke(app, ["bench", "constantinopolis", "--players", "2", "--bot", "ismcts:50",
                                 "--decisions", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["bot"] == "ismcts:50" and data["decisions"] == 5
    assert 0 < data["median_s"] <= data["p90_s"] <= data["max_s"]
    bad = runner.invoke(app, ["bench", "constantinopolis", "--bot", "oracle"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output


def test_bench_profile_names_the_hot_functions():
    result = runner.invoke(app, ["bench", "constantinopolis", "--players", "2", "--games", "10", "--profile", "40"])
    assert result.exit_code == 0, result.output
    assert "tottime" in result.output and "function calls" in result.output
    assert "(apply)" in result.output and "(legal_actions)" in result.output


def test_bench_compare_measures_the_reference_engines_in_the_same_run():
    result = runner.invoke(app, ["bench", "constantinopolis", "--compare", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(o["game"], o["players"]) for o in data["ours"]] == [("constantinopolis", n) for n in (2, 3, 4, 5)]
    engines = [r["engine"] for r in data["references"]]
    assert len(engines) == 4 and all("missing" not in r for r in data["references"]), data["references"]
    for r in data["references"]:
        assert r["actions"] > 0 and r["actions_per_s"] > 0 and r["clones_per_s"] > 0
    ours, catan = data["ours"][2], data["references"][0]
    ratio = data["ratios"][2][f"actions_per_s_vs_{catan['engine']}"]
    assert ratio == pytest.approx(ours["actions_per_s"] / catan["actions_per_s"])
    assert runner.invoke(app, ["bench", "chess", "--compare"]).exit_code == 2


def _saved_game(tmp_path):
    state = playout(get("constantinopolis"), 2, {"free_trade": False}, seed=4)
    rec = sealed(state)
    path = tmp_path / "game.json"
    rec.save(path)
    return path, state


def test_replay_verify_accepts_a_good_record(tmp_path):
    path, state = _saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--verify", "--no-show"])
    assert result.exit_code == 0, result.output
    assert "verified" in result.output
    for what in ("final hash (rule 2)", "final scores", "event stream"):
        assert f"matches: {what}" in result.output


def test_replay_verify_checks_a_record_saved_under_hash_rule_1():
    golden = Path(__file__).parent / "golden" / "valencia-3p.json"
    result = runner.invoke(app, ["replay", str(golden), "--verify", "--no-show"])
    assert result.exit_code == 0, result.output
    assert "matches: final hash (rule 1)" in result.output


@pytest.mark.parametrize(("field", "wrong", "what"), [("final_hash", "0" * 32, "final hash (rule 2)"),
                                                     ("final_scores", [0, 0], "final scores"),
                                                     ("events_hash", "0" * 32, "event stream")])
def test_replay_verify_fails_on_anything_that_differs(tmp_path, field, wrong, what):
    path, _ = _saved_game(tmp_path)
    rec = GameRecord.load(path)
    setattr(rec, field, wrong)
    rec.save(path)
    result = runner.invoke(app, ["replay", str(path), "--verify", "--no-show"])
    assert result.exit_code == 1
    assert f"differs: {what}" in result.output


def test_replay_prints_a_readable_log(tmp_path):
    path, _ = _saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Aktionen nachgespielt" in result.output  # the summary in the log's language too


def test_content_check_passes_on_shipped_content():
    result = runner.invoke(app, ["content", "check"])
    assert result.exit_code == 0, result.output
    assert "ok" in result.output


def test_content_check_names_file_row_and_field(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    text = (folder / "buildings.toml").read_text()
    (folder / "buildings.toml").write_text(text.replace('licence = "B"', 'licence = "E"', 1))
    result = runner.invoke(app, ["content", "check", str(folder), "--game", "constantinopolis"])
    assert result.exit_code == 1
    out = " ".join(result.output.split())
    assert "buildings.toml" in out and "row 4 (id pistrinum)" in out and "'licence'" in out


def test_content_check_rejects_missing_provenance_tag(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    text = (folder / "ships.toml").read_text()
    (folder / "ships.toml").write_text(text.replace('tag = "[SRC:rb] copies', 'tag = "from memory: copies', 1))
    result = runner.invoke(app, ["content", "check", str(folder), "--game", "constantinopolis"])
    assert result.exit_code == 1
    assert "ships.toml" in result.output and "'tag'" in result.output


def test_play_rejects_unknown_seat_type():
    result = runner.invoke(app, ["play", "constantinopolis", "--seats", "human,wizard"])
    assert result.exit_code == 2
    assert "wizard" in result.output


@pytest.mark.parametrize(("args", "says"), [
    (["play", "constantinopolis", "--lang", "fr"], "'fr' is not one of en, de, ru"),
    (["arena", "constantinopolis", "--games", "0"], "greater than or equal to 1"),
    (["arena", "constantinopolis", "--games", "2", "--out", "/nonexistent/run.jsonl"], "/nonexistent does not exist"),
    (["rules", "constantinopolis", "--out", "/nonexistent/rules.html"], "/nonexistent does not exist"),
    (["content", "check", "--game", "chess"], "'chess' is not one of constantinopolis"),
    (["content", "check", "/tmp"], "cannot tell which game /tmp holds content for"),
    (["replay", "/nonexistent/game.json"], "No such file or directory"),
    (["play", "valencia", "--nope"], "No such option: --nope (see: mercator play --help)"),
    (["serve", "--port", "99999"], "less than or equal to 65535"),
    (["arena", "chess"], "'chess' is not one of"),
    (["play", "constantinopolis", "--seats", "human,greedy,greedy,greedy,greedy,greedy"], "2-5 players, not 6"),
])
def test_a_wrong_argument_is_named_with_what_is_allowed_and_no_traceback(args: list[str], says: str) -> None:
    """The installed console script, in a real process: exit status 2, one ``error:`` line however narrow
    the terminal (no framed panel), no traceback."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "from mercator.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env={"COLUMNS": "40", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(SRC)})
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    assert says in output, output
    assert output.startswith("error: ") and output.count("\n") == 1, output
    assert "Traceback" not in output, output


def test_content_check_infers_the_game_from_the_folder(tmp_path):
    """A copy of Valencia's content in a folder named after the game is checked with Valencia's schema,
    without --game; a bad value there is reported as Valencia's."""
    import shutil

    from mercator.games import get

    folder = tmp_path / "valencia-variant"
    shutil.copytree(get("valencia").plugin("content").CONTENT_DIR, folder)
    ok = runner.invoke(app, ["content", "check", str(folder)])
    assert ok.exit_code == 0 and "ok valencia" in ok.output, ok.output
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("max_stacks = 24", "max_stacks = 3", 1),
                     encoding="utf-8")
    bad = runner.invoke(app, ["content", "check", str(folder)])
    assert bad.exit_code == 1 and "valencia" in bad.output and "max_stacks" in bad.output, bad.output


def _run(args: list[str], **env: str) -> tuple[int, str]:
    """The console script in a real process with the given environment (and no other locale)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "from mercator.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
                          env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(SRC), **env})
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize(("args", "env", "says"), [
    (["play", "constantinopolis", "--seats", "human,wizard", "--lang", "de"], {},
     "unbekannte Platzart wizard; erlaubt sind human oder einer von"),
    (["play", "constantinopolis", "--seats", "human,wizard", "--lang", "ru"], {"LANG": "de_DE.UTF-8"},
     "неизвестный тип места wizard"),  # --lang wins over the environment
    (["play", "constantinopolis", "--lang", "fr"], {"LANG": "de_DE.UTF-8"},
     "'fr' ist keiner der erlaubten Werte: en, de, ru"),  # a wrong --lang: the environment's language
    (["arena", "constantinopolis", "--games", "2", "--out", "/nonexistent/run.jsonl"], {"LC_MESSAGES": "ru_RU.UTF-8"},
     "папки /nonexistent не существует"),
    (["content", "check", "/tmp"], {"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU.UTF-8"},  # LC_ALL comes first
     "es ist nicht zu erkennen, für welches Spiel /tmp Inhalte enthält"),
    (["play", "valencia", "--nope", "--lang", "de"], {}, "(siehe: mercator play --help)"),
    (["play", "valencia", "--seats", "human,wizard"], {"LANG": "fr_FR.UTF-8"}, "unknown seat type wizard"),
    (["replay", "/nonexistent/game.json"], {"LANG": "de_DE.UTF-8"}, "Datei oder Ordner nicht gefunden: /nonexistent"),
    (["replay", "/tmp", "--lang", "ru"], {}, "/tmp — папка, а не файл"),
    (["play", "valencia", "--edition", "strasbourg", "--seats", "human,random", "--lang", "de"], {},
     "wird mit 3-5 Spielern gespielt, nicht mit 2"),
    (["play", "constantinopolis", "--option", "free_trade=maybe", "--lang", "ru"], {},
     "опция free_trade=maybe недопустима; выберите одно из значений: false, true"),
    (["arena", "colonia", "--option", "speed=3"], {"LANG": "de_DE.UTF-8"},
     "colonia hat keine Option speed; Optionen: free_start_good, weeks"),
    # What Typer itself finds wrong, in the same words
    (["arena", "constantinopolis", "--games", "0"], {"LANG": "ru_RU.UTF-8"},
     "Недопустимое значение для '--games': значение должно быть не меньше 1"),
    (["play"], {"LANG": "de_DE.UTF-8"}, "Es fehlt das Argument 'game'. (siehe: mercator play --help)"),
    (["play", "valencia", "--nop", "--lang", "ru"], {}, "Нет такой опции: --nop (возможные опции: --option)"),
    (["play", "valencia", "extra"], {"LC_ALL": "de_DE.UTF-8"}, "Unerwartete zusätzliche Argumente (extra)"),
])
def test_the_commands_messages_follow_lang_else_the_environment(args: list[str], env: dict[str, str],
                                                                says: str) -> None:
    code, output = _run(args, **env)
    assert code == 2, output
    assert says in output, output
    assert output.startswith("error: ") and output.count("\n") == 1, output


@pytest.mark.parametrize(("lang", "says"), [("de", "Aktionen nachgespielt; beendet: ja"),
                                            ("ru", "воспроизведено: "), ("en", "actions replayed; over: yes")])
def test_replay_says_what_it_did_in_the_chosen_language(tmp_path, lang: str, says: str) -> None:
    path, state = _saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--no-show", "--verify", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert says in result.output, result.output
    if lang == "ru":  # a count of actions takes the plural its number asks for
        from babel import Locale

        form = Locale.parse("ru").plural_form(len(state.history))
        word = {"one": "действие", "few": "действия", "many": "действий"}[form]
        assert f"воспроизведено: {len(state.history)} {word}; окончена: да" in result.output
        assert "проверено" in result.output and "matches" not in result.output


def test_the_commands_catalog_has_every_key_in_every_language_and_uses_each() -> None:
    import re

    from mercator import cli
    from mercator.engine.i18n import LANGS

    words = cli._catalog()
    source = Path(cli.__file__).read_text(encoding="utf-8")
    keys = {k for k in words["en"] if k != "plurals"}
    for lang in LANGS:
        assert {k for k in words[lang] if k != "plurals"} == keys, lang
        assert set(words[lang]["plurals"]) == set(words["en"]["plurals"]), lang
    unused = [k for k in keys if not re.search(rf"""["']{k}["']""", source)]
    assert not unused, unused
