"""The rules-content page of a game: its glossary, then every row of every content file with its
provenance tag, in English, German or Russian. Generated from the files themselves (through each
game's schema), so it always shows exactly the numbers the engine plays with.

The files are data written in English. On a German or Russian page a row that names a thing (its
``id``) shows the catalog's name and explanation of it instead of the file's English prose columns;
column and constant names come from ``content_words.toml``; other values that are ids read as the
catalog names them. A tag cell shows its provenance kinds (the legend says what they mean) and keeps
its English remark as a tooltip."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any

from mercator.engine.content import load_model, read_toml
from mercator.engine.errors import IllegalAction
from mercator.engine.explain import explanations
from mercator.engine.i18n import LANGS, catalog, glossary
from mercator.games import get

TAG = re.compile(r"\[(SEED|SRC|DEC|INV)\b")
KINDS = ("SEED", "SRC", "DEC", "INV")
LANG_NAMES = {"en": "English", "de": "Deutsch", "ru": "Русский"}
# The English prose columns of content rows, which a German or Russian page replaces by the catalog's
# name and explanation of the row's id.
PROSE = frozenset({"name", "effect", "rule", "text", "when", "ability", "filled_by", "good_name", "currency_name",
                   "name_valencia", "name_strasbourg", "predicate", "family"})
# Catalog tables that hold sentences, not names.
NOT_NAMES = frozenset({"events", "actions", "plurals", "explain", "words"})


@cache
def ui_text() -> dict[str, dict[str, str]]:
    return read_toml(Path(__file__).with_name("ui.toml"))


@cache
def content_words() -> dict[str, dict[str, str]]:
    return read_toml(Path(__file__).with_name("content_words.toml"))


def _t(lang: str, key: str, **fields: Any) -> str:
    return ui_text()[lang][key].format(**fields)


class Words:
    """How the page of ``game`` in ``lang`` words the files' names and values."""

    def __init__(self, game: str, lang: str) -> None:
        self.lang = lang
        self.names: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        if lang == "en":
            return
        for table, names in catalog(game).get(lang, {}).items():
            if table not in NOT_NAMES and isinstance(names, dict):
                for ident, name in names.items():
                    if isinstance(name, str):
                        self.names.setdefault(ident, name)
        for kind in explanations(game, lang).values():
            for ident, entry in kind.items():
                self.names.setdefault(ident, entry["name"])
                self.texts.setdefault(ident, entry["text"])

    def key(self, key: str) -> str:
        """A column, constant or block name."""
        if self.lang == "en":
            return key
        return content_words()[self.lang].get(key) or self.names.get(key, key)

    def value(self, value: str) -> str:
        if self.lang == "en" or value.isdigit():
            return value
        return self.names.get(value) or content_words()[self.lang].get(value, value)

    def cell(self, value: Any) -> str:
        if isinstance(value, dict):
            return ", ".join(f"{self.key(k)}: {self.kinds(v) if k == 'tag' or k.endswith('_tag') else self.cell(v)}"
                             for k, v in value.items() if v not in (0, None, "", [], {})) or "-"
        if isinstance(value, list | tuple):
            return ", ".join(self.cell(v) for v in value) or "-"
        if isinstance(value, bool):
            return _t(self.lang, "yes" if value else "no")
        return "-" if value is None else self.value(value) if isinstance(value, str) else str(value)

    def kinds(self, text: Any) -> str:
        """A tag as the page shows it inside a cell: in German and Russian only its kinds."""
        kinds = [k for k in KINDS if f"[{k}" in str(text)]
        return str(text) if self.lang == "en" or not kinds else ", ".join(f"[{k}]" for k in kinds)

    def tag(self, text: str) -> str:
        kinds = [k for k in KINDS if f"[{k}" in text]
        if not kinds:
            return f"<td>{html.escape(text or '-')}</td>"
        classes = " ".join(f"tag-{k.lower()}" for k in kinds)
        if self.lang == "en":
            return f'<td class="tag {classes}">{html.escape(text)}</td>'
        return f'<td class="tag {classes}" title="{html.escape(text)}">{self.kinds(text)}</td>'

    def row(self, row: dict[str, Any]) -> dict[str, Any]:
        """A row as the page shows it: in German or Russian the name and explanation of its id
        instead of the file's prose."""
        ident = row.get("id", row.get("colour"))  # a family is known by its colour
        if self.lang == "en" or not isinstance(ident, str) or ident not in self.names:
            return row
        out = {"name": self.names[ident], **{k: v for k, v in row.items() if k not in PROSE and k != "id"}}
        if self.texts.get(ident):
            out["description"] = self.texts[ident]
        return out


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(r, dict) for r in value)


