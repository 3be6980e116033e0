"""``python -m mercator.web [--host H] [--port P] [--database URL]``: serve the web app."""

from __future__ import annotations

import argparse

from .app import run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m mercator.web", description="Serve the Mercator web app.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: MERCATOR_DATABASE_URL or a "
                                                         "SQLite file in the user's data folder)")
    args = parser.parse_args(argv)
    run(host=args.host, port=args.port, database=args.database)


if __name__ == "__main__":
    main()
