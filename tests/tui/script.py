"""A scripted player at the keyboard for the terminal client's tests (shared by every game)."""

from __future__ import annotations

import random
import re

CHOICE = re.compile(r"^(?P<name>.+), your choice \[1-(?P<n>\d+)(?P<undo>, u = undo)?, q = quit\]: $")
HANDOFF = re.compile(r"^(?P<name>.+): press Enter when you are ready \(q quits\) $")


class Script:
    """A few invalid entries, up to two undos, then random valid numbers (or always the first
    option); quits after ``quit_after`` decisions if given. Every prompt is kept in ``prompts``."""

    def __init__(self, seed: int = 0, first: bool = False, quit_after: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.first = first
        self.quit_after = quit_after
        self.pending = ["", "abc", "0", "9999", "u"]  # "u" is refused while nothing can be undone
        self.prompts: list[str] = []
        self.decisions = 0
        self.undos = 0

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        m = CHOICE.match(prompt)
        if m is None:
            assert HANDOFF.match(prompt), f"unexpected prompt {prompt!r}"
            return ""
        if self.pending:
            return self.pending.pop(0)
        if m["undo"] and self.undos < 2:
            self.undos += 1
            return "u"
        self.decisions += 1
        if self.quit_after is not None and self.decisions > self.quit_after:
            return "q"
        return "1" if self.first else str(self.rng.randint(1, int(m["n"])))
