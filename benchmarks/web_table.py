"""The web table as a player sees it: screenshots for the gallery (docs/gallery/) and the time
from an opponent's action arriving to the updated board, measured in the browser with the
Performance API (game.js: the mark at the WebSocket message, the measure after the next frame).

Run from the checkout's root with the test extras installed:

    python -m benchmarks.web_table gallery docs/gallery
    python -m benchmarks.web_table updates --moves 40

Both start the real server on a temporary SQLite database and drive headless Chromium; every game
has one human seat (played by random clicks, board first) and easy bots.
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path
from typing import Any

from tests.web.play import click_something, create_game, is_over, open_table, wait_my_turn_or_end
from tests.web.serve import CHROMIUM, CHROMIUM_ARGS, running_server

# name in the gallery, game, options, players, human moves before the picture
TABLES = [
    ("constantinopolis", "constantinopolis", {}, 3, 12),
    ("colonia", "colonia", {}, 4, 10),
    ("valencia", "valencia", {}, 3, 8),
    ("strasbourg", "valencia", {"edition": "strasbourg"}, 3, 8),
]
LANGS = ("en", "de", "ru")
VIEWPORTS = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}


def play(page: Any, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        wait_my_turn_or_end(page)
        if is_over(page):
            return
        click_something(page, rng, board_first=True)
        page.wait_for_timeout(150)
    wait_my_turn_or_end(page)


def played(browser: Any, server: str, game: str, options: dict[str, Any], players: int, seed: int,
           moves: int) -> tuple[str, str, Any]:
    """A new table with ``moves`` human moves played on a desktop page; (game id, token, its context)."""
    gid, token = create_game(server, game, players, seed=seed, options=options)
    context = browser.new_context(base_url=server, viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    open_table(page, gid, token, "en")
    play(page, moves, random.Random(seed))
    return gid, token, context


def gallery(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with running_server() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, game, options, players, moves in TABLES:
            gid, token, context = played(browser, server, game, options, players, 7, moves)
            context.close()
            for device, viewport in VIEWPORTS.items():
                context = browser.new_context(base_url=server, viewport=viewport, is_mobile=device == "phone",
                                              has_touch=device == "phone", device_scale_factor=1)
                page = context.new_page()
                for lang in LANGS:
                    open_table(page, gid, token, lang)
                    page.wait_for_timeout(300)
                    path = out / f"{name}-{device}-{lang}.jpg"
                    # A phone shows what its screen shows (the tray docked at the bottom); a desktop the whole page.
                    page.screenshot(path=str(path), full_page=device == "desktop", type="jpeg", quality=72)
                    print(path)
                context.close()
        browser.close()
    write_index(out)


def write_index(out: Path) -> None:
    """The gallery's page: each table on a desktop and a phone, in every language."""
    lines = ["# The web table, as players see it", "",
             "Screenshots of each game's table after a few moves (one human seat, easy bots), taken by",
             "`python -m benchmarks.web_table gallery docs/gallery` from the checkout's root: desktop 1280×720 and",
             "phone 390×844 (its first screen), in English, German and Russian.", ""]
    for name, *_ in TABLES:
        lines += [f"## {name.capitalize()}", ""]
        for device in VIEWPORTS:
            lines.append(f"**{device}:** " + " · ".join(f"[{lang}]({name}-{device}-{lang}.jpg)" for lang in LANGS))
            lines.append("")
        lines += [f'<img src="{name}-desktop-en.jpg" width="640" alt="{name}, desktop, English"> '
                  f'<img src="{name}-phone-en.jpg" width="180" alt="{name}, phone, English">', ""]
    (out / "README.md").write_text("\n".join(lines), encoding="utf-8")


def updates(moves: int) -> None:
    from playwright.sync_api import sync_playwright

    with running_server() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, game, options, players, _ in TABLES:
            _, _, context = played(browser, server, game, options, players, 3, moves)
            page = context.pages[0]
            ms = sorted(page.evaluate("performance.getEntriesByName('mercator-update').map((e) => e.duration)"))
            for part in ("build", "morph", "marks"):
                took = sorted(page.evaluate(f"performance.getEntriesByName('mercator-{part}').map((e) => e.duration)"))
                if took:
                    print(f"{name:17s} {part:5s} median {statistics.median(took):6.1f} ms  max {took[-1]:6.1f} ms")
            drawn = sorted(page.evaluate("performance.getEntriesByName('mercator-render').map((e) => e.duration)"))
            print(f"{name:17s} {len(drawn):4d} drawings median {statistics.median(drawn):6.1f} ms"
                  f"  max {drawn[-1]:6.1f} ms")
            context.close()
            if not ms:
                print(f"{name:17s} no opponent update measured")
                continue
            p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
            print(f"{name:17s} {len(ms):4d} updates  median {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms"
                  f"  max {ms[-1]:6.1f} ms")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gallery", help="screenshots of every table, desktop and phone, in every language")
    g.add_argument("out", type=Path)
    u = sub.add_parser("updates", help="opponent action -> updated board, in milliseconds")
    u.add_argument("--moves", type=int, default=40, help="human moves per game")
    args = parser.parse_args()
    if args.command == "gallery":
        gallery(args.out)
    else:
        updates(args.moves)


if __name__ == "__main__":
    main()
