"""The balance report: one self-contained HTML file (tables plus matplotlib plots inlined as PNG), in
the command's language (its words: report.toml beside this module, shared with the balance sweep)."""

from __future__ import annotations

import base64
import html
import io
from functools import cache
from pathlib import Path
from typing import Any

from mercator.engine.content import read_toml
from mercator.engine.i18n import plural_format


@cache
def _catalog() -> dict[str, Any]:
    return read_toml(Path(__file__).with_name("report.toml"))


class Words:
    """The reports' words in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.table: dict[str, Any] = _catalog()[lang]

    def __call__(self, key: str, **fields: Any) -> str:
        return plural_format(self.lang, self.table.get("plurals", {}), self.table[key], fields)

    def round(self, word: str, form: str) -> str:
        """A game's round word (round, week) in the form a sentence needs ("per round", "end of week")."""
        return str(self.table["round"][word][form])

    def end(self, game: str, code: str, english: str) -> str:
        """Why a game ended; the game's own English words (GameInfo.end_reasons) where the catalog has none."""
        return str(self.table["end"].get(game, {}).get(code, english))

    def mechanism(self, key: str) -> str:
        return str(self.table["mechanisms"].get(key, key.replace("_", " ")))

    def stat(self, key: str) -> str:
        return self(f"stat_{key}")

    def options(self, options: dict[str, Any]) -> str:
        """Options as typed (key=value, true/false), never a Python literal."""
        typed = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()]
        return ", ".join(typed) or self("no_options")


@cache
def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend; an extra (``pip install 'mercator[report]'``)."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("the HTML report draws with matplotlib: pip install 'mercator[report]'") from None
    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    _pyplot().close(fig)
    return f'<img alt="plot" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'


