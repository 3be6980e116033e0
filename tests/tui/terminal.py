"""The real terminal client in a real 80×24 terminal (tmux), for the tests: start ``mercator play``,
type keys, read the screen and its scrollback."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
WIDTH, HEIGHT = 80, 24
EXIT = re.compile(r"\[exit (\d+)\]")
# A decision's prompt, in any language: "Player 1, your choice [key, e, l = log, ...]: "
PROMPT = re.compile(r"^(?P<name>[^,\n]+), [^\[\n]+ \[(?P<keys>[^\]]*)\]: ?(?P<typed>.*)$", re.M)
# "[123] Buy ..." or "[e] End turn" at a line's start, or "123→4" cells of a run of bids.
ACTION_LINE = re.compile(r"^\[(\d+|e)\] (.*)$")
CELL = re.compile(r"(\d+)→")


def need_tmux() -> None:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (make system-deps installs it)")


class Terminal:
    """One tmux server of its own running ``mercator ARGS`` in ``folder`` in an 80×24 pane (or
    ``width``×``height``); when the command ends, the pane stays and shows ``[exit N]``."""

    def __init__(self, folder: Path, args: list[str], width: int = WIDTH, height: int = HEIGHT) -> None:
        need_tmux()
        self.server = f"mercator-test-{uuid.uuid4().hex[:12]}"  # a server of its own, never the user's
        self.prompts = 0  # decision prompts seen so far
        config = folder / "tmux.conf"
        config.write_text("set -g history-limit 100000\n", encoding="utf-8")  # keep the whole game
        play = shlex.join([sys.executable, "-m", "mercator.cli", *args])
        # The shell traps Ctrl-C (a handler, not "ignore", which the client would inherit) to live on
        # and show how the client ended.
        script = f"trap true INT; cd {shlex.quote(str(folder))} && PYTHONPATH={shlex.quote(str(SRC))} {play}; " \
                 "echo \"[exit $?]\"; sleep 600"
        # No COLUMNS or LINES: the tmux server may hand its default 80×24 to the pane, not the pane's size.
        clean = "env -u NO_COLOR -u FORCE_COLOR -u COLUMNS -u LINES TERM=xterm-256color"
        self._tmux("-f", str(config), "new-session", "-d", "-x", str(width), "-y", str(height), "-s", "t",
                   f"{clean} sh -c {shlex.quote(script)}")

    def _tmux(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.server, *args], capture_output=True, text=True, check=True)
        return out.stdout

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True, check=False)

    def screen(self) -> str:
        """What the pane shows now (24 lines)."""
        return self._tmux("capture-pane", "-p", "-t", "t")

    def history(self) -> str:
        """The scrollback and the screen: everything one could scroll back to."""
        return self._tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "t")

    def type(self, keys: str, enter: bool = True) -> None:
        self._tmux("send-keys", "-t", "t", "-l", keys)
        if enter:
            self._tmux("send-keys", "-t", "t", "Enter")

    def interrupt(self) -> None:
        self._tmux("send-keys", "-t", "t", "C-c")

    def wait(self, pattern: str | re.Pattern[str], timeout: float = 20.0, whole: bool = False) -> re.Match[str]:
        """Until ``pattern`` shows on the screen's last line that has text (or anywhere in the
        scrollback with ``whole``)."""
        regex = re.compile(pattern, re.M) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        while True:
            text = self.history() if whole else _last_line(self.screen())
            if m := regex.search(text):
                return m
            if time.monotonic() > deadline:
                raise AssertionError(f"{regex.pattern!r} did not show; the screen:\n{self.screen()}")
            time.sleep(0.05)

    def decision(self, timeout: float = 20.0) -> tuple[str, str]:
        """Wait for the next decision's prompt; returns (its player's name, everything shown since
        the previous prompt)."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.history()
            found = list(PROMPT.finditer(text))
            last = _last_line(self.screen())
            if len(found) > self.prompts and (m := PROMPT.match(last)) and not m["typed"]:
                start = found[self.prompts - 1].end() if self.prompts else 0
                self.prompts = len(found)
                return m["name"], text[start:found[-1].start()]
            if EXIT.search(last) or time.monotonic() > deadline:
                raise AssertionError(f"no decision prompt came; the screen:\n{self.screen()}")
            time.sleep(0.05)


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def actions_on(text: str) -> list[str]:
    """The keys of the actions listed in ``text``, in the order shown."""
    keys = []
    for line in text.splitlines():
        if m := ACTION_LINE.match(line):
            keys.append(m[1])
        elif " → " not in line:
            keys.extend(CELL.findall(line))
    return keys


