"""Ratings per game and player count, with openskill's Plackett-Luce model (Weng-Lin), which rates
free-for-all results of any number of players from their finishing order (shared places allowed).

A rated table that ends moves its human players' ratings; each bot level has a fixed rating that
games never change, so a bot is a stable yardstick. A table where one player holds several seats
(hotseat) rates nobody: a player cannot gain by beating themselves. Ratings are shown as the
conservative estimate mu - 3 sigma (openskill's ordinal), which rises as a rating becomes sure."""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# A bot level's fixed rating (mu, sigma); other bot settings count as the nearest level, normal.
BOT_RATINGS = {"random": (10.0, 1.0), "easy": (18.0, 1.0), "normal": (25.0, 1.0), "hard": (30.0, 1.0)}


def bot_rating(level: str | None) -> tuple[float, float]:
    return BOT_RATINGS.get(level or "easy", BOT_RATINGS["normal"])


def ordinal(mu: float, sigma: float) -> float:
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def rated_players(entry: Any) -> list[str] | None:
    """The player of each human seat (in seat order), or None when the table rates nobody: not
    rated, no player at all, or a player in more than one seat."""
    ids = [s.player_id for s in entry.seats if s.human]
    if not entry.rated or not ids or None in ids or len(set(ids)) != len(ids):
        return None
    return ids


def new_ratings(entry: Any, current: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The human players' ratings after ``entry``'s result (new players start at the model's default)."""
    default = MODEL.rating()
    teams = []
    for s in entry.seats:
        mu, sigma = current.get(s.player_id, (default.mu, default.sigma)) if s.human else bot_rating(s.bot_level)
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    ranks = [float(r) for r in entry.state.ranking()]
    rated = MODEL.rate(teams, ranks=ranks)
    return {s.player_id: (rated[s.seat][0].mu, rated[s.seat][0].sigma) for s in entry.seats if s.human}