def _rate_plot(labels: list[str], rows: list[dict[str, Any]], title: str, fair: float, w: Words) -> str:
    fig, ax = _pyplot().subplots(figsize=(6, 0.5 + 0.5 * len(labels)))
    rates = [r["rate"] for r in rows]
    err = [[max(0.0, r["rate"] - r["ci95"][0]) for r in rows], [max(0.0, r["ci95"][1] - r["rate"]) for r in rows]]
    ax.barh(labels, rates, xerr=err, capsize=4, color="#4c72b0")
    ax.axvline(fair, color="grey", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel(w("rate_axis"))
    ax.set_title(title)
    return _png(fig)


def _hist(series: dict[str, list[float]], title: str, xlabel: str, w: Words) -> str:
    fig, ax = _pyplot().subplots(figsize=(6, 3))
    for label, values in series.items():
        ax.hist(values, bins=20, alpha=0.55, label=label)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(w("col_games"))
    if len(series) > 1:
        ax.legend()
    return _png(fig)


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _ci(ci: list[float]) -> str:
    return f"{ci[0]:.1%}–{ci[1]:.1%}"


def _count(x: float) -> str:
    """A count that may hold shared wins (a tie of k is 1/k each): 20, 19.5, 6.3."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def _progress_plot(prog: dict[str, Any], round_word: str, w: Words) -> str:
    fig, ax = _pyplot().subplots(figsize=(6, 3))
    for bot, means in prog["bots"].items():
        ax.plot(range(1, len(means) + 1), means, marker="o", label=bot)
    ax.set_xticks(range(1, len(prog["games"]) + 1))  # whole rounds only
    ax.set_xlabel(w.round(round_word, "end_of"))
    ax.set_ylabel(w("progress_axis"))
    ax.set_title(w("h_progress", per=w.round(round_word, "per")))
    ax.legend()
    return _png(fig)


def _table(head: list[str], rows: list[list[Any]]) -> str:
    def cell(v: Any) -> str:
        if v is None:
            return "–"
        return f"{v:.3f}" if isinstance(v, float) else html.escape(str(v))

    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row) + "</tr>" for row in rows)
    # Wide tables scroll on their own on a phone, not the whole page.
    return f"<div class=wide><table><tr>{''.join(f'<th>{html.escape(h)}</th>' for h in head)}</tr>{body}</table></div>"


def _mechanisms(m: dict[str, Any], bots: list[str], w: Words) -> list[str]:
    """What each bot did (mean uses per seat and game) and where its points came from."""
    if not m:
        return []
    per_bot = m["bots"]
    names = sorted({k for b in per_bot.values() for k in b["uses"]})
    sources = sorted({k for b in per_bot.values() for k in b["points"]})
    return [
        f"<h2>{html.escape(w('h_mechanisms'))}</h2>",
        f"<p>{html.escape(w('mechanisms_note'))}</p>",
        _table([w("col_mechanism"), *bots, w("col_games_with")],
               [[w.mechanism(k), *(per_bot[b]["uses"].get(k, 0.0) for b in bots), f"{m['games_with'][k]:.0%}"]
                for k in names]),
        _table([w("col_table_event"), w("col_per_game"), w("col_games_with")],
               [[w.mechanism(k), v, f"{m['games_with'][k]:.0%}"] for k, v in m["table"].items()]),
        f"<h2>{html.escape(w('h_sources'))}</h2>",
        f"<p>{html.escape(w('sources_note'))}</p>",
        _table([w("col_source"), *bots], [[w.mechanism(k), *(per_bot[b]["points"].get(k, 0.0) for b in bots)]
                                          for k in sources]),
    ]


def _command(command: str) -> str:
    """The command that made the report, as typed."""
    return f"<code>{html.escape(command)}</code>" if command else ""


def _spread(w: Words, head: str, spread: dict[str, Any]) -> str:
    """A one-row table of a spread (mean, median, percentiles, extremes) under localised names."""
    return _table([head, *(w.stat(k) for k in spread)], [["", *spread.values()]])


STYLE = ("body{font-family:sans-serif;max-width:%s;margin:2em auto;padding:0 .5em}table{border-collapse:collapse;"
         "margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}.wide{overflow-x:auto}"
         "img{max-width:100%%;height:auto}code{overflow-wrap:anywhere}")


def page(title: str, parts: list[str], lang: str, width: str = "60em") -> str:
    """The self-contained HTML document around a report's parts."""
    return (f"<!doctype html><html lang={lang}><head><meta charset=utf-8>"
            f"<meta name=viewport content='width=device-width,initial-scale=1'><title>{html.escape(title)}</title>"
            f"<style>{STYLE % width}</style></head><body>{''.join(parts)}</body></html>")


def render(summary: dict[str, Any], results: list[dict[str, Any]], command: str = "", lang: str = "en") -> str:
    w = Words(lang)
    players = summary["players"]
    bots = summary["bots"]
    bot_rows = [[b, s["games"], _count(s["wins"]), _pct(s["rate"]), _ci(s["ci95"]),
                 s["score"].get("mean", 0.0), s["score"].get("median", 0), s["seconds_per_decision"]]
                for b, s in bots.items()]
    seat_rows = [[s + 1, r["games"], _count(r["wins"]), _pct(r["rate"]), _ci(r["ci95"])]
                 for s, r in enumerate(summary["seats"])]
    word = summary["round_word"]
    prog = summary["progression"]
    scores: dict[str, list[float]] = {b: [] for b in bots}
    for r in results:
        for s, b in enumerate(r["seats"]):
            scores[b].append(r["scores"][s])
    game = summary["game"]
    advantage = f"{summary['first_player_advantage'] * 100:+.1f}"
    parts = [
        f"<h1>{html.escape(w('arena_title', game=game, players=players, games=summary['games']))}</h1>",
        f"<p>{html.escape(w('options', options=w.options(summary['options'])))} {_command(command)}</p>",
        f"<p>{html.escape(w('variant', variant=summary['variant']))}</p>" if summary.get("variant") else "",
        f"<h2>{html.escape(w('h_bots'))}</h2>",
        _table([w(k) for k in ("col_bot", "col_seats_played", "col_wins", "col_win_rate", "col_ci", "col_mean_score",
                               "col_median_score", "col_seconds")], bot_rows),
        _rate_plot(list(bots), list(bots.values()), w("rate_per_bot"), 1 / players, w),
        f"<h2>{html.escape(w('h_head'))}</h2>",
        f"<p>{html.escape(w('head_note'))}</p>",
        _table([w(k) for k in ("col_bot", "col_against", "col_games", "col_ahead", "col_rate", "col_ci", "col_margin",
                               "col_se")],
               [[h["bot"], h["other"], h["games"], _count(h["wins"]), _pct(h["rate"]), _ci(h["ci95"]),
                 h["margin"]["mean"], h["margin"]["se"]]
                for h in summary["head_to_head"]]),
        f"<h2>{html.escape(w('h_seats'))}</h2>",
        f"<p>{html.escape(w('first_player', points=advantage, share=_pct(1 / players)))}</p>",
        _table([w(k) for k in ("col_seat", "col_games", "col_wins", "col_win_rate", "col_ci")], seat_rows),
        _rate_plot([w("seat_n", n=s + 1) for s in range(players)], summary["seats"], w("rate_per_seat"), 1 / players,
                   w),
        f"<h2>{html.escape(w('h_scores'))}</h2>",
        _hist(scores, w("scores_plot"), w("score"), w),
        _spread(w, w("col_winning_score"), summary["winning_score"]),
        f"<h2>{html.escape(w('h_progress', per=w.round(word, 'per')))}</h2>",
        f"<p>{html.escape(w('progress_note', each=w.round(word, 'each')))}</p>",
        _progress_plot(prog, word, w) if prog["games"] else "",
        _table([w.round(word, "one"), w("col_games"), *bots], [[k + 1, n, *(prog["bots"][b][k] for b in bots)]
                                                                for k, n in enumerate(prog["games"])]),
        f"<h2>{html.escape(w('h_length'))}</h2>",
        _hist({w("actions"): [r["actions"] for r in results]}, w("actions_plot"), w("actions"), w),
        _spread(w, w("col_actions_per_game"), summary["length_actions"]),
        _spread(w, w("col_rounds_per_game", many=w.round(word, "many")), summary["length_rounds"]),
        _table([w("col_ended"), w("col_games"), w("col_share")],
               [[w.end(game, e["code"], e["words"]), e["games"], _pct(e["share"])] for e in summary["end_conditions"]]),
    ]
    parts += _mechanisms(summary.get("mechanisms") or {}, list(bots), w)
    return page(w("arena_page"), parts, lang)
