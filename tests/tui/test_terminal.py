"""The terminal client as a person meets it: ``mercator play`` in a real 80×24 terminal (tmux),
keys typed, the screen and its scrollback read back."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mercator.engine.i18n import render
from mercator.engine.record import GameRecord
from mercator.games import get

from .terminal import (
    EXIT,
    LITERAL,
    WORD,
    Terminal,
    actions_on,
    broken_words,
    english_left,
    need_tmux,
    plain,
    vocabulary,
)

GAME = "constantinopolis"
NAMES = ["Player 1", "Random 2"]


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[list[Terminal]]:
    need_tmux()
    started: list[Terminal] = []
    yield started
    for term in started:
        term.close()


def _start(terminals: list[Terminal], folder: Path, *args: str) -> Terminal:
    term = Terminal(folder, ["play", *args])
    terminals.append(term)
    return term


def _exit_status(term: Terminal) -> int:
    return int(term.wait(EXIT)[1])


def _clean(text: str, game: str) -> None:
    """No Python literal on screen and no word cut in two."""
    literals = [line for line in text.splitlines() if LITERAL.search(line)]
    assert not literals, literals
    assert not broken_words(text, vocabulary(game))


def _events_before_each_decision(record: GameRecord, seat: int) -> list[list[dict]]:
    """For each decision of ``seat``: the events since its previous one (its own action's first)."""
    state = record.new_state()
    out: list[list[dict]] = [list(getattr(state, "opening_events", []))]
    for s, action in record.actions:
        if s == seat:
            out.append([])
        out[-1].extend(state.apply(s, action))
    return out


def test_a_key_picks_the_same_action_whenever_it_is_typed(tmp_path: Path, terminals: list[Terminal]) -> None:
    path = tmp_path / "keys.json"
    term = _start(terminals, tmp_path, GAME, "--seats", "human,random", "--seed", "5", "--record", str(path))
    rng = random.Random(2)
    typed: list[tuple[str, int]] = []  # the key and where it stood in the list
    for _ in range(16):
        _, shown = term.decision()
        keys = actions_on(shown)
        # A key typed before that now stands elsewhere in the list, if any: where numbers shifted.
        moved = [k for k in keys if k != "e" and any(k == t and keys.index(k) != at for t, at in typed)]
        key = moved[0] if moved else rng.choice(keys)
        typed.append((key, keys.index(key)))
        term.type(key)
    term.decision()
    term.type("q")
    assert _exit_status(term) == 0
    record = GameRecord.load(path)
    mine = [a for s, a in record.actions if s == 0]
    assert len(mine) == len(typed)
    space = get(GAME).space
    for (key, _), action in zip(typed, mine, strict=True):
        if key == "e":
            assert action["kind"] in space.closing
        else:
            assert space.from_index(int(key)).to_json() == action  # the key is the action's own index
    # Some key was typed at two moments, standing at different places, and did the same both times.
    assert any(k == t and at != at2 for i, (k, at) in enumerate(typed) for t, at2 in typed[:i] if k != "e")
    _clean(term.history(), GAME)


def test_the_log_pages_from_the_first_event_and_each_turn_starts_with_what_happened_since(
        tmp_path: Path, terminals: list[Terminal]) -> None:
    path = tmp_path / "log.json"
    term = _start(terminals, tmp_path, GAME, "--seats", "human,random", "--seed", "8", "--record", str(path))
    rng = random.Random(3)
    shown_at: list[str] = []  # what each decision showed before its prompt
    pager = ""
    for n in range(14):
        _, shown = term.decision()
        shown_at.append(shown)
        if n == 4:  # the whole board: its tables too wrap between words at 80 columns
            term.type("b")
            _, again = term.decision()
            assert "Players" in again and "Offices" in again
            shown_at[-1] += again
        if n == 10:  # the whole log, from its first page
            term.type("l")
            term.wait(r"^Log, page 1 of \d+")
            pager = term.screen()
            term.type("q")
            _, again = term.decision()
            shown_at[-1] += again
        term.type(rng.choice(actions_on(shown_at[-1])))
    term.decision()
    term.type("q")
    assert _exit_status(term) == 0
    record = GameRecord.load(path)
    before = _events_before_each_decision(record, 0)
    first = render(GAME, before[0][0] if before[0] else before[1][0], "en", NAMES)
    assert first in plain(pager)
    bots_seen = 0
    for shown, events in zip(shown_at, before, strict=False):
        screen = plain(shown)
        assert ("Since your last turn" in screen or "Since the start" in screen)
        for event in events:  # every event since the seat's last turn, the bot's included
            assert render(GAME, event, "en", NAMES) in screen, (event, screen)
            bots_seen += event.get("seat") == 1
    assert bots_seen
    _clean(term.history(), GAME)


def test_ctrl_c_during_a_bot_move_saves_a_record_that_replays(tmp_path: Path, terminals: list[Terminal]) -> None:
    term = _start(terminals, tmp_path, GAME, "--seats", "human,hard,hard,hard", "--seed", "4")
    _, shown = term.decision()
    key = actions_on(shown)[0]
    term.type(key)
    term.wait(re.compile(rf"your choice \[.*\]: {key}$", re.M), whole=True)
    term.interrupt()  # three hard bots think for seconds: this lands in their moves
    assert _exit_status(term) == 130
    history = term.history()
    assert len(re.findall(r"your choice \[", history)) == 1  # no second decision came
    saved = list(tmp_path.glob("mercator-constantinopolis-4*.json"))
    assert len(saved) == 1
    assert f"saved to {saved[0].name}" in plain(history)  # it says where (in the folder it was started in)
    record = GameRecord.load(saved[0])
    assert record.actions and record.replay().state_hash() == record.final_hash
    _clean(history, GAME)


def test_ctrl_c_at_a_prompt_saves_to_the_record_file(tmp_path: Path, terminals: list[Terminal]) -> None:
    path = tmp_path / "stop.json"
    term = _start(terminals, tmp_path, "valencia", "--seats", "human,random,random", "--seed", "2",
                  "--record", str(path), "--lang", "de")
    rng = random.Random(1)
    for _ in range(3):
        _, shown = term.decision()
        term.type(rng.choice(actions_on(shown)))
    term.decision()
    term.interrupt()
    assert _exit_status(term) == 130
    assert "Unterbrochen" in plain(term.history())  # in the chosen language
    record = GameRecord.load(path)
    assert len([a for s, a in record.actions if s == 0]) == 3
    assert record.replay().state_hash() == record.final_hash
    _clean(term.history(), "valencia")


def test_hotseat_hand_over_leaves_nothing_to_scroll_back_to(tmp_path: Path, terminals: list[Terminal]) -> None:
    term = _start(terminals, tmp_path, "colonia", "--seats", "human,human,random", "--seed", "6")
    term.wait(r"^Player 1: press Enter when you are ready")
    term.type("")
    _, shown = term.decision()
    assert "Behind your screen" in shown
    term.type(actions_on(shown)[0])
    term.wait(r"^Player 2: press Enter when you are ready")
    history = term.history()
    assert "Player 1" not in history.split("Pass the device to Player 2")[0]  # nothing left above it
    term.type("")
    term.prompts = 0  # the scrollback was cleared with the screen
    name, _ = term.decision()
    assert name == "Player 2"
    history = term.history()
    for secret in ("Player 1 to decide", "Player 1, choose an action", "Player 1, your choice"):
        assert secret not in history
    _clean(history, "colonia")


def _titles() -> set[str]:
    """The games' titles: brand names, shown as they are in every language."""
    from mercator.games import all_games

    return {w.lower() for info in all_games() for w in WORD.findall(info.title)}


def _play_and_read(term: Terminal, rng: random.Random, decisions: int | None) -> str:
    """Type a shown key at each decision (b at the 2nd, l at the 3rd), up to
    ``decisions`` of them and then q, or to the game's end; everything the terminal showed."""
    n = 0
    while decisions is None or n < decisions:
        try:
            _, shown = term.decision(timeout=60)
        except AssertionError:
            if EXIT.search(term.screen()):  # the game is over
                return term.history()
            raise
        n += 1
        if n == 2:
            term.type("b")
            _, shown = term.decision()
        if n == 3:
            term.type("l")
            term.wait(r"\d+ \S+ \d+: Enter = ", whole=True)  # the pager's line (wrapped), in any language
            term.type("q")
            _, again = term.decision()
            shown += again
        term.type(rng.choice(actions_on(shown)))
    term.decision()
    term.type("q")
    assert _exit_status(term) == 0
    return term.history()


@pytest.mark.parametrize(("game", "seats", "lang", "decisions"), [
    ("valencia", "human,random", "de", None), ("valencia", "human,random", "ru", None),
    ("constantinopolis", "human,random,random,random,random", "de", 8),
    ("constantinopolis", "human,random", "ru", 8),
    ("colonia", "human,random,random", "ru", 10), ("colonia", "human,random,random,random,random,random", "de", 10),
])
def test_no_english_word_on_a_german_or_russian_screen(tmp_path: Path, terminals: list[Terminal], game: str,
                                                       seats: str, lang: str, decisions: int | None) -> None:
    """Compact boards, the full board, the log pager and (for a whole game) the end: no word that only
    the English catalogs use, at 80×24; no Python literal, no word broken in two."""
    term = _start(terminals, tmp_path, game, "--seats", seats, "--seed", "3", "--lang", lang)
    history = _play_and_read(term, random.Random(5), decisions)
    text = plain(history)
    if decisions is None:
        assert {"de": "Endwertung", "ru": "Итоговые очки"}[lang] in text  # the game's end was reached
    assert {"de": "Protokoll, Seite 1", "ru": "Журнал, страница 1"}[lang] in text  # the pager was read
    left = [w for w in english_left(history, lang) if w.lower() not in _titles()]
    assert not left, left
    _clean(history, game)


def test_a_larger_terminal_gets_wider_lines(tmp_path: Path, terminals: list[Terminal]) -> None:
    """At 120×40 the boards and sentences run to the wider edge and no word breaks; the pager shows
    more lines a page than at 24 rows."""
    term = Terminal(tmp_path, ["play", "colonia", "--seats", "human,random,random", "--seed", "4"], 120, 40)
    terminals.append(term)
    history = _play_and_read(term, random.Random(2), 6)
    lines = history.splitlines()
    assert max(len(line.rstrip()) for line in lines) > 100
    assert all(len(line) <= 120 for line in lines)
    _clean(history, "colonia")
