"""The balance report: one self-contained HTML file (tables plus matplotlib plots inlined as PNG)."""

from __future__ import annotations

import base64
import html
import io
from functools import cache
from typing import Any


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


def _rate_plot(labels: list[str], rows: list[dict[str, Any]], title: str, fair: float) -> str:
    fig, ax = _pyplot().subplots(figsize=(6, 0.5 + 0.5 * len(labels)))
    rates = [r["rate"] for r in rows]
    err = [[max(0.0, r["rate"] - r["ci95"][0]) for r in rows], [max(0.0, r["ci95"][1] - r["rate"]) for r in rows]]
    ax.barh(labels, rates, xerr=err, capsize=4, color="#4c72b0")
    ax.axvline(fair, color="grey", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("win rate (95% Wilson interval); dashed: equal chances")
    ax.set_title(title)
    return _png(fig)


def _hist(series: dict[str, list[float]], title: str, xlabel: str) -> str:
    fig, ax = _pyplot().subplots(figsize=(6, 3))
    for label, values in series.items():
        ax.hist(values, bins=20, alpha=0.55, label=label)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
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


def _progress_plot(prog: dict[str, Any], round_word: str) -> str:
    fig, ax = _pyplot().subplots(figsize=(6, 3))
    for bot, means in prog["bots"].items():
        ax.plot(range(1, len(means) + 1), means, marker="o", label=bot)
    ax.set_xticks(range(1, len(prog["games"]) + 1))  # whole rounds only
    ax.set_xlabel(f"end of {round_word}")
    ax.set_ylabel("mean score so far")
    ax.set_title(f"Score progression per {round_word}")
    ax.legend()
    return _png(fig)


def _table(head: list[str], rows: list[list[Any]]) -> str:
    def cell(v: Any) -> str:
        if v is None:
            return "–"
        return f"{v:.3f}" if isinstance(v, float) else html.escape(str(v))

    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><tr>{''.join(f'<th>{html.escape(h)}</th>' for h in head)}</tr>{body}</table>"


def _mechanisms(m: dict[str, Any], bots: list[str]) -> list[str]:
    """What each bot did (mean uses per seat and game) and where its points came from."""
    if not m:
        return []
    per_bot = m["bots"]
    names = sorted({k for b in per_bot.values() for k in b["uses"]})
    sources = sorted({k for b in per_bot.values() for k in b["points"]})
    return [
        "<h2>Mechanisms</h2>",
        "<p>Mean uses per seat and game, and the share of games in which some seat used each.</p>",
        _table(["mechanism", *bots, "games with"],
               [[k.replace("_", " "), *(per_bot[b]["uses"].get(k, 0.0) for b in bots), f"{m['games_with'][k]:.0%}"]
                for k in names]),
        _table(["table event", "per game", "games with"],
               [[k.replace("_", " "), v, f"{m['games_with'][k]:.0%}"] for k, v in m["table"].items()]),
        "<h2>Score by source</h2>",
        "<p>Mean points per seat and game from each source; they add up to the mean score.</p>",
        _table(["source", *bots], [[k.replace("_", " "), *(per_bot[b]["points"].get(k, 0.0) for b in bots)]
                                   for k in sources]),
    ]


def render(summary: dict[str, Any], results: list[dict[str, Any]], command: str = "") -> str:
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
    length = summary["length_actions"]
    parts = [
        f"<h1>Mercator arena: {html.escape(summary['game'])}, {players} players, {summary['games']} games</h1>",
        f"<p>Options: {html.escape(str(summary['options']))}. {html.escape(command)}</p>",
        f"<p>Variant: {html.escape(summary['variant'])}</p>" if summary.get("variant") else "",
        "<h2>Bots</h2>",
        _table(["bot", "seats played", "wins", "win rate", "95% CI", "mean score", "median score",
                "seconds per decision"], bot_rows),
        _rate_plot(list(bots), list(bots.values()), "Win rate per bot", 1 / players),
        "<h2>Head to head</h2>",
        "<p>How often the first bot finished above the second (a tie is half), averaged within each game, so "
        "the interval counts games; the margin is the mean score difference with its standard error.</p>",
        _table(["bot", "against", "games", "ahead", "rate", "95% CI", "margin", "± s.e."],
               [[h["bot"], h["other"], h["games"], _count(h["wins"]), _pct(h["rate"]), _ci(h["ci95"]),
                 h["margin"]["mean"], h["margin"]["se"]]
                for h in summary["head_to_head"]]),
        "<h2>Seats</h2>",
        f"<p>First-player advantage: {summary['first_player_advantage'] * 100:+.1f} percentage points over an "
        f"equal share of {_pct(1 / players)}.</p>",
        _table(["seat", "games", "wins", "win rate", "95% CI"], seat_rows),
        _rate_plot([f"seat {s + 1}" for s in range(players)], summary["seats"], "Win rate per seat", 1 / players),
        "<h2>Scores</h2>",
        _hist(scores, "Final scores per bot", "score"),
        _table(["winning score", *summary["winning_score"].keys()], [["", *summary["winning_score"].values()]]),
        f"<h2>Score progression per {word}</h2>",
        f"<p>Each bot's mean score so far as each {word} ended, over the games that reached it.</p>",
        _progress_plot(prog, word) if prog["games"] else "",
        _table([word, "games", *bots], [[k + 1, n, *(prog["bots"][b][k] for b in bots)]
                                         for k, n in enumerate(prog["games"])]),
        "<h2>Game length and end</h2>",
        _hist({"actions": [r["actions"] for r in results]}, "Actions per game", "actions"),
        _table(["actions per game", *length.keys()], [["", *length.values()]]),
        _table([f"{word}s per game", *summary["length_rounds"].keys()], [["", *summary["length_rounds"].values()]]),
        _table(["the game ended because", "games", "share"],
               [[e["words"], e["games"], _pct(e["share"])] for e in summary["end_conditions"]]),
    ]
    parts += _mechanisms(summary.get("mechanisms") or {}, list(bots))
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;"
             "margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}")
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>Mercator arena report</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>")
