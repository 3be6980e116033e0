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


def _table(head: list[str], rows: list[list[Any]]) -> str:
    def cell(v: Any) -> str:
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
    bot_rows = [[b, s["games"], s["wins"], s["rate"], f"{s['ci95'][0]:.3f}–{s['ci95'][1]:.3f}",
                 s["score"].get("mean", 0.0), s["score"].get("median", 0), s["seconds_per_decision"]]
                for b, s in bots.items()]
    seat_rows = [[s + 1, r["games"], r["wins"], r["rate"], f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f}"]
                 for s, r in enumerate(summary["seats"])]
    scores: dict[str, list[float]] = {b: [] for b in bots}
    for r in results:
        for s, b in enumerate(r["seats"]):
            scores[b].append(r["scores"][s])
    length = summary["length_actions"]
    parts = [
        f"<h1>Mercator arena: {html.escape(summary['game'])}, {players} players, {summary['games']} games</h1>",
        f"<p>Options: {html.escape(str(summary['options']))}. {html.escape(command)}</p>",
        "<h2>Bots</h2>",
        _table(["bot", "seats played", "wins", "win rate", "95% CI", "mean score", "median score",
                "seconds per decision"], bot_rows),
        _rate_plot(list(bots), list(bots.values()), "Win rate per bot", 1 / players),
        "<h2>Head to head</h2>",
        "<p>How often the first bot finished above the second (a tie is half), averaged within each game, so "
        "the interval counts games; the margin is the mean score difference with its standard error.</p>",
        _table(["bot", "against", "games", "ahead", "rate", "95% CI", "margin", "± s.e."],
               [[h["bot"], h["other"], h["games"], h["wins"], h["rate"],
                 f"{h['ci95'][0]:.3f}–{h['ci95'][1]:.3f}", h["margin"]["mean"], h["margin"]["se"]]
                for h in summary["head_to_head"]]),
        "<h2>Seats</h2>",
        f"<p>First-player advantage: {summary['first_player_advantage']:+.3f} over an equal share of "
        f"{1 / players:.3f}.</p>",
        _table(["seat", "games", "wins", "win rate", "95% CI"], seat_rows),
        _rate_plot([f"seat {s + 1}" for s in range(players)], summary["seats"], "Win rate per seat", 1 / players),
        "<h2>Scores</h2>",
        _hist(scores, "Final scores per bot", "score"),
        _table(["winning score", *summary["winning_score"].keys()], [["", *summary["winning_score"].values()]]),
        "<h2>Game length and end</h2>",
        _hist({"actions": [r["actions"] for r in results]}, "Actions per game", "actions"),
        _table(["actions per game", *length.keys()], [["", *length.values()]]),
        _table(["end condition", "games"], [[k, v] for k, v in summary["end_conditions"].items()]),
    ]
    parts += _mechanisms(summary.get("mechanisms") or {}, list(bots))
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;"
             "margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}")
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>Mercator arena report</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>")