def plain(text: str) -> str:
    """Screen text without box drawing and with every run of blanks one space (panels and
    wrapping cut a sentence into pieces)."""
    return " ".join(re.sub(r"[│┃╭╮╰╯─━┏┓┗┛┡┩┳┻╇╋┣┫┠┨┼┬┴├┤┌┐└┘]", " ", text).split())


LITERAL = re.compile(r"\bTrue\b|\bFalse\b|\bNone\b|\{'|\['|'\]|\[\d+(, \d+)+\]")  # a key "[12]" is no list
WORD = re.compile(r"[^\W\d_]+")
BOXES = "│┃║"


def vocabulary(game: str) -> frozenset[str]:
    """Every word the client may show for ``game``: its catalogs and content, the terminal modules'
    words, the options' names (lower case)."""
    root = SRC / "mercator"
    files = [*(root / "games" / game).glob("**/*.toml"), *(root / "tui").glob("*.py"), root / "tui" / "words.toml",
             root / "engine" / "words.toml", root / "web" / "ui.toml"]
    words: set[str] = set()
    for f in files:
        words.update(w.lower() for w in WORD.findall(f.read_text(encoding="utf-8")))
    return frozenset(words)


def catalog_words(lang: str) -> frozenset[str]:
    """Every word (two letters or more, lower case) of ``lang``'s strings in the catalogs a terminal
    screen draws on: the terminal's, the games', the words every client shares, the web pages'
    (for the labels the board borrows)."""
    from mercator.engine.content import read_toml

    root = SRC / "mercator"
    files = [root / "tui" / "words.toml", root / "engine" / "words.toml", root / "web" / "ui.toml",
             *(root / "games").glob("*/messages.toml")]
    out: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, str):  # the text, not its {placeholders}
            out.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", value)) if len(w) > 1)

    for f in files:
        walk(read_toml(f).get(lang, {}))
    return frozenset(out)


def english_left(text: str, lang: str) -> list[str]:
    """The words of ``text`` that only the English catalogs use (a word ``lang``'s catalogs use
    too, such as a name or "Gold", is no sign of English)."""
    english = catalog_words("en") - catalog_words(lang)
    return sorted({w for w in WORD.findall(text) if w.lower() in english})


def _cells(line: str) -> list[str]:
    return re.split(f"[{BOXES}]", line)


def broken_words(text: str, words: frozenset[str]) -> list[str]:
    """Places where a word is cut across two lines ("Praefe" / "ctus"), in running text or in the
    same cell of a table's consecutive rows: the two pieces are no words, together they are one."""
    out = []
    lines = text.splitlines()
    for upper, lower in zip(lines, lines[1:], strict=False):
        a, b = _cells(upper), _cells(lower)
        pairs = zip(a, b, strict=True) if len(a) == len(b) else [(upper, lower)]
        for x, y in pairs:
            tail, head = re.search(r"([^\W\d_]+)\s*$", x), re.match(r"\s*([^\W\d_]+)", y)
            if not (tail and head) or "/" in x.split()[-1]:  # a file's path is no word: it may fold
                continue
            first, second = tail[1].lower(), head[1].lower()
            if (first + second) in words and (first not in words or second not in words):
                out.append(f"{upper.strip()!r} / {lower.strip()!r}")
    return out
