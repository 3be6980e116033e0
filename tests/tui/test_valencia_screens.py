"""Valencia's first decision in a real 80×24 terminal (tmux): the log opens with what setup did, and
the task choice (five cards, 31 ways to keep some) fits on one screen."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from mercator.engine.explain import explanations
from mercator.engine.i18n import render
from mercator.engine.record import GameRecord
from mercator.engine.seen import logged, visible
from mercator.games import get
from mercator.tui import default_names
from mercator.tui.common import say, words_of

from .terminal import CELL, EXIT, HEIGHT, PROMPT, WIDTH, Terminal, english_left, need_tmux, plain

GAME = "valencia"
SEATS = ["human", "random"]


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    need_tmux()
    started: list[Terminal] = []
    yield started
    for term in started:
        term.close()


def _start(terminals: list[Terminal], folder: Path, seed: int, lang: str, *args: str) -> Terminal:
    term = Terminal(folder, ["play", GAME, "--seats", ",".join(SEATS), "--seed", str(seed), "--lang", lang, *args])
    terminals.append(term)
    return term


def _setup_lines(seed: int, lang: str, options: dict[str, str]) -> list[str]:
    """Setup's events as seat 0 reads them."""
    state = get(GAME).new(players=len(SEATS), seed=seed, options=options)
    names = default_names(SEATS, lang)
    return [render(GAME, visible(item, 0), lang, names) for item in logged(state, 0, state.opening_events)]


def _rows(text: str) -> int:
    """How many rows of an 80-column terminal ``text`` takes."""
    buf = io.StringIO()
    Console(file=buf, width=WIDTH).print(Text(text))
    return buf.getvalue().count("\n")


def _longest_hand(lang: str) -> int:
    """The seed (of the first 60) that deals seat 0 the task cards with the longest texts in ``lang``."""
    texts = explanations(GAME, lang)["tasks"]

    def rows(seed: int) -> int:
        view = get(GAME).new(players=len(SEATS), seed=seed, options={}).view(0)
        dealt = view["players"][0]["private"]["dealt_tasks"]
        return sum(_rows(f"A {texts[t]['name']}: {texts[t]['text']}") for t in dealt)

    return max(range(60), key=rows)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_screen_opens_with_what_setup_did(tmp_path: Path, terminals: list[Terminal], lang: str) -> None:
    options = {"city_layout": "random_sides"}
    term = _start(terminals, tmp_path, 6, lang, "--option", "city_layout=random_sides")
    lines = _setup_lines(6, lang, options)
    _, shown = term.decision()
    since = plain(shown)
    assert say(lang, "since_start", n=len(lines)) in since
    for line in lines:  # each setup event, the seat's own task cards by name, the other's face down
        assert plain(line) in since, (line, since)
    assert len(lines) == 6 and "?" not in " ".join(lines)
    # The log pager's first page, on screen, starts with them too.
    term.type("l")
    term.wait(re.escape(say(lang, "log_page", page=1, pages=1).split(":")[0].rsplit(" ", 1)[0]))
    page = plain(term.screen())
    for line in lines:
        assert plain(line) in page, (line, page)
    if lang != "en":
        assert not english_left(page, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_task_choice_fits_80x24_and_its_letters_keep_those_cards(tmp_path: Path, terminals: list[Terminal],
                                                                     lang: str) -> None:
    seed = _longest_hand(lang)
    path = tmp_path / "tasks.json"
    term = _start(terminals, tmp_path, seed, lang, "--record", str(path))
    state = get(GAME).new(players=len(SEATS), seed=seed, options={})
    legal = state.legal_actions(0)
    dealt = state.view(0)["players"][0]["private"]["dealt_tasks"]
    texts = explanations(GAME, lang)["tasks"]
    term.decision()
    screen = term.screen()
    rows = screen.splitlines()
    assert len(rows) <= HEIGHT and all(len(row) <= WIDTH for row in rows)
    shown = plain(screen)
    # Every option's key on the one screen, with the prompt under them ...
    assert sorted(CELL.findall(screen), key=int) == [str(a.index) for a in sorted(legal, key=lambda a: a.index)]
    assert len(legal) == 31
    assert PROMPT.match([row for row in rows if row.strip()][-1])
    # ... and each dealt card once, by its letter, with its condition and reward.
    letters = words_of(lang)["valencia"]["task_letters"]
    for letter, task in zip(letters, dealt, strict=True):
        assert plain(f"{letter} {texts[task]['name']}: {texts[task]['text']}") in shown
    if lang != "en":
        assert not english_left(screen, lang)
    # The cell "key→A+C" keeps the first and the third card.
    key = re.search(rf"(\d+)→{letters[0]}\+{letters[2]}(?!\+)", screen)
    assert key
    term.type(key[1])
    term.decision()
    term.type("q")
    term.wait(EXIT)
    kept = GameRecord.load(path).replay().view(0)["players"][0]["private"]["kept_tasks"]
    assert sorted(kept) == sorted([dealt[0], dealt[2]])
