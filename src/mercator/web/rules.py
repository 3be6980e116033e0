"""The rules-content page of a game: every row of every content file, with its provenance tag,
in English, German or Russian. Generated from the files themselves (through each game's schema),
so it always shows exactly the numbers the engine plays with."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any

from mercator.engine.content import load_model, read_toml
from mercator.engine.errors import IllegalAction
from mercator.engine.i18n import LANGS
from mercator.games import get

TAG = re.compile(r"\[(SEED|SRC|DEC|INV)\b")
KINDS = ("SEED", "SRC", "DEC", "INV")


@cache
def ui_text() -> dict[str, dict[str, str]]:
    return read_toml(Path(__file__).with_name("ui.toml"))


def _t(lang: str, key: str, **fields: Any) -> str:
    return ui_text()[lang][key].format(**fields)


def _cell(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_cell(v)}" for k, v in value.items() if v not in (0, None, "", [], {})) or "-"
    if isinstance(value, list | tuple):
        return ", ".join(_cell(v) for v in value) or "-"
    return "-" if value is None else str(value)


def _tag_html(text: str) -> str:
    kinds = [k for k in KINDS if f"[{k}" in text]
    if not kinds:
        return f"<td>{html.escape(text or '-')}</td>"
    classes = " ".join(f"tag-{k.lower()}" for k in kinds)
    return f'<td class="tag {classes}">{html.escape(text)}</td>'


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(r, dict) for r in value)


def _table(name: str, rows: list[dict[str, Any]], level: int) -> str:
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = []
    for row in rows:
        cells = [_tag_html(str(row.get(c, ""))) if c == "tag" or c.endswith("_tag") else
                 f"<td>{html.escape(_cell(row.get(c)))}</td>" for c in columns]
        body.append("<tr>" + "".join(cells) + "</tr>")
    h = min(6, level)
    return (f"<h{h}>{html.escape(name)} <small>({len(rows)})</small></h{h}>"
            f"<table><tr>{head}</tr>{''.join(body)}</table>")


def _block(name: str, data: dict[str, Any], lang: str, level: int) -> str:
    """A table of the block's constants (each with its tag), then its row tables and sub-blocks."""
    parts: list[str] = []
    scalars: list[dict[str, Any]] = []
    for key, value in data.items():
        if _is_rows(value):
            parts.append(_table(key, value, level + 1))
        elif isinstance(value, dict) and any(isinstance(v, dict) or _is_rows(v) for v in value.values()):
            parts.append(_block(key, value, lang, level + 1))
        elif key.endswith("_tag") or (key == "tag" and scalars):
            # A tag key covers its own constant and the untagged ones just before it (files group them).
            for row in reversed(scalars):
                if row["tag"]:
                    break
                row["tag"] = str(value)
        elif key != "tag":
            scalars.append({"name": key, "value": value, "tag": data.get(f"{key}_tag", "")})
    if scalars:
        parts.insert(0, _table(_t(lang, "constants"), scalars, level + 1))
    h = min(6, level)
    return f"<h{h}>{name}</h{h}>" + "".join(parts)


def render_rules(game: str, lang: str = "en") -> str:
    """The whole page as self-contained HTML."""
    if lang not in LANGS:
        raise IllegalAction(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    info = get(game)
    data = info.plugin("content")
    sections = []
    for fname, model in data.FILES.items():
        path = Path(data.CONTENT_DIR) / fname
        load_model(path, model)  # a bad file fails here as it would in the engine
        heading = f"{_t(lang, 'file')}: <code>{html.escape(fname)}</code>"
        sections.append(_block(heading, read_toml(path), lang, 2))  # in file order, as written
    counts = info.player_counts
    options = ", ".join(f"{k}: {' | '.join(map(str, v))}" for k, v in info.options.items()) or "-"
    legend = "".join(f'<li><span class="tag tag-{k.lower()}">[{k}]</span> {html.escape(_t(lang, "legend_" + k))}</li>'
                     for k in KINDS)
    style = ("body{font-family:sans-serif;margin:1em auto;max-width:80em;padding:0 1em}table{border-collapse:collapse;"
             "margin:.5em 0 1.5em;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top}"
             ".tag{font-family:monospace}.tag-seed{background:#e3f4e1}.tag-src{background:#e1ecf7}"
             ".tag-dec{background:#fbeed5}.tag-inv{background:#f9dddd}")
    title = html.escape(_t(lang, "rules_title", game=info.title))
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
            f"<style>{style}</style></head><body><h1>{title}</h1><p>{html.escape(info.summary)}</p>"
            f"<p>{html.escape(_t(lang, 'rules_intro'))}</p>"
            f"<p>{_t(lang, 'players')}: {counts[0]}-{counts[-1]}. {_t(lang, 'options')}: {html.escape(options)}</p>"
            f"<h2>{_t(lang, 'provenance')}</h2><ul>{legend}</ul>{''.join(sections)}</body></html>")
