"""How-to-play pages: each game's rules for players, written in Markdown per language
(``games/<game>/howto/<lang>.md``, beside its content), rendered here as one self-contained page."""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from mercator.engine.i18n import LANGS
from mercator.engine.registry import get

from .rules import LANG_NAMES, ui_text

STYLE = ("body{font:16px/1.55 system-ui,sans-serif;margin:0;background:#f6f1e7;color:#2b2118}"
         "main{max-width:46em;margin:0 auto;padding:1em 1.2em 3em;background:#fffdf8;min-height:100vh}"
         "nav{display:flex;flex-wrap:wrap;gap:.4em 1em;padding:.6em 1.2em;background:#3b2a17;color:#f8ead2}"
         "nav a{color:#f8d9a0}h1{font-size:1.7em}h2{margin-top:1.6em;border-bottom:1px solid #d9ccb8}"
         "table{border-collapse:collapse;margin:.6em 0;font-size:.95em;display:block;overflow-x:auto}"
         "td,th{border:1px solid #d9ccb8;padding:.25em .55em;vertical-align:top}th{background:#f3ead9}"
         "code{background:#f3ead9;padding:0 .2em;border-radius:3px}"
         ".howto-figure{margin:.6em 0 1em;overflow-x:auto}.howto-figure .panel{margin:0}"
         "@media (max-width:600px){main{padding:.6em .7em 2em}ul,ol{padding-left:1.1em}}")


def howto_path(game: str, lang: str) -> Path:
    content = get(game).plugin("content")
    return Path(content.__file__).resolve().parent / "howto" / f"{lang}.md"


def _figure(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """A fence ```` ```figure NAME``` ```` is a picture of the board's area NAME, drawn in the page by
    the table's own board code (js/howto.js) from a sample position; other fences stay code."""
    token = tokens[idx]
    if token.info.strip() == "figure":
        name = html.escape(token.content.strip())
        return f'<figure class="howto-figure" data-figure="{name}"></figure>\n'
    return f"<pre><code>{html.escape(token.content)}</code></pre>\n"


@cache
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.add_render_rule("fence", _figure)
    return md


@cache
def render_howto(game: str, lang: str) -> str | None:
    """The page, or None when the game has no how-to text in ``lang``."""
    if lang not in LANGS:
        return None
    path = howto_path(game, lang)
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    body = _markdown().render(text)
    first = next((line for line in text.splitlines() if line.startswith("# ")), f"# {get(game).title}")
    ui = ui_text()[lang]
    langs = " · ".join(f'<a href="/howto/{game}/{code}" hreflang="{code}">{name}</a>' if code != lang else name
                       for code, name in LANG_NAMES.items())
    nav = (f'<nav><a href="/">{html.escape(ui["app_title"])}</a><span>{langs}</span>'
           f'<a href="/rules/{game}/{lang}">{html.escape(ui["rules_link"])}</a></nav>')
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(first[2:].strip())}</title>"
            '<link rel="stylesheet" href="/static/css/app.css">'
            '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
            f"<style>{STYLE}</style></head>"
            f'<body class="howto">{nav}<main data-testid="howto" data-game="{game}" data-lang="{lang}">{body}</main>'
            f'<script type="module" src="/static/js/howto.js"></script></body></html>')
