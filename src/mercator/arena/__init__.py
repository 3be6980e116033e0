"""The arena: many bot games with rotating seats, stored as JSON lines, summarised with
confidence intervals and written up as an HTML balance report."""

from .games import Job, play, schedule
from .report import render as render_report
from .run import load_results, run_arena
from .stats import summarize, wilson

__all__ = ["Job", "load_results", "play", "render_report", "run_arena", "schedule", "summarize", "wilson"]