def _table(name: str, rows: list[dict[str, Any]], level: int, words: Words) -> str:
    shown = [words.row(r) for r in rows]
    columns: list[str] = []
    for row in shown:
        columns.extend(k for k in row if k not in columns)
    head = "".join(f"<th>{html.escape(words.key(c))}</th>" for c in columns)
    body = []
    for row, original in zip(shown, rows, strict=True):
        cells = [words.tag(str(row.get(c, ""))) if c == "tag" or c.endswith("_tag") else
                 f"<td>{html.escape(words.cell(row.get(c)))}</td>" for c in columns]
        ident = original.get("id")
        attr = f' data-id="{html.escape(ident)}"' if isinstance(ident, str) else ""
        body.append(f"<tr{attr}>" + "".join(cells) + "</tr>")
    h = min(6, level)
    return (f"<h{h}>{html.escape(name)} <small>({len(rows)})</small></h{h}>"
            f"<table><tr>{head}</tr>{''.join(body)}</table>")


def _glossary(game: str, lang: str) -> str:
    """The game's terms in the three languages, each with its source (a seed or our choice)."""
    def source(code: str) -> str:
        return _t(lang, "source_chosen") if code == "chosen" else _t(lang, "source_seed", id=code)

    head = "".join(f"<th>{name}</th>" for name in LANG_NAMES.values()) + f"<th>{_t(lang, 'glossary_source')}</th>"
    body = []
    for row in glossary(game)["term"]:
        # Only the seed-given words are named (a row of three "chosen by us" was taller than its terms on a phone).
        seeds = [f"{code}: {source(row['source'][code])}" for code in LANGS if row["source"][code] != "chosen"]
        sources = ", ".join(seeds) or source("chosen")
        cells = "".join(f"<td>{html.escape(row[code])}</td>" for code in LANGS)
        body.append(f"<tr>{cells}<td>{html.escape(sources)}</td></tr>")
    return (f'<h2 id="glossary">{_t(lang, "glossary")}</h2><p>{html.escape(_t(lang, "glossary_intro"))}</p>'
            f'<table data-testid="glossary"><tr>{head}</tr>{"".join(body)}</table>')


def _block(name: str, data: dict[str, Any], words: Words, level: int) -> str:
    """A table of the block's constants (each with its tag), then its row tables and sub-blocks."""
    parts: list[str] = []
    scalars: list[dict[str, Any]] = []
    for key, value in data.items():
        if _is_rows(value):
            parts.append(_table(words.key(key), value, level + 1, words))
        elif isinstance(value, dict) and any(isinstance(v, dict) or _is_rows(v) for v in value.values()):
            parts.append(_block(html.escape(words.key(key)), value, words, level + 1))
        elif key.endswith("_tag") or (key == "tag" and scalars):
            # A tag key covers its own constant and the untagged ones just before it (files group them).
            for row in reversed(scalars):
                if row["tag"]:
                    break
                row["tag"] = str(value)
        elif key != "tag":
            scalars.append({"name": words.key(key), "value": value, "tag": data.get(f"{key}_tag", "")})
    if scalars:
        parts.insert(0, _table(_t(words.lang, "constants"), scalars, level + 1, words))
    h = min(6, level)
    return f"<h{h}>{name}</h{h}>" + "".join(parts)


def render_rules(game: str, lang: str = "en") -> str:
    """The whole page as self-contained HTML."""
    if lang not in LANGS:
        raise IllegalAction(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    info = get(game)
    data = info.plugin("content")
    words = Words(game, lang)
    sections = []
    for fname, model in data.FILES.items():
        path = Path(data.CONTENT_DIR) / fname
        load_model(path, model)  # a bad file fails here as it would in the engine
        heading = f"{_t(lang, 'file')}: <code>{html.escape(fname)}</code>"
        sections.append(_block(heading, read_toml(path), words, 2))  # in file order, as written
    counts = info.player_counts
    ui = ui_text()[lang]

    def option_value(value: Any) -> str:
        if isinstance(value, bool):
            return ui["yes" if value else "no"]
        return ui.get(f"optval_{value}", str(value))

    options = ", ".join(f"{ui.get(f'opt_{k}', k)}: {' | '.join(map(option_value, v))}"
                        for k, v in info.options.items()) or "-"
    legend = "".join(f'<li><span class="tag tag-{k.lower()}">[{k}]</span> {html.escape(_t(lang, "legend_" + k))}</li>'
                     for k in KINDS)
    style = ("body{font-family:sans-serif;margin:1em auto;max-width:80em;padding:0 1em}table{border-collapse:collapse;"
             "margin:.5em 0 1.5em;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top}"
             ".tag{font-family:monospace}.tag-seed{background:#e3f4e1}.tag-src{background:#e1ecf7}"
             ".tag-dec{background:#fbeed5}.tag-inv{background:#f9dddd}")
    title = html.escape(_t(lang, "rules_title", game=info.title))
    summary = ui.get(f"game_{game}", info.summary)
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
            '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
            f"<style>{style}</style></head><body><h1>{title}</h1><p>{html.escape(summary)}</p>"
            f"<p>{html.escape(_t(lang, 'rules_intro'))}</p>"
            f"<p>{_t(lang, 'players')}: {counts[0]}-{counts[-1]}. {_t(lang, 'options')}: {html.escape(options)}</p>"
            f"{_glossary(game, lang)}"
            f"<h2>{_t(lang, 'provenance')}</h2><ul>{legend}</ul>{''.join(sections)}</body></html>")
