"""A balance sweep: the same arena run once per variant (and once on the shipped content), the
summaries side by side: seat advantage, each bot's win rate, scores and their sources, length in
rounds and how the games ended, with 95% intervals."""

from __future__ import annotations

import html
import itertools
from typing import Any

from mercator.engine.errors import IllegalAction
from mercator.engine.variants import Variant, parse_set

from .report import Words, _ci, _command, _pct, _png, _pyplot, _table, page
from .run import Progress, run_arena
from .stats import summarize

SHIPPED = "shipped content"


def _values(raw: str) -> list[str]:
    """'a,b,[1,2]' -> ['a', 'b', '[1,2]']: commas inside brackets or quotes belong to the value."""
    out, depth, quote, cur = [], 0, "", ""
    for ch in raw:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    out.append(cur.strip())
    return [v for v in out if v]


def variants(game: str, sets: list[str]) -> list[Variant]:
    """Every combination of the changes: ``PATH=a,b,c`` sweeps a, b and c; a single value is kept
    in every variant."""
    axes = []
    for text in sets:
        path, eq, raw = text.partition("=")
        if not eq:
            raise IllegalAction(f"{text!r}: a sweep's change is PATH=VALUE[,VALUE...]")
        axes.append([parse_set(f"{path}={v}") for v in _values(raw)])
    if not axes:
        raise IllegalAction("name at least one change to sweep, e.g. --set buildings.walls.porta_aurea.cost=10,12,14")
    return [Variant(game, tuple(combo)) for combo in itertools.product(*axes)]


def sweep(game: str, players: int, bots: list[str], games: int, sets: list[str], seed: int = 0,
          options: dict[str, Any] | None = None, workers: int = 1, backend: str = "local",
          address: str | None = None, baseline: bool = True,
          progress: Progress | None = None) -> list[tuple[str, dict[str, Any]]]:
    """(label, arena summary) per variant, the shipped content first when ``baseline``; every run
    plays the same deals (the same seed), so the variants differ by their changes alone."""
    runs: list[Variant | None] = [*([None] if baseline else []), *variants(game, sets)]
    out = []
    for variant in runs:
        results = run_arena(game, players, bots, games, seed=seed, options=options, workers=workers,
                            backend=backend, address=address, progress=progress, variant=variant)
        out.append((variant.label if variant else SHIPPED, summarize(results)))
    return out


def table(rows: list[tuple[str, dict[str, Any]]], w: Words | None = None) -> tuple[list[str], list[list[Any]]]:
    """The side-by-side table: one row per variant."""
    w = w or Words("en")
    first = rows[0][1]
    bots = list(first["bots"])
    rounds = w("col_rounds_per_game", many=w.round(first["round_word"], "many"))
    head = [w("col_variant"), w("col_games"), w("col_seat_1_wins"), w("col_ci"),
            *(w("col_bot_wins", bot=b) for b in bots), w("col_winning_score"), rounds, w("col_ended_short")]
    body = []
    for label, s in rows:
        seat = s["seats"][0]
        ends = "; ".join(f"{w.end(s['game'], e['code'], e['words'])} {_pct(e['share'])}" for e in s["end_conditions"])
        body.append([_label(label, w), s["games"], _pct(seat["rate"]), _ci(seat["ci95"]),
                     *(f"{_pct(s['bots'][b]['rate'])} ({_ci(s['bots'][b]['ci95'])})" for b in bots),
                     f"{s['winning_score'].get('mean', 0.0):.1f}", f"{s['length_rounds'].get('median', 0):g}", ends])
    return head, body


def _label(label: str, w: Words) -> str:
    """A variant's label: its changes as typed, or the shipped content in words."""
    return w("shipped") if label == SHIPPED else label


def sources(rows: list[tuple[str, dict[str, Any]]], w: Words | None = None) -> tuple[list[str], list[list[Any]]]:
    """Mean points per seat and game from each score source, per variant (all bots together)."""
    w = w or Words("en")

    def mean_points(s: dict[str, Any]) -> dict[str, float]:
        per_bot = (s.get("mechanisms") or {}).get("bots", {})
        keys = {k for b in per_bot.values() for k in b["points"]}
        return {k: sum(b["points"].get(k, 0.0) for b in per_bot.values()) / max(1, len(per_bot)) for k in keys}

    means = [(label, mean_points(s)) for label, s in rows]
    keys = sorted({k for _, m in means for k in m})
    return [w("col_variant"), *(w.mechanism(k) for k in keys)], [[_label(label, w), *(m.get(k, 0.0) for k in keys)]
                                                                  for label, m in means]


def render(rows: list[tuple[str, dict[str, Any]]], command: str = "", lang: str = "en") -> str:
    w = Words(lang)
    first = rows[0][1]
    head, body = table(rows, w)
    src_head, src_body = sources(rows, w)
    fig, ax = _pyplot().subplots(figsize=(6, 0.6 + 0.5 * len(rows)))
    labels = [_label(label, w) for label, _ in rows]
    for n, bot in enumerate(first["bots"]):
        rates = [s["bots"][bot]["rate"] for _, s in rows]
        err = [[max(0.0, r - s["bots"][bot]["ci95"][0]) for r, (_, s) in zip(rates, rows, strict=True)],
               [max(0.0, s["bots"][bot]["ci95"][1] - r) for r, (_, s) in zip(rates, rows, strict=True)]]
        ax.errorbar(rates, [i + 0.15 * n for i in range(len(rows))], xerr=err, fmt="o", capsize=4, label=bot)
    ax.set_yticks(range(len(rows)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(w("sweep_axis"))
    ax.legend()
    plot = _png(fig)
    title = w("sweep_title", game=first["game"], players=first["players"], games=first["games"])
    parts = [f"<h1>{html.escape(title)}</h1>", f"<p>{_command(command)}</p>",
             f"<p>{html.escape(w('sweep_note'))}</p>",
             plot, _table(head, body), f"<h2>{html.escape(w('h_sources'))}</h2>",
             f"<p>{html.escape(w('sweep_sources_note'))}</p>", _table(src_head, src_body)]
    return page(w("sweep_page"), parts, lang, width="72em")
