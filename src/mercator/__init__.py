"""Mercator: merchant Euro board games with pure, replayable rules engines."""

__version__ = "0.1.0"
