"""The terminal client's own words (src/mercator/tui/words.toml) in English, German and Russian."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from mercator.engine.i18n import LANGS
from mercator.games import get
from mercator.tui.common import GameUI, _words, say

GAMES = ("constantinopolis", "colonia", "valencia")


def _keys(table: dict, prefix: str = "") -> set[str]:
    out = set()
    for k, v in table.items():
        out |= _keys(v, f"{prefix}{k}.") if isinstance(v, dict) and k != "plurals" else {prefix + k}
    return out


def test_every_key_exists_in_every_language() -> None:
    words = _words()
    assert set(words) == set(LANGS)
    for lang in LANGS:
        assert _keys(words[lang]) == _keys(words["en"]), lang
        assert set(words[lang]["plurals"]) == set(words["en"]["plurals"]), lang


@pytest.mark.parametrize(("lang", "n", "word"), [("en", 1, "1 event"), ("en", 5, "5 events"), ("de", 1, "1 Ereignis"),
                                                 ("de", 2, "2 Ereignisse"), ("ru", 1, "1 событие"),
                                                 ("ru", 3, "3 события"), ("ru", 5, "5 событий"),
                                                 ("ru", 21, "21 событие")])
def test_counts_take_the_plural_of_their_language(lang: str, n: int, word: str) -> None:
    assert say(lang, "since", n=n).endswith(word)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_decision_summary_is_in_the_chosen_language(game: str, lang: str) -> None:
    """Every template of the game's compact board fills in (no {field} left, no Python literal),
    over the positions of a random game."""
    ui = GameUI(game)
    players = 3
    names = [f"P{i + 1}" for i in range(players)]
    state = get(game).new(players=players, seed=1, options={})
    rng = random.Random(1)
    buf = io.StringIO()
    console = Console(file=buf, width=80)
    for step in range(300):
        if state.is_over():
            break
        seat = state.to_act()[0]
        if step % 5 == 0:
            for part in ui.summary(state.view(seat), names, seat, lang):
                console.print(part)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out = buf.getvalue()
    assert not re.search(r"\{\w+(:\w+)?\}|\bTrue\b|\bFalse\b|\bNone\b|\['|\{'", out), out
    if lang != "en":  # the labels are not English
        for english in ("to decide", "in supply", "Behind your screen", "Your contracts", "Week "):
            assert english not in out, english


@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_fits_an_80_column_line(lang: str) -> None:
    """A prompt is typed after on its own line: a longer one would wrap, cutting a word or the
    "[keys]: " end apart (default names, every key hint, the log's page 10 of 12)."""
    from mercator.tui import default_names

    keys = ("log", "board", "undo", "quit")
    hints = ", ".join([say(lang, "key_action"), "e", *(say(lang, f"key_{k}") for k in keys)])
    for name in default_names(["human"] * 9 + ["greedy"], lang):
        for prompt in (say(lang, "prompt", name=name, keys=hints), say(lang, "ready", name=name)):
            assert len(prompt) <= 80, prompt
    assert len(say(lang, "log_page", page=10, pages=12)) <= 80


def test_every_key_is_used() -> None:
    """No word in words.toml that no screen shows: each key is named in the client's code (or the
    games' wording modules, which pick a card's sentence), or built from a prefix there
    (``col_<column>``, ``level_<bot>``, ``f_<field>``) or a suffix the wording adds (a contract
    with passengers: ``card_pax``, ``card_pax_only``)."""
    from pathlib import Path

    import mercator

    root = Path(mercator.__file__).parent
    source = "".join(f.read_text(encoding="utf-8") for f in [*(root / "tui").glob("*.py"),
                                                              *(root / "games").glob("*/wording.py")])
    dynamic = ("col_", "level_", "f_")
    def named(key: str) -> bool:
        name = re.sub(r"_pax(_only)?$", "", key.rsplit(".", 1)[-1])
        return name.startswith(dynamic) or re.search(rf"""["']{re.escape(name)}["']""", source) is not None

    unused = [key for key in _keys(_words()["en"]) if not key.startswith("plurals") and not named(key)]
    assert not unused, unused
