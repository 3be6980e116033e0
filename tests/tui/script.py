"""A scripted player at the keyboard for the terminal client's tests (shared by every game): it
reads the keys of the actions off the screen, as a person would."""

from __future__ import annotations

import io
import random
import re

CHOICE = re.compile(r"^(?P<name>.+), your choice \[(?P<keys>.*)\]: $")
HANDOFF = re.compile(r"^(?P<name>.+): press Enter when you are ready \(q quits\) $")
# A key on screen: "[123] Buy ..." or "[e] End turn", or a cell "123→4" of a run of bids.
KEY = re.compile(r"\[(\d+|e)\] |(\d+)→")


def screen_keys(text: str) -> list[str]:
    return [a or b for a, b in KEY.findall(text)]


class Script:
    """A few invalid entries, up to two undos, then random keys among those on screen (or always
    the first); quits after ``quit_after`` decisions if given. Every prompt is kept in ``prompts``,
    the key typed at each decision in ``typed``."""

    def __init__(self, screen: io.StringIO, seed: int = 0, first: bool = False, quit_after: int | None = None) -> None:
        self.screen = screen
        self.read = 0
        self.keys: list[str] = []
        self.rng = random.Random(seed)
        self.first = first
        self.quit_after = quit_after
        self.pending = ["", "abc", "0x", "9999999", "u"]  # "u" is refused while nothing can be undone
        self.prompts: list[str] = []
        self.typed: list[str] = []
        self.decisions = 0
        self.undos = 0

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        text = self.screen.getvalue()
        fresh, self.read = screen_keys(text[self.read:]), len(text)
        self.keys = fresh or self.keys
        # Any language: a choice ends "[keys]: ", the hand-over and the log's pages do not.
        if not prompt.endswith("]: "):
            return ""
        if self.pending:
            return self.pending.pop(0)
        if "u = " in prompt and self.undos < 2:
            self.undos += 1
            return "u"
        self.decisions += 1
        if self.quit_after is not None and self.decisions > self.quit_after:
            return "q"
        key = self.keys[0] if self.first else self.rng.choice(self.keys)
        self.typed.append(key)
        return key
